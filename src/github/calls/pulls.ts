import { explained } from '../errors.js'
import type { PullFacts, Repo } from '../event.js'
import { pullOf } from '../webhook-payload.js'
import type { Octokit } from '../transport.js'
import { firstLine } from '../../text.js'

/** An open pull request as the `group-runs` look-up needs it. */
export interface OpenPull {
  number: number
  url: string
  author: string
  /** Opened by a bot (GitHub says `type: Bot`; app logins end in `[bot]`), as the docs agent's pull requests are. */
  byBot: boolean
}

/** A changed file of a pull request, as GitHub lists it. */
export interface FileChange {
  filename: string
  status: string
  /** The path before a rename or copy. */
  previousFilename?: string
}

/**
 * Every path a list of changes touches, each once: a renamed file is a change of both its names (moving
 * `src/api.ts` to `lib/api.ts` changes `src/api.ts` too). A copy leaves its source as it was.
 */
export function changedPaths(files: readonly Pick<FileChange, 'filename' | 'status' | 'previousFilename'>[]): string[] {
  const paths = files.flatMap((file) =>
    file.previousFilename !== undefined && file.status !== 'copied' ? [file.filename, file.previousFilename] : [file.filename]
  )
  return [...new Set(paths)]
}

/** A merged pull request as the issue search lists it. */
export interface MergedPull {
  number: number
  url: string
  /** ISO 8601. */
  mergedAt: string
}

/** One page of an issue search for merged pull requests: what it found, and how many match in all. */
export interface MergedPulls {
  pulls: MergedPull[]
  totalCount: number
}

/** Who is asked to review a pull request: logins, and team slugs of the repository's organisation. */
export interface ReviewersRequest {
  users: readonly string[]
  teams: readonly string[]
}

/** Pull requests: the open ones, a commit's, one's title, head, author, commits and files; its reviewers. */
export class PullCalls {
  constructor(
    private readonly octokit: Octokit,
    private readonly repo: Repo
  ) {}

  /** One page of the repository's open pull requests, the most recently updated first. */
  async openPulls(): Promise<OpenPull[]> {
    const name = `${this.repo.owner}/${this.repo.repo}`
    return explained(`list the open pull requests of ${name}`, 'pull-requests: read', async () => {
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

  /** Pull requests that contain a commit, open ones first. */
  async pullsForCommit(sha: string): Promise<number[]> {
    return explained(`find the pull request of commit ${sha.slice(0, 7)}`, 'pull-requests: read', async () => {
      const { data } = await this.octokit.rest.repos.listPullRequestsAssociatedWithCommit({ ...this.repo, commit_sha: sha })
      return [...data].sort((a, b) => Number(b.state === 'open') - Number(a.state === 'open')).map((pull) => pull.number)
    })
  }

  /** The open pull requests that contain a commit, read as `pull` reads one (forks included: they are told apart by their head). */
  async openPullsOfCommit(sha: string): Promise<PullFacts[]> {
    return explained(`find the pull request of commit ${sha.slice(0, 7)}`, 'pull-requests: read', async () => {
      const { data } = await this.octokit.rest.repos.listPullRequestsAssociatedWithCommit({ ...this.repo, commit_sha: sha })
      return data.filter((pull) => pull.state === 'open').map((pull) => pullOf(pull))
    })
  }

  /** One pull request: title, head, author, whether it was merged (and its merge commit), its size. */
  async pull(number: number): Promise<PullFacts> {
    return explained(`read pull request #${number}`, 'pull-requests: read', async () => {
      const { data } = await this.octokit.rest.pulls.get({ ...this.repo, pull_number: number })
      // The REST answer has the webhook payload's shape: it is read the same way, forks and bots included.
      return pullOf(data)
    })
  }

  /** A pull request's commits, oldest first (the API lists 250 at most): every page, at most three requests. */
  async pullCommits(number: number): Promise<{ sha: string; subject: string }[]> {
    return explained(`read the commits of pull request #${number}`, 'pull-requests: read', async () => {
      const commits = await this.octokit.paginate(this.octokit.rest.pulls.listCommits, { ...this.repo, pull_number: number, per_page: 100 })
      return commits.map((commit) => ({ sha: commit.sha, subject: firstLine(commit.commit.message) }))
    })
  }

  /** Up to `max` changed files of a pull request with how each changed (added, modified, removed, renamed…). */
  async pullFileChanges(number: number, max: number): Promise<FileChange[]> {
    return explained(`read the files of pull request #${number}`, 'pull-requests: read', async () => {
      const pages = this.octokit.paginate.iterator(this.octokit.rest.pulls.listFiles, {
        ...this.repo,
        pull_number: number,
        per_page: Math.min(100, max)
      })
      return (await firstItems(pages, max)).map((file) => ({
        filename: file.filename,
        status: file.status,
        ...(file.previous_filename === undefined ? {} : { previousFilename: file.previous_filename })
      }))
    })
  }

  /**
   * The first page (100) of an issue search `query` for merged pull requests, newest created first: one
   * request. `advanced_search` is GitHub's switch to the search syntax it is moving every caller to.
   */
  async searchMergedPulls(query: string): Promise<MergedPulls> {
    return explained('search the merged pull requests', 'pull-requests: read', async () => {
      const { data } = await this.octokit.request('GET /search/issues', {
        q: query,
        sort: 'created',
        order: 'desc',
        per_page: 100,
        advanced_search: 'true'
      })
      const pulls = data.items.flatMap((item) => {
        // The search lists issues too; a merged pull request says when it was merged.
        const mergedAt = item.pull_request?.merged_at ?? null
        return mergedAt ? [{ number: item.number, url: item.html_url, mergedAt }] : []
      })
      return { pulls, totalCount: data.total_count }
    })
  }

  /**
   * Asks users and teams to review a pull request; nobody to ask sends nothing. Asking again for the same
   * reviewers changes nothing, so the transport may send it again like a read.
   */
  async requestedReviewers(pull: number): Promise<RequestedReviewers> {
    return explained(`read the requested reviewers of pull request #${pull}`, 'pull-requests: read', async () => {
      const { data } = await this.octokit.rest.pulls.listRequestedReviewers({ ...this.repo, pull_number: pull })
      return { users: data.users.map((user) => user.login), teams: data.teams.map((team) => `${this.repo.owner}/${team.slug}`) }
    })
  }

  async requestReviewers(pull: number, reviewers: ReviewersRequest): Promise<void> {
    const { users, teams } = reviewers
    if (users.length === 0 && teams.length === 0) return
    await explained(`ask for reviews of pull request #${pull}`, 'pull-requests: write', () =>
      this.octokit.rest.pulls.requestReviewers({
        ...this.repo,
        pull_number: pull,
        ...(users.length > 0 ? { reviewers: [...users] } : {}),
        ...(teams.length > 0 ? { team_reviewers: [...teams] } : {})
      })
    )
  }
}

/** Who is asked to review a pull request: logins, and teams as `org/slug` (the repository's owner is the team's organisation). */
export interface RequestedReviewers {
  users: string[]
  teams: string[]
}

async function firstItems<T>(pages: AsyncIterable<{ data: T[] }>, max: number): Promise<T[]> {
  const items: T[] = []
  for await (const page of pages) {
    items.push(...page.data.slice(0, max - items.length))
    if (items.length >= max) break
  }
  return items
}
