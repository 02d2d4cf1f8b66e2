import type { getOctokit } from '@actions/github'
import { type Clock, type Random, systemTimer, type Timer } from '../clock.js'
import { formatDuration } from '../duration.js'
import { messageOf } from '../errors.js'
import { serverText, SERVER_TEXT_LIMIT } from '../mintlify/errors.js'
import { decideRetry, type Failure, isRetryableStatus, parseRetryAfter } from '../retry.js'
import { clipText, firstLine } from '../text.js'
import { headOf, type PullHead, type Repo } from './event.js'
import { trustsMarkerOf } from './markers.js'
import { effectiveRole } from './permissions.js'

type Octokit = ReturnType<typeof getOctokit>

export interface IssueComment {
  id: number
  body: string
  login: string
  url: string
}

/** A comment whose job marker is trusted, and whether the token's own identity wrote it (so may edit it). */
export interface MarkerComment extends IssueComment {
  ours: boolean
}

/** An open pull request as the `group-runs` look-up needs it. */
export interface OpenPull {
  number: number
  url: string
  author: string
  /** Opened by a bot (GitHub says `type: Bot`; app logins end in `[bot]`), as the docs agent's pull requests are. */
  byBot: boolean
}

export type Reaction = 'eyes' | 'rocket' | 'confused'

/** A changed file of a pull request, as GitHub lists it. */
export interface FileChange {
  filename: string
  status: string
}

export interface DeploymentRequest {
  /** The commit (a sha) or branch deployed. */
  ref: string
  environment: string
  description: string
  /** A preview: GitHub marks it inactive once a newer one succeeds, and may drop the environment later. */
  transient: boolean
  production: boolean
}

/** The states this action gives a deployment as the run goes. */
export type DeploymentState = 'in_progress' | 'success' | 'failure' | 'error'

export interface DeploymentStatusRequest {
  state: DeploymentState
  /** GitHub keeps 140 characters; longer is cut. */
  description: string
  /** The workflow run. */
  logUrl: string | null
  /** The site or preview: GitHub's "View deployment" button. */
  environmentUrl: string | null
}

/**
 * A request that got no answer (time limit, cancel). Named AbortError so that Octokit passes it on
 * unchanged instead of dressing it up as an HTTP 500.
 */
class GitHubUnreachable extends Error {
  override name = 'AbortError'
  constructor(
    message: string,
    readonly cancelled: boolean
  ) {
    super(message)
  }
}

/** A GitHub call that failed; `message` names what was being done, the status and the permission it needs. */
export class GitHubError extends Error {
  /** The permission the token lacks, for a 403. */
  readonly missingPermission: string | null
  /** The token's own account could not be told, so no comment can be trusted as ours. */
  readonly identityUnknown: boolean
  /** Stopped by the workflow's cancel while under way: says nothing about GitHub, so later calls still try. */
  readonly cancelled: boolean

  constructor(
    message: string,
    readonly status: number | null,
    details: { missingPermission?: string; identityUnknown?: boolean; cancelled?: boolean } = {}
  ) {
    super(message)
    this.name = 'GitHubError'
    this.missingPermission = details.missingPermission ?? null
    this.identityUnknown = details.identityUnknown ?? false
    this.cancelled = details.cancelled ?? false
  }
}

/** Each GitHub call gets this long, as each docs API request does. */
const REQUEST_TIMEOUT_MS = 30_000
/**
 * Once the run is cancelled, or past its deadline, the last calls (the final comment) get only this long:
 * exit is due in 5 s, and the timeout the user set is not to be overrun by more.
 */
const LAST_WORDS_MS = 2_500
/** Connection failures where nothing reached GitHub, so even a comment creation may be sent again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

export interface GitHubConnection {
  /** The workflow's cancel: requests under way stop, and no retry follows. */
  cancel: AbortSignal
  clock: Clock
  random: Random
  /** Epoch ms when the run's timeout ends: no request waits, nor retries, past it. */
  deadline: number
  /** Told about each retry, with the reason and the wait. */
  onRetry?: (message: string) => void
  /**
   * The runner's GITHUB_API_URL, passed explicitly: the toolkit reads it once when it is loaded, which a
   * local runner or a GitHub Enterprise Server set-up may do too late.
   */
  apiUrl: string
  /** The last check on what leaves for GitHub: every request body passes through it. */
  clean: (text: string) => string
  /** The HTTP fetch; default: the toolkit's, which follows the runner's proxy settings. */
  fetch?: typeof globalThis.fetch
  /** What times each request out; default the system timer. A test passes one on its virtual clock. */
  timer?: Timer
}

/**
 * Every call this action makes to GitHub, in one place. Octokit is loaded here, on first need only:
 * it is most of the bundle's start-up cost, and many runs never talk to GitHub.
 */
export class GitHubApi {
  private identityLogin: Promise<string> | null = null

  private constructor(
    private readonly octokit: Octokit,
    readonly repo: Repo
  ) {}

  static async connect(token: string, repo: Repo, connection: GitHubConnection): Promise<GitHubApi> {
    const [{ getOctokit }, { defaults }] = await Promise.all([import('@actions/github'), import('@actions/github/lib/utils')])
    // Every request, pagination pages included, goes through this fetch: the runner's proxy settings
    // (the toolkit's fetch) plus time limits, retries and a stop on cancel.
    // The toolkit types `request` options loosely (`any`); its fetch is the standard one.
    const baseFetch = connection.fetch ?? (defaults.request?.fetch as typeof globalThis.fetch | undefined) ?? globalThis.fetch
    const cleanFetch: typeof globalThis.fetch = (url, init) =>
      baseFetch(url, typeof init?.body === 'string' ? { ...init, body: connection.clean(init.body) } : init)
    const fetch = patientFetch(cleanFetch, connection)
    return new GitHubApi(getOctokit(token, { baseUrl: connection.apiUrl.replace(/\/+$/, ''), request: { fetch } }), repo)
  }

  /**
   * Comments on an issue or pull request written by the token's own identity: the only ones trusted to
   * carry our markers. When the identity cannot be told, this fails rather than guess whose comments are ours.
   */
  async ownComments(issue: number, isPullRequest: boolean): Promise<IssueComment[]> {
    return this.commentsBy(issue, isPullRequest, (login, identity) => login === identity)
  }

  /**
   * Comments whose job markers are trusted: those of the token's own identity and of the `marker-authors`
   * (see `trustsMarkerOf`). Fails, like `ownComments`, when the identity cannot be told.
   */
  async markerComments(issue: number, isPullRequest: boolean, markerAuthors: readonly string[]): Promise<IssueComment[]> {
    return this.commentsBy(issue, isPullRequest, (login, identity) => trustsMarkerOf(login, identity, markerAuthors))
  }

  /**
   * The trusted marker comments among the first 100 comments of a pull request, each saying whether the
   * token wrote it. One request: an introduction is written as soon as the agent's pull request exists,
   * so it is among the first comments, and a look-up across many pull requests must stay cheap.
   */
  async firstMarkerComments(pull: number, markerAuthors: readonly string[]): Promise<MarkerComment[]> {
    const [identity, comments] = await Promise.all([this.knownIdentity(), this.listComments(pull, true, 'first page')])
    return comments
      .filter((comment) => trustsMarkerOf(comment.login, identity, markerAuthors))
      .map((comment) => ({ ...comment, ours: comment.login.toLowerCase() === identity.toLowerCase() }))
  }

  /** One page of the repository's open pull requests, the most recently updated first. */
  async openPulls(): Promise<OpenPull[]> {
    const name = `${this.repo.owner}/${this.repo.repo}`
    return this.explain(`list the open pull requests of ${name}`, 'pull-requests: read', async () => {
      const { data } = await this.octokit.rest.pulls.list({
        ...this.repo,
        state: 'open',
        sort: 'updated',
        direction: 'desc',
        per_page: 100
      })
      return data.map((pull) => {
        const author = pull.user?.login ?? ''
        return { number: pull.number, url: pull.html_url, author, byBot: pull.user?.type === 'Bot' || author.endsWith('[bot]') }
      })
    })
  }

  /** The comments whose author `keep` accepts, given the token's identity (which must be known). */
  private async commentsBy(
    issue: number,
    isPullRequest: boolean,
    keep: (login: string, identity: string) => boolean
  ): Promise<IssueComment[]> {
    const [identity, comments] = await Promise.all([this.knownIdentity(), this.listComments(issue, isPullRequest, 'all pages')])
    return comments.filter((comment) => keep(comment.login, identity))
  }

  /** The token's identity, or a failure marked `identityUnknown`: no comment is then trusted as ours. */
  private knownIdentity(): Promise<string> {
    return this.identity().catch((error: unknown) => {
      throw new GitHubError(messageOf(error), null, { identityUnknown: true, cancelled: isCancelled(error) })
    })
  }

  /** Login of the token's identity, from GraphQL `viewer` (which answers for installation tokens and PATs alike). */
  private identity(): Promise<string> {
    if (!this.identityLogin) {
      this.identityLogin = this.explain('tell which account the token belongs to', null, async () => {
        const result = await this.octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }')
        return result.viewer.login
      })
      // A failure is not remembered: the next caller asks again.
      this.identityLogin.catch(() => (this.identityLogin = null))
    }
    return this.identityLogin
  }

  private async listComments(issue: number, isPullRequest: boolean, pages: 'all pages' | 'first page'): Promise<IssueComment[]> {
    // Named 'write': the action lists comments to update or add one, so read alone would fail next.
    return this.explain(`read the comments of #${issue}`, threadPermission(isPullRequest), async () => {
      const request = { ...this.repo, issue_number: issue, per_page: 100 }
      const comments =
        pages === 'all pages'
          ? await this.octokit.paginate(this.octokit.rest.issues.listComments, request)
          : (await this.octokit.rest.issues.listComments(request)).data
      return comments.map((c) => ({ id: c.id, body: c.body ?? '', login: c.user?.login ?? '', url: c.html_url }))
    })
  }

  async createComment(issue: number, isPullRequest: boolean, body: string): Promise<IssueComment> {
    return this.explain(`comment on #${issue}`, threadPermission(isPullRequest), async () => {
      const { data } = await this.octokit.rest.issues.createComment({ ...this.repo, issue_number: issue, body })
      return { id: data.id, body: data.body ?? '', login: data.user?.login ?? '', url: data.html_url }
    })
  }

  async updateComment(commentId: number, isPullRequest: boolean, body: string): Promise<IssueComment> {
    return this.explain(`update comment ${commentId}`, threadPermission(isPullRequest), async () => {
      const { data } = await this.octokit.rest.issues.updateComment({ ...this.repo, comment_id: commentId, body })
      return { id: data.id, body: data.body ?? '', login: data.user?.login ?? '', url: data.html_url }
    })
  }

  async react(commentId: number, isPullRequest: boolean, content: Reaction): Promise<void> {
    await this.explain(`react to comment ${commentId}`, threadPermission(isPullRequest), () =>
      this.octokit.rest.reactions.createForIssueComment({ ...this.repo, comment_id: commentId, content })
    )
  }

  /** A reply in the thread of a review comment on pull request `pull`. Not retried once sent, like any comment. */
  async replyInReviewThread(pull: number, commentId: number, body: string): Promise<IssueComment> {
    return this.explain(`reply to review comment ${commentId}`, 'pull-requests: write', async () => {
      const { data } = await this.octokit.rest.pulls.createReplyForReviewComment({
        ...this.repo,
        pull_number: pull,
        comment_id: commentId,
        body
      })
      return { id: data.id, body: data.body, login: data.user.login, url: data.html_url }
    })
  }

  async updateReviewComment(commentId: number, body: string): Promise<IssueComment> {
    return this.explain(`update review comment ${commentId}`, 'pull-requests: write', async () => {
      const { data } = await this.octokit.rest.pulls.updateReviewComment({ ...this.repo, comment_id: commentId, body })
      return { id: data.id, body: data.body, login: data.user.login, url: data.html_url }
    })
  }

  async reactToReviewComment(commentId: number, content: Reaction): Promise<void> {
    await this.explain(`react to review comment ${commentId}`, 'pull-requests: write', () =>
      this.octokit.rest.reactions.createForPullRequestReviewComment({ ...this.repo, comment_id: commentId, content })
    )
  }

  /** Takes a label off an issue or pull request; one already gone (404) is no error. */
  async removeLabel(issue: number, isPullRequest: boolean, name: string): Promise<void> {
    try {
      await this.octokit.rest.issues.removeLabel({ ...this.repo, issue_number: issue, name })
    } catch (error) {
      if (responseOf(error)?.status === 404) return
      throw describe(`remove the label ${name} from #${issue}`, threadPermission(isPullRequest), error)
    }
  }

  /**
   * The commenter's role to judge (`admin`, `maintain`, `write`, `triage`, `read`; a custom role as its
   * base permission), or null for a non-collaborator.
   */
  async roleOf(login: string): Promise<string | null> {
    try {
      const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({ ...this.repo, username: login })
      return effectiveRole(data.role_name, data.permission)
    } catch (error) {
      if (responseOf(error)?.status === 404) return null
      throw describe(`check the repository permission of ${login}`, 'metadata: read', error)
    }
  }

  /** Pull requests that contain a commit, open ones first. */
  async pullsForCommit(sha: string): Promise<number[]> {
    return this.explain(`find the pull request of commit ${sha.slice(0, 7)}`, 'pull-requests: read', async () => {
      const { data } = await this.octokit.rest.repos.listPullRequestsAssociatedWithCommit({ ...this.repo, commit_sha: sha })
      return [...data].sort((a, b) => Number(b.state === 'open') - Number(a.state === 'open')).map((pull) => pull.number)
    })
  }

  async pull(number: number): Promise<{ title: string; url: string; head: PullHead; changedFiles: number }> {
    return this.explain(`read pull request #${number}`, 'pull-requests: read', async () => {
      const { data } = await this.octokit.rest.pulls.get({ ...this.repo, pull_number: number })
      // The REST answer has the webhook payload's shape: its head is read the same way, forks included.
      return { title: data.title, url: data.html_url, head: headOf(data), changedFiles: data.changed_files }
    })
  }

  /** A pull request's commits, oldest first (the API lists 250 at most): every page, at most three requests. */
  async pullCommits(number: number): Promise<{ sha: string; subject: string }[]> {
    return this.explain(`read the commits of pull request #${number}`, 'pull-requests: read', async () => {
      const commits = await this.octokit.paginate(this.octokit.rest.pulls.listCommits, { ...this.repo, pull_number: number, per_page: 100 })
      return commits.map((commit) => ({ sha: commit.sha, subject: firstLine(commit.commit.message) }))
    })
  }

  /** Up to `max` changed file paths of a pull request, reading only the pages needed. */
  async pullFiles(number: number, max: number): Promise<string[]> {
    return (await this.pullFileChanges(number, max)).map((file) => file.filename)
  }

  /** Up to `max` changed files of a pull request with how each changed (added, modified, removed, renamed…). */
  async pullFileChanges(number: number, max: number): Promise<FileChange[]> {
    return this.explain(`read the files of pull request #${number}`, 'pull-requests: read', async () => {
      const pages = this.octokit.paginate.iterator(this.octokit.rest.pulls.listFiles, {
        ...this.repo,
        pull_number: number,
        per_page: Math.min(100, max)
      })
      return (await firstItems(pages, max)).map((file) => ({ filename: file.filename, status: file.status }))
    })
  }

  /**
   * A deployment of `ref` to `environment`, so the pull request and the environments page show it. No
   * required contexts (the docs build does not wait for CI) and no auto-merge (a docs preview never merges
   * the default branch into a pull request's branch).
   */
  async createDeployment(deployment: DeploymentRequest): Promise<number> {
    return this.explain(`create a deployment in environment ${deployment.environment}`, 'deployments: write', async () => {
      const { data } = await this.octokit.rest.repos.createDeployment({
        ...this.repo,
        ref: deployment.ref,
        environment: deployment.environment,
        description: deployment.description,
        transient_environment: deployment.transient,
        production_environment: deployment.production,
        required_contexts: [],
        auto_merge: false
      })
      // A 202 (a merge of the default branch instead of a deployment) cannot happen with auto_merge off.
      if (!('id' in data)) throw new Error(`GitHub answered without a deployment: ${data.message ?? 'no message'}`)
      return data.id
    })
  }

  async setDeploymentStatus(id: number, status: DeploymentStatusRequest): Promise<void> {
    return this.explain(`set the status of deployment ${id} to ${status.state}`, 'deployments: write', async () => {
      await this.octokit.rest.repos.createDeploymentStatus({
        ...this.repo,
        deployment_id: id,
        state: status.state,
        description: clipText(status.description, 140),
        ...(status.logUrl ? { log_url: status.logUrl } : {}),
        ...(status.environmentUrl ? { environment_url: status.environmentUrl } : {})
      })
    })
  }

  private async explain<T>(what: string, permission: string | null, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw describe(what, permission, error)
    }
  }
}

async function firstItems<T>(pages: AsyncIterable<{ data: T[] }>, max: number): Promise<T[]> {
  const items: T[] = []
  for await (const page of pages) {
    items.push(...page.data.slice(0, max - items.length))
    if (items.length >= max) break
  }
  return items
}

/** Comments and reactions on a pull request need pull-requests: write; on an issue, issues: write. */
function threadPermission(isPullRequest: boolean): string {
  return `${isPullRequest ? 'pull-requests' : 'issues'}: write`
}

function describe(what: string, permission: string | null, error: unknown): GitHubError {
  if (error instanceof GitHubUnreachable)
    return new GitHubError(`Could not ${what}: ${error.message}.`, null, { cancelled: error.cancelled })
  const response = responseOf(error)
  // Octokit reports a request that never got an answer (DNS, refused) as a 500 without a response.
  if (!response) {
    const cause = error instanceof Error ? causeOf(error) : String(error)
    return new GitHubError(`Could not ${what}: the request to GitHub failed (${clipText(cause, SERVER_TEXT_LIMIT)}).`, null)
  }
  const { status } = response
  const said = serverText(
    typeof response.data === 'string' ? response.data : JSON.stringify(response.data ?? ''),
    headerOf(response.headers)('content-type') ?? undefined
  )
  const quoted = said ? ` (server: "${said}")` : ''
  if (status === 403 && permission && !isRateLimited(status, headerOf(response.headers))) {
    return new GitHubError(
      `Could not ${what}: HTTP 403, the token lacks the '${permission}' permission; add it to the workflow's permissions: block${quoted}.`,
      403,
      { missingPermission: permission }
    )
  }
  return new GitHubError(`Could not ${what}: HTTP ${status}, ${statusMeaning(status, headerOf(response.headers))}${quoted}.`, status)
}

function statusMeaning(status: number, header: (name: string) => string | null): string {
  if (isRateLimited(status, header)) return "GitHub's rate limit for this token is reached"
  if (status === 401) return 'the token is invalid or expired'
  if (status === 404) return 'GitHub found no such thing, or the token cannot see it'
  if (status === 422) return 'GitHub rejected the request as invalid'
  if (status >= 500) return 'GitHub had a server error'
  return 'an unexpected response'
}

interface ErrorResponse {
  status: number
  data: unknown
  headers: Record<string, string | number | undefined>
}

function responseOf(error: unknown): ErrorResponse | null {
  const response = (error as { response?: unknown } | null)?.response
  if (!response || typeof response !== 'object' || typeof (response as { status?: unknown }).status !== 'number') return null
  return response as ErrorResponse
}

function headerOf(headers: ErrorResponse['headers']): (name: string) => string | null {
  return (name) => {
    const value = headers[name]
    return value === undefined ? null : String(value)
  }
}

/** The innermost reason a request failed (fetch says only "fetch failed"; its cause names the code). */
function causeOf(error: Error): string {
  const cause: unknown = error.cause
  if (cause instanceof Error) return causeOf(cause)
  const code = (cause as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : firstLine(error.message)
}

function errorCode(error: unknown): string | null {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return null
}

function isCancelled(error: unknown): boolean {
  return (error instanceof GitHubError || error instanceof GitHubUnreachable) && error.cancelled
}

/**
 * 429, or a 403 that is a rate limit rather than a missing permission: GitHub's secondary limits say so
 * with `retry-after`, the primary one with `x-ratelimit-remaining: 0`.
 */
function isRateLimited(status: number, header: (name: string) => string | null): boolean {
  return status === 429 || (status === 403 && (header('retry-after') !== null || header('x-ratelimit-remaining') === '0'))
}

/** How long GitHub asks to wait: `retry-after` (seconds or a date), else the reset time of an exhausted limit. */
export function gitHubRetryAfter(header: (name: string) => string | null, now: number): number | null {
  const asked = parseRetryAfter(header('retry-after') ?? undefined, now)
  if (asked !== null) return asked
  const reset = Number(header('x-ratelimit-reset'))
  if (header('x-ratelimit-remaining') !== '0' || !Number.isFinite(reset) || reset <= 0) return null
  return Math.max(0, reset * 1000 - now)
}

/** What one attempt ended with: an answer to hand to Octokit, or a failure that may be retried. */
type Attempt = { response: Response; failure: Failure | null } | { error: Error; failure: Failure | null }

/**
 * The fetch Octokit uses: each attempt bounded by 30 s and by the run's deadline, retried as DESIGN.md
 * "Requests" says. Reads and updates (GET, PATCH, DELETE, and the GraphQL identity query) are retried on
 * network errors, the answers `isRetryableStatus` names (408, 429, every 5xx but 501) and rate-limit
 * 403s; a comment creation (POST) only when nothing was sent or GitHub answered 429, because a repeated
 * POST after a lost answer would post the comment twice.
 */
function patientFetch(baseFetch: typeof globalThis.fetch, connection: GitHubConnection): typeof globalThis.fetch {
  const { cancel, clock, deadline } = connection
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = new URL(url instanceof Request ? url.url : url).pathname
    const idempotent = method !== 'POST' || path.endsWith('/graphql')
    for (let attempt = 1; ; attempt++) {
      const outcome = await attemptOnce(baseFetch, url, init, connection)
      const { failure } = outcome
      const decision =
        failure && !cancel.aborted
          ? decideRetry({ idempotent, attempt, failure, remainingMs: deadline - clock.now(), random: connection.random() })
          : null
      if (!failure || !decision?.retry) {
        if ('error' in outcome) throw outcome.error
        return outcome.response
      }
      if ('response' in outcome) await outcome.response.body?.cancel()
      connection.onRetry?.(
        `GitHub ${method} ${path} failed (${failureText(failure)}); retrying in ${formatDuration(decision.delayMs)} (attempt ${attempt + 1}).`
      )
      await clock.sleep(decision.delayMs, cancel)
      if (cancel.aborted) throw new GitHubUnreachable('the workflow was cancelled', true)
    }
  }
}

async function attemptOnce(
  baseFetch: typeof globalThis.fetch,
  url: Parameters<typeof globalThis.fetch>[0],
  init: RequestInit | undefined,
  connection: GitHubConnection
): Promise<Attempt> {
  const { cancel, clock, deadline } = connection
  const limitMs = cancel.aborted ? LAST_WORDS_MS : Math.max(LAST_WORDS_MS, Math.min(REQUEST_TIMEOUT_MS, deadline - clock.now()))
  const timeout = (connection.timer ?? systemTimer)(limitMs)
  try {
    const response = await baseFetch(url, { ...init, signal: cancel.aborted ? timeout : AbortSignal.any([cancel, timeout]) })
    const header = (name: string): string | null => response.headers.get(name)
    const retryable = isRetryableStatus(response.status) || isRateLimited(response.status, header)
    // A rate-limit 403 is retried as the 429 it means.
    const status = response.status === 403 && retryable ? 429 : response.status
    return { response, failure: retryable ? { type: 'status', status, retryAfterMs: gitHubRetryAfter(header, clock.now()) } : null }
  } catch (error) {
    if (timeout.aborted) {
      return {
        error: new GitHubUnreachable(`no response from GitHub within ${formatDuration(limitMs)}`, false),
        failure: { type: 'network', sent: true }
      }
    }
    if (cancel.aborted)
      return { error: new GitHubUnreachable('the workflow was cancelled while the request was under way', true), failure: null }
    const code = errorCode(error)
    return {
      error: error instanceof Error ? error : new Error(String(error)),
      failure: { type: 'network', sent: code === null || !NOT_SENT_CODES.has(code) }
    }
  }
}

function failureText(failure: Failure): string {
  if (failure.type === 'status') return `HTTP ${failure.status}`
  return failure.type === 'network' ? 'no answer' : 'an unreadable answer'
}
