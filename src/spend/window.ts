/**
 * The windows of the spend limit, in UTC: a day (`2026-12-09`), an ISO week of its ISO week-year
 * (`2026-W50`; 2027-01-01 is in 2026-W53) or a month (`2026-12`). Pure arithmetic on epoch milliseconds.
 * Names of one kind sort as their windows do (weeks are zero-padded), which the clean-up relies on.
 */

export const WINDOW_KINDS = ['day', 'week', 'month'] as const
export type WindowKind = (typeof WINDOW_KINDS)[number]

export interface SpendWindow {
  kind: WindowKind
  /** As the ledger names it: `2026-12-09`, `2026-W50`, `2026-12`. */
  name: string
  /** Epoch ms of its first instant. */
  startsAt: number
  /** Epoch ms of the next window's first instant. */
  resetsAt: number
}

const DAY_MS = 86_400_000

/** The window of `kind` that holds the instant `at`. */
export function windowAt(kind: WindowKind, at: number): SpendWindow {
  const date = new Date(at)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth()
  const midnight = Date.UTC(year, month, date.getUTCDate())
  switch (kind) {
    case 'day':
      return { kind, name: isoDay(midnight), startsAt: midnight, resetsAt: midnight + DAY_MS }
    case 'week': {
      // ISO weeks start on Monday; a week belongs to the year of its Thursday.
      const monday = midnight - ((date.getUTCDay() + 6) % 7) * DAY_MS
      const thursday = new Date(monday + 3 * DAY_MS)
      const weekYear = thursday.getUTCFullYear()
      const week = 1 + Math.floor((thursday.getTime() - Date.UTC(weekYear, 0, 1)) / (7 * DAY_MS))
      return { kind, name: `${pad(weekYear, 4)}-W${pad(week, 2)}`, startsAt: monday, resetsAt: monday + 7 * DAY_MS }
    }
    case 'month': {
      const first = Date.UTC(year, month, 1)
      return { kind, name: isoDay(first).slice(0, 7), startsAt: first, resetsAt: Date.UTC(year, month + 1, 1) }
    }
  }
}

/** The window `count` windows before `window` (1: the previous one). */
export function windowBefore(window: SpendWindow, count: number): SpendWindow {
  let earlier = window
  for (let step = 0; step < count; step++) earlier = windowAt(window.kind, earlier.startsAt - 1)
  return earlier
}

/** How the texts name the window: "today", "this week", "this month". */
export function windowWords(kind: WindowKind): string {
  return kind === 'day' ? 'today' : `this ${kind}`
}

/** How the texts name the window before: "yesterday", "last week", "last month". */
export function previousWindowWords(kind: WindowKind): string {
  return kind === 'day' ? 'yesterday' : `last ${kind}`
}

/** When the next window starts, in full: "Monday 2026-12-14 00:00 UTC". */
export function describeReset(window: SpendWindow): string {
  const at = new Date(window.resetsAt)
  return `${WEEKDAYS[at.getUTCDay()] ?? ''} ${isoDay(window.resetsAt)} 00:00 UTC`
}

/** When the next window starts, short enough for a commit status: "Mon 14 Dec 00:00 UTC". */
export function describeResetShort(window: SpendWindow): string {
  const at = new Date(window.resetsAt)
  const weekday = (WEEKDAYS[at.getUTCDay()] ?? '').slice(0, 3)
  return `${weekday} ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()] ?? ''} 00:00 UTC`
}

/** The reset as the `spend` output gives it: `2026-12-14T00:00:00Z`. */
export function resetStamp(window: SpendWindow): string {
  return `${isoDay(window.resetsAt)}T00:00:00Z`
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function isoDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10)
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0')
}
