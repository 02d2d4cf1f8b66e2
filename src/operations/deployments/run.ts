import { gitHubAccess } from '../../github/connection.js'
import type { OperationResult } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import type { OperationDeps, RunOperation } from '../operation.js'
import type { DeployInputs, DeploymentRequest, PreviewInputs } from './inputs.js'
import { deploymentOutputs } from './outputs.js'
import { closeGitHubViews, openGitHubViews } from './github-views.js'
import { type DeploymentPlan, planDeployment } from './plan.js'
import { renderDeploymentSummary } from './summary.js'
import { type DeploymentTarget, resolveTarget } from './target.js'
import { triggerAndWait } from './trigger.js'
import { type DeploymentKind, type DeploymentReport, idleReport } from './verdicts.js'

/** `deploy`: the production site, from the project's deployment branch. */
export const runDeploy: RunOperation<DeployInputs> = (settings, deps) => runDeployment({ kind: 'deploy' }, settings, deps)

/** `preview`: a branch's preview, with its sticky comment on the pull request. */
export const runPreview: RunOperation<PreviewInputs> = (settings, deps) =>
  runDeployment({ kind: 'preview', branch: settings.branch, docsFolder: settings.docsFolder }, settings, deps)

/**
 * `deploy` and `preview`: what the run is about (target.ts), what it will do (plan.ts), then the trigger,
 * the record in a GitHub environment when asked, the wait on its status like a job's, and the report; a
 * preview also keeps one sticky comment per branch on its pull request, which never says ready before
 * the status says success.
 */
async function runDeployment(request: DeploymentRequest, settings: Settings<DeployInputs>, deps: OperationDeps): Promise<OperationResult> {
  // GitHub once, on first need; without a token (or a repository) one warning, then null.
  const { apiOrNull: github } = gitHubAccess({
    token: settings.githubToken,
    repo: deps.run.repo,
    connect: deps.connectGitHub,
    log: deps.log,
    without: 'no preview comment and no GitHub deployment'
  })
  const target = await resolveTarget(request, settings.prNumber, deps.run, github)
  const plan = planDeployment(request, target, settings, deps.run.runUrl)
  if (plan.kind !== 'trigger') return untriggered(plan, request.kind, target, settings, deps)
  const views = await openGitHubViews(plan, deps, github)
  const report = await triggerAndWait(plan, target, settings, deps, views.comment)
  deps.publish(deploymentOutputs(report))
  await closeGitHubViews(plan, report, views, deps.log)
  return {
    ...resultOf(report),
    ...(request.kind === 'preview' ? { statusComment: views.comment?.url ?? null } : {})
  }
}

/** A run that triggers nothing: a fork's preview (skipped, its comment URL empty) or a dry run. */
function untriggered(
  plan: Exclude<DeploymentPlan, { kind: 'trigger' }>,
  kind: DeploymentKind,
  target: DeploymentTarget,
  settings: Settings<DeployInputs>,
  deps: OperationDeps
): OperationResult {
  const result = resultOf(idleReport(kind, target.branch, plan.verdict, settings.timeoutMs, deps.run.runUrl))
  return plan.kind === 'skip' ? { ...result, statusComment: null } : result
}

function resultOf(report: DeploymentReport): OperationResult {
  return { verdict: report.verdict, outputs: deploymentOutputs(report), summary: renderDeploymentSummary(report) }
}
