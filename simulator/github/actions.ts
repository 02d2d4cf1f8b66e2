// GitHub Actions on the fake GitHub: the workflow runs of a commit (a fork's pull request's among them, with
// the fork as its head repository), a workflow run's jobs with their steps, and a job's log behind a
// short-lived redirect. The jobs are check runs of App `github-actions` (check-store.ts).
import { randomBytes } from 'node:crypto'
import type { RouteResponse } from '../types.js'
import { notFound, onePage, route, type Context, type GitHubRequest, type Route } from './http.js'
import { type CheckRun, type CheckStore, isoTime, type Job, type WorkflowRun } from './check-store.js'
import type { Repo } from './state.js'
import type { GitHubWorkflowJobInit, SimWorkflowJob } from './types.js'

/** GitHub's log URLs expire after a minute (documented on `…/actions/jobs/{job_id}/logs`). */
const LOG_URL_LIFETIME_MS = 60_000
/** Where a job's log is downloaded from: outside /api/, so no token is asked for (nor accepted). */
const LOG_PATH = /^\/_sim\/job-logs\/(?<signature>[0-9a-f]{32})$/

/** A log URL handed out: which job's log, until when. */
interface LogGrant {
  run: CheckRun
  expiresAt: number
}

export class Actions {
  private readonly grants = new Map<string, LogGrant>()

  constructor(private readonly store: CheckStore) {}

  // ---- Test-side API ----

  addWorkflowJob(repoName: string, init: GitHubWorkflowJobInit): SimWorkflowJob {
    const { run, workflowRun } = this.store.plantJob(repoName, init)
    return { jobId: run.id, runId: workflowRun.id }
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [
      route('GET', '/actions/runs', 'actions', (ctx) => this.workflowRuns(ctx)),
      route('GET', '/actions/runs/{id}/jobs', 'actions', (ctx) => this.jobs(ctx)),
      route('GET', '/actions/jobs/{id}/logs', 'actions', (ctx) => this.logRedirect(ctx))
    ]
  }

  /**
   * `GET …/actions/runs`: `{ total_count, workflow_runs }` of the repository, newest first, paginated;
   * `head_sha`, `branch` and `event` keep the runs that match.
   */
  workflowRuns({ req, repo }: Context): RouteResponse {
    const query = req.url.searchParams
    const sha = query.get('head_sha')?.toLowerCase() ?? null
    const branch = query.get('branch')
    const event = query.get('event')
    const matching = [...this.store.workflowRunsOf(repo)]
      .reverse()
      .filter(
        (run) =>
          (sha === null || run.sha === sha) && (branch === null || run.headBranch === branch) && (event === null || eventOf(run) === event)
      )
    const { shown, headers } = onePage(req, this.store.state.serverUrl(), matching)
    return {
      status: 200,
      json: { total_count: matching.length, workflow_runs: shown.map((run) => this.workflowRunJson(repo, run)) },
      headers
    }
  }

  /** `GET …/actions/runs/{run_id}/jobs`: `{ total_count, jobs }` of one workflow run, oldest first, paginated. */
  jobs({ req, params, repo }: Context): RouteResponse {
    const runId = Number(params.id)
    const jobs = this.store.runsOf(repo).flatMap((run) => (run.job?.runId === runId ? [{ run, job: run.job }] : []))
    if (jobs.length === 0) return notFound()
    const { shown, headers } = onePage(req, this.store.state.serverUrl(), jobs)
    return { status: 200, json: { total_count: jobs.length, jobs: shown.map(({ run, job }) => this.jobJson(repo, run, job)) }, headers }
  }

  /**
   * `GET …/actions/jobs/{job_id}/logs`: 302 to a signed URL of this server that expires after a minute.
   * A job still running has no log to download here (404), as the fake keeps no live log.
   */
  logRedirect({ params, repo }: Context): RouteResponse {
    const run = this.store.find(repo, params.id)
    if (!run?.job || this.store.statusOf(run) !== 'completed') return notFound()
    const signature = randomBytes(16).toString('hex')
    const expiresAt = this.store.now() + LOG_URL_LIFETIME_MS
    this.grants.set(signature, { run, expiresAt })
    const location = `${this.store.state.serverUrl()}/_sim/job-logs/${signature}?urlExpires=${encodeURIComponent(new Date(expiresAt).toISOString())}`
    return { status: 302, text: '', headers: { location } }
  }

  /**
   * The download a log redirect points at, or undefined for any other path. Like a storage service's
   * signed URL it takes no token: a request carrying an Authorization header is refused (400), an unknown
   * signature or an expired one gets 403.
   */
  download(req: GitHubRequest): RouteResponse | undefined {
    const signature = LOG_PATH.exec(req.path)?.groups?.signature
    if (signature === undefined || req.method !== 'GET') return undefined
    if (req.headers.authorization !== undefined) return { status: 400, text: 'A signed log URL takes no Authorization header.' }
    const grant = this.grants.get(signature)
    if (!grant) return { status: 403, text: 'Signature not valid.' }
    if (this.store.now() > grant.expiresAt) return { status: 403, text: 'The signed URL has expired.' }
    return { status: 200, text: grant.run.job?.log ?? '', contentType: 'text/plain; charset=utf-8' }
  }

  // ---- Helpers ----

  private workflowRunJson(repo: Repo, run: WorkflowRun): Record<string, unknown> {
    const api = `${this.store.state.apiUrl()}/repos/${repo.fullName}`
    const jobs = this.store.runsIn(repo, run.suite)
    const completed = jobs.every((job) => this.store.statusOf(job) === 'completed')
    const failed = jobs.find((job) => job.conclusion !== 'success' && job.conclusion !== 'skipped')
    const started = Math.min(...jobs.map((job) => job.startedAt))
    return {
      id: run.id,
      name: run.name,
      node_id: `WFR_sim${run.id}`,
      head_branch: run.headBranch,
      head_sha: run.sha,
      path: '.github/workflows/ci.yml',
      display_title: run.name,
      run_number: run.id % 1000,
      event: eventOf(run),
      status: completed ? 'completed' : 'in_progress',
      conclusion: completed ? (failed?.conclusion ?? 'success') : null,
      workflow_id: 161335,
      check_suite_id: run.suite.id,
      check_suite_node_id: `CS_sim${run.suite.id}`,
      url: `${api}/actions/runs/${run.id}`,
      html_url: `https://github.com/${repo.fullName}/actions/runs/${run.id}`,
      // A fork's run names no pull request here; this repository's, the open ones at its head.
      pull_requests: run.fork ? [] : this.store.openPullsAt(repo, run.sha).map((pull) => this.store.pullMinimal(repo, pull)),
      created_at: isoTime(started),
      updated_at: isoTime(Math.max(...jobs.map((job) => Math.min(job.completesAt, this.store.now())))),
      run_attempt: 1,
      run_started_at: isoTime(started),
      jobs_url: `${api}/actions/runs/${run.id}/jobs`,
      logs_url: `${api}/actions/runs/${run.id}/logs`,
      check_suite_url: `${api}/check-suites/${run.suite.id}`,
      repository: repositoryJson(this.store.state.apiUrl(), repo.fullName),
      head_repository: repositoryJson(this.store.state.apiUrl(), run.fork ?? repo.fullName, run.fork !== null)
    }
  }

  private jobJson(repo: Repo, run: CheckRun, job: Job): Record<string, unknown> {
    const api = `${this.store.state.apiUrl()}/repos/${repo.fullName}`
    const completed = this.store.statusOf(run) === 'completed'
    const workflowRun = this.store.workflowRunsOf(repo).find((known) => known.id === job.runId)
    return {
      id: run.id,
      run_id: job.runId,
      run_url: `${api}/actions/runs/${job.runId}`,
      run_attempt: 1,
      node_id: `J_sim${run.id}`,
      head_sha: run.sha,
      url: `${api}/actions/jobs/${run.id}`,
      html_url: run.detailsUrl,
      status: this.store.statusOf(run),
      conclusion: completed ? run.conclusion : null,
      created_at: isoTime(run.startedAt),
      started_at: isoTime(run.startedAt),
      completed_at: completed ? isoTime(run.completesAt) : null,
      name: run.name,
      steps: job.steps.map((step) => ({
        name: step.name,
        status: completed ? 'completed' : 'queued',
        conclusion: completed ? step.conclusion : null,
        number: step.number,
        started_at: isoTime(run.startedAt),
        completed_at: completed ? isoTime(run.completesAt) : null
      })),
      check_run_url: `${api}/check-runs/${run.id}`,
      labels: ['ubuntu-latest'],
      runner_id: 1,
      runner_name: 'GitHub Actions 1',
      runner_group_id: 2,
      runner_group_name: 'GitHub Actions',
      workflow_name: workflowRun?.name ?? 'CI',
      head_branch: workflowRun?.headBranch ?? ''
    }
  }
}

/** The event that started the run (a fork's run: its pull request's `pull_request`; one of this repository: a push, unless planted otherwise). */
function eventOf(run: WorkflowRun): string {
  return run.event
}

/** A repository as a workflow run names it (a minimal repository). */
function repositoryJson(apiUrl: string, fullName: string, fork = false): Record<string, unknown> {
  const [owner = '', name = ''] = fullName.split('/')
  return {
    id: fork ? 2 : 1,
    node_id: `R_sim${fork ? 2 : 1}`,
    name,
    full_name: fullName,
    owner: { login: owner },
    private: false,
    fork,
    url: `${apiUrl}/repos/${fullName}`,
    html_url: `https://github.com/${fullName}`
  }
}
