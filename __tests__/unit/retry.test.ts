import { describe, expect, it } from '@jest/globals'
import {
  backoffDelay,
  decideRetry,
  type Failure,
  isRetryable,
  isRetryableStatus,
  parseRetryAfter,
  type RetryContext
} from '../../src/retry.js'
import { T0 } from '../fixtures/agent-jobs.js'

const status = (code: number, retryAfterMs: number | null = null): Failure => ({ type: 'status', status: code, retryAfterMs })
const notSent: Failure = { type: 'network', sent: false }
const sent: Failure = { type: 'network', sent: true }

function decide(overrides: Partial<RetryContext>): ReturnType<typeof decideRetry> {
  return decideRetry({ idempotent: true, attempt: 1, failure: status(503), remainingMs: 600_000, random: 0.5, ...overrides })
}

/** Every status from 400 to 599. */
const ERROR_STATUSES = Array.from({ length: 200 }, (_, i) => 400 + i)
/** The answers that may change by waiting, written out: 408, 429, 500, and 502 to 599 (the CDN's 520-530 among them). */
const WAITABLE = [408, 429, 500, ...Array.from({ length: 98 }, (_, i) => 502 + i)]

describe('which answers may change by waiting (the one classification every client and the wait use)', () => {
  it.each(WAITABLE)('HTTP %i may change by waiting', (code) => {
    expect(isRetryableStatus(code)).toBe(true)
  })

  it.each(ERROR_STATUSES.filter((code) => !WAITABLE.includes(code)))('HTTP %i cannot change by waiting', (code) => {
    expect(isRetryableStatus(code)).toBe(false)
  })

  it('names the CDN family 520-530 and 501 as DESIGN does', () => {
    expect([520, 521, 522, 523, 524, 525, 526, 527, 528, 529, 530].every(isRetryableStatus)).toBe(true)
    expect(isRetryableStatus(501)).toBe(false)
    expect(WAITABLE).toHaveLength(101)
  })

  it.each([200, 201, 204, 301, 304, 399, 600, 999])('HTTP %i is no failure to wait out', (code) => {
    expect(isRetryableStatus(code)).toBe(false)
  })
})

describe('which failures a GET retries', () => {
  it.each(ERROR_STATUSES)('retries a GET after HTTP %i exactly when the answer may change by waiting', (code) => {
    expect(isRetryable(status(code), true)).toBe(WAITABLE.includes(code))
  })

  it.each([400, 401, 403, 404, 409, 422, 501])('does not retry a GET after HTTP %i', (code) => {
    expect(isRetryable(status(code), true)).toBe(false)
  })

  it.each([505, 520, 521, 522, 523, 524, 525, 526, 527, 528, 529, 530, 599])(
    'retries a GET after HTTP %i (a CDN or origin error)',
    (code) => {
      expect(decide({ failure: status(code) })).toEqual({ retry: true, delayMs: 500 })
    }
  )

  it('retries a GET after any network error, sent or not', () => {
    expect(isRetryable(sent, true)).toBe(true)
    expect(isRetryable(notSent, true)).toBe(true)
  })
})

describe('which failures a POST retries', () => {
  it('retries a POST after 429, which the server refused to act on', () => {
    expect(isRetryable(status(429), false)).toBe(true)
  })

  it.each([408, 500, 502, 503, 504, 400, 401, 403, 404])('never retries a POST after HTTP %i', (code) => {
    expect(isRetryable(status(code), false)).toBe(false)
  })

  it.each(ERROR_STATUSES.filter((code) => code !== 429))('never retries a POST after HTTP %i, where the server may have acted', (code) => {
    expect(isRetryable(status(code), false)).toBe(false)
    expect(decide({ idempotent: false, failure: status(code) })).toEqual({ retry: false, why: 'not-retryable' })
  })

  it('retries a POST whose connection was never made (refused, DNS)', () => {
    expect(isRetryable(notSent, false)).toBe(true)
  })

  it('retries a POST after a 503 that says nothing was done (a failed credit check), with backoff', () => {
    const creditCheck: Failure = { type: 'status', status: 503, retryAfterMs: null, nothingDone: true }
    expect(isRetryable(creditCheck, false)).toBe(true)
    expect(decide({ idempotent: false, failure: creditCheck })).toEqual({ retry: true, delayMs: 500 })
    expect(decide({ idempotent: false, failure: creditCheck, attempt: 5 })).toEqual({ retry: false, why: 'attempts' })
  })

  it('still never retries a POST after another 5xx, or a 4xx, whatever nothingDone says of it', () => {
    expect(isRetryable({ type: 'status', status: 503, retryAfterMs: null, nothingDone: false }, false)).toBe(false)
    expect(isRetryable({ type: 'status', status: 402, retryAfterMs: null, nothingDone: true }, false)).toBe(false)
  })

  it('never retries a POST after a timeout or reset, where the server may have acted', () => {
    expect(isRetryable(sent, false)).toBe(false)
  })
})

describe('decideRetry', () => {
  it('retries a GET after 503 with a jittered delay', () => {
    expect(decide({ failure: status(503), random: 0.5 })).toEqual({ retry: true, delayMs: 500 })
  })

  it('does not retry a GET after 404', () => {
    expect(decide({ failure: status(404) })).toEqual({ retry: false, why: 'not-retryable' })
  })

  it('never retries a POST after a timeout, even with time and attempts left', () => {
    expect(decide({ idempotent: false, failure: sent, attempt: 1 })).toEqual({ retry: false, why: 'not-retryable' })
  })

  it('never retries a POST after a 500', () => {
    expect(decide({ idempotent: false, failure: status(500) })).toEqual({ retry: false, why: 'not-retryable' })
  })

  it('retries a POST after 429, honouring Retry-After', () => {
    expect(decide({ idempotent: false, failure: status(429, 7_000) })).toEqual({ retry: true, delayMs: 7_000 })
  })

  it('retries a POST after a refused connection', () => {
    expect(decide({ idempotent: false, failure: notSent, random: 0.25, attempt: 2 })).toEqual({ retry: true, delayMs: 500 })
  })

  it('makes at most 5 attempts: retries after the 4th, not after the 5th', () => {
    expect(decide({ attempt: 4 })).toEqual({ retry: true, delayMs: 4_000 })
    expect(decide({ attempt: 5 })).toEqual({ retry: false, why: 'attempts' })
    expect(decide({ attempt: 6 })).toEqual({ retry: false, why: 'attempts' })
  })

  it('uses Retry-After instead of backoff for a GET', () => {
    expect(decide({ failure: status(503, 12_000), random: 0.99 })).toEqual({ retry: true, delayMs: 12_000 })
  })

  it('retries at once when Retry-After is zero', () => {
    expect(decide({ failure: status(429, 0), random: 0.99 })).toEqual({ retry: true, delayMs: 0 })
  })

  it("stops with why 'budget' when Retry-After is beyond the time left", () => {
    expect(decide({ failure: status(429, 120_000), remainingMs: 60_000 })).toEqual({ retry: false, why: 'budget', delayMs: 120_000 })
  })

  it("reports 'budget' even on the last attempt, so the user learns when to retry", () => {
    expect(decide({ attempt: 5, failure: status(429, 120_000), remainingMs: 60_000 })).toEqual({
      retry: false,
      why: 'budget',
      delayMs: 120_000
    })
  })

  it("stops with why 'budget' when the backoff itself does not fit", () => {
    expect(decide({ attempt: 3, random: 0.5, remainingMs: 1_500 })).toEqual({ retry: false, why: 'budget', delayMs: 2_000 })
  })

  it('retries when the delay exactly fills the time left', () => {
    expect(decide({ failure: status(503, 60_000), remainingMs: 60_000 })).toEqual({ retry: true, delayMs: 60_000 })
  })

  it('does not retry a non-retryable failure even when Retry-After is given', () => {
    expect(decide({ idempotent: false, failure: status(503, 1_000) })).toEqual({ retry: false, why: 'not-retryable' })
  })
})

describe('backoffDelay (full jitter, 1 s base, 20 s cap)', () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, 16_000],
    [6, 20_000],
    [10, 20_000]
  ])('before attempt %i+1 it stays below %i ms', (attempt, ceiling) => {
    expect(backoffDelay(attempt, 0)).toBe(0)
    expect(backoffDelay(attempt, 0.5)).toBe(ceiling / 2)
    const highest = backoffDelay(attempt, 0.999_999_9)
    expect(highest).toBeLessThan(ceiling)
    expect(highest).toBeGreaterThanOrEqual(ceiling - 1)
  })

  it('returns whole milliseconds', () => {
    expect(backoffDelay(1, 0.123_456)).toBe(123)
  })
})

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', T0)).toBe(120_000)
    expect(parseRetryAfter(' 7 ', T0)).toBe(7_000)
    expect(parseRetryAfter('0', T0)).toBe(0)
  })

  it('reads an HTTP date as the time until then', () => {
    const in90s = new Date(T0 + 90_000).toUTCString()
    expect(parseRetryAfter(in90s, T0)).toBe(90_000)
  })

  it('reads an HTTP date in the past as "now"', () => {
    expect(parseRetryAfter(new Date(T0 - 3_600_000).toUTCString(), T0)).toBe(0)
  })

  it.each([undefined, '', 'soon', '1.5', '-5', '12abc'])('ignores %j', (value) => {
    expect(parseRetryAfter(value, T0)).toBeNull()
  })
})

describe('an answer that is not the documented JSON', () => {
  it('is retried for a GET as a 5xx is, with the full budget of attempts', () => {
    expect(isRetryable({ type: 'malformed' }, true)).toBe(true)
  })

  it('is never asked again for a POST: the server acted', () => {
    expect(isRetryable({ type: 'malformed' }, false)).toBe(false)
  })
})
