// The fake analytics endpoints (GET /v1/analytics/{projectId}/visitors and /views), following the official
// OpenAPI document: query dateFrom/dateTo (YYYY-MM-DD or ISO 8601; dateTo exclusive), limit 1–250 (default
// 50), offset ≥ 0 (default 0); 200 {totals:{human,ai,total}, visitors|views:[{path,human,ai,total}], hasMore};
// 400 {error, details:[{message}]}. Plus an hourly quota shared by both endpoints (429).
//
// The data set is virtual: row i of the ranking is computed from i and the seed, so a page costs O(limit)
// whatever the number of paths. Row i (0-based) of the base data is the path '/docs/page-<i+1>' (zero-padded
// to 6 digits); totals never increase down the ranking and ties keep path order, so the ranking is sorted
// by total descending, ties by path ascending, as the API sorts it.
//
// Counts do not depend on the width of the requested range: any range that overlaps the data window gets
// the whole data set, any other range gets an empty answer.
import type { RouteResponse } from '../types.js'
import { invalid, parseDate, parseQuery, type QueryParams } from './query.js'
import { buildDataSet, RankingView, type DataSet, type Shift, type Trigger } from './ranking.js'
import { READER_LIMITS, ReaderAnalytics, type ReaderEndpoint } from './readers.js'
import type { AnalyticsKind, AnalyticsRow, AnalyticsTotals, FakeAnalytics, QuestionPlant, ReaderVolume, VotePlant } from './types.js'

export const DEFAULT_ANALYTICS_PATHS = 1200
export const DEFAULT_ANALYTICS_FROM = '2026-01-01'
export const DEFAULT_ANALYTICS_TO = '2027-01-01'
export const DEFAULT_ANALYTICS_TODAY = '2026-06-15'
export const DEFAULT_ANALYTICS_QUOTA = 100
export const DEFAULT_QUOTA_RETRY_AFTER_SECONDS = 3600
export const MAX_LIMIT = 250
export const DEFAULT_LIMIT = 50
/** Width of the default range when a request gives no dateFrom. */
const DEFAULT_RANGE_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000
const { max, min, ceil } = Math

export interface AnalyticsRequest {
  query: URLSearchParams
}

export class AnalyticsApi implements FakeAnalytics {
  latencyMs = 0
  quota = DEFAULT_ANALYTICS_QUOTA
  quotaRetryAfterSeconds = DEFAULT_QUOTA_RETRY_AFTER_SECONDS
  used = 0
  today = DEFAULT_ANALYTICS_TODAY
  served = 0

  private data: DataSet
  private readonly readers = new ReaderAnalytics()
  private readonly shifts: Shift[] = []
  private readonly totalChanges: Trigger[] = []
  private triggerCounter = 0
  /** When the current quota window ends (set by the first refused request of the window). */
  private quotaResetAt: number | undefined

  constructor() {
    this.data = buildDataSet(DEFAULT_ANALYTICS_PATHS, 1, DEFAULT_ANALYTICS_FROM, DEFAULT_ANALYTICS_TO)
  }

  setData(options: { paths?: number; seed?: number; from?: string; to?: string }): void {
    const paths = options.paths ?? DEFAULT_ANALYTICS_PATHS
    if (!Number.isSafeInteger(paths) || paths < 0) throw new Error(`setData: paths must be an integer ≥ 0 (got ${paths})`)
    const seed = options.seed ?? 1
    if (!Number.isSafeInteger(seed)) throw new Error(`setData: seed must be an integer (got ${seed})`)
    this.data = buildDataSet(paths, seed, options.from ?? DEFAULT_ANALYTICS_FROM, options.to ?? DEFAULT_ANALYTICS_TO)
  }

  shiftData(options: { afterRequests: number; count?: number }): void {
    const count = options.count ?? 1
    if (!Number.isSafeInteger(count) || count < 1) throw new Error(`shiftData: count must be an integer ≥ 1 (got ${count})`)
    this.shifts.push({ ...this.trigger('shiftData', options.afterRequests), count })
  }

  changeTotals(options: { afterRequests: number }): void {
    this.totalChanges.push(this.trigger('changeTotals', options.afterRequests))
  }

  rows(kind: AnalyticsKind): AnalyticsRow[] {
    const view = this.view()
    const rows: AnalyticsRow[] = []
    for (let i = 0; i < view.rowCount; i++) rows.push(view.row(kind, i))
    return rows
  }

  totals(kind: AnalyticsKind): AnalyticsTotals {
    return this.view().totals(kind)
  }

  /** Answers an authorised request for this project (auth and project checks are done by the caller). */
  handle(kind: AnalyticsKind, req: AnalyticsRequest): RouteResponse {
    const refused = this.takeQuota()
    if (refused) return refused

    const params = parseQuery(req.query, { max: MAX_LIMIT, fallback: DEFAULT_LIMIT })
    if ('errors' in params) return invalid(params.errors)
    const range = this.rangeOf(params)

    // Data shifts and totals changes take effect from the page after the `afterRequests`-th one.
    const view = this.view()
    this.served++
    if (!range.overlaps) {
      return { status: 200, json: { totals: { human: 0, ai: 0, total: 0 }, [kind]: [], hasMore: false } }
    }
    const end = min(view.rowCount, params.offset + params.limit)
    const rows: AnalyticsRow[] = []
    for (let i = params.offset; i < end; i++) rows.push(view.row(kind, i))
    return {
      status: 200,
      json: { totals: view.totals(kind), [kind]: rows, hasMore: params.offset + params.limit < view.rowCount }
    }
  }

  /**
   * Answers an authorised request to feedback, feedback/by-page, searches, assistant or caller-stats: the
   * same quota, dates and 400 shape as visitors/views, counts from the events of the requested range.
   */
  handleReaders(endpoint: ReaderEndpoint, req: AnalyticsRequest): RouteResponse {
    const refused = this.takeQuota()
    if (refused) return refused
    const params = parseQuery(req.query, READER_LIMITS[endpoint])
    if ('errors' in params) return invalid(params.errors)
    const range = this.rangeOf(params)
    this.served++
    const fromMs = max(range.fromMs, this.data.fromMs)
    const toMs = min(range.toMs, this.data.toMs)
    return this.readers.answer(endpoint, {
      fromMs,
      toMs: range.overlaps ? toMs : fromMs,
      limit: params.limit,
      cursor: params.cursor,
      source: params.source,
      statuses: params.statuses
    })
  }

  plantThumbsDown(path: string, perDay: number): void {
    this.readers.planted.thumbsDown.push({ path, perDay: positive('plantThumbsDown', perDay) })
  }

  plantDeadSearch(term: string, perDay: number): void {
    this.readers.planted.deadSearches.push({ term, perDay: positive('plantDeadSearch', perDay) })
  }

  plantUnansweredCategory(category: string, perDay: number, pagePath = '/docs/page-000001'): void {
    this.readers.planted.unansweredCategories.push({ category, perDay: positive('plantUnansweredCategory', perDay), pagePath })
  }

  plantVotes(path: string, span: { from: string; to: string } & VotePlant): void {
    const { fromMs, toMs } = plantSpan('plantVotes', span)
    if (![span.up, span.down].every((n) => Number.isSafeInteger(n) && n >= 0))
      throw new Error('plantVotes: up and down must be integers ≥ 0')
    this.readers.planted.votes.push({ path, fromMs, toMs, up: span.up, down: span.down })
  }

  plantQuestions(span: { from: string; to: string } & QuestionPlant): void {
    const { fromMs, toMs } = plantSpan('plantQuestions', span)
    const counts = [span.answered, span.unanswered, span.clarifying ?? 0]
    if (!counts.every((n) => Number.isSafeInteger(n) && n >= 0)) throw new Error('plantQuestions: counts must be integers ≥ 0')
    this.readers.planted.questions.push({ ...span, fromMs, toMs })
  }

  get readerVolume(): ReaderVolume {
    return this.readers.volume
  }

  set readerVolume(volume: ReaderVolume) {
    this.readers.volume = { ...volume }
  }

  private trigger(what: string, afterRequests: number): Trigger {
    if (!Number.isSafeInteger(afterRequests) || afterRequests < 0) {
      throw new Error(`${what}: afterRequests must be an integer ≥ 0 (got ${afterRequests})`)
    }
    return { at: this.served + afterRequests, order: ++this.triggerCounter }
  }

  /** The quota check: undefined when the request may go on (and is counted), else the 429. */
  private takeQuota(): RouteResponse | undefined {
    const now = Date.now()
    if (this.quotaResetAt !== undefined && now >= this.quotaResetAt) {
      this.used = 0
      this.quotaResetAt = undefined
    }
    if (this.used < this.quota) {
      this.used++
      return undefined
    }
    this.quotaResetAt ??= now + max(0, this.quotaRetryAfterSeconds) * 1000
    const retryAfter = max(0, ceil((this.quotaResetAt - now) / 1000))
    return { status: 429, json: { error: 'Rate limit exceeded' }, headers: { 'retry-after': String(retryAfter) } }
  }

  /** The request's range [from, to) and whether it overlaps the data window. */
  private rangeOf(params: QueryParams): { fromMs: number; toMs: number; overlaps: boolean } {
    const todayMs = parseDate(this.today)
    if (todayMs === undefined) throw new Error(`analytics.today is not a YYYY-MM-DD date: '${this.today}'`)
    // Without dates: the last 30 days before today. Only one date: the other one from the default.
    const toMs = params.dateTo ?? todayMs
    const fromMs = params.dateFrom ?? toMs - DEFAULT_RANGE_DAYS * DAY_MS
    return { fromMs, toMs, overlaps: fromMs < toMs && fromMs < this.data.toMs && this.data.fromMs < toMs }
  }

  /** The ranking as it stands now: inserted (shifted-in) paths on top of the base data. */
  private view(): RankingView {
    const active = (t: Trigger): boolean => this.served >= t.at
    const byActivation = (a: Trigger, b: Trigger): number => a.at - b.at || a.order - b.order
    // Latest shift on top: iterate from the last activated to the first.
    const shifts = this.shifts.filter(active).sort(byActivation).reverse()
    const totalsBump = this.totalChanges.filter(active).length
    return new RankingView(this.data, shifts, totalsBump)
  }
}

function plantSpan(what: string, span: { from: string; to: string }): { fromMs: number; toMs: number } {
  const fromMs = parseDate(span.from)
  const toMs = parseDate(span.to)
  if (fromMs === undefined || toMs === undefined || fromMs >= toMs) throw new Error(`${what}: from and to must be dates, from before to`)
  return { fromMs, toMs }
}

function positive(what: string, perDay: number): number {
  if (!Number.isSafeInteger(perDay) || perDay < 1) throw new Error(`${what}: perDay must be an integer ≥ 1 (got ${perDay})`)
  return perDay
}
