// Issues and pull requests as a test plants them, and their labels.
import type { RouteResponse } from '../types.js'
import { gitHubError, notFound, paginate, parseJsonObject, route, validationFailed, type Context, type Route } from './http.js'
import { fakeSha, perRepo, timestamp, userTypeOf, type GitHubState, type Issue, type PullFile, type Repo } from './state.js'
import type { GitHubFileStatus, GitHubIssueInit, GitHubPullFile } from './types.js'

/** Lines added and deleted when a planted file does not say. */
const DEFAULT_LINE_CHANGES: Record<GitHubFileStatus, [number, number]> = {
  added: [10, 0],
  removed: [0, 10],
  modified: [1, 1],
  changed: [1, 1],
  renamed: [0, 0],
  copied: [0, 0],
  unchanged: [0, 0]
}

export class Issues {
  /** Per repository, by lower-case name: the labels it has, as first spelled. */
  private readonly known = perRepo(() => new Map<string, string>())

  constructor(
    private readonly state: GitHubState,
    /** How many conversation comments an issue or pull request has (the comments live in comments.ts). */
    private readonly commentCount: (repo: Repo, issue: Issue) => number
  ) {}

  // ---- Test-side API ----

  add(repoName: string, init: GitHubIssueInit): void {
    const repo = this.state.ensureRepo(repoName)
    if (!Number.isInteger(init.number) || init.number < 1) throw new Error(`Invalid issue number ${init.number}`)
    if (repo.issues.has(init.number)) throw new Error(`${repo.fullName}#${init.number} already exists`)
    const commits = (init.commits ?? []).map((message, index) => ({
      sha: fakeSha(`${repo.fullName}#${init.number}/${index}/${message}`),
      message
    }))
    const headSha = init.headSha ?? commits.at(-1)?.sha ?? fakeSha(`${repo.fullName}#${init.number}/head`)
    const last = commits.at(-1)
    if (last) last.sha = headSha
    repo.issues.set(init.number, {
      number: init.number,
      title: init.title,
      body: init.body ?? '',
      user: init.user ?? 'octocat',
      userType: init.userType ?? userTypeOf(init.user ?? 'octocat'),
      pullRequest: init.pullRequest ?? false,
      headSha,
      headRef: init.headRef ?? `feature-${init.number}`,
      headRepo: headRepoOf(repo, init.headRepo),
      mergeCommitSha: fakeSha(`${repo.fullName}#${init.number}/test-merge/${headSha}`),
      draft: init.draft ?? false,
      mergeable: init.mergeable ?? true,
      mergeableState: init.mergeableState ?? ((init.mergeable ?? true) ? 'clean' : 'dirty'),
      mergeableKnown: false,
      reviews: [],
      requestedReviewers: [],
      requestedTeams: [],
      commits,
      files: (init.files ?? []).map(pullFileOf),
      labels: [...(init.labels ?? [])],
      createdAt: wholeSeconds(init.createdAt, 'createdAt') ?? timestamp(),
      state: 'open',
      mergedAt: null,
      closedAt: null,
      updatedAt: init.updatedAt ?? timestamp(),
      updateSequence: this.state.nextUpdateSequence()
    })
    for (const label of init.labels ?? []) this.know(repo, label)
  }

  addLabel(repoName: string, issueNumber: number, name: string): void {
    const { issue } = this.state.requireIssue(repoName, issueNumber)
    if (!issue.labels.some((label) => label.toLowerCase() === name.toLowerCase())) issue.labels.push(name)
    this.know(this.state.ensureRepo(repoName), name)
  }

  repositoryLabels(repoName: string): string[] {
    return [...this.known(this.state.ensureRepo(repoName)).values()]
  }

  /** The repository has this label from now on (a label name is matched without case); its first spelling stays. */
  private know(repo: Repo, name: string): string {
    const labels = this.known(repo)
    const spelled = labels.get(name.toLowerCase()) ?? name
    labels.set(name.toLowerCase(), spelled)
    return spelled
  }

  /** The labels an issue or pull request has now. */
  labels(repoName: string, issueNumber: number): string[] {
    return [...this.state.requireIssue(repoName, issueNumber).issue.labels]
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [
      // In the comments family: the action reads an issue only for its comment count, before listing them.
      route('GET', '/issues/{number}', 'comments', (ctx) => this.getIssue(ctx)),
      route('GET', '/issues', 'pulls', (ctx) => this.listIssues(ctx)),
      route('POST', '/issues/{number}/labels', 'labels', (ctx) => this.addLabels(ctx)),
      route('DELETE', '/issues/{number}/labels/{name}', 'labels', (ctx) => this.removeLabel(ctx))
    ]
  }

  /** `GET …/issues/{n}`: an issue, or a pull request as an issue (with `pull_request`), and its comment count. */
  getIssue({ params, repo }: Context): RouteResponse {
    const issue = repo.issues.get(Number(params.number))
    if (!issue) return notFound()
    return { status: 200, json: this.json(repo, issue) }
  }

  /**
   * `GET …/issues`: the repository's issues and pull requests (with `pull_request`), `state` open (default),
   * closed or all; `labels` a comma-separated list they must all carry (names without case); `sort`
   * created (default) or updated, `direction` desc (default) or asc; paginated like every list.
   */
  listIssues({ req, repo }: Context): RouteResponse {
    const query = req.url.searchParams
    const state = query.get('state') ?? 'open'
    const sort = query.get('sort') ?? 'created'
    const direction = query.get('direction') ?? 'desc'
    if (!['open', 'closed', 'all'].includes(state)) return validationFailed('Issue', 'state', 'invalid')
    if (!['created', 'updated', 'comments'].includes(sort)) return validationFailed('Issue', 'sort', 'invalid')
    if (!['asc', 'desc'].includes(direction)) return validationFailed('Issue', 'direction', 'invalid')
    const wanted = (query.get('labels') ?? '')
      .split(',')
      .map((label) => label.trim().toLowerCase())
      .filter(Boolean)
    const key = (issue: Issue): [string, number] =>
      sort === 'updated' ? [issue.updatedAt, issue.updateSequence] : [issue.createdAt, issue.number]
    const ascending = (a: Issue, b: Issue): number => {
      const [timeA, tieA] = key(a)
      const [timeB, tieB] = key(b)
      return timeA === timeB ? tieA - tieB : timeA < timeB ? -1 : 1
    }
    const issues = [...repo.issues.values()]
      .filter((issue) => state === 'all' || issue.state === state)
      .filter((issue) => wanted.every((label) => issue.labels.some((has) => has.toLowerCase() === label)))
      .sort((a, b) => (direction === 'asc' ? ascending(a, b) : ascending(b, a)))
    return paginate(req, this.state.serverUrl(), issues, (issue) => this.json(repo, issue))
  }

  /** An issue, or a pull request as an issue (with `pull_request` and `draft`), as GitHub's JSON shows one. */
  private json(repo: Repo, issue: Issue): Record<string, unknown> {
    const kind = issue.pullRequest ? 'pull' : 'issues'
    return {
      id: 800000000 + issue.number,
      node_id: `I_sim${issue.number}`,
      number: issue.number,
      title: issue.title,
      body: issue.body,
      state: issue.state,
      user: this.state.userJson(issue.user, issue.userType),
      labels: issue.labels.map((name) => ({ name })),
      comments: this.commentCount(repo, issue),
      created_at: issue.createdAt,
      updated_at: issue.updatedAt,
      closed_at: issue.closedAt,
      html_url: `https://github.com/${repo.fullName}/${kind}/${issue.number}`,
      url: `${this.state.apiUrl()}/repos/${repo.fullName}/issues/${issue.number}`,
      ...(issue.pullRequest
        ? {
            draft: issue.draft,
            pull_request: {
              url: `${this.state.apiUrl()}/repos/${repo.fullName}/pulls/${issue.number}`,
              html_url: `https://github.com/${repo.fullName}/pull/${issue.number}`,
              merged_at: issue.mergedAt
            }
          }
        : {})
    }
  }

  /**
   * `POST …/issues/{n}/labels` with `{labels: [names]}`: adds them (one already on it stays once) and, as
   * GitHub does, creates in the repository any label it does not have yet; answers every label it has now.
   */
  addLabels({ req, params, repo }: Context): RouteResponse {
    const issue = repo.issues.get(Number(params.number))
    if (!issue) return notFound()
    const body = parseJsonObject(req.body)
    if (!body.ok) return body.error
    const names = body.value.labels
    if (!Array.isArray(names) || names.some((name) => typeof name !== 'string' || !name.trim()))
      return validationFailed('Label', 'labels', 'invalid', 'labels must be an array of label names')
    for (const name of names as string[]) {
      const spelled = this.know(repo, name.trim())
      if (!issue.labels.some((label) => label.toLowerCase() === spelled.toLowerCase())) issue.labels.push(spelled)
    }
    this.state.touch(issue)
    return { status: 200, json: issue.labels.map((label) => ({ name: label, default: false })) }
  }

  /** `DELETE …/issues/{n}/labels/{name}`: the labels left (200), or 404 when the label is not on it. */
  removeLabel({ params, repo }: Context): RouteResponse {
    const issue = repo.issues.get(Number(params.number))
    if (!issue) return notFound()
    const name = decodeURIComponent(params.name ?? '')
    const index = issue.labels.findIndex((label) => label.toLowerCase() === name.toLowerCase())
    if (index === -1) return gitHubError(404, 'Label does not exist')
    issue.labels.splice(index, 1)
    return { status: 200, json: issue.labels.map((label) => ({ name: label, default: false })) }
  }
}

/** A planted time: ISO 8601 in whole seconds, as GitHub writes times; undefined when not given. */
function wholeSeconds(at: string | undefined, field: string): string | undefined {
  if (at !== undefined && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(at))
    throw new Error(`addIssue: ${field} must be an ISO 8601 time in whole seconds, got '${at}'`)
  return at
}

/** The fork a pull request's head lives in: null for the repository itself (or no fork given). */
function headRepoOf(repo: Repo, headRepo: string | undefined): string | null {
  if (headRepo === undefined || headRepo.toLowerCase() === repo.fullName.toLowerCase()) return null
  if (!/^[^/]+\/[^/]+$/.test(headRepo)) throw new Error(`headRepo must be 'owner/name', got '${headRepo}'`)
  return headRepo
}

/** A planted changed file: a path alone is a modified file; renames and copies name their old path. */
export function pullFileOf(file: string | GitHubPullFile): PullFile {
  const init: GitHubPullFile = typeof file === 'string' ? { filename: file } : file
  const status = init.status ?? 'modified'
  const moved = status === 'renamed' || status === 'copied'
  if (moved !== (init.previousFilename !== undefined)) {
    throw new Error(`${init.filename}: previousFilename is ${moved ? 'required' : 'only'} for a renamed or copied file`)
  }
  const [additions, deletions] = DEFAULT_LINE_CHANGES[status]
  return { ...init, status, additions: init.additions ?? additions, deletions: init.deletions ?? deletions }
}

/** A changed file as GitHub's JSON shows one (pull request files, a comparison's files), at commit `sha`. */
export function fileJson(apiUrl: string, repoName: string, sha: string, file: PullFile): Record<string, unknown> {
  return {
    sha: fakeSha(`${repoName}@${sha}:${file.filename}`),
    filename: file.filename,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    blob_url: `https://github.com/${repoName}/blob/${sha}/${file.filename}`,
    raw_url: `https://github.com/${repoName}/raw/${sha}/${file.filename}`,
    contents_url: `${apiUrl}/repos/${repoName}/contents/${file.filename}?ref=${sha}`,
    ...(file.previousFilename === undefined ? {} : { previous_filename: file.previousFilename })
  }
}
