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
}

/** A page as the API documents it (`visitors` or `views` holds the rows), or null when it is not one. */
export function parseAnalyticsPage(body: unknown, kind: AnalyticsKind): AnalyticsPage | null {
  if (!isRecord(body) || !isRecord(body.totals) || !Array.isArray(body[kind])) return null
  const rows: AnalyticsRow[] = []
  for (const item of body[kind] as unknown[]) {
    if (!isRecord(item) || typeof item.path !== 'string') return null
    rows.push({ path: item.path, ...counts(item) })
  }
  return { totals: counts(body.totals), rows, hasMore: body.hasMore === true }
}

function counts(record: Record<string, unknown>): TrafficCounts {
  const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
  return { human: number(record.human), ai: number(record.ai), total: number(record.total) }
}
