import { describe, expect, it } from '@jest/globals'
import { type FetchedPage, type PagePosition, type PagedEndpoint, readPages, resolvePageSize } from '../../../src/mintlify/paging.js'

/** Serves `pages` in order and records every position asked for; a request past the last page fails the test. */
function server(pages: FetchedPage<number>[]): { asked: PagePosition[]; fetch: (position: PagePosition) => Promise<FetchedPage<number>> } {
  const asked: PagePosition[] = []
  return {
    asked,
    fetch: (position) => {
      const page = pages[asked.length]
      asked.push(position)
      if (!page) throw new Error(`a request past the last page: ${JSON.stringify(position)}`)
      return Promise.resolve(page)
    }
  }
}

async function readAll(endpoint: PagedEndpoint, limit: number, pages: FetchedPage<number>[]) {
  const { asked, fetch } = server(pages)
  const rows: number[] = []
  const reader = readPages(endpoint, limit, fetch)
  for (;;) {
    const step = await reader.next()
    if (step.done) return { asked, rows, stalled: step.value.stalled }
    rows.push(...step.value.rows)
  }
}

describe('page-size', () => {
  it.each([
    ['visitors', 250],
    ['views', 250],
    ['feedback', 100],
    ['searches', 100],
    ['assistant', 1000]
  ] as const)('empty means the largest limit %s allows (%i)', (endpoint, max) => {
    expect(resolvePageSize(endpoint, '')).toEqual({ ok: true, value: max })
  })

  it('accepts any whole number up to the endpoint limit', () => {
    expect(resolvePageSize('assistant', '1000')).toEqual({ ok: true, value: 1000 })
    expect(resolvePageSize('feedback', ' 7 ')).toEqual({ ok: true, value: 7 })
  })

  it('refuses a size above the endpoint limit, naming page-size and the limit', () => {
    const result = resolvePageSize('searches', '250')
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^Input 'page-size' .*1 to 100 for searches.*'250'/) })
  })

  it.each(['0', '-5', '2.5', 'many'])('refuses %s', (raw) => {
    expect(resolvePageSize('visitors', raw).ok).toBe(false)
  })
})

describe('offset paging (visitors, views)', () => {
  it('sends one request per page, offset growing by the limit, and stops when hasMore is false', async () => {
    const result = await readAll('visitors', 2, [
      { rows: [1, 2], continuation: { hasMore: true } },
      { rows: [3, 4], continuation: { hasMore: true } },
      { rows: [5], continuation: { hasMore: false } }
    ])
    expect(result.asked).toEqual([{ offset: 0 }, { offset: 2 }, { offset: 4 }])
    expect(result.rows).toEqual([1, 2, 3, 4, 5])
    expect(result.stalled).toBeNull()
  })

  it('stops, saying why, when the API promises more rows but sends none', async () => {
    const result = await readAll('views', 2, [
      { rows: [1, 2], continuation: { hasMore: true } },
      { rows: [], continuation: { hasMore: true } }
    ])
    expect(result.asked).toHaveLength(2)
    expect(result.stalled).toMatch(/more rows follow offset 2 but sent none/)
  })
})

describe('cursor paging (feedback, searches, assistant)', () => {
  it('starts without a cursor and passes each nextCursor until it is null', async () => {
    const result = await readAll('feedback', 100, [
      { rows: [1], continuation: { nextCursor: 'a' } },
      { rows: [2], continuation: { nextCursor: 'b' } },
      { rows: [3], continuation: { nextCursor: null } }
    ])
    expect(result.asked).toEqual([{ cursor: null }, { cursor: 'a' }, { cursor: 'b' }])
    expect(result.rows).toEqual([1, 2, 3])
    expect(result.stalled).toBeNull()
  })

  it('a single page with no nextCursor costs exactly one request', async () => {
    const result = await readAll('assistant', 1000, [{ rows: [1, 2, 3], continuation: { nextCursor: null } }])
    expect(result.asked).toEqual([{ cursor: null }])
  })

  it('stops instead of looping when the API repeats a cursor', async () => {
    const result = await readAll('searches', 100, [
      { rows: [1], continuation: { nextCursor: 'a' } },
      { rows: [2], continuation: { nextCursor: 'a' } }
    ])
    expect(result.asked).toEqual([{ cursor: null }, { cursor: 'a' }])
    expect(result.stalled).toMatch(/same cursor twice/)
  })

  it('stops when a page promises a next cursor but holds no rows', async () => {
    const result = await readAll('feedback', 50, [{ rows: [], continuation: { nextCursor: 'z' } }])
    expect(result.asked).toHaveLength(1)
    expect(result.stalled).toMatch(/sent none/)
  })
})
