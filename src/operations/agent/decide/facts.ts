import type { GateDecision } from '../../../trust/gate.js'
import type { CheckTarget } from '../read/docs-check-reads.js'
import type { EventAsk } from '../read/event-ask.js'
import type { DocsEvent, PathsVerdict, SharedHead } from './docs-check-rules.js'
import type { AgentPull, DocsRecord } from './docs-record.js'
import type { ContextStatuses } from './context-statuses.js'
import type { JudgedHeads } from './judged.js'

/** Everything an agent run's plan is decided from: what its two reads found (read/), and the gate's decision. */
export interface RunFacts {
  asked: EventAsk
  gate: GateDecision
  /** A command on a pull request: the job of the agent's pull request there (from a trusted, signed marker). */
  agentPull: AgentPullJob | null
  /** What the docs check read; null when it has nothing to do this run. */
  docs: DocsFacts | null
  /** Epoch milliseconds, for the times the records keep. */
  now: number
}

/** The agent's pull request a command is on: its job (null: none recorded), and the fresh `fix-checks` rounds record a person's follow-up carries. */
export interface AgentPullJob {
  jobId: string | null
  freshBudget: string
  /** On a fork's code pull request: the agent's pull request its docs record names, whose job a maintainer's command follows up. */
  recorded?: AgentPull
}

/** The docs check's facts: its event, the code pull request and commit, the record, the sticky comment, `paths`. */
export interface DocsFacts {
  event: DocsEvent
  target: CheckTarget
  /** The newest trusted, signed record on the code pull request. */
  record: DocsRecord | null
  /** The judged heads the record keeps, and the key of this run's (its status context, or its workflow and job). */
  judged: { key: string; heads: JudgedHeads }
  /** The status each context wrote last, by the same keys (the record's `status` is this run's context's). */
  statuses: ContextStatuses
  /** Whether "no record" can be believed (see `RecordRead.known`): a fork's unknown record waits for a maintainer. */
  recordKnown: boolean
  /** The pull request's sticky comment among the token's own (null: none), when they were read; the status comment adopts it. */
  stickyId: number | null | undefined
  paths: PathsVerdict
  /** The pull request is an outsider's (a fork's, or an author's below `min-permission`), as the gate judged it. */
  outsiders: boolean
  /** Another open pull request with the same head, asked only where needsHeadOwners says so; null: none, or not asked. */
  sharedHead: SharedHead | null
}
