import { decideRun, type RunPlan } from '../../../src/operations/agent/decide/before-job.js'
import type { Plan } from '../../../src/operations/agent/decide/run-plan.js'
import type { EventAsk } from '../../../src/operations/agent/read/event-ask.js'
import type { GateDecision } from '../../../src/trust/gate.js'
import type { AgentSettings } from '../../fixtures/step-settings.js'

/**
 * The merged plan (decide/before-job.ts) of a run the docs check does not follow: what the event asks, the
 * gate's decision, the agent job of the pull request a command is on (null: none recorded).
 */
export function mergedRunPlan(asked: EventAsk, settings: AgentSettings, gate: GateDecision, agentJob: string | null): RunPlan {
  return decideRun(
    { asked, gate, agentPull: agentJob === null ? null : { jobId: agentJob, freshBudget: '' }, docs: null, now: 0 },
    settings
  )
}

/** The run's part of the merged plan: every row of the run's tables is decided by the one function that plans the whole run. */
export function planRun(asked: EventAsk, settings: AgentSettings, gate: GateDecision, agentJob: string | null): Plan {
  return mergedRunPlan(asked, settings, gate, agentJob).run
}
