import type { CodePullRecord } from '../../github/markers.js'
import type { RecordChange, SweepRecord } from './record.js'

/**
 * The words of the sweep's plan (plan.ts), which the rules (plan.ts, superseded.ts), the executor and the
 * reports share: the decisions, the writes, where the record goes, and what a planned pull request's writes
 * cost in GitHub requests.
 */

export const DECISIONS = ['orphan', 'conflict', 'working', 'stale', 'superseded', 'not judged', 'fine', 'unknown'] as const
export type Decision = (typeof DECISIONS)[number]

/** One write on a visited pull request; `change` is what it records once it was taken. */
export type SweepWrite =
  | { kind: 'comment'; text: string; change: RecordChange }
  | { kind: 'close' }
  | { kind: 'ask-reviewers'; users: string[]; teams: string[] }
  | { kind: 'follow-up'; jobId: string; prompt: string; change: RecordChange }

/**
 * Where the record of a pull request's writes goes: `update`, the comment the introduction names; `first`,
 * the sweep's first write there: a new record (or the first-page record an earlier version kept, `stickyId`)
 * whose id then goes into the introduction; `none`, nothing is written there.
 */
export type RecordKeeping =
  | { kind: 'update'; commentId: number }
  | { kind: 'first'; stickyId: number | null; introduction: { id: number; body: string } }
  | { kind: 'none' }

export interface PlannedPull {
  number: number
  title: string
  url: string
  createdAt: string
  decision: Decision
  /** The facts the decision rests on, in the action's own words (plain text, no title or body). */
  why: string
  writes: SweepWrite[]
  /** Why orphan and superseded were not judged (an introduction without its code pull request); null: they were. */
  notJudged: string | null
  /** The record as read, which the writes' changes apply to. */
  record: SweepRecord
  /** Where the record goes once a write changed it. */
  keep: RecordKeeping
}

/** A rule's ruling: the decision, the facts it rests on, its writes. */
export type Ruling = Pick<PlannedPull, 'decision' | 'why' | 'writes'>

/**
 * The GitHub requests a planned pull request's writes cost: each write but a follow-up (the docs API's),
 * and its record once a write changed it: 1 by its id, 2 on the first write (created, then named in the
 * introduction).
 */
export function writeCost(pull: Pick<PlannedPull, 'writes' | 'keep'>): number {
  const writes = pull.writes.filter((write) => write.kind !== 'follow-up').length
  const changes = pull.writes.some((write) => 'change' in write)
  return writes + (changes ? { update: 1, first: 2, none: 0 }[pull.keep.kind] : 0)
}

export function codeName(code: CodePullRecord): string {
  return `${code.repository}#${code.number}`
}

export function codeKey(code: CodePullRecord): string {
  return `${code.repository.toLowerCase()}#${code.number}`
}
