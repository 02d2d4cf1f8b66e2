// Fault injection: which requests a fault hits, and what the faulty answer looks like.
import { STATUS_CODES } from 'node:http'
import { isGitHubPath } from './github/http.js'
import type { RouteResponse } from './types.js'

/**
 * Which requests a fault applies to. 'any' means any Mintlify API request (paths under /v1/, /v2/ or /discovery/),
 * never the routes added with `route()` for other APIs; 'deploy', 'preview', 'deployment-status',
 * 'automation' and 'automation-webhook' are the deployment endpoints, 'export-start', 'export-status' and 'export-bundle' the static export ones, 'search' the search API's. The `github-` routes are the fake GitHub's: comment
 * creation and update, the permission look-up, reactions, a commit's pull requests, the GraphQL
 * `viewer`, deployment and deployment-status creation, a pull request and its files and commits, a reply
 * in a review thread and a review comment's update, a review request
 * and the reading of the requested reviewers, a commit status's creation and the reading of a commit's
 * statuses (list and combined), a comparison of two commits, a commit's check runs, a check run's
 * annotations, a workflow run's jobs, a job's log redirect, and 'github-any' for every GitHub request.
 */
export type FaultRoute = MintlifyFaultRoute | GitHubFaultRoute
export type MintlifyFaultRoute =
  | 'create'
  | 'get'
  | 'message'
  | 'analytics'
  | 'deploy'
  | 'preview'
  | 'deployment-status'
  | 'automation'
  | 'automation-webhook'
  | 'export-start'
  | 'export-status'
  | 'export-bundle'
  | 'search'
  | 'any'
export type GitHubFaultRoute =
  | 'github-comment-create'
  | 'github-comment-update'
  | 'github-permission'
  | 'github-reaction'
  | 'github-commit-pulls'
  | 'github-viewer'
  | 'github-deployment-create'
  | 'github-deployment-status'
  | 'github-pull'
  | 'github-pull-files'
  | 'github-pull-commits'
  | 'github-review-reply'
  | 'github-review-comment-update'
  | 'github-review-request'
  | 'github-requested-reviewers'
  | 'github-status-create'
  | 'github-statuses'
  | 'github-compare'
  | 'github-check-runs'
  | 'github-check-suites'
  | 'github-workflow-runs'
  | 'github-annotations'
  | 'github-jobs'
  | 'github-job-logs'
  | 'github-any'

export interface Fault {
  route: FaultRoute
  /** Let this many matching requests through untouched first (e.g. a 404 in the middle of polling). */
  skip?: number
  /** How many matching requests the fault affects. Default 1. */
  times?: number
  /**
   * Affect only every Nth matching request (after `skip`), letting the others through: a share of the
   * traffic, deterministically, for load tests. `times` still counts the requests affected.
   */
  every?: number
  /**
   * Hit the same request (method, URL and body: a retry of it) at most this many times in a row; the
   * next one passes untouched and is not counted for `every`. A rate limit that keeps its Retry-After
   * lets a patient caller through; a shared `every` counter alone can refuse one caller any number of
   * times in a row when many call at once.
   */
  maxInARow?: number
  /** Respond with this status and JSON {"error": message ?? standard reason phrase}. */
  status?: number
  message?: string
  /** Retry-After header value (seconds or HTTP date). Without `status` the fault answers 429. */
  retryAfter?: string
  /** Body as text/plain instead of JSON (e.g. a 429 "Too Many Requests"). */
  plainText?: boolean
  /** An HTML error page (text/html), as a proxy would return. Default status 502. */
  html?: boolean
  /**
   * 2xx (201 for the routes that create: a job, a GitHub comment, deployment, deployment status or commit
   * status; 202 for the deploy, preview and automation triggers; else 200; or `status`) with content-type
   * application/json and a truncated body.
   */
  malformed?: boolean
  /**
   * GitHub's secondary rate limit: a 403 (unless `status` says otherwise) with `x-ratelimit-remaining: 0`
   * and `x-ratelimit-reset` this many seconds from now.
   */
  rateLimitResetSeconds?: number
  /** Destroy the socket with a TCP reset and no response (ECONNRESET at the client). */
  reset?: boolean
  /**
   * A `Link` whose `next` never advances, as GitHub's description's own example and a faulty proxy give:
   * every page is answered as the first, and its `Link` names page 2 as next (and page 3 as last).
   */
  stuckLink?: boolean
  /** The real answer, its JSON body passed through this first (`user: null`, a negative figure). */
  rewrite?: (json: unknown) => unknown
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

/** The fault routes a request belongs to, most specific first; empty for requests of added routes. */
export function faultRoutesOf(method: string, path: string): FaultRoute[] {
  if (isGitHubPath(path)) return [...gitHubRoutesOf(method, path), 'github-any']
  if (!isMintlifyPath(path)) return []
  const specific = MINTLIFY_FAULT_ROUTES.find((r) => (r.method === undefined || r.method === method) && r.pattern.test(path))
  return specific ? [specific.route, 'any'] : ['any']
}

const MINTLIFY_FAULT_ROUTES: { method?: string; pattern: RegExp; route: MintlifyFaultRoute }[] = [
  { method: 'POST', pattern: /^\/v2\/agent\/[^/]+\/job$/, route: 'create' },
  { method: 'GET', pattern: /^\/v2\/agent\/[^/]+\/job\/[^/]+$/, route: 'get' },
  { method: 'POST', pattern: /^\/v2\/agent\/[^/]+\/job\/[^/]+\/message$/, route: 'message' },
  { pattern: /^\/v1\/analytics\//, route: 'analytics' },
  { method: 'POST', pattern: /^\/v1\/project\/update\/[^/]+$/, route: 'deploy' },
  { method: 'POST', pattern: /^\/v1\/project\/preview\/[^/]+$/, route: 'preview' },
  { method: 'GET', pattern: /^\/v1\/project\/update-status\/[^/]+$/, route: 'deployment-status' },
  { method: 'POST', pattern: /^\/v1\/workflow\/[^/]+\/[^/]+\/trigger$/, route: 'automation' },
  { method: 'POST', pattern: /^\/v2\/workflow\/[^/]+\/[^/]+\/webhook$/, route: 'automation-webhook' },
  { method: 'POST', pattern: /^\/v1\/static-export\/jobs$/, route: 'export-start' },
  { method: 'GET', pattern: /^\/v1\/static-export\/jobs\/[^/]+$/, route: 'export-status' },
  { method: 'POST', pattern: /^\/v1\/static-export\/jobs\/[^/]+\/bundle$/, route: 'export-bundle' },
  { method: 'POST', pattern: /^\/discovery\/v1\/search\/[^/]+$/, route: 'search' }
]

/** The routes whose success is 201 Created or 202 Accepted: a truncated answer there keeps that status. */
const CREATED_ROUTES: readonly FaultRoute[] = [
  'create',
  'github-comment-create',
  'github-deployment-create',
  'github-deployment-status',
  'github-status-create',
  'github-review-request'
]
const ACCEPTED_ROUTES: readonly FaultRoute[] = ['deploy', 'preview', 'automation', 'automation-webhook', 'export-start']

const GITHUB_FAULT_ROUTES: { method: string; pattern: RegExp; route: GitHubFaultRoute }[] = [
  { method: 'POST', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments$/, route: 'github-comment-create' },
  { method: 'PATCH', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/comments\/\d+$/, route: 'github-comment-update' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/collaborators\/[^/]+\/permission$/, route: 'github-permission' },
  { method: 'POST', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/comments\/\d+\/reactions$/, route: 'github-reaction' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/commits\/[^/]+\/pulls$/, route: 'github-commit-pulls' },
  { method: 'POST', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/deployments$/, route: 'github-deployment-create' },
  { method: 'POST', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/deployments\/\d+\/statuses$/, route: 'github-deployment-status' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/pulls\/\d+$/, route: 'github-pull' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/files$/, route: 'github-pull-files' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/commits$/, route: 'github-pull-commits' },
  { method: 'POST', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/comments\/\d+\/replies$/, route: 'github-review-reply' },
  { method: 'PATCH', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/pulls\/comments\/\d+$/, route: 'github-review-comment-update' },
  { method: 'POST', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/requested_reviewers$/, route: 'github-review-request' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/requested_reviewers$/, route: 'github-requested-reviewers' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/compare\/[^/]+$/, route: 'github-compare' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/commits\/[^/]+\/check-runs$/, route: 'github-check-runs' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/commits\/[^/]+\/check-suites$/, route: 'github-check-suites' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/actions\/runs$/, route: 'github-workflow-runs' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/check-runs\/\d+\/annotations$/, route: 'github-annotations' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/actions\/runs\/\d+\/jobs$/, route: 'github-jobs' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/actions\/jobs\/\d+\/logs$/, route: 'github-job-logs' },
  { method: 'POST', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/statuses\/[^/]+$/, route: 'github-status-create' },
  { method: 'GET', pattern: /^\/api\/v3\/repos\/[^/]+\/[^/]+\/commits\/[^/]+\/status(?:es)?$/, route: 'github-statuses' },
  // The action's only GraphQL query asks for the token's identity (`viewer`).
  { method: 'POST', pattern: /^\/api\/graphql$/, route: 'github-viewer' }
]

function gitHubRoutesOf(method: string, path: string): GitHubFaultRoute[] {
  return GITHUB_FAULT_ROUTES.filter((r) => r.method === method && r.pattern.test(path)).map((r) => r.route)
}

export function isMintlifyPath(path: string): boolean {
  return path.startsWith('/v1/') || path.startsWith('/v2/') || path.startsWith('/discovery/')
}

interface PendingFault {
  fault: Fault
  skipLeft: number
  timesLeft: number
  /** Matching requests seen since `skip` ran out, for `every`. */
  seen: number
  /** For `maxInARow`: how many times in a row each request (by `take`'s key) was hit. */
  streaks: Map<string, number>
}

/**
 * Faults in injection order. A request is matched against the first pending fault whose route fits:
 * while that fault still has requests to skip, the request passes untouched (and counts as skipped);
 * otherwise the fault applies (with `every`, only to every Nth such request). A fault is dropped once
 * it has applied `times` times.
 */
export class FaultQueue {
  private readonly pending: PendingFault[] = []

  add(fault: Fault): void {
    this.pending.push({
      fault: { ...fault },
      skipLeft: Math.max(0, fault.skip ?? 0),
      timesLeft: Math.max(1, fault.times ?? 1),
      seen: 0,
      streaks: new Map()
    })
  }

  /**
   * The fault to apply to a request on these routes, if any (consumes it). `request` names the request
   * (method, URL, body) so that `maxInARow` can tell a retry of it.
   */
  take(routes: FaultRoute[], request = ''): Fault | undefined {
    const index = this.pending.findIndex((p) => routes.includes(p.fault.route))
    const entry = this.pending[index]
    if (!entry) return undefined
    if (entry.skipLeft > 0) {
      entry.skipLeft--
      return undefined
    }
    const streak = entry.streaks.get(request) ?? 0
    if (streak >= (entry.fault.maxInARow ?? Infinity)) {
      entry.streaks.delete(request)
      return undefined
    }
    entry.seen++
    if (entry.seen % Math.max(1, entry.fault.every ?? 1) !== 0) {
      entry.streaks.delete(request)
      return undefined
    }
    entry.streaks.set(request, streak + 1)
    entry.timesLeft--
    if (entry.timesLeft === 0) this.pending.splice(index, 1)
    return entry.fault
  }

  clear(): void {
    this.pending.length = 0
  }
}

/** What a fault does once any delay is over. */
export type FaultEffect = 'reset' | 'malformed' | 'error' | 'none' | 'stuck-link' | 'rewrite'

export function effectOf(fault: Fault): FaultEffect {
  if (fault.reset) return 'reset'
  if (fault.stuckLink) return 'stuck-link'
  if (fault.rewrite) return 'rewrite'
  if (fault.malformed) return 'malformed'
  const errorLike =
    fault.status !== undefined ||
    fault.html === true ||
    fault.plainText === true ||
    fault.retryAfter !== undefined ||
    fault.rateLimitResetSeconds !== undefined ||
    fault.message !== undefined
  if (errorLike) return 'error'
  // A fault that only delays lets the request through; a fault that says nothing at all is a 500.
  return fault.delayMs !== undefined ? 'none' : 'error'
}

/** Whether the request is still carried out before the faulty answer is sent. */
export function processesRequest(fault: Fault): boolean {
  const effect = effectOf(fault)
  if (effect === 'none' || effect === 'rewrite') return true
  if (effect === 'stuck-link') return false
  return fault.process ?? (effect === 'malformed' || effect === 'reset')
}

/** The error answer of an 'error' fault; on GitHub's routes, in GitHub's shape (`message`, `documentation_url`). */
export function faultErrorResponse(fault: Fault, now = Date.now()): RouteResponse {
  const limited = fault.rateLimitResetSeconds !== undefined
  const status = fault.status ?? (fault.html ? 502 : limited ? 403 : fault.retryAfter !== undefined ? 429 : 500)
  const message = fault.message ?? (limited ? 'You have exceeded a secondary rate limit.' : (STATUS_CODES[status] ?? 'Error'))
  const headers: Record<string, string> = {}
  if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter
  if (limited) {
    headers['x-ratelimit-remaining'] = '0'
    headers['x-ratelimit-reset'] = String(Math.ceil(now / 1000) + (fault.rateLimitResetSeconds ?? 0))
  }
  if (fault.html) return { status, text: htmlErrorPage(status, message), contentType: 'text/html; charset=utf-8', headers }
  if (fault.plainText) return { status, text: message, headers }
  if (fault.route.startsWith('github-')) return { status, json: { message, documentation_url: 'https://docs.github.com/rest' }, headers }
  return { status, json: { error: message }, headers }
}

/**
 * A 2xx answer that claims JSON but cannot be parsed: the real answer (or a stand-in) cut in half, so
 * it always lacks its closing brace.
 */
export function malformedResponse(fault: Fault, route: FaultRoute | undefined, real?: RouteResponse): RouteResponse {
  const created = route !== undefined && CREATED_ROUTES.includes(route)
  const status = fault.status ?? (created ? 201 : route !== undefined && ACCEPTED_ROUTES.includes(route) ? 202 : 200)
  // A real answer may come rendered already (an analytics answer waiting out its latency).
  const full = real?.text ?? JSON.stringify(real?.json ?? { id: 'job_unknown', status: 'active', prLink: null })
  return { status, text: full.slice(0, Math.max(1, Math.floor(full.length / 2))), contentType: 'application/json; charset=utf-8' }
}

/** The real answer (`real`, answered as page 1) with a `Link` whose next is always page 2 of `url`. */
export function stuckLinkResponse(real: RouteResponse, url: URL, serverUrl: string): RouteResponse {
  const page = (n: number): string => {
    const target = new URL(url.pathname + url.search, serverUrl)
    target.searchParams.set('page', String(n))
    return target.href
  }
  return { ...real, headers: { ...real.headers, link: `<${page(2)}>; rel="next", <${page(3)}>; rel="last"` } }
}

/** The real answer with its JSON body rewritten by the fault (a rendered body is parsed first). */
export function rewrittenResponse(fault: Fault, real: RouteResponse): RouteResponse {
  const json: unknown = real.json ?? (real.text === undefined ? undefined : JSON.parse(real.text))
  const { text: _text, ...rest } = real
  return { ...rest, json: fault.rewrite ? fault.rewrite(json) : json }
}

function htmlErrorPage(status: number, message: string): string {
  const title = `${status} ${escapeHtml(STATUS_CODES[status] ?? 'Error')}`
  return [
    '<!DOCTYPE html>',
    `<html><head><title>${title}</title></head>`,
    `<body><center><h1>${title}</h1></center><p>${escapeHtml(message)}</p><hr><center>nginx</center></body>`,
    '</html>',
    ''
  ].join('\n')
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
