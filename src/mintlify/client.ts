import type { Clock, Random } from '../clock.js'
import { formatDuration } from '../duration.js'
import { redact, tryParseJson } from '../text.js'
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
  type PreviewTrigger
} from './deployment.js'
import { ApiError, type ApiFamily, describeFailure, type FailureCause, type FailureContext, serverText } from './errors.js'
import { type AgentJob, parseJob } from './job.js'
import { decideRetry, type Failure, MAX_ATTEMPTS, parseRetryAfter } from '../retry.js'
import { type HttpResponse, type Transport, TransportError } from './transport.js'

export const REQUEST_TIMEOUT_MS = 30_000
/** A poll at the very end of the budget still gets this long to answer. */
const MIN_REQUEST_TIMEOUT_MS = 1_000

export interface ClientOptions {
  baseUrl: string
  apiKey: string
  transport: Transport
  clock: Clock
  random: Random
  /** Epoch ms after which no retry is started: the run's overall deadline. */
  deadline: number
  /** Aborts requests and backoff waits at once (workflow cancelled). */
  signal?: AbortSignal
  requestTimeoutMs?: number
  /** Most requests this client may send, retries included (the analytics quota is paid per request). */
  requestBudget?: number
  /** Told about each retry, for the log. */
  onRetry?: (message: string) => void
}

interface Call {
  method: 'GET' | 'POST'
  path: string
  body?: unknown
  family: ApiFamily
  action: string
  notFound: string
  /** For a 400 or a 403 with documented causes: see `FailureContext`. */
  invalid?: string
  forbidden?: string
  /** For POSTs: what may have happened anyway when the outcome is unknown. */
  uncertainty?: string
}

/**
 * The run's request budget is spent: nothing more is sent. `lastFailure` says why the last request
 * failed when the budget ran out on its retries.
 */
export class RequestBudgetSpent extends Error {
  constructor(
    readonly budget: number,
    readonly lastFailure: string | null
  ) {
    super(`The request budget of ${budget} is spent${lastFailure ? ` retrying after: ${lastFailure}` : ''}.`)
    this.name = 'RequestBudgetSpent'
  }
}

type Attempt<T> = { ok: true; value: T } | { ok: false; failure: Failure; cause: FailureCause }

/**
 * The Mintlify admin API: bearer auth, a timeout per request, retries by the rules in retry.ts, and
 * error texts a user can act on. No other module builds a request to the docs API.
 */
export class DocsApiClient {
  private sent = 0

  constructor(private readonly options: ClientOptions) {}

  /** Requests sent so far, retries included. */
  get requestsSent(): number {
    return this.sent
  }

  createJob(projectId: string, prompt: string): Promise<AgentJob> {
    return this.call(
      {
        method: 'POST',
        path: `/v2/agent/${encodeURIComponent(projectId)}/job`,
        body: { prompt },
        family: 'agent',
        action: 'create the agent job',
        notFound: `project ${projectId} was not found; check project-id`,
        uncertainty: 'the job may have been created anyway, so check the agent jobs in the Mintlify dashboard before running again'
      },
      parseJob
    )
  }

  getJob(projectId: string, jobId: string): Promise<AgentJob> {
    return this.call(
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
    return this.call(
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
    const params = new URLSearchParams()
    if (query.dateFrom) params.set('dateFrom', query.dateFrom)
    if (query.dateTo) params.set('dateTo', query.dateTo)
    params.set('limit', String(query.limit))
    params.set('offset', String(query.offset))
    return this.call(
      {
        method: 'GET',
        path: `/v1/analytics/${encodeURIComponent(projectId)}/${kind}?${params.toString()}`,
        family: 'analytics',
        action: `read the ${kind} analytics (offset ${query.offset})`,
        notFound: `project ${projectId} was not found; check project-id`
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
    const params = new URLSearchParams()
    if (query.dateFrom) params.set('dateFrom', query.dateFrom)
    if (query.dateTo) params.set('dateTo', query.dateTo)
    if (query.limit !== undefined) params.set('limit', String(query.limit))
    if (query.cursor) params.set('cursor', query.cursor)
    // Feedback only: a comma-separated list of review statuses (the report reads `pending`).
    if (query.status) params.set('status', query.status)
    const where = query.cursor ? ', a later page' : ''
    return this.call(
      {
        method: 'GET',
        path: `/v1/analytics/${encodeURIComponent(projectId)}/${endpoint}?${params.toString()}`,
        family: 'analytics',
        action: `read the ${endpoint} analytics${where}`,
        notFound: `project ${projectId} was not found; check project-id`
      },
      READER_PARSERS[endpoint]
    )
  }

  /** Deploys the project from its configured deployment branch. */
  triggerDeploy(projectId: string): Promise<DeployTrigger> {
    return this.call(
      {
        method: 'POST',
        path: DEPLOYMENT_PATHS.deploy(projectId),
        family: 'triggers',
        action: 'trigger the deployment',
        notFound: `project ${projectId} was not found; check project-id`,
        uncertainty: 'the deployment may have started anyway, so check the deployments in the Mintlify dashboard before running again'
      },
      parseDeployTrigger
    )
  }

  /** Creates the branch's preview, or redeploys it when it exists. */
  triggerPreview(projectId: string, branch: string): Promise<PreviewTrigger> {
    return this.call(
      {
        method: 'POST',
        path: DEPLOYMENT_PATHS.preview(projectId),
        body: { branch },
        family: 'previews',
        action: `trigger the preview of branch ${branch}`,
        notFound: `project ${projectId} was not found; check project-id`,
        invalid: `the API refused branch ${branch} as invalid`,
        forbidden: "the organization's plan may not include preview deployments",
        uncertainty: `the preview deployment may have started anyway, so check the previews of branch ${branch} in the Mintlify dashboard before running again`
      },
      parsePreviewTrigger
    )
  }

  /** The poll of a deployment or preview. */
  getDeploymentStatus(statusId: string): Promise<DeploymentStatus> {
    return this.call(
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
    return this.call(
      {
        method: 'POST',
        path: DEPLOYMENT_PATHS.automation(projectId, automationId),
        family: 'triggers',
        action: `trigger automation ${automationId}`,
        notFound: `automation ${automationId} was not found in project ${projectId}; check automation-id and project-id`,
        invalid:
          'the API refused to run it: the automation id may be malformed, or the automation is not active or not on a custom schedule (only those can be run on demand)',
        uncertainty:
          'the automation run may have started anyway, so check the run history on the Automations page of the Mintlify dashboard before running again'
      },
      parseAutomationTrigger
    )
  }

  /**
   * Sends one call, retrying as the rules allow, and returns its body read by `parse`. A 2xx body that
   * `parse` refuses counts as a broken response: the server acted, we cannot tell how.
   */
  private async call<T>(call: Call, parse: (body: unknown) => T | null): Promise<T> {
    const { clock, random, deadline, signal } = this.options
    const idempotent = call.method === 'GET'
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) {
        const what = attempt === 1 ? 'before the request was sent' : 'before the request could be retried'
        throw new ApiError(`Could not ${call.action}: the workflow was cancelled ${what}.`, null, false)
      }
      const budget = this.options.requestBudget ?? Infinity
      if (this.sent >= budget) throw new RequestBudgetSpent(budget, null)

      const outcome = await this.attempt(call, parse)
      if (outcome.ok) return outcome.value
      // A POST is in doubt only if the failed attempt may have acted: sent, and not refused as a whole.
      const inDoubt = !idempotent && mayHaveTakenEffect(outcome.failure)
      if (signal?.aborted) {
        const doubt = inDoubt && call.uncertainty ? `; ${call.uncertainty}` : ''
        throw new ApiError(`Could not ${call.action}: the workflow was cancelled while the request was in flight${doubt}.`, null, inDoubt)
      }

      const remainingMs = deadline - clock.now()
      const decision = decideRetry({ idempotent, attempt, failure: outcome.failure, remainingMs, random: random() })
      if (decision.retry && this.sent >= (this.options.requestBudget ?? Infinity)) {
        const failure = describeFailure(outcome.cause, {
          ...explained(call),
          uncertainty: null,
          attempts: attempt,
          budget: null
        })
        throw new RequestBudgetSpent(this.options.requestBudget ?? Infinity, failure)
      }
      if (decision.retry) {
        this.options.onRetry?.(
          `${call.method} ${call.path}: ${retryLabel(outcome.cause)}; retrying in ${formatDuration(decision.delayMs)} (attempt ${attempt + 1} of ${MAX_ATTEMPTS}).`
        )
        await clock.sleep(decision.delayMs, signal)
        continue
      }
      const message = describeFailure(outcome.cause, {
        ...explained(call),
        uncertainty: inDoubt ? (call.uncertainty ?? null) : null,
        attempts: attempt,
        budget: decision.why === 'budget' ? { delayMs: decision.delayMs, remainingMs, now: clock.now() } : null
      })
      throw new ApiError(message, outcome.cause.type === 'status' ? outcome.cause.status : null, inDoubt, {
        retryable: decision.why !== 'not-retryable',
        retryAfterMs: outcome.failure.type === 'status' ? outcome.failure.retryAfterMs : null
      })
    }
  }

  private async attempt<T>(call: Call, parse: (body: unknown) => T | null): Promise<Attempt<T>> {
    const { baseUrl, apiKey, transport, clock, deadline, signal } = this.options
    const timeoutMs = Math.min(
      this.options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      Math.max(deadline - clock.now(), MIN_REQUEST_TIMEOUT_MS)
    )
    const url = `${baseUrl}${call.path}`
    let response: HttpResponse
    this.sent++
    try {
      response = await transport({
        method: call.method,
        url,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          'user-agent': 'docs-agent-action',
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' })
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        timeoutMs,
        signal
      })
    } catch (error) {
      if (!(error instanceof TransportError)) throw error
      return { ok: false, failure: { type: 'network', sent: error.sent }, cause: networkCause(error, new URL(url).host, timeoutMs) }
    }

    // Whatever the server echoes, the key goes no further than this line: not into records, errors or reports.
    const body = redact(response.body, apiKey)
    if (response.status >= 200 && response.status < 300) {
      const json = tryParseJson(body)
      const value = json === undefined ? null : parse(json)
      if (value === null) return { ok: false, failure: { type: 'malformed' }, cause: { type: 'malformed' } }
      return { ok: true, value }
    }
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'], clock.now())
    return {
      ok: false,
      failure: { type: 'status', status: response.status, retryAfterMs },
      cause: { type: 'status', status: response.status, serverText: serverText(body, response.headers['content-type']), retryAfterMs }
    }
  }
}

/** What a call says about its failures, whatever the failure. */
function explained({
  action,
  family,
  notFound,
  invalid,
  forbidden
}: Call): Pick<FailureContext, 'action' | 'family' | 'notFound' | 'invalid' | 'forbidden'> {
  return { action, family, notFound, invalid, forbidden }
}

function jobPath(projectId: string, jobId: string): string {
  return `/v2/agent/${encodeURIComponent(projectId)}/job/${encodeURIComponent(jobId)}`
}

function networkCause(error: TransportError, host: string, timeoutMs: number): FailureCause {
  switch (error.kind) {
    case 'timeout':
      return { type: 'timeout', timeoutMs }
    case 'reset':
    case 'aborted':
      return { type: 'reset' }
    case 'refused':
      return { type: 'refused', host }
    case 'dns':
      return { type: 'dns', host }
    case 'too-large':
      return { type: 'malformed' }
    case 'other':
      return { type: 'network', code: error.code }
  }
}

/** A 5xx may come after the work was done, and so may an unreadable answer; a network failure did if anything was sent. */
function mayHaveTakenEffect(failure: Failure): boolean {
  if (failure.type === 'status') return failure.status >= 500
  return failure.type === 'malformed' || failure.sent
}

function retryLabel(cause: FailureCause): string {
  switch (cause.type) {
    case 'status':
      return `HTTP ${cause.status}`
    case 'timeout':
      return `no response within ${formatDuration(cause.timeoutMs)}`
    case 'malformed':
      return 'unreadable response'
    case 'network':
      return `network error ${cause.code}`
    case 'dns':
    case 'refused':
    case 'reset':
      return `connection ${cause.type}`
  }
}
