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
  /** Token the fake GitHub API accepts. Default SIM_GITHUB_TOKEN. */
  githubToken?: string
  /** Login of that token's identity. Default 'github-actions[bot]'. */
  githubIdentity?: string
  /**
   * The clock of the deployment endpoints (ms since the epoch): when a deployment was created, how far
   * it has got, its timestamps, and the rate-limit windows. Default Date.now; a test that owns the clock
   * moves deployments along and through rate-limit windows without waiting.
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

export type JobOutcome = 'pr' | 'no-changes' | 'failed' | 'archived' | 'archived-with-pr' | 'never' | 'unknown-status'

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
 * never the routes added with `route()` for other APIs; 'deploy', 'preview', 'deployment-status' and
 * 'automation' are the deployment endpoints. The `github-` routes are the fake GitHub's: comment
 * creation and update, the permission look-up, reactions, a commit's pull requests, the GraphQL
 * `viewer`, deployment and deployment-status creation, a pull request's files, and 'github-any' for
 * every GitHub request.
 */
export type FaultRoute = MintlifyFaultRoute | GitHubFaultRoute
export type MintlifyFaultRoute =
  'create' | 'get' | 'message' | 'analytics' | 'deploy' | 'preview' | 'deployment-status' | 'automation' | 'any'
export type GitHubFaultRoute =
  | 'github-comment-create'
  | 'github-comment-update'
  | 'github-permission'
  | 'github-reaction'
  | 'github-commit-pulls'
  | 'github-viewer'
  | 'github-deployment-create'
  | 'github-deployment-status'
  | 'github-pull-files'
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
  /** 2xx (201 for create, 202 for the deploy, preview and automation triggers, else 200, or `status`) with content-type application/json and a truncated body. */
  malformed?: boolean
  /**
   * GitHub's secondary rate limit: a 403 (unless `status` says otherwise) with `x-ratelimit-remaining: 0`
   * and `x-ratelimit-reset` this many seconds from now.
   */
  rateLimitResetSeconds?: number
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
export type Handler = (req: RouteRequest) => RouteResponse | undefined | Promise<RouteResponse | undefined>

export interface Simulator {
  /** 'http://127.0.0.1:PORT' */
  url: string
  apiKey: string
  projectId: string
  /** Every request, in arrival order, on all routes, including those a fault affected. */
  requests: RecordedRequest[]
  /** Only the Mintlify API requests (paths under /v1/ and /v2/). */
  mintlifyRequests(): RecordedRequest[]
  /** Only the fake GitHub API requests (paths under /api/: REST under /api/v3, GraphQL at /api/graphql). */
  githubRequests(): RecordedRequest[]
  /** The fake GitHub API on the same server (see FakeGitHub). */
  github: FakeGitHub
  /** The fake analytics endpoints, GET /v1/analytics/{projectId}/visitors and /views (see FakeAnalytics). */
  analytics: FakeAnalytics
  /** The fake deploy, preview, deployment-status and automation endpoints (see FakeDeployments). */
  deployments: FakeDeployments
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

/** A repository role, as GitHub names them (`role_name`). */
export type GitHubRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read'

/**
 * An organisation's custom repository role: GitHub reports its own name as `role_name` and the base
 * role it inherits as `permission` (`admin`, `write` or `read`, the legacy names).
 */
export interface GitHubCustomRole {
  name: string
  permission: 'admin' | 'write' | 'read'
}

/** What a token may do in one repository. */
export type GitHubAccess = 'read' | 'write'

/** Another token the fake GitHub accepts (see FakeGitHub.addToken). */
export interface GitHubTokenInit {
  /** Login it acts as: comments and reactions it writes carry it, GraphQL `viewer` answers it. */
  identity: string
  /** `owner/name` → access; every other repository answers 404 to it, as GitHub hides what a token cannot see. */
  repositories: Record<string, GitHubAccess>
}

/** Families of GitHub endpoints that `forbid()` can shut off. */
export type GitHubFamily = 'comments' | 'reactions' | 'pulls' | 'labels' | 'deployments'

export type GitHubUserType = 'User' | 'Bot'

/** An issue or pull request of the fake GitHub. */
export interface GitHubIssueInit {
  number: number
  title: string
  /** Label names on the issue or pull request. */
  labels?: string[]
  /** A pull request (also reachable under /pulls). Default false. */
  pullRequest?: boolean
  /** Author login. Default 'octocat'. */
  user?: string
  body?: string
  /** Head commit of a pull request. Default: the sha of its last commit (generated). */
  headSha?: string
  /** Head branch of a pull request. Default 'feature-<number>'. */
  headRef?: string
  /** Commit messages of a pull request, oldest first (shas are generated; the last one is `headSha`). */
  commits?: string[]
  /** Changed files of a pull request: a path alone is a modified file. */
  files?: (string | GitHubPullFile)[]
  /** When it was last updated (ISO 8601, whole seconds); default now. Comments and closing update it again. */
  updatedAt?: string
}

/** How GitHub names a pull request file's change (`status` in `GET …/pulls/{n}/files`). */
export type GitHubFileStatus = 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged'

/** A changed file of a pull request. */
export interface GitHubPullFile {
  filename: string
  /** Default 'modified'. */
  status?: GitHubFileStatus
  /** The path before a rename or copy; required for those, refused for the others. */
  previousFilename?: string
  /** Lines added and deleted. Default: 0 and 0 for a pure rename or copy, else what the status suggests (1 each for modified). */
  additions?: number
  deletions?: number
}

/** The states GitHub accepts for a deployment status. */
export type GitHubDeploymentState = 'error' | 'failure' | 'inactive' | 'in_progress' | 'queued' | 'pending' | 'success'

/** A deployment status as the fake GitHub holds it (field names as in GitHub's JSON). */
export interface SimGitHubDeploymentStatus {
  id: number
  state: GitHubDeploymentState
  description: string
  environment: string
  log_url: string
  environment_url: string
  /** Login of the token's identity that wrote it. */
  creator: string
  created_at: string
}

/** A deployment as the fake GitHub holds it, with its statuses oldest first (a snapshot). */
export interface SimGitHubDeployment {
  id: number
  sha: string
  ref: string
  task: string
  environment: string
  original_environment: string
  description: string
  payload: unknown
  transient_environment: boolean
  production_environment: boolean
  /** null when the request left them out (GitHub then requires every commit status context to pass). */
  required_contexts: string[] | null
  auto_merge: boolean
  creator: string
  created_at: string
  statuses: SimGitHubDeploymentStatus[]
}

/** A comment as the fake GitHub holds it (a snapshot: later edits do not show in it). */
export interface SimComment {
  id: number
  body: string
  user: { login: string; type: GitHubUserType }
  html_url: string
  created_at: string
  updated_at: string
  /** Contents of the reactions added through the API, in order ('eyes', 'rocket', ...). */
  reactions: string[]
}

/**
 * A fake GitHub REST API under `${sim.url}/api/v3` (GraphQL at `${sim.url}/api/graphql`), enough for
 * Octokit to comment on issues and pull requests, react, check permissions and read pull requests.
 * Repositories are 'owner/name' and, as on GitHub, matched case-insensitively.
 */
export interface FakeGitHub {
  /** The accepted token (`Authorization: token X` or `Bearer X`); others get 401 Bad credentials. */
  token: string
  /** Login of the token's identity; type 'Bot' when it ends in '[bot]', else 'User'. */
  identity: string
  /**
   * Accepts another token with its own identity and only the listed repositories: writes (POST, PATCH)
   * where it has 'read' get 403 "Resource not accessible by integration", and unlisted repositories 404.
   * `token` above keeps write access everywhere.
   */
  addToken(token: string, init: GitHubTokenInit): void
  addIssue(repo: string, issue: GitHubIssueInit): void
  /** A pre-existing comment (also one "by" the identity, e.g. an earlier sticky comment). */
  addComment(repo: string, issueNumber: number, comment: { user: string; userType?: GitHubUserType; body: string }): SimComment
  /** The comments of an issue now, in creation order. Throws for an issue never added. */
  comments(repo: string, issueNumber: number): SimComment[]
  /** A review comment starting a thread on a pull request's diff (as by a reviewer). */
  addReviewComment(repo: string, pullNumber: number, comment: { user: string; userType?: GitHubUserType; body: string }): SimComment
  /** The review comments of a pull request now, replies with the id of the comment they reply to. */
  reviewComments(repo: string, pullNumber: number): (SimComment & { in_reply_to_id: number | null })[]
  /** Puts a label on an issue or pull request (a labeled event's label is on it already). */
  addLabel(repo: string, issueNumber: number, name: string): void
  /** The labels of an issue or pull request now (`DELETE …/labels/{name}` removes one). */
  labels(repo: string, issueNumber: number): string[]
  /** Sets a collaborator's role (or custom role); null (or never set) makes the permission endpoint answer 404. */
  setPermission(repo: string, login: string, role: GitHubRole | GitHubCustomRole | null): void
  /** Replaces the changed files of a pull request (e.g. the agent's, which the simulator opens without files). */
  setPullFiles(repo: string, pullNumber: number, files: (string | GitHubPullFile)[]): void
  /** The deployments created in a repository, oldest first, each with its statuses oldest first. */
  deployments(repo: string): SimGitHubDeployment[]
  /**
   * Closes a pull request, merged or not (`merged_at` set): `GET …/pulls` lists it under `state=closed`
   * and `all`, no longer under `open`.
   */
  closePull(repo: string, pullNumber: number, options?: { merged?: boolean }): void
  /** Makes `commits/{sha}/pulls` list these pull requests (a PR's own commits are listed anyway). */
  linkCommit(repo: string, sha: string, pullNumbers: number[]): void
  /**
   * From now on that family answers `status` (default 403 "Resource not accessible by integration"):
   * 'comments' = list/create/update comments, 'reactions' = comment reactions, 'pulls' = the pull list,
   * pulls/* and commits/{sha}/pulls, 'deployments' = deployments and their statuses (a token without
   * `deployments: write`).
   */
  forbid(what: GitHubFamily, options?: { status?: number }): void
}

/** Patterns planted into the reader analytics, every day of the data window. */
export interface PlantedPatterns {
  /** Contextual feedback, helpful false, status pending, with a comment and a contact address. */
  thumbsDown: { path: string; perDay: number }[]
  /** Searches for `term` whose readers click nothing (ctr 0, topClickedPage null). */
  deadSearches: { term: string; perDay: number }[]
  /** Assistant conversations in `category`, all unanswered, started on `pagePath` (web callers). */
  unansweredCategories: { category: string; perDay: number; pagePath: string }[]
}

/** How many reader events the simulator generates per day of the data window (before planted ones). */
export interface ReaderVolume {
  /** Feedback entries per day (default 6), spread over the four sources and statuses. */
  feedbackPerDay: number
  /** Assistant conversations per day (default 20; about 15 % unanswered; 70 % web, 20 % api, 10 % other). */
  conversationsPerDay: number
  /** Search hits per day (default 40) over ten built-in terms, 70 % of them followed by a click. */
  searchesPerDay: number
  /** Pages the generated events fall on ('/docs/page-000001', …; default 50), the first ones most. */
  pages: number
  /** Varies every generated event (default 1). */
  seed: number
}

/** The two analytics exports: the response's array key and the endpoint's last path segment. */
export type AnalyticsKind = 'visitors' | 'views'

export interface AnalyticsTotals {
  human: number
  ai: number
  total: number
}

export interface AnalyticsRow extends AnalyticsTotals {
  path: string
}

/**
 * The fake analytics endpoints `GET /v1/analytics/{projectId}/visitors` and `/views` (same auth and
 * project checks as the job endpoints: 401, 404). Query `dateFrom`, `dateTo` (`YYYY-MM-DD` or ISO 8601;
 * `dateTo` exclusive; no offset = UTC), `limit` 1–250 (default 50), `offset` ≥ 0 (default 0). Answers
 * 200 `{totals, visitors|views: rows[offset, offset + limit), hasMore: offset + limit < rows}`, or 400
 * `{error: 'Invalid query parameters', details: [{message}]}` for a bad limit/offset/date or dateFrom ≥
 * dateTo (every problem gets a detail), or 429 `{error: 'Rate limit exceeded'}` past the quota.
 *
 * The data is virtual: row i is computed from i and the seed (a page costs O(limit), whatever `paths`).
 * Base rows are '/docs/page-000001', '/docs/page-000002', … in ranking order (total descending, ties by
 * path). Visitors: each row's `total` is deduplicated (≥ max(human, ai), < human + ai), and so are the
 * site totals (which are also far below the sum of the rows). Views: the same paths in the same order,
 * every count ≥ the visitor count, `total` = human + ai, site totals = sums of the rows.
 *
 * Ranges: a request's [dateFrom, dateTo) that overlaps the data window [from, to) gets the whole data
 * set (counts do not depend on the width of the range); one that does not gets `[]`, totals 0, hasMore
 * false. Without dates the range is the 30 days before `today` ([today − 30 d, today)); with only
 * dateFrom it ends at `today`; with only dateTo it starts 30 days before it (an empty range from such a
 * default is an empty answer, not a 400).
 */
export interface FakeAnalytics {
  /**
   * Replaces the data set: `paths` rows (default 1200), `seed` (default 1) varies the counts, data from
   * `from` (default '2026-01-01') up to `to` (exclusive, default '2027-01-01'). Pending and active
   * shiftData()/changeTotals() events are kept. Throws on invalid options.
   */
  setData(options: { paths?: number; seed?: number; from?: string; to?: string }): void
  /** "Today" of the simulated API, YYYY-MM-DD, for the default range. Default '2026-06-15'. */
  today: string
  /** Delay in ms before answering each request to the built-in analytics endpoints (default 0). */
  latencyMs: number
  /**
   * Hourly quota shared by both endpoints (default 100). Every request that passes the auth and project
   * checks counts, 400s included (requests that a fault answers without processing do not). Past it:
   * 429 `{"error":"Rate limit exceeded"}` with `Retry-After`: the first refused request starts a countdown
   * of `quotaRetryAfterSeconds` (default 3600) to the end of the window, and later 429s give the seconds
   * left; once it is over, `used` drops to 0.
   */
  quota: number
  quotaRetryAfterSeconds: number
  /** Requests counted against the quota in the current window (settable, e.g. to start near the limit). */
  used: number
  /** Requests answered with data (200) so far, the clock of shiftData() and changeTotals(). */
  readonly served: number
  /**
   * Once `afterRequests` more requests have been answered with data (counted from this call), `count`
   * (default 1) new paths ('/docs/new-page-<call>-001', …) rank above all others (both endpoints), as data
   * shifting under offset pagination does: the next page repeats the last `count` paths of the previous
   * one. The site totals do not change (use changeTotals()). Several shifts add up; the latest is on top.
   */
  shiftData(options: { afterRequests: number; count?: number }): void
  /**
   * Once `afterRequests` more requests have been answered with data (counted from this call), the site
   * totals of both endpoints grow by one (human + 1, total + 1); rows do not change. Calls add up.
   */
  changeTotals(options: { afterRequests: number }): void
  /** All rows as the endpoint would rank them now (no request is made or counted). */
  rows(kind: AnalyticsKind): AnalyticsRow[]
  /** The site totals the endpoint would answer now for a range with data. */
  totals(kind: AnalyticsKind): AnalyticsTotals
  /**
   * The reader endpoints (feedback, feedback/by-page, searches, assistant, assistant/caller-stats) answer
   * from events generated per day of the data window, so their counts follow the requested range. Same
   * auth, quota, date rules and 400 shape as visitors/views; limits as documented (feedback, by-page,
   * searches 1–100; assistant 1–1000); a cursor the endpoint did not issue is a 400.
   */
  readerVolume: ReaderVolume
  /** Every day: `perDay` thumbs-down contextual feedback on `path` (pending, with comment and contact). */
  plantThumbsDown(path: string, perDay: number): void
  /** Every day: `perDay` searches for `term` that nobody clicks. */
  plantDeadSearch(term: string, perDay: number): void
  /** Every day: `perDay` unanswered assistant conversations in `category`, started on `pagePath`. */
  plantUnansweredCategory(category: string, perDay: number, pagePath?: string): void
}

/** The statuses the deployment-status endpoint documents. */
export type DeploymentStatus = 'queued' | 'in_progress' | 'success' | 'failure'

/** Where a deployment was triggered from (the documented `source` values). */
export type DeploymentSource = 'internal' | 'github-app-installation' | 'api' | 'github' | 'dashboard' | 'gitlab' | 'onboarding'

/** How a deployment ends: 'never' stays in progress (for timeouts and cancels). */
export type DeploymentOutcome = 'success' | 'failure' | 'never'

export interface DeploymentAuthor {
  name?: string
  avatarUrl?: string
  githubUserId?: number
}

export interface DeploymentFilesChanged {
  added: string[]
  modified: string[]
  removed: string[]
}

export interface DeploymentCommit {
  sha: string
  ref: string
  message: string
  filesChanged: DeploymentFilesChanged
}

/**
 * How one deployment goes and what its status record holds. Its status advances by the simulator's
 * clock (SimulatorOptions.now), not by polls: `queued` for `queuedMs` from its creation, then
 * `in_progress` for `inProgressMs`, then `outcome`, with `endedAt` the moment it ended. Everything left
 * out takes the default, so a script names only what a test is about.
 */
export interface DeploymentScript {
  /** Default 'success'. */
  outcome?: DeploymentOutcome
  /** Default 300. */
  queuedMs?: number
  /** Default 1200. */
  inProgressMs?: number
  /** Shown once the deployment has ended. Default: a line saying it succeeded, or why it failed. */
  summary?: string
  /**
   * Every log line; `in_progress` shows them as they come (evenly over `inProgressMs`, the last one
   * only once ended), `queued` none. Default: a few build lines, or 40 ending in the error on failure.
   */
  logs?: string[]
  /** Shown once succeeded; null leaves the field out. Default: an https PNG URL per status id. */
  screenshot?: string | null
  screenshotLight?: string | null
  screenshotDark?: string | null
  /** null sends `author: null` (the field is nullable). Default: a GitHub user. */
  author?: DeploymentAuthor | null
  /** Merged over the default commit (a generated sha, the deployed branch, a message, a few files). */
  commit?: Partial<Omit<DeploymentCommit, 'filesChanged'>> & { filesChanged?: Partial<DeploymentFilesChanged> }
  /** Default 'api' for a trigger, 'github' for a planted deployment. */
  source?: DeploymentSource
  /** Default: the project's subdomain (FakeDeployments.subdomain), or the preview's. */
  subdomain?: string
  /** Reported instead of 'in_progress' while building, to test a client's handling of status names it does not know. */
  runningStatus?: string
  /** Records carry only `_id` and `status` (no field is guaranteed present). */
  minimal?: boolean
  /** Extra fields merged into every record, e.g. fields a newer API adds. */
  extra?: Record<string, unknown>
}

/** A deployment that exists without a trigger (one started from the dashboard or by a push). */
export interface PlantedDeployment extends DeploymentScript {
  /** Default: a generated 24-hex id. */
  statusId?: string
  /** A preview of this branch (also sets `previewUrl`); default none: a production deployment. */
  branch?: string
  /** When it was created (clock ms). Default now; in the past for a deployment that has already ended. */
  createdAt?: number
}

export interface SimDeployment {
  statusId: string
  /** 'deploy' and 'preview' came from a trigger; 'planted' from FakeDeployments.plant(). */
  kind: 'deploy' | 'preview' | 'planted'
  /** The branch of a preview, else null. */
  branch: string | null
  /** The preview's URL, else null. */
  previewUrl: string | null
  /** Clock ms of its creation. */
  createdAt: number
  /** GETs of its status so far. */
  polls: number
  /** The script it follows (with the defaults filled in). */
  script: DeploymentScript
  /** The status now, by the clock ('in_progress' reads as `runningStatus` when set). */
  status(): string
  /** The record a GET would answer now (does not count as a poll). */
  record(): Record<string, unknown>
}

/** An automation of the simulated organization. */
export interface AutomationInit {
  /** Default: a generated 24-hex id (the well-formed kind; anything else gets 400 when triggered). */
  id?: string
  name?: string
  /** Default true. */
  active?: boolean
  /** Runs on a custom schedule, the only kind the trigger endpoint runs. Default true. */
  customSchedule?: boolean
  /** Default the simulator's project; another one answers 404 to this project's trigger. */
  projectId?: string
}

export interface AutomationRun {
  schemaId: string
  instanceId: string
  jobId: string
  /** Clock ms of the trigger. */
  at: number
}

/** A planted automation; its fields can be changed later (e.g. `active = false`). */
export interface SimAutomation {
  readonly id: string
  name: string
  active: boolean
  customSchedule: boolean
  projectId: string
  /** The runs its triggers queued, in order. */
  readonly runs: AutomationRun[]
}

/** `limit` requests per `windowMs` (a sliding window). */
export interface RateLimit {
  limit: number
  windowMs: number
}

/**
 * The fake deployment endpoints, with the same bearer auth and project checks as the agent endpoints
 * (401 `Unauthorized`, 404 `Project not found`) and errors as `{"error": string}`:
 * - `POST /v1/project/update/{projectId}` → 202 `{statusId}`.
 * - `POST /v1/project/preview/{projectId}` `{"branch": string}` → 202 `{statusId, previewUrl}`; 400 for a
 *   body that is not a JSON object or a branch missing, not a string, empty or not a valid git branch
 *   name; 403 when previews are off.
 * - `GET /v1/project/update-status/{statusId}` → 200 record; 404 `Deployment status not found`.
 * - `POST /v1/workflow/{projectId}/{automationId}/trigger` → 202 `{schemaId, instanceId, jobId}`; 400 for an
 *   id that is not 24 hex digits, an inactive automation or one without a custom schedule; 404 for an
 *   automation of no project or of another one.
 * Rate limits (per organization, the simulator being one): previews `rateLimits.previews`, deploys and
 * automation triggers together `rateLimits.triggers`. A trigger that passes auth and the project check
 * counts, whether it then succeeds or gets a 400, 403 or 404; a refused one (429) does not. Past the
 * limit: 429 `{"error": "Rate limit exceeded: …"}` with `Retry-After` the whole seconds until the oldest
 * counted request leaves the window (at least 1).
 */
export interface FakeDeployments {
  /** Queue a script; each deploy or preview trigger consumes one. Empty queue: `defaultScript`. */
  scriptNext(script: DeploymentScript): void
  /** The script of triggers with none queued (settable). Default {} (every default: success after 1.5 s). */
  defaultScript: DeploymentScript
  /** A deployment that no trigger made: its status can be read at once. */
  plant(init?: PlantedDeployment): SimDeployment
  /** Every deployment, in creation order. */
  list(): SimDeployment[]
  get(statusId: string): SimDeployment | undefined
  /** Off: the preview trigger answers 403, as on a plan without previews. Default on. */
  setPreviewsEnabled(enabled: boolean): void
  addAutomation(init?: AutomationInit): SimAutomation
  automations(): SimAutomation[]
  /** Settable; default previews 5 per 60 000 ms, triggers (deploys and automations) 10 per 10 000 ms. */
  rateLimits: { previews: RateLimit; triggers: RateLimit }
  /** The project's subdomain: the site is https://<subdomain>.mintlify.site. Default from the repository's owner. */
  subdomain: string
  /** The branch production deploys build (`commit.ref` of a deploy). Default 'main'. */
  deploymentBranch: string
}
