// The fake reader analytics endpoints, following the official OpenAPI document: feedback (cursor, limit
// 1–100), feedback/by-page (limit 1–100, hasMore, no cursor), searches (cursor, limit 1–100, by hits
// descending), assistant (ULID cursor, limit 1–1000, newest first) and assistant/caller-stats.
//
// Unlike visitors/views, these counts follow the requested range: events are generated per day of the data
// window from (seed, day, index), so the 7 days before today and the 7 days before those differ. Patterns
// a report must find can be planted on top: a page readers vote down, a search nobody clicks, a category
// the assistant cannot answer (reader-events.ts). The quota and the 400 shape are shared with visitors/views
// (api.ts).
import type { RouteResponse } from '../types.js'
import { invalid } from './query.js'
import { ReaderEvents } from './reader-events.js'

export const READER_ENDPOINTS = ['feedback', 'feedback/by-page', 'searches', 'assistant', 'assistant/caller-stats'] as const
export type ReaderEndpoint = (typeof READER_ENDPOINTS)[number]

/** A validated query: the range [fromMs, toMs) (already clipped to the data window), limit, cursor and filters. */
export interface ReaderQuery {
  fromMs: number
  toMs: number
  limit: number
  cursor: string | null
  source: string | null
  statuses: string[] | null
}

export const READER_LIMITS: Readonly<Record<ReaderEndpoint, { max: number; fallback: number } | null>> = {
  feedback: { max: 100, fallback: 50 },
  'feedback/by-page': { max: 100, fallback: 10 },
  searches: { max: 100, fallback: 50 },
  assistant: { max: 1000, fallback: 100 },
  'assistant/caller-stats': null
}

/** The reader endpoints' answers, computed from the generated and planted events. */
export class ReaderAnalytics extends ReaderEvents {
  /** Answers a validated query for one endpoint, or a 400 for a cursor it never issued. */
  answer(endpoint: ReaderEndpoint, query: ReaderQuery): RouteResponse {
    switch (endpoint) {
      case 'feedback':
        return this.feedback(query)
      case 'feedback/by-page':
        return this.feedbackByPage(query)
      case 'searches':
        return this.searches(query)
      case 'assistant':
        return this.assistant(query)
      case 'assistant/caller-stats':
        return this.callerStats(query)
    }
  }

  private feedback(query: ReaderQuery): RouteResponse {
    let entries = this.feedbackEntries(query.fromMs, query.toMs)
    if (query.source !== null) entries = entries.filter((e) => e.source === query.source)
    if (query.statuses !== null) {
      const wanted = query.statuses
      entries = entries.filter((e) => wanted.includes(e.status))
    }
    const page = pageAfter(entries, query, (e) => e.id)
    if ('error' in page) return page.error
    return { status: 200, json: { feedback: page.rows, nextCursor: page.nextCursor, hasMore: page.nextCursor !== null } }
  }

  private feedbackByPage(query: ReaderQuery): RouteResponse {
    const byPath = new Map<string, { path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }>()
    for (const e of this.feedbackEntries(query.fromMs, query.toMs)) {
      if (query.source !== null && e.source !== query.source) continue
      if (query.statuses !== null && !query.statuses.includes(e.status)) continue
      const row = byPath.get(e.path) ?? { path: e.path, thumbsUp: 0, thumbsDown: 0, code: 0, total: 0 }
      row.total++
      if (e.source === 'code_snippet') row.code++
      else if (e.helpful === true) row.thumbsUp++
      else if (e.helpful === false) row.thumbsDown++
      byPath.set(e.path, row)
    }
    // Not documented: the API's order for by-page; the simulator ranks by total descending, then path.
    const rows = [...byPath.values()].sort((a, b) => b.total - a.total || a.path.localeCompare(b.path))
    return { status: 200, json: { feedback: rows.slice(0, query.limit), hasMore: rows.length > query.limit } }
  }

  private searches(query: ReaderQuery): RouteResponse {
    const byTerm = new Map<string, { hits: number; clicks: Map<string, number>; last: number }>()
    const events = this.searchEvents(query.fromMs, query.toMs)
    for (const event of events) {
      const entry = byTerm.get(event.term) ?? { hits: 0, clicks: new Map<string, number>(), last: 0 }
      entry.hits++
      entry.last = Math.max(entry.last, event.at)
      if (event.clickedPage !== null) entry.clicks.set(event.clickedPage, (entry.clicks.get(event.clickedPage) ?? 0) + 1)
      byTerm.set(event.term, entry)
    }
    const rows = [...byTerm.entries()]
      .map(([term, e]) => {
        const clicks = [...e.clicks.values()].reduce((n, c) => n + c, 0)
        const top = [...e.clicks.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]
        return {
          searchQuery: term,
          hits: e.hits,
          ctr: Math.round((clicks / e.hits) * 1000) / 1000,
          topClickedPage: top ? top[0] : null,
          lastSearchedAt: new Date(e.last).toISOString()
        }
      })
      .sort((a, b) => b.hits - a.hits || a.searchQuery.localeCompare(b.searchQuery))
    const page = pageAfter(rows, query, (row) => encodeCursor(row.searchQuery))
    if ('error' in page) return page.error
    return { status: 200, json: { searches: page.rows, totalSearches: events.length, nextCursor: page.nextCursor } }
  }

  private assistant(query: ReaderQuery): RouteResponse {
    const list = this.conversations(query.fromMs, query.toMs)
    const page = pageAfter(list, query, (c) => c.id)
    if ('error' in page) return page.error
    const rows = page.rows.map((c) => ({
      id: c.id,
      timestamp: c.timestamp,
      query: c.query,
      response: c.response,
      responseType: c.responseType,
      sources: c.sources,
      resolutionStatus: c.resolutionStatus,
      queryCategory: c.queryCategory,
      pageUrl: c.pageUrl
    }))
    return { status: 200, json: { conversations: rows, nextCursor: page.nextCursor, hasMore: page.nextCursor !== null } }
  }

  private callerStats(query: ReaderQuery): RouteResponse {
    const counts = { web: 0, api: 0, other: 0, total: 0 }
    for (const c of this.conversations(query.fromMs, query.toMs)) {
      counts[c.caller]++
      counts.total++
    }
    return { status: 200, json: counts }
  }
}

/** Rows after the cursor (the key of the last row sent), `limit` of them, and the next cursor. */
function pageAfter<T>(
  rows: T[],
  query: ReaderQuery,
  keyOf: (row: T) => string
): { rows: T[]; nextCursor: string | null } | { error: RouteResponse } {
  let start = 0
  if (query.cursor !== null) {
    const index = rows.findIndex((row) => keyOf(row) === query.cursor)
    if (index < 0) return { error: invalid([`cursor: not a cursor this endpoint issued for this range, got '${query.cursor}'`]) }
    start = index + 1
  }
  const slice = rows.slice(start, start + query.limit)
  const last = slice.at(-1)
  const nextCursor = start + query.limit < rows.length && last !== undefined ? keyOf(last) : null
  return { rows: slice, nextCursor }
}

function encodeCursor(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url')
}
