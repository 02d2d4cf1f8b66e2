// The query of every analytics endpoint: dates (dateTo exclusive), limit and offset or cursor, the feedback
// filters; and the 400 that lists every problem found in it.
import type { RouteResponse } from '../types.js'
import { FEEDBACK_SOURCES } from './reader-events.js'

export interface QueryParams {
  dateFrom: number | undefined
  dateTo: number | undefined
  limit: number
  offset: number
  cursor: string | null
  source: string | null
  statuses: string[] | null
}

/**
 * The validated query, or every problem found in it (the 400's details). `limits` is the endpoint's
 * documented maximum and default (null: the endpoint takes no limit).
 */
export function parseQuery(query: URLSearchParams, limits: { max: number; fallback: number } | null): QueryParams | { errors: string[] } {
  const errors: string[] = []
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = query.get(name)
    if (raw === null) return fallback
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `between ${min} and ${max}`
      errors.push(`${name}: expected an integer ${range}, got '${raw}'`)
    }
    return value
  }
  const date = (name: string): number | undefined => {
    const raw = query.get(name)
    if (raw === null) return undefined
    const value = parseDate(raw)
    if (value === undefined) errors.push(`${name}: expected a date in YYYY-MM-DD or ISO 8601 format, got '${raw}'`)
    return value
  }
  const limit = limits ? integer('limit', limits.fallback, 1, limits.max) : 0
  const source = query.get('source')
  if (source !== null && !FEEDBACK_SOURCES.some((known) => known === source))
    errors.push(`source: expected one of ${FEEDBACK_SOURCES.join(', ')}, got '${source}'`)
  const status = query.get('status')
  const offset = integer('offset', 0, 0, Number.MAX_SAFE_INTEGER)
  const dateFrom = date('dateFrom')
  const dateTo = date('dateTo')
  if (dateFrom !== undefined && dateTo !== undefined && dateFrom >= dateTo) {
    errors.push(`dateFrom must be before dateTo (dateTo is exclusive), got '${query.get('dateFrom')}' and '${query.get('dateTo')}'`)
  }
  return errors.length > 0
    ? { errors }
    : {
        dateFrom,
        dateTo,
        limit,
        offset,
        cursor: query.get('cursor'),
        source,
        statuses: status === null ? null : status.split(',').map((s) => s.trim())
      }
}

export function invalid(details: string[]): RouteResponse {
  return { status: 400, json: { error: 'Invalid query parameters', details: details.map((message) => ({ message })) } }
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/

/**
 * `YYYY-MM-DD` (UTC midnight) or an ISO 8601 date-time (`YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH[:MM]]`, UTC
 * when it has no offset) as epoch milliseconds; undefined for anything else or an impossible date.
 */
export function parseDate(text: string): number | undefined {
  const m = DATE_RE.exec(text)
  if (!m) return undefined
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part)))
  if (year === undefined || month === undefined || day === undefined) return undefined
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined
  const millis = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'))
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis)
  if (new Date(utc).getUTCDate() !== day) return undefined // 2026-02-30 and the like
  const zone = m[8]
  if (zone === undefined || zone === 'Z') return utc
  const zm = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)
  if (!zm) return undefined
  const offsetMinutes = Number(zm[2]) * 60 + Number(zm[3] ?? 0)
  if (Number(zm[2]) > 23 || Number(zm[3] ?? 0) > 59) return undefined
  return utc - (zm[1] === '+' ? 1 : -1) * offsetMinutes * 60_000
}
