import type { DateRange } from '../../date-range.js'
import type {
  AnalyticsKind,
  AnalyticsRow,
  Conversation,
  FeedbackEntry,
  ReaderPages,
  SearchTerm,
  TrafficCounts,
  Unreadable
} from '../../mintlify/analytics.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import type { FetchedPage, PagePosition } from '../../mintlify/paging.js'
import type { RowLayout } from './export-file.js'
import { Top } from './top-pages.js'

/**
 * What differs between the exports (visitors, views, feedback, searches, assistant): how a page is
 * fetched, the file's columns and head, the key that tells a row seen twice, and what the summary
 * counts. The export loop (analytics/export.ts) is the same for all of them.
 */
export interface ExportKind<Row> {
  /** One page at `position`, in the shape readPages follows. */
  fetch(position: PagePosition, limit: number): Promise<KindPage<Row>>
  layout: RowLayout<Row>
  /** What the file holds before its rows, from the first page. */
  head(first: KindPage<Row>): Record<string, unknown>
  /** Rows with the same key are one row served twice (the data changed while it was read). */
  key(row: Row): string
  /** What a row is called in messages: "page", "feedback entry", … */
  noun: [singular: string, plural: string]
  /** What `key` reads, for the warning about rows served twice: "path", … */
  keyNoun: [singular: string, plural: string]
  /** What a row the parser skipped lacked: "a path", … */
  identity: string
  /** Counts for the summary, in fixed memory. */
  tally: Tally<Row>
}

export interface KindPage<Row> extends FetchedPage<Row>, Unreadable {
  /** Entries the API sent without their identifying field, or with a figure outside its domain, left out. */
  skipped: number
  /** The site totals (visitors, views), null for other kinds and when one is outside its domain (left out, never printed). */
  totals: TrafficCounts | null
  /** Searches: all search events in the range. */
  totalSearches: number | null
}

export interface Tally<Row> {
  add(rows: Row[]): void
  summary(): ExportSummary
}

/** How many of the largest items a summary keeps. */
export const TOP_ITEMS = 15

export type ExportSummary =
  | { kind: 'traffic'; top: AnalyticsRow[] }
  | {
      kind: 'feedback'
      entries: number
      byStatus: Record<string, number>
      /** Pages with the most feedback, with how much of it is a thumbs down. */
      pages: { path: string; entries: number; thumbsDown: number }[]
      /** Reader text: the first comments of pending feedback. */
      pendingComments: { path: string; comment: string }[]
    }
  | {
      kind: 'searches'
      totalSearches: number
      terms: number
      /** Terms with a click-through of 0 or no clicked page, and their hits. */
      withoutClick: { terms: number; hits: number }
      /** Reader text: the most searched terms. */
      top: SearchTerm[]
    }
  | {
      kind: 'assistant'
      conversations: number
      unanswered: number
      /** Categories by unanswered conversations. */
      categories: { category: string; conversations: number; unanswered: number }[]
      /** Pages where unanswered conversations started. */
      pages: { page: string; unanswered: number }[]
      /** Reader text: the first unanswered questions. */
      questions: string[]
    }

export interface KindRequest {
  projectId: string
  range: DateRange
}

/** Visitors and views: `path,human,ai,total`. */
export const TRAFFIC_LAYOUT: RowLayout<AnalyticsRow> = {
  columns: ['path', 'human', 'ai', 'total'],
  values: (row) => [row.path, row.human, row.ai, row.total]
}

/** The head every export file starts with: the range, `dateTo` exclusive as in the API. */
export function rangeHead(range: DateRange): Record<string, unknown> {
  return { range: { dateFrom: range.from, dateTo: range.to, dateToExclusive: true } }
}

export function trafficKind(kind: AnalyticsKind, request: KindRequest, client: DocsApiClient): ExportKind<AnalyticsRow> {
  const top = new Top<AnalyticsRow>(TOP_ITEMS, (row) => row.total)
  return {
    async fetch(position, limit) {
      const page = await client.getAnalyticsPage(kind, request.projectId, {
        dateFrom: request.range.from,
        dateTo: request.range.to,
        limit,
        offset: 'offset' in position ? position.offset : 0
      })
      const totalsReadable = !page.unreadable?.some((field) => field.startsWith('totals.'))
      return { ...page, totals: totalsReadable ? page.totals : null, continuation: { hasMore: page.hasMore }, totalSearches: null }
    },
    layout: TRAFFIC_LAYOUT,
    head: (first) => ({ ...rangeHead(request.range), totals: first.totals }),
    key: (row) => row.path,
    noun: ['page', 'pages'],
    keyNoun: ['path', 'paths'],
    identity: 'a path',
    tally: { add: (rows) => rows.forEach((row) => top.offer(row)), summary: () => ({ kind: 'traffic', top: top.list() }) }
  }
}

/** One page of a cursor endpoint, in the loop's shape. */
async function readerPage<E extends 'feedback' | 'searches' | 'assistant'>(
  endpoint: E,
  request: KindRequest,
  client: DocsApiClient,
  position: PagePosition,
  limit: number
): Promise<ReaderPages[E] & { continuation: { nextCursor: string | null }; totals: null; totalSearches: number | null }> {
  const page = await client.getReaderPage(endpoint, request.projectId, {
    dateFrom: request.range.from,
    dateTo: request.range.to,
    limit,
    cursor: 'cursor' in position ? position.cursor : null
  })
  // A total outside its domain is left out, never printed.
  const totalSearches = 'totalSearches' in page && !page.unreadable?.includes('totalSearches') ? page.totalSearches : null
  return { ...page, continuation: { nextCursor: page.nextCursor }, totals: null, totalSearches }
}

const FEEDBACK_COLUMNS = ['id', 'path', 'createdAt', 'source', 'status', 'helpful', 'comment', 'code', 'filename', 'lang'] as const

export function feedbackKind(request: KindRequest, client: DocsApiClient): ExportKind<FeedbackEntry> {
  const byStatus: Record<string, number> = {}
  const byPage = new Map<string, { entries: number; thumbsDown: number }>()
  const pendingComments: { path: string; comment: string }[] = []
  let entries = 0
  return {
    fetch: (position, limit) => readerPage('feedback', request, client, position, limit),
    // Every documented field but `contact`, which the parser never read.
    layout: { columns: FEEDBACK_COLUMNS, values: (row) => FEEDBACK_COLUMNS.map((column) => row[column]) },
    head: () => rangeHead(request.range),
    key: (row) => row.id,
    noun: ['feedback entry', 'feedback entries'],
    keyNoun: ['feedback entry', 'feedback entries'],
    identity: 'an id or a path',
    tally: {
      add(rows) {
        for (const row of rows) {
          entries++
          const status = row.status ?? 'unknown'
          byStatus[status] = (byStatus[status] ?? 0) + 1
          const page = byPage.get(row.path) ?? { entries: 0, thumbsDown: 0 }
          page.entries++
          if (row.helpful === false) page.thumbsDown++
          byPage.set(row.path, page)
          if (status === 'pending' && row.comment && pendingComments.length < 5)
            pendingComments.push({ path: row.path, comment: row.comment })
        }
      },
      summary() {
        const top = new Top<{ path: string; entries: number; thumbsDown: number }>(TOP_ITEMS, (page) => page.entries)
        byPage.forEach((page, path) => top.offer({ path, ...page }))
        return { kind: 'feedback', entries, byStatus, pages: top.list(), pendingComments }
      }
    }
  }
}

const SEARCH_COLUMNS = ['searchQuery', 'hits', 'ctr', 'topClickedPage', 'lastSearchedAt'] as const

export function searchesKind(request: KindRequest, client: DocsApiClient): ExportKind<SearchTerm> {
  const top = new Top<SearchTerm>(TOP_ITEMS, (term) => term.hits)
  const withoutClick = { terms: 0, hits: 0 }
  let terms = 0
  let totalSearches = 0
  return {
    fetch: (position, limit) => readerPage('searches', request, client, position, limit),
    layout: { columns: SEARCH_COLUMNS, values: (row) => SEARCH_COLUMNS.map((column) => row[column]) },
    head: (first) => {
      totalSearches = first.totalSearches ?? 0
      return { ...rangeHead(request.range), totalSearches }
    },
    key: (row) => row.searchQuery,
    noun: ['search term', 'search terms'],
    keyNoun: ['search term', 'search terms'],
    identity: 'a search term',
    tally: {
      add(rows) {
        for (const row of rows) {
          terms++
          top.offer(row)
          if (foundNothing(row)) {
            withoutClick.terms++
            withoutClick.hits += row.hits
          }
        }
      },
      summary: () => ({ kind: 'searches', totalSearches, terms, withoutClick, top: top.list() })
    }
  }
}

/** A search whose readers clicked nothing: click-through 0, or no page clicked. */
export function foundNothing(term: SearchTerm): boolean {
  return term.ctr === 0 || term.topClickedPage === null
}

const CONVERSATION_COLUMNS = [
  'id',
  'timestamp',
  'query',
  'response',
  'responseType',
  'sources',
  'resolutionStatus',
  'queryCategory',
  'pageUrl'
] as const

export function assistantKind(request: KindRequest, client: DocsApiClient): ExportKind<Conversation> {
  const categories = new Map<string, { conversations: number; unanswered: number }>()
  const pages = new Map<string, number>()
  const questions: string[] = []
  let conversations = 0
  let unanswered = 0
  return {
    fetch: (position, limit) => readerPage('assistant', request, client, position, limit),
    layout: { columns: CONVERSATION_COLUMNS, values: (row) => CONVERSATION_COLUMNS.map((column) => row[column]) },
    head: () => rangeHead(request.range),
    key: (row) => row.id,
    noun: ['conversation', 'conversations'],
    keyNoun: ['conversation', 'conversations'],
    identity: 'an id',
    tally: {
      add(rows) {
        for (const row of rows) {
          conversations++
          const open = row.resolutionStatus === 'unanswered'
          const category = categories.get(row.queryCategory ?? 'uncategorised') ?? { conversations: 0, unanswered: 0 }
          category.conversations++
          if (open) {
            unanswered++
            category.unanswered++
            if (row.pageUrl) pages.set(row.pageUrl, (pages.get(row.pageUrl) ?? 0) + 1)
            if (row.query && questions.length < 5) questions.push(row.query)
          }
          categories.set(row.queryCategory ?? 'uncategorised', category)
        }
      },
      summary() {
        const topCategories = new Top<{ category: string; conversations: number; unanswered: number }>(TOP_ITEMS, (c) => c.unanswered)
        categories.forEach((counts, category) => topCategories.offer({ category, ...counts }))
        const topPages = new Top<{ page: string; unanswered: number }>(TOP_ITEMS, (p) => p.unanswered)
        pages.forEach((count, page) => topPages.offer({ page, unanswered: count }))
        return { kind: 'assistant', conversations, unanswered, categories: topCategories.list(), pages: topPages.list(), questions }
      }
    }
  }
}
