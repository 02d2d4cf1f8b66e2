import type { CheckRun, CheckSuite, WorkflowRunOrigin } from '../../github/api.js'
import { sameRepository } from './facts.js'

/**
 * Which check runs on the head are the agent's pull request's. Commits are shared across a fork network, so
 * a fork's pull request can run CI on the agent's head commit (without secrets) and fail; a check run's
 * `pull_requests` cannot tell, for GitHub lists there every open pull request whose head is that commit.
 * Its check suite can: GitHub names the branch a suite ran for, and none for a fork's branch. A GitHub
 * Actions job can be told by its workflow run too, which names the repository its head was pushed to.
 * Pure: the reader (check-reader.ts) reads the suites and workflow runs, and keeps what it learnt.
 */

/** What the reader learnt of the head's check suites, by suite id; a suite learnt once does not change. */
export interface KnownOrigins {
  /** The branch each suite ran for; null: a fork's (GitHub names none), or a suite the listing did not hold. */
  suiteBranches: Map<number, string | null>
  /** The head repository of the workflow run behind each GitHub Actions suite ('' where none was listed). */
  runRepositories: Map<number, string>
}

/** The agent's pull request as its check runs are told by: its head branch, and this repository (`owner/name`). */
export interface OwnHead {
  sha: string
  branch: string
  repository: string
}

const ACTIONS_APP = 'github-actions'

export function noOrigins(): KnownOrigins {
  return { suiteBranches: new Map(), runRepositories: new Map() }
}

/**
 * A check run counts when its suite ran for the pull request's head branch and, for a GitHub Actions job
 * whose workflow run was read, that run's head is in this repository. A workflow run that could not be read
 * (the token lacks `actions: read`) leaves the suite's branch to decide alone.
 */
export function isOwnRun(run: CheckRun, known: KnownOrigins, own: OwnHead): boolean {
  const branch = known.suiteBranches.get(run.suiteId)
  if (branch === undefined || branch === null || branch !== own.branch) return false
  const repository = known.runRepositories.get(run.suiteId)
  return repository === undefined || sameRepository(repository, own.repository)
}

/** What must be read before `runs` can be told apart: suites not learnt yet, and workflow runs of Actions suites not learnt yet. */
export function originsToRead(runs: readonly CheckRun[], known: KnownOrigins): { suites: boolean; workflowRuns: boolean } {
  return {
    suites: runs.some((run) => !known.suiteBranches.has(run.suiteId)),
    workflowRuns: runs.some((run) => run.app === ACTIONS_APP && !known.runRepositories.has(run.suiteId))
  }
}

/** Learns the branch of every suite of `runs` from a listing of the suites (one GitHub did not list: none). */
export function learnSuites(known: KnownOrigins, runs: readonly CheckRun[], suites: readonly CheckSuite[]): void {
  for (const run of runs) {
    if (known.suiteBranches.has(run.suiteId)) continue
    known.suiteBranches.set(run.suiteId, suites.find((suite) => suite.id === run.suiteId)?.headBranch ?? null)
  }
}

/** Learns the head repository behind every Actions suite of `runs` from a listing of the workflow runs (one not listed: none). */
export function learnWorkflowRuns(known: KnownOrigins, runs: readonly CheckRun[], workflowRuns: readonly WorkflowRunOrigin[]): void {
  for (const run of runs) {
    if (run.app !== ACTIONS_APP || known.runRepositories.has(run.suiteId)) continue
    known.runRepositories.set(run.suiteId, workflowRuns.find((listed) => listed.checkSuiteId === run.suiteId)?.headRepository ?? '')
  }
}
