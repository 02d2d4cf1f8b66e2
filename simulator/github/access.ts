// Who may do what on the fake GitHub: the tokens it accepts (their identity and repositories), the
// endpoint families a test has shut off, and the collaborators' roles the permission endpoint reports.
import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http'
import type { RouteResponse } from '../types.js'
import { gitHubError, notAccessible, notFound, parseJsonObject, route, type Context, type GitHubRequest, type Route } from './http.js'
import { userTypeOf, type GitHubState, type Repo } from './state.js'
import type { GitHubAccess, GitHubCustomRole, GitHubFamily, GitHubRole, GitHubTokenInit } from './types.js'

/** `permission` is the legacy base role: maintain counts as write and triage as read. */
const LEGACY_PERMISSION: Record<GitHubRole, 'admin' | 'write' | 'read'> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read'
}

/** What one token is: its identity, and the repositories it may read or write (null: every one, write). */
export interface TokenGrant {
  identity: string
  /** By lower-case `owner/name`. */
  repositories: Map<string, GitHubAccess> | null
}

export class Access {
  /** Every token the fake accepts, by token; the constructor's is the workflow's own, with access everywhere. */
  private readonly tokens = new Map<string, TokenGrant>()
  private readonly forbidden = new Map<GitHubFamily, number>()

  constructor(
    private readonly state: GitHubState,
    workflowToken: string,
    identity: string
  ) {
    this.tokens.set(workflowToken, { identity, repositories: null })
  }

  // ---- Test-side API ----

  addToken(token: string, init: GitHubTokenInit): void {
    if (this.tokens.has(token)) throw new Error(`Token ${token} is already known`)
    const repositories = new Map(Object.entries(init.repositories).map(([name, access]) => [name.toLowerCase(), access]))
    this.tokens.set(token, { identity: init.identity, repositories })
  }

  forbid(what: GitHubFamily, options: { status?: number } = {}): void {
    this.forbidden.set(what, options.status ?? 403)
  }

  setPermission(repoName: string, login: string, role: GitHubRole | GitHubCustomRole | null): void {
    const repo = this.state.ensureRepo(repoName)
    if (role === null) repo.roles.delete(login.toLowerCase())
    else repo.roles.set(login.toLowerCase(), role)
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [route('GET', '/collaborators/{username}/permission', undefined, (ctx) => this.getPermission(ctx))]
  }

  /** `token X` (what Octokit sends) or `Bearer X`; no header at all is a different 401 on GitHub. */
  authorize(headers: IncomingHttpHeaders): TokenGrant | RouteResponse {
    const header = headers.authorization
    if (!header) return gitHubError(401, 'Requires authentication')
    const match = /^(?:token|bearer) +(\S+) *$/i.exec(header)
    const grant = match?.[1] === undefined ? undefined : this.tokens.get(match[1])
    return grant ?? gitHubError(401, 'Bad credentials')
  }

  /**
   * Whether a token may make this request in this repository: undefined when it may, else GitHub's
   * answer. A repository the token was not granted is invisible to it (404); a read-only grant refuses
   * writes (403); a forbidden family answers its status.
   */
  refusal(grant: TokenGrant, repo: Repo, method: string, family: GitHubFamily | undefined): RouteResponse | undefined {
    const access = grant.repositories === null ? 'write' : grant.repositories.get(repo.fullName.toLowerCase())
    if (!access) return notFound()
    if (access === 'read' && method !== 'GET') return notAccessible()
    const status = family && this.forbidden.get(family)
    if (!status) return undefined
    return status === 403 ? notAccessible() : gitHubError(status, STATUS_CODES[status] ?? 'Error')
  }

  /** `GET …/collaborators/{username}/permission`. */
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
      ...this.state.userJson(username, 'User'),
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

  /**
   * `GET /user`: the authenticated user. An installation token is no user: GitHub refuses it there (its
   * identity is told by GraphQL `viewer`, or by the app's slug).
   */
  user(actor: string): RouteResponse {
    if (userTypeOf(actor) === 'Bot') return notAccessible()
    return { status: 200, json: this.state.userJson(actor, 'User') }
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
}
