// What every route of the fake GitHub shares: the request it sees, GitHub's error bodies, `Link` pagination
// and the reading of JSON bodies, worded as GitHub words its answers.
import type { IncomingHttpHeaders } from 'node:http'
import type { RouteResponse } from '../types.js'
import type { Repo } from './state.js'
import type { GitHubFamily } from './types.js'

const DOCS_URL = 'https://docs.github.com/rest'
const DEFAULT_PER_PAGE = 30
const MAX_PER_PAGE = 100

export function isGitHubPath(path: string): boolean {
  return path.startsWith('/api/')
}

export interface GitHubRequest {
  method: string
  url: URL
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** What a route's handler is given: the request, the path's parameters, its repository and who asks. */
export interface Context {
  req: GitHubRequest
  params: Record<string, string>
  repo: Repo
  /** Login of the identity the request's token belongs to: the author of what it writes. */
  actor: string
}

/** One REST route under /api/v3/repos/{owner}/{repo}. */
export interface Route {
  method: string
  pattern: RegExp
  /** The family `forbid()` can shut off. */
  family?: GitHubFamily
  /** A promise only where the answer waits for other requests (the git references' list barrier). */
  handle(ctx: Context): RouteResponse | Promise<RouteResponse>
}

const REPO = String.raw`^/api/v3/repos/(?<owner>[^/]+)/(?<repo>[^/]+)`

/**
 * A route under /repos/{owner}/{repo}, its path written as GitHub's docs write it (`/pulls/{number}/files`):
 * `{number}` and `{id}` match digits, any other `{name}` one path segment; the handler gets them as params.
 */
export function route(
  method: string,
  path: string,
  family: GitHubFamily | undefined,
  handle: (ctx: Context) => RouteResponse | Promise<RouteResponse>
): Route {
  // `{ref+}`: a git reference's name, slashes and all (`%2F` too, which GitHub reads as `/`).
  const tail = path.replace(/\{(\w+)(\+?)\}/g, (_, name: string, rest: string) =>
    rest ? `(?<${name}>.+)` : name === 'number' || name === 'id' ? `(?<${name}>\\d+)` : `(?<${name}>[^/]+)`
  )
  return { method, pattern: new RegExp(`${REPO}${tail}$`), family, handle }
}

/** GitHub's error body. Newer GitHub responses repeat the status as a string. */
export function gitHubError(status: number, message: string, extra: Record<string, unknown> = {}): RouteResponse {
  return { status, json: { message, ...extra, documentation_url: DOCS_URL, status: String(status) } }
}

export const notFound = (): RouteResponse => gitHubError(404, 'Not Found')

/** What GitHub answers a token that lacks the permission an endpoint needs. */
export const notAccessible = (): RouteResponse => gitHubError(403, 'Resource not accessible by integration')

export function validationFailed(resource: string, field: string, code: string, message?: string): RouteResponse {
  const error = message === undefined ? { resource, code, field } : { resource, code, field, message }
  return gitHubError(422, 'Validation Failed', { errors: [error] })
}

/** `per_page` (default 30, at most 100) and `page` (from 1) of a request, as every list reads them. */
export function pageOf(req: GitHubRequest): { perPage: number; page: number } {
  const perPage = Math.min(MAX_PER_PAGE, positiveInt(req.url.searchParams.get('per_page')) ?? DEFAULT_PER_PAGE)
  return { perPage, page: positiveInt(req.url.searchParams.get('page')) ?? 1 }
}

/**
 * GitHub's `Link` header for page `page` of `lastPage`: prev/next/last/first as they apply, absolute URLs
 * (`serverUrl` is 'http://127.0.0.1:PORT') keeping the other query parameters; undefined when there is
 * only one page, for GitHub sends none then.
 */
export function linkHeader(req: GitHubRequest, serverUrl: string, page: number, lastPage: number): string | undefined {
  const link = (target: number, rel: string): string => {
    const url = new URL(req.path, serverUrl)
    url.search = req.url.search
    url.searchParams.set('page', String(target))
    return `<${url.href}>; rel="${rel}"`
  }
  const links: string[] = []
  if (page > 1) links.push(link(page - 1, 'prev'))
  if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'))
  if (page > 1) links.push(link(1, 'first'))
  return links.length > 0 ? links.join(', ') : undefined
}

/**
 * One page of `items` with GitHub's `Link` header (see pageOf and linkHeader). A page past the end is an
 * empty array, not an error.
 */
export function paginate<T>(req: GitHubRequest, serverUrl: string, items: T[], render: (item: T, index: number) => unknown): RouteResponse {
  const { shown, start, headers } = onePage(req, serverUrl, items)
  return { status: 200, json: shown.map((item, i) => render(item, start + i)), headers }
}

/** The items of the request's page, the index of its first one, and the `Link` header that goes with it. */
export function onePage<T>(
  req: GitHubRequest,
  serverUrl: string,
  items: T[]
): { shown: T[]; start: number; headers: Record<string, string> } {
  const { perPage, page } = pageOf(req)
  const start = (page - 1) * perPage
  const link = linkHeader(req, serverUrl, page, Math.max(1, Math.ceil(items.length / perPage)))
  return { shown: items.slice(start, start + perPage), start, headers: link === undefined ? {} : { link } }
}

// ---- Request bodies -------------------------------------------------------------------------------

export type Parsed = { ok: true; value: Record<string, unknown> } | { ok: false; error: RouteResponse }

/** GitHub reads JSON whatever the Content-Type says; anything but a JSON object is 400. */
export function parseJsonObject(text: string): Parsed {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { ok: true, value: value as Record<string, unknown> }
    }
  } catch {
    // Falls through to the 400.
  }
  return { ok: false, error: gitHubError(400, 'Problems parsing JSON') }
}

export type FieldType = 'string' | 'boolean' | 'string[]' | 'object' | 'null'

const FIELD_TYPE_NAMES: Record<FieldType, string> = {
  string: 'a string',
  boolean: 'a boolean',
  'string[]': 'an array of strings',
  object: 'an object',
  null: 'null'
}

function isOfType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
    case 'null':
      return value === null
  }
}

/**
 * Checks a body against a schema: `required` fields present, every field given of one of its types.
 * Schema errors are 422 "Invalid request." with the reason after it, as GitHub words them.
 */
export function checkFields(
  body: Record<string, unknown>,
  schema: Record<string, FieldType[]>,
  required: string[]
): RouteResponse | undefined {
  const missing = required.find((field) => body[field] === undefined)
  if (missing) return gitHubError(422, `Invalid request.\n\n"${missing}" wasn't supplied.`)
  for (const [field, types] of Object.entries(schema)) {
    const value = body[field]
    if (value !== undefined && !types.some((type) => isOfType(value, type))) {
      const expected = types.map((type) => FIELD_TYPE_NAMES[type]).join(' or ')
      return gitHubError(422, `Invalid request.\n\nFor 'properties/${field}', ${JSON.stringify(value)} is not ${expected}.`)
    }
  }
  return undefined
}

/** A JSON object body that passes `checkFields`, or the 400 or 422 answer. */
export function readBody(req: GitHubRequest, schema: Record<string, FieldType[]>, required: string[] = []): Parsed {
  const parsed = parseJsonObject(req.body)
  if (!parsed.ok) return parsed
  const invalid = checkFields(parsed.value, schema, required)
  return invalid ? { ok: false, error: invalid } : parsed
}

export function stringField(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field]
  return typeof value === 'string' ? value : undefined
}

export function booleanField(body: Record<string, unknown>, field: string): boolean | undefined {
  const value = body[field]
  return typeof value === 'boolean' ? value : undefined
}

export function stringsField(body: Record<string, unknown>, field: string): string[] {
  const value = body[field]
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

// ---- Small helpers --------------------------------------------------------------------------------

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined
  const n = Number(value)
  return n >= 1 ? n : undefined
}

/** The path's parameters, percent-decoded; undefined when one is not valid percent-encoding. */
export function decodeParams(groups: Record<string, string | undefined>): Record<string, string> | undefined {
  const params: Record<string, string> = {}
  try {
    for (const [name, value] of Object.entries(groups)) params[name] = decodeURIComponent(value ?? '')
  } catch {
    return undefined
  }
  return params
}
