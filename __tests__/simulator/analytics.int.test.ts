import { describe, expect, it } from '@jest/globals'
import type { AnalyticsRow, AnalyticsTotals } from '../../simulator/index.js'
import { at } from '../expect-helpers.js'
import { analyticsPath, simulatorPerTest } from './harness.js'

const { start, current } = simulatorPerTest()

interface Page {
  totals: AnalyticsTotals
  visitors?: AnalyticsRow[]
  views?: AnalyticsRow[]
  hasMore: boolean
}

interface Reply {
  status: number
  headers: Headers
  json: Record<string, unknown>
}

async function get(path: string, options: { key?: string | null } = {}): Promise<Reply> {
  const s = current()
  const headers: Record<string, string> = {}
  const key = options.key === undefined ? s.apiKey : options.key
  if (key !== null) headers.authorization = `Bearer ${key}`
  const res = await fetch(`${s.url}${path}`, { headers })
  const text = await res.text()
  return { status: res.status, headers: res.headers, json: JSON.parse(text) as Record<string, unknown> }
}

/** GET /v1/analytics/{projectId}/{kind}?query */
async function analytics(kind: 'visitors' | 'views', query: Record<string, string | number> = {}): Promise<Reply> {
  return get(analyticsPath(current(), kind, query))
}

async function page(kind: 'visitors' | 'views', query: Record<string, string | number> = {}): Promise<Page> {
  const reply = await analytics(kind, query)
  expect(reply.status).toBe(200)
  return reply.json as unknown as Page
}

/** Follows hasMore with offset += limit; returns every page. */
async function pageAll(kind: 'visitors' | 'views', limit: number): Promise<Page[]> {
  const pages: Page[] = []
  for (let offset = 0; ; offset += limit) {
    const p = await page(kind, { limit, offset })
    pages.push(p)
    if (!p.hasMore) return pages
  }
}

const rowsOf = (p: Page): AnalyticsRow[] => p.visitors ?? p.views ?? []

describe('analytics endpoints', () => {
  it('answer the first page in the documented shape, 50 rows by default, sorted by total', async () => {
    const s = await start()
    const first = await analytics('visitors')
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/^application\/json/)
    expect(Object.keys(first.json).sort()).toEqual(['hasMore', 'totals', 'visitors'])
    const body = first.json as unknown as Page
    expect(body.hasMore).toBe(true)
    expect(body.totals).toEqual({ human: expect.any(Number), ai: expect.any(Number), total: expect.any(Number) })
    const rows = rowsOf(body)
    expect(rows).toHaveLength(50)
    expect(rows[0]).toEqual({ path: '/docs/page-000001', human: expect.any(Number), ai: expect.any(Number), total: expect.any(Number) })
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [at(rows, i - 1, 'row above'), at(rows, i, 'row')]
      expect(a.total > b.total || (a.total === b.total && a.path < b.path)).toBe(true)
    }
    // Varied splits, not one ratio for all.
    expect(new Set(rows.map((r) => Math.round((100 * r.ai) / r.total))).size).toBeGreaterThan(10)
    expect(s.requests.map((r) => r.path)).toEqual([`/v1/analytics/${s.projectId}/visitors`])
    expect(s.analytics.used).toBe(1)
  })

  it('page to the end: hasMore false exactly on the last page, every path once', async () => {
    const s = await start()
    s.analytics.setData({ paths: 1000 })
    const pages = await pageAll('visitors', 250)
    expect(pages).toHaveLength(4)
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, true, false])
    const paths = pages.flatMap(rowsOf).map((r) => r.path)
    expect(paths).toHaveLength(1000)
    expect(new Set(paths).size).toBe(1000)
    expect(paths[999]).toBe('/docs/page-001000')
    expect(s.analytics.rows('visitors').map((r) => r.path)).toEqual(paths)

    // An uneven last page, and an offset past the end.
    s.analytics.setData({ paths: 1001 })
    const last = await page('visitors', { limit: 250, offset: 1000 })
    expect(rowsOf(last)).toHaveLength(1)
    expect(last.hasMore).toBe(false)
    const beyond = await page('visitors', { limit: 250, offset: 5000 })
    expect(rowsOf(beyond)).toEqual([])
    expect(beyond.hasMore).toBe(false)
    expect(beyond.totals).toEqual(last.totals)
  })

  it('deduplicate visitors: per-path and site totals are not human + ai', async () => {
    const s = await start()
    s.analytics.setData({ paths: 600, seed: 7 })
    const rows = (await pageAll('visitors', 250)).flatMap(rowsOf)
    for (const r of rows) {
      expect(r.total).toBeLessThan(r.human + r.ai)
      expect(r.total).toBeGreaterThanOrEqual(Math.max(r.human, r.ai))
    }
    const { totals } = await page('visitors')
    expect(totals.total).toBeLessThan(totals.human + totals.ai)
    expect(totals.total).toBeGreaterThanOrEqual(Math.max(totals.human, totals.ai))
    expect(totals.total).toBeLessThan(rows.reduce((n, r) => n + r.total, 0))
    expect(totals).toEqual(s.analytics.totals('visitors'))
  })

  it('serve views under `views`: same paths, counts ≥ visitors, total = human + ai', async () => {
    await start()
    const views = await analytics('views', { limit: 100 })
    expect(views.status).toBe(200)
    expect(Object.keys(views.json).sort()).toEqual(['hasMore', 'totals', 'views'])
    const visitors = await page('visitors', { limit: 100 })
    const v = rowsOf(views.json as unknown as Page)
    const u = rowsOf(visitors)
    expect(v.map((r) => r.path)).toEqual(u.map((r) => r.path))
    v.forEach((r, i) => {
      expect(r.total).toBe(r.human + r.ai)
      const visitorsRow = at(u, i, 'visitors row')
      expect(r.human).toBeGreaterThanOrEqual(visitorsRow.human)
      expect(r.ai).toBeGreaterThanOrEqual(visitorsRow.ai)
      expect(r.total).toBeGreaterThan(visitorsRow.total)
    })
    const totals = (views.json as unknown as Page).totals
    expect(totals.total).toBe(totals.human + totals.ai)
  })

  it('answer the same data for the same seed and different data for another', async () => {
    const s = await start()
    s.analytics.setData({ paths: 50, seed: 3 })
    const a = await page('visitors')
    const b = await page('visitors')
    s.analytics.setData({ paths: 50, seed: 4 })
    const c = await page('visitors')
    expect(b).toEqual(a)
    expect(c.totals).not.toEqual(a.totals)
  })

  it('reject bad limit and offset with 400 and details', async () => {
    await start()
    for (const limit of ['0', '251', 'abc', '2.5', '-1', '']) {
      const reply = await analytics('visitors', { limit })
      expect(reply.status).toBe(400)
      expect(reply.json).toEqual({ error: 'Invalid query parameters', details: [{ message: expect.stringContaining('limit') }] })
    }
    for (const offset of ['-1', '1.5', 'x']) {
      const reply = await analytics('views', { offset })
      expect(reply.status).toBe(400)
      expect(reply.json).toEqual({ error: 'Invalid query parameters', details: [{ message: expect.stringContaining('offset') }] })
    }
    expect((await analytics('visitors', { limit: 1 })).status).toBe(200)
    expect((await analytics('visitors', { limit: 250, offset: 0 })).status).toBe(200)
    const both = await analytics('visitors', { limit: 0, offset: -5 })
    expect((both.json.details as unknown[]).length).toBe(2)
  })

  it('reject bad dates and dateFrom ≥ dateTo with 400 and details, accept both date forms', async () => {
    await start()
    for (const dateFrom of ['2026-13-01', '2026-02-30', '01/02/2026', '2026-1-1', 'yesterday', '30d']) {
      const reply = await analytics('visitors', { dateFrom })
      expect(reply.status).toBe(400)
      expect(reply.json).toEqual({ error: 'Invalid query parameters', details: [{ message: expect.stringContaining('dateFrom') }] })
    }
    const badTo = await analytics('visitors', { dateTo: '2026-06-15T25:00:00Z' })
    expect(badTo.status).toBe(400)
    expect(JSON.stringify(badTo.json.details)).toContain('dateTo')
    for (const range of [
      { dateFrom: '2026-03-01', dateTo: '2026-03-01' },
      { dateFrom: '2026-03-02', dateTo: '2026-03-01' },
      { dateFrom: '2026-03-01T10:00:00Z', dateTo: '2026-03-01T09:59:59Z' }
    ]) {
      const reply = await analytics('views', range)
      expect(reply.status).toBe(400)
      expect(reply.json).toEqual({ error: 'Invalid query parameters', details: [{ message: expect.stringContaining('dateFrom') }] })
    }
    for (const range of [
      { dateFrom: '2026-03-01', dateTo: '2026-04-01' },
      { dateFrom: '2026-03-01T00:00:00Z', dateTo: '2026-04-01T00:00:00.000Z' },
      { dateFrom: '2026-03-01T00:00:00+02:00', dateTo: '2026-03-01T12:30' }
    ]) {
      expect((await analytics('visitors', range)).status).toBe(200)
    }
  })

  it('answer empty outside the data window (dateTo exclusive), full inside', async () => {
    const s = await start()
    s.analytics.setData({ paths: 300, from: '2026-01-01', to: '2026-07-01' })
    const empty = { totals: { human: 0, ai: 0, total: 0 }, visitors: [], hasMore: false }
    expect(await page('visitors', { dateFrom: '2025-01-01', dateTo: '2026-01-01' })).toEqual(empty)
    expect(await page('visitors', { dateFrom: '2026-07-01', dateTo: '2026-08-01' })).toEqual(empty)
    expect(await page('views', { dateFrom: '2027-01-01', dateTo: '2027-02-01' })).toEqual({ ...empty, visitors: undefined, views: [] })
    const edge = await page('visitors', { dateFrom: '2025-12-01', dateTo: '2026-01-01T00:00:01Z' })
    expect(rowsOf(edge)).toHaveLength(50)
    expect(edge.hasMore).toBe(true)
    expect(edge.totals.total).toBeGreaterThan(0)
    // Counts do not depend on the width of the range.
    expect(await page('visitors', { dateFrom: '2026-06-30', dateTo: '2026-07-01' })).toEqual(edge)
  })

  it('default to the 30 days before `today` without dates', async () => {
    const s = await start()
    expect(rowsOf(await page('visitors'))).toHaveLength(50) // default today 2026-06-15 is inside the data
    s.analytics.today = '2026-01-15'
    expect(rowsOf(await page('visitors'))).toHaveLength(50)
    s.analytics.today = '2026-01-01' // [2025-12-02, 2026-01-01): before the data
    expect(rowsOf(await page('visitors'))).toEqual([])
    expect(rowsOf(await page('visitors', { dateFrom: '2025-12-01' }))).toEqual([]) // ends at today
    expect(rowsOf(await page('visitors', { dateTo: '2026-01-31' }))).toHaveLength(50) // starts 30 days earlier
    s.analytics.today = '2027-01-30'
    expect(rowsOf(await page('visitors'))).toHaveLength(50)
    s.analytics.today = '2027-02-01'
    expect(rowsOf(await page('visitors'))).toEqual([])
  })

  it('check the key and the project like the job endpoints', async () => {
    const s = await start()
    const unauthorised = await get(`/v1/analytics/${s.projectId}/visitors`, { key: 'mint_wrong' })
    expect(unauthorised.status).toBe(401)
    expect((await get(`/v1/analytics/${s.projectId}/views`, { key: null })).status).toBe(401)
    const unknown = await get('/v1/analytics/proj_other/visitors')
    expect(unknown.status).toBe(404)
    expect(unknown.json).toEqual({ error: 'Project not found' })
    expect((await get(`/v1/analytics/${s.projectId}/pageviews`)).status).toBe(404)
    expect((await get('/v1/analytics/proj_other/searches')).status).toBe(404)
    expect((await get(`/v1/analytics/${s.projectId}/feedback`, { key: 'mint_wrong' })).status).toBe(401)
    expect(s.analytics.used).toBe(0)
  })

  it('refuse past the hourly quota with 429 and Retry-After, shared by both endpoints', async () => {
    const s = await start()
    s.analytics.quota = 5
    for (let i = 0; i < 3; i++) expect((await analytics('visitors', { offset: i * 50 })).status).toBe(200)
    expect((await analytics('visitors', { limit: 999 })).status).toBe(400) // counts too
    expect((await analytics('views')).status).toBe(200)
    expect(s.analytics.used).toBe(5)
    const refused = await analytics('views')
    expect(refused.status).toBe(429)
    expect(refused.json).toEqual({ error: 'Rate limit exceeded' })
    expect(refused.headers.get('retry-after')).toBe('3600')
    expect((await analytics('visitors')).status).toBe(429)
    expect(s.analytics.used).toBe(5)
  })

  it('count the default quota of 100 and reset the window after Retry-After', async () => {
    const s = await start()
    s.analytics.quotaRetryAfterSeconds = 1
    for (let i = 0; i < 100; i++) expect((await analytics('visitors', { limit: 1, offset: i })).status).toBe(200)
    const refused = await analytics('visitors')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
    await new Promise((resolve) => setTimeout(resolve, 1050))
    expect((await analytics('visitors')).status).toBe(200)
    expect(s.analytics.used).toBe(1)
  })

  it('let a test start near the limit by setting `used`', async () => {
    const s = await start()
    s.analytics.used = 99
    expect((await analytics('visitors')).status).toBe(200)
    expect((await analytics('visitors')).status).toBe(429)
  })

  it('honour latencyMs', async () => {
    const s = await start()
    s.analytics.latencyMs = 150
    const started = Date.now()
    expect((await analytics('visitors')).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('answer with the data as it was when the request arrived, the latency counted from its arrival', async () => {
    const s = await start()
    s.analytics.latencyMs = 300
    const before = s.analytics.rows('visitors').slice(0, 2)
    const reply = page('visitors', { limit: 2 })
    // Arrived, and waiting out its latency: data changed now is not in this answer.
    while (s.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    s.analytics.setData({ paths: 3, seed: 7 })
    expect((await reply).visitors).toEqual(before)
    expect((await page('visitors', { limit: 2 })).visitors).toEqual(s.analytics.rows('visitors').slice(0, 2))
    expect(before).not.toEqual(s.analytics.rows('visitors').slice(0, 2))
  })

  it('cut the real answer in half for a malformed fault, also when the answer waited out a latency', async () => {
    const s = await start()
    s.analytics.latencyMs = 20
    const whole = JSON.stringify(await page('visitors', { limit: 3 }))
    s.injectFault({ route: 'analytics', malformed: true })
    const res = await fetch(`${s.url}/v1/analytics/${s.projectId}/visitors?limit=3`, { headers: { authorization: `Bearer ${s.apiKey}` } })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toBe(whole.slice(0, Math.floor(whole.length / 2)))
  })

  it('still apply faults on the analytics route (429 with Retry-After: 1 as plain text)', async () => {
    const s = await start()
    s.injectFault({ route: 'analytics', retryAfter: '1', plainText: true, message: 'Too Many Requests', skip: 1 })
    expect((await analytics('visitors')).status).toBe(200)
    const res = await fetch(`${s.url}/v1/analytics/${s.projectId}/visitors?offset=50`, { headers: { authorization: `Bearer ${s.apiKey}` } })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(await res.text()).toBe('Too Many Requests')
    expect((await analytics('visitors', { offset: 50 })).status).toBe(200)
    expect(s.analytics.used).toBe(2) // the faulted request was not processed
    expect(s.requests).toHaveLength(3)
  })

  it('shiftData: new paths rank on top, so the next page repeats a path already served', async () => {
    const s = await start()
    s.analytics.setData({ paths: 600 })
    s.analytics.shiftData({ afterRequests: 1, count: 3 })
    const pages = await pageAll('visitors', 250)
    const paths = pages.flatMap(rowsOf).map((r) => r.path)
    expect(paths).toHaveLength(603)
    const repeated = paths.filter((p, i) => paths.indexOf(p) !== i)
    expect(repeated).toEqual(
      rowsOf(at(pages, 0, 'first page'))
        .slice(-3)
        .map((r) => r.path)
    )
    expect(new Set(paths).size).toBe(600) // the new paths were never on a page we fetched
    expect(at(pages, 0, 'first page').totals).toEqual(at(pages, 1, 'second page').totals)
    const now = s.analytics.rows('visitors')
    expect(now).toHaveLength(603)
    expect(now.slice(0, 3).map((r) => r.path)).toEqual(['/docs/new-page-1-001', '/docs/new-page-1-002', '/docs/new-page-1-003'])
    expect(at(now, 2, 'third row').total).toBeGreaterThan(at(now, 3, 'fourth row').total)
    const top = at(now, 0, 'top row')
    expect(top.total).toBeLessThan(top.human + top.ai)
  })

  it('shiftData defaults to one path and applies to views too', async () => {
    const s = await start()
    s.analytics.setData({ paths: 10 })
    s.analytics.shiftData({ afterRequests: 1 })
    const first = await page('views', { limit: 5 })
    const second = await page('views', { limit: 5, offset: 5 })
    expect(at(rowsOf(second), 0, 'first row of the second page').path).toBe(at(rowsOf(first), 4, 'last row of the first page').path)
    expect(second.hasMore).toBe(true)
  })

  it('changeTotals: the site totals change after the given number of pages', async () => {
    const s = await start()
    s.analytics.setData({ paths: 750 })
    s.analytics.changeTotals({ afterRequests: 2 })
    const pages = await pageAll('visitors', 250)
    expect(pages).toHaveLength(3)
    const [{ totals }, second, third] = [at(pages, 0, 'first page'), at(pages, 1, 'second page'), at(pages, 2, 'third page')]
    expect(second.totals).toEqual(totals)
    expect(third.totals).toEqual({ ...totals, human: totals.human + 1, total: totals.total + 1 })
    expect(pages.flatMap(rowsOf)).toHaveLength(750)
  })

  // Its speed is measured by npm run bench, not here: a wall-clock bound would flake on a busy machine. The
  // 400 requests took over the 15 s of a unit test at a load of 16 on two cores: a hung run still ends at 120 s.
  it('pages 100,000 paths at 250 in exactly 400 requests, in order', async () => {
    const s = await start()
    s.analytics.setData({ paths: 100_000, seed: 42 })
    s.analytics.quota = 1000
    let count = 0
    let requests = 0
    let unsorted = 0
    let previous: AnalyticsRow | undefined
    let last: AnalyticsRow | undefined
    for (let offset = 0; ; offset += 250) {
      const p = await page('visitors', { limit: 250, offset })
      requests++
      const rows = rowsOf(p)
      count += rows.length
      for (const row of rows) {
        if (previous && previous.total < row.total) unsorted++
        previous = row
      }
      last = rows.at(-1)
      if (!p.hasMore) break
    }
    expect(requests).toBe(400)
    expect(unsorted).toBe(0)
    expect(count).toBe(100_000)
    expect(last?.path).toBe('/docs/page-100000')
  }, 120_000)
})
