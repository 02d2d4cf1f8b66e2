// Public types of the dev-only fake Mintlify admin API (see simulator/index.ts).
import type { IncomingHttpHeaders } from 'node:http'

export interface SimulatorOptions {
  /** Accepted bearer token. Default 'mint_sim_4f8c2d1e9a7b6c5d'. */
  apiKey?: string
  /** Accepted project id; any other project id gets 404 {"error":"Project not found"}. Default 'proj_sim'. */
  projectId?: string
  /** `source.repository` of every job. Default 'https://github.com/octo-org/docs'. */
  repository?: string
  /** Repository (URL) where the agent opens its pull requests. Default: `repository`. */
  prRepository?: string
}

export interface RecordedRequest {
  method: string
  /** Path without the query string, e.g. '/v2/agent/proj_sim/job'. */
  path: string
  query: Record<string, string>
  headers: Record<string, string | string[] | undefined>
  body: string
  /** Date.now() when the request arrived (before its body was read). */
  at: number
}

export type JobOutcome =
  | 'pr'
  | 'no-changes'
  | 'failed'
  | 'archived'
  | 'archived-with-pr'
  | 'never'
  | 'unknown-status'

export interface JobScript {
  outcome: JobOutcome
  /** Number of GETs that still see the job running before the final state. Default 2. */
  afterPolls?: number
  /** Extra fields merged into the final record, e.g. { error: 'Agent crashed' }. */
  extra?: Record<string, unknown>
  /** Records carry only `id` and `status` (plus `extra` once final), to test tolerant parsing. */
  minimal?: boolean
}

/**
 * Which requests a fault applies to. 'any' means any Mintlify API request (paths under /v1/ or /v2/),
 * never the routes added with `route()` for other APIs (such as a fake GitHub).
 */
export type FaultRoute = 'create' | 'get' | 'message' | 'analytics' | 'any'

export interface Fault {
  route: FaultRoute
  /** Let this many matching requests through untouched first (e.g. a 404 in the middle of polling). */
  skip?: number
  /** How many matching requests the fault affects. Default 1. */
  times?: number
  /** Respond with this status and JSON {"error": message ?? standard reason phrase}. */
  status?: number
  message?: string
  /** Retry-After header value (seconds or HTTP date). Without `status` the fault answers 429. */
  retryAfter?: string
  /** Body as text/plain instead of JSON (e.g. a 429 "Too Many Requests"). */
  plainText?: boolean
  /** An HTML error page (text/html), as a proxy would return. Default status 502. */
  html?: boolean
  /** 2xx (201 for create, else 200, or `status`) with content-type application/json and a truncated body. */
  malformed?: boolean
  /** Destroy the socket with a TCP reset and no response (ECONNRESET at the client). */
  reset?: boolean
  /**
   * Wait this long before handling. Alone, the request is then processed normally even if the client
   * gave up meanwhile (a slow create still creates the job); combined with another kind, that kind
   * applies after the wait.
   */
  delayMs?: number
  /**
   * For status/reset/malformed faults: if true the request IS processed (job created, message applied,
   * poll counted) before the faulty response ("the server did it, the response was lost").
   * Default true for malformed and reset, false otherwise.
   */
  process?: boolean
}

export interface SimJob {
  id: string
  projectId: string
  /** The prompt the job was created with. */
  prompt: string
  /** Prompts of the follow-up messages, in order. */
  messages: string[]
  /** Number of GETs of this job so far (all rounds). */
  polls: number
  /** The script the job currently follows (replaced by each follow-up message). */
  script: JobScript
  /** The current API record (does not count as a poll). */
  record(): Record<string, unknown>
}

/** What a route handler sees. */
export interface RouteRequest {
  method: string
  url: URL
  path: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
  body: string
  /** The result of matching the route's pattern against `path` (capture groups). */
  match: RegExpExecArray
}

/** What a route handler answers. Give `json` (serialised as application/json) or `text`. */
export interface RouteResponse {
  status: number
  json?: unknown
  text?: string
  /** Default application/json for `json`, text/plain for `text`. */
  contentType?: string
  headers?: Record<string, string>
}

/** Return undefined to let the next route (or the built-in API) handle the request. */
export type Handler = (
  req: RouteRequest
) => RouteResponse | undefined | Promise<RouteResponse | undefined>

export interface Simulator {
  /** 'http://127.0.0.1:PORT' */
  url: string
  apiKey: string
  projectId: string
  /** Every request, in arrival order, on all routes, including those a fault affected. */
  requests: RecordedRequest[]
  /** Only the Mintlify API requests (paths under /v1/ and /v2/). */
  mintlifyRequests(): RecordedRequest[]
  jobs: Map<string, SimJob>
  /** Queue a script; each create consumes one. Empty queue: { outcome: 'pr', afterPolls: 2 }. */
  scriptNextJob(script: JobScript): void
  /** Queue a script for follow-up messages. Empty queue: { outcome: 'pr', afterPolls: 1 }. */
  scriptNextMessage(script: JobScript): void
  injectFault(fault: Fault): void
  /**
   * Add a route (for other fake APIs on the same server, e.g. GitHub REST or analytics). `method` is
   * matched case-insensitively ('*' for any); `pattern` is tested against the path without query.
   * Added routes are tried in order, before the built-in routes.
   */
  route(method: string, pattern: RegExp, handler: Handler): void
  /** Stop the server, destroy open sockets and clear timers. */
  close(): Promise<void>
}
