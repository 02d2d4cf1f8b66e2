import { describe, expect, it } from '@jest/globals'
import type { AnalyticsRow } from '../../../src/mintlify/analytics.js'
import { Top } from '../../../src/operations/analytics/top-pages.js'
import { row } from '../../fixtures/analytics-rows.js'

const byTotal = (page: AnalyticsRow): number => page.total

function topOf(size: number, offered: AnalyticsRow[]): string[] {
  const top = new Top(size, byTotal)
  for (const r of offered) top.offer(r)
  return top.list().map((r) => r.path)
}

/** Rows whose total is given; the path names the total and the arrival order. */
function byTotals(totals: number[]): AnalyticsRow[] {
  return totals.map((total, i) => row(`/t${total}-#${i}`, total, 0, total))
}

describe('top pages of the export summary', () => {
  it('keeps the N highest totals, highest first, whatever the arrival order', () => {
    expect(topOf(3, byTotals([5, 50, 1, 30, 40, 2]))).toEqual(['/t50-#1', '/t40-#4', '/t30-#3'])
  })

  it('ranks by total, not by human or AI count', () => {
    const offered = [row('/many-humans', 900, 0, 10), row('/many-ai', 0, 900, 20), row('/top', 1, 1, 30)]
    expect(topOf(2, offered)).toEqual(['/top', '/many-ai'])
  })

  it('keeps every row, sorted, when fewer than N arrive', () => {
    expect(topOf(15, byTotals([3, 9, 1]))).toEqual(['/t9-#1', '/t3-#0', '/t1-#2'])
  })

  it('is empty when no row arrives', () => {
    expect(new Top(15, byTotal).list()).toEqual([])
  })

  it('keeps the first of equal totals in arrival order', () => {
    expect(topOf(5, byTotals([7, 7, 7]))).toEqual(['/t7-#0', '/t7-#1', '/t7-#2'])
  })

  it('keeps the earlier row when a tie would push past N', () => {
    expect(topOf(2, byTotals([9, 5, 5, 5]))).toEqual(['/t9-#0', '/t5-#1'])
  })

  it('lets a higher total displace the lowest kept row', () => {
    expect(topOf(2, byTotals([5, 4, 6]))).toEqual(['/t6-#2', '/t5-#0'])
  })

  it('places a new row after kept rows of the same total', () => {
    expect(topOf(3, byTotals([8, 5, 8]))).toEqual(['/t8-#0', '/t8-#2', '/t5-#1'])
  })

  it('keeps exactly N rows out of many, matching a full sort', () => {
    const totals = Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 10_007)
    const expected = byTotals(totals)
      .map((r, i) => ({ r, i }))
      .sort((a, b) => b.r.total - a.r.total || a.i - b.i)
      .slice(0, 15)
      .map(({ r }) => r.path)
    expect(topOf(15, byTotals(totals))).toEqual(expected)
  })

  it('keeps at most N rows at any moment', () => {
    const top = new Top(4, byTotal)
    for (const r of byTotals([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])) {
      top.offer(r)
      expect(top.list().length).toBeLessThanOrEqual(4)
    }
    expect(top.list()).toHaveLength(4)
  })

  it('counts zero totals as rows', () => {
    expect(topOf(2, byTotals([0, 0, 0]))).toEqual(['/t0-#0', '/t0-#1'])
  })

  it('hands out a copy, so callers cannot change what is kept', () => {
    const top = new Top(3, byTotal)
    top.offer(row('/a', 1))
    top.list().push(row('/b', 100))
    top.list().length = 0
    expect(top.list().map((r) => r.path)).toEqual(['/a'])
  })
})
