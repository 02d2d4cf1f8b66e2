import { describe, expect, it } from '@jest/globals'
import { at, defined } from '../expect-helpers.js'
import { analyticsPath, simulatorPerTest } from './harness.js'

const { start, current } = simulatorPerTest()

interface Reply {
  status: number
  json: Record<string, unknown>
}

/** GET /v1/analytics/{projectId}/{endpoint}?query, with the simulator's key. */
async function ask(endpoint: string, query: Record<string, string | number> = {}): Promise<Reply> {
  const s = current()
  const res = await fetch(`${s.url}${analyticsPath(s, endpoint, query)}`, {
    headers: { authorization: `Bearer ${s.apiKey}` }
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

const WEEK = { dateFrom: '2026-06-08', dateTo: '2026-06-15' }
const WEEK_BEFORE = { dateFrom: '2026-06-01', dateTo: '2026-06-08' }

interface Listed {
  rows: Record<string, unknown>[]
  requests: number
}

/** Follows nextCursor until it is null, counting requests. */
async function readAll(
  endpoint: 'feedback' | 'searches' | 'assistant',
  key: string,
  query: Record<string, string | number>
): Promise<Listed> {
  const rows: Record<string, unknown>[] = []
  let cursor: string | null = null
  let requests = 0
  do {
    const reply = await ask(endpoint, cursor === null ? query : { ...query, cursor })
    requests++
    expect(reply.status).toBe(200)
    rows.push(...(reply.json[key] as Record<string, unknown>[]))
    cursor = reply.json.nextCursor as string | null
  } while (cursor !== null)
  return { rows, requests }
}

describe('reader analytics endpoints', () => {
  it('answer every endpoint in the documented shape', async () => {
    await start()
    const feedback = await ask('feedback', WEEK)
    expect(Object.keys(feedback.json).sort()).toEqual(['feedback', 'hasMore', 'nextCursor'])
    const byPage = await ask('feedback/by-page', WEEK)
    expect(Object.keys(byPage.json).sort()).toEqual(['feedback', 'hasMore'])
    expect(Object.keys(at(byPage.json.feedback as object[], 0)).sort()).toEqual(['code', 'path', 'thumbsDown', 'thumbsUp', 'total'])
    const searches = await ask('searches', WEEK)
    expect(Object.keys(searches.json).sort()).toEqual(['nextCursor', 'searches', 'totalSearches'])
    expect(Object.keys(at(searches.json.searches as object[], 0)).sort()).toEqual([
      'ctr',
      'hits',
      'lastSearchedAt',
      'searchQuery',
      'topClickedPage'
    ])
    const assistant = await ask('assistant', WEEK)
    const conversation = at(assistant.json.conversations as Record<string, unknown>[], 0)
    expect(Object.keys(conversation).sort()).toEqual(
      ['id', 'pageUrl', 'query', 'queryCategory', 'resolutionStatus', 'response', 'responseType', 'sources', 'timestamp'].sort()
    )
    expect(conversation.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/)
    const stats = await ask('assistant/caller-stats', WEEK)
    const { web, api, other, total } = stats.json as Record<string, number>
    expect(total).toBe(defined(web) + defined(api) + defined(other))
  })

  it('page by cursor: every row once, exactly ceil(rows / limit) requests', async () => {
    await start()
    const all = await readAll('assistant', 'conversations', { ...WEEK, limit: 1000 })
    expect(all.requests).toBe(1)
    const paged = await readAll('assistant', 'conversations', { ...WEEK, limit: 30 })
    expect(paged.rows.map((r) => r.id)).toEqual(all.rows.map((r) => r.id))
    expect(paged.requests).toBe(Math.ceil(all.rows.length / 30))
    const feedback = await readAll('feedback', 'feedback', { ...WEEK, limit: 7 })
    expect(new Set(feedback.rows.map((r) => r.id)).size).toBe(feedback.rows.length)
    expect(feedback.requests).toBe(Math.ceil(feedback.rows.length / 7))
  })

  it('honour the date range: the previous week has other counts, and a range outside the data is empty', async () => {
    await start()
    const thisWeek = (await ask('assistant/caller-stats', WEEK)).json
    const weekBefore = (await ask('assistant/caller-stats', WEEK_BEFORE)).json
    expect(thisWeek.total).toBe(7 * 20)
    expect(weekBefore).not.toEqual(thisWeek)
    const conversations = await readAll('assistant', 'conversations', { ...WEEK, limit: 1000 })
    for (const c of conversations.rows) {
      expect(String(c.timestamp) >= '2026-06-08' && String(c.timestamp) < '2026-06-15').toBe(true)
    }
    expect((await ask('searches', { dateFrom: '2020-01-01', dateTo: '2020-02-01' })).json).toEqual({
      searches: [],
      totalSearches: 0,
      nextCursor: null
    })
  })

  it('show planted patterns: a page voted down, a search nobody clicks, a category the assistant cannot answer', async () => {
    const s = await start()
    s.analytics.plantThumbsDown('/docs/page-000002', 9)
    s.analytics.plantDeadSearch('sso saml', 30)
    s.analytics.plantUnansweredCategory('sso', 12, '/docs/page-000003')
    const byPage = (await ask('feedback/by-page', { ...WEEK, limit: 100 })).json.feedback as { path: string; thumbsDown: number }[]
    expect(byPage.find((row) => row.path === '/docs/page-000002')?.thumbsDown).toBeGreaterThanOrEqual(63)
    const searches = (await ask('searches', { ...WEEK, limit: 100 })).json.searches as {
      searchQuery: string
      hits: number
      ctr: number
      topClickedPage: string | null
    }[]
    expect(searches.find((row) => row.searchQuery === 'sso saml')).toMatchObject({ hits: 210, ctr: 0, topClickedPage: null })
    const conversations = await readAll('assistant', 'conversations', { ...WEEK, limit: 1000 })
    const sso = conversations.rows.filter((c) => c.queryCategory === 'sso')
    expect(sso).toHaveLength(84)
    expect(sso.every((c) => c.resolutionStatus === 'unanswered' && c.pageUrl === 'https://docs.example.com/docs/page-000003')).toBe(true)
  })

  it.each([
    ['feedback', 101],
    ['feedback/by-page', 101],
    ['searches', 101],
    ['assistant', 1001]
  ])('answer a limit above the documented maximum of %s with 400 {error, details}', async (endpoint, limit) => {
    await start()
    const reply = await ask(endpoint, { limit })
    expect(reply.status).toBe(400)
    expect(reply.json).toEqual({ error: 'Invalid query parameters', details: [{ message: expect.stringContaining('limit') }] })
  })

  it('refuse a cursor they never issued and an unknown feedback source', async () => {
    await start()
    expect((await ask('assistant', { cursor: '01ZZZZZZZZZZZZZZZZZZZZZZZZ' })).status).toBe(400)
    expect((await ask('feedback', { source: 'email' })).json).toEqual({
      error: 'Invalid query parameters',
      details: [{ message: expect.stringContaining('source') }]
    })
  })

  it('share the hourly quota with visitors and views, then answer 429', async () => {
    const s = await start()
    s.analytics.quota = 3
    expect((await ask('visitors')).status).toBe(200)
    expect((await ask('searches')).status).toBe(200)
    expect((await ask('assistant/caller-stats')).status).toBe(200)
    const refused = await ask('feedback')
    expect(refused).toEqual({ status: 429, json: { error: 'Rate limit exceeded' } })
    expect(s.analytics.used).toBe(3)
  })
})
