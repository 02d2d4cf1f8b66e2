import { describe, expect, it } from '@jest/globals'
import {
  assistantFindings,
  compare,
  pagePath,
  pendingFeedbackByPage,
  rankPagesToFix,
  searchesWithoutClicks,
  tally,
  wilsonLower
} from '../../../src/operations/docs-health/findings.js'

const viewed = (path: string, total: number) => ({ path, human: total, ai: 0, total })
const thumbs = (path: string, thumbsUp: number, thumbsDown: number) => ({ path, thumbsUp, thumbsDown })
const turn = (
  resolutionStatus: 'answered' | 'unanswered',
  queryCategory: string | null = null,
  pageUrl: string | null = null,
  query = 'q'
) => ({
  query,
  resolutionStatus,
  queryCategory,
  pageUrl
})

describe('change against the previous range', () => {
  it('is relative to the previous value', () => {
    expect(compare(150, 100)).toEqual({ value: 150, previous: 100, change: 0.5 })
    expect(compare(75, 100)).toEqual({ value: 75, previous: 100, change: -0.25 })
  })

  it('is null when there was nothing before, rather than infinite', () => {
    expect(compare(10, 0).change).toBeNull()
  })
})

describe('pages to fix first (views joined with thumbs by page)', () => {
  it('puts a much-read page with many thumbs down above a quiet page with one', () => {
    const ranked = rankPagesToFix(
      [viewed('/busy', 5000), viewed('/quiet', 40), viewed('/loved', 9000)],
      [thumbs('/busy', 10, 40), thumbs('/quiet', 0, 1), thumbs('/loved', 50, 0)]
    )
    expect(ranked.map((page) => page.path)).toEqual(['/busy', '/quiet'])
    expect(ranked[0]).toMatchObject({ views: 5000, thumbsUp: 10, thumbsDown: 40, upRatio: 0.2 })
  })

  it('ranks by views at equal votes, and by the thumbs-down share at equal views', () => {
    const byViews = rankPagesToFix([viewed('/a', 100), viewed('/b', 1000)], [thumbs('/a', 1, 9), thumbs('/b', 1, 9)])
    expect(byViews.map((page) => page.path)).toEqual(['/b', '/a'])
    const byShare = rankPagesToFix([viewed('/a', 100), viewed('/b', 100)], [thumbs('/a', 8, 2), thumbs('/b', 2, 8)])
    expect(byShare.map((page) => page.path)).toEqual(['/b', '/a'])
  })

  it('joins a full URL or a trailing slash with the plain path', () => {
    const ranked = rankPagesToFix([viewed('/docs/setup', 300)], [thumbs('https://docs.example.com/docs/setup/', 0, 5)])
    expect(ranked).toHaveLength(1)
    expect(ranked[0]?.path).toBe('/docs/setup')
  })

  it('leaves out pages nobody read in the range and pages without a thumbs down', () => {
    expect(rankPagesToFix([viewed('/read', 10)], [thumbs('/unread', 0, 9), thumbs('/read', 3, 0)])).toEqual([])
  })
})

describe('the Wilson lower bound of the thumbs-down share', () => {
  it('grows with the evidence at the same share', () => {
    expect(wilsonLower(1, 1)).toBeLessThan(wilsonLower(40, 40))
    expect(wilsonLower(0, 10)).toBe(0)
    expect(wilsonLower(0, 0)).toBe(0)
  })
})

describe('searches without a click', () => {
  it('keeps click-through 0 or no clicked page, most searched first, with the share of all searches', () => {
    const found = searchesWithoutClicks(
      [
        { searchQuery: 'install', hits: 50, ctr: 0.6, topClickedPage: '/install' },
        { searchQuery: 'sso', hits: 20, ctr: 0, topClickedPage: null },
        { searchQuery: 'webhooks', hits: 30, ctr: 0.1, topClickedPage: null },
        { searchQuery: 'rate limit', hits: 5, ctr: 0, topClickedPage: '/limits' }
      ],
      200
    )
    expect(found).toEqual([
      { term: 'webhooks', hits: 30, share: 0.15 },
      { term: 'sso', hits: 20, share: 0.1 },
      { term: 'rate limit', hits: 5, share: 0.025 }
    ])
  })
})

describe('assistant questions left unanswered', () => {
  it('gives the share, its change in points, and where and about what they start', () => {
    const current = [
      turn('unanswered', 'billing', 'https://docs.example.com/pricing'),
      turn('unanswered', 'billing', 'https://docs.example.com/pricing'),
      turn('unanswered', null, null),
      turn('answered', 'install', 'https://docs.example.com/install')
    ]
    const previous = [turn('unanswered'), turn('answered'), turn('answered'), turn('answered')]
    const found = assistantFindings(current, previous, { web: 3, api: 1, other: 0, total: 4 })
    expect(found.unanswered.count).toEqual({ value: 3, previous: 1, change: 2 })
    expect(found.unanswered.share).toEqual({ value: 0.75, previous: 0.25, change: 0.5 })
    expect(found.unanswered.byPage).toEqual([
      { key: '/pricing', count: 2 },
      { key: '(none)', count: 1 }
    ])
    expect(found.unanswered.byCategory[0]).toEqual({ key: 'billing', count: 2 })
    expect(found.conversations).toEqual({ value: 4, previous: 4, change: 0 })
    expect(found.callers).toEqual({ web: 3, api: 1, other: 0, total: 4 })
  })

  it('has no share without conversations', () => {
    expect(assistantFindings([], [], { web: 0, api: 0, other: 0, total: 0 }).unanswered.share).toEqual({
      value: null,
      previous: null,
      change: null
    })
  })
})

describe('written feedback still pending, by page', () => {
  it('counts pending entries with a comment per page and never copies the contact address', () => {
    const entry = (path: string, comment: string | null, status = 'pending') => ({
      path,
      comment,
      status,
      source: 'contextual',
      createdAt: '2026-11-20T10:00:00Z',
      contact: 'reader@example.com'
    })
    const pages = pendingFeedbackByPage([
      entry('/a', 'Wrong example'),
      entry('/a', 'Typo'),
      entry('/b', 'Missing step'),
      entry('/b', null),
      entry('/b', '   '),
      entry('/c', 'Fixed already', 'resolved')
    ])
    expect(pages.map((page) => [page.path, page.count])).toEqual([
      ['/a', 2],
      ['/b', 1]
    ])
    expect(JSON.stringify(pages)).not.toContain('reader@example.com')
  })
})

describe('page names and tallies', () => {
  it('reads the path of a URL and drops a trailing slash, but keeps the root', () => {
    expect(pagePath('https://docs.example.com/a/b/?x=1')).toBe('/a/b')
    expect(pagePath('/')).toBe('/')
    expect(pagePath('/a/')).toBe('/a')
  })

  it('counts keys, most first, a missing key as (none)', () => {
    expect(tally(['x', null, 'y', 'x'])).toEqual([
      { key: 'x', count: 2 },
      { key: '(none)', count: 1 },
      { key: 'y', count: 1 }
    ])
  })
})
