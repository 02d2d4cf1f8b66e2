/**
 * The track record's calendar, pure: whole UTC weeks, Monday to Monday, and each merged pull request's
 * windows around its merge week.
 */

export const DAY_MS = 86_400_000
export const WEEK_MS = 7 * DAY_MS
/** Merges are looked for in the 13 weeks before the run's day. */
export const SEARCH_SPAN_DAYS = 91
/** The Unix epoch (day 0) was a Thursday: day 4 (1970-01-05) was the first Monday. */
const FIRST_MONDAY = 4

/** The Monday (00:00 UTC) of the week holding `ms`. */
export function mondayOf(ms: number): number {
  const day = Math.floor(ms / DAY_MS)
  return (day - ((((day - FIRST_MONDAY) % 7) + 7) % 7)) * DAY_MS
}

/** `YYYY-MM-DD` of a UTC instant. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** The run's day (00:00 UTC) less the search span: merges from then on are looked for. */
export function mergedSince(now: number): string {
  return isoDate(Math.floor(now / DAY_MS) * DAY_MS - SEARCH_SPAN_DAYS * DAY_MS)
}

/** A pull request's weeks: the merge week is left out; `weeks` before it and as many after it. */
export interface Windows {
  /** Monday of each week before the merge week, oldest first. */
  before: number[]
  /** Monday of each week after the merge week, oldest first. */
  after: number[]
  /** When the after window ends (a Monday): the pull request is judged from then on. */
  ends: number
}

export function windowsOf(mergedAt: number, weeks: number): Windows {
  const merge = mondayOf(mergedAt)
  const span = Array.from({ length: weeks }, (_, i) => i)
  return {
    before: span.map((i) => merge - (weeks - i) * WEEK_MS),
    after: span.map((i) => merge + (i + 1) * WEEK_MS),
    ends: merge + (weeks + 1) * WEEK_MS
  }
}

/** Whether two pull requests' windows (their before weeks up to their after window's end) share a week. */
export function windowsOverlap(one: Windows, other: Windows): boolean {
  const start = (windows: Windows): number => windows.before[0] ?? windows.ends
  return start(one) < other.ends && start(other) < one.ends
}

/** The weeks as the file and the summary show them: `from` up to `to` (exclusive), as the API's dates. */
export function weekRange(monday: number): { from: string; to: string } {
  return { from: isoDate(monday), to: isoDate(monday + WEEK_MS) }
}

/** Several weeks as one range: from the first Monday up to the end of the last week. */
export function spanOf(mondays: readonly number[]): { from: string; to: string } | null {
  if (mondays.length === 0) return null
  return { from: isoDate(Math.min(...mondays)), to: isoDate(Math.max(...mondays) + WEEK_MS) }
}
