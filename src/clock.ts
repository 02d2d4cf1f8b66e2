/**
 * Time as a parameter: the action runs on the system clock, tests and the benchmark pass their own, so
 * waiting and retries are checked without real delays.
 */
export interface Clock {
  now(): number
  /** Resolves after `ms`, or early (without throwing) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve()
      const done = (): void => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, Math.max(0, ms))
      signal?.addEventListener('abort', done, { once: true })
    })
}

/** A source of numbers in [0, 1), for retry jitter. */
export type Random = () => number
