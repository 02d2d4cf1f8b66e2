/**
 * The docs-health findings, computed from parsed analytics rows (no HTTP here). Each function takes the
 * fields the report needs; the parsers of src/mintlify/ deliver rows with these fields and more.
 */
import type {
  AnalyticsRow,
  CallerStats,
  Conversation,
  FeedbackEntry as ParsedFeedbackEntry,
  PageFeedback as ParsedPageFeedback,
  SearchTerm as ParsedSearchTerm,
  TrafficCounts
} from '../../mintlify/analytics.js'
import type { AskedAgain } from './asked-again/answers.js'

/** The fields the report reads, as the parsers of src/mintlify/analytics.ts deliver them. */
export type Counts = TrafficCounts
export type ViewedPage = AnalyticsRow
export type PageFeedback = Pick<ParsedPageFeedback, 'path' | 'thumbsUp' | 'thumbsDown'>
export type SearchTerm = Pick<ParsedSearchTerm, 'searchQuery' | 'hits' | 'ctr' | 'topClickedPage'>
export type AssistantTurn = Pick<Conversation, 'query' | 'resolutionStatus' | 'queryCategory' | 'pageUrl'>
export type CallerMix = CallerStats
export type FeedbackEntry = Pick<ParsedFeedbackEntry, 'path' | 'comment' | 'status' | 'source' | 'createdAt'>

/** A figure beside its value in the previous range. `change` is relative (0.25 = +25%); null when there was nothing before. */
export interface Compared {
  value: number
  previous: number
  change: number | null
}

export function compare(value: number, previous: number): Compared {
  return { value, previous, change: previous > 0 ? round((value - previous) / previous) : null }
}

/** Each figure beside the previous range's; null when either range's answer was outside its domain (left out, not printed). */
export interface TrafficFigures {
  total: Compared | null
  human: Compared | null
  ai: Compared | null
}

/** The totals compared; a figure named in `unreadable` (in either range) is left out. */
export function compareCounts(current: Counts, previous: Counts, unreadable: ReadonlySet<keyof Counts> = new Set()): TrafficFigures {
  const compared = (figure: keyof Counts): Compared | null => (unreadable.has(figure) ? null : compare(current[figure], previous[figure]))
  return { total: compared('total'), human: compared('human'), ai: compared('ai') }
}

export interface PageToFix {
  path: string
  views: number
  thumbsUp: number
  thumbsDown: number
  /** thumbsUp / (thumbsUp + thumbsDown). */
  upRatio: number
  /** views × the lower bound of the thumbs-down share: most read and worst rated first. */
  score: number
}

/**
 * Pages to fix first: the read pages joined with their thumbs by path. The thumbs-down share is taken at
 * the lower bound of its 95% Wilson interval, so one vote against on a quiet page does not outrank forty
 * on a busy one; pages without a thumbs down are not listed.
 */
export function rankPagesToFix(views: readonly ViewedPage[], feedback: readonly PageFeedback[]): PageToFix[] {
  const viewsByPath = new Map<string, number>()
  for (const page of views) {
    const path = pagePath(page.path)
    viewsByPath.set(path, (viewsByPath.get(path) ?? 0) + page.total)
  }
  const thumbs = new Map<string, { up: number; down: number }>()
  for (const row of feedback) {
    const path = pagePath(row.path)
    const seen = thumbs.get(path) ?? { up: 0, down: 0 }
    thumbs.set(path, { up: seen.up + row.thumbsUp, down: seen.down + row.thumbsDown })
  }
  const pages: PageToFix[] = []
  for (const [path, { up, down }] of thumbs) {
    const read = viewsByPath.get(path) ?? 0
    if (down === 0 || read === 0) continue
    pages.push({
      path,
      views: read,
      thumbsUp: up,
      thumbsDown: down,
      upRatio: round(up / (up + down)),
      score: round(read * wilsonLower(down, up + down))
    })
  }
  return pages.sort((a, b) => b.score - a.score || b.views - a.views || a.path.localeCompare(b.path))
}

/** Lower bound of the 95% Wilson score interval of `hits` out of `trials`. */
export function wilsonLower(hits: number, trials: number): number {
  if (trials <= 0) return 0
  const z = 1.96
  const p = hits / trials
  const z2 = z * z
  return (p + z2 / (2 * trials) - z * Math.sqrt((p * (1 - p) + z2 / (4 * trials)) / trials)) / (1 + z2 / trials)
}

export interface SearchWithoutClick {
  term: string
  hits: number
  /** Share of all searches of the range. */
  share: number | null
  /** With assistant-key: today's answer to the same search; null where it was not asked. Absent without assistant-key. */
  askedAgain?: AskedAgain | null
}

/** Search terms nobody clicked a result for (click-through 0, or no clicked page), most searched first. */
export function searchesWithoutClicks(terms: readonly SearchTerm[], totalSearches: number): SearchWithoutClick[] {
  return terms
    .filter((term) => term.ctr === 0 || !term.topClickedPage)
    .map((term) => ({ term: term.searchQuery, hits: term.hits, share: totalSearches > 0 ? round(term.hits / totalSearches) : null }))
    .sort((a, b) => b.hits - a.hits || a.term.localeCompare(b.term))
}

export interface Tally {
  key: string
  count: number
}

export interface UnansweredQuestion {
  query: string
  category: string | null
  page: string | null
}

export interface AssistantFindings {
  conversations: Compared
  unanswered: {
    count: Compared
    /** Unanswered / all conversations; `change` in percentage points (0.05 = 5 points more). */
    share: { value: number | null; previous: number | null; change: number | null }
    /** The pages where unanswered conversations start, most first. */
    byPage: Tally[]
    byCategory: Tally[]
    questions: UnansweredQuestion[]
  }
  callers: CallerMix
}

/** The unanswered share, where it starts and what it is about, against the previous range; plus the caller mix. */
export function assistantFindings(
  current: readonly AssistantTurn[],
  previous: readonly AssistantTurn[],
  callers: CallerMix
): AssistantFindings {
  const unanswered = current.filter(isUnanswered)
  const previousUnanswered = previous.filter(isUnanswered).length
  const share = current.length > 0 ? round(unanswered.length / current.length) : null
  const previousShare = previous.length > 0 ? round(previousUnanswered / previous.length) : null
  return {
    conversations: compare(current.length, previous.length),
    unanswered: {
      count: compare(unanswered.length, previousUnanswered),
      share: {
        value: share,
        previous: previousShare,
        change: share !== null && previousShare !== null ? round(share - previousShare) : null
      },
      byPage: tally(unanswered.map((turn) => (turn.pageUrl ? pagePath(turn.pageUrl) : null))),
      byCategory: tally(unanswered.map((turn) => turn.queryCategory)),
      questions: unanswered.map((turn) => ({
        query: turn.query,
        category: turn.queryCategory,
        page: turn.pageUrl ? pagePath(turn.pageUrl) : null
      }))
    },
    callers: { web: callers.web, api: callers.api, other: callers.other, total: callers.total }
  }
}

function isUnanswered(turn: AssistantTurn): boolean {
  return turn.resolutionStatus === 'unanswered'
}

export interface PendingPage {
  path: string
  count: number
  comments: { comment: string; source: string | null; createdAt: string | null }[]
}

/**
 * Written feedback (a non-empty comment) still pending, grouped by page, most first. Entries are copied
 * field by field: whatever else a row carries (an email address in `contact`) never reaches the report.
 */
export function pendingFeedbackByPage(entries: readonly FeedbackEntry[]): PendingPage[] {
  const pages = new Map<string, PendingPage>()
  for (const entry of entries) {
    const comment = entry.comment?.trim()
    if (entry.status !== 'pending' || !comment) continue
    const path = pagePath(entry.path)
    const page = pages.get(path) ?? { path, count: 0, comments: [] }
    page.count++
    page.comments.push({ comment, source: entry.source, createdAt: entry.createdAt })
    pages.set(path, page)
  }
  return [...pages.values()].sort((a, b) => b.count - a.count || a.path.localeCompare(b.path))
}

/** Counts of each key, most first; a missing key counts as `(none)`. */
export function tally(keys: readonly (string | null)[]): Tally[] {
  const counts = new Map<string, number>()
  for (const key of keys) counts.set(key ?? '(none)', (counts.get(key ?? '(none)') ?? 0) + 1)
  return [...counts.entries()].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
}

/**
 * One spelling per page, so that views, feedback and assistant rows meet: the path of a full URL
 * (`pageUrl` is one), without a trailing slash.
 */
export function pagePath(pathOrUrl: string): string {
  let path = pathOrUrl.trim()
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname
    } catch {
      // Not a URL after all: the text is the best name of the page there is.
    }
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/** Four decimals: enough for shares and scores, stable in the JSON file. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000
}
