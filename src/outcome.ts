import { formatDuration } from './duration.js'
import { messageOf } from './errors.js'
import { stripPeriod } from './text.js'
import type { ExportSummary } from './analytics/export-kinds.js'
import type { PagedEndpoint } from './analytics/paging.js'
import type { DateRange } from './analytics/range.js'
import type { TrafficCounts } from './mintlify/analytics.js'
import type { AgentJob } from './mintlify/job.js'
import type { Outage, WaitResult } from './wait.js'

/** The `outcome` output: one word for `if:` conditions. */
export const OUTCOMES = [
  'pr-opened',
  'no-changes',
  'failed',
  'archived',
  'timed-out',
  'cancelled',
  'started',
  'skipped',
  'denied',
  'dry-run',
  'exported',
  'partial',
  'reported'
] as const
export type Outcome = (typeof OUTCOMES)[number]

/** How the step ends: `notice` and `warning` succeed with an annotation; `failure` fails the step. */
export type StepResult = 'success' | 'notice' | 'warning' | 'failure'

export interface Verdict {
  outcome: Outcome
  result: StepResult
  /** One sentence for the log, summary and comment. */
  headline: string
  /** Plain text, set whenever the outcome is not a success. */
  failureReason: string
}

/** What the agent was asked to do, for wording: a new job or a follow-up message. */
export type JobAction = 'job' | 'message'

/** What one agent run produced, for the report stage. */
export interface JobReport {
  action: JobAction
  verdict: Verdict
  /** The last job record seen; null when the API never accepted the request. */
  job: AgentJob | null
  prompt: string
  promptSource: string
  /** The context block appended to the prompt, or ''. */
  context: string
  waited: boolean
  durationMs: number
  polls: number
  runUrl: string | null
}

export interface ExportReport {
  kind: PagedEndpoint
  verdict: Verdict
  range: DateRange
  /** Visitors and views, from the API's first page: never summed from rows (`total` is deduplicated). */
  totals: TrafficCounts | null
  /** Rows written: pages, feedback entries, search terms or conversations. */
  rowCount: number
  requests: number
  /** The file as the user named it; '' when nothing was written. */
  file: string
  /** What the job summary shows; null when nothing was written (a partial read would mislead). */
  summary: ExportSummary | null
  duplicates: number
}

/** The verdict on a job the API accepted, from how waiting ended (or `null` when not waiting). */
export function judgeJob(wait: WaitResult<AgentJob> | null, accepted: AgentJob, timeoutMs: number, action: JobAction): Verdict {
  const job = wait?.record ?? accepted
  const id = job.id ?? 'unknown'
  if (wait === null) {
    const what = action === 'job' ? `accepted job ${id}` : `accepted the follow-up to job ${id}`
    return success('started', 'success', `The docs agent ${what}; not waiting for it (wait: false).`)
  }
  switch (wait.kind) {
    case 'timed-out':
      return failure(
        'timed-out',
        wait.outage
          ? `Job ${id} was still ${job.status ?? 'running'} when last read, but ${describeOutage(wait.outage, timeoutMs)}; it may finish later: follow job ${id} in the Mintlify dashboard.`
          : `Job ${id} was still ${job.status ?? 'running'} after the ${formatDuration(timeoutMs)} timeout and may finish later: follow job ${id} in the Mintlify dashboard, or raise timeout.`
      )
    case 'cancelled':
      return failure('cancelled', `The workflow was cancelled while waiting; job ${id} may still be running.`)
    case 'error':
      return failure('failed', `${stripPeriod(messageOf(wait.error))}; job ${id} may still be running.`)
    case 'terminal':
      return judgeFinalState(job, id, action)
  }
}

/**
 * Why a wait ended without the work's final state, when status reads were failing: for how long and with
 * what error, or that the server asked to be read again only after the timeout. Follows "but".
 */
export function describeOutage(outage: Outage, timeoutMs: number): string {
  const last = stripPeriod(messageOf(outage.error))
  if (outage.retryPastDeadline) return `the API asks to be read again only after the ${formatDuration(timeoutMs)} timeout (${last})`
  const polls = outage.failedPolls === 1 ? '1 poll' : `${outage.failedPolls} polls`
  return `its status could not be read for the last ${formatDuration(outage.forMs)} before the ${formatDuration(timeoutMs)} timeout (${polls} failed; the last: ${last})`
}

function judgeFinalState(job: AgentJob, id: string, action: JobAction): Verdict {
  if (job.status === 'completed') {
    const opened = action === 'job' ? 'The docs agent opened a pull request' : 'The docs agent finished the follow-up on its pull request'
    return job.prLink
      ? success('pr-opened', 'success', `${opened}: ${job.prLink}`)
      : success('no-changes', 'notice', `The docs agent finished job ${id} without opening a pull request.`)
  }
  if (job.status === 'archived') {
    return job.prLink
      ? {
          outcome: 'archived',
          result: 'warning',
          headline: `Job ${id} was archived before it finished; its pull request is ${job.prLink}`,
          failureReason: `Job ${id} was archived before it finished.`
        }
      : failure('archived', `Job ${id} was archived before it finished, without a pull request.`)
  }
  const reason = job.reason ? `: ${stripPeriod(job.reason)}` : ' (the API gave no reason)'
  return failure('failed', `The docs agent job ${id} failed${reason}.`)
}

/** The verdict when the API refused or lost the request that would have started the work. */
export function judgeStartFailure(error: unknown, cancelled: boolean): Verdict {
  return failure(cancelled ? 'cancelled' : 'failed', messageOf(error))
}

function success(outcome: Outcome, result: StepResult, headline: string): Verdict {
  return { outcome, result, headline, failureReason: '' }
}

function failure(outcome: Outcome, reason: string): Verdict {
  return { outcome, result: 'failure', headline: reason, failureReason: reason }
}

/** A dry run: what would have been sent, and that nothing was. A success with a notice, so the step stays green. */
export function judgeDryRun(action: JobAction, projectId: string, jobId: string, characters: number): Verdict {
  const what = action === 'job' ? `create an agent job in project ${projectId}` : `send a follow-up message to job ${jobId}`
  return {
    outcome: 'dry-run',
    result: 'notice',
    headline: `Dry run: would ${what} with a ${characters}-character prompt; nothing was sent to the Mintlify API and nothing was written to GitHub.`,
    failureReason: ''
  }
}

/** An export in a dry run: the request plan, and that nothing was sent and no file written. */
export function judgeExportDryRun(kind: PagedEndpoint, pageSize: number, maxRequests: number): Verdict {
  return {
    outcome: 'dry-run',
    result: 'notice',
    headline: `Dry run: the ${kind} export would ask for ${pageSize} rows per request, one request per page until the API says the end is reached, at most ${maxRequests} requests; nothing was sent and no file was written.`,
    failureReason: ''
  }
}

/** No job: a notice. `skipped` is a success (nothing was asked); `denied` refused a request, so its reason is given. */
export function judgeQuiet(outcome: 'skipped' | 'denied', why: string): Verdict {
  return { outcome, result: 'notice', headline: why, failureReason: outcome === 'denied' ? why : '' }
}

/** An export that read every page, or one stopped early (`stopped`), which is marked partial. */
export function judgeExport(kind: PagedEndpoint, written: string, stopped: { where: string; because: string } | null): Verdict {
  if (stopped === null) return { outcome: 'exported', result: 'success', headline: `Exported ${kind}: ${written}.`, failureReason: '' }
  return {
    outcome: 'partial',
    result: 'warning',
    headline: `Partial export: stopped with more rows left ${stopped.where} because ${stopped.because}; wrote ${written}, marked partial. Raise max-requests or narrow the date range.`,
    failureReason: `The export is partial: it stopped ${stopped.where} because ${stopped.because}.`
  }
}

/** An export that wrote nothing: failed, or cancelled by the workflow. */
export function judgeExportFailure(reason: string, cancelled: boolean): Verdict {
  return { outcome: cancelled ? 'cancelled' : 'failed', result: 'failure', headline: reason, failureReason: reason }
}
