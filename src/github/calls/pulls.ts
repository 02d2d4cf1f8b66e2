import { need, needList, needNumber, readAnswer, textOr } from '../answers.js'
import { explained } from '../errors.js'
import type { PullFacts, Repo } from '../event.js'
import { type Bounded, bounded, readPages } from '../pages.js'
import { pullOf } from '../webhook-payload.js'
import type { Octokit } from '../transport.js'
import { firstLine, isRecord } from '../../text.js'

/** GitHub's largest page. */
const PAGE = 100
/** A pull request's files and commits: at most 3 pages of 100 (GitHub lists 250 commits, 3,000 files at most). */
const PULL_PAGES = 3
/** The commit look-up reads at most 3 pages of 100 to pass over forks' pull requests on the same commit. */
const COMMIT_LOOKUP_PAGES = 3
/** Who else has a head: the whole list of pull requests on the commit, at most 10 pages of 100, else cut. */
const HEAD_OWNER_PAGES = 10

/** Who has a commit as their head besides the one asking: pull requests (forks' too, open or merged) and branches. */
export interface HeadOwners {
  /** Cut when more pull requests contain the commit than HEAD_OWNER_PAGES hold: then not known. */
  pulls: Bounded<PullFacts>
  branches: string[]
}

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
      const answer = await this.octokit.rest.pulls.list({
        ...this.repo,
        state: 'open',
        sort: 'updated',
        direction: 'desc',
        per_page: PAGE
      })
      return readAnswer(answer, (data) =>
        needList(data, 'the list').map((pull) => {
          const { number, html_url: url, user } = pull as (typeof data)[number]
          const author = textOr(user?.login)
          return { number: needNumber(number, 'number'), url: textOr(url), author, byBot: user?.type === 'Bot' || author.endsWith('[bot]') }
        })
      )
    })
  }

  /** Pull requests that contain a commit, open ones first. */
  async pullsForCommit(sha: string): Promise<number[]> {
    return explained(`find the pull request of commit ${sha.slice(0, 7)}`, 'pull-requests: read', async () => {
      const answer = await this.octokit.rest.repos.listPullRequestsAssociatedWithCommit({ ...this.repo, commit_sha: sha })
      return readAnswer(answer, (data) =>
        needList(data, 'the list')
          .map((pull) => (isRecord(pull) ? pull : {}))
          .sort((a, b) => Number(b.state === 'open') - Number(a.state === 'open'))
          .map((pull) => needNumber(pull.number, 'number'))
      )
    })
  }

  /**
   * The open pull requests that contain a commit, read as `pull` reads one (forks included: they are told
   * apart by their head). Pages of 100, at most 3, and no page after the one that lists this repository's
   * own open pull request whose head is the commit (the one the look-up is for).
   */
  async openPullsOfCommit(sha: string): Promise<PullFacts[]> {
    return explained(`find the pull request of commit ${sha.slice(0, 7)}`, 'pull-requests: read', async () => {
      const pages = this.octokit.paginate.iterator(this.octokit.rest.repos.listPullRequestsAssociatedWithCommit, {
        ...this.repo,
        commit_sha: sha,
        per_page: PAGE
      })
      const own = (pull: PullFacts | null): boolean => pull !== null && !pull.head.fork && pull.head.sha.toLowerCase() === sha.toLowerCase()
      const listed = await readPages(pages, { pages: COMMIT_LOOKUP_PAGES, until: own }, (pull) =>
        isRecord(pull) && pull.state === 'open' ? pullOf(pull) : null
      )
      return listed.filter((pull) => pull !== null)
    })
  }

  /**
   * Every pull request whose head is `sha` (forks' included; open, and merged: GitHub lists those of a commit),
   * from the whole list of pull requests that contain it, and every branch of the repository whose head it is (unless `branches` is false: one request
   * less). A list cut short keeps its cut.
   */
  async headOwners(sha: string, { branches: withBranches = true } = {}): Promise<HeadOwners> {
    return explained(`find who else has commit ${sha.slice(0, 7)} as their head`, 'pull-requests: read', async () => {
      const pages = this.octokit.paginate.iterator(this.octokit.rest.repos.listPullRequestsAssociatedWithCommit, {
        ...this.repo,
        commit_sha: sha,
        per_page: PAGE
      })
      const listed = await readPages(pages, { pages: HEAD_OWNER_PAGES }, (pull) => (isRecord(pull) ? pullOf(pull) : null))
      const atHead = listed.filter((pull): pull is PullFacts => pull !== null && pull.head.sha.toLowerCase() === sha.toLowerCase())
      if (!withBranches) return { pulls: bounded(atHead, listed.cut), branches: [] }
      const branches = await this.octokit.rest.repos.listBranchesForHeadCommit({ ...this.repo, commit_sha: sha })
      const names = readAnswer(branches, (data) =>
        needList(data, 'the branches').map((branch) => textOr(isRecord(branch) ? branch.name : null, ''))
      )
      return { pulls: bounded(atHead, listed.cut), branches: names.filter(Boolean) }
    })
  }

  /** One pull request: title, head, author, whether it was merged (and its merge commit), its size. */
  async pull(number: number): Promise<PullFacts> {
    return explained(`read pull request #${number}`, 'pull-requests: read', async () => {
      const answer = await this.octokit.rest.pulls.get({ ...this.repo, pull_number: number })
      // The REST answer has the webhook payload's shape: it is read the same way, forks and bots included.
      return readAnswer(answer, (data) => pullOf(need(isRecord(data) ? data : null, 'the pull request')))
    })
  }

  /** A pull request's commits, oldest first (the API lists 250 at most): at most 3 pages of 100, `cut` when more were named. */
  async pullCommits(number: number): Promise<Bounded<{ sha: string; subject: string }>> {
    return explained(`read the commits of pull request #${number}`, 'pull-requests: read', async () => {
      const pages = this.octokit.paginate.iterator(this.octokit.rest.pulls.listCommits, {
        ...this.repo,
        pull_number: number,
        per_page: PAGE
      })
      return readPages(pages, { pages: PULL_PAGES }, (commit) => ({
        sha: textOr(commit.sha),
        subject: firstLine(textOr((commit.commit as { message?: unknown } | null | undefined)?.message))
      }))
    })
  }

  /**
   * Up to `max` changed files of a pull request with how each changed (added, modified, removed, renamed…),
   * from at most 3 pages; `cut` when GitHub named more than were read (a page cap reached, a page repeated).
   */
  async pullFileChanges(number: number, max: number): Promise<Bounded<FileChange>> {
    return explained(`read the files of pull request #${number}`, 'pull-requests: read', async () => {
      const pages = this.octokit.paginate.iterator(this.octokit.rest.pulls.listFiles, {
        ...this.repo,
        pull_number: number,
        per_page: Math.min(PAGE, max)
      })
      return readPages(pages, { pages: PULL_PAGES, items: max }, (file) => {
        const previous: unknown = file.previous_filename
        return {
          filename: need(typeof file.filename === 'string' ? file.filename : null, 'filename'),
          status: textOr(file.status),
          ...(typeof previous === 'string' ? { previousFilename: previous } : {})
        }
      })
    })
  }

  /**
   * The first page (100) of an issue search `query` for merged pull requests, newest created first: one
   * request. `advanced_search` is GitHub's switch to the search syntax it is moving every caller to.
   */
  async searchMergedPulls(query: string): Promise<MergedPulls> {
    return explained('search the merged pull requests', 'pull-requests: read', async () => {
      const answer = await this.octokit.request('GET /search/issues', {
        q: query,
        sort: 'created',
        order: 'desc',
        per_page: PAGE,
        advanced_search: 'true'
      })
      return readAnswer(answer, (data) => {
        const pulls = needList(data.items, 'items').flatMap((listed) => {
          const item = listed as (typeof data.items)[number]
          // The search lists issues too; a merged pull request says when it was merged.
          const mergedAt = item.pull_request?.merged_at ?? null
          return mergedAt ? [{ number: needNumber(item.number, 'items.number'), url: textOr(item.html_url), mergedAt }] : []
        })
        return { pulls, totalCount: needNumber(data.total_count, 'total_count') }
      })
    })
  }

  /**
   * Asks users and teams to review a pull request; nobody to ask sends nothing. Asking again for the same
   * reviewers changes nothing, so the transport may send it again like a read.
   */
  async requestedReviewers(pull: number): Promise<RequestedReviewers> {
    return explained(`read the requested reviewers of pull request #${pull}`, 'pull-requests: read', async () => {
      const answer = await this.octokit.rest.pulls.listRequestedReviewers({ ...this.repo, pull_number: pull })
      return readAnswer(answer, (data) => ({
        users: needList(data.users, 'users').map((user) => need(isRecord(user) ? textOr(user.login) || null : null, 'users.login')),
        teams: needList(data.teams, 'teams').map(
          (team) => `${this.repo.owner}/${need(isRecord(team) ? textOr(team.slug) || null : null, 'teams.slug')}`
        )
      }))
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
