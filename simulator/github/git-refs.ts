// Git references of the fake GitHub, as GitHub's REST description defines them: the matching list (one
// answer, never paged; `%2F` in the path is `/`), a creation that succeeds once per name (a second answers
// 422 "Reference already exists", or now and then "Reference update failed"), a deletion, and the default
// branch's head by `commits/HEAD` (`Accept: application/vnd.github.sha` answers the sha alone). The spend
// ledger's claims rest on these. Tests can make the list lag behind creations and mark a repository empty
// (every git route then answers 409 "Git Repository is empty.").
import type { RouteResponse } from '../types.js'
import { gitHubError, readBody, route, stringField, type Context, type Route } from './http.js'
import { defaultBranchSha, perRepo, type GitHubState, type Repo } from './state.js'
import type { GitRefOptions, SimGitRefs } from './types.js'

interface StoredRef {
  sha: string
  /** When it was created, on the simulator's clock: a lagging list shows it only `listLagMs` later. */
  createdAt: number
}

export class GitRefs implements SimGitRefs {
  private readonly of = perRepo<Map<string, StoredRef>>(() => new Map())
  private readonly empty = new Set<string>()
  readonly options: GitRefOptions = { listLagMs: 0, updateFailedRate: 0, listBarrier: 0 }
  /** Lists of a window held at the barrier, each answered when it opens. */
  private held: (() => void)[] = []
  private barrierArrivals = 0

  constructor(
    private readonly state: GitHubState,
    private readonly now: () => number,
    private readonly random: () => number = Math.random
  ) {}

  // ---- Test-side API ----

  /** The references of `repoName` by name, lag or not. */
  list(repoName: string): string[] {
    const repo = this.state.findRepo(repoName)
    return repo ? [...this.of(repo).keys()].sort() : []
  }

  /** A reference as if another run had created it (the repository is created if need be). */
  add(repoName: string, ref: string, sha?: string): void {
    const repo = this.state.ensureRepo(repoName)
    this.of(repo).set(ref, { sha: sha ?? defaultBranchSha(repo), createdAt: this.now() - this.options.listLagMs })
  }

  /** A repository without commits: its git routes answer 409. */
  markEmpty(repoName: string): void {
    this.empty.add(this.state.ensureRepo(repoName).fullName.toLowerCase())
  }

  // ---- HTTP side ----

  routes(): Route[] {
    const git = (handle: (ctx: Context) => RouteResponse) => (ctx: Context) => this.emptyRefusal(ctx.repo) ?? handle(ctx)
    return [
      route('GET', '/git/matching-refs/{ref+}', undefined, async (ctx) => {
        await this.atBarrier(ctx)
        return git((held) => this.matching(held))(ctx)
      }),
      route(
        'POST',
        '/git/refs',
        undefined,
        git((ctx) => this.create(ctx))
      ),
      route(
        'DELETE',
        '/git/refs/{ref+}',
        undefined,
        git((ctx) => this.remove(ctx))
      ),
      route(
        'GET',
        '/commits/{ref}',
        undefined,
        git((ctx) => this.commit(ctx))
      )
    ]
  }

  /** Resolves when a window's list may be answered: at once, or when the barrier's lists have all arrived. */
  private atBarrier({ params }: Context): Promise<void> {
    // A window's list names its window (`day/2026-12-09/`); the straggler sweep's (`day/`) passes.
    const ofWindow = /\/[^/]+\/$/.test(params.ref ?? '') && (params.ref ?? '').split('/').length > 4
    if (!ofWindow || this.barrierArrivals >= this.options.listBarrier) return Promise.resolve()
    this.barrierArrivals++
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 60_000).unref()
      this.held.push(() => {
        clearTimeout(timer)
        resolve()
      })
      if (this.barrierArrivals < this.options.listBarrier) return
      this.held.forEach((release) => release())
      this.held = []
    })
  }

  /** `GET …/git/matching-refs/{ref}`: every reference starting with `refs/<ref>`, sorted, in one answer, with the simulator's `Date`. */
  private matching({ params, repo }: Context): RouteResponse {
    const prefix = `refs/${params.ref ?? ''}`
    const shownBefore = this.now() - this.options.listLagMs
    const refs = [...this.of(repo)]
      .filter(([name, stored]) => name.startsWith(prefix) && stored.createdAt <= shownBefore)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, stored]) => this.refJson(repo, name, stored.sha))
    return { status: 200, json: refs, headers: { date: new Date(this.now()).toUTCString() } }
  }

  /** `POST …/git/refs` with `ref` (`refs/…`, two slashes at least) and `sha`: 201 once per name, else 422. */
  private create({ req, repo }: Context): RouteResponse {
    const body = readBody(req, { ref: ['string'], sha: ['string'] }, ['ref', 'sha'])
    if (!body.ok) return body.error
    const ref = stringField(body.value, 'ref') ?? ''
    const sha = stringField(body.value, 'sha') ?? ''
    if (!ref.startsWith('refs/') || ref.split('/').length < 3 || ref.split('/').some((part) => part === ''))
      return gitHubError(422, `${ref} is not a valid ref name.`)
    if (!/^[0-9a-f]{40}$/i.test(sha)) return gitHubError(422, 'Object does not exist')
    const refs = this.of(repo)
    if (refs.has(ref))
      return gitHubError(422, this.random() < this.options.updateFailedRate ? 'Reference update failed' : 'Reference already exists')
    refs.set(ref, { sha: sha.toLowerCase(), createdAt: this.now() })
    return { status: 201, json: this.refJson(repo, ref, sha.toLowerCase()) }
  }

  /** `DELETE …/git/refs/{ref}` (without `refs/`): 204, or 422 "Reference does not exist". */
  private remove({ params, repo }: Context): RouteResponse {
    const ref = `refs/${params.ref ?? ''}`
    if (!this.of(repo).delete(ref)) return gitHubError(422, 'Reference does not exist')
    return { status: 204 }
  }

  /** `GET …/commits/HEAD`: the default branch's head; the sha alone when asked for `application/vnd.github.sha`. */
  private commit({ req, params, repo }: Context): RouteResponse {
    const sha = params.ref === 'HEAD' ? defaultBranchSha(repo) : this.state.resolveRef(repo, params.ref ?? '')
    if (!sha) return gitHubError(422, `No commit found for SHA: ${params.ref ?? ''}`)
    if (String(req.headers.accept ?? '').includes('application/vnd.github.sha'))
      return { status: 200, text: sha, contentType: 'application/vnd.github.sha; charset=utf-8' }
    return { status: 200, json: this.commitJson(repo, sha) }
  }

  /** A commit as GitHub's description draws it: the fields it requires, no author account, no parents. */
  private commitJson(repo: Repo, sha: string): Record<string, unknown> {
    const api = `${this.state.serverUrl()}/api/v3/repos/${repo.fullName}`
    const person = { name: 'Docs Writer', email: 'docs@example.com', date: new Date(this.now()).toISOString() }
    return {
      url: `${api}/commits/${sha}`,
      sha,
      node_id: Buffer.from(`commit:${repo.fullName}:${sha}`).toString('base64'),
      html_url: `${this.state.serverUrl()}/${repo.fullName}/commit/${sha}`,
      comments_url: `${api}/commits/${sha}/comments`,
      commit: {
        url: `${api}/git/commits/${sha}`,
        author: person,
        committer: person,
        message: 'Docs',
        comment_count: 0,
        tree: { sha, url: `${api}/git/trees/${sha}` }
      },
      author: null,
      committer: null,
      parents: []
    }
  }

  private emptyRefusal(repo: Repo): RouteResponse | undefined {
    return this.empty.has(repo.fullName.toLowerCase()) ? gitHubError(409, 'Git Repository is empty.') : undefined
  }

  private refJson(repo: Repo, ref: string, sha: string): Record<string, unknown> {
    const api = `${this.state.serverUrl()}/api/v3/repos/${repo.fullName}`
    return {
      ref,
      node_id: Buffer.from(`ref:${repo.fullName}:${ref}`).toString('base64'),
      url: `${api}/git/${ref}`,
      object: { sha, type: 'commit', url: `${api}/git/commits/${sha}` }
    }
  }
}
