import type { CheckRun, CommitStatusFacts } from '../../github/api.js'

/**
 * How each check on the agent's pull request's head counts: still running, passed (anything finished
 * that is no failure: neutral, skipped, stale and cancelled pass too), or failed.
 */
export type CheckVerdict = 'pending' | 'passed' | 'failed'

/**
 * The failing conclusions of a check run; `startup_failure` is a workflow run's (a workflow file GitHub
 * could not start), which the check runs API does not list but a `workflow_run` event carries.
 * `neutral`, `skipped`, `stale`, `cancelled` and `success` are not failures.
 */
const FAILED_CONCLUSIONS: readonly string[] = ['failure', 'timed_out', 'action_required', 'startup_failure']
/** The failing states of a legacy commit status; `pending` still runs. */
const FAILED_STATES: readonly string[] = ['failure', 'error']

/** A check run, or a workflow run, by its status and conclusion. */
export function verdictOfRun(status: string, conclusion: string): CheckVerdict {
  if (status !== 'completed') return 'pending'
  return FAILED_CONCLUSIONS.includes(conclusion) ? 'failed' : 'passed'
}

/** A commit status by its state. */
export function verdictOfStatus(state: string): CheckVerdict {
  if (state === 'pending') return 'pending'
  return FAILED_STATES.includes(state) ? 'failed' : 'passed'
}

/** The checks of a head, sorted: what still runs (by name), and what failed. */
export interface HeadChecks {
  /** Names of the check runs and status contexts still queued or in progress. */
  pending: string[]
  failedRuns: CheckRun[]
  failedStatuses: CommitStatusFacts[]
}

/**
 * The commit status contexts that count: those `fix-checks-statuses` names. A status carries no origin (an
 * App installed here writes one on any pull request's head, a fork's included, and it outlives that pull
 * request), so no other status starts, appears in, or is waited on by a round. The action's own docs-check
 * status (`ownContext`, its `status-context`; '' when the workflow sets none) never counts: it says what the
 * action did, not what the agent's files are.
 */
export function countedContexts(named: readonly string[], ownContext: string): string[] {
  return named.filter((context) => context !== ownContext)
}

/** Sorts a head's check runs and, of its statuses, those of the `counted` contexts (see countedContexts). */
export function sortHeadChecks(runs: readonly CheckRun[], statuses: readonly CommitStatusFacts[], counted: readonly string[]): HeadChecks {
  const own = statuses.filter((status) => counted.includes(status.context))
  return {
    pending: [
      ...runs.filter((run) => verdictOfRun(run.status, run.conclusion) === 'pending').map((run) => run.name),
      ...own.filter((status) => verdictOfStatus(status.state) === 'pending').map((status) => status.context)
    ],
    failedRuns: runs.filter((run) => verdictOfRun(run.status, run.conclusion) === 'failed'),
    failedStatuses: own.filter((status) => verdictOfStatus(status.state) === 'failed')
  }
}

/** The names of what failed, check runs first, as the comment and the hand-over name them. */
export function failedNames(checks: HeadChecks): string[] {
  return [...checks.failedRuns.map((run) => run.name), ...checks.failedStatuses.map((status) => status.context)]
}
