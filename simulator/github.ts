// A fake GitHub REST API under /api/v3 (and a sliver of GraphQL at /api/graphql), served by the same
// server as the fake Mintlify API. It follows GitHub's shapes closely enough for Octokit to work
// unchanged: JSON field names, status codes, `Link` pagination and the error body
// {"message", "documentation_url", "status"}.
import { createHash } from 'node:crypto'
import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http'
import type {
  FakeGitHub,
  GitHubCustomRole,
  GitHubFamily,
  GitHubIssueInit,
  GitHubAccess,
  GitHubDeploymentState,
  GitHubFileStatus,
  GitHubPullFile,
  GitHubRole,
  GitHubTokenInit,
  GitHubUserType,
  SimComment,
  SimGitHubDeployment
} from './github/types.js'
import type { RouteResponse } from './types.js'

export const SIM_GITHUB_TOKEN = 'ghs_simulated_workflow_token'
export const DEFAULT_GITHUB_IDENTITY = 'github-actions[bot]'

const DOCS_URL = 'https://docs.github.com/rest'
const MAX_COMMENT_LENGTH = 65536
const DEFAULT_PER_PAGE = 30
const MAX_PER_PAGE = 100
// GitHub silently truncates these lists (documented on the endpoints); it does not paginate past them.
const MAX_PULL_COMMITS = 250
const MAX_PULL_FILES = 3000
const REACTION_CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes']
const DEFAULT_BRANCH = 'main'
const DEPLOYMENT_STATES: readonly GitHubDeploymentState[] = ['error', 'failure', 'inactive', 'in_progress', 'queued', 'pending', 'success']
const MAX_STATUS_DESCRIPTION = 140
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

/** `permission` is the legacy base role: maintain counts as write and triage as read. */
const LEGACY_PERMISSION: Record<GitHubRole, 'admin' | 'write' | 'read'> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read'
}

export function isGitHubPath(path: string): boolean {
  return path.startsWith('/api/')
}

/** GitHub's error body. Newer GitHub responses repeat the status as a string. */
export function gitHubError(status: number, message: string, extra: Record<string, unknown> = {}): RouteResponse {
  return { status, json: { message, ...extra, documentation_url: DOCS_URL, status: String(status) } }
}

const notFound = (): RouteResponse => gitHubError(404, 'Not Found')

function validationFailed(resource: string, field: string, code: string, message?: string): RouteResponse {
  const error = message === undefined ? { resource, code, field } : { resource, code, field, message }
  return gitHubError(422, 'Validation Failed', { errors: [error] })
}

export interface GitHubRequest {
  method: string
  url: URL
  path: string
  headers: IncomingHttpHeaders
  body: string
}

// ---- State ----------------------------------------------------------------------------------------

interface Repo {
  fullName: string
  owner: string
  issues: Map<number, Issue>
  /** By comment id, so in creation order. */
  comments: Map<number, Comment>
  /** Comments on the diff of pull requests (their own ids and routes), by id. */
  reviewComments: Map<number, Comment>
  /** By lower-case login: logins are case-insensitive on GitHub. */
  roles: Map<string, GitHubRole | GitHubCustomRole>
  /** By lower-case sha. */
  linkedPulls: Map<string, number[]>
  /** In creation order. */
  deployments: Deployment[]
}

interface Issue {
  number: number
  title: string
  body: string
  user: string
  pullRequest: boolean
  headSha: string
  headRef: string
  commits: { sha: string; message: string }[]
  files: PullFile[]
  labels: string[]
  createdAt: string
  /** A pull request's state; merged ones are closed, with `mergedAt` set. */
  state: 'open' | 'closed'
  mergedAt: string | null
  closedAt: string | null
  updatedAt: string
  /** Orders updates within one second (timestamps have whole seconds): higher is later. */
  updateSequence: number
}

interface PullFile {
  filename: string
  status: GitHubFileStatus
  previousFilename?: string
  additions: number
  deletions: number
}

interface Deployment {
  id: number
  sha: string
  ref: string
  task: string
  environment: string
  originalEnvironment: string
  description: string
  payload: unknown
  transient: boolean
  production: boolean
  requiredContexts: string[] | null
  autoMerge: boolean
  creator: string
  createdAt: string
  updatedAt: string
  /** Oldest first. */
  statuses: DeploymentStatusRecord[]
}

interface DeploymentStatusRecord {
  id: number
  state: GitHubDeploymentState
  description: string
  environment: string
  logUrl: string
  environmentUrl: string
  creator: string
  createdAt: string
}

interface Comment {
  id: number
  issue: Issue
  body: string
  user: string
  userType: GitHubUserType
  createdAt: string
  updatedAt: string
  reactions: Reaction[]
  /** A review comment: the comment whose thread it replies to (null: it starts one). */
  inReplyTo?: number | null
}

interface Reaction {
  id: number
  content: string
  user: string
  userType: GitHubUserType
  createdAt: string
}

// ---- Routes ---------------------------------------------------------------------------------------

interface Context {
  req: GitHubRequest
  params: Record<string, string>
  repo: Repo
  /** Login of the identity the request's token belongs to: the author of what it writes. */
  actor: string
}

/** What one token is: its identity, and the repositories it may read or write (null: every one, write). */
interface TokenGrant {
  identity: string
  /** By lower-case `owner/name`. */
  repositories: Map<string, GitHubAccess> | null
}

interface Route {
  method: string
  pattern: RegExp
  /** The family `forbid()` can shut off. */
  family?: GitHubFamily
  handle(api: GitHubApi, ctx: Context): RouteResponse
}

const REPO = String.raw`^/api/v3/repos/(?<owner>[^/]+)/(?<repo>[^/]+)`
const repoRoute = (tail: string): RegExp => new RegExp(`${REPO}${tail}$`)

const ROUTES: Route[] = [
  {
    method: 'GET',
    pattern: repoRoute(String.raw`/issues/(?<number>\d+)/comments`),
    family: 'comments',
    handle: (api, ctx) => api.listComments(ctx)
  },
  {
    method: 'POST',
    pattern: repoRoute(String.raw`/issues/(?<number>\d+)/comments`),
    family: 'comments',
    handle: (api, ctx) => api.createComment(ctx)
  },
  {
    method: 'PATCH',
    pattern: repoRoute(String.raw`/issues/comments/(?<id>\d+)`),
    family: 'comments',
    handle: (api, ctx) => api.updateComment(ctx)
  },
  {
    method: 'POST',
    pattern: repoRoute(String.raw`/issues/comments/(?<id>\d+)/reactions`),
    family: 'reactions',
    handle: (api, ctx) => api.addReaction(ctx)
  },
  {
    method: 'POST',
    pattern: repoRoute(String.raw`/pulls/(?<number>\d+)/comments/(?<id>\d+)/replies`),
    family: 'comments',
    handle: (api, ctx) => api.replyInReviewThread(ctx)
  },
  {
    method: 'PATCH',
    pattern: repoRoute(String.raw`/pulls/comments/(?<id>\d+)`),
    family: 'comments',
    handle: (api, ctx) => api.updateComment(ctx, ctx.repo.reviewComments)
  },
  {
    method: 'POST',
    pattern: repoRoute(String.raw`/pulls/comments/(?<id>\d+)/reactions`),
    family: 'reactions',
    handle: (api, ctx) => api.addReaction(ctx, ctx.repo.reviewComments)
  },
  {
    method: 'DELETE',
    pattern: repoRoute(String.raw`/issues/(?<number>\d+)/labels/(?<name>[^/]+)`),
    family: 'labels',
    handle: (api, ctx) => api.removeLabel(ctx)
  },
  { method: 'GET', pattern: repoRoute('/collaborators/(?<username>[^/]+)/permission'), handle: (api, ctx) => api.getPermission(ctx) },
  { method: 'GET', pattern: repoRoute('/commits/(?<sha>[^/]+)/pulls'), family: 'pulls', handle: (api, ctx) => api.commitPulls(ctx) },
  { method: 'GET', pattern: repoRoute(String.raw`/pulls/(?<number>\d+)`), family: 'pulls', handle: (api, ctx) => api.getPull(ctx) },
  {
    method: 'GET',
    pattern: repoRoute(String.raw`/pulls/(?<number>\d+)/commits`),
    family: 'pulls',
    handle: (api, ctx) => api.pullCommits(ctx)
  },
  { method: 'GET', pattern: repoRoute(String.raw`/pulls/(?<number>\d+)/files`), family: 'pulls', handle: (api, ctx) => api.pullFiles(ctx) },
  { method: 'POST', pattern: repoRoute('/deployments'), family: 'deployments', handle: (api, ctx) => api.createDeployment(ctx) },
  { method: 'GET', pattern: repoRoute('/deployments'), family: 'deployments', handle: (api, ctx) => api.listDeployments(ctx) },
  {
    method: 'POST',
    pattern: repoRoute(String.raw`/deployments/(?<id>\d+)/statuses`),
    family: 'deployments',
    handle: (api, ctx) => api.createDeploymentStatus(ctx)
  },
  {
    method: 'GET',
    pattern: repoRoute(String.raw`/deployments/(?<id>\d+)/statuses`),
    family: 'deployments',
    handle: (api, ctx) => api.listDeploymentStatuses(ctx)
  },
  { method: 'GET', pattern: repoRoute('/pulls'), family: 'pulls', handle: (api, ctx) => api.listPulls(ctx) }
]

export class GitHubApi implements FakeGitHub {
  private readonly repos = new Map<string, Repo>()
  private readonly forbidden = new Map<GitHubFamily, number>()
  private readonly userIds = new Map<string, number>([['github-actions[bot]', 41898282]])
  private nextCommentId = 1000001
  private nextReactionId = 5001
  private nextDeploymentId = 3000000001
  private nextDeploymentStatusId = 4000000001
  private nextUpdate = 1
  /** Every token the fake accepts, by token; the constructor's is the workflow's own, with access everywhere. */
  private readonly tokens = new Map<string, TokenGrant>()

  /** `serverUrl` gives 'http://127.0.0.1:PORT' (known once the server listens), for absolute URLs. */
  constructor(
    public token: string,
    public identity: string,
    private readonly serverUrl: () => string
  ) {
    this.tokens.set(token, { identity, repositories: null })
  }

  // ---- Test-side API ----

  addIssue(repoName: string, init: GitHubIssueInit): void {
    const repo = this.ensureRepo(repoName)
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
      pullRequest: init.pullRequest ?? false,
      headSha,
      headRef: init.headRef ?? `feature-${init.number}`,
      commits,
      files: (init.files ?? []).map(pullFileOf),
      labels: [...(init.labels ?? [])],
      createdAt: timestamp(),
      state: 'open',
      mergedAt: null,
      closedAt: null,
      updatedAt: init.updatedAt ?? timestamp(),
      updateSequence: this.nextUpdate++
    })
  }

  setPullFiles(repoName: string, pullNumber: number, files: (string | GitHubPullFile)[]): void {
    const { repo, issue } = this.requireIssue(repoName, pullNumber)
    if (!issue.pullRequest) throw new Error(`${repo.fullName}#${pullNumber} is not a pull request`)
    issue.files = files.map(pullFileOf)
  }

  deployments(repoName: string): SimGitHubDeployment[] {
    const repo = this.findRepo(repoName)
    return (repo?.deployments ?? []).map((d) => ({
      id: d.id,
      sha: d.sha,
      ref: d.ref,
      task: d.task,
      environment: d.environment,
      original_environment: d.originalEnvironment,
      description: d.description,
      payload: d.payload,
      transient_environment: d.transient,
      production_environment: d.production,
      required_contexts: d.requiredContexts && [...d.requiredContexts],
      auto_merge: d.autoMerge,
      creator: d.creator,
      created_at: d.createdAt,
      statuses: d.statuses.map((status) => ({
        id: status.id,
        state: status.state,
        description: status.description,
        environment: status.environment,
        log_url: status.logUrl,
        environment_url: status.environmentUrl,
        creator: status.creator,
        created_at: status.createdAt
      }))
    }))
  }

  closePull(repoName: string, pullNumber: number, options: { merged?: boolean } = {}): void {
    const { repo, issue } = this.requireIssue(repoName, pullNumber)
    if (!issue.pullRequest) throw new Error(`${repo.fullName}#${pullNumber} is not a pull request`)
    const now = timestamp()
    issue.state = 'closed'
    issue.closedAt = now
    issue.mergedAt = options.merged ? now : null
    this.touch(issue)
  }

  addLabel(repoName: string, issueNumber: number, name: string): void {
    const { issue } = this.requireIssue(repoName, issueNumber)
    if (!issue.labels.some((label) => label.toLowerCase() === name.toLowerCase())) issue.labels.push(name)
  }

  /** The labels an issue or pull request has now. */
  labels(repoName: string, issueNumber: number): string[] {
    return [...this.requireIssue(repoName, issueNumber).issue.labels]
  }

  addReviewComment(repoName: string, pullNumber: number, init: { user: string; userType?: GitHubUserType; body: string }): SimComment {
    const { repo, issue } = this.requireIssue(repoName, pullNumber)
    if (!issue.pullRequest) throw new Error(`${repo.fullName}#${pullNumber} is not a pull request`)
    return this.snapshot(repo, this.insertComment(repo, issue, init.user, init.userType ?? userTypeOf(init.user), init.body, null))
  }

  reviewComments(repoName: string, pullNumber: number): (SimComment & { in_reply_to_id: number | null })[] {
    const { repo, issue } = this.requireIssue(repoName, pullNumber)
    return [...repo.reviewComments.values()]
      .filter((c) => c.issue === issue)
      .map((c) => ({ ...this.snapshot(repo, c), in_reply_to_id: c.inReplyTo ?? null }))
  }

  addComment(repoName: string, issueNumber: number, init: { user: string; userType?: GitHubUserType; body: string }): SimComment {
    const { repo, issue } = this.requireIssue(repoName, issueNumber)
    const comment = this.insertComment(repo, issue, init.user, init.userType ?? userTypeOf(init.user), init.body)
    return this.snapshot(repo, comment)
  }

  comments(repoName: string, issueNumber: number): SimComment[] {
    const { repo, issue } = this.requireIssue(repoName, issueNumber)
    return [...repo.comments.values()].filter((c) => c.issue === issue).map((c) => this.snapshot(repo, c))
  }

  setPermission(repoName: string, login: string, role: GitHubRole | GitHubCustomRole | null): void {
    const repo = this.ensureRepo(repoName)
    if (role === null) repo.roles.delete(login.toLowerCase())
    else repo.roles.set(login.toLowerCase(), role)
  }

  linkCommit(repoName: string, sha: string, pullNumbers: number[]): void {
    const repo = this.ensureRepo(repoName)
    for (const number of pullNumbers) {
      if (!repo.issues.get(number)?.pullRequest) throw new Error(`${repo.fullName}#${number} is not a pull request (addIssue it first)`)
    }
    repo.linkedPulls.set(sha.toLowerCase(), [...pullNumbers])
  }

  addToken(token: string, init: GitHubTokenInit): void {
    if (token === this.token || this.tokens.has(token)) throw new Error(`Token ${token} is already known`)
    const repositories = new Map(Object.entries(init.repositories).map(([name, access]) => [name.toLowerCase(), access]))
    this.tokens.set(token, { identity: init.identity, repositories })
  }

  forbid(what: GitHubFamily, options: { status?: number } = {}): void {
    this.forbidden.set(what, options.status ?? 403)
  }

  // ---- HTTP side ----

  /** Answers every request under /api/ (unknown ones with 404); undefined for other paths. */
  handle(req: GitHubRequest): RouteResponse | undefined {
    if (!isGitHubPath(req.path)) return undefined
    const grant = this.authorize(req.headers)
    if ('status' in grant) return grant
    if (req.path === '/api/graphql') return req.method === 'POST' ? this.graphql(req, grant.identity) : notFound()
    if (req.path === '/api/v3/user') return req.method === 'GET' ? this.user(grant.identity) : notFound()

    for (const route of ROUTES) {
      // GitHub answers 404 (not 405) for a method a path does not support.
      if (route.method !== req.method) continue
      const match = route.pattern.exec(req.path)
      if (!match) continue
      const params = decodeParams(match.groups ?? {})
      const repo = params && this.findRepo(`${params.owner}/${params.repo}`)
      // A repository the token was not granted is invisible to it (404); a read-only grant refuses writes (403).
      const access = repo && (grant.repositories === null ? 'write' : grant.repositories.get(repo.fullName.toLowerCase()))
      if (!params || !repo || !access) return notFound()
      if (access === 'read' && req.method !== 'GET') return gitHubError(403, 'Resource not accessible by integration')
      const status = route.family && this.forbidden.get(route.family)
      if (status) return gitHubError(status, status === 403 ? 'Resource not accessible by integration' : (STATUS_CODES[status] ?? 'Error'))
      return route.handle(this, { req, params, repo, actor: grant.identity })
    }
    return notFound()
  }

  listComments({ req, params, repo }: Context): RouteResponse {
    const issue = repo.issues.get(Number(params.number))
    if (!issue) return notFound()
    const comments = [...repo.comments.values()].filter((c) => c.issue === issue)
    return this.paginate(req, comments, (c) => this.commentJson(repo, c))
  }

  createComment({ req, params, repo, actor }: Context): RouteResponse {
    const issue = repo.issues.get(Number(params.number))
    if (!issue) return notFound()
    const body = readCommentBody(req)
    if (typeof body !== 'string') return body
    const comment = this.insertComment(repo, issue, actor, userTypeOf(actor), body)
    return { status: 201, json: this.commentJson(repo, comment), headers: { location: this.commentUrl(repo, comment) } }
  }

  updateComment({ req, params, repo, actor }: Context, comments = repo.comments): RouteResponse {
    const comment = comments.get(Number(params.id))
    if (!comment) return notFound()
    // Stricter than GitHub, where a token with write access may edit anyone's comment: the action must
    // only ever edit its own comments, so touching someone else's fails loudly here.
    if (comment.user.toLowerCase() !== actor.toLowerCase()) {
      return gitHubError(403, 'Resource not accessible by integration')
    }
    const body = readCommentBody(req)
    if (typeof body !== 'string') return body
    comment.body = body
    comment.updatedAt = timestamp()
    return { status: 200, json: this.commentJson(repo, comment) }
  }

  addReaction({ req, params, repo, actor }: Context, comments = repo.comments): RouteResponse {
    const comment = comments.get(Number(params.id))
    if (!comment) return notFound()
    const parsed = parseJsonObject(req.body)
    if (!parsed.ok) return parsed.error
    const content = parsed.value.content
    if (typeof content !== 'string' || !REACTION_CONTENTS.includes(content)) {
      return validationFailed('Reaction', 'content', 'custom', 'content is not included in the list')
    }
    // Reacting twice with the same content is not an error on GitHub: it answers 200 with the
    // existing reaction instead of 201, and nothing new is recorded.
    const existing = comment.reactions.find((r) => r.content === content && r.user === actor)
    if (existing) return { status: 200, json: this.reactionJson(existing) }
    const reaction: Reaction = {
      id: this.nextReactionId++,
      content,
      user: actor,
      userType: userTypeOf(actor),
      createdAt: timestamp()
    }
    comment.reactions.push(reaction)
    return { status: 201, json: this.reactionJson(reaction) }
  }

  /** `POST …/pulls/{n}/comments/{id}/replies`: a reply in the thread of a review comment of that pull request. */
  replyInReviewThread({ req, params, repo, actor }: Context): RouteResponse {
    const parent = repo.reviewComments.get(Number(params.id))
    // A comment of another pull request is not found under this one, as on GitHub.
    if (!parent) return notFound()
    if (parent.issue.number !== Number(params.number)) return notFound()
    const body = readCommentBody(req)
    if (typeof body !== 'string') return body
    const reply = this.insertComment(repo, parent.issue, actor, userTypeOf(actor), body, parent.inReplyTo ?? parent.id)
    return { status: 201, json: this.commentJson(repo, reply) }
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

  getPermission({ params, repo }: Context): RouteResponse {
    // A login that is not a collaborator gets 404 here (as for a user that does not exist): callers
    // must read that as "no permission", not as a failure.
    const username = params.username ?? ''
    const role = repo.roles.get(username.toLowerCase())
    if (!role) return notFound()
    // A custom role shows its own name and the legacy name of the base role it inherits.
    const permission = typeof role === 'string' ? LEGACY_PERMISSION[role] : role.permission
    const roleName = typeof role === 'string' ? role : role.name
    const user = {
      ...this.userJson(username, 'User'),
      permissions: {
        admin: permission === 'admin',
        maintain: permission === 'admin' || role === 'maintain',
        push: permission !== 'read',
        triage: permission !== 'read' || role === 'triage',
        pull: true
      },
      role_name: roleName
    }
    return { status: 200, json: { permission, role_name: roleName, user } }
  }

  commitPulls({ req, params, repo }: Context): RouteResponse {
    // Explicitly linked pull requests first, then any pull request that contains the commit.
    const sha = (params.sha ?? '').toLowerCase()
    const numbers = new Set(repo.linkedPulls.get(sha) ?? [])
    for (const issue of repo.issues.values()) {
      const contains = issue.headSha.toLowerCase() === sha || issue.commits.some((c) => c.sha.toLowerCase() === sha)
      if (issue.pullRequest && contains) numbers.add(issue.number)
    }
    const pulls = [...numbers].map((n) => repo.issues.get(n)).filter((i): i is Issue => i !== undefined)
    return this.paginate(req, pulls, (issue) => this.pullJson(repo, issue))
  }

  getPull({ params, repo }: Context): RouteResponse {
    const pull = this.findPull(repo, params.number ?? '')
    return pull ? { status: 200, json: this.pullJson(repo, pull) } : notFound()
  }

  pullCommits({ req, params, repo }: Context): RouteResponse {
    const pull = this.findPull(repo, params.number ?? '')
    if (!pull) return notFound()
    const commits = pull.commits.slice(0, MAX_PULL_COMMITS)
    const person = { name: pull.user, email: `${pull.user}@users.noreply.github.com`, date: pull.createdAt }
    return this.paginate(req, commits, (commit, index) => ({
      sha: commit.sha,
      node_id: `C_sim${commit.sha.slice(0, 12)}`,
      commit: { message: commit.message, author: person, committer: person },
      html_url: `https://github.com/${repo.fullName}/commit/${commit.sha}`,
      author: this.userJson(pull.user, userTypeOf(pull.user)),
      parents: pull.commits.slice(Math.max(0, index - 1), index).map(({ sha }) => ({ sha }))
    }))
  }

  pullFiles({ req, params, repo }: Context): RouteResponse {
    const pull = this.findPull(repo, params.number ?? '')
    if (!pull) return notFound()
    const files = pull.files.slice(0, MAX_PULL_FILES)
    return this.paginate(req, files, (file) => ({
      sha: fakeSha(`${repo.fullName}#${pull.number}:${file.filename}`),
      filename: file.filename,
      status: file.status,
      additions: file.additions,
      deletions: file.deletions,
      changes: file.additions + file.deletions,
      blob_url: `https://github.com/${repo.fullName}/blob/${pull.headSha}/${file.filename}`,
      raw_url: `https://github.com/${repo.fullName}/raw/${pull.headSha}/${file.filename}`,
      contents_url: `${this.apiUrl()}/repos/${repo.fullName}/contents/${file.filename}?ref=${pull.headSha}`,
      ...(file.previousFilename === undefined ? {} : { previous_filename: file.previousFilename })
    }))
  }

  /**
   * `POST …/deployments`: 201 with the deployment. `ref` (a branch, or a sha) is required and must
   * resolve: a 40-hex sha, a sha of a planted pull request, the default branch 'main' or a pull
   * request's head branch; else 422 "No ref found". Commit status checks (`required_contexts`) and
   * `auto_merge` are recorded, not carried out: the simulator has neither.
   */
  createDeployment({ req, repo, actor }: Context): RouteResponse {
    const parsed = parseJsonObject(req.body)
    if (!parsed.ok) return parsed.error
    const body = parsed.value
    const invalid = checkFields(
      body,
      {
        ref: ['string'],
        task: ['string'],
        auto_merge: ['boolean'],
        required_contexts: ['string[]'],
        payload: ['object', 'string'],
        environment: ['string'],
        description: ['string', 'null'],
        transient_environment: ['boolean'],
        production_environment: ['boolean']
      },
      ['ref']
    )
    if (invalid) return invalid
    const ref = stringField(body, 'ref') ?? ''
    const sha = this.resolveRef(repo, ref)
    if (!sha) return gitHubError(422, `No ref found for: ${ref}`)
    const environment = stringField(body, 'environment') ?? 'production'
    const now = timestamp()
    const deployment: Deployment = {
      id: this.nextDeploymentId++,
      sha,
      ref,
      task: stringField(body, 'task') ?? 'deploy',
      environment,
      originalEnvironment: environment,
      description: stringField(body, 'description') ?? '',
      payload: payloadOf(body.payload),
      transient: booleanField(body, 'transient_environment') ?? false,
      production: booleanField(body, 'production_environment') ?? environment === 'production',
      requiredContexts: Array.isArray(body.required_contexts) ? body.required_contexts.map(String) : null,
      autoMerge: booleanField(body, 'auto_merge') ?? true,
      creator: actor,
      createdAt: now,
      updatedAt: now,
      statuses: []
    }
    repo.deployments.push(deployment)
    return { status: 201, json: this.deploymentJson(repo, deployment) }
  }

  /** `GET …/deployments`: newest first, filtered by `sha`, `ref`, `task` and `environment`. */
  listDeployments({ req, repo }: Context): RouteResponse {
    const query = req.url.searchParams
    const filters: [string, (d: Deployment) => string][] = [
      ['sha', (d) => d.sha],
      ['ref', (d) => d.ref],
      ['task', (d) => d.task],
      ['environment', (d) => d.environment]
    ]
    const deployments = repo.deployments
      .filter((d) => filters.every(([name, value]) => !query.has(name) || query.get(name) === value(d)))
      .reverse()
    return this.paginate(req, deployments, (d) => this.deploymentJson(repo, d))
  }

  /**
   * `POST …/deployments/{id}/statuses`: 201 with the status. `environment` moves the deployment to
   * another environment; `target_url` is the older name of `log_url`. With `auto_inactive` (the
   * default) a `success` marks the earlier successful deployments of that environment inactive,
   * unless they are transient or production ones, as GitHub does.
   */
  createDeploymentStatus({ req, params, repo, actor }: Context): RouteResponse {
    const deployment = repo.deployments.find((d) => d.id === Number(params.id))
    if (!deployment) return notFound()
    const parsed = parseJsonObject(req.body)
    if (!parsed.ok) return parsed.error
    const body = parsed.value
    const invalid = checkFields(
      body,
      {
        state: ['string'],
        target_url: ['string'],
        log_url: ['string'],
        description: ['string'],
        environment: ['string'],
        environment_url: ['string'],
        auto_inactive: ['boolean']
      },
      ['state']
    )
    if (invalid) return invalid
    const state = DEPLOYMENT_STATES.find((known) => known === body.state)
    if (!state) {
      return gitHubError(422, `Invalid request.\n\n${JSON.stringify(body.state)} is not a member of ${JSON.stringify(DEPLOYMENT_STATES)}.`)
    }
    const description = stringField(body, 'description') ?? ''
    if ([...description].length > MAX_STATUS_DESCRIPTION) {
      return validationFailed(
        'DeploymentStatus',
        'description',
        'custom',
        `description is too long (maximum is ${MAX_STATUS_DESCRIPTION} characters)`
      )
    }
    const status = this.addDeploymentStatus(deployment, actor, {
      state,
      description,
      environment: stringField(body, 'environment') ?? deployment.environment,
      logUrl: stringField(body, 'log_url') ?? stringField(body, 'target_url') ?? '',
      environmentUrl: stringField(body, 'environment_url') ?? ''
    })
    if (state === 'success' && (booleanField(body, 'auto_inactive') ?? true)) {
      for (const earlier of repo.deployments) {
        const succeeded = earlier.statuses.at(-1)?.state === 'success'
        const kept = earlier.transient || earlier.production || earlier.environment !== deployment.environment
        if (earlier.id < deployment.id && succeeded && !kept) {
          this.addDeploymentStatus(earlier, actor, { ...status, state: 'inactive', description: '', logUrl: '', environmentUrl: '' })
        }
      }
    }
    return { status: 201, json: this.deploymentStatusJson(repo, deployment, status) }
  }

  /** `GET …/deployments/{id}/statuses`: newest first. */
  listDeploymentStatuses({ req, params, repo }: Context): RouteResponse {
    const deployment = repo.deployments.find((d) => d.id === Number(params.id))
    if (!deployment) return notFound()
    return this.paginate(req, [...deployment.statuses].reverse(), (status) => this.deploymentStatusJson(repo, deployment, status))
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
    return this.paginate(req, pulls, (pull) => this.pullJson(repo, pull))
  }

  /** Only `viewer` is understood; like GitHub, GraphQL errors come with status 200. */
  graphql(req: GitHubRequest, actor: string): RouteResponse {
    const parsed = parseJsonObject(req.body)
    if (!parsed.ok) return parsed.error
    const query = parsed.value.query
    if (typeof query !== 'string') {
      return { status: 200, json: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] } }
    }
    if (/\bviewer\b/.test(query)) return { status: 200, json: { data: { viewer: { login: actor } } } }
    return { status: 200, json: { errors: [{ message: 'unsupported by the simulator' }] } }
  }

  // ---- Helpers ----

  /**
   * `GET /user`: the authenticated user. An installation token is no user: GitHub refuses it there (its
   * identity is told by GraphQL `viewer`, or by the app's slug).
   */
  user(actor: string): RouteResponse {
    if (userTypeOf(actor) === 'Bot') return gitHubError(403, 'Resource not accessible by integration')
    return { status: 200, json: this.userJson(actor, 'User') }
  }

  /** `token X` (what Octokit sends) or `Bearer X`; no header at all is a different 401 on GitHub. */
  private authorize(headers: IncomingHttpHeaders): TokenGrant | RouteResponse {
    const header = headers.authorization
    if (!header) return gitHubError(401, 'Requires authentication')
    const match = /^(?:token|bearer) +(\S+) *$/i.exec(header)
    const grant = match?.[1] === undefined ? undefined : this.tokens.get(match[1])
    return grant ?? gitHubError(401, 'Bad credentials')
  }

  /**
   * One page of `items` (`per_page` default 30, at most 100; `page` from 1) with GitHub's `Link` header:
   * prev/next/last/first as they apply, absolute URLs keeping the other query parameters. A page past
   * the end is an empty array, not an error.
   */
  private paginate<T>(req: GitHubRequest, items: T[], render: (item: T, index: number) => unknown): RouteResponse {
    const perPage = Math.min(MAX_PER_PAGE, positiveInt(req.url.searchParams.get('per_page')) ?? DEFAULT_PER_PAGE)
    const page = positiveInt(req.url.searchParams.get('page')) ?? 1
    const lastPage = Math.max(1, Math.ceil(items.length / perPage))
    const start = (page - 1) * perPage
    const json = items.slice(start, start + perPage).map((item, i) => render(item, start + i))

    const link = (target: number, rel: string): string => {
      const url = new URL(req.path, this.serverUrl())
      url.search = req.url.search
      url.searchParams.set('page', String(target))
      return `<${url.href}>; rel="${rel}"`
    }
    const links: string[] = []
    if (page > 1) links.push(link(page - 1, 'prev'))
    if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'))
    if (page > 1) links.push(link(1, 'first'))
    // Like GitHub, no Link header at all when everything fits on the first page.
    return { status: 200, json, headers: links.length > 0 ? { link: links.join(', ') } : {} }
  }

  private ensureRepo(fullName: string): Repo {
    const existing = this.findRepo(fullName)
    if (existing) return existing
    const [owner, name, ...rest] = fullName.split('/')
    if (!owner || !name || rest.length > 0) throw new Error(`Repository must be 'owner/name', got '${fullName}'`)
    const repo: Repo = {
      fullName,
      owner,
      issues: new Map(),
      comments: new Map(),
      reviewComments: new Map(),
      roles: new Map(),
      linkedPulls: new Map(),
      deployments: []
    }
    this.repos.set(fullName.toLowerCase(), repo)
    return repo
  }

  /** Repository names are case-insensitive on GitHub. */
  private findRepo(fullName: string): Repo | undefined {
    return this.repos.get(fullName.toLowerCase())
  }

  private requireIssue(repoName: string, issueNumber: number): { repo: Repo; issue: Issue } {
    const repo = this.findRepo(repoName)
    const issue = repo?.issues.get(issueNumber)
    if (!repo || !issue) throw new Error(`${repoName}#${issueNumber} does not exist (addIssue it first)`)
    return { repo, issue }
  }

  /** The sha a deployment's `ref` names, or undefined when the repository has no such ref. */
  private resolveRef(repo: Repo, ref: string): string | undefined {
    if (/^[0-9a-f]{40}$/i.test(ref)) return ref.toLowerCase()
    const branch = ref.replace(/^refs\/heads\//, '')
    if (branch === DEFAULT_BRANCH) return fakeSha(`${repo.fullName}/${DEFAULT_BRANCH}`)
    for (const issue of repo.issues.values()) {
      if (!issue.pullRequest) continue
      if (issue.headRef === branch) return issue.headSha
      const sha = [issue.headSha, ...issue.commits.map((c) => c.sha)].find((known) => known.toLowerCase() === ref.toLowerCase())
      if (sha) return sha
    }
    return undefined
  }

  private addDeploymentStatus(
    deployment: Deployment,
    actor: string,
    fields: Pick<DeploymentStatusRecord, 'state' | 'description' | 'environment' | 'logUrl' | 'environmentUrl'>
  ): DeploymentStatusRecord {
    const status: DeploymentStatusRecord = { ...fields, id: this.nextDeploymentStatusId++, creator: actor, createdAt: timestamp() }
    deployment.statuses.push(status)
    deployment.environment = status.environment
    deployment.updatedAt = status.createdAt
    return status
  }

  private touch(issue: Issue): void {
    issue.updatedAt = timestamp()
    issue.updateSequence = this.nextUpdate++
  }

  private findPull(repo: Repo, number: string): Issue | undefined {
    const issue = repo.issues.get(Number(number))
    return issue?.pullRequest ? issue : undefined
  }

  /** An issue comment, or with `inReplyTo` (null: a thread of its own) a review comment. */
  private insertComment(
    repo: Repo,
    issue: Issue,
    user: string,
    userType: GitHubUserType,
    body: string,
    inReplyTo?: number | null
  ): Comment {
    const now = timestamp()
    const comment: Comment = { id: this.nextCommentId++, issue, body, user, userType, createdAt: now, updatedAt: now, reactions: [] }
    // As on GitHub, a new comment makes its issue or pull request the most recently updated.
    this.touch(issue)
    if (inReplyTo === undefined) repo.comments.set(comment.id, comment)
    else repo.reviewComments.set(comment.id, { ...comment, inReplyTo })
    return repo.reviewComments.get(comment.id) ?? comment
  }

  private snapshot(repo: Repo, c: Comment): SimComment {
    return {
      id: c.id,
      body: c.body,
      user: { login: c.user, type: c.userType },
      html_url: this.commentHtmlUrl(repo, c),
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      reactions: c.reactions.map((r) => r.content)
    }
  }

  private apiUrl(): string {
    return `${this.serverUrl()}/api/v3`
  }

  private commentUrl(repo: Repo, c: Comment): string {
    return `${this.apiUrl()}/repos/${repo.fullName}/issues/comments/${c.id}`
  }

  private commentHtmlUrl(repo: Repo, c: Comment): string {
    if (c.inReplyTo !== undefined) return `https://github.com/${repo.fullName}/pull/${c.issue.number}#discussion_r${c.id}`
    const kind = c.issue.pullRequest ? 'pull' : 'issues'
    return `https://github.com/${repo.fullName}/${kind}/${c.issue.number}#issuecomment-${c.id}`
  }

  private commentJson(repo: Repo, c: Comment): Record<string, unknown> {
    return {
      id: c.id,
      node_id: `IC_sim${c.id}`,
      url: this.commentUrl(repo, c),
      html_url: this.commentHtmlUrl(repo, c),
      issue_url: `${this.apiUrl()}/repos/${repo.fullName}/issues/${c.issue.number}`,
      body: c.body,
      user: this.userJson(c.user, c.userType),
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      author_association: this.associationOf(repo, c.user),
      // A review comment also names the thread it replies to.
      ...(c.inReplyTo !== undefined ? { in_reply_to_id: c.inReplyTo ?? undefined, pull_request_review_id: 80 } : {})
    }
  }

  /** Informational only (and not what permission checks should use): OWNER, COLLABORATOR or NONE. */
  private associationOf(repo: Repo, login: string): string {
    if (login.toLowerCase() === repo.owner.toLowerCase()) return 'OWNER'
    return repo.roles.has(login.toLowerCase()) ? 'COLLABORATOR' : 'NONE'
  }

  private reactionJson(r: Reaction): Record<string, unknown> {
    return { id: r.id, node_id: `REA_sim${r.id}`, user: this.userJson(r.user, r.userType), content: r.content, created_at: r.createdAt }
  }

  private pullJson(repo: Repo, pull: Issue): Record<string, unknown> {
    const repoJson = { full_name: repo.fullName, name: repo.fullName.split('/')[1], owner: { login: repo.owner } }
    return {
      id: 900000000 + pull.number,
      node_id: `PR_sim${pull.number}`,
      number: pull.number,
      title: pull.title,
      body: pull.body,
      state: pull.state,
      draft: false,
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      closed_at: pull.closedAt,
      merged_at: pull.mergedAt,
      html_url: `https://github.com/${repo.fullName}/pull/${pull.number}`,
      url: `${this.apiUrl()}/repos/${repo.fullName}/pulls/${pull.number}`,
      user: this.userJson(pull.user, userTypeOf(pull.user)),
      head: { label: `${repo.owner}:${pull.headRef}`, ref: pull.headRef, sha: pull.headSha, repo: repoJson },
      base: {
        label: `${repo.owner}:${DEFAULT_BRANCH}`,
        ref: DEFAULT_BRANCH,
        sha: fakeSha(`${repo.fullName}/${DEFAULT_BRANCH}`),
        repo: repoJson
      }
    }
  }

  private deploymentUrl(repo: Repo, d: Deployment): string {
    return `${this.apiUrl()}/repos/${repo.fullName}/deployments/${d.id}`
  }

  private deploymentJson(repo: Repo, d: Deployment): Record<string, unknown> {
    return {
      url: this.deploymentUrl(repo, d),
      id: d.id,
      node_id: `DE_sim${d.id}`,
      sha: d.sha,
      ref: d.ref,
      task: d.task,
      payload: d.payload,
      original_environment: d.originalEnvironment,
      environment: d.environment,
      description: d.description,
      creator: this.userJson(d.creator, userTypeOf(d.creator)),
      created_at: d.createdAt,
      updated_at: d.updatedAt,
      statuses_url: `${this.deploymentUrl(repo, d)}/statuses`,
      repository_url: `${this.apiUrl()}/repos/${repo.fullName}`,
      transient_environment: d.transient,
      production_environment: d.production,
      performed_via_github_app: null
    }
  }

  private deploymentStatusJson(repo: Repo, d: Deployment, status: DeploymentStatusRecord): Record<string, unknown> {
    return {
      url: `${this.deploymentUrl(repo, d)}/statuses/${status.id}`,
      id: status.id,
      node_id: `DES_sim${status.id}`,
      state: status.state,
      creator: this.userJson(status.creator, userTypeOf(status.creator)),
      description: status.description,
      environment: status.environment,
      target_url: status.logUrl,
      created_at: status.createdAt,
      updated_at: status.createdAt,
      deployment_url: this.deploymentUrl(repo, d),
      repository_url: `${this.apiUrl()}/repos/${repo.fullName}`,
      environment_url: status.environmentUrl,
      log_url: status.logUrl,
      performed_via_github_app: null
    }
  }

  private userJson(login: string, type: GitHubUserType): Record<string, unknown> {
    let id = this.userIds.get(login.toLowerCase())
    if (id === undefined) {
      id = 1000 + this.userIds.size
      this.userIds.set(login.toLowerCase(), id)
    }
    return { login, id, node_id: `U_sim${id}`, type, site_admin: false, html_url: `https://github.com/${login}` }
  }
}

// ---- Request bodies -------------------------------------------------------------------------------

type Parsed = { ok: true; value: Record<string, unknown> } | { ok: false; error: RouteResponse }

/** GitHub reads JSON whatever the Content-Type says; anything but a JSON object is 400. */
function parseJsonObject(text: string): Parsed {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { ok: true, value: value as Record<string, unknown> }
    }
  } catch {
    // Falls through to the 400.
  }
  return { ok: false, error: gitHubError(400, 'Problems parsing JSON') }
}

type FieldType = 'string' | 'boolean' | 'string[]' | 'object' | 'null'

const FIELD_TYPE_NAMES: Record<FieldType, string> = {
  string: 'a string',
  boolean: 'a boolean',
  'string[]': 'an array of strings',
  object: 'an object',
  null: 'null'
}

function isOfType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
    case 'null':
      return value === null
  }
}

/**
 * Checks a body against a schema: `required` fields present, every field given of one of its types.
 * Schema errors are 422 "Invalid request." with the reason after it, as GitHub words them.
 */
function checkFields(body: Record<string, unknown>, schema: Record<string, FieldType[]>, required: string[]): RouteResponse | undefined {
  const missing = required.find((field) => body[field] === undefined)
  if (missing) return gitHubError(422, `Invalid request.\n\n"${missing}" wasn't supplied.`)
  for (const [field, types] of Object.entries(schema)) {
    const value = body[field]
    if (value !== undefined && !types.some((type) => isOfType(value, type))) {
      const expected = types.map((type) => FIELD_TYPE_NAMES[type]).join(' or ')
      return gitHubError(422, `Invalid request.\n\nFor 'properties/${field}', ${JSON.stringify(value)} is not ${expected}.`)
    }
  }
  return undefined
}

function stringField(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field]
  return typeof value === 'string' ? value : undefined
}

function booleanField(body: Record<string, unknown>, field: string): boolean | undefined {
  const value = body[field]
  return typeof value === 'boolean' ? value : undefined
}

/** A deployment's `payload` comes back as an object: a JSON text is parsed, anything else kept; none is {}. */
function payloadOf(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {}
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

/** A comment body: a non-blank string of at most 65536 characters (counted as code points). */
function readCommentBody(req: GitHubRequest): string | RouteResponse {
  const parsed = parseJsonObject(req.body)
  if (!parsed.ok) return parsed.error
  const invalid = checkFields(parsed.value, { body: ['string'] }, ['body'])
  if (invalid) return invalid
  const body = stringField(parsed.value, 'body') ?? ''
  if (body.trim() === '') return validationFailed('IssueComment', 'body', 'missing_field')
  if ([...body].length > MAX_COMMENT_LENGTH) {
    return validationFailed('IssueComment', 'body', 'custom', `body is too long (maximum is ${MAX_COMMENT_LENGTH} characters)`)
  }
  return body
}

// ---- Small helpers --------------------------------------------------------------------------------

/** GitHub timestamps have whole seconds: 2024-05-01T12:00:00Z. */
function timestamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** A planted changed file: a path alone is a modified file; renames and copies name their old path. */
function pullFileOf(file: string | GitHubPullFile): PullFile {
  const init: GitHubPullFile = typeof file === 'string' ? { filename: file } : file
  const status = init.status ?? 'modified'
  const moved = status === 'renamed' || status === 'copied'
  if (moved !== (init.previousFilename !== undefined)) {
    throw new Error(`${init.filename}: previousFilename is ${moved ? 'required' : 'only'} for a renamed or copied file`)
  }
  const [additions, deletions] = DEFAULT_LINE_CHANGES[status]
  return { ...init, status, additions: init.additions ?? additions, deletions: init.deletions ?? deletions }
}

function userTypeOf(login: string): GitHubUserType {
  return login.endsWith('[bot]') ? 'Bot' : 'User'
}

function fakeSha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex')
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined
  const n = Number(value)
  return n >= 1 ? n : undefined
}

function decodeParams(groups: Record<string, string | undefined>): Record<string, string> | undefined {
  const params: Record<string, string> = {}
  try {
    for (const [name, value] of Object.entries(groups)) params[name] = decodeURIComponent(value ?? '')
  } catch {
    return undefined
  }
  return params
}
