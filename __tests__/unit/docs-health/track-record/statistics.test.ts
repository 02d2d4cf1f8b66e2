import { describe, expect, it } from '@jest/globals'
import {
  type BeforeAfter,
  fisherExact,
  fisherOfGroup,
  ratioOfOddsRatios,
  verdictOf,
  wilsonInterval
} from '../../../../src/operations/docs-health/track-record/statistics.js'

/** `bad` of `total` before, then after. */
const group = (before: [number, number], after: [number, number]): BeforeAfter => ({
  before: { bad: before[0], total: before[1] },
  after: { bad: after[0], total: after[1] }
})

describe("Fisher's exact test, two-sided as R's fisher.test", () => {
  it.each([
    // R: fisher.test(matrix(c(2, 8, 7, 2), 2))$p.value = 0.02301 (the table read by rows: [[2, 7], [8, 2]]).
    [[2, 7], [8, 2], 0.023],
    // R: fisher.test(matrix(c(3, 1, 1, 3), 2))$p.value = 0.4857 (Fisher's tea-tasting lady).
    [[3, 1], [1, 3], 0.4857]
  ] as const)("gives R's published p-value for [%j, %j]: %d", (first, second, published) => {
    expect(fisherExact([first, second])).toBeCloseTo(published, 4)
  })

  it("counts the tables exactly as likely as the observed one, within R's relative tolerance of 1e-7", () => {
    // [[1, 1], [1, 1]] is the likeliest table of its margins: every table is no more likely, so p = 1.
    expect(
      fisherExact([
        [1, 1],
        [1, 1]
      ])
    ).toBeCloseTo(1, 10)
    // A symmetric table: a = 0 and a = 2 are equally likely (1/6 each), so both tails count.
    expect(
      fisherExact([
        [0, 2],
        [2, 0]
      ])
    ).toBeCloseTo(1 / 3, 10)
  })

  it('is symmetric in rows and columns, and 1 for an empty table', () => {
    expect(
      fisherExact([
        [8, 2],
        [2, 7]
      ])
    ).toBeCloseTo(
      fisherExact([
        [2, 7],
        [8, 2]
      ]),
      12
    )
    expect(
      fisherExact([
        [2, 8],
        [7, 2]
      ])
    ).toBeCloseTo(
      fisherExact([
        [2, 7],
        [8, 2]
      ]),
      12
    )
    expect(
      fisherExact([
        [0, 0],
        [0, 0]
      ])
    ).toBe(1)
  })

  it("tests a group's own table: bad and good, before and after", () => {
    // Before 2 bad of 9 (7 good), after 8 bad of 10 (2 good): the table [[2, 7], [8, 2]].
    expect(fisherOfGroup(group([2, 9], [8, 10]))).toBeCloseTo(0.023, 4)
  })

  it('handles the counts of a busy site (thousands of votes) without losing precision', () => {
    const p = fisherOfGroup(group([200, 1000], [125, 1000]))
    expect(p).toBeGreaterThan(0)
    expect(p).toBeLessThan(1e-4)
  })
})

describe('Wilson score intervals', () => {
  it.each([
    // R: prop.test(6, 52, correct = FALSE)$conf.int = 0.05396969 0.22971664.
    [6, 52, 0.95, 0.05396969, 0.22971664],
    // R: prop.test(319, 1100, conf.level = 0.99, correct = FALSE)$conf.int = 0.2561 0.3264.
    [319, 1100, 0.99, 0.2561, 0.3264]
  ])('%d of %d at %d: [%d, %d], as R publishes it', (bad, total, level, low, high) => {
    const interval = wilsonInterval({ bad, total }, level)
    const digits = String(low).split('.')[1]?.length ?? 4
    expect(interval?.[0]).toBeCloseTo(low, digits)
    expect(interval?.[1]).toBeCloseTo(high, digits)
  })

  it('stays inside [0, 1] at the edges, and has no interval without trials', () => {
    expect(wilsonInterval({ bad: 0, total: 10 })?.[0]).toBe(0)
    expect(wilsonInterval({ bad: 10, total: 10 })?.[1]).toBe(1)
    expect(wilsonInterval({ bad: 0, total: 0 })).toBeNull()
  })
})

describe("the ratio of odds ratios, with Woolf's interval", () => {
  it('matches a hand-computed example: the rest improved as much (no clear change)', () => {
    // Changed pages 40/100 → 50/200: odds 40/60 → 50/150, odds ratio (50/150)/(40/60) = 0.5.
    // Rest 200/1,000 → 125/1,000: odds 200/800 → 125/875, odds ratio (125/875)/(200/800) = 4/7.
    // Ratio 0.5 / (4/7) = 0.875. Variance of its log: 1/40 + 1/60 + 1/50 + 1/150 + 1/200 + 1/800 + 1/125 + 1/875
    // = 0.0837262; standard error 0.289355; ln 0.875 = -0.133531; 95%: exp(-0.133531 ± 1.959964 × 0.289355)
    // = [0.4963, 1.5428]; z = 0.461479, two-sided p = 0.6445.
    const changed = group([40, 100], [50, 200])
    const ratio = ratioOfOddsRatios(changed, group([200, 1000], [125, 1000]))
    expect(ratio.value).toBeCloseTo(0.875, 10)
    expect(ratio.interval[0]).toBeCloseTo(0.4963, 4)
    expect(ratio.interval[1]).toBeCloseTo(1.5428, 4)
    expect(ratio.pValue).toBeCloseTo(0.6445, 4)
    expect(verdictOf(changed, ratio, 30)).toBe('no clear change')
  })

  it('adds 0.5 to every cell of a group whose table has a zero, and only to that group', () => {
    // Changed 5/30 → 0/30 becomes 5.5/31 → 0.5/31: odds ratio (0.5/30.5)/(5.5/25.5) = 0.0760060; the rest's is 1.
    // Variance 1/5.5 + 1/25.5 + 1/0.5 + 1/30.5 + 4/900 (the rest's 100/1,000 each side, uncorrected).
    const ratio = ratioOfOddsRatios(group([5, 30], [0, 30]), group([100, 1000], [100, 1000]))
    expect(ratio.value).toBeCloseTo(0.076006, 6)
    expect(ratio.interval[0]).toBeCloseTo(0.0039507, 6)
    expect(ratio.interval[1]).toBeCloseTo(1.4622, 4)
    expect(ratio.pValue).toBeCloseTo(0.0876, 4)
  })

  it.each([
    // The changed pages' thumbs-down share fell from 38% to 24%, the rest stayed at 20%: ratio 0.515, 95% [0.269, 0.986].
    ['better', group([38, 100], [24, 100]), group([200, 1000], [200, 1000])],
    // From 10% to 30% while the rest stayed at 10%: ratio 3.86, 95% [1.68, 8.88].
    ['worse', group([10, 100], [30, 100]), group([100, 1000], [100, 1000])],
    // 12 votes before and 9 after on the changed pages: under the 30 each that a verdict needs.
    ['not enough data', group([6, 12], [1, 9]), group([200, 1000], [100, 1000])]
  ] as const)('%s', (verdict, changed, rest) => {
    expect(verdictOf(changed, ratioOfOddsRatios(changed, rest), 30)).toBe(verdict)
  })

  it('judges the threshold on each side of the changed pages: 29 votes after is not enough, 30 is', () => {
    const rest = group([100, 1000], [100, 1000])
    const verdict = (after: number): string =>
      verdictOf(group([20, 30], [0, after]), ratioOfOddsRatios(group([20, 30], [0, after]), rest), 30)
    expect(verdict(29)).toBe('not enough data')
    expect(verdict(30)).toBe('better')
  })
})
