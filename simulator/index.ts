// Dev-only fake Mintlify admin API for end-to-end tests and the demo. Not part of the action bundle.
//
//   const sim = await startSimulator()
//   sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 1 })
//   sim.injectFault({ route: 'get', skip: 1, status: 503 })
//   sim.github.addIssue('octo-org/docs', { number: 7, title: 'Add page', pullRequest: true })
//   sim.analytics.setData({ paths: 100_000 }); sim.analytics.quota = 5
//   sim.deployments.scriptNext({ outcome: 'failure', inProgressMs: 500 }); sim.deployments.addAutomation({ active: false })
//   ... point the action at sim.url with sim.apiKey and sim.projectId, GITHUB_API_URL=`${sim.url}/api/v3`
//   and the token SIM_GITHUB_TOKEN ...
//   await sim.close()
export { startSimulator, DEFAULT_API_KEY, DEFAULT_PROJECT_ID, DEFAULT_REPOSITORY } from './server.js'
export { apiError } from './mintlify/request.js'
export { SIM_GITHUB_TOKEN, DEFAULT_GITHUB_IDENTITY } from './github/server.js'
export { gitHubError } from './github/http.js'
export type { Fault, FaultRoute } from './faults.js'
export type { Handler, RecordedRequest, RouteRequest, RouteResponse, Simulator, SimulatorOptions } from './types.js'
export type { JobOutcome, JobScript, SimJob } from './mintlify/types.js'
export { CREDIT_CHECK_FAILED, CREDITS_EXHAUSTED, type FakeCredits } from './mintlify/credits.js'
export type { AnalyticsKind, AnalyticsRow, AnalyticsTotals, FakeAnalytics } from './analytics/types.js'
export { DEFAULT_ASSISTANT_KEY, DEFAULT_SUBDOMAIN, type FakeSearch, type SitePage } from './discovery/search.js'
export type {
  AutomationInit,
  AutomationRun,
  DeploymentAuthor,
  DeploymentCommit,
  DeploymentFilesChanged,
  DeploymentOutcome,
  DeploymentScript,
  DeploymentSource,
  DeploymentStatus,
  FakeDeployments,
  PlantedDeployment,
  RateLimit,
  SimAutomation,
  SimDeployment
} from './deployments/types.js'
export type {
  BundleDownload,
  DownloadScenario,
  ExportOutcome,
  ExportScript,
  ExportStatus,
  FakeStaticExports,
  SimExport
} from './static-export/types.js'
export type {
  FakeGitHub,
  GitHubAccess,
  GitHubAnnotationInit,
  GitHubCheckConclusion,
  GitHubCheckRunInit,
  GitHubComparisonInit,
  GitHubCustomRole,
  GitHubDeploymentState,
  GitHubFamily,
  GitHubFileStatus,
  GitHubIssueInit,
  GitHubMergeableState,
  GitHubReviewInit,
  GitHubReviewState,
  GitHubPullFile,
  GitHubRole,
  GitHubStatusInit,
  GitHubStatusState,
  GitHubTokenInit,
  GitHubUserType,
  GitHubWorkflowJobInit,
  SimComment,
  SimCommitStatus,
  SimGitHubDeployment,
  SimGitHubDeploymentStatus,
  SimWorkflowJob
} from './github/types.js'
