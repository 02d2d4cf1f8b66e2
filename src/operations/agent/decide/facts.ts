import type { GateDecision } from '../../../trust/gate.js'
import type { DocsCheckCode } from '../docs-check.js'
import type { DocsFacts } from '../read/docs-facts.js'
import type { EventAsk } from '../read/event-ask.js'
import type { AgentPullJob } from './run-plan.js'

/** Everything an agent run's plan is decided from: what its two reads found (read/), and the gate's decision. */
export interface RunFacts {
  asked: EventAsk
  gate: GateDecision
  /** A command on a pull request: the job of the agent's pull request there (from a trusted, signed marker). */
  agentPull: AgentPullJob | null
  /** What the docs check read, with its code (loaded for it); null when it has nothing to do this run. */
  docs: DocsRead | null
  /** Epoch milliseconds, for the times the records keep. */
  now: number
}

/** The docs check's facts, and the code that read them and decides and writes the rest (docs-check.ts). */
export interface DocsRead {
  facts: DocsFacts
  code: DocsCheckCode
}
