import type { getOctokit } from '@actions/github'
import { formatDuration } from '../duration.js'
import { messageOf } from '../errors.js'
import { firstLine } from '../text.js'
import type { Repo } from './event.js'
import { effectiveRole } from './permissions.js'

type Octokit = ReturnType<typeof getOctokit>

export interface IssueComment {
  id: number
  body: string
  login: string
  url: string
}

export type Reaction = 'eyes' | 'rocket' | 'confused'

/**
 * A request that got no answer (time limit, cancel). Named AbortError so that Octokit passes it on
 * unchanged instead of dressing it up as an HTTP 500.
 */
class GitHubUnreachable extends Error {
  override name = 'AbortError'
}

/** A GitHub call that failed; `message` names what was being done, the status and the permission it needs. */
export class GitHubError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** The permission the token lacks, for a 403. */
    readonly missingPermission: string | null = null,
    /** The token's own account could not be told, so no comment can be trusted as ours. */
    readonly identityUnknown = false
  ) {
    super(message)
    this.name = 'GitHubError'
  }
}

/** Each GitHub call gets this long, as each docs API request does. */
const REQUEST_TIMEOUT_MS = 30_000
/** Once the run is cancelled, the last calls (the "cancelled" comment) get only this long: exit is due in 5 s. */
const LAST_WORDS_MS = 2_500

export interface GitHubConnection {
  token: string
  repo: Repo
  /** The run's cancel signal: requests under way stop, later ones get only the last-words budget. */
  cancel: AbortSignal
  /**
   * The runner's GITHUB_API_URL, passed explicitly: the toolkit reads it once when it is loaded, which a
   * local runner or a GitHub Enterprise Server set-up may do too late.
   */
  apiUrl: string
  /** The last check on what leaves for GitHub: every request body passes through it. */
  clean: (text: string) => string
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

  static async connect({ token, repo, cancel, apiUrl, clean }: GitHubConnection): Promise<GitHubApi> {
    const [{ getOctokit }, { defaults }] = await Promise.all([import('@actions/github'), import('@actions/github/lib/utils')])
    // Every request, pagination pages included, goes through this fetch: the runner's proxy settings
    // (the toolkit's fetch) plus a time limit, and a stop on cancel for requests under way.
    // The toolkit types `request` options loosely (`any`); its fetch is the standard one.
    const proxyFetch = (defaults.request?.fetch as typeof globalThis.fetch | undefined) ?? globalThis.fetch
    const fetch: typeof globalThis.fetch = async (url, init) => {
      const limitMs = cancel.aborted ? LAST_WORDS_MS : REQUEST_TIMEOUT_MS
      const timeout = AbortSignal.timeout(limitMs)
      try {
        const body = typeof init?.body === 'string' ? clean(init.body) : init?.body
        return await proxyFetch(url, { ...init, body, signal: cancel.aborted ? timeout : AbortSignal.any([cancel, timeout]) })
      } catch (error) {
        if (timeout.aborted) throw new GitHubUnreachable(`no response from GitHub within ${formatDuration(limitMs)}`)
        if (cancel.aborted) throw new GitHubUnreachable('the workflow was cancelled')
        throw error
      }
    }
    return new GitHubApi(getOctokit(token, { baseUrl: apiUrl.replace(/\/+$/, ''), request: { fetch } }), repo)
  }

  /**
   * Comments on an issue or pull request written by the token's own identity: the only ones trusted to
   * carry our markers. When the identity cannot be told, this fails rather than guess whose comments are ours.
   */
  async ownComments(issue: number, isPullRequest: boolean): Promise<IssueComment[]> {
    const [identity, comments] = await Promise.all([
      this.identity().catch((error: unknown) => {
        throw new GitHubError(messageOf(error), null, null, true)
      }),
      this.listComments(issue, isPullRequest)
    ])
    return comments.filter((comment) => comment.login === identity)
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

  private async listComments(issue: number, isPullRequest: boolean): Promise<IssueComment[]> {
    // Named 'write': the action lists comments to update or add one, so read alone would fail next.
    return this.explain(`read the comments of #${issue}`, threadPermission(isPullRequest), async () => {
      const comments = await this.octokit.paginate(this.octokit.rest.issues.listComments, {
        ...this.repo,
        issue_number: issue,
        per_page: 100
      })
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

  /**
   * The commenter's role to judge (`admin`, `maintain`, `write`, `triage`, `read`; a custom role as its
   * base permission), or null for a non-collaborator.
   */
  async roleOf(login: string): Promise<string | null> {
    try {
      const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({ ...this.repo, username: login })
      return effectiveRole(data.role_name, data.permission)
    } catch (error) {
      if (statusOf(error) === 404) return null
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

  async pull(number: number): Promise<{ title: string; url: string }> {
    return this.explain(`read pull request #${number}`, 'pull-requests: read', async () => {
      const { data } = await this.octokit.rest.pulls.get({ ...this.repo, pull_number: number })
      return { title: data.title, url: data.html_url }
    })
  }

  /**
   * The newest `max` commit subjects of a pull request. The API lists commits oldest first (250 at most),
   * so every page is read and only the tail kept: at most three requests.
   */
  async pullCommitSubjects(number: number, max: number): Promise<string[]> {
    return this.explain(`read the commits of pull request #${number}`, 'pull-requests: read', async () => {
      const commits = await this.octokit.paginate(this.octokit.rest.pulls.listCommits, { ...this.repo, pull_number: number, per_page: 100 })
      return commits.slice(-max).map((commit) => firstLine(commit.commit.message))
    })
  }

  /** Up to `max` changed file paths of a pull request, reading only the pages needed. */
  async pullFiles(number: number, max: number): Promise<string[]> {
    return this.explain(`read the files of pull request #${number}`, 'pull-requests: read', async () => {
      const pages = this.octokit.paginate.iterator(this.octokit.rest.pulls.listFiles, {
        ...this.repo,
        pull_number: number,
        per_page: Math.min(100, max)
      })
      return (await firstItems(pages, max)).map((file) => file.filename)
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

function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : null
}

function describe(what: string, permission: string | null, error: unknown): GitHubError {
  if (error instanceof GitHubUnreachable) return new GitHubError(`Could not ${what}: ${error.message}.`, null)
  // Octokit reports a request that never got an answer (DNS, refused) as a 500 without a response.
  if (error instanceof Error && !('response' in error && error.response)) {
    return new GitHubError(`Could not ${what}: the request to GitHub failed (${firstLine(error.message).slice(0, 200)}).`, null)
  }
  const status = statusOf(error)
  const detail = error instanceof Error ? firstLine(error.message).slice(0, 200) : String(error)
  if (status === 403 && permission) {
    return new GitHubError(
      `Could not ${what}: HTTP 403, the token lacks the '${permission}' permission; add it to the workflow's permissions: block (${detail}).`,
      403,
      permission
    )
  }
  return new GitHubError(`Could not ${what}: ${status === null ? detail : `HTTP ${status} (${detail})`}.`, status)
}
