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

/**
 * Figures outside their domain, by field (`totals.total`, `visitors[].human`): a count that is not a whole
 * number from 0, a total above human + AI, a date that does not parse. They are not figures to print.
 */
export interface Unreadable {
  /** Absent: none. */
  unreadable?: string[]
}

export interface AnalyticsPage extends Unreadable {
  /** A total listed in `unreadable` reads 0 here and is not to be shown. */
  totals: TrafficCounts
  rows: AnalyticsRow[]
  hasMore: boolean
  /** Rows left out because they had no path, or a figure outside its domain: one odd row does not sink an export. */
  skipped: number
}

/**
 * A page as the API documents it (`visitors` or `views` holds the rows), or null when it is not one.
 * Rows without a path, or with a figure outside its domain, are skipped and counted.
 */
export function parseAnalyticsPage(body: unknown, kind: AnalyticsKind): AnalyticsPage | null {
  if (!isRecord(body) || !isRecord(body.totals) || !Array.isArray(body[kind])) return null
  const items = body[kind] as unknown[]
  const figures = new Figures()
  // One pass, one object per row: this runs between a page's answer and the next request.
  const rows: AnalyticsRow[] = []
  for (const item of items) {
    if (!isRecord(item) || typeof item.path !== 'string') continue
    const row = figures.row(() => ({ path: String(item.path), ...figures.traffic(item, `${kind}[]`) }))
    if (row) rows.push(row)
  }
  const totals = figures.traffic(body.totals, 'totals')
  return { totals, rows, hasMore: body.hasMore === true, skipped: items.length - rows.length, unreadable: figures.fields() }
}

/** Reads the figures of one answer, noting each field outside its domain. */
class Figures {
  private readonly odd = new Set<string>()
  private inRow = false
  private rowOdd = false

  /**
   * A count: a whole number from 0 (the documents' "number" of visitors, views, votes, conversations). A
   * number outside that domain (negative, fractional, not finite) is noted; a value that is no number at
   * all, or none, reads as 0 as before.
   */
  count(value: unknown, field: string): number {
    if (typeof value !== 'number') return 0
    if (Number.isSafeInteger(value) && value >= 0) return value
    this.note(field)
    return 0
  }

  /** A date that parses; null when absent (the documents allow it) and when it does not parse (noted). */
  date(value: unknown, field: string): string | null {
    if (typeof value !== 'string') return null
    if (Number.isNaN(Date.parse(value))) {
      this.note(field)
      return null
    }
    return value
  }

  /** Human, AI and total, the total never above human + AI (visitors are deduplicated, views summed). */
  traffic(record: Record<string, unknown>, at: string): TrafficCounts {
    const counts = {
      human: this.count(record.human, `${at}.human`),
      ai: this.count(record.ai, `${at}.ai`),
      total: this.count(record.total, `${at}.total`)
    }
    if (counts.total > counts.human + counts.ai) this.note(`${at}.total`)
    return counts
  }

  /** A row read by `read`; null (skipped) when one of its figures is outside its domain. */
  row<Row>(read: () => Row): Row | null {
    this.inRow = true
    this.rowOdd = false
    const row = read()
    this.inRow = false
    return this.rowOdd ? null : row
  }

  /** The fields noted; undefined when none (the answer is as documented). */
  fields(): string[] | undefined {
    return this.odd.size > 0 ? [...this.odd] : undefined
  }

  private note(field: string): void {
    this.odd.add(field)
    if (this.inRow) this.rowOdd = true
  }
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

export interface CallerStats extends Unreadable {
  web: number
  api: number
  other: number
  total: number
}

/** One page of rows, and what the API says about the pages after it. */
export interface ReaderRows<Row> extends Unreadable {
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
    const figures = new Figures()
    const page = rowsOf(body, 'searches', searchTerm, figures)
    return page && isRecord(body)
      ? { ...page, totalSearches: figures.count(body.totalSearches, 'totalSearches'), unreadable: figures.fields() }
      : null
  },
  assistant: (body) => rowsOf(body, 'conversations', conversation),
  'assistant/caller-stats': (body) => {
    if (!isRecord(body)) return null
    const figures = new Figures()
    const [web, api, other, total] = (['web', 'api', 'other', 'total'] as const).map((field) => figures.count(body[field], field)) as [
      number,
      number,
      number,
      number
    ]
    return { web, api, other, total, unreadable: figures.fields() }
  }
}

function rowsOf<Row>(
  body: unknown,
  key: string,
  read: (item: Record<string, unknown>, figures: Figures, at: string) => Row | null,
  figures = new Figures()
): ReaderRows<Row> | null {
  if (!isRecord(body) || !Array.isArray(body[key])) return null
  const items = body[key] as unknown[]
  const rows = items.flatMap((item) => {
    const row = isRecord(item) ? figures.row(() => read(item, figures, `${key}[]`)) : null
    return row === null ? [] : [row]
  })
  const nextCursor = typeof body.nextCursor === 'string' && body.nextCursor !== '' ? body.nextCursor : null
  return { rows, nextCursor, hasMore: body.hasMore === true, skipped: items.length - rows.length, unreadable: figures.fields() }
}

function feedbackEntry(item: Record<string, unknown>, figures: Figures, at: string): FeedbackEntry | null {
  if (typeof item.id !== 'string' || typeof item.path !== 'string') return null
  // `contact` is not read: an email address has no place in anything the action writes.
  return {
    id: item.id,
    path: item.path,
    comment: text(item.comment),
    createdAt: figures.date(item.createdAt, `${at}.createdAt`),
    source: text(item.source),
    status: text(item.status),
    helpful: typeof item.helpful === 'boolean' ? item.helpful : null,
    code: text(item.code),
    filename: text(item.filename),
    lang: text(item.lang)
  }
}

function pageFeedback(item: Record<string, unknown>, figures: Figures, at: string): PageFeedback | null {
  if (typeof item.path !== 'string') return null
  return {
    path: item.path,
    thumbsUp: figures.count(item.thumbsUp, `${at}.thumbsUp`),
    thumbsDown: figures.count(item.thumbsDown, `${at}.thumbsDown`),
    code: figures.count(item.code, `${at}.code`),
    total: figures.count(item.total, `${at}.total`)
  }
}

function searchTerm(item: Record<string, unknown>, figures: Figures, at: string): SearchTerm | null {
  if (typeof item.searchQuery !== 'string') return null
  return {
    searchQuery: item.searchQuery,
    hits: figures.count(item.hits, `${at}.hits`),
    // A rate, not a count: any finite number is read as it comes.
    ctr: typeof item.ctr === 'number' && Number.isFinite(item.ctr) ? item.ctr : 0,
    topClickedPage: text(item.topClickedPage),
    lastSearchedAt: figures.date(item.lastSearchedAt, `${at}.lastSearchedAt`)
  }
}

function conversation(item: Record<string, unknown>, figures: Figures, at: string): Conversation | null {
  if (typeof item.id !== 'string') return null
  const sources = Array.isArray(item.sources) ? item.sources : []
  return {
    id: item.id,
    timestamp: figures.date(item.timestamp, `${at}.timestamp`),
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
