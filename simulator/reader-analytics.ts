// The fake reader analytics endpoints, following the official OpenAPI document: feedback (cursor, limit
// 1–100), feedback/by-page (limit 1–100, hasMore, no cursor), searches (cursor, limit 1–100, by hits
// descending), assistant (ULID cursor, limit 1–1000, newest first) and assistant/caller-stats.
//
// Unlike visitors/views, these counts follow the requested range: events are generated per day of the data
// window from (seed, day, index), so the 7 days before today and the 7 days before those differ. Patterns
// a report must find can be planted on top: a page readers vote down, a search nobody clicks, a category
// the assistant cannot answer. The quota and the 400 shape are shared with visitors/views (analytics.ts).
import type { PlantedPatterns, ReaderVolume, RouteResponse } from './types.js'

export const READER_ENDPOINTS = ['feedback', 'feedback/by-page', 'searches', 'assistant', 'assistant/caller-stats'] as const
export type ReaderEndpoint = (typeof READER_ENDPOINTS)[number]

const DAY_MS = 24 * 60 * 60 * 1000
const FEEDBACK_SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only'] as const
const STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const
const CATEGORIES = ['installation', 'authentication', 'billing', 'api-reference', 'deployment']
const SEARCH_TERMS = ['install', 'api key', 'webhooks', 'rate limit', 'pagination', 'sdk', 'deploy', 'custom domain', 'analytics', 'errors']
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

export const DEFAULT_READER_VOLUME: ReaderVolume = { feedbackPerDay: 6, conversationsPerDay: 20, searchesPerDay: 40, pages: 50, seed: 1 }

interface FeedbackEntry {
  id: string
  path: string
  comment: string | null
  createdAt: string
  source: (typeof FEEDBACK_SOURCES)[number]
  status: (typeof STATUSES)[number]
  helpful?: boolean
  contact?: string | null
  code?: string
  filename?: string | null
  lang?: string | null
}

interface Conversation {
  id: string
  timestamp: string
  query: string
  response: string
  responseType: 'answer' | 'clarifying_question'
  sources: { title: string; url: string }[]
  resolutionStatus: 'answered' | 'unanswered'
  queryCategory: string | null
  pageUrl: string | null
  caller: 'web' | 'api' | 'other'
}

interface SearchEvent {
  term: string
  clickedPage: string | null
  at: number
}

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

export class ReaderAnalytics {
  volume: ReaderVolume = { ...DEFAULT_READER_VOLUME }
  readonly planted: PlantedPatterns = { thumbsDown: [], deadSearches: [], unansweredCategories: [] }

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

  /** Every feedback entry of [fromMs, toMs), newest first (no request is made or counted). */
  feedbackEntries(fromMs: number, toMs: number): FeedbackEntry[] {
    const entries: FeedbackEntry[] = []
    for (const day of days(fromMs, toMs)) {
      for (let j = 0; j < this.volume.feedbackPerDay; j++) entries.push(this.generatedFeedback(day, j))
      this.planted.thumbsDown.forEach((plant, p) => {
        for (let j = 0; j < plant.perDay; j++) entries.push(plantedThumbsDown(plant.path, day, p, j))
      })
    }
    return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
  }

  /** Every assistant conversation of [fromMs, toMs), newest first. */
  conversations(fromMs: number, toMs: number): Conversation[] {
    const list: Conversation[] = []
    for (const day of days(fromMs, toMs)) {
      for (let j = 0; j < this.volume.conversationsPerDay; j++) list.push(this.generatedConversation(day, j))
      this.planted.unansweredCategories.forEach((plant, p) => {
        for (let j = 0; j < plant.perDay; j++) list.push(plantedUnanswered(plant.category, plant.pagePath, day, p, j))
      })
    }
    return list.sort((a, b) => b.id.localeCompare(a.id))
  }

  /** Search events of [fromMs, toMs). */
  private searchEvents(fromMs: number, toMs: number): SearchEvent[] {
    const events: SearchEvent[] = []
    const { seed, searchesPerDay } = this.volume
    for (const day of days(fromMs, toMs)) {
      for (let j = 0; j < searchesPerDay; j++) {
        // Lower terms are searched more often: a skewed pick over the built-in terms.
        const term = SEARCH_TERMS[Math.floor(SEARCH_TERMS.length * rand(seed, day * 1000 + j, 11) ** 2)] ?? 'install'
        const clicked = rand(seed, day * 1000 + j, 12) < 0.7 ? this.pagePath(day * 1000 + j, 13) : null
        events.push({ term, clickedPage: clicked, at: day * DAY_MS + j * 1000 })
      }
      this.planted.deadSearches.forEach((plant) => {
        for (let j = 0; j < plant.perDay; j++) events.push({ term: plant.term, clickedPage: null, at: day * DAY_MS + 3_600_000 + j * 1000 })
      })
    }
    return events
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

  private pagePath(key: number, salt: number): string {
    // Skewed towards the first pages, as reading is.
    const i = Math.floor(this.volume.pages * rand(this.volume.seed, key, salt) ** 2)
    return `/docs/page-${`${i + 1}`.padStart(6, '0')}`
  }

  private generatedFeedback(day: number, j: number): FeedbackEntry {
    const key = day * 1000 + j
    const { seed } = this.volume
    const source = FEEDBACK_SOURCES[Math.floor(rand(seed, key, 1) * FEEDBACK_SOURCES.length)] ?? 'thumbs_only'
    const status = STATUSES[Math.floor(rand(seed, key, 2) * STATUSES.length)] ?? 'pending'
    const base = {
      id: `fb-${day}-${`${j}`.padStart(4, '0')}`,
      path: this.pagePath(key, 3),
      comment: source === 'thumbs_only' ? null : `Reader comment ${key}: the example on this page did not work for me.`,
      createdAt: new Date(day * DAY_MS + j * 60_000).toISOString(),
      source,
      status
    }
    if (source === 'contextual') return { ...base, helpful: rand(seed, key, 4) < 0.75, contact: `reader${key}@example.com` }
    if (source === 'code_snippet') return { ...base, code: 'npm install mint', filename: 'install.sh', lang: 'bash' }
    return base
  }

  private generatedConversation(day: number, j: number): Conversation {
    const key = day * 10_000 + j
    const { seed } = this.volume
    const category = CATEGORIES[Math.floor(rand(seed, key, 5) * CATEGORIES.length)] ?? null
    const answered = rand(seed, key, 6) < 0.85
    const page = this.pagePath(key, 7)
    const callerDraw = rand(seed, key, 8)
    return {
      id: ulid(day * DAY_MS + j * 1000, key),
      timestamp: new Date(day * DAY_MS + j * 1000).toISOString(),
      query: `How do I configure ${category ?? 'this'} (question ${key})?`,
      response: answered ? `See the ${category ?? ''} guide.` : 'I could not find this in the documentation.',
      responseType: rand(seed, key, 9) < 0.1 ? 'clarifying_question' : 'answer',
      sources: answered ? [{ title: `Page ${page}`, url: `https://docs.example.com${page}` }] : [],
      resolutionStatus: answered ? 'answered' : 'unanswered',
      queryCategory: category,
      pageUrl: rand(seed, key, 10) < 0.9 ? `https://docs.example.com${page}` : null,
      caller: callerDraw < 0.7 ? 'web' : callerDraw < 0.9 ? 'api' : 'other'
    }
  }
}

function plantedThumbsDown(path: string, day: number, plant: number, j: number): FeedbackEntry {
  return {
    id: `fb-${day}-p${plant}-${`${j}`.padStart(4, '0')}`,
    path,
    comment: `This page is wrong (planted ${j}).`,
    createdAt: new Date(day * DAY_MS + 7_200_000 + j * 60_000).toISOString(),
    source: 'contextual',
    status: 'pending',
    helpful: false,
    contact: `unhappy${j}@example.com`
  }
}

function plantedUnanswered(category: string, pagePath: string, day: number, plant: number, j: number): Conversation {
  const ms = day * DAY_MS + 7_200_000 + plant * 100_000 + j * 1000
  return {
    id: ulid(ms, 0x7000_0000 + plant * 1000 + j),
    timestamp: new Date(ms).toISOString(),
    query: `Can I do ${category} (asked ${j})?`,
    response: 'I could not find this in the documentation.',
    responseType: 'answer',
    sources: [],
    resolutionStatus: 'unanswered',
    queryCategory: category,
    pageUrl: `https://docs.example.com${pagePath}`,
    caller: 'web'
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

export function invalid(details: string[]): RouteResponse {
  return { status: 400, json: { error: 'Invalid query parameters', details: details.map((message) => ({ message })) } }
}

function encodeCursor(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url')
}

/** Whole UTC days (epoch day numbers) that [fromMs, toMs) touches. */
function days(fromMs: number, toMs: number): number[] {
  const list: number[] = []
  for (let day = Math.floor(fromMs / DAY_MS); day * DAY_MS < toMs; day++) list.push(day)
  return list
}

/** A ULID (26 Crockford base-32 characters: 48-bit time, then 80 bits from `key`), sortable by time. */
function ulid(ms: number, key: number): string {
  let time = ''
  let t = ms
  for (let i = 0; i < 10; i++) {
    time = (CROCKFORD[t % 32] ?? '0') + time
    t = Math.floor(t / 32)
  }
  let tail = ''
  let k = key >>> 0
  for (let i = 0; i < 16; i++) {
    tail = (CROCKFORD[k % 32] ?? '0') + tail
    k = Math.floor(k / 32)
  }
  return time + tail
}

/** A deterministic pseudo-random number in [0, 1) from (seed, index, salt). */
export function rand(seed: number, index: number, salt: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(salt + 1, 0x27d4eb2f)
  h ^= h >>> 16
  h = Math.imul(h, 0x7feb352d)
  h ^= h >>> 15
  h = Math.imul(h, 0x846ca68b)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296
}
