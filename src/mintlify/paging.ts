/**
 * Paging for every analytics endpoint. Two mechanisms exist in the API: `offset` (visitors, views:
 * `offset += limit` while `hasMore`) and `cursor` (feedback, searches, assistant: `cursor` = the last
 * `nextCursor` until it is null). Both are driven by one loop, so each export sends exactly as many
 * requests as there are pages and never a speculative one.
 */

export type PagedEndpoint = 'visitors' | 'views' | 'feedback' | 'searches' | 'assistant'

interface EndpointPaging {
  style: 'offset' | 'cursor'
  /** The largest `limit` the OpenAPI document allows for the endpoint. */
  maxLimit: number
}

export const PAGING: Readonly<Record<PagedEndpoint, EndpointPaging>> = {
  visitors: { style: 'offset', maxLimit: 250 },
  views: { style: 'offset', maxLimit: 250 },
  feedback: { style: 'cursor', maxLimit: 100 },
  searches: { style: 'cursor', maxLimit: 100 },
  assistant: { style: 'cursor', maxLimit: 1000 }
}

/**
 * `page-size` for one endpoint: empty means the endpoint's maximum (fewest requests); above it is
 * refused with one sentence naming the input, before any request is sent.
 */
export function resolvePageSize(endpoint: PagedEndpoint, raw: string): { ok: true; value: number } | { ok: false; message: string } {
  const { maxLimit } = PAGING[endpoint]
  const text = raw.trim()
  if (text === '') return { ok: true, value: maxLimit }
  const value = /^\d+$/.test(text) ? Number(text) : NaN
  if (!Number.isSafeInteger(value) || value < 1 || value > maxLimit)
    return {
      ok: false,
      message: `Input 'page-size' must be a whole number from 1 to ${maxLimit} for ${endpoint} (the API's largest page); got '${raw.trim()}'.`
    }
  return { ok: true, value }
}

/** Where the next request starts: an offset, or a cursor (null for the first page). */
export type PagePosition = { offset: number } | { cursor: string | null }

/** What a page says about the pages after it. */
export type PageContinuation = { hasMore: boolean } | { nextCursor: string | null }

export interface FetchedPage<T> {
  rows: T[]
  continuation: PageContinuation
}

/** How paging ended: `stalled` says why it stopped before the API said the end was reached. */
export interface PageEnd {
  stalled: string | null
}

/**
 * Reads pages one after the other, yielding each as it arrives. Stops when the API says nothing follows,
 * and also when it says more follows but sent no rows or repeated a cursor: asking again would only
 * spend quota on the same answer.
 */
export async function* readPages<Page extends FetchedPage<unknown>>(
  endpoint: PagedEndpoint,
  limit: number,
  fetchPage: (position: PagePosition, limit: number) => Promise<Page>
): AsyncGenerator<Page & { position: PagePosition }, PageEnd> {
  let position: PagePosition = PAGING[endpoint].style === 'offset' ? { offset: 0 } : { cursor: null }
  const cursorsSeen = new Set<string>()
  for (;;) {
    const page = await fetchPage(position, limit)
    yield { ...page, position }
    const next = nextPosition(position, page, limit)
    if (next === 'done') return { stalled: null }
    if (page.rows.length === 0)
      return {
        stalled: `the API said more rows follow ${describePosition(position)} but sent none (stopping rather than spending quota on empty pages)`
      }
    if ('cursor' in next && next.cursor !== null) {
      if (cursorsSeen.has(next.cursor)) return { stalled: `the API sent the same cursor twice (after ${describePosition(position)})` }
      cursorsSeen.add(next.cursor)
    }
    position = next
  }
}

function nextPosition(position: PagePosition, page: FetchedPage<unknown>, limit: number): PagePosition | 'done' {
  const { continuation } = page
  if ('offset' in position) return 'hasMore' in continuation && continuation.hasMore ? { offset: position.offset + limit } : 'done'
  return 'nextCursor' in continuation && continuation.nextCursor ? { cursor: continuation.nextCursor } : 'done'
}

function describePosition(position: PagePosition): string {
  if ('offset' in position) return `offset ${position.offset}`
  return position.cursor === null ? 'the first page' : 'a cursor'
}

/** The analytics range as the API takes it (`dateTo` exclusive); a bound left out is not sent. */
export function rangeParams(query: { dateFrom: string | null; dateTo: string | null }): URLSearchParams {
  const params = new URLSearchParams()
  if (query.dateFrom) params.set('dateFrom', query.dateFrom)
  if (query.dateTo) params.set('dateTo', query.dateTo)
  return params
}
