import { formatDuration } from '../duration.js'
import { clipText, isRecord, tryParseJson } from '../text.js'
import { connectionCauses, connectionFailure } from '../unreachable.js'

export const SERVER_TEXT_LIMIT = 300

/**
 * Which API family a request belongs to; the rate-limit explanation differs. Deploy and automation triggers
 * share one limit (`triggers`); previews have their own; status reads have none documented.
 */
export type ApiFamily = 'agent' | 'analytics' | 'triggers' | 'previews' | 'deployment-status' | 'static-export' | 'search'

/** What a 429 means, by family: the documented limit, so the user knows what was spent. */
const RATE_LIMITS: Record<ApiFamily, string> = {
  agent: 'the rate limit is reached (100 job creations and messages per project per hour)',
  analytics: 'the rate limit is reached (100 analytics requests per organization per hour, shared by all analytics endpoints)',
  triggers: 'the rate limit is reached (deploys and automation triggers share 10 per 10 seconds per organization)',
  previews: 'the rate limit is reached (5 preview deployments per minute per organization)',
  'deployment-status': 'the rate limit is reached',
  'static-export': 'the rate limit is reached',
  search: 'the rate limit is reached (10,000 search requests per organization per hour)'
}

/** How a request failed, for the message. */
export type FailureCause =
  | { type: 'status'; status: number; serverText: string | null; retryAfterMs: number | null }
  | { type: 'timeout'; timeoutMs: number }
  | { type: 'reset' }
  | { type: 'refused'; host: string }
  | { type: 'dns'; host: string }
  | { type: 'tls'; host: string; code: string }
  | { type: 'malformed' }
  | { type: 'network'; code: string }

export interface FailureContext {
  /** What was being done, after "Could not": `create the agent job`. */
  action: string
  /** The request's method: a 403 names the key scope it needs (read for a GET, write for a POST). */
  method: 'GET' | 'POST'
  family: ApiFamily
  /** Said for a 404: `job job_1 was not found in project docs`. */
  notFound: string
  /** Said for a 400 instead of the general text, where the API documents its causes. */
  invalid?: string
  /** Said for a 403 as the first possible cause, before the key's scope and IP allowlist. */
  forbidden?: string
  /** Said when a non-idempotent request may have taken effect despite the failure. */
  uncertainty: string | null
  attempts: number
  /** Set when a wait the server asked for (or backoff needed) does not fit in the time left. */
  budget: { delayMs: number; remainingMs: number; now: number } | null
}

/** Whether a failed call may succeed when sent again later, and when the server allows that. */
export interface Transience {
  /** The failure was one the retry rules repeat (429, 5xx, network, unreadable answer): only attempts or time ran out. */
  retryable: boolean
  /** The server's `Retry-After` on the last answer, in ms from when it arrived; null when it sent none. */
  retryAfterMs: number | null
}

const PERMANENT: Transience = { retryable: false, retryAfterMs: null }

/**
 * A failed API call. `message` is the one sentence the user sees; it never holds the API key.
 * `uncertain` marks a POST that may have taken effect (timeout, reset, 5xx after sending). `retryable`
 * and `retryAfterMs` tell a caller that can wait longer than one call (a poll) whether, and when, to ask again.
 */
export class ApiError extends Error {
  readonly retryable: boolean
  readonly retryAfterMs: number | null

  constructor(
    message: string,
    readonly status: number | null,
    readonly uncertain: boolean,
    transience: Transience = PERMANENT
  ) {
    super(message)
    this.name = 'ApiError'
    this.retryable = transience.retryable
    this.retryAfterMs = transience.retryAfterMs
  }
}

/**
 * Mintlify's 402: the organization's AI credits are exhausted for this billing cycle. Not a failure of the
 * request but a budget the run cannot spend past: the run ends `over-budget` (a warning, see outcome.ts's
 * judgeOverBudget), never retried, never told as a generic API error. Its message quotes the server.
 */
export class CreditsExhausted extends ApiError {
  constructor(action: string, serverText: string | null) {
    const server = serverText ? `, server: "${serverText}"` : ''
    super(
      `Mintlify's AI credits are exhausted for this billing cycle: could not ${action} (HTTP 402${server}); they renew with the next billing cycle, or upgrade the plan.`,
      402,
      false
    )
    this.name = 'CreditsExhausted'
  }
}

/**
 * Mintlify's 503 "Credit check failed. Retry the request.": the credit check before queuing failed, so
 * nothing was queued, and Mintlify asks to be asked again. Unlike any other 5xx, even a POST may be repeated.
 */
export function isCreditCheckFailure(status: number, serverText: string | null): boolean {
  return status === 503 && serverText !== null && /credit check failed/i.test(serverText)
}

export function describeFailure(cause: FailureCause, context: FailureContext): string {
  const parts = [`Could not ${context.action}: ${describeCause(cause, context)}`]
  if (cause.type === 'status' && cause.serverText) parts.push(` (server: "${cause.serverText}")`)
  if (context.attempts > 1) parts.push(` after ${context.attempts} attempts`)
  if (context.budget) parts.push(`; ${describeBudget(context.budget, cause.type === 'status' && cause.retryAfterMs !== null)}`)
  if (context.uncertainty) parts.push(`; ${context.uncertainty}`)
  if (cause.type === 'refused' || cause.type === 'dns' || cause.type === 'tls') parts.push(`; ${connectionCauses(cause.host)}`)
  return `${parts.join('')}.`
}

function describeCause(cause: FailureCause, context: FailureContext): string {
  switch (cause.type) {
    case 'status':
      if (isCreditCheckFailure(cause.status, cause.serverText)) return `HTTP 503, Mintlify's credit check failed, so nothing was queued`
      return `HTTP ${cause.status}, ${statusMeaning(cause.status, context)}`
    case 'timeout':
      return `no response within ${formatDuration(cause.timeoutMs)}`
    case 'reset':
      return 'the connection was closed before a response arrived'
    case 'refused':
    case 'dns':
      return connectionFailure(cause.type, cause.host, '')
    case 'tls':
      return connectionFailure('tls', cause.host, cause.code)
    case 'malformed':
      return 'the response was not the JSON the API documents'
    case 'network':
      return `a network error (${cause.code})`
  }
}

/**
 * A 403 of the admin key: keys are read- or write-scoped (a GET needs read, every POST write), and a key may
 * carry an IP allowlist. The scope the method needs is named, so a read-only key used to start work is told.
 */
function keyNotAllowed(method: FailureContext['method']): string {
  const scope =
    method === 'GET'
      ? 'the read scope this GET needs'
      : 'the write scope this POST needs (keys are read- or write-scoped, and a read-only key is refused on every POST)'
  return `the API key is not allowed to do this: either it lacks ${scope} or its IP allowlist excludes this runner (GitHub-hosted runners' addresses change)`
}

/** The search API takes the assistant key: its 401 and 403 name that input, not the admin key. */
const ASSISTANT_KEY_REFUSED: Partial<Record<number, string>> = {
  401: 'the assistant key (assistant-key) is invalid or expired; create a new assistant key on the API keys page of the Mintlify dashboard and update the secret',
  403: "the assistant key (assistant-key) is not allowed to search this site: check that it belongs to the site's organization and that its IP allowlist admits this runner"
}

function statusMeaning(status: number, context: FailureContext): string {
  const refused = context.family === 'search' ? ASSISTANT_KEY_REFUSED[status] : undefined
  if (refused) return refused
  if (status === 400) return context.invalid ?? 'the API rejected the request as invalid'
  if (status === 401)
    return "the API key is invalid or expired, or the organization's plan has no API access (or this feature is not enabled for it); create a new admin key in the Mintlify dashboard and update the secret, or check the plan"
  if (status === 403) return context.forbidden ? `${context.forbidden}, or ${keyNotAllowed(context.method)}` : keyNotAllowed(context.method)
  if (status === 404) return context.notFound
  if (status === 408) return 'the server timed out waiting for the request'
  if (status === 429) return RATE_LIMITS[context.family]
  if (status >= 500) return 'the Mintlify API had a server error'
  return 'an unexpected response'
}

function describeBudget(budget: { delayMs: number; remainingMs: number; now: number }, askedByServer: boolean): string {
  const wait = formatDuration(budget.delayMs)
  const left = formatDuration(Math.max(0, budget.remainingMs))
  if (!askedByServer) return `the next retry would not fit in the ${left} left before the timeout`
  // Rounded up to the minute: never name a time before the one the server allows.
  const at = new Date(Math.ceil((budget.now + budget.delayMs) / 60_000) * 60_000)
  const when = Number.isNaN(at.getTime()) ? `in ${wait}` : `after ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  return `the API asks to wait ${wait}, more than the ${left} left before the timeout, so retry ${when}`
}

/**
 * The server's own words, short and safe to show: JSON `error`, `message` and `details[].message`, or
 * plain text. HTML pages (proxies, gateways) are not dumped. The body has had the secret cut out already.
 */
export function serverText(body: string, contentType: string | undefined): string | null {
  const text = serverWords(body, contentType)
  if (!text) return null
  return clipText(text.replace(/\s+/g, ' ').trim(), SERVER_TEXT_LIMIT) || null
}

function serverWords(body: string, contentType: string | undefined): string | null {
  const parsed = tryParseJson(body)
  if (isRecord(parsed)) {
    const details = Array.isArray(parsed.details) ? parsed.details.map((d) => (isRecord(d) ? d.message : null)) : []
    const pieces = [parsed.error, parsed.message, ...details].filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    return pieces.length ? pieces.join('; ') : null
  }
  if (/html/i.test(contentType ?? '') || /^\s*</.test(body)) return null
  return body
}
