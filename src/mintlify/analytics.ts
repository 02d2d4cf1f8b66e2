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
  // One pass, one object per row: this runs between a page's answer and the next request.
  const rows: AnalyticsRow[] = []
  for (const item of items) {
    if (isRecord(item) && typeof item.path === 'string')
      rows.push({ path: item.path, human: count(item.human), ai: count(item.ai), total: count(item.total) })
  }
  return { totals: counts(body.totals), rows, hasMore: body.hasMore === true, skipped: items.length - rows.length }
}

function counts(record: Record<string, unknown>): TrafficCounts {
  return { human: count(record.human), ai: count(record.ai), total: count(record.total) }
}

/**
 * The analytics of what readers did and wrote: feedback, searches, assistant conversations. Each page
 * is read as the OpenAPI document describes it, with no field guaranteed: an entry without its
 * identifying field is skipped and counted, other fields default to null or 0. `contact` (an email
 * address) is dropped here, where the API's answer enters the action, so no later code can write it.
 */
export type ReaderEndpoint = 'feedback' | 'feedback/by-page' | 'searches' | 'assistant' | 'assistant/caller-stats'

export interface FeedbackEntry {
  id: string
  path: string
  comment: string | null
  createdAt: string | null
  /** `code_snippet`, `contextual`, `agent` or `thumbs_only`. */
  source: string | null
  /** `pending`, `in_progress`, `resolved` or `dismissed`. */
  status: string | null
  /** Contextual feedback only: thumbs up (true) or down (false). */
  helpful: boolean | null
  /** Code-snippet feedback only. */
  code: string | null
  filename: string | null
  lang: string | null
}

export interface PageFeedback {
  path: string
  thumbsUp: number
  thumbsDown: number
  code: number
  total: number
}

export interface SearchTerm {
  searchQuery: string
  hits: number
  ctr: number
  topClickedPage: string | null
  lastSearchedAt: string | null
}

export interface Conversation {
  id: string
  timestamp: string | null
  query: string
  response: string
  /** `answer` (the default) or `clarifying_question`. */
  responseType: string
  sources: { title: string; url: string }[]
  resolutionStatus: 'answered' | 'unanswered'
  queryCategory: string | null
  pageUrl: string | null
}

export interface CallerStats {
  web: number
  api: number
  other: number
  total: number
}

/** One page of rows, and what the API says about the pages after it. */
export interface ReaderRows<Row> {
  rows: Row[]
  /** Cursor endpoints: the next page's cursor, null at the end. */
  nextCursor: string | null
  hasMore: boolean
  /** Entries left out because they lacked their identifying field. */
  skipped: number
}

/** What each endpoint's page holds. */
export interface ReaderPages {
  feedback: ReaderRows<FeedbackEntry>
  'feedback/by-page': ReaderRows<PageFeedback>
  searches: ReaderRows<SearchTerm> & { totalSearches: number }
  assistant: ReaderRows<Conversation>
  'assistant/caller-stats': CallerStats
}

/** The parser of each endpoint's answer: null when the body is not the documented shape at all. */
export const READER_PARSERS: { readonly [E in ReaderEndpoint]: (body: unknown) => ReaderPages[E] | null } = {
  feedback: (body) => rowsOf(body, 'feedback', feedbackEntry),
  'feedback/by-page': (body) => rowsOf(body, 'feedback', pageFeedback),
  searches: (body) => {
    const page = rowsOf(body, 'searches', searchTerm)
    return page && isRecord(body) ? { ...page, totalSearches: count(body.totalSearches) } : null
  },
  assistant: (body) => rowsOf(body, 'conversations', conversation),
  'assistant/caller-stats': (body) =>
    isRecord(body) ? { web: count(body.web), api: count(body.api), other: count(body.other), total: count(body.total) } : null
}

function rowsOf<Row>(body: unknown, key: string, read: (item: Record<string, unknown>) => Row | null): ReaderRows<Row> | null {
  if (!isRecord(body) || !Array.isArray(body[key])) return null
  const items = body[key] as unknown[]
  const rows = items.flatMap((item) => {
    const row = isRecord(item) ? read(item) : null
    return row === null ? [] : [row]
  })
  const nextCursor = typeof body.nextCursor === 'string' && body.nextCursor !== '' ? body.nextCursor : null
  return { rows, nextCursor, hasMore: body.hasMore === true, skipped: items.length - rows.length }
}

function feedbackEntry(item: Record<string, unknown>): FeedbackEntry | null {
  if (typeof item.id !== 'string' || typeof item.path !== 'string') return null
  // `contact` is not read: an email address has no place in anything the action writes.
  return {
    id: item.id,
    path: item.path,
    comment: text(item.comment),
    createdAt: text(item.createdAt),
    source: text(item.source),
    status: text(item.status),
    helpful: typeof item.helpful === 'boolean' ? item.helpful : null,
    code: text(item.code),
    filename: text(item.filename),
    lang: text(item.lang)
  }
}

function pageFeedback(item: Record<string, unknown>): PageFeedback | null {
  if (typeof item.path !== 'string') return null
  return {
    path: item.path,
    thumbsUp: count(item.thumbsUp),
    thumbsDown: count(item.thumbsDown),
    code: count(item.code),
    total: count(item.total)
  }
}

function searchTerm(item: Record<string, unknown>): SearchTerm | null {
  if (typeof item.searchQuery !== 'string') return null
  return {
    searchQuery: item.searchQuery,
    hits: count(item.hits),
    ctr: count(item.ctr),
    topClickedPage: text(item.topClickedPage),
    lastSearchedAt: text(item.lastSearchedAt)
  }
}

function conversation(item: Record<string, unknown>): Conversation | null {
  if (typeof item.id !== 'string') return null
  const sources = Array.isArray(item.sources) ? item.sources : []
  return {
    id: item.id,
    timestamp: text(item.timestamp),
    query: text(item.query) ?? '',
    response: text(item.response) ?? '',
    responseType: text(item.responseType) ?? 'answer',
    sources: sources.flatMap((source) =>
      isRecord(source) && typeof source.url === 'string' ? [{ title: text(source.title) ?? '', url: source.url }] : []
    ),
    // Only an explicit `unanswered` counts as one: a missing status is not evidence of a failed answer.
    resolutionStatus: item.resolutionStatus === 'unanswered' ? 'unanswered' : 'answered',
    queryCategory: text(item.queryCategory),
    pageUrl: text(item.pageUrl)
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}
