// The fake search API (POST /discovery/v1/search/{domain}), following the official discovery OpenAPI
// document: body {query, pageSize?: 1-50 (default 10), scoreThreshold?: 0-1}, 200 [{content, path,
// metadata}], errors {"error": string}; bearer auth with an assistant key (mint_dsc_…), an admin key refused
// with 401. The index is the simulated site's pages: a term scores 1 on a page whose text holds it whole,
// less (0.4 × the share of its words found) otherwise, so without a threshold it answers almost anything,
// as a semantic search does, and with 0.5 only the pages that hold the term.
import type { IncomingHttpHeaders } from 'node:http'
import { apiError, type ApiRequest } from '../mintlify/request.js'
import type { RouteResponse } from '../types.js'

export const DEFAULT_ASSISTANT_KEY = 'mint_dsc_sim_7e3a9b1c5d2f'
export const DEFAULT_SUBDOMAIN = 'acme'

const SEARCH_PATH = /^\/discovery\/v1\/search\/(?<domain>[^/]+)$/

export interface SitePage {
  path: string
  text: string
}

/** The fake search endpoint: its key, its site, and the pages its index holds. */
export interface FakeSearch {
  /** The accepted assistant key. Default 'mint_dsc_sim_7e3a9b1c5d2f'. */
  assistantKey: string
  /** The site's subdomain identifier (the path's domain); any other gets 404. Default 'acme'. */
  subdomain: string
  /** Adds a page to the site, or replaces its text (a writer fixing a gap). */
  setPage(path: string, text: string): void
  /** Every page the index holds: the site's generated pages, then those set. */
  pages(): SitePage[]
}

export class SearchApi implements FakeSearch {
  assistantKey = DEFAULT_ASSISTANT_KEY
  subdomain = DEFAULT_SUBDOMAIN
  private readonly set = new Map<string, string>()

  /** `sitePages`: the simulated site's generated pages (the analytics' page paths, each with a text). */
  constructor(private readonly sitePages: () => SitePage[]) {}

  setPage(path: string, text: string): void {
    this.set.set(path, text)
  }

  pages(): SitePage[] {
    const generated = this.sitePages().filter((page) => !this.set.has(page.path))
    return [...generated, ...[...this.set].map(([path, text]) => ({ path, text }))]
  }

  /** Answers a search request, or undefined for any other path. */
  handle(req: ApiRequest): RouteResponse | undefined {
    const match = SEARCH_PATH.exec(req.path)
    if (!match) return undefined
    if (req.method !== 'POST') return apiError(405, 'Method not allowed')
    const refused = this.authorize(req.headers)
    if (refused) return refused
    if (decodeURIComponent(match.groups?.domain ?? '') !== this.subdomain) return apiError(404, 'Domain not found')
    const body = readBody(req.body)
    if ('status' in body) return body
    const results = this.pages()
      .map((page) => ({ page, score: score(body.query, page.text) }))
      .filter((result) => body.scoreThreshold === undefined || result.score >= body.scoreThreshold)
      .sort((a, b) => b.score - a.score || a.page.path.localeCompare(b.page.path))
      .slice(0, body.pageSize)
    return {
      status: 200,
      json: results.map(({ page }) => ({
        content: page.text.slice(0, 200),
        path: page.path,
        metadata: { title: page.path.split('/').pop() }
      }))
    }
  }

  /** An assistant key, and only this one; an admin key (mint_ but not mint_dsc_) is refused as any other. */
  private authorize(headers: IncomingHttpHeaders): RouteResponse | undefined {
    const token = /^Bearer +(\S+) *$/i.exec(headers.authorization ?? '')?.[1]
    if (token && !token.startsWith('mint_dsc_')) return apiError(401, 'Invalid assistant API key: an admin key cannot search')
    return token === this.assistantKey ? undefined : apiError(401, 'Invalid assistant API key')
  }
}

interface SearchBody {
  query: string
  pageSize: number
  scoreThreshold?: number
}

function readBody(text: string): SearchBody | RouteResponse {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return apiError(400, 'Request body is not valid JSON')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return apiError(400, 'Request body must be a JSON object')
  const { query, pageSize = 10, scoreThreshold } = body as Record<string, unknown>
  if (typeof query !== 'string' || !query) return apiError(400, "Field 'query' must be a non-empty string")
  if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50)
    return apiError(400, "Field 'pageSize' must be an integer from 1 to 50")
  if (scoreThreshold !== undefined && (typeof scoreThreshold !== 'number' || scoreThreshold < 0 || scoreThreshold > 1))
    return apiError(400, "Field 'scoreThreshold' must be a number from 0 to 1")
  return { query, pageSize, scoreThreshold }
}

/** 1 when the text holds the query whole (any case); else 0.4 × the share of its words it holds. */
function score(query: string, text: string): number {
  const haystack = text.toLowerCase()
  const needle = query.toLowerCase().trim()
  if (haystack.includes(needle)) return 1
  const words = needle.split(/\s+/).filter(Boolean)
  return words.length === 0 ? 0 : (0.4 * words.filter((word) => haystack.includes(word)).length) / words.length
}
