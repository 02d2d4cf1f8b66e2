import { InputError } from './errors.js'

/**
 * The analytics date range as the API takes it. `to` is exclusive, exactly as the API means `dateTo`:
 * results include dates before it, not on it. Null bounds are left to the API's own default.
 */
export interface DateRange {
  from: string | null
  to: string | null
}

const DAY_MS = 86_400_000
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/
const DAYS_AGO = /^(\d{1,5})d$/

/** Reads `date-from` and `date-to`: `YYYY-MM-DD`, ISO 8601 date-time, or `Nd` (N days before today, UTC). */
export function resolveRange(fromText: string, toText: string, now: number): DateRange {
  const from = parseBound('date-from', fromText, now)
  const to = parseBound('date-to', toText, now)
  if (from && to && from.at >= to.at) {
    throw new InputError(
      'date-from',
      `Input 'date-from' (${from.value}) must be before 'date-to' (${to.value}), which is exclusive: to include a single day D, use date-from: D and date-to: the day after.`
    )
  }
  return { from: from?.value ?? null, to: to?.value ?? null }
}

function parseBound(name: string, raw: string, now: number): { value: string; at: number } | null {
  const text = raw.trim()
  if (!text) return null
  const daysAgo = DAYS_AGO.exec(text)
  if (daysAgo) {
    const today = Math.floor(now / DAY_MS) * DAY_MS
    const at = today - Number(daysAgo[1]) * DAY_MS
    return { value: new Date(at).toISOString().slice(0, 10), at }
  }
  const date = DATE.exec(text) ?? DATE_TIME.exec(text)
  const at = date ? Date.parse(DATE.test(text) ? `${text}T00:00:00Z` : text) : NaN
  if (
    !date ||
    Number.isNaN(at) ||
    !isCalendarDate(Number(date[1]), Number(date[2]), Number(date[3])) ||
    !isClockTime(date[4], date[5], date[6])
  ) {
    throw new InputError(
      name,
      `Input '${name}' must be a real date as YYYY-MM-DD, an ISO 8601 date-time, or Nd for N days before today (UTC); got '${text.slice(0, 40)}'.`
    )
  }
  return { value: text, at }
}

/** Rejects what Date.parse would roll over, such as February 30 or February 29 of a common year. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return year >= 1970 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

function isClockTime(hours: string | undefined, minutes: string | undefined, seconds: string | undefined): boolean {
  if (hours === undefined) return true
  return Number(hours) <= 23 && Number(minutes) <= 59 && Number(seconds ?? 0) <= 59
}

/** The range in words, for the log and the summary. */
export function describeRange(range: DateRange): string {
  if (!range.from && !range.to) return "the API's default range"
  if (range.from && range.to) return `${range.from} up to (not including) ${range.to}`
  return range.from ? `from ${range.from}` : `up to (not including) ${range.to}`
}
