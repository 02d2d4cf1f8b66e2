/**
 * When a failed request is sent again, and after how long: one classification for both clients (the docs
 * API's and GitHub's transport). Pure: time and randomness come in as values.
 *
 * GET is safe to repeat. POST (create job, send message) is not: a repeated create would start a second
 * job. It is repeated only when the server certainly did not act on it: a 429, or a connection that was
 * never made (refused, DNS), or when the answer itself says nothing was done (`nothingDone`: Mintlify's
 * "Credit check failed" 503). Never after a timeout, a reset or any other 5xx, where the server may have acted.
 */

export const MAX_ATTEMPTS = 5
export const BACKOFF_BASE_MS = 1000
export const BACKOFF_CAP_MS = 20_000

/**
 * The one classification of answers that may change by waiting, shared by the docs API client, the GitHub
 * client and the wait: 408 (the server gave up waiting for us), 429 (rate limit), and every 5xx but 501.
 * That includes the CDN family 520-530 ("unknown error", "web server is down", ...) that a CDN in front
 * of an API answers while the origin is away. 501 (Not Implemented) says the server cannot do this at
 * all, so waiting cannot change it; nor can any other 4xx.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599 && status !== 501)
}

/** How one attempt failed. */
export type Failure =
  /**
   * `nothingDone`: the answer says the request was refused whole and asks to be sent again (Mintlify's
   * "Credit check failed" 503), so a POST is repeated as a GET is. Absent: only the status decides.
   */
  | { type: 'status'; status: number; retryAfterMs: number | null; nothingDone?: boolean }
  /** `sent: false` means no connection was made, so the server cannot have seen the request. */
  | { type: 'network'; sent: boolean }
  /**
   * A 2xx whose body is not what the API documents (cut in transit, a proxy's page): for a GET as
   * retryable as a 5xx, since the server may answer properly next time; for a POST in doubt, as a 5xx.
   */
  | { type: 'malformed' }

export type RetryDecision =
  | { retry: true; delayMs: number }
  | { retry: false; why: 'not-retryable' | 'attempts' }
  /** The server asked for (or backoff needs) more time than the run has left. */
  | { retry: false; why: 'budget'; delayMs: number }

export interface RetryContext {
  idempotent: boolean
  /** 1 for the first attempt. */
  attempt: number
  failure: Failure
  remainingMs: number
  /** A number in [0, 1), for full jitter. */
  random: number
}

export function decideRetry({ idempotent, attempt, failure, remainingMs, random }: RetryContext): RetryDecision {
  if (!isRetryable(failure, idempotent)) return { retry: false, why: 'not-retryable' }
  const delayMs = failure.type === 'status' && failure.retryAfterMs !== null ? failure.retryAfterMs : backoffDelay(attempt, random)
  // A Retry-After beyond the budget is reported even on the last attempt: it tells the user when to retry.
  if (delayMs > remainingMs) return { retry: false, why: 'budget', delayMs }
  if (attempt >= MAX_ATTEMPTS) return { retry: false, why: 'attempts' }
  return { retry: true, delayMs }
}

export function isRetryable(failure: Failure, idempotent: boolean): boolean {
  if (failure.type === 'network') return idempotent || !failure.sent
  if (failure.type === 'malformed') return idempotent
  if (failure.nothingDone === true) return isRetryableStatus(failure.status)
  return idempotent ? isRetryableStatus(failure.status) : failure.status === 429
}

/** Full jitter: uniform in [0, min(cap, base * 2^(attempt-1))). */
export function backoffDelay(attempt: number, random: number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1))
  return Math.floor(random * ceiling)
}

/**
 * `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date. Null when absent or unreadable;
 * a date in the past means "now".
 */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return null
  return Math.max(0, date - now)
}
