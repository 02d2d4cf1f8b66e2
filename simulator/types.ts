// What the simulator's parts share: its options, the requests it records, the routes a test adds, and the
// Simulator itself. Each fake's own types live beside it (mintlify/, github/, analytics/, deployments/).
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import type { FakeAnalytics } from './analytics/types.js'
import type { FakeDeployments } from './deployments/types.js'
import type { FakeSearch } from './discovery/search.js'
import type { Fault } from './faults.js'
import type { FakeGitHub } from './github/types.js'
import type { FakeCredits } from './mintlify/credits.js'
import type { JobScript, SimJob } from './mintlify/types.js'
import type { FakeStaticExports } from './static-export/types.js'

export interface SimulatorOptions {
  /** Accepted bearer token. Default 'mint_sim_4f8c2d1e9a7b6c5d'. */
  apiKey?: string
  /** Accepted project id; any other project id gets 404 {"error":"Project not found"}. Default 'proj_sim'. */
  projectId?: string
  /** The project's repository (URL): its deployments', and the agent's unless `prRepository` names another. Default 'https://github.com/octo-org/docs'. */
  repository?: string
  /**
   * Repository (URL) the agent works in: `source.repository` of every job, and where it opens its pull
   * requests (as Mintlify does, in the repository the job names). Default: `repository`.
   */
  prRepository?: string
  /** Token the fake GitHub API accepts. Default SIM_GITHUB_TOKEN. */
  githubToken?: string
  /** Login of that token's identity. Default 'github-actions[bot]'. */
  githubIdentity?: string
  /**
   * The clock of the deployment endpoints (ms since the epoch): when a deployment was created, how far
   * it has got, its timestamps, and the rate-limit windows; and of the fake GitHub's checks: when a check
   * run planted to complete later completes, when a job log's URL expires, and the times of comments
   * (`created_at`, `updated_at`: an edit made later shows as later). Default Date.now; a test
   * that owns the clock moves deployments and checks along and through rate-limit windows without waiting.
   */
  now?: () => number
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
  /** An injected fault answered (or delayed) it. */
  faulted: boolean
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
  /** Answers by itself, streaming (a bundle download): `status`, `json` and `text` are then not sent. */
  stream?: (res: ServerResponse) => void
}

/** Return undefined to let the next route (or the built-in API) handle the request. */
export type Handler = (req: RouteRequest) => RouteResponse | undefined | Promise<RouteResponse | undefined>

export interface Simulator {
  /** 'http://127.0.0.1:PORT' */
  url: string
  apiKey: string
  projectId: string
  /** Every request, in arrival order, on all routes, including those a fault affected. */
  requests: RecordedRequest[]
  /** Only the Mintlify API requests (paths under /v1/, /v2/ and /discovery/). */
  mintlifyRequests(): RecordedRequest[]
  /** Only the fake GitHub API requests (paths under /api/: REST under /api/v3, GraphQL at /api/graphql). */
  githubRequests(): RecordedRequest[]
  /** The fake GitHub API on the same server (see FakeGitHub). */
  github: FakeGitHub
  /** The fake analytics endpoints, GET /v1/analytics/{projectId}/visitors and /views (see FakeAnalytics). */
  analytics: FakeAnalytics
  /** The fake deploy, preview, deployment-status and automation endpoints (see FakeDeployments). */
  deployments: FakeDeployments
  /** The organization's AI credits (402, credit-check 503) and the admin key's scope (403 on a POST): see FakeCredits. */
  credits: FakeCredits
  /** The fake static export endpoints and their bundle links (see FakeStaticExports). */
  staticExports: FakeStaticExports
  /** The fake search API, POST /discovery/v1/search/{domain}, on an assistant key (see FakeSearch). */
  search: FakeSearch
  jobs: Map<string, SimJob>
  /** Queue a script; each create consumes one. Empty queue: { outcome: 'pr', afterPolls: 2 }. */
  scriptNextJob(script: JobScript): void
  /** Queue a script for follow-up messages. Empty queue: { outcome: 'pr', afterPolls: 1 }. */
  scriptNextMessage(script: JobScript): void
  injectFault(fault: Fault): void
  /**
   * Add a route (for other fake APIs on the same server, e.g. GitHub REST or analytics). `method` is
   * matched case-insensitively ('*' for any); `pattern` is tested against the path without query.
   * Added routes are tried in order, before the built-in routes (Mintlify and GitHub), so a test can
   * also override or add a GitHub endpoint this way.
   */
  route(method: string, pattern: RegExp, handler: Handler): void
  /** Stop the server, destroy open sockets and clear timers. */
  close(): Promise<void>
}
