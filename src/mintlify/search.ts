import { isRecord } from '../text.js'
import { type ClientOptions, RequestSender } from './request.js'

/**
 * Mintlify's search API (`POST {base-url}/discovery/v1/search/{domain}`), on an assistant key: the one
 * call the docs-health report makes to ask a search again. It has a client of its own, so the assistant
 * key goes nowhere else and the admin key never comes here; request.ts sends it (auth, timeouts, retries,
 * the key cut out of every server text).
 */

export interface SearchOptions extends Omit<ClientOptions, 'apiKey' | 'requestBudget' | 'rateLimitWaits'> {
  /** An assistant key (`mint_dsc_…`). */
  assistantKey: string
}

export interface SearchQuery {
  query: string
  pageSize: number
  /** Only results scoring at least this (0 to 1) are answered. */
  scoreThreshold: number
}

/** One result as the API documents it (`content`, `path`, `metadata`): the fields the report reads. */
export interface SearchResult {
  /** The page's path or URL; null when the API gave none. */
  path: string | null
}

export class SearchClient {
  private readonly requests: RequestSender

  constructor({ assistantKey, ...options }: SearchOptions) {
    // A 429 is waited out once a run (10,000 searches an hour: a second one means the hour is spent).
    this.requests = new RequestSender({ ...options, apiKey: assistantKey, rateLimitWaits: 1 })
  }

  /** Requests sent so far, retries included. */
  get requestsSent(): number {
    return this.requests.requestsSent
  }

  /** One search; `label` names it in messages (never the query: readers wrote it). */
  search(domain: string, query: SearchQuery, label: string): Promise<SearchResult[]> {
    return this.requests.call(
      {
        method: 'POST',
        path: `/discovery/v1/search/${encodeURIComponent(domain)}`,
        body: query,
        idempotent: true,
        family: 'search',
        action: `ask ${label} again`,
        notFound: `the search API knows no site ${domain}; check subdomain`
      },
      parseSearchResults
    )
  }
}

/** The answer: an array of objects; null (unreadable) for anything else. */
export function parseSearchResults(body: unknown): SearchResult[] | null {
  if (!Array.isArray(body) || !body.every(isRecord)) return null
  return body.map((result) => ({ path: typeof result.path === 'string' && result.path.trim() ? result.path : null }))
}
