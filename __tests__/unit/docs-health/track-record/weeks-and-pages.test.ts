import { describe, expect, it } from '@jest/globals'
import { normalisePagePath, urlMatcher } from '../../../../src/operations/docs-health/track-record/page-match.js'
import { isoDate, mergedSince, mondayOf, windowsOf, windowsOverlap } from '../../../../src/operations/docs-health/track-record/weeks.js'

const at = (iso: string): number => Date.parse(iso)
const dates = (mondays: number[]): string[] => mondays.map(isoDate)

describe('weeks: whole UTC weeks, Monday to Monday', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-11-23'],
    ['2026-11-23T23:59:59Z', '2026-11-23'],
    ['2026-11-29T23:59:59Z', '2026-11-23'],
    ['2026-11-30T00:00:00Z', '2026-11-30'],
    ['1970-01-05T12:00:00Z', '1970-01-05'],
    ['1970-01-04T12:00:00Z', '1969-12-29']
  ])('%s is in the week of Monday %s', (instant, monday) => {
    expect(isoDate(mondayOf(at(instant)))).toBe(monday)
  })

  it('leaves the merge week out: 4 weeks before it, 4 after it, judged on the Monday the after window ends', () => {
    // Merged on Wednesday 2026-09-16: its week is 2026-09-14..2026-09-21.
    const windows = windowsOf(at('2026-09-16T15:00:00Z'), 4)
    expect(dates(windows.before)).toEqual(['2026-08-17', '2026-08-24', '2026-08-31', '2026-09-07'])
    expect(dates(windows.after)).toEqual(['2026-09-21', '2026-09-28', '2026-10-05', '2026-10-12'])
    expect(isoDate(windows.ends)).toBe('2026-10-19')
  })

  it('looks for merges in the 13 weeks (91 days) before the run day', () => {
    expect(mergedSince(at('2026-11-27T16:00:00Z'))).toBe('2026-08-28')
  })

  it('says two pull requests overlap when their spans share a week, not when one ends where the other starts', () => {
    const first = windowsOf(at('2026-09-16T00:00:00Z'), 2) // 2026-08-31 .. 2026-10-05
    expect(windowsOverlap(first, windowsOf(at('2026-10-07T00:00:00Z'), 2))).toBe(true) // from 2026-09-21
    expect(windowsOverlap(first, windowsOf(at('2026-10-21T00:00:00Z'), 2))).toBe(false) // from 2026-10-05
  })
})

describe('page paths of analytics, matched to the changed pages', () => {
  it.each([
    ['/guides/setup', '/guides/setup'],
    ['/guides/setup/', '/guides/setup'],
    ['https://docs.acme.dev/guides/setup?tab=npm#install', '/guides/setup'],
    ['https://docs.acme.dev/guides/setup.mdx', '/guides/setup'],
    ['/guides/setup.md', '/guides/setup'],
    ['/guides/index', '/guides'],
    ['https://docs.acme.dev/', '/'],
    ['https://docs.acme.dev', '/'],
    ['/index', '/'],
    ['guides/setup', '/guides/setup'],
    ['/guides/set%20up', '/guides/set up'],
    ['/guides/100%', '/guides/100%']
  ])('normalises %s to %s', (raw, path) => {
    expect(normalisePagePath(raw)).toBe(path)
  })

  const match = urlMatcher(['/guides/setup', '/setup', '/', '/api/v2'])

  it.each([
    ['https://docs.acme.dev/guides/setup', '/guides/setup'],
    ['https://acme.dev/docs/guides/setup/', '/guides/setup'],
    ['https://docs.acme.dev/setup', '/setup'],
    ['https://docs.acme.dev/other/setup', '/setup'],
    ['https://docs.acme.dev/mysetup', null],
    ['https://docs.acme.dev/', '/'],
    ['https://docs.acme.dev/docs', null],
    ['https://docs.acme.dev/api/v2/index.mdx', '/api/v2'],
    ['', null],
    [null, null]
  ])('%s starts on %s (the longest page path at a / boundary)', (url, page) => {
    expect(match(url)).toBe(page)
  })
})
