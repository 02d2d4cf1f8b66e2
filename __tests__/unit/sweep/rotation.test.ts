/**
 * The sweep's rotation and budget (DESIGN, "The agent's pull requests, looked after"): k = floor(
 * operations-per-run / c) visits a run with c = 8, from (run number × k) mod n, so that consecutive runs
 * reach every listed pull request within ceil(n / k) runs; a visit's writes paid from what it held.
 */
import { describe, expect, it } from '@jest/globals'
import type { ListedPull } from '../../../src/operations/sweep/facts.js'
import { Budget, MAX_VISIT_WRITES, VISIT_COST, visitOrder, visitsPerRun } from '../../../src/operations/sweep/rotation.js'

const pulls = (n: number): ListedPull[] =>
  Array.from({ length: n }, (_, i) => ({
    number: 1000 + ((i * 7919) % n),
    title: '',
    url: '',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z'
  }))

describe('c, the most one visit can cost', () => {
  it('is 8: 5 reads, 2 writes and the record by id; or 4 reads, 2 writes, the record created and named in the introduction', () => {
    expect(VISIT_COST).toBe(8)
    const reads = { pull: 1, comments: 1, recordById: 1, reviews: 1, codePull: 1 }
    expect(Object.values(reads).reduce((a, b) => a + b) + MAX_VISIT_WRITES + 1).toBe(VISIT_COST)
    expect(Object.values(reads).reduce((a, b) => a + b) - reads.recordById + MAX_VISIT_WRITES + 2).toBe(VISIT_COST)
  })

  it('k = floor(operations-per-run / 8): 12 at the default 96, 1 at 8', () => {
    expect(visitsPerRun(96)).toBe(12)
    expect(visitsPerRun(8)).toBe(1)
    expect(visitsPerRun(15)).toBe(1)
    expect(visitsPerRun(1000)).toBe(125)
  })
})

describe('the rotation', () => {
  it.each([
    [10, 96],
    [61, 96],
    [300, 96],
    [300, 8],
    [13, 100],
    [1, 8]
  ])('%i pull requests, operations-per-run %i: every one visited within ceil(n / k) runs from any run number', (n, operations) => {
    const listed = pulls(n)
    const k = visitsPerRun(operations)
    const runs = Math.ceil(n / k)
    for (const first of [1, 7, 1234]) {
      const seen = new Set<number>()
      for (let run = first; run < first + runs; run++) {
        const { visit, later } = visitOrder(listed, run, operations)
        expect(visit).toHaveLength(Math.min(k, n))
        expect(visit.length + later.length).toBe(n)
        for (const pull of visit) seen.add(pull.number)
      }
      expect(seen.size).toBe(n)
    }
  })

  it('visits by number from (run number × k) mod n', () => {
    const listed = pulls(10)
    expect(visitOrder(listed, 1, 24).visit.map((pull) => pull.number)).toEqual([1003, 1004, 1005])
    expect(visitOrder(listed, 3, 24).visit.map((pull) => pull.number)).toEqual([1009, 1000, 1001])
    expect(visitOrder([], 3, 24)).toEqual({ visit: [], later: [] })
  })
})

describe('the budget', () => {
  it("holds what a visit's writes may need apart from what reads take, gives back what they will not, and pays them from it", () => {
    const budget = new Budget(16)
    expect(budget.take(4)).toBe(true)
    expect(budget.hold(1, 4)).toBe(true)
    expect(budget.remaining).toBe(8)
    expect(budget.take(9)).toBe(false)
    expect(budget.pay(1, 5)).toBe(false)
    expect(budget.pay(2, 1)).toBe(false)
    budget.settle(1, 3)
    expect(budget.remaining).toBe(9)
    expect(budget.pay(1, 3)).toBe(true)
    expect(budget.pay(1, 1)).toBe(false)
    budget.settle(1, 5)
    expect(budget.remaining).toBe(9)
  })
})
