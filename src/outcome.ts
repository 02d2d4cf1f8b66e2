import { formatDuration } from './duration.js'
import { messageOf } from './errors.js'
import type { AgentJob } from './mintlify/job.js'
import type { WaitResult } from './wait.js'

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
  'exported',
  'partial'
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

/** The verdict on a job the API accepted, from how waiting ended (or `null` when not waiting). */
export function judgeJob(wait: WaitResult | null, accepted: AgentJob, timeoutMs: number, action: JobAction): Verdict {
  const job = wait?.job ?? accepted
  const id = job.id ?? 'unknown'
  if (wait === null) {
    const what = action === 'job' ? `accepted job ${id}` : `accepted the follow-up to job ${id}`
    return success('started', 'success', `The docs agent ${what}; not waiting for it (wait: false).`)
  }
  switch (wait.kind) {
    case 'timed-out':
      return failure(
        'timed-out',
        `Job ${id} was still ${job.status ?? 'running'} after the ${formatDuration(timeoutMs)} timeout and may finish later: follow job ${id} in the Mintlify dashboard, or raise timeout.`
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
      : success('no-changes', 'notice', `The docs agent finished job ${id} without changing files.`)
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

function stripPeriod(text: string): string {
  return text.replace(/[.\s]+$/, '')
}
