import type { CheckAnnotation, CheckRun, CommitStatusFacts, GitHubApi, WorkflowJob } from '../../github/api.js'
import type { CommitSearch } from '../../github/calls/lookups.js'
import { GitHubError } from '../../github/errors.js'
import { isOwnRun, learnSuites, learnWorkflowRuns, noOrigins, originsToRead } from './check-origins.js'
import { type HeadChecks, sortHeadChecks } from './check-states.js'
import { type FailingCheck, failingRun, failingStatus, type JobLogTail, ROUND_LIMITS } from './failure-report.js'
import { failedStepsTail } from './log-tail.js'
import { type AgentHead, statusesUnknown } from './status-standing.js'

/**
 * What a round reads of the head's checks, and no more, so that a round's cost is bounded: one page of
 * check runs and the combined status, the check suites and workflow runs that tell whose runs they are
 * (read once per run of the action, for the suites not known yet), then the annotations of at most 5 failing checks and the
 * logs of at most 3 failed Actions jobs, within 14 requests of check data. A read GitHub refuses for want of
 * a permission is told (through `callFailed`, once per permission) and the round goes on with what could be read.
 */

/** The most requests of check data (check suites, workflow runs, check runs, status, annotations, jobs, logs) one round makes. */
export const ROUND_REQUESTS = 14

/** Told of a read that failed, with what it costs the round; names a missing permission once. */
export type ReadTrouble = (error: unknown, consequence: string) => void

export class CheckReader {
  /** Permissions GitHub refused, each once, in the order met. */
  readonly refused: string[] = []
  /** The requests of the round being read: the last reading of the checks, and what it read of the failures. */
  private roundRequests = 0
  /** The head's checks as last read. */
  lastRead: HeadChecks = { pending: [], failedRuns: [], failedStatuses: [] }
  /** Permissions refused by the reads that tell what failed (check suites and runs, statuses), in the order met. */
  readonly unreadable: string[] = []
  /** What the suites and workflow runs read so far said of each suite. */
  private readonly origins = noOrigins()
  /** The issue search for the head's pull requests, asked once per run (GitHub allows 30 searches a minute). */
  private search: Promise<CommitSearch | null> | null = null
  /** Why the named statuses count for nothing, once a reading found it: it holds for the rest of the run. */
  private statusesIgnored: string | null = null
  private told = false

  constructor(
    private readonly api: GitHubApi,
    private readonly callFailed: ReadTrouble,
    /** The commit status contexts that count (see countedContexts); none: the combined status is not read. */
    private readonly countedStatuses: readonly string[],
    /** Told once why the named statuses count for nothing. */
    private readonly note: (message: string) => void = () => undefined
  ) {}

  /**
   * The head's check runs (one page) that are the pull request's own, and its combined status (when some
   * contexts count), sorted: what runs, what failed. Read again by every poll of a wait, which reads suites and workflow runs only for new suites.
   */
  async headChecks(head: AgentHead): Promise<HeadChecks> {
    this.roundRequests = 0
    const counted = this.countedStatuses.length > 0
    const [runs, status, owners, search] = await Promise.all([
      this.readPicture(() => this.api.checkRuns(head.sha), 'The check runs are left out.'),
      counted ? this.readPicture(() => this.api.combinedStatus(head.sha), 'The commit statuses are left out.') : null,
      counted ? this.readPicture(() => this.api.headOwners(head.sha, { branches: false }), 'The commit statuses are left out.') : null,
      counted ? this.searchOnce(head.sha) : null
    ])
    const listed = runs?.runs ?? []
    await this.learnOrigins(listed, head.sha)
    const own = listed.filter((run) => isOwnRun(run, this.origins, head))
    const statuses = counted ? this.countedOf(status?.statuses ?? [], statusesUnknown(owners, search, head)) : []
    this.lastRead = sortHeadChecks(own, statuses, this.countedStatuses)
    return this.lastRead
  }

  /**
   * The statuses that count: none once a reading found them unknown (status-standing.ts), which holds for the
   * rest of the run. The first time named statuses are left out, the run says why.
   */
  private countedOf(statuses: readonly CommitStatusFacts[], unknown: string | null): readonly CommitStatusFacts[] {
    this.statusesIgnored ??= unknown
    if (this.statusesIgnored === null) return statuses
    const named = statuses.filter((status) => this.countedStatuses.includes(status.context)).map((status) => status.context)
    if (named.length > 0 && !this.told) {
      this.told = true
      this.note(`${this.statusesIgnored} Left out: ${named.join(', ')}.`)
    }
    return []
  }

  /** The issue search for pull requests that contain the head, once; a failed one is told and is null (unknown). */
  private searchOnce(sha: string): Promise<CommitSearch | null> {
    this.search ??= this.api.lookups.pullsWithCommit(sha).catch((error: unknown) => {
      this.callFailed(error, 'The statuses fix-checks-statuses names count for nothing in this run.')
      return null
    })
    return this.search
  }

  /** Reads the check suites, and the workflow runs, that the runs listed belong to and that are not known yet. */
  private async learnOrigins(runs: readonly CheckRun[], sha: string): Promise<void> {
    const wanted = originsToRead(runs, this.origins)
    // Workflow runs refused once (no `actions: read`) are not asked for again: the suites' branches decide alone.
    const workflowRuns = wanted.workflowRuns && !this.refused.includes(ACTIONS_READ)
    const [suites, listedRuns] = await Promise.all([
      wanted.suites ? this.readPicture(() => this.api.checkSuites(sha), 'The check runs are left out.') : null,
      workflowRuns ? this.read(() => this.api.workflowRuns(sha), "GitHub Actions jobs count by their check suite's branch alone.") : null
    ])
    if (suites) learnSuites(this.origins, runs, suites)
    if (listedRuns) learnWorkflowRuns(this.origins, runs, listedRuns)
  }

  /**
   * What the failures say: each failed check run with its annotations (the first 5 that have any) and, for
   * a failed Actions job, the tail of its failed steps' log (the first 3); each failed status as it is.
   * Reads stop at the round's request limit, the checks then going as far as read. About the checks last read.
   */
  async failures(): Promise<FailingCheck[]> {
    const checks = this.lastRead
    const annotated = checks.failedRuns.filter((run) => run.annotationsCount > 0).slice(0, ROUND_LIMITS.annotatedChecks)
    const logged = checks.failedRuns.filter((run) => run.actionsJob !== null).slice(0, ROUND_LIMITS.loggedJobs)
    // Annotations first: they are what Mintlify's checks say, and what a limit cut short would lose first.
    const annotations = new Map<CheckRun, CheckAnnotation[]>()
    for (const run of annotated) annotations.set(run, await this.annotationsOf(run))
    const jobsOfRun = new Map<number, WorkflowJob[] | null>()
    const logs = new Map<CheckRun, JobLogTail[]>()
    for (const run of logged) logs.set(run, await this.logTailOf(run, jobsOfRun))
    return [
      ...checks.failedRuns.map((run) => failingRun(run, annotations.get(run) ?? [], logs.get(run) ?? [])),
      ...checks.failedStatuses.map(failingStatus)
    ]
  }

  private async annotationsOf(run: CheckRun): Promise<CheckAnnotation[]> {
    const read = await this.budgeted(
      () => this.api.checkAnnotations(run.id, ROUND_LIMITS.annotationsPerCheck),
      `The annotations of ${run.name} are left out.`
    )
    return read ?? []
  }

  /** The failed steps' last lines of an Actions job: its workflow run's jobs (for the steps, once per run), then its log. */
  private async logTailOf(run: CheckRun, jobsOfRun: Map<number, WorkflowJob[] | null>): Promise<JobLogTail[]> {
    const job = run.actionsJob
    if (!job) return []
    if (!jobsOfRun.has(job.runId))
      jobsOfRun.set(job.runId, await this.budgeted(() => this.api.workflowJobs(job.runId), `The log of ${run.name} is left out.`))
    const jobs = jobsOfRun.get(job.runId)
    if (!jobs) return []
    const log = await this.budgeted(() => this.api.jobLog(job.jobId, ROUND_LIMITS.logBytes), `The log of ${run.name} is left out.`)
    if (!log) return []
    const steps = jobs.find((listed) => listed.id === job.jobId)?.steps ?? []
    return [{ job: run.name, lines: failedStepsTail(log.text, steps, log.cut) }]
  }

  /** A read of the failures, unless the round's requests are spent (then null, said in the log's words of `consequence`). */
  private async budgeted<T>(call: () => Promise<T>, consequence: string): Promise<T | null> {
    if (this.roundRequests >= ROUND_REQUESTS) return null
    return this.read(call, consequence)
  }

  /** A read that tells what failed: a permission it is refused is one the run cannot judge the head without. */
  private async readPicture<T>(call: () => Promise<T>, consequence: string): Promise<T | null> {
    this.roundRequests++
    try {
      return await call()
    } catch (error) {
      addOnce(this.unreadable, this.refusal(error, consequence))
      return null
    }
  }

  /** One request of check data; a refusal for want of a permission is told and read as nothing. */
  private async read<T>(call: () => Promise<T>, consequence: string): Promise<T | null> {
    this.roundRequests++
    try {
      return await call()
    } catch (error) {
      this.refusal(error, consequence)
      return null
    }
  }

  /** The permission a refused read wanted, noted and told (the warning names it once); any other failure is thrown on. */
  private refusal(error: unknown, consequence: string): string {
    const permission = error instanceof GitHubError ? error.missingPermission : null
    if (permission === null) throw error
    addOnce(this.refused, permission)
    this.callFailed(error, consequence)
    return permission
  }
}

function addOnce(list: string[], item: string): void {
  if (!list.includes(item)) list.push(item)
}

const ACTIONS_READ = 'actions: read'
