import { describe, expect, it } from '@jest/globals'
import { parseAnalyticsPage } from '../../../src/mintlify/analytics.js'

const TOTALS = { human: 120, ai: 30, total: 140 }

describe('parseAnalyticsPage for visitors', () => {
  it('reads totals, rows and hasMore as the API documents them', () => {
    const body = { totals: TOTALS, visitors: [{ path: '/quickstart', human: 100, ai: 20, total: 110 }], hasMore: true }
    expect(parseAnalyticsPage(body, 'visitors')).toEqual({
      totals: TOTALS,
      rows: [{ path: '/quickstart', human: 100, ai: 20, total: 110 }],
      hasMore: true,
      skipped: 0
    })
  })

  it('keeps total as sent, never the sum of human and AI', () => {
    const page = parseAnalyticsPage(
      { totals: { human: 10, ai: 10, total: 15 }, visitors: [{ path: '/a', human: 4, ai: 4, total: 5 }] },
      'visitors'
    )
    expect(page?.totals.total).toBe(15)
    expect(page?.rows[0]?.total).toBe(5)
  })

  it('accepts an empty page', () => {
    expect(parseAnalyticsPage({ totals: TOTALS, visitors: [], hasMore: false }, 'visitors')).toEqual({
      totals: TOTALS,
      rows: [],
      hasMore: false,
      skipped: 0
    })
  })

  it('keeps rows in the order sent', () => {
    const body = { totals: TOTALS, visitors: ['/c', '/a', '/b'].map((path) => ({ path, human: 1, ai: 0, total: 1 })) }
    expect(parseAnalyticsPage(body, 'visitors')?.rows.map((r) => r.path)).toEqual(['/c', '/a', '/b'])
  })

  it('drops fields it does not know', () => {
    const page = parseAnalyticsPage(
      { totals: { ...TOTALS, bots: 3 }, visitors: [{ path: '/a', human: 1, ai: 0, total: 1, title: 'A' }], cursor: 'x' },
      'visitors'
    )
    expect(page).toEqual({ totals: TOTALS, rows: [{ path: '/a', human: 1, ai: 0, total: 1 }], hasMore: false, skipped: 0 })
  })

  it('returns null when the rows are under views instead', () => {
    expect(parseAnalyticsPage({ totals: TOTALS, views: [], hasMore: false }, 'visitors')).toBeNull()
  })
})

describe('parseAnalyticsPage for views', () => {
  it('reads the rows under views', () => {
    const body = { totals: TOTALS, views: [{ path: '/api', human: 7, ai: 3, total: 10 }], hasMore: false }
    expect(parseAnalyticsPage(body, 'views')).toEqual({
      totals: TOTALS,
      rows: [{ path: '/api', human: 7, ai: 3, total: 10 }],
      hasMore: false,
      skipped: 0
    })
  })

  it('returns null when the rows are under visitors instead', () => {
    expect(parseAnalyticsPage({ totals: TOTALS, visitors: [], hasMore: false }, 'views')).toBeNull()
  })
})

describe('parseAnalyticsPage on bodies that are not a page', () => {
  it.each([
    ['null', null],
    ['a string', 'Too many requests'],
    ['an array', [{ path: '/a' }]],
    ['a number', 42],
    ['an error body', { error: 'Unauthorized' }]
  ])('returns null for %s', (_, body) => {
    expect(parseAnalyticsPage(body, 'visitors')).toBeNull()
  })

  it('returns null without totals', () => {
    expect(parseAnalyticsPage({ visitors: [], hasMore: false }, 'visitors')).toBeNull()
  })

  it('returns null when totals is not an object', () => {
    expect(parseAnalyticsPage({ totals: 140, visitors: [] }, 'visitors')).toBeNull()
    expect(parseAnalyticsPage({ totals: [1, 2, 3], visitors: [] }, 'visitors')).toBeNull()
    expect(parseAnalyticsPage({ totals: null, visitors: [] }, 'visitors')).toBeNull()
  })

  it('returns null when the rows are not an array', () => {
    expect(parseAnalyticsPage({ totals: TOTALS, visitors: { path: '/a' } }, 'visitors')).toBeNull()
  })

  it.each([
    ['a number', 12],
    ['null', null],
    ['missing', undefined],
    ['an object', { href: '/a' }]
  ])('skips and counts a row whose path is %s, keeping the others', (_, path) => {
    const body = {
      totals: TOTALS,
      visitors: [
        { path: '/ok', human: 1, ai: 0, total: 1 },
        { path, human: 1, ai: 0, total: 1 }
      ]
    }
    expect(parseAnalyticsPage(body, 'visitors')).toEqual({
      totals: TOTALS,
      rows: [{ path: '/ok', human: 1, ai: 0, total: 1 }],
      hasMore: false,
      skipped: 1
    })
  })

  it('skips and counts rows that are not objects', () => {
    expect(parseAnalyticsPage({ totals: TOTALS, visitors: ['/a'] }, 'visitors')?.skipped).toBe(1)
    expect(parseAnalyticsPage({ totals: TOTALS, visitors: [null] }, 'visitors')?.skipped).toBe(1)
  })

  it('accepts an empty path (the site root may be sent as one)', () => {
    expect(parseAnalyticsPage({ totals: TOTALS, visitors: [{ path: '', human: 1, ai: 0, total: 1 }] }, 'visitors')?.rows[0]?.path).toBe('')
  })
})

describe('hasMore', () => {
  it.each([
    ['true', true, true],
    ['false', false, false],
    ['missing', undefined, false],
    ['the string "true"', 'true', false],
    ['1', 1, false],
    ['null', null, false]
  ])('reads %s as %p', (_, hasMore, expected) => {
    expect(parseAnalyticsPage({ totals: TOTALS, visitors: [], hasMore }, 'visitors')?.hasMore).toBe(expected)
  })
})

describe('counts that are not numbers, and figures outside their domain', () => {
  it('reads missing, string, null and boolean counts as 0', () => {
    const body = {
      totals: { human: '120', ai: null },
      visitors: [
        { path: '/a', human: true, ai: null },
        { path: '/b', human: 3, ai: '2', total: {} }
      ]
    }
    expect(parseAnalyticsPage(body, 'visitors')).toEqual({
      totals: { human: 0, ai: 0, total: 0 },
      rows: [
        { path: '/a', human: 0, ai: 0, total: 0 },
        { path: '/b', human: 3, ai: 0, total: 0 }
      ],
      hasMore: false,
      skipped: 0
    })
  })

  it.each([
    ['a negative total', { human: 1, ai: 0, total: -82_027_539.922 }, ['totals.total']],
    ['fractional counts', { human: 0, ai: 0.5, total: 1.5 }, ['totals.ai', 'totals.total']],
    ['a total above human + AI', { human: 2, ai: 3, total: 6 }, ['totals.total']],
    ['a count that is not finite', { human: Number.NaN, ai: 0, total: 0 }, ['totals.human']]
  ])('lists %s under unreadable, by field, and reads it as 0', (_, totals, fields) => {
    const page = parseAnalyticsPage({ totals, visitors: [] }, 'visitors')
    expect(page?.unreadable).toEqual(fields)
  })

  it('skips and counts a row with a figure outside its domain, naming the field once', () => {
    const body = {
      totals: { human: 10, ai: 2, total: 12 },
      views: [
        { path: '/a', human: -1, ai: 0, total: 0 },
        { path: '/b', human: 3, ai: 1, total: 4 },
        { path: '/c', human: 2.5, ai: 0, total: 2.5 }
      ]
    }
    const page = parseAnalyticsPage(body, 'views')
    expect(page?.rows.map((row) => row.path)).toEqual(['/b'])
    expect(page?.skipped).toBe(2)
    expect(page?.unreadable).toEqual(['views[].human', 'views[].total'])
  })

  it('lists nothing for a page as documented', () => {
    expect(parseAnalyticsPage({ totals: { human: 0, ai: 0, total: 0 }, visitors: [] }, 'visitors')?.unreadable).toBeUndefined()
  })
})
