import { codeSpan, escapeInline } from '../../markdown.js'
import type { OperationResult, Verdict } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import { type Steerer, steersARun } from '../../trust/gate.js'
import type { OperationDeps } from '../operation.js'
import { type GateAnswer, gateOf } from '../steering.js'

/**
 * `gate`: whether the event's steerer may steer a run, as the trust gate judges it, for a first job that
 * keeps outsiders' runs out of a later job's `concurrency` group (GitHub keeps one pending run per group,
 * and a newer one replaces it: an outsider's comment must not drop a maintainer's pending command). It
 * reads only what the gate needs (a commander's role, or a pull request author's), writes nothing to GitHub (no reply, no reaction),
 * sends nothing to Mintlify and needs no key. The outcome is `skipped` either way; the answer is `steer`.
 */
export async function runGate(settings: Settings, deps: OperationDeps): Promise<OperationResult> {
  const answer = await gateOf(settings, deps)
  const steer = answer.kind !== 'unsteered' && steersARun(answer)
  const headline = steer ? `steer is true: ${steererOf(answer)} may steer this run.` : `steer is false: ${falseWhy(answer)}`
  const verdict: Verdict = { outcome: 'skipped', result: steer ? 'success' : 'notice', headline, failureReason: '' }
  return {
    verdict,
    outputs: { outcome: 'skipped', 'failure-reason': '', steer: String(steer) },
    summary: `**Gate** (${codeSpan(deps.run.event.name || 'unknown event')}): ${escapeInline(headline)}\n`
  }
}

function falseWhy(answer: GateAnswer): string {
  if (answer.kind === 'wait-for-maintainer')
    return `${answer.why} This event gives its run nothing new to do (only opened, synchronize, reopened, closed and a changed base do).`
  return 'why' in answer ? answer.why : 'nobody steers this run.'
}

/** Who the gate let steer, in a few words for the log and the summary. */
function steererOf(answer: GateAnswer): string {
  if (answer.kind === 'wait-for-maintainer' && answer.steerer.kind === 'pull-author' && !answer.steerer.fork)
    return `a pull request by ${answer.steerer.actor.login || 'an unknown author'}, who may not steer it, which waits for a maintainer by itself`
  return 'steerer' in answer ? describe(answer.steerer) : 'the event'
}

function describe(steerer: Steerer): string {
  switch (steerer.kind) {
    case 'workflow':
      return 'the workflow itself (a schedule, a dispatch or another event only writers cause)'
    case 'pusher':
      return `a push by ${steerer.actor.login || 'an unknown pusher'}`
    case 'pull-author':
      return steerer.fork
        ? `a fork's pull request by ${steerer.actor.login || 'an unknown author'}, which waits for a maintainer by itself`
        : `a pull request from this repository by ${steerer.actor.login || 'an unknown author'}`
    case 'commander':
      return `${steerer.actor.login}'s ${steerer.via}`
    case 'agent-pull':
      return "a check event, for the agent's own pull request"
  }
}
