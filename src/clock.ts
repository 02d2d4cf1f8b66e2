/**
 * Time as a parameter: the action runs on the system clock, tests and the benchmark pass their own, so
 * waiting and retries are checked without real delays.
 */
export interface Clock {
  now(): number
  /** Resolves after `ms`, or early (without throwing) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/** Node's timers hold at most 2^31 - 1 ms (24.8 days); a longer delay would fire after 1 ms instead. */
const MAX_TIMER_MS = 2_147_483_647

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve()
      const end = Date.now() + Math.max(0, ms)
      let timer: NodeJS.Timeout | undefined
      const done = (): void => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      // A long sleep is slept in timer-sized parts, so it never turns into a short one.
      const arm = (): void => {
        const left = end - Date.now()
        if (left <= 0) return done()
        timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS))
      }
      signal?.addEventListener('abort', done, { once: true })
      arm()
    })
}

/** A source of numbers in [0, 1), for retry jitter. */
export type Random = () => number

/** A signal that aborts `ms` from now: one request's time limit. Tests pass one on their virtual clock. */
export type Timer = (ms: number) => AbortSignal

export const systemTimer: Timer = (ms) => AbortSignal.timeout(ms)
