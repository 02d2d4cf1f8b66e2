import {
  type AnalyticsKind,
  type AnalyticsPage,
  parseAnalyticsPage,
  READER_PARSERS,
  type ReaderEndpoint,
  type ReaderPages
} from './analytics.js'
import {
  type AutomationTrigger,
  DEPLOYMENT_PATHS,
  type DeploymentStatus,
  type DeployTrigger,
  parseAutomationTrigger,
  parseDeploymentStatus,
  parseDeployTrigger,
  parsePreviewTrigger,
  parseWebhookRun,
  type PreviewTrigger
} from './deployment.js'
import { type AgentSpend, spent } from '../spend/agent-spend.js'
import { type AgentJob, parseJob } from './job.js'
import { rangeParams } from './paging.js'
import { type Call, type ClientOptions, RequestSender } from './request.js'
import {
  type ExportBasePath,
  type ExportJob,
  exportStartBody,
  parseExportJob,
  parseStartedExport,
  STATIC_EXPORT_PATHS
} from './static-export.js'

/**
 * The Mintlify admin API, one method per call it makes (its path, method and the words of its errors),
 * sent by request.ts (auth, timeouts, retries, budget). No other module builds a request to the docs API.
 * Every agent request (a job, a follow-up, an automation trigger) goes through `agentRequest`, which claims a
 * slot of the spend limit (spend/agent-spend.ts) on the one path they all take: no caller, today's or later, skips it.
 */
export class DocsApiClient {
  private readonly requests: RequestSender

  constructor(
    options: ClientOptions,
    private readonly spend: AgentSpend
  ) {
    this.requests = new RequestSender(options)
  }

  /** An agent request (a job, a follow-up, an automation trigger): sent only with a slot of the spend limit claimed. */
  private agentRequest<T>(call: Call, parse: (body: unknown) => T | null): Promise<T> {
    return spent(this.spend, () => this.requests.call(call, parse))
  }

  /** Requests sent so far, retries included. */
  get requestsSent(): number {
    return this.requests.requestsSent
  }

  createJob(projectId: string, prompt: string): Promise<AgentJob> {
    return this.agentRequest(
      {
        method: 'POST',
        path: `/v2/agent/${encodeURIComponent(projectId)}/job`,
        body: { prompt },
        family: 'agent',
        action: 'create the agent job',
        notFound: projectNotFound(projectId),
        uncertainty: 'the job may have been created anyway, so check the agent jobs in the Mintlify dashboard before running again'
      },
      parseJob
    )
  }

  getJob(projectId: string, jobId: string): Promise<AgentJob> {
    return this.requests.call(
      {
        method: 'GET',
        path: jobPath(projectId, jobId),
        family: 'agent',
        action: `read agent job ${jobId}`,
        notFound: `job ${jobId} was not found in project ${projectId}`
      },
      parseJob
    )
  }

  sendMessage(projectId: string, jobId: string, prompt: string): Promise<AgentJob> {
    return this.agentRequest(
      {
        method: 'POST',
        path: `${jobPath(projectId, jobId)}/message`,
        body: { prompt },
        family: 'agent',
        action: `send the follow-up message to job ${jobId}`,
        notFound: `job ${jobId} was not found in project ${projectId}; check job-id`,
        uncertainty: `the message may have been delivered anyway, so check job ${jobId} in the Mintlify dashboard before sending it again`
      },
      parseJob
    )
  }

  /** One page of the visitors or views export. `dateTo` is exclusive, as the API defines it. */
  getAnalyticsPage(
    kind: AnalyticsKind,
    projectId: string,
    query: { dateFrom: string | null; dateTo: string | null; limit: number; offset: number }
  ): Promise<AnalyticsPage> {
    const params = rangeParams(query)
    params.set('limit', String(query.limit))
    params.set('offset', String(query.offset))
    return this.requests.call(
      {
        method: 'GET',
        path: `/v1/analytics/${encodeURIComponent(projectId)}/${kind}?${params.toString()}`,
        family: 'analytics',
        action: `read the ${kind} analytics (offset ${query.offset})`,
        notFound: projectNotFound(projectId)
      },
      (body) => parseAnalyticsPage(body, kind)
    )
  }

  /**
   * One page of a reader analytics endpoint (feedback, searches, assistant and their aggregates).
   * `limit` and `cursor` are sent only when given: caller stats take neither, by-page no cursor.
   */
  getReaderPage<E extends ReaderEndpoint>(
    endpoint: E,
    projectId: string,
    query: { dateFrom: string | null; dateTo: string | null; limit?: number; cursor?: string | null; status?: string }
  ): Promise<ReaderPages[E]> {
    const params = rangeParams(query)
    if (query.limit !== undefined) params.set('limit', String(query.limit))
    if (query.cursor) params.set('cursor', query.cursor)
    // Feedback only: a comma-separated list of review statuses (the report reads `pending`).
    if (query.status) params.set('status', query.status)
    const where = query.cursor ? ', a later page' : ''
    return this.requests.call(
      {
        method: 'GET',
        path: `/v1/analytics/${encodeURIComponent(projectId)}/${endpoint}?${params.toString()}`,
        family: 'analytics',
        action: `read the ${endpoint} analytics${where}`,
        notFound: projectNotFound(projectId)
      },
      READER_PARSERS[endpoint]
    )
  }

  /** Deploys the project from its configured deployment branch. */
  triggerDeploy(projectId: string): Promise<DeployTrigger> {
    return this.requests.call(
      {
        method: 'POST',
        path: DEPLOYMENT_PATHS.deploy(projectId),
        family: 'triggers',
        action: 'trigger the deployment',
        notFound: projectNotFound(projectId),
        uncertainty: 'the deployment may have started anyway, so check the deployments in the Mintlify dashboard before running again'
      },
      parseDeployTrigger
    )
  }

  /** Creates the branch's preview, or redeploys it when it exists. */
  triggerPreview(projectId: string, branch: string): Promise<PreviewTrigger> {
    return this.requests.call(
      {
        method: 'POST',
        path: DEPLOYMENT_PATHS.preview(projectId),
        body: { branch },
        family: 'previews',
        action: `trigger the preview of branch ${branch}`,
        notFound: projectNotFound(projectId),
        invalid: `the API refused branch ${branch} as invalid`,
        forbidden: "the organization's plan may not include preview deployments",
        uncertainty: `the preview deployment may have started anyway, so check the previews of branch ${branch} in the Mintlify dashboard before running again`
      },
      parsePreviewTrigger
    )
  }

  /** The poll of a deployment or preview. */
  getDeploymentStatus(statusId: string): Promise<DeploymentStatus> {
    return this.requests.call(
      {
        method: 'GET',
        path: DEPLOYMENT_PATHS.status(statusId),
        family: 'deployment-status',
        action: `read deployment status ${statusId}`,
        notFound: `deployment status ${statusId} was not found`
      },
      parseDeploymentStatus
    )
  }

  /** Runs a custom-schedule automation now. */
  triggerAutomation(projectId: string, automationId: string): Promise<AutomationTrigger> {
    return this.agentRequest(
      {
        method: 'POST',
        path: DEPLOYMENT_PATHS.automation(projectId, automationId),
        family: 'triggers',
        action: `trigger automation ${automationId}`,
        notFound: `automation ${automationId} was not found in project ${projectId}; check automation-id and project-id`,
        invalid:
          'the API refused to run it: the automation id may be malformed, or the automation is not active or not on a custom schedule ' +
          '(only those can be run on demand; one with a webhook trigger is run with automation-trigger: webhook)',
        uncertainty: AUTOMATION_IN_DOUBT
      },
      parseAutomationTrigger
    )
  }

  /** Queues a run of a custom automation whose trigger is a webhook (no body: the endpoint ignores one). */
  triggerAutomationWebhook(projectId: string, automationId: string): Promise<AutomationTrigger> {
    return this.agentRequest(
      {
        method: 'POST',
        path: DEPLOYMENT_PATHS.webhook(projectId, automationId),
        family: 'triggers',
        action: `trigger automation ${automationId} by its webhook`,
        notFound:
          `automation ${automationId} was not found in project ${projectId}, is not active, or has no webhook trigger ` +
          '(a custom-schedule automation is run with automation-trigger: schedule); check automation-id and project-id',
        invalid: 'the API refused the automation id as malformed',
        uncertainty: AUTOMATION_IN_DOUBT
      },
      parseWebhookRun
    )
  }

  /**
   * Starts a static export of the project's deployment (Enterprise plans). A 409 (another export of the
   * deployment is queued or running: nothing was started) is the caller's to wait out.
   */
  startStaticExport(projectId: string, basePath: ExportBasePath | null): Promise<ExportJob> {
    return this.requests.call(
      {
        method: 'POST',
        path: STATIC_EXPORT_PATHS.start(projectId),
        body: exportStartBody(basePath),
        family: 'static-export',
        rateLimitRetry: 'told',
        action: `start a static export of project ${projectId}`,
        // The paths moved under the project after 2026-08-21, in a commit of Mintlify's docs that is not dated.
        notFound: `project ${projectId} was not found (check project-id), or Mintlify still serves its earlier static export API here, which this action no longer calls`,
        invalid: `the API refused the request: basePath ${JSON.stringify(basePath ?? '')} is not one it takes (export-base-path)`,
        unauthorized: 'static export is not enabled for the plan',
        forbidden: 'static export is not enabled for this deployment (an Enterprise feature, in private beta: ask Mintlify to enable it)',
        uncertainty: 'the export may have started anyway; its job-id is unknown, so check with Mintlify before running again'
      },
      parseStartedExport
    )
  }

  /** The poll of a static export; once completed, each read carries a fresh link to its bundle. */
  getStaticExport(projectId: string, jobId: string): Promise<ExportJob> {
    return this.requests.call(
      {
        method: 'GET',
        path: STATIC_EXPORT_PATHS.status(projectId, jobId),
        family: 'static-export',
        action: `read static export ${jobId}`,
        notFound: `static export ${jobId} was not found in project ${projectId}; check job-id and project-id`,
        forbidden: 'static export is not enabled for this deployment'
      },
      parseExportJob
    )
  }
}

const AUTOMATION_IN_DOUBT =
  'the automation run may have started anyway, so check the run history on the Automations page of the Mintlify dashboard before running again'

function jobPath(projectId: string, jobId: string): string {
  return `/v2/agent/${encodeURIComponent(projectId)}/job/${encodeURIComponent(jobId)}`
}

/** A 404 on a call that names only the project. */
function projectNotFound(projectId: string): string {
  return `project ${projectId} was not found; check project-id`
}
