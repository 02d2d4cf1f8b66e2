// The ranking behind visitors/views: a virtual data set whose row i is computed from i and the seed (a page
// costs O(limit), whatever the number of paths), with the paths shiftData() inserts on top.
import { parseDate } from './query.js'
import { rand } from './random.js'
import type { AnalyticsKind, AnalyticsRow, AnalyticsTotals } from './types.js'

// Module-scope aliases: the hot paths (row generation) must not look up globals, which is slow inside a
// vm context such as Jest's test environment (where the simulator usually runs).
const { floor, pow, round, max, min } = Math

export interface DataSet {
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
export interface Trigger {
  /** Active once `served` reaches this. */
  at: number
  /** Call order, to break ties between triggers with the same `at`. */
  order: number
}

export interface Shift extends Trigger {
  count: number
}

/** One request's view of the ranking; rows are computed on demand. */
export class RankingView {
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

export function buildDataSet(paths: number, seed: number, from: string, to: string): DataSet {
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
