import type { ChecksEvent } from '../../github/event.js'
import type { OperationResult } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import type { AgentInputs } from '../agent/inputs.js'
import type { OperationDeps } from '../operation.js'
import { carryOut, endVerdict, type FinalPlan, finish } from './carry-out.js'
import { type FixChecksFacts, payloadFacts } from './facts.js'
import { connectMeans, type FixChecksMeans } from './means.js'
import { planFixChecks } from './plan.js'
import { readInto, waitForChecks } from './read.js'

/**
 * `job` under a check event (`check_suite`, `check_run`, `workflow_run`, `status`) in the docs repository:
 * when the agent's own pull request fails its checks, the failures go back to its job as one follow-up
 * message per head, within `fix-checks` rounds, and the sticky comment there says so. The trust gate names
 * the agent's pull request as the steerer of a check event; that it is the agent's (a trusted, signed job
 * marker), not a fork's, and within its budget is what the plan (plan.ts) decides.
 *
 * Read, decide, carry out: the facts (facts.ts) are read in stages (read.ts), each when the pure plan asks
 * for it, and the plan's last word is carried out (carry-out.ts) with one value of the run's means (means.ts).
 */
export async function runFixChecks(settings: Settings<AgentInputs>, event: ChecksEvent, deps: OperationDeps): Promise<OperationResult> {
  const repository = deps.run.repo ? `${deps.run.repo.owner}/${deps.run.repo.repo}` : ''
  const facts: FixChecksFacts = {
    budget: settings.fixChecks,
    dryRun: settings.dryRun,
    eventHead: event.headSha,
    payload: payloadFacts(event, repository),
    pull: 'unread',
    marks: null,
    checks: null,
    waitedOut: false
  }
  // What the payload decides (`fix-checks: 0`, a fork's run) costs no request, nor GitHub's connection.
  const first = planFixChecks(facts)
  if (first.kind === 'skip') return finish(endVerdict(first, event.headSha), deps)
  const means = await connectMeans(settings, event, deps)
  const decided = await decide(facts, means)
  return carryOut(decided.plan, decided.facts, means)
}

/** Asks the plan, reading and waiting as it says, until it says what the run does. */
async function decide(first: FixChecksFacts, means: FixChecksMeans): Promise<{ plan: FinalPlan; facts: FixChecksFacts }> {
  let facts = first
  for (;;) {
    const plan = planFixChecks(facts)
    if (plan.kind === 'read') {
      facts = await readInto(plan.what, facts, means)
    } else if (plan.kind === 'wait') {
      const waited = await waitForChecks(facts, means)
      if (waited === 'cancelled') return { plan: { kind: 'cancelled' }, facts }
      facts = waited
    } else {
      return { plan, facts }
    }
  }
}
