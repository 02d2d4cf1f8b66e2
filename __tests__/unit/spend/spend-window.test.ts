import { describe, expect, it } from '@jest/globals'
import {
  describeReset,
  describeResetShort,
  resetStamp,
  type SpendWindow,
  windowAt,
  windowBefore,
  windowWords
} from '../../../src/spend/window.js'

const at = (iso: string): number => Date.parse(iso)
const iso = (ms: number): string => new Date(ms).toISOString()
const span = (window: SpendWindow): [string, string, string] => [window.name, iso(window.startsAt), iso(window.resetsAt)]

describe('the windows of spend-limit, in UTC', () => {
  it('a day runs from midnight to midnight UTC, whatever the hour', () => {
    expect(span(windowAt('day', at('2026-12-09T00:00:00Z')))).toEqual([
      '2026-12-09',
      '2026-12-09T00:00:00.000Z',
      '2026-12-10T00:00:00.000Z'
    ])
    expect(windowAt('day', at('2026-12-09T23:59:59.999Z')).name).toBe('2026-12-09')
    expect(windowAt('day', at('2026-12-31T23:59:59.999Z')).resetsAt).toBe(at('2027-01-01T00:00:00Z'))
    expect(windowAt('day', at('2028-02-29T12:00:00Z')).name).toBe('2028-02-29')
  })

  it('a week is an ISO week, Monday to Monday, named by its ISO week-year', () => {
    expect(span(windowAt('week', at('2026-12-09T10:00:00Z')))).toEqual(['2026-W50', '2026-12-07T00:00:00.000Z', '2026-12-14T00:00:00.000Z'])
    // Sunday is the week's last day, Monday its first.
    expect(windowAt('week', at('2026-12-13T23:59:59.999Z')).name).toBe('2026-W50')
    expect(windowAt('week', at('2026-12-14T00:00:00Z')).name).toBe('2026-W51')
  })

  it.each([
    ['2027-01-01T12:00:00Z', '2026-W53'], // a Friday: its Thursday is in 2026
    ['2027-01-03T23:00:00Z', '2026-W53'],
    ['2027-01-04T00:00:00Z', '2027-W01'],
    ['2024-12-30T00:00:00Z', '2025-W01'], // a Monday in December, in the next week-year
    ['2025-12-29T08:00:00Z', '2026-W01'],
    ['2021-01-03T08:00:00Z', '2020-W53'],
    ['2026-01-01T00:00:00Z', '2026-W01'], // a Thursday: week 1 of its own year
    ['2026-03-02T00:00:00Z', '2026-W10'] // zero-padded weeks sort as they come
  ])('%s is in ISO week %s', (instant, name) => {
    expect(windowAt('week', at(instant)).name).toBe(name)
  })

  it('a month runs from its first day to the next month, through the year end and leap Februaries', () => {
    expect(span(windowAt('month', at('2026-12-31T23:59:59Z')))).toEqual(['2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'])
    expect(span(windowAt('month', at('2028-02-29T00:00:00Z')))).toEqual(['2028-02', '2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z'])
  })

  it('every instant of a window names that window, and its reset starts the next one', () => {
    for (const kind of ['day', 'week', 'month'] as const) {
      let window = windowAt(kind, at('2026-11-20T05:00:00Z'))
      for (let step = 0; step < 60; step++) {
        expect(windowAt(kind, window.startsAt)).toEqual(window)
        expect(windowAt(kind, window.resetsAt - 1)).toEqual(window)
        const next = windowAt(kind, window.resetsAt)
        expect(next.startsAt).toBe(window.resetsAt)
        expect(next.name > window.name).toBe(true)
        window = next
      }
    }
  })

  it('counts windows back across a year end (the clean-up deletes two back)', () => {
    expect(windowBefore(windowAt('week', at('2027-01-05T00:00:00Z')), 2).name).toBe('2026-W52')
    expect(windowBefore(windowAt('month', at('2027-02-10T00:00:00Z')), 2).name).toBe('2026-12')
    expect(windowBefore(windowAt('day', at('2027-01-01T10:00:00Z')), 1).name).toBe('2026-12-31')
    expect(windowBefore(windowAt('day', at('2027-01-01T10:00:00Z')), 0).name).toBe('2027-01-01')
  })

  it('says when the next window starts, in full, short and as a stamp', () => {
    const week = windowAt('week', at('2026-12-09T10:00:00Z'))
    expect(describeReset(week)).toBe('Monday 2026-12-14 00:00 UTC')
    expect(describeResetShort(week)).toBe('Mon 14 Dec 00:00 UTC')
    expect(resetStamp(week)).toBe('2026-12-14T00:00:00Z')
    expect(describeReset(windowAt('day', at('2026-12-09T10:00:00Z')))).toBe('Thursday 2026-12-10 00:00 UTC')
    expect(describeResetShort(windowAt('month', at('2026-12-09T10:00:00Z')))).toBe('Fri 1 Jan 00:00 UTC')
  })

  it('names the window as the texts do', () => {
    expect([windowWords('day'), windowWords('week'), windowWords('month')]).toEqual(['today', 'this week', 'this month'])
  })
})
