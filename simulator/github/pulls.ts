// Pull requests of the fake GitHub: one or the list, their commits and changed files, the pull requests of
// a commit, and closing or merging one.
import type { RouteResponse } from '../types.js'
import { notFound, paginate, readBody, route, validationFailed, type Context, type Route } from './http.js'
import { fileJson, pullFileOf } from './issues.js'
import {
  DEFAULT_BRANCH,
  defaultBranchSha,
  fakeSha,
  perRepo,
  teamJson,
  timestamp,
  type GitHubState,
  type Issue,
  type Repo
} from './state.js'
import type { GitHubPullFile } from './types.js'

// GitHub silently truncates these lists (documented on the endpoints); it does not paginate past them.
const MAX_PULL_COMMITS = 250
const MAX_PULL_FILES = 3000

export class Pulls {
  /** Per repository, by lower-case sha: the pull requests `linkCommit` named. */
  private readonly linked = perRepo(() => new Map<string, number[]>())

  constructor(private readonly state: GitHubState) {}

  // ---- Test-side API ----

  /** The pull request's files from now on; a compare of its base and its head at this moment keeps them (see Comparisons). */
  setFiles(repoName: string, pullNumber: number, files: (string | GitHubPullFile)[]): void {
    const { pull } = this.state.requirePull(repoName, pullNumber)
    pull.files = files.map(pullFileOf)
    pull.filesAt = new Map(pull.filesAt).set(pull.headSha.toLowerCase(), pull.files)
  }

  /** A push to the head branch: `sha` is the new head and last commit; the pull request counts as updated. */
  pushHead(repoName: string, pullNumber: number, sha: string): void {
    const { pull } = this.state.requirePull(repoName, pullNumber)
    pull.headSha = sha
    pull.commits = [...pull.commits, { sha, message: `Push ${sha.slice(0, 7)}` }]
    this.state.touch(pull)
  }

  close(repoName: string, pullNumber: number, options: { merged?: boolean; mergeCommitSha?: string; at?: string } = {}): void {
    const { repo, pull } = this.state.requirePull(repoName, pullNumber)
    const now = options.at ?? timestamp()
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(now))
      throw new Error(`closePull: at must be an ISO 8601 time in whole seconds, got '${now}'`)
    pull.state = 'closed'
    pull.closedAt = now
    pull.mergedAt = options.merged ? now : null
    if (options.merged) pull.mergeCommitSha = options.mergeCommitSha ?? fakeSha(`${repo.fullName}#${pull.number}/merge`)
    this.state.touch(pull)
  }

  linkCommit(repoName: string, sha: string, pullNumbers: number[]): void {
    const repo = this.state.ensureRepo(repoName)
    for (const number of pullNumbers) {
      if (!repo.issues.get(number)?.pullRequest) throw new Error(`${repo.fullName}#${number} is not a pull request (addIssue it first)`)
    }
    this.linked(repo).set(sha.toLowerCase(), [...pullNumbers])
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [
      route('GET', '/commits/{sha}/pulls', 'pulls', (ctx) => this.commitPulls(ctx)),
      route('GET', '/commits/{sha}/branches-where-head', 'pulls', (ctx) => this.branchesWhereHead(ctx)),
      route('GET', '/pulls/{number}', 'pulls', (ctx) => this.getPull(ctx)),
      route('PATCH', '/pulls/{number}', 'pulls', (ctx) => this.updatePull(ctx)),
      route('GET', '/pulls/{number}/commits', 'pulls', (ctx) => this.pullCommits(ctx)),
      route('GET', '/pulls/{number}/files', 'pulls', (ctx) => this.pullFiles(ctx)),
      route('GET', '/pulls', 'pulls', (ctx) => this.listPulls(ctx))
    ]
  }

  /**
   * `GET …/commits/{sha}/pulls`: explicitly linked pull requests first, then any that contains the commit; as
   * GitHub describes it, open and merged ones only (a pull request closed without merging is not listed).
   */
  commitPulls({ req, params, repo }: Context): RouteResponse {
    const sha = (params.sha ?? '').toLowerCase()
    const numbers = new Set(this.linked(repo).get(sha) ?? [])
    for (const issue of repo.issues.values()) {
      const contains = issue.headSha.toLowerCase() === sha || issue.commits.some((c) => c.sha.toLowerCase() === sha)
      if (issue.pullRequest && contains) numbers.add(issue.number)
    }
    const pulls = [...numbers]
      .map((n) => repo.issues.get(n))
      .filter((i): i is Issue => i !== undefined && (i.state === 'open' || i.mergedAt !== null))
    return paginate(req, this.state.serverUrl(), pulls, (issue) => this.json(repo, issue))
  }

  /** `GET …/commits/{sha}/branches-where-head`: the default branch, and open pull requests' own branches, at that head. */
  branchesWhereHead({ params, repo }: Context): RouteResponse {
    const sha = (params.sha ?? '').toLowerCase()
    const own = [...repo.issues.values()].filter((issue) => issue.pullRequest && issue.state === 'open' && issue.headRepo === null)
    const names = [
      ...(defaultBranchSha(repo) === sha ? [DEFAULT_BRANCH] : []),
      ...own.filter((issue) => issue.headSha.toLowerCase() === sha).map((issue) => issue.headRef)
    ]
    const url = `${this.state.serverUrl()}/api/v3/repos/${repo.fullName}/commits/${sha}`
    return { status: 200, json: [...new Set(names)].map((name) => ({ name, commit: { sha, url }, protected: false })) }
  }

  /**
   * `GET …/pulls/{n}`: the whole pull request, with what the list leaves out (`merged`, its size, whether
   * it merges). `mergeable` is null on the first read after it changed, as GitHub answers while it
   * computes it in the background; computed on the next.
   */
  getPull({ params, repo }: Context): RouteResponse {
    const pull = this.state.findPull(repo, params.number)
    if (!pull) return notFound()
    const known = pull.mergeableKnown || pull.state === 'closed'
    pull.mergeableKnown = true
    const json = {
      ...this.json(repo, pull),
      mergeable: known && pull.state === 'open' ? pull.mergeable : null,
      mergeable_state: known ? pull.mergeableState : 'unknown',
      merged: pull.mergedAt !== null,
      commits: pull.commits.length,
      additions: pull.files.reduce((sum, file) => sum + file.additions, 0),
      deletions: pull.files.reduce((sum, file) => sum + file.deletions, 0),
      changed_files: pull.files.length
    }
    return { status: 200, json }
  }

  /** `PATCH …/pulls/{n}` `{state?, title?, body?}`: closes (or reopens) it, without merging; answers the pull request. */
  updatePull({ req, params, repo }: Context): RouteResponse {
    const pull = this.state.findPull(repo, params.number)
    if (!pull) return notFound()
    const parsed = readBody(req, { state: ['string'], title: ['string'], body: ['string', 'null'] })
    if (!parsed.ok) return parsed.error
    const { state, title, body } = parsed.value
    if (state !== undefined && state !== 'open' && state !== 'closed') return validationFailed('PullRequest', 'state', 'invalid')
    if (pull.mergedAt !== null && state === 'open')
      return validationFailed('PullRequest', 'state', 'invalid', 'A merged pull request cannot be reopened')
    if (typeof title === 'string') pull.title = title
    if (typeof body === 'string') pull.body = body
    if (state === 'closed' && pull.state === 'open') {
      pull.state = 'closed'
      pull.closedAt = timestamp()
    } else if (state === 'open') {
      pull.state = 'open'
      pull.closedAt = null
    }
    this.state.touch(pull)
    return { status: 200, json: { ...this.json(repo, pull), merged: false } }
  }

  /** GitHub computes again whether it merges: `null` once, then these. */
  setMergeable(repoName: string, pullNumber: number, mergeable: boolean, mergeableState?: string): void {
    const { pull } = this.state.requirePull(repoName, pullNumber)
    pull.mergeable = mergeable
    pull.mergeableState = mergeableState ?? (mergeable ? 'clean' : 'dirty')
    pull.mergeableKnown = false
  }

  /** The default branch moves on: every open pull request's base sha is the new head, and whether each merges is computed again. */
  moveDefaultBranch(repoName: string): void {
    const repo = this.state.ensureRepo(repoName)
    repo.baseMoves++
    for (const issue of repo.issues.values()) if (issue.pullRequest && issue.state === 'open') issue.mergeableKnown = false
  }

  pullCommits({ req, params, repo }: Context): RouteResponse {
    const pull = this.state.findPull(repo, params.number)
    if (!pull) return notFound()
    const commits = pull.commits.slice(0, MAX_PULL_COMMITS)
    const person = { name: pull.user, email: `${pull.user}@users.noreply.github.com`, date: pull.createdAt }
    return paginate(req, this.state.serverUrl(), commits, (commit, index) => ({
      sha: commit.sha,
      node_id: `C_sim${commit.sha.slice(0, 12)}`,
      commit: { message: commit.message, author: person, committer: person },
      html_url: `https://github.com/${repo.fullName}/commit/${commit.sha}`,
      author: this.state.userJson(pull.user),
      parents: pull.commits.slice(Math.max(0, index - 1), index).map(({ sha }) => ({ sha }))
    }))
  }

  /** `GET …/pulls/{n}/files`: at most 3000 files, as GitHub documents, paginated like every list. */
  pullFiles({ req, params, repo }: Context): RouteResponse {
    const pull = this.state.findPull(repo, params.number)
    if (!pull) return notFound()
    const files = pull.files.slice(0, MAX_PULL_FILES)
    return paginate(req, this.state.serverUrl(), files, (file) => fileJson(this.state.apiUrl(), repo.fullName, pull.headSha, file))
  }

  /**
   * `GET …/pulls`: `state` open (default), closed or all; `sort` created (default) or updated, `direction`
   * desc by default for created, asc for updated, as GitHub has it; paginated like every list.
   */
  listPulls({ req, repo }: Context): RouteResponse {
    const query = req.url.searchParams
    const state = query.get('state') ?? 'open'
    const sort = query.get('sort') ?? 'created'
    const direction = query.get('direction') ?? (sort === 'created' ? 'desc' : 'asc')
    if (!['open', 'closed', 'all'].includes(state)) return validationFailed('PullRequest', 'state', 'invalid')
    if (!['created', 'updated'].includes(sort)) return validationFailed('PullRequest', 'sort', 'invalid')
    if (!['asc', 'desc'].includes(direction)) return validationFailed('PullRequest', 'direction', 'invalid')
    const key = (pull: Issue): [string, number] =>
      sort === 'updated' ? [pull.updatedAt, pull.updateSequence] : [pull.createdAt, pull.number]
    const ascending = (a: Issue, b: Issue): number => {
      const [timeA, tieA] = key(a)
      const [timeB, tieB] = key(b)
      return timeA === timeB ? tieA - tieB : timeA < timeB ? -1 : 1
    }
    const pulls = [...repo.issues.values()]
      .filter((issue) => issue.pullRequest && (state === 'all' || issue.state === state))
      .sort((a, b) => (direction === 'asc' ? ascending(a, b) : ascending(b, a)))
    return paginate(req, this.state.serverUrl(), pulls, (pull) => this.json(repo, pull))
  }

  /** A pull request as GitHub's lists show one (`GET …/pulls/{n}` adds a few fields). */
  json(repo: Repo, pull: Issue): Record<string, unknown> {
    const baseRepo = repositoryJson(repo.fullName, false)
    const headRepo = pull.headRepo === null ? baseRepo : repositoryJson(pull.headRepo, true)
    return {
      id: 900000000 + pull.number,
      node_id: `PR_sim${pull.number}`,
      number: pull.number,
      title: pull.title,
      body: pull.body,
      state: pull.state,
      draft: pull.draft,
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      closed_at: pull.closedAt,
      merged_at: pull.mergedAt,
      merge_commit_sha: pull.mergeCommitSha,
      html_url: `https://github.com/${repo.fullName}/pull/${pull.number}`,
      url: `${this.state.apiUrl()}/repos/${repo.fullName}/pulls/${pull.number}`,
      user: this.state.userJson(pull.user, pull.userType),
      requested_reviewers: pull.requestedReviewers.map((login) => this.state.userJson(login)),
      requested_teams: pull.requestedTeams.map((team) => teamJson(this.state.apiUrl(), repo, team)),
      head: { label: `${headRepo.owner.login}:${pull.headRef}`, ref: pull.headRef, sha: pull.headSha, repo: headRepo },
      base: { label: `${repo.owner}:${DEFAULT_BRANCH}`, ref: DEFAULT_BRANCH, sha: defaultBranchSha(repo), repo: baseRepo }
    }
  }
}

/** The repository of a pull request's head or base, as GitHub's JSON shows it. */
function repositoryJson(fullName: string, fork: boolean): { full_name: string; name: string; owner: { login: string }; fork: boolean } {
  const [owner = '', name = ''] = fullName.split('/')
  return { full_name: fullName, name, owner: { login: owner }, fork }
}
