import { commentCountOf, pullRef } from '../../../github/event.js'
import { jobOfMarkers } from '../../../github/markers.js'
import { type GateDecision, needsShownHeads } from '../../../trust/gate.js'
import { freshBudgetRecord } from '../../fix-checks/fresh-budget.js'
import { recordSubject } from '../comment-records.js'
import type { DocsEvent } from '../decide/docs-check-rules.js'
import { docsEventFor } from '../decide/docs-event.js'
import type { DocsRead, RunFacts } from '../decide/facts.js'
import { type AgentPullJob, needsAgentJob, planRun } from '../decide/run-plan.js'
import type { RunMeans } from '../means.js'
import type { JudgedRun } from './docs-facts.js'
import type { GateFacts } from './gate-facts.js'

/**
 * The second read, for a run the gate lets through: what the plan needs. A command's agent pull request
 * and its job (a follow-up instead of a new job), then, where the docs check follows the run, the code
 * pull request, its record and `paths` (read/docs-facts.ts), by the docs check's code, loaded for it. No
 * Mintlify request: the grouped job's state is read after the plan.
 */
export async function readPlanFacts(gateFacts: GateFacts, gate: GateDecision, means: RunMeans): Promise<RunFacts> {
  const { asked } = gateFacts
  const { settings, run, clock } = means
  const marked = asked.kind === 'command' && needsAgentJob(asked.command, gate) ? await agentJobOf(asked.command.on.number, means) : null
  const agentPull = marked?.jobId ? marked : (recordedJob(gateFacts) ?? marked)
  // What the docs check follows depends on the run's own plan (a refusal, a follow-up): that much is decided first.
  const plan = planRun(asked, settings, gate, agentPull)
  const now = clock.now()
  const docsEvent = docsEventFor(plan, asked, settings, run.event)
  const command = asked.kind === 'command' ? asked.command : null
  const judged = { command, before: gateFacts.docs, outsiders: outsidersPull(gate, gateFacts, means.settings) }
  const docs = docsEvent ? await readDocs(docsEvent, judged, means) : null
  return { asked, gate, agentPull, docs, now }
}

/**
 * An outsider's code pull request whose docs record names the agent's pull request and its job (read for
 * the gate, which reads it only on an outsider's pull request): after new commits waited, a maintainer's
 * command there follows that job up instead of opening another pull request.
 */
function recordedJob({ asked, docs }: GateFacts): AgentPullJob | null {
  const record = docs.record?.record
  if (asked.kind !== 'command' || !docs.target?.pull || !record?.jobId || !record.agentPull) return null
  return { jobId: record.jobId, freshBudget: '', recorded: record.agentPull }
}

/**
 * The job of the agent's pull request, from the newest marker comment of a trusted author (our identity,
 * `marker-authors`) whose records verify: an edited job marker points nowhere. With it, the fresh rounds
 * record a person's follow-up there writes (`fix-checks` starts its budget again).
 */
async function agentJobOf(pull: number, means: RunMeans): Promise<AgentPullJob | null> {
  const { github, settings, records, run } = means
  const api = await github.apiOrNull()
  if (!api) return null
  try {
    const trusted = await api.markerComments(pullRef(pull), settings.markerAuthors, commentCountOf(run.event, pull))
    const verified = records.verified(trusted, recordSubject(api.repo, pull))
    return { jobId: jobOfMarkers(verified.map((comment) => ({ body: comment.records }))), freshBudget: freshBudgetRecord(verified) }
  } catch (error) {
    github.callFailed(error, 'Treating the command as a new job.')
    return null
  }
}

/** The docs check's code, imported now (a chunk of its own, which a run the docs check does not follow never parses), and what it reads. */
async function readDocs(event: DocsEvent, judged: JudgedRun, means: RunMeans): Promise<DocsRead> {
  const { docsCheckCode: code } = await import('../docs-check.js')
  return { facts: await code.readDocsFacts(event, judged, means), code }
}

/**
 * Whether the run is about an outsider's pull request, as the gate judged it: one waiting for a maintainer,
 * or a permitted command on one (for which the gate read the heads shown).
 */
function outsidersPull(gate: GateDecision, { steerer, reading }: GateFacts, settings: RunMeans['settings']): boolean {
  return gate.kind === 'wait-for-maintainer' || needsShownHeads(steerer, settings, reading.role, reading.pull)
}
