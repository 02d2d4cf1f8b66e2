import type { Reaction } from '../../../github/api.js'
import type { CodePullRecord } from '../../../github/markers.js'
import type { DocsSituation } from './commit-status.js'
import type { AgentPull } from './docs-record.js'
import type { ClosingNote } from './docs-check-plan.js'
import type { ReactionPlan, ReplyStatus } from './run-plan.js'

/** The writes a plan lists, in the order the run makes them. Each is carried out by carry-out/writes.ts. */

/** One write, before the job or instead of one. */
export type Write =
  | { kind: 'log'; message: string }
  | { kind: 'react'; on: ReactionPlan; content: Reaction }
  /** The docs check's commit status on `sha`; a dry run shows it instead. */
  | { kind: 'commit-status'; situation: DocsSituation; sha: string; dryRun: boolean }
  /** The agent's pull request told that its code pull request closed; a dry run shows it instead. */
  | { kind: 'note'; note: ClosingNote; dryRun: boolean }
  /**
   * A reply of its own, which the run's result links to. `withRecord`: it carries the docs record as it
   * stands after the writes before it (the commit status written, if GitHub took it).
   */
  | { kind: 'reply'; to: ReplyStatus; text: string; withRecord: boolean }
  /**
   * The sticky comment of an outsider's pull request, carrying the record: it waits for a maintainer (the
   * record holds its shown head), or its head is another pull request's too (`why` says whose).
   */
  | {
      kind: 'sticky-comment'
      says: 'waiting' | 'shared-head'
      pull: number
      head: string
      why: string
      stickyId: number | null | undefined
    }

/** One write once the job ended, decided from the plan and the job's report. */
export type AfterWrite =
  | Extract<Write, { kind: 'react' | 'commit-status' }>
  /** The status comment concluded with the result (and the docs record, after the commit status before it). */
  | { kind: 'result-comment' }
  /** A continued run's line in the timeline of the grouped pull request. */
  | { kind: 'timeline' }
  /**
   * The agent's pull request introduced, recording the code pull request that started the job (null: none
   * did); `then` only once this run wrote the introduction.
   */
  | { kind: 'introduce'; codePull: CodePullRecord | null; then: AfterWrite[] }
  /** `agent-label` put on the agent's pull request, by which the docs-health report finds its merged work. */
  | { kind: 'label'; pull: AgentPull; name: string }
  /** `reviewers` asked to review the agent's pull request (the token's own identity is left out when it is read). */
  | { kind: 'ask-reviewers'; pull: AgentPull; people: string[]; teams: string[] }
