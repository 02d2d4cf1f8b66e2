import { textOr } from '../answers.js'
import { describeFailure, explained, GitHubError } from '../errors.js'
import type { Repo } from '../event.js'
import { readPages } from '../pages.js'
import type { Octokit, SignedDownload } from '../transport.js'

/** A check run as `fix-checks` reads it; texts GitHub leaves null are ''. */
export interface CheckRun {
  id: number
  name: string
  /** The slug of the App that made it: `mintlify`, `github-actions`, … ('' when GitHub names none). */
  app: string
  /** `queued`, `in_progress`, `completed`, or one of the states GitHub reserves for Actions (`waiting`, `requested`, `pending`). */
  status: string
  /** '' until it completes. */
  conclusion: string
  title: string
  summary: string
  annotationsCount: number
  detailsUrl: string
  /** For a GitHub Actions job, its workflow run and job (the job's id is the check run's). */
  actionsJob: { runId: number; jobId: number } | null
  /** The check suite it belongs to (0 when GitHub names none), whose branch says whose run it is. */
  suiteId: number
}

/** A check suite of a commit: its App and the branch it ran for. */
export interface CheckSuite {
  id: number
  app: string
  /**
   * The branch of this repository the suite ran for; null for a fork's branch: GitHub's Checks API sees
   * pushes to this repository only, so a fork's pull request's suite has no branch (and no pull requests).
   */
  headBranch: string | null
}

/** A workflow run of a commit, as far as its origin goes: the check suite showing its jobs, and where its head was pushed. */
export interface WorkflowRunOrigin {
  id: number
  checkSuiteId: number
  /** `owner/name` of the repository its head commit was pushed to: a fork's for a fork's pull request ('' when GitHub names none). */
  headRepository: string
  /** The event that started it: `push`, `pull_request`, `pull_request_target`, `workflow_run`… ('' when GitHub names none). */
  event: string
}

export interface CheckRuns {
  /** How many check runs the commit has in all (more than those read when above 100). */
  totalCount: number
  runs: CheckRun[]
}

/** One annotation of a check run; `line` is its first line. */
export interface CheckAnnotation {
  path: string
  line: number
  /** `notice`, `warning` or `failure`. */
  level: string
  title: string
  message: string
}

/** The latest commit status of one context. */
export interface CommitStatusFacts {
  context: string
  /** `pending`, `success`, `failure` or `error`. */
  state: string
  description: string
  targetUrl: string
}

export interface CombinedStatus {
  /** `failure`, `pending` or `success`, as GitHub combines them. */
  state: string
  statuses: CommitStatusFacts[]
  /** How many contexts the commit has in all (more than those read when above 100). */
  totalCount: number
}

/** A workflow job and its steps, numbered as the jobs API numbers them. */
export interface WorkflowJob {
  id: number
  name: string
  status: string
  conclusion: string
  steps: { number: number; name: string; conclusion: string }[]
}

/** The end of a job's log: all of it, or its last bytes (`cut`), starting at a whole line. */
export interface JobLog {
  text: string
  cut: boolean
}

/** GitHub's largest page. */
const PAGE = 100
/** A GitHub Actions job's page: `…/actions/runs/<run>/job/<job>`. */
const JOB_PAGE = /\/actions\/runs\/(\d+)\/job\/(\d+)(?:[/?#]|$)/

/**
 * The checks of a commit: its check suites and check runs and their annotations, its statuses, and its
 * Actions workflow runs, jobs and their logs.
 */
export class CheckCalls {
  constructor(
    private readonly octokit: Octokit,
    private readonly repo: Repo,
    private readonly download: SignedDownload
  ) {}

  /** The latest check run of each check on a commit (`filter: latest`): one page of 100, with the total. */
  async checkRuns(sha: string): Promise<CheckRuns> {
    return explained(`read the check runs of commit ${sha.slice(0, 7)}`, 'checks: read', async () => {
      const { data } = await this.octokit.rest.checks.listForRef({ ...this.repo, ref: sha, filter: 'latest', per_page: PAGE })
      return {
        totalCount: data.total_count,
        runs: data.check_runs.map((run) => {
          const app = run.app?.slug ?? ''
          const detailsUrl = run.details_url ?? ''
          return {
            id: Number(run.id),
            name: run.name,
            app,
            status: run.status,
            conclusion: run.conclusion ?? '',
            title: run.output.title ?? '',
            summary: run.output.summary ?? '',
            annotationsCount: run.output.annotations_count,
            detailsUrl,
            actionsJob: app === 'github-actions' ? actionsJobOf(detailsUrl, Number(run.id)) : null,
            suiteId: Number(run.check_suite?.id ?? 0)
          }
        })
      }
    })
  }

  /** The check suites of a commit, one page of 100: each with the branch it ran for (none for a fork's). */
  async checkSuites(sha: string): Promise<CheckSuite[]> {
    return explained(`read the check suites of commit ${sha.slice(0, 7)}`, 'checks: read', async () => {
      const { data } = await this.octokit.rest.checks.listSuitesForRef({ ...this.repo, ref: sha, per_page: PAGE })
      return data.check_suites.map((suite) => ({ id: Number(suite.id), app: suite.app?.slug ?? '', headBranch: suite.head_branch }))
    })
  }

  /** The workflow runs of a commit, one page of 100: each with its check suite and the repository its head was pushed to. */
  async workflowRuns(sha: string): Promise<WorkflowRunOrigin[]> {
    return explained(`read the workflow runs of commit ${sha.slice(0, 7)}`, 'actions: read', async () => {
      const { data } = await this.octokit.rest.actions.listWorkflowRunsForRepo({ ...this.repo, head_sha: sha, per_page: PAGE })
      return data.workflow_runs.map((run) => ({
        id: Number(run.id),
        checkSuiteId: Number(run.check_suite_id ?? 0),
        // Read defensively, though the schema says it is always there: a run naming none is no run of this repository.
        headRepository: (run.head_repository as { full_name?: string } | null | undefined)?.full_name ?? '',
        event: typeof run.event === 'string' ? run.event : ''
      }))
    })
  }

  /** Up to `max` annotations of a check run: the pages of 100 that `max` needs (one for a round's 10), whatever the Link says. */
  async annotations(checkRunId: number, max: number): Promise<CheckAnnotation[]> {
    return explained(`read the annotations of check run ${checkRunId}`, 'checks: read', async () => {
      const pages = this.octokit.paginate.iterator(this.octokit.rest.checks.listAnnotations, {
        ...this.repo,
        check_run_id: checkRunId,
        per_page: Math.min(PAGE, max)
      })
      return readPages(pages, { pages: Math.ceil(max / PAGE), items: max }, (annotation) => ({
        path: textOr(annotation.path),
        line: typeof annotation.start_line === 'number' ? annotation.start_line : 0,
        level: textOr(annotation.annotation_level),
        title: textOr(annotation.title),
        message: textOr(annotation.message)
      }))
    })
  }

  /** A commit's combined status: the latest status of each context, one page of 100. */
  async combinedStatus(sha: string): Promise<CombinedStatus> {
    return explained(`read the statuses of commit ${sha.slice(0, 7)}`, 'statuses: read', async () => {
      const { data } = await this.octokit.rest.repos.getCombinedStatusForRef({ ...this.repo, ref: sha, per_page: PAGE })
      return {
        state: data.state,
        totalCount: data.total_count,
        statuses: data.statuses.map((status) => ({
          context: status.context,
          state: status.state,
          description: status.description ?? '',
          targetUrl: status.target_url ?? ''
        }))
      }
    })
  }

  /** The jobs of a workflow run's latest attempt, with their steps: one page of 100. */
  async workflowJobs(runId: number): Promise<WorkflowJob[]> {
    return explained(`read the jobs of workflow run ${runId}`, 'actions: read', async () => {
      const { data } = await this.octokit.rest.actions.listJobsForWorkflowRun({
        ...this.repo,
        run_id: runId,
        filter: 'latest',
        per_page: PAGE
      })
      return data.jobs.map((job) => ({
        id: Number(job.id),
        name: job.name,
        status: job.status,
        conclusion: job.conclusion ?? '',
        steps: (job.steps ?? []).map((step) => ({ number: step.number, name: step.name, conclusion: step.conclusion ?? '' }))
      }))
    })
  }

  /**
   * The end of a job's plain-text log, at most `maxBytes` of it. GitHub answers the log request with a
   * redirect to a signed address that expires within a minute: it is not followed by Octokit (which would
   * carry the token to another host) but fetched at once, without the token. A long log is read through
   * and only its last `maxBytes` are kept, since the failure is at its end.
   */
  async jobLog(jobId: number, maxBytes: number): Promise<JobLog> {
    const what = `read the log of job ${jobId}`
    const location = await explained(what, 'actions: read', async () => {
      const response = await this.octokit.rest.actions.downloadJobLogsForWorkflowRun({
        ...this.repo,
        job_id: jobId,
        request: { redirect: 'manual' }
      })
      return typeof response.headers.location === 'string' ? response.headers.location : ''
    })
    if (!location) throw new GitHubError(`Could not ${what}: GitHub answered without the log's address.`, null)
    let response: Response
    try {
      response = await this.download(location)
    } catch (error) {
      throw describeFailure(what, null, error)
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new GitHubError(`Could not ${what}: its download answered HTTP ${response.status}.`, response.status)
    }
    return lastBytes(response, maxBytes)
  }
}

/** The workflow run and job of an Actions check run, from its Details link; null when the link says neither. */
function actionsJobOf(detailsUrl: string, checkRunId: number): { runId: number; jobId: number } | null {
  const [, run, job] = JOB_PAGE.exec(detailsUrl) ?? []
  if (run === undefined || job === undefined) return null
  // The job's id is its check run's; the link is trusted for the run only.
  return Number(job) === checkRunId ? { runId: Number(run), jobId: checkRunId } : null
}

/** The response's text, or its last `maxBytes` from the first whole line on, holding no more than that in memory. */
async function lastBytes(response: Response, maxBytes: number): Promise<JobLog> {
  const chunks: Buffer[] = []
  let held = 0
  let cut = false
  const reader: ReadableStreamDefaultReader<Uint8Array> | undefined = response.body?.getReader()
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    chunks.push(Buffer.from(read.value))
    held += read.value.byteLength
    while (chunks.length > 1 && held - (chunks[0]?.length ?? 0) >= maxBytes) {
      held -= chunks.shift()?.length ?? 0
      cut = true
    }
  }
  const bytes = Buffer.concat(chunks)
  if (!cut && bytes.length <= maxBytes) return { text: bytes.toString('utf8'), cut }
  const tail = bytes.subarray(Math.max(0, bytes.length - maxBytes))
  // The first line is likely cut in two (or in a character): the tail starts after it.
  const start = tail.indexOf(0x0a)
  return { text: tail.subarray(start + 1).toString('utf8'), cut: true }
}
