import type { OverBudget } from '../../spend/over-budget.js'
import { formatDuration } from '../../duration.js'
import { messageOf } from '../../errors.js'
import type { AgentJob } from '../../mintlify/job.js'
import { describeOutage, failure, judgeWouldSend, success, type Verdict } from '../../outcome.js'
import { stripPeriod } from '../../text.js'
import type { WaitResult } from '../../wait.js'

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
  /** The change notes appended to the prompt, or ''. */
  changeNotes: string
  waited: boolean
  durationMs: number
  polls: number
  runUrl: string | null
  /** `group-runs`: absent when the run did not group (off, a slash command, a label). */
  grouped?: GroupedOutcome
  /** The spend limit refused the request: nothing was sent (the docs check's status says until when). */
  refusal?: OverBudget
}

/** A grouping run continued the job of the open agent pull request `pull` (its URL), or opened a new job. */
export interface GroupedOutcome {
  kind: 'continued' | 'new'
  pull: string | null
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

/** A dry run: what would have been sent, and that nothing was. A success with a notice, so the step stays green. */
export function judgeDryRun(action: JobAction, projectId: string, jobId: string, characters: number): Verdict {
  const what = action === 'job' ? `create an agent job in project ${projectId}` : `send a follow-up message to job ${jobId}`
  return judgeWouldSend(`${what} with a ${characters}-character prompt`)
}
