import type { ChecksEvent, PullFacts } from '../../github/event.js'
import type { RoundsRecord } from './rounds-record.js'

/**
 * What a run woken by a check event knows, in one value. Reading costs requests, so it is read in stages,
 * each only when the plan (plan.ts) asks for it: the payload first (free), then the pull request of the
 * event's commit (one request), then the agent's marks on it (its comments), then the head's checks, then
 * what the failures say. An outsider's wake-up stops at the pull request.
 */
export interface FixChecksFacts {
  /** `fix-checks`: rounds per pull request; 0 turns the feature off. */
  budget: number
  dryRun: boolean
  /** The commit the event is about. */
  eventHead: string
  payload: PayloadFacts
  /** The pull request of the event's commit: 'unread' until looked for, null when there is none. */
  pull: CheckedPullFacts | null | 'unread'
  /** What the trusted comments on that pull request hold; null until read. */
  marks: PullMarks | null
  /** The head's checks; null until read. */
  checks: ChecksFacts | null
  /** The wait for running checks reached the run's deadline. */
  waitedOut: boolean
}

/** What the event's payload says, known before any request. */
export interface PayloadFacts {
  /**
   * The run was a fork's: a check suite (or a check run's suite) whose `head_branch` is null, or a workflow
   * run whose head repository is not this repository.
   */
  forkRun: boolean
  /** The pull request the event names whose head is in this repository; null when it names none. */
  ownNamed: number | null
  /** The first pull request the event names, when every one it names comes from a fork; else null. */
  forkNamed: number | null
  /**
   * The event that started the workflow run of a `workflow_run` event, when it is neither `push` nor
   * `pull_request` (`pull_request_target`, `workflow_run`…: no run of the agent's pull request); else null.
   */
  otherRunEvent: string | null
}

export interface CheckedPullFacts {
  number: number
  url: string
  /** Its head commit now, as read from GitHub, and its head branch. */
  head: string
  branch: string
  fork: boolean
}

/** The agent's marks on its pull request: its job, its rounds, and the sticky comment that tells them. */
export interface PullMarks {
  /** The job of its trusted, signed job marker; '' when it has none (then it is no pull request of the agent's). */
  jobId: string
  /** The newest signed rounds record; null when it has none yet. */
  record: RoundsRecord | null
  /** This workflow job's sticky comment to update (null: a new one), and the round lines it shows. */
  stickyId: number | null
  earlierLines: string[]
}

export interface ChecksFacts {
  /** Checks still queued or in progress. */
  pending: string[]
  /** Checks that failed, by name. */
  failed: string[]
  /** What the failures say; null until read (annotations and logs). */
  failures: { fingerprint: string; message: string } | null
  /** Permissions GitHub refused for the reads that tell what failed (check suites and runs, statuses). */
  unreadable: string[]
}

/** The facts before any request: the settings and what the payload says (`repository`: this one, `owner/name`). */
export function payloadFacts(event: ChecksEvent, repository: string): PayloadFacts {
  const own = event.pulls.find((pull) => sameRepository(pull.headRepo, repository))
  const startedBy = event.origin.startedBy
  return {
    // A fork's run, as the payload tells it (a suite with no branch, a workflow run pushed elsewhere): see CheckOrigin.
    forkRun: event.origin.fork,
    ownNamed: own?.number ?? null,
    forkNamed: own === undefined ? (event.pulls[0]?.number ?? null) : null,
    otherRunEvent: event.name === 'workflow_run' && !OWN_RUN_EVENTS.includes(startedBy) ? startedBy || 'an unknown event' : null
  }
}

/**
 * The agent's pull request among the open ones GitHub lists for the event's commit: the one whose head is in
 * this repository and is that commit. Commits are shared across a fork network, so the list may hold a fork's
 * pull request on the same commit, in any place: it is passed over, never chosen.
 */
export function pullOfCommit(listed: readonly PullFacts[], sha: string): PullFacts | null {
  return listed.find((pull) => !pull.head.fork && pull.head.sha.toLowerCase() === sha.toLowerCase()) ?? null
}

/** The events whose workflow runs are the agent's pull request's own: its pushes, and its own pull-request runs. */
export const OWN_RUN_EVENTS: readonly string[] = ['push', 'pull_request']

/** Repository names are case-insensitive on GitHub; '' names none. */
export function sameRepository(a: string, b: string): boolean {
  return a !== '' && a.toLowerCase() === b.toLowerCase()
}

export function short(sha: string): string {
  return sha.slice(0, 7)
}
