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
import { invalid, rand, READER_LIMITS, ReaderAnalytics, type ReaderEndpoint } from './reader-analytics.js'
import type { AnalyticsKind, AnalyticsRow, AnalyticsTotals, FakeAnalytics, ReaderVolume, RouteResponse } from './types.js'

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
// Module-scope aliases: the hot paths (row generation) must not look up globals, which is slow inside a
// vm context such as Jest's test environment (where the simulator usually runs).
const { floor, pow, round, max, min, ceil } = Math

interface DataSet {
  paths: number
  seed: number
  fromMs: number
  toMs: number
  /** Numerator of the Zipf-like curve of per-path visitor totals. */
  scale: number
  /** Views per visitor (≥ 2, so every view count ≥ the matching visitor count). */
  viewsPerVisitor: number
  visitorTotals: AnalyticsTotals
  viewTotals: AnalyticsTotals
}

/** A pending or active shiftData()/changeTotals() event. */
interface Trigger {
  /** Active once `served` reaches this. */
  at: number
  /** Call order, to break ties between triggers with the same `at`. */
  order: number
}

interface Shift extends Trigger {
  count: number
}

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

/** One request's view of the ranking; rows are computed on demand. */
class RankingView {
  readonly rowCount: number
  private readonly inserted: number

  constructor(
    private readonly data: DataSet,
    /** Active shifts, top of the ranking first. */
    private readonly shifts: Shift[],
    private readonly totalsBump: number
  ) {
    this.inserted = shifts.reduce((n, s) => n + s.count, 0)
    this.rowCount = this.inserted + data.paths
  }

  totals(kind: AnalyticsKind): AnalyticsTotals {
    const base = kind === 'visitors' ? this.data.visitorTotals : this.data.viewTotals
    return { human: base.human + this.totalsBump, ai: base.ai, total: base.total + this.totalsBump }
  }

  row(kind: AnalyticsKind, index: number): AnalyticsRow {
    const { data } = this
    if (index >= this.inserted) {
      const i = index - this.inserted
      return makeRow(kind, data, basePath(i, data.paths), baseTotal(data, i), i)
    }
    // Inserted paths: strictly above the base top row, strictly decreasing down the ranking.
    let rest = index
    for (const shift of this.shifts) {
      if (rest < shift.count) {
        const top = data.paths > 0 ? baseTotal(data, 0) : 0
        const total = top + (this.inserted - index) * 7
        const path = `/docs/new-page-${shift.order}-${`${rest + 1}`.padStart(3, '0')}`
        return makeRow(kind, data, path, total, 0x4000_0000 + shift.order * 0x10000 + rest)
      }
      rest -= shift.count
    }
    throw new Error(`row ${index} out of range`)
  }
}

function basePath(i: number, paths: number): string {
  return `/docs/page-${`${i + 1}`.padStart(max(6, `${paths}`.length), '0')}`
}

/** Per-path unique visitors of base row i: a Zipf-like curve, non-increasing in i, at least 1. */
function baseTotal(data: DataSet, i: number): number {
  return floor(data.scale / pow(i + 1, 0.8)) + 1
}

/** Visitors: total deduplicated (< human + ai, ≥ each); views: events, total = human + ai. */
function makeRow(kind: AnalyticsKind, data: DataSet, path: string, visitors: number, key: number): AnalyticsRow {
  const v = visitorSplit(data.seed, key, visitors)
  if (kind === 'visitors') return { path, ...v }
  const total = floor(visitors * data.viewsPerVisitor)
  // Split the views in the proportion of the visitors; since total ≥ human + ai of the visitors, each
  // view count is ≥ the matching visitor count.
  const ai = round((total * v.ai) / (v.human + v.ai))
  return { path, human: total - ai, ai, total }
}

/** Splits `total` distinct visitors into human and AI visitors that overlap by at least one. */
function visitorSplit(seed: number, key: number, total: number): AnalyticsTotals {
  if (total <= 0) return { human: 0, ai: 0, total: 0 }
  const overlap = min(total, max(1, floor(total * (0.02 + 0.13 * rand(seed, key, 1)))))
  const aiShare = 0.05 + 0.6 * rand(seed, key, 2)
  const aiOnly = round((total - overlap) * aiShare)
  const humanOnly = total - overlap - aiOnly
  return { human: humanOnly + overlap, ai: aiOnly + overlap, total }
}

function buildDataSet(paths: number, seed: number, from: string, to: string): DataSet {
  const fromMs = parseDate(from)
  const toMs = parseDate(to)
  if (fromMs === undefined) throw new Error(`setData: from must be YYYY-MM-DD or ISO 8601 (got '${from}')`)
  if (toMs === undefined) throw new Error(`setData: to must be YYYY-MM-DD or ISO 8601 (got '${to}')`)
  if (fromMs >= toMs) throw new Error(`setData: from (${from}) must be before to (${to})`)
  const data: DataSet = {
    paths,
    seed,
    fromMs,
    toMs,
    scale: 20_000 + floor(rand(seed, 0, 3) * 30_000),
    viewsPerVisitor: 2.2 + 1.2 * rand(seed, 0, 4),
    visitorTotals: { human: 0, ai: 0, total: 0 },
    viewTotals: { human: 0, ai: 0, total: 0 }
  }
  // Site totals, once per data set (O(paths)). Views are events: their site totals are sums. Visitors are
  // people who read several pages: the site's distinct visitors are well below the per-path sums, and
  // the site total is deduplicated across human and AI as well.
  let sumHuman = 0
  let sumAi = 0
  let maxHuman = 0
  let maxAi = 0
  let maxTotal = 0
  const views = data.viewTotals
  for (let i = 0; i < paths; i++) {
    const total = baseTotal(data, i)
    const v = makeRow('visitors', data, '', total, i)
    sumHuman += v.human
    sumAi += v.ai
    maxHuman = max(maxHuman, v.human)
    maxAi = max(maxAi, v.ai)
    maxTotal = max(maxTotal, v.total)
    const w = makeRow('views', data, '', total, i)
    views.human += w.human
    views.ai += w.ai
    views.total += w.total
  }
  if (paths > 0) {
    const human = max(maxHuman, round(sumHuman * 0.55))
    const ai = max(maxAi, round(sumAi * 0.7))
    const overlap = max(1, floor(min(human, ai) * 0.05))
    data.visitorTotals = { human, ai, total: max(maxTotal, human + ai - overlap) }
  }
  return data
}

interface QueryParams {
  dateFrom: number | undefined
  dateTo: number | undefined
  limit: number
  offset: number
  cursor: string | null
  source: string | null
  statuses: string[] | null
}

const FEEDBACK_SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only']

function positive(what: string, perDay: number): number {
  if (!Number.isSafeInteger(perDay) || perDay < 1) throw new Error(`${what}: perDay must be an integer ≥ 1 (got ${perDay})`)
  return perDay
}

/**
 * The validated query, or every problem found in it (the 400's details). `limits` is the endpoint's
 * documented maximum and default (null: the endpoint takes no limit).
 */
function parseQuery(query: URLSearchParams, limits: { max: number; fallback: number } | null): QueryParams | { errors: string[] } {
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
  if (source !== null && !FEEDBACK_SOURCES.includes(source))
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
