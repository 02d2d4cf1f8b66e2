import type { Clock, Random } from '../clock.js'
import { formatDuration } from '../duration.js'
import { type AnalyticsKind, type AnalyticsPage, parseAnalyticsPage } from './analytics.js'
import { ApiError, type ApiFamily, describeFailure, type FailureCause, serverText, tryParseJson } from './errors.js'
import { type AgentJob, parseJob } from './job.js'
import { decideRetry, type Failure, MAX_ATTEMPTS, parseRetryAfter } from './retry.js'
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
  /** For POSTs: what may have happened anyway when the outcome is unknown. */
  uncertainty?: string
}

/**
 * The Mintlify admin API: bearer auth, a timeout per request, retries by the rules in retry.ts, and
 * error texts a user can act on. No other module builds a request to the docs API.
 */
export class DocsApiClient {
  constructor(private readonly options: ClientOptions) {}

  async createJob(projectId: string, prompt: string): Promise<AgentJob> {
    const body = await this.call({
      method: 'POST',
      path: `/v2/agent/${encodeURIComponent(projectId)}/job`,
      body: { prompt },
      family: 'agent',
      action: 'create the agent job',
      notFound: `project ${projectId} was not found; check project-id`,
      uncertainty: 'the job may have been created anyway, so check the agent jobs in the Mintlify dashboard before running again'
    })
    return parseJob(body)
  }

  async getJob(projectId: string, jobId: string): Promise<AgentJob> {
    const body = await this.call({
      method: 'GET',
      path: jobPath(projectId, jobId),
      family: 'agent',
      action: `read agent job ${jobId}`,
      notFound: `job ${jobId} was not found in project ${projectId}`
    })
    return parseJob(body)
  }

  async sendMessage(projectId: string, jobId: string, prompt: string): Promise<AgentJob> {
    const body = await this.call({
      method: 'POST',
      path: `${jobPath(projectId, jobId)}/message`,
      body: { prompt },
      family: 'agent',
      action: `send the follow-up message to job ${jobId}`,
      notFound: `job ${jobId} was not found in project ${projectId}; check job-id`,
      uncertainty: `the message may have been delivered anyway, so check job ${jobId} in the Mintlify dashboard before sending it again`
    })
    return parseJob(body)
  }

  /** One page of the visitors or views export. `dateTo` is exclusive, as the API defines it. */
  async getAnalyticsPage(
    kind: AnalyticsKind,
    projectId: string,
    query: { dateFrom: string | null; dateTo: string | null; limit: number; offset: number }
  ): Promise<AnalyticsPage> {
    const params = new URLSearchParams()
    if (query.dateFrom) params.set('dateFrom', query.dateFrom)
    if (query.dateTo) params.set('dateTo', query.dateTo)
    params.set('limit', String(query.limit))
    params.set('offset', String(query.offset))
    const call: Call = {
      method: 'GET',
      path: `/v1/analytics/${encodeURIComponent(projectId)}/${kind}?${params}`,
      family: 'analytics',
      action: `read the ${kind} analytics (offset ${query.offset})`,
      notFound: `project ${projectId} was not found; check project-id`
    }
    const page = parseAnalyticsPage(await this.call(call), kind)
    if (!page) {
      const context = { action: call.action, family: call.family, notFound: call.notFound, uncertainty: null, attempts: 1, budget: null }
      throw new ApiError(describeFailure({ type: 'malformed' }, context), null, false)
    }
    return page
  }

  /** Sends one call, retrying as the rules allow; returns the parsed JSON body of a 2xx answer. */
  private async call(call: Call): Promise<unknown> {
    const { clock, random, deadline, signal } = this.options
    const idempotent = call.method === 'GET'
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(call)
      if (outcome.ok) return outcome.body
      // Cancelled: stop at once. A POST is in doubt only if the attempt that was cut short may have acted.
      if (signal?.aborted) {
        const inDoubt = !idempotent && mayHaveTakenEffect(outcome.cause) && call.uncertainty ? `; ${call.uncertainty}` : ''
        throw new ApiError(`Could not ${call.action}: the workflow was cancelled while the request was in flight${inDoubt}.`, null, inDoubt !== '')
      }

      const remainingMs = deadline - clock.now()
      const decision = decideRetry({ idempotent, attempt, failure: outcome.failure, remainingMs, random: random() })
      if (decision.retry) {
        this.options.onRetry?.(
          `${call.method} ${call.path}: ${retryLabel(outcome.cause)}; retrying in ${formatDuration(decision.delayMs)} (attempt ${attempt + 1} of ${MAX_ATTEMPTS}).`
        )
        await clock.sleep(decision.delayMs, signal)
        if (signal?.aborted) throw new ApiError(`Could not ${call.action}: the workflow was cancelled before the request could be retried.`, null, false)
        continue
      }
      // A POST whose fate is unknown must say so; one that certainly failed must not worry the user.
      const uncertain = !idempotent && mayHaveTakenEffect(outcome.cause)
      const message = describeFailure(outcome.cause, {
        action: call.action,
        family: call.family,
        notFound: call.notFound,
        uncertainty: uncertain ? (call.uncertainty ?? null) : null,
        attempts: attempt,
        budget: decision.why === 'budget' ? { delayMs: decision.delayMs, remainingMs, now: clock.now() } : null
      })
      throw new ApiError(message, outcome.cause.type === 'status' ? outcome.cause.status : null, uncertain)
    }
  }

  private async attempt(call: Call): Promise<{ ok: true; body: unknown } | { ok: false; failure: Failure; cause: FailureCause }> {
    const { baseUrl, apiKey, transport, clock, deadline, signal } = this.options
    const timeoutMs = Math.min(this.options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, Math.max(deadline - clock.now(), MIN_REQUEST_TIMEOUT_MS))
    const url = `${baseUrl}${call.path}`
    let response: HttpResponse
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

    if (response.status >= 200 && response.status < 300) {
      const body = tryParseJson(response.body)
      // A 2xx whose body cannot be read is treated like a broken connection: the server acted, we cannot tell how.
      if (body === undefined) return { ok: false, failure: { type: 'network', sent: true }, cause: { type: 'malformed' } }
      return { ok: true, body }
    }
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'], clock.now())
    return {
      ok: false,
      failure: { type: 'status', status: response.status, retryAfterMs },
      cause: { type: 'status', status: response.status, serverText: serverText(response.body, response.headers['content-type'], apiKey), retryAfterMs }
    }
  }
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

function mayHaveTakenEffect(cause: FailureCause): boolean {
  if (cause.type === 'status') return cause.status >= 500
  return cause.type !== 'refused' && cause.type !== 'dns'
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
    default:
      return `connection ${cause.type}`
  }
}
