/**
 * The statistics of the track record, pure: shares with Wilson intervals, Fisher's exact test of a 2×2
 * table, and the ratio of odds ratios of two groups with Woolf's interval. The distributions come from
 * @stdlib (hypergeometric and normal), not from formulas written here.
 */
import hypergeometricPmf from '@stdlib/stats-base-dists-hypergeometric-pmf'
import normalCdf from '@stdlib/stats-base-dists-normal-cdf'
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile'

/** Bad outcomes out of all: thumbs down out of votes, unanswered out of questions. */
export interface Count {
  bad: number
  total: number
}

/** One group's 2×2 table: the same signal before and after. */
export interface BeforeAfter {
  before: Count
  after: Count
}

/** A closed interval [low, high]. */
export type Interval = [number, number]

/** The standard normal's quantile for a two-sided interval at `level` (1.96 at 0.95). */
function zFor(level: number): number {
  return normalQuantile(1 - (1 - level) / 2, 0, 1)
}

/**
 * The Wilson score interval of `bad` out of `total` at `level` (as R's `prop.test(correct = FALSE)`);
 * null for no trials, where any share is possible and none was seen.
 */
export function wilsonInterval(count: Count, level = 0.95): Interval | null {
  const { bad, total } = count
  if (total <= 0) return null
  const z = zFor(level)
  const p = bad / total
  const z2 = z * z
  const centre = p + z2 / (2 * total)
  const spread = z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))
  const scale = 1 + z2 / total
  // At a share of 0 or 1 the bound is that share exactly; the arithmetic would leave a rounding error.
  return [bad === 0 ? 0 : (centre - spread) / scale, bad === total ? 1 : (centre + spread) / scale]
}

/** R's tolerance: tables as likely as the observed one within it count as no more likely. */
const RELATIVE_TOLERANCE = 1e-7

/**
 * Fisher's exact test of the table [[a, b], [c, d]], two-sided as R's `fisher.test` computes it: the sum
 * of the probabilities of every table with the same margins that is no more likely than the observed one.
 */
export function fisherExact(table: readonly [readonly [number, number], readonly [number, number]]): number {
  const [[a, b], [c, d]] = table
  const population = a + b + c + d
  const firstColumn = a + c
  const firstRow = a + b
  if (population === 0) return 1
  const low = Math.max(0, firstRow - (population - firstColumn))
  const high = Math.min(firstRow, firstColumn)
  const observed = hypergeometricPmf(a, population, firstColumn, firstRow)
  let p = 0
  for (let x = low; x <= high; x++) {
    const probability = hypergeometricPmf(x, population, firstColumn, firstRow)
    if (probability <= observed * (1 + RELATIVE_TOLERANCE)) p += probability
  }
  return Math.min(1, p)
}

/** Fisher's exact test of a group's own table: bad and good, before and after. */
export function fisherOfGroup(group: BeforeAfter): number {
  return fisherExact([
    [group.before.bad, group.before.total - group.before.bad],
    [group.after.bad, group.after.total - group.after.bad]
  ])
}

export interface RatioOfOddsRatios {
  value: number
  interval: Interval
  pValue: number
}

/**
 * The changed pages' odds of a bad outcome after over before, divided by the rest's (a
 * difference-in-differences on the odds scale), with Woolf's interval at `level` and its two-sided
 * p-value: the log ratio is normal with the summed variances of the two log odds ratios. A group whose
 * table has a zero cell gets 0.5 added to each of its four cells, so every odds is finite.
 */
export function ratioOfOddsRatios(changed: BeforeAfter, rest: BeforeAfter, level = 0.95): RatioOfOddsRatios {
  const one = logOddsRatio(changed)
  const other = logOddsRatio(rest)
  const log = one.log - other.log
  const error = Math.sqrt(one.variance + other.variance)
  const z = zFor(level)
  return {
    value: Math.exp(log),
    interval: [Math.exp(log - z * error), Math.exp(log + z * error)],
    pValue: 2 * (1 - normalCdf(Math.abs(log) / error, 0, 1))
  }
}

function logOddsRatio(group: BeforeAfter): { log: number; variance: number } {
  const cells = [group.before.bad, group.before.total - group.before.bad, group.after.bad, group.after.total - group.after.bad]
  const [badBefore = 0, goodBefore = 0, badAfter = 0, goodAfter = 0] = cells.includes(0) ? cells.map((cell) => cell + 0.5) : cells
  return {
    log: Math.log((badAfter * goodBefore) / (goodAfter * badBefore)),
    variance: 1 / badBefore + 1 / goodBefore + 1 / badAfter + 1 / goodAfter
  }
}

export const VERDICTS = ['better', 'worse', 'no clear change', 'not enough data'] as const
export type ImpactVerdict = (typeof VERDICTS)[number]

/**
 * The pooled verdict: `not enough data` while the changed pages' before or after holds fewer than
 * `threshold` votes or questions; else `better` when the interval lies wholly below 1 (bad outcomes fell
 * more than on the rest of the site), `worse` wholly above it, `no clear change` otherwise.
 */
export function verdictOf(changed: BeforeAfter, ratio: RatioOfOddsRatios, threshold: number): ImpactVerdict {
  if (changed.before.total < threshold || changed.after.total < threshold) return 'not enough data'
  if (ratio.interval[1] < 1) return 'better'
  if (ratio.interval[0] > 1) return 'worse'
  return 'no clear change'
}
