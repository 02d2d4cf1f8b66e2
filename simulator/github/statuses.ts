// Commit statuses of the fake GitHub: writing one on a commit, the statuses of a ref newest first, and the
// combined status (the latest of each context), as branch protection reads them.
import type { RouteResponse } from '../types.js'
import {
  gitHubError,
  notFound,
  onePage,
  paginate,
  readBody,
  route,
  stringField,
  validationFailed,
  type Context,
  type Route
} from './http.js'
import { perRepo, timestamp, type GitHubState, type Repo } from './state.js'
import type { GitHubStatusInit, GitHubStatusState, SimCommitStatus } from './types.js'

const STATES: readonly GitHubStatusState[] = ['error', 'failure', 'pending', 'success']
const MAX_DESCRIPTION = 140
/** GitHub's documented limit of statuses per sha and context within a repository. */
const MAX_PER_CONTEXT = 1000

interface CommitStatus {
  id: number
  /** Lower case. */
  sha: string
  state: GitHubStatusState
  description: string | null
  targetUrl: string | null
  context: string
  creator: string
  createdAt: string
}

export class Statuses {
  /** Per repository, in the order they were written. */
  private readonly of = perRepo<CommitStatus[]>(() => [])
  private nextId = 6000000001

  constructor(private readonly state: GitHubState) {}

  // ---- Test-side API ----

  list(repoName: string, sha: string): SimCommitStatus[] {
    const repo = this.state.findRepo(repoName)
    return (repo ? this.forSha(repo, sha.toLowerCase()) : []).map(snapshot)
  }

  /** A status as if someone else had posted it (the repository is created if need be). */
  add(repoName: string, sha: string, init: GitHubStatusInit): SimCommitStatus {
    const status: CommitStatus = {
      id: this.nextId++,
      sha: sha.toLowerCase(),
      state: init.state,
      description: init.description ?? null,
      targetUrl: init.targetUrl ?? null,
      context: init.context,
      creator: init.creator ?? 'ci-bot[bot]',
      createdAt: timestamp()
    }
    this.of(this.state.ensureRepo(repoName)).push(status)
    return snapshot(status)
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [
      route('POST', '/statuses/{sha}', 'statuses', (ctx) => this.create(ctx)),
      route('GET', '/commits/{ref}/statuses', 'statuses', (ctx) => this.listForRef(ctx)),
      route('GET', '/commits/{ref}/status', 'statuses', (ctx) => this.combined(ctx))
    ]
  }

  /**
   * `POST …/statuses/{sha}`: 201 with the status. `state` is required; `context` defaults to 'default';
   * `description` is at most 140 characters (GitHub refuses a longer one, it does not cut it).
   */
  create({ req, params, repo, actor }: Context): RouteResponse {
    const sha = this.state.knownSha(repo, params.sha ?? '')
    if (!sha) return gitHubError(422, `No commit found for SHA: ${params.sha}`)
    const parsed = readBody(
      req,
      { state: ['string'], target_url: ['string', 'null'], description: ['string', 'null'], context: ['string'] },
      ['state']
    )
    if (!parsed.ok) return parsed.error
    const body = parsed.value
    const state = STATES.find((known) => known === body.state)
    // Two shapes, as GitHub answers them: the state is checked against its list (errors as objects), the
    // description by the model (errors as one sentence).
    if (!state) return validationFailed('Status', 'state', 'custom', 'state is not included in the list')
    const description = stringField(body, 'description') ?? null
    if (description !== null && [...description].length > MAX_DESCRIPTION) {
      return gitHubError(422, 'Validation Failed', {
        errors: `Validation failed: Description is too long (maximum is ${MAX_DESCRIPTION} characters)`
      })
    }
    const context = stringField(body, 'context') ?? 'default'
    if (this.forSha(repo, sha.toLowerCase()).filter((s) => s.context === context).length >= MAX_PER_CONTEXT) {
      return gitHubError(422, 'This SHA and context has reached the maximum number of statuses.')
    }
    const status: CommitStatus = {
      id: this.nextId++,
      sha: sha.toLowerCase(),
      state,
      description,
      targetUrl: stringField(body, 'target_url') ?? null,
      context,
      creator: actor,
      createdAt: timestamp()
    }
    this.of(repo).push(status)
    return { status: 201, json: this.json(repo, status) }
  }

  /** `GET …/commits/{ref}/statuses`: every status of the commit, newest first, paginated. */
  listForRef({ req, params, repo }: Context): RouteResponse {
    const sha = this.state.resolveRef(repo, params.ref ?? '')
    if (!sha) return notFound()
    const newestFirst = this.forSha(repo, sha.toLowerCase()).reverse()
    return paginate(req, this.state.serverUrl(), newestFirst, (s) => this.json(repo, s))
  }

  /**
   * `GET …/commits/{ref}/status`: the latest status of each context (newest first, paginated) and their
   * combined state: `failure` if one is error or failure, else `pending` if there is none or one is
   * pending, else `success`.
   */
  combined({ req, params, repo }: Context): RouteResponse {
    const sha = this.state.resolveRef(repo, params.ref ?? '')
    if (!sha) return notFound()
    const latest = new Map<string, CommitStatus>()
    for (const status of this.forSha(repo, sha.toLowerCase()).reverse()) if (!latest.has(status.context)) latest.set(status.context, status)
    const statuses = [...latest.values()]
    const { shown, headers } = onePage(req, this.state.serverUrl(), statuses)
    const json = {
      state: combinedState(statuses),
      statuses: shown.map((s) => this.json(repo, s, false)),
      sha: sha.toLowerCase(),
      total_count: statuses.length,
      repository: { full_name: repo.fullName, name: repo.fullName.split('/')[1], owner: { login: repo.owner } },
      commit_url: `${this.state.apiUrl()}/repos/${repo.fullName}/commits/${sha.toLowerCase()}`,
      url: `${this.state.apiUrl()}/repos/${repo.fullName}/commits/${sha.toLowerCase()}/status`
    }
    return { status: 200, json, headers }
  }

  // ---- Helpers ----

  /** The statuses of one commit, oldest first (a copy). */
  private forSha(repo: Repo, sha: string): CommitStatus[] {
    return this.of(repo).filter((s) => s.sha === sha)
  }

  /** A status as GitHub's JSON shows one; the combined status leaves out the creator. */
  private json(repo: Repo, s: CommitStatus, withCreator = true): Record<string, unknown> {
    return {
      url: `${this.state.apiUrl()}/repos/${repo.fullName}/statuses/${s.sha}`,
      avatar_url: null,
      id: s.id,
      node_id: `SC_sim${s.id}`,
      state: s.state,
      description: s.description,
      target_url: s.targetUrl,
      context: s.context,
      created_at: s.createdAt,
      updated_at: s.createdAt,
      ...(withCreator ? { creator: this.state.userJson(s.creator) } : {})
    }
  }
}

function snapshot(s: CommitStatus): SimCommitStatus {
  return {
    id: s.id,
    sha: s.sha,
    state: s.state,
    description: s.description,
    target_url: s.targetUrl,
    context: s.context,
    creator: s.creator,
    created_at: s.createdAt
  }
}

function combinedState(latest: CommitStatus[]): GitHubStatusState {
  if (latest.some((s) => s.state === 'error' || s.state === 'failure')) return 'failure'
  if (latest.length === 0 || latest.some((s) => s.state === 'pending')) return 'pending'
  return 'success'
}
