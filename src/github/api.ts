import type { getOctokit } from '@actions/github'
import type { Repo } from './event.js'

type Octokit = ReturnType<typeof getOctokit>

export interface IssueComment {
  id: number
  body: string
  login: string
  url: string
}

export type Reaction = 'eyes' | 'rocket' | 'confused'

/** A GitHub call that failed; `message` names what was being done, the status and the permission it needs. */
export class GitHubError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** The permission the token lacks, for a 403. */
    readonly missingPermission: string | null = null
  ) {
    super(message)
    this.name = 'GitHubError'
  }
}

/** GITHUB_TOKEN's identity when GraphQL cannot tell (it answers to the GitHub Actions app's bot user). */
const DEFAULT_IDENTITY = 'github-actions[bot]'

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

  static async connect(token: string, repo: Repo): Promise<GitHubApi> {
    const { getOctokit } = await import('@actions/github')
    return new GitHubApi(getOctokit(token), repo)
  }

  /** Login of the token's own identity: only its comments are trusted to carry markers. */
  identity(): Promise<string> {
    this.identityLogin ??= this.octokit
      .graphql<{ viewer: { login: string } }>('query { viewer { login } }')
      .then((result) => result.viewer.login)
      .catch(() => DEFAULT_IDENTITY)
    return this.identityLogin
  }

  async listComments(issue: number, isPullRequest: boolean): Promise<IssueComment[]> {
    // Named 'write': the action lists comments to update or add one, so read alone would fail next.
    return this.explain(`read the comments of #${issue}`, threadPermission(isPullRequest, 'write'), async () => {
      const comments = await this.octokit.paginate(this.octokit.rest.issues.listComments, { ...this.repo, issue_number: issue, per_page: 100 })
      return comments.map((c) => ({ id: c.id, body: c.body ?? '', login: c.user?.login ?? '', url: c.html_url }))
    })
  }

  async createComment(issue: number, isPullRequest: boolean, body: string): Promise<IssueComment> {
    return this.explain(`comment on #${issue}`, threadPermission(isPullRequest, 'write'), async () => {
      const { data } = await this.octokit.rest.issues.createComment({ ...this.repo, issue_number: issue, body })
      return { id: data.id, body: data.body ?? '', login: data.user?.login ?? '', url: data.html_url }
    })
  }

  async updateComment(commentId: number, isPullRequest: boolean, body: string): Promise<IssueComment> {
    return this.explain(`update comment ${commentId}`, threadPermission(isPullRequest, 'write'), async () => {
      const { data } = await this.octokit.rest.issues.updateComment({ ...this.repo, comment_id: commentId, body })
      return { id: data.id, body: data.body ?? '', login: data.user?.login ?? '', url: data.html_url }
    })
  }

  async react(commentId: number, isPullRequest: boolean, content: Reaction): Promise<void> {
    await this.explain(`react to comment ${commentId}`, threadPermission(isPullRequest, 'write'), () =>
      this.octokit.rest.reactions.createForIssueComment({ ...this.repo, comment_id: commentId, content })
    )
  }

  /** The commenter's role (`admin`, `maintain`, `write`, `triage`, `read`), or null for a non-collaborator. */
  async roleOf(login: string): Promise<string | null> {
    try {
      const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({ ...this.repo, username: login })
      return data.role_name || data.permission || null
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

  /** Up to `max` commit subjects of a pull request, reading only the pages needed. */
  async pullCommitSubjects(number: number, max: number): Promise<string[]> {
    return this.explain(`read the commits of pull request #${number}`, 'pull-requests: read', async () => {
      const pages = this.octokit.paginate.iterator(this.octokit.rest.pulls.listCommits, { ...this.repo, pull_number: number, per_page: Math.min(100, max) })
      return (await firstItems(pages, max)).map((commit) => commit.commit.message.split('\n')[0])
    })
  }

  /** Up to `max` changed file paths of a pull request, reading only the pages needed. */
  async pullFiles(number: number, max: number): Promise<string[]> {
    return this.explain(`read the files of pull request #${number}`, 'pull-requests: read', async () => {
      const pages = this.octokit.paginate.iterator(this.octokit.rest.pulls.listFiles, { ...this.repo, pull_number: number, per_page: Math.min(100, max) })
      return (await firstItems(pages, max)).map((file) => file.filename)
    })
  }

  private async explain<T>(what: string, permission: string, call: () => Promise<T>): Promise<T> {
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

function threadPermission(isPullRequest: boolean, level: 'write'): string {
  return `${isPullRequest ? 'pull-requests' : 'issues'}: ${level}`
}

function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : null
}

function describe(what: string, permission: string, error: unknown): GitHubError {
  const status = statusOf(error)
  const detail = error instanceof Error ? error.message.split('\n')[0].slice(0, 200) : String(error)
  if (status === 403) {
    return new GitHubError(`Could not ${what}: HTTP 403, the token lacks the '${permission}' permission; add it to the workflow's permissions: block (${detail}).`, 403, permission)
  }
  return new GitHubError(`Could not ${what}: ${status === null ? detail : `HTTP ${status} (${detail})`}.`, status)
}
