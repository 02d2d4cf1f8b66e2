import type { DocsSituation } from './commit-status.js'
import type { AgentPull, RecordUpdate } from './docs-record.js'

/** What the docs check decided for one run (docs-check-rules.ts): the job, the status, the record, the note, the replies. */

/** The commit status written before the job, or instead of it. */
export type CommitStatusNow =
  | { kind: 'none' }
  /** Pending, "working (job <id>)", once the job is accepted; its end writes the final status. */
  | { kind: 'working' }
  | { kind: 'write'; situation: DocsSituation }

/** A comment for the agent's pull request: the code pull request closed. */
export interface ClosingNote {
  pull: AgentPull
  text: string
}

export type NoJobOutcome = 'skipped' | 'noted'

export interface DocsCheckPlan {
  job: 'start' | 'none'
  statusNow: CommitStatusNow
  record: RecordUpdate
  note: ClosingNote | null
  /**
   * `usage`: skip where it does not apply; `skip-recorded`: the reply to a `/docs skip` that says so;
   * `repeat-for-head`: a maintainer's command came before the fork's head was shown, which it now is.
   */
  reply: 'usage' | 'skip-recorded' | 'repeat-for-head' | 'shared-head' | null
  /**
   * What the sticky comment says: `waiting`, the fork's pull request waits for a maintainer (written with
   * `comment: false` too: it holds the record); `shared-head`, the head is another pull request's too (`why`).
   */
  sticky: 'waiting' | 'shared-head' | null
  /** How a run without a job ends; null when a job starts (its verdict decides). */
  outcome: NoJobOutcome | null
  /** For the log and, unless `quiet`, a notice. */
  why: string
  quiet: boolean
  /** Show the statuses, record and note instead of writing them. */
  dryRun: boolean
}
