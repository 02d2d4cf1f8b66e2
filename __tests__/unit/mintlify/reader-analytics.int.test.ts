import { afterEach, describe, expect, it } from '@jest/globals'
import { READER_PARSERS } from '../../../src/mintlify/analytics.js'
import { startSimulator, type Simulator } from '../../../simulator/index.js'
import { simulatorClient } from '../../fixtures/docs-api-client.js'

describe('READER_PARSERS read each page as the OpenAPI document describes it', () => {
  it('feedback: every documented field of the three entry shapes, and never the contact address', () => {
    const page = READER_PARSERS.feedback({
      feedback: [
        {
          id: 'fb1',
          path: '/quickstart',
          comment: 'Step 3 is wrong',
          createdAt: '2026-06-09T10:00:00Z',
          source: 'contextual',
          status: 'pending',
          helpful: false,
          contact: 'reader@example.com'
        },
        {
          id: 'fb2',
          path: '/api/auth',
          comment: null,
          createdAt: null,
          source: 'code_snippet',
          status: 'resolved',
          code: 'curl -H',
          filename: 'auth.sh',
          lang: 'bash'
        }
      ],
      nextCursor: 'c2',
      hasMore: true
    })
    expect(page).toEqual({
      rows: [
        {
          id: 'fb1',
          path: '/quickstart',
          comment: 'Step 3 is wrong',
          createdAt: '2026-06-09T10:00:00Z',
          source: 'contextual',
          status: 'pending',
          helpful: false,
          code: null,
          filename: null,
          lang: null
        },
        {
          id: 'fb2',
          path: '/api/auth',
          comment: null,
          createdAt: null,
          source: 'code_snippet',
          status: 'resolved',
          helpful: null,
          code: 'curl -H',
          filename: 'auth.sh',
          lang: 'bash'
        }
      ],
      nextCursor: 'c2',
      hasMore: true,
      skipped: 0
    })
    expect(JSON.stringify(page)).not.toContain('example.com')
  })

  it('skips and counts entries without their identifying field, and reads odd values as absent', () => {
    const page = READER_PARSERS.searches({
      searches: [{ searchQuery: 'rate limits', hits: '12', ctr: null }, { hits: 4 }, 'noise'],
      totalSearches: 16,
      nextCursor: ''
    })
    expect(page).toEqual({
      rows: [{ searchQuery: 'rate limits', hits: 0, ctr: 0, topClickedPage: null, lastSearchedAt: null }],
      totalSearches: 16,
      nextCursor: null,
      hasMore: false,
      skipped: 2
    })
  })

  it('assistant: only an explicit unanswered counts as one; sources without a URL are dropped', () => {
    const page = READER_PARSERS.assistant({
      conversations: [
        {
          id: '01J0',
          query: 'How do I rotate a key?',
          response: 'I could not find that.',
          sources: [{ title: 'Keys', url: 'https://docs.example.com/keys' }, { title: 'no url' }],
          resolutionStatus: 'unanswered',
          queryCategory: 'auth',
          pageUrl: 'https://docs.example.com/keys'
        },
        { id: '01J1', query: 'Hi' }
      ],
      nextCursor: null,
      hasMore: false
    })
    expect(page?.rows.map((row) => [row.id, row.resolutionStatus, row.responseType, row.sources.length])).toEqual([
      ['01J0', 'unanswered', 'answer', 1],
      ['01J1', 'answered', 'answer', 0]
    ])
  })

  it('feedback by page and caller stats: counts default to 0', () => {
    expect(READER_PARSERS['feedback/by-page']({ feedback: [{ path: '/a', thumbsUp: 3, thumbsDown: 5 }], hasMore: false })).toEqual({
      rows: [{ path: '/a', thumbsUp: 3, thumbsDown: 5, code: 0, total: 0 }],
      nextCursor: null,
      hasMore: false,
      skipped: 0
    })
    expect(READER_PARSERS['assistant/caller-stats']({ web: 7, api: 2, total: 9 })).toEqual({ web: 7, api: 2, other: 0, total: 9 })
  })

  it('lists counts outside their domain and dates that do not parse under unreadable, skipping their rows', () => {
    const searches = READER_PARSERS.searches({
      searches: [
        { searchQuery: 'sso', hits: -3, ctr: 0.2, lastSearchedAt: '2026-03-01T00:00:00Z' },
        { searchQuery: 'api', hits: 4, ctr: 0.5, lastSearchedAt: 'yesterday-ish' },
        { searchQuery: 'ok', hits: 2, ctr: 0.1, lastSearchedAt: '2026-03-02T00:00:00Z' }
      ],
      totalSearches: 1.5
    })
    expect(searches?.rows.map((row) => row.searchQuery)).toEqual(['ok'])
    expect(searches?.unreadable).toEqual(['searches[].hits', 'searches[].lastSearchedAt', 'totalSearches'])
    expect(READER_PARSERS['assistant/caller-stats']({ web: 7, api: -2, other: 0, total: 9 })?.unreadable).toEqual(['api'])
    expect(READER_PARSERS['feedback/by-page']({ feedback: [{ path: '/a', thumbsUp: 0.5, thumbsDown: 1 }] })?.unreadable).toEqual([
      'feedback[].thumbsUp'
    ])
  })

  it('refuses a body that is not the documented shape at all', () => {
    expect(READER_PARSERS.feedback({ error: 'nope' })).toBeNull()
    expect(READER_PARSERS.searches([])).toBeNull()
    expect(READER_PARSERS.assistant('text')).toBeNull()
    expect(READER_PARSERS['assistant/caller-stats'](null)).toBeNull()
  })
})

describe('getReaderPage against the simulator', () => {
  let sim: Simulator | undefined
  afterEach(async () => {
    await sim?.close()
  })

  it('reads every endpoint with the documented query, following cursors, and drops planted contact addresses', async () => {
    sim = await startSimulator()
    sim.analytics.plantThumbsDown('/docs/broken', 3)
    const { client } = simulatorClient(sim)
    const range = { dateFrom: '2026-06-08', dateTo: '2026-06-15' }

    const first = await client.getReaderPage('feedback', sim.projectId, { ...range, limit: 10 })
    expect(first.rows).toHaveLength(10)
    expect(first.nextCursor).not.toBeNull()
    const second = await client.getReaderPage('feedback', sim.projectId, { ...range, limit: 10, cursor: first.nextCursor })
    expect(second.rows[0]?.id).not.toBe(first.rows[0]?.id)
    // The simulator gives every contextual entry a contact address, as readers may.
    expect([...first.rows, ...second.rows].some((row) => row.source === 'contextual')).toBe(true)
    expect(JSON.stringify([first, second])).not.toMatch(/@/)

    const byPage = await client.getReaderPage('feedback/by-page', sim.projectId, { ...range, limit: 100 })
    expect(byPage.rows.find((row) => row.path === '/docs/broken')?.thumbsDown).toBeGreaterThanOrEqual(21)
    const searches = await client.getReaderPage('searches', sim.projectId, { ...range, limit: 5 })
    expect(searches.rows).toHaveLength(5)
    expect(searches.totalSearches).toBeGreaterThan(0)
    const assistant = await client.getReaderPage('assistant', sim.projectId, { ...range, limit: 1 })
    expect(assistant.rows).toHaveLength(1)
    const callers = await client.getReaderPage('assistant/caller-stats', sim.projectId, range)
    expect(callers.total).toBe(callers.web + callers.api + callers.other)

    const paths = sim
      .mintlifyRequests()
      .map((request) => `${request.path.split('/').slice(4).join('/')} ${new URLSearchParams(request.query).toString()}`)
    expect(paths).toEqual([
      'feedback dateFrom=2026-06-08&dateTo=2026-06-15&limit=10',
      `feedback dateFrom=2026-06-08&dateTo=2026-06-15&limit=10&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
      'feedback/by-page dateFrom=2026-06-08&dateTo=2026-06-15&limit=100',
      'searches dateFrom=2026-06-08&dateTo=2026-06-15&limit=5',
      'assistant dateFrom=2026-06-08&dateTo=2026-06-15&limit=1',
      'assistant/caller-stats dateFrom=2026-06-08&dateTo=2026-06-15'
    ])
  })
})
