/**
 * Small typed helpers for tests that index into lists they expect to be filled (`noUncheckedIndexedAccess`):
 * each one fails loudly, naming what was missing, instead of letting `undefined` through.
 */

/** The one item of `items`; throws unless there is exactly one. */
export function only<T>(items: readonly T[], what = 'item'): T {
  if (items.length !== 1) throw new Error(`Expected exactly one ${what}, got ${items.length}`)
  return items[0] as T
}

/** The item at `index` (from 0; negative indexes are refused, not counted from the end); throws when there is none. */
export function at<T>(items: readonly T[], index: number, what = `item ${index}`): T {
  if (!Number.isInteger(index) || index < 0 || index >= items.length) {
    throw new Error(`Expected ${what} at index ${index}, but there are ${items.length} items`)
  }
  return items[index] as T
}

/** `value`, which must be neither undefined nor null; throws naming `what` otherwise. */
export function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`Expected ${what} to be defined, got ${String(value)}`)
  return value
}

/** A duration as the action shows it (`formatDuration`): `450ms`, `1.5s`, `12s`, `3m 05s`, `1h 02m`. */
export const SHOWN_DURATION = String.raw`(?:\d+ms|\d+(?:\.\d)?s|\d+m \d\ds|\d+h \d\dm)`

/** The milliseconds of a duration as the action shows it; throws for any other text. */
export function shownDurationMs(text: string): number {
  const match = new RegExp(`^${SHOWN_DURATION}$`).exec(text)
  if (!match) throw new Error(`Expected a duration as the action shows it, got "${text}"`)
  const parts = /^(?:(\d+)h )?(?:(\d+)m)?(?: ?(\d+(?:\.\d)?)s)?(?:(\d+)ms)?$/.exec(text)
  const [hours, minutes, seconds, ms] = [parts?.[1], parts?.[2], parts?.[3], parts?.[4]].map((part) => Number(part ?? 0))
  return Math.round(((hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0)) * 1000 + (ms ?? 0))
}
