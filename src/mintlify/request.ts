import type { Clock, Random } from '../clock.js'
import { formatDuration } from '../duration.js'
import { redact, tryParseJson } from '../text.js'
import { connectionProblem } from '../unreachable.js'
import {
  ApiError,
  type ApiFamily,
  CreditsExhausted,
  describeFailure,
  type FailureCause,
  type FailureContext,
  isCreditCheckFailure,
  serverText
} from './errors.js'
import { decideRetry, type Failure, MAX_ATTEMPTS, parseRetryAfter, type RetryDecision } from '../retry.js'
import { type HttpResponse, type Transport, TransportError } from './transport.js'

/**
 * How one call to the docs API is sent: bearer auth, a timeout per request, retries by the rules in
 * retry.ts, the request budget, and error texts a user can act on. The calls themselves are client.ts's.
 */

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
  /**
   * Cuts the run's other secrets (a bundle link learned on the way) from what servers answer, after the
   * key: the same cut as the exit boundary's, where server texts enter.
   */
  clean?: (text: string) => string
  /** How many 429s this client waits out in all its calls (the search client: one a run); past them a 429 is thrown. Default: no limit. */
  rateLimitWaits?: number
}

export interface Call {
  method: 'GET' | 'POST'
  /** A POST that acts like a read (it only makes a link, or searches): retried as a GET is, never in doubt. Default: only GETs. */
  idempotent?: boolean
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
 * Sends the calls of one client: counts every request (retries included) against its budget, and turns
 * each failure into one typed error.
 */
export class RequestSender {
  private sent = 0
  private rateLimitWaitsLeft: number

  constructor(private readonly options: ClientOptions) {
    this.rateLimitWaitsLeft = options.rateLimitWaits ?? Infinity
  }

  /** Requests sent so far, retries included. */
  get requestsSent(): number {
    return this.sent
  }

  /**
   * Sends one call, retrying as the rules allow, and returns its body read by `parse`. A 2xx body that
   * `parse` refuses counts as a broken response: the server acted, we cannot tell how.
   */
  async call<T>(call: Call, parse: (body: unknown) => T | null): Promise<T> {
    const { clock, random, deadline, signal } = this.options
    const idempotent = call.idempotent ?? call.method === 'GET'
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) {
        const what = attempt === 1 ? 'before the request was sent' : 'before the request could be retried'
        throw new ApiError(`Could not ${call.action}: the workflow was cancelled ${what}.`, null, false)
      }
      const budget = this.options.requestBudget ?? Infinity
      if (this.sent >= budget) throw new RequestBudgetSpent(budget, null)

      const outcome = await this.attempt(call, parse)
      if (outcome.ok) return outcome.value
      // Credits exhausted: a budget, not a fault, and waiting minutes cannot renew it.
      if (outcome.cause.type === 'status' && outcome.cause.status === 402) throw new CreditsExhausted(call.action, outcome.cause.serverText)
      // A POST is in doubt only if the failed attempt may have acted: sent, and not refused as a whole.
      const inDoubt = !idempotent && mayHaveTakenEffect(outcome.failure)
      if (signal?.aborted) {
        const doubt = inDoubt && call.uncertainty ? `; ${call.uncertainty}` : ''
        throw new ApiError(`Could not ${call.action}: the workflow was cancelled while the request was in flight${doubt}.`, null, inDoubt)
      }

      const remainingMs = deadline - clock.now()
      const decision = this.spendRateLimitWait(
        decideRetry({ idempotent, attempt, failure: outcome.failure, remainingMs, random: random() }),
        outcome.failure
      )
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

  /** A retry of a 429 spends one of the client's rate-limit waits; with none left, the 429 is the answer. */
  private spendRateLimitWait(decision: RetryDecision, failure: Failure): RetryDecision {
    if (!decision.retry || failure.type !== 'status' || failure.status !== 429) return decision
    if (this.rateLimitWaitsLeft <= 0) return { retry: false, why: 'attempts' }
    this.rateLimitWaitsLeft--
    return decision
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
    const keyless = redact(response.body, apiKey)
    const body = this.options.clean ? this.options.clean(keyless) : keyless
    if (response.status >= 200 && response.status < 300) {
      const json = tryParseJson(body)
      const value = json === undefined ? null : parse(json)
      if (value === null) return { ok: false, failure: { type: 'malformed' }, cause: { type: 'malformed' } }
      return { ok: true, value }
    }
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'], clock.now())
    const text = serverText(body, response.headers['content-type'])
    return {
      ok: false,
      failure: { type: 'status', status: response.status, retryAfterMs, nothingDone: isCreditCheckFailure(response.status, text) },
      cause: { type: 'status', status: response.status, serverText: text, retryAfterMs }
    }
  }
}

/** What a call says about its failures, whatever the failure. */
function explained({
  action,
  method,
  family,
  notFound,
  invalid,
  forbidden
}: Call): Pick<FailureContext, 'action' | 'method' | 'family' | 'notFound' | 'invalid' | 'forbidden'> {
  return { action, method, family, notFound, invalid, forbidden }
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
      return connectionProblem(error.code) === 'tls' ? { type: 'tls', host, code: error.code } : { type: 'network', code: error.code }
  }
}

/**
 * A 5xx may come after the work was done (but for one that says nothing was done), and so may an unreadable
 * answer; a network failure did if anything was sent.
 */
function mayHaveTakenEffect(failure: Failure): boolean {
  if (failure.type === 'status') return failure.status >= 500 && failure.nothingDone !== true
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
    case 'tls':
      return `TLS error ${cause.code}`
  }
}
