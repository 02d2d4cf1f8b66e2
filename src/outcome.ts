import { formatDuration } from './duration.js'
import { messageOf } from './errors.js'
import { plural } from './markdown.js'
import { CreditsExhausted } from './mintlify/errors.js'
import { OverBudget } from './spend/over-budget.js'
import { stripPeriod } from './text.js'
import { shellSafeUrl } from './trust/shell-safe-outputs.js'
import type { Outage } from './wait.js'
import type { Outcome, StepResult, Verdict } from './verdict.js'

// Defined in verdict.ts, below markdown.ts that shows them (no import circle); operations take them from here.
export { OUTCOMES, type Outcome, type StepResult, type Verdict } from './verdict.js'

/**
 * What every operation ends with, whatever its family: the outcome word, how the step ends, and the
 * result the report stage publishes. Each family's own verdicts live in its folder under operations/.
 */

/**
 * What every operation ends with: how the step ends, its outputs (all of them), its job summary, and the
 * status comment's URL where the operation keeps one (null: none was posted; absent: it never posts one).
 */
export interface OperationResult {
  verdict: Verdict
  outputs: Record<string, string>
  /** Markdown for the job summary. */
  summary: string
  statusComment?: string | null
}

/**
 * Every output of an operation's result: its own, and `comment-url` where the operation keeps a status comment
 * (shell-safe, as every URL output: later steps may paste it into a script).
 */
export function resultOutputs(result: OperationResult): Record<string, string> {
  return result.statusComment === undefined
    ? result.outputs
    : { ...result.outputs, 'comment-url': shellSafeUrl(result.statusComment ?? '') }
}

/** A verdict that succeeds (with a notice or a warning where `result` says so). */
export function success(outcome: Outcome, result: StepResult, headline: string): Verdict {
  return { outcome, result, headline, failureReason: '' }
}

/** A verdict that fails the step, its reason also its headline. */
export function failure(outcome: Outcome, reason: string): Verdict {
  return { outcome, result: 'failure', headline: reason, failureReason: reason }
}

/**
 * The verdict when the API refused or lost the request that would have started the work. A refusal for
 * credits (Mintlify's 402) or by the spend limit (nothing was sent) is no failure of the run: it ends `over-budget`.
 */
export function judgeStartFailure(error: unknown, cancelled: boolean): Verdict {
  if (error instanceof CreditsExhausted || error instanceof OverBudget) return judgeOverBudget(error.message)
  return failure(cancelled ? 'cancelled' : 'failed', messageOf(error))
}

/**
 * An agent request that was not sent because the budget is spent: Mintlify's credits for the billing cycle
 * (a 402, `CreditsExhausted`), or a spend limit across runs. Nothing failed, so the step succeeds, with a
 * warning: `why` says which budget, how much of it was used and when it renews. It is also the
 * `failure-reason`, since the work the run was for did not happen.
 */
export function judgeOverBudget(why: string): Verdict {
  return { outcome: 'over-budget', result: 'warning', headline: why, failureReason: why }
}

/** No work: a notice. `skipped` is a success (nothing was asked); `denied` refused a request, so its reason is given. */
export function judgeQuiet(outcome: 'skipped' | 'denied', why: string): Verdict {
  return { outcome, result: 'notice', headline: why, failureReason: outcome === 'denied' ? why : '' }
}

/** A closed code pull request told its agent pull request (the docs check): a success, no job. */
export function judgeNoted(why: string): Verdict {
  return success('noted', 'success', why)
}

/** A dry run of a request to the docs API: what it `would` do, and that nothing was sent or written. A notice, so the step stays green. */
export function judgeWouldSend(would: string): Verdict {
  return success('dry-run', 'notice', `Dry run: would ${would}; nothing was sent to the Mintlify API and nothing was written to GitHub.`)
}

/**
 * Why a wait ended without the work's final state, when status reads were failing: for how long and with
 * what error, or that the server asked to be read again only after the timeout. Follows "but".
 */
export function describeOutage(outage: Outage, timeoutMs: number): string {
  const last = stripPeriod(messageOf(outage.error))
  if (outage.retryPastDeadline) return `the API asks to be read again only after the ${formatDuration(timeoutMs)} timeout (${last})`
  const polls = plural(outage.failedPolls, 'poll')
  return `its status could not be read for the last ${formatDuration(outage.forMs)} before the ${formatDuration(timeoutMs)} timeout (${polls} failed; the last: ${last})`
}
