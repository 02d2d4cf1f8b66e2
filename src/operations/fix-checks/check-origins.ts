import type { CheckRun, CheckSuite, WorkflowRunOrigin } from '../../github/api.js'
import { OWN_RUN_EVENTS, sameRepository } from './facts.js'

/**
 * Which check runs on the head are the agent's pull request's. Commits are shared across a fork network, so
 * a fork's pull request can run CI on the agent's head commit (without secrets) and fail; a check run's
 * `pull_requests` cannot tell, for GitHub lists there every open pull request whose head is that commit.
 * Its check suite can: GitHub names the branch a suite ran for, and none for a fork's branch. A GitHub
 * Actions job can be told by its workflow run too, which names the repository its head was pushed to and
 * the event that started it. Only a `push` or a `pull_request` run is the agent's pull request's: a fork's
 * pull request opened into the agent's branch runs this repository's `pull_request_target` workflows on
 * the agent's head commit (their suites carry the agent's branch and this repository), and a
 * `workflow_run` workflow runs for whatever run woke it.
 * Pure: the reader (check-reader.ts) reads the suites and workflow runs, and keeps what it learnt.
 */

/** Where a workflow run comes from, as far as whose it is goes. */
export interface RunOrigin {
  /** `owner/name` of the repository its head was pushed to ('' where none was listed). */
  repository: string
  /** The event that started it ('' where none was listed). */
  event: string
}

/** What the reader learnt of the head's check suites, by suite id; a suite learnt once does not change. */
export interface KnownOrigins {
  /** The branch each suite ran for; null: a fork's (GitHub names none), or a suite the listing did not hold. */
  suiteBranches: Map<number, string | null>
  /** The origin of the workflow run behind each GitHub Actions suite (repository and event '' where none was listed). */
  runOrigins: Map<number, RunOrigin>
}

/** The agent's pull request as its check runs are told by: its head branch, and this repository (`owner/name`). */
export interface OwnHead {
  sha: string
  branch: string
  repository: string
}

const ACTIONS_APP = 'github-actions'

export function noOrigins(): KnownOrigins {
  return { suiteBranches: new Map(), runOrigins: new Map() }
}

/**
 * A check run counts when its suite ran for the pull request's head branch and, for a GitHub Actions job
 * whose workflow run was read, that run's head is in this repository and a push or the pull request's own
 * `pull_request` started it. A workflow run that could not be read (the token lacks `actions: read`) leaves
 * the suite's branch to decide alone.
 */
export function isOwnRun(run: CheckRun, known: KnownOrigins, own: OwnHead): boolean {
  const branch = known.suiteBranches.get(run.suiteId)
  if (branch === undefined || branch === null || branch !== own.branch) return false
  const origin = known.runOrigins.get(run.suiteId)
  return origin === undefined || (sameRepository(origin.repository, own.repository) && OWN_RUN_EVENTS.includes(origin.event))
}

/** What must be read before `runs` can be told apart: suites not learnt yet, and workflow runs of Actions suites not learnt yet. */
export function originsToRead(runs: readonly CheckRun[], known: KnownOrigins): { suites: boolean; workflowRuns: boolean } {
  return {
    suites: runs.some((run) => !known.suiteBranches.has(run.suiteId)),
    workflowRuns: runs.some((run) => run.app === ACTIONS_APP && !known.runOrigins.has(run.suiteId))
  }
}

/** Learns the branch of every suite of `runs` from a listing of the suites (one GitHub did not list: none). */
export function learnSuites(known: KnownOrigins, runs: readonly CheckRun[], suites: readonly CheckSuite[]): void {
  for (const run of runs) {
    if (known.suiteBranches.has(run.suiteId)) continue
    known.suiteBranches.set(run.suiteId, suites.find((suite) => suite.id === run.suiteId)?.headBranch ?? null)
  }
}

/** Learns the origin of the workflow run behind every Actions suite of `runs` from a listing of the workflow runs (one not listed: none). */
export function learnWorkflowRuns(known: KnownOrigins, runs: readonly CheckRun[], workflowRuns: readonly WorkflowRunOrigin[]): void {
  for (const run of runs) {
    if (run.app !== ACTIONS_APP || known.runOrigins.has(run.suiteId)) continue
    const listed = workflowRuns.find((workflowRun) => workflowRun.checkSuiteId === run.suiteId)
    known.runOrigins.set(run.suiteId, { repository: listed?.headRepository ?? '', event: listed?.event ?? '' })
  }
}
