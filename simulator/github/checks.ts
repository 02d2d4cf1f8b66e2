// Checks of the fake GitHub: the check runs of a commit (other Apps' and GitHub Actions' jobs), the check
// suites that group them (a fork's without a branch), and their annotations. A run may complete some seconds
// (of the simulator's clock) after it was planted, as a real check does. Workflow runs, jobs and logs are
// actions.ts's; both serve the records of check-store.ts.
import type { RouteResponse } from '../types.js'
import { notFound, onePage, route, type Context, type Route } from './http.js'
import { appJson, type CheckRun, type CheckStore, isoTime, type Suite } from './check-store.js'
import type { Repo } from './state.js'
import type { GitHubAnnotationInit, GitHubCheckRunInit } from './types.js'

/** The conclusions that fail a suite, as GitHub rolls its runs up. */
const FAILING: readonly string[] = ['failure', 'timed_out', 'action_required']

export class Checks {
  constructor(private readonly store: CheckStore) {}

  // ---- Test-side API ----

  addCheckRun(repoName: string, init: GitHubCheckRunInit): number {
    return this.store.plantCheckRun(repoName, init, init.app ?? 'mintlify').id
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [
      route('GET', '/commits/{ref}/check-runs', 'checks', (ctx) => this.listForRef(ctx)),
      route('GET', '/commits/{ref}/check-suites', 'checks', (ctx) => this.suitesForRef(ctx)),
      route('GET', '/check-runs/{id}/annotations', 'checks', (ctx) => this.annotations(ctx))
    ]
  }

  /**
   * `GET …/commits/{ref}/check-runs`: `{ total_count, check_runs }`, newest first, paginated with `Link`.
   * `filter=latest` (the default) keeps the newest run of each App and name, `all` every run;
   * `check_name` and `status` keep those with that name and status.
   */
  listForRef({ req, params, repo }: Context): RouteResponse {
    const sha = this.store.state.resolveRef(repo, params.ref ?? '')
    if (!sha) return notFound()
    const query = req.url.searchParams
    const newestFirst = this.store
      .runsOf(repo)
      .filter((run) => run.sha === sha.toLowerCase())
      .reverse()
    const latest =
      query.get('filter') === 'all' ? newestFirst : newestFirst.filter((run, i) => newestFirst.findIndex((r) => sameCheck(r, run)) === i)
    const name = query.get('check_name')
    const status = query.get('status')
    const matching = latest.filter(
      (run) => (name === null || run.name === name) && (status === null || this.store.statusOf(run) === status)
    )
    const { shown, headers } = onePage(req, this.store.state.serverUrl(), matching)
    return { status: 200, json: { total_count: matching.length, check_runs: shown.map((run) => this.runJson(repo, run)) }, headers }
  }

  /**
   * `GET …/commits/{ref}/check-suites`: `{ total_count, check_suites }`, oldest first, paginated with `Link`;
   * `app_id` keeps one App's. A fork's suite has `head_branch: null` and no pull requests, as GitHub documents
   * ("Pushes to a branch in a forked repository are not detected").
   */
  suitesForRef({ req, params, repo }: Context): RouteResponse {
    const sha = this.store.state.resolveRef(repo, params.ref ?? '')
    if (!sha) return notFound()
    const appFilter = req.url.searchParams.get('app_id')
    const suites = this.store
      .suitesOf(repo)
      .filter((suite) => suite.sha === sha.toLowerCase() && (appFilter === null || String(appJson(suite.app).id) === appFilter))
    const { shown, headers } = onePage(req, this.store.state.serverUrl(), suites)
    return { status: 200, json: { total_count: suites.length, check_suites: shown.map((suite) => this.suiteJson(repo, suite)) }, headers }
  }

  /** `GET …/check-runs/{id}/annotations`: the run's annotations in the order written, paginated with `Link`. */
  annotations({ req, params, repo }: Context): RouteResponse {
    const run = this.store.find(repo, params.id)
    if (!run) return notFound()
    const { shown, headers } = onePage(req, this.store.state.serverUrl(), run.annotations)
    return { status: 200, json: shown.map((annotation) => annotationJson(repo, run, annotation)), headers }
  }

  // ---- Helpers ----

  private runJson(repo: Repo, run: CheckRun): Record<string, unknown> {
    const api = `${this.store.state.apiUrl()}/repos/${repo.fullName}`
    const completed = this.store.statusOf(run) === 'completed'
    return {
      id: run.id,
      head_sha: run.sha,
      node_id: `CR_sim${run.id}`,
      external_id: '',
      url: `${api}/check-runs/${run.id}`,
      html_url: run.job ? run.detailsUrl : `https://github.com/${repo.fullName}/runs/${run.id}`,
      details_url: run.detailsUrl,
      status: this.store.statusOf(run),
      conclusion: completed ? run.conclusion : null,
      started_at: isoTime(run.startedAt),
      completed_at: completed ? isoTime(run.completesAt) : null,
      output: {
        title: run.title,
        summary: run.summary,
        text: run.text,
        annotations_count: run.annotations.length,
        annotations_url: `${api}/check-runs/${run.id}/annotations`
      },
      name: run.name,
      check_suite: { id: run.suite.id },
      app: appJson(run.app),
      // Every open pull request whose head is the commit, a fork's too: this list says nothing of whose run it is.
      pull_requests: this.store.openPullsAt(repo, run.sha).map((pull) => this.store.pullMinimal(repo, pull))
    }
  }

  private suiteJson(repo: Repo, suite: Suite): Record<string, unknown> {
    const api = `${this.store.state.apiUrl()}/repos/${repo.fullName}`
    const runs = this.store.runsIn(repo, suite)
    const completed = runs.every((run) => this.store.statusOf(run) === 'completed')
    const failed = runs.some((run) => FAILING.includes(run.conclusion))
    return {
      id: suite.id,
      node_id: `CS_sim${suite.id}`,
      head_branch: suite.headBranch,
      head_sha: suite.sha,
      status: completed ? 'completed' : 'in_progress',
      conclusion: completed ? (failed ? 'failure' : 'success') : null,
      url: `${api}/check-suites/${suite.id}`,
      before: null,
      after: suite.sha,
      pull_requests: suite.fork ? [] : this.store.openPullsAt(repo, suite.sha).map((pull) => this.store.pullMinimal(repo, pull)),
      app: appJson(suite.app),
      created_at: isoTime(suite.createdAt),
      updated_at: isoTime(Math.max(suite.createdAt, ...runs.map((run) => Math.min(run.completesAt, this.store.now())))),
      latest_check_runs_count: runs.length,
      check_runs_url: `${api}/check-suites/${suite.id}/check-runs`
    }
  }
}

/** `filter=latest` keeps one run per App and name. */
function sameCheck(a: CheckRun, b: CheckRun): boolean {
  return a.app === b.app && a.name === b.name
}

function annotationJson(repo: Repo, run: CheckRun, annotation: GitHubAnnotationInit): Record<string, unknown> {
  return {
    path: annotation.path,
    start_line: annotation.startLine,
    end_line: annotation.endLine ?? annotation.startLine,
    start_column: null,
    end_column: null,
    annotation_level: annotation.level ?? 'failure',
    title: annotation.title ?? null,
    message: annotation.message,
    raw_details: annotation.rawDetails ?? null,
    blob_href: `https://github.com/${repo.fullName}/blob/${run.sha}/${annotation.path}`
  }
}
