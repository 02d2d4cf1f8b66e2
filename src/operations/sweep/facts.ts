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

/** The introduction as read: the comment, to name the sweep's record in it on the first write. */
export interface IntroductionComment {
  id: number
  /** Its whole body as GitHub holds it (every marker and its signature): edited, not rewritten. */
  body: string
  /** The token's own identity wrote it, so may edit it. */
  ours: boolean
  /** Who wrote it (the token's identity or one of `marker-authors`). */
  login: string
}

/** What the first page of its comments says: the introduction (job, code pull request, the sweep's record id). */
export interface PullComments {
  /** The newest trusted, signed introduction among the first 100 comments; null: none there (not the agent's, or buried). */
  introduction: IntroductionComment | null
  /** The job that introduction names; null: none found. */
  jobId: string | null
  /** The code pull request that introduction records; null: none (an older introduction, or a job no pull request started). */
  codePull: CodePullRecord | null
  /** The comment holding the sweep's record, as the introduction names it; null: the sweep has written nothing yet. */
  recordId: number | null
  /**
   * Without a record id: the sweep's newest signed record on the first page (where an earlier version kept
   * it, or a record whose id could not be written into the introduction), else the empty record.
   */
  record: SweepRecord
  /** The comment holding that first-page record, when the token wrote it (to update); null: a new one is written. */
  stickyId: number | null
  /** The docs check's note that the code pull request closed without merging is there already. */
  orphanNoteSeen: boolean
}

/** The sweep's record, read by the id its introduction holds. */
export interface KeptRecord {
  commentId: number
  record: SweepRecord
  /** The token's own identity wrote it, so may update it. */
  ours: boolean
  /** Who wrote it. */
  login: string
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
  /** Read only where the introduction names the sweep's record: that comment, by its id. */
  record?: Fact<KeptRecord>
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
