import { isRecord } from '../text.js'

export type AnalyticsKind = 'visitors' | 'views'

export interface TrafficCounts {
  human: number
  ai: number
  /** Deduplicated across human and AI for visitors: never a sum. */
  total: number
}

export interface AnalyticsRow extends TrafficCounts {
  path: string
}

export interface AnalyticsPage {
  totals: TrafficCounts
  rows: AnalyticsRow[]
  hasMore: boolean
  /** Rows left out because they had no path: one odd row does not sink an export. */
  skipped: number
}

/**
 * A page as the API documents it (`visitors` or `views` holds the rows), or null when it is not one.
 * No field is guaranteed: counts default to 0, and rows without a path are skipped and counted.
 */
export function parseAnalyticsPage(body: unknown, kind: AnalyticsKind): AnalyticsPage | null {
  if (!isRecord(body) || !isRecord(body.totals) || !Array.isArray(body[kind])) return null
  const items = body[kind] as unknown[]
  const rows = items
    .filter((item) => isRecord(item) && typeof item.path === 'string')
    .map((item) => ({ path: (item as { path: string }).path, ...counts(item as Record<string, unknown>) }))
  return { totals: counts(body.totals), rows, hasMore: body.hasMore === true, skipped: items.length - rows.length }
}

function counts(record: Record<string, unknown>): TrafficCounts {
  const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
  return { human: number(record.human), ai: number(record.ai), total: number(record.total) }
}
