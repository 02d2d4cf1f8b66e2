import type { PullReview, PullStanding } from '../../github/api.js'
import type { CodePullRecord } from '../../github/markers.js'
import type { SweepRecord } from './record.js'

/**
 * What a sweep knows before it decides: the list of the agent's open pull requests, which of them this run
 * visits, and for each visited one what was read (read.ts). Everything the plan (plan.ts) decides on, and
 * nothing it would have to ask for.
 */

/** A fact read, or why it was not: GitHub or the docs API refused it, or (a dry run) it was not asked. */
export type Fact<T> = { read: true; value: T } | { read: false; why: string }

/** An agent pull request as the list shows it. */
export interface ListedPull {
  number: number
  title: string
  url: string
  createdAt: string
  updatedAt: string
}

/** What the first page of its comments says: the introduction (job, code pull request) and the sweep's record. */
export interface PullComments {
  /** The job the newest trusted, signed introduction names; null: none found. */
  jobId: string | null
  /** The code pull request that introduction records; null: none (an older introduction, or a job no pull request started). */
  codePull: CodePullRecord | null
  /** The sweep's newest signed record there, or the empty record. */
  record: SweepRecord
  /** The sticky comment of the token's own identity holding that record, to update; null: a new one is written. */
  stickyId: number | null
  /** The docs check's note that the code pull request closed without merging is there already. */
  orphanNoteSeen: boolean
}

/** The code pull request's state, as read in its repository. */
export type CodePullState = 'open' | 'merged' | 'closed'

/** The job's status (`active`, `completed`, …), as the docs API says; a dry run reads none. */
export type JobState = { status: string } | { notRead: 'dry-run' }

/** One visited pull request: each fact as read, or why not; `undefined` facts were not needed. */
export interface VisitedPull {
  listed: ListedPull
  standing: Fact<PullStanding>
  comments: Fact<PullComments>
  /** Read only when it may be stale. */
  reviews?: Fact<PullReview[]>
  /** Read only for a conflict candidate. */
  job?: Fact<JobState>
  /** Read only where the introduction records a code pull request. */
  codePull?: Fact<CodePullState>
}

export interface SweepFacts {
  /** `owner/name` of the docs repository. */
  repository: string
  /** The run's time (ms since the epoch). */
  now: number
  /** How many agent pull requests the list holds (issues dropped), and whether it was cut at its 3 pages. */
  listed: number
  listCut: boolean
  visited: VisitedPull[]
  /** Listed, not visited in this run: their turn comes in a later one. */
  leftForLater: ListedPull[]
}
