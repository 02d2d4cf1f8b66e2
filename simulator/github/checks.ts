// Checks of the fake GitHub: the check runs of a commit (other Apps' and GitHub Actions' jobs), their
// annotations, a workflow run's jobs with their steps, and a job's log behind a short-lived redirect. A run
// may complete some seconds (of the simulator's clock) after it was planted, as a real check does.
import { randomBytes } from 'node:crypto'
import type { RouteResponse } from '../types.js'
import { notFound, onePage, route, type Context, type GitHubRequest, type Route } from './http.js'
import { DEFAULT_BRANCH, defaultBranchSha, perRepo, type GitHubState, type Issue, type Repo } from './state.js'
import type { GitHubAnnotationInit, GitHubCheckConclusion, GitHubCheckRunInit, GitHubWorkflowJobInit, SimWorkflowJob } from './types.js'

/** GitHub's log URLs expire after a minute (documented on `…/actions/jobs/{job_id}/logs`). */
const LOG_URL_LIFETIME_MS = 60_000
/** Where a job's log is downloaded from: outside /api/, so no token is asked for (nor accepted). */
const LOG_PATH = /^\/_sim\/job-logs\/(?<signature>[0-9a-f]{32})$/
const ACTIONS_APP = 'github-actions'

interface Step {
  name: string
  number: number
  conclusion: GitHubCheckConclusion
}

/** An Actions job, beside the check run that shows it (the same id). */
interface Job {
  runId: number
  workflowName: string
  steps: Step[]
  log: string
}

interface CheckRun {
  id: number
  sha: string
  name: string
  app: string
  conclusion: GitHubCheckConclusion
  /** Simulator time (ms) it was planted, and when it completes (the same for a completed one). */
  startedAt: number
  completesAt: number
  title: string | null
  summary: string | null
  text: string | null
  annotations: GitHubAnnotationInit[]
  detailsUrl: string
  job: Job | null
}

/** A log URL handed out: which job's log, until when. */
interface LogGrant {
  repo: Repo
  run: CheckRun
  expiresAt: number
}

export class Checks {
  /** Per repository, oldest first. */
  private readonly runsOf = perRepo<CheckRun[]>(() => [])
  private readonly grants = new Map<string, LogGrant>()
  private nextRunId = 21000000001
  private nextWorkflowRunId = 9100000001

  /** `now` is the simulator's clock (SimulatorOptions.now). */
  constructor(
    private readonly state: GitHubState,
    private readonly now: () => number
  ) {}

  // ---- Test-side API ----

  addCheckRun(repoName: string, init: GitHubCheckRunInit): number {
    const app = init.app ?? 'mintlify'
    return this.plant(repoName, init, app, init.detailsUrl ?? `https://github.com/apps/${app}`, null).id
  }

  addWorkflowJob(repoName: string, init: GitHubWorkflowJobInit): SimWorkflowJob {
    const runId = init.runId ?? this.nextWorkflowRunId++
    const steps = (init.steps ?? []).map((step, i) => ({ name: step.name, number: i + 1, conclusion: step.conclusion ?? 'success' }))
    const failedStep = steps.find((step) => step.conclusion !== 'success' && step.conclusion !== 'skipped')
    const job: Job = { runId, workflowName: init.workflowName ?? 'CI', steps, log: init.log ?? '' }
    const run = this.plant(repoName, { ...init, conclusion: init.conclusion ?? failedStep?.conclusion ?? 'success' }, ACTIONS_APP, '', job)
    run.detailsUrl = `https://github.com/${repoName}/actions/runs/${runId}/job/${run.id}`
    return { jobId: run.id, runId }
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [
      route('GET', '/commits/{ref}/check-runs', 'checks', (ctx) => this.listForRef(ctx)),
      route('GET', '/check-runs/{id}/annotations', 'checks', (ctx) => this.annotations(ctx)),
      route('GET', '/actions/runs/{id}/jobs', 'actions', (ctx) => this.jobs(ctx)),
      route('GET', '/actions/jobs/{id}/logs', 'actions', (ctx) => this.logRedirect(ctx))
    ]
  }

  /**
   * `GET …/commits/{ref}/check-runs`: `{ total_count, check_runs }`, newest first, paginated with `Link`.
   * `filter=latest` (the default) keeps the newest run of each App and name, `all` every run;
   * `check_name` and `status` keep those with that name and status.
   */
  listForRef({ req, params, repo }: Context): RouteResponse {
    const sha = this.state.resolveRef(repo, params.ref ?? '')
    if (!sha) return notFound()
    const query = req.url.searchParams
    const newestFirst = this.runsOf(repo)
      .filter((run) => run.sha === sha.toLowerCase())
      .reverse()
    const latest =
      query.get('filter') === 'all' ? newestFirst : newestFirst.filter((run, i) => newestFirst.findIndex((r) => sameCheck(r, run)) === i)
    const name = query.get('check_name')
    const status = query.get('status')
    const matching = latest.filter((run) => (name === null || run.name === name) && (status === null || this.statusOf(run) === status))
    const { shown, headers } = onePage(req, this.state.serverUrl(), matching)
    return { status: 200, json: { total_count: matching.length, check_runs: shown.map((run) => this.runJson(repo, run)) }, headers }
  }

  /** `GET …/check-runs/{id}/annotations`: the run's annotations in the order written, paginated with `Link`. */
  annotations({ req, params, repo }: Context): RouteResponse {
    const run = this.find(repo, params.id)
    if (!run) return notFound()
    const { shown, headers } = onePage(req, this.state.serverUrl(), run.annotations)
    return { status: 200, json: shown.map((annotation) => annotationJson(repo, run, annotation)), headers }
  }

  /** `GET …/actions/runs/{run_id}/jobs`: `{ total_count, jobs }` of one workflow run, oldest first, paginated. */
  jobs({ req, params, repo }: Context): RouteResponse {
    const runId = Number(params.id)
    const jobs = this.runsOf(repo).flatMap((run) => (run.job?.runId === runId ? [{ run, job: run.job }] : []))
    if (jobs.length === 0) return notFound()
    const { shown, headers } = onePage(req, this.state.serverUrl(), jobs)
    return { status: 200, json: { total_count: jobs.length, jobs: shown.map(({ run, job }) => this.jobJson(repo, run, job)) }, headers }
  }

  /**
   * `GET …/actions/jobs/{job_id}/logs`: 302 to a signed URL of this server that expires after a minute.
   * A job still running has no log to download here (404), as the fake keeps no live log.
   */
  logRedirect({ params, repo }: Context): RouteResponse {
    const run = this.find(repo, params.id)
    if (!run?.job || this.statusOf(run) !== 'completed') return notFound()
    const signature = randomBytes(16).toString('hex')
    const expiresAt = this.now() + LOG_URL_LIFETIME_MS
    this.grants.set(signature, { repo, run, expiresAt })
    const location = `${this.state.serverUrl()}/_sim/job-logs/${signature}?urlExpires=${encodeURIComponent(new Date(expiresAt).toISOString())}`
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
    if (this.now() > grant.expiresAt) return { status: 403, text: 'The signed URL has expired.' }
    return { status: 200, text: grant.run.job?.log ?? '', contentType: 'text/plain; charset=utf-8' }
  }

  // ---- Helpers ----

  private plant(
    repoName: string,
    init: GitHubCheckRunInit | GitHubWorkflowJobInit,
    app: string,
    detailsUrl: string,
    job: Job | null
  ): CheckRun {
    const repo = this.state.ensureRepo(repoName)
    const sha = this.state.knownSha(repo, init.sha)
    if (!sha) throw new Error(`${repoName} knows no commit ${init.sha} (use a 40-hex sha or a pull request's)`)
    const startedAt = this.now()
    const run: CheckRun = {
      id: this.nextRunId++,
      sha: sha.toLowerCase(),
      name: init.name,
      app,
      conclusion: init.conclusion ?? 'success',
      startedAt,
      completesAt: startedAt + (init.completesAfterSeconds ?? 0) * 1000,
      title: init.title ?? null,
      summary: init.summary ?? null,
      text: 'text' in init ? (init.text ?? null) : null,
      annotations: init.annotations ?? [],
      detailsUrl,
      job
    }
    this.runsOf(repo).push(run)
    return run
  }

  private find(repo: Repo, id: string | undefined): CheckRun | undefined {
    return this.runsOf(repo).find((run) => run.id === Number(id))
  }

  private statusOf(run: CheckRun): 'in_progress' | 'completed' {
    return this.now() < run.completesAt ? 'in_progress' : 'completed'
  }

  private runJson(repo: Repo, run: CheckRun): Record<string, unknown> {
    const api = `${this.state.apiUrl()}/repos/${repo.fullName}`
    const completed = this.statusOf(run) === 'completed'
    return {
      id: run.id,
      head_sha: run.sha,
      node_id: `CR_sim${run.id}`,
      external_id: '',
      url: `${api}/check-runs/${run.id}`,
      html_url: run.job ? run.detailsUrl : `https://github.com/${repo.fullName}/runs/${run.id}`,
      details_url: run.detailsUrl,
      status: this.statusOf(run),
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
      check_suite: { id: suiteId(run) },
      app: {
        id: appId(run.app),
        slug: run.app,
        node_id: `A_sim${appId(run.app)}`,
        name: run.app,
        owner: { login: run.app, type: 'Organization' }
      },
      pull_requests: this.openPullsAt(repo, run.sha).map((pull) => this.pullMinimal(repo, pull))
    }
  }

  private jobJson(repo: Repo, run: CheckRun, job: Job): Record<string, unknown> {
    const api = `${this.state.apiUrl()}/repos/${repo.fullName}`
    const completed = this.statusOf(run) === 'completed'
    return {
      id: run.id,
      run_id: job.runId,
      run_url: `${api}/actions/runs/${job.runId}`,
      run_attempt: 1,
      node_id: `J_sim${run.id}`,
      head_sha: run.sha,
      url: `${api}/actions/jobs/${run.id}`,
      html_url: run.detailsUrl,
      status: this.statusOf(run),
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
      workflow_name: job.workflowName,
      head_branch: this.openPullsAt(repo, run.sha)[0]?.headRef ?? DEFAULT_BRANCH
    }
  }

  /** The repository's own open pull requests whose head is `sha`: GitHub lists no fork's here. */
  private openPullsAt(repo: Repo, sha: string): Issue[] {
    return [...repo.issues.values()].filter(
      (issue) => issue.pullRequest && issue.state === 'open' && issue.headRepo === null && issue.headSha.toLowerCase() === sha
    )
  }

  /** A pull request as a check run lists it: `{url, id, number, head, base}`, repositories as `{id, url, name}`. */
  private pullMinimal(repo: Repo, pull: Issue): Record<string, unknown> {
    const api = `${this.state.apiUrl()}/repos/${repo.fullName}`
    const repoJson = { id: 1, url: api, name: repo.fullName.split('/')[1] }
    return {
      url: `${api}/pulls/${pull.number}`,
      id: pull.number,
      number: pull.number,
      head: { ref: pull.headRef, sha: pull.headSha, repo: repoJson },
      base: { ref: DEFAULT_BRANCH, sha: defaultBranchSha(repo), repo: repoJson }
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

/** One suite per App and commit, as GitHub groups an App's runs on a commit. */
function suiteId(run: CheckRun): number {
  return 30000000000 + appId(run.app) * 1000 + parseInt(run.sha.slice(0, 3), 16)
}

/** A stable id per App slug. */
function appId(slug: string): number {
  return [...slug].reduce((id, character) => (id * 31 + character.charCodeAt(0)) % 100000, 7)
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}
