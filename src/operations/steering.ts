import type { GitHubEvent, IssueRef } from '../github/event.js'
import { codeSpan, escapeInline } from '../markdown.js'
import { judgeQuiet, type Verdict } from '../outcome.js'
import type { Settings } from '../settings.js'
import { type GateDecision, judgeSteering, needsRoles, readSteererRoles, type Steering, steeringOf } from '../trust/gate.js'
import type { OperationDeps, RunOperation } from './operation.js'

/**
 * The trust gate for the operations that do not steer the agent on a pull request's code (deployments,
 * automations, exports, reports): the event's action and origin must steer the operation at all (an
 * edited comment, a fork's check run steer nothing), a comment, review or label starts them only for
 * someone with `min-permission` (bots per `allowed-bots`), and an outsider's pull request (a fork's, or one
 * whose author is below `min-permission`) starts nothing by itself. The agent's own operations (`job`, `message`) pass the same gate inside their workflow, which
 * also knows their replies, reactions and the docs check.
 */
export function steered<Inputs extends object>(run: RunOperation<Inputs>): RunOperation<Inputs> {
  return async (settings, deps) => {
    const decision = await gateOf(settings, deps)
    if (decision.kind === 'steer') return run(settings, deps)
    const verdict = refusedVerdict(decision)
    deps.publish({ outcome: verdict.outcome, 'failure-reason': verdict.failureReason })
    if (decision.kind === 'deny') await replyToRefused(decision, settings, deps)
    return { verdict, outputs: { outcome: verdict.outcome, 'failure-reason': verdict.failureReason }, summary: `${verdict.headline}\n` }
  }
}

/** What the gate says of a run: the event steers the operation not at all, or the steerer's judgement. */
export type GateAnswer = Extract<Steering, { kind: 'unsteered' }> | GateDecision

/**
 * The gate's answer for the step's operation, reading only what it needs: nothing for an event that steers
 * nothing, else the role of the commander or of the author of a pull request of this repository (GitHub
 * required: no command and no such pull request runs unchecked).
 */
export async function gateOf(settings: Settings, deps: OperationDeps): Promise<GateAnswer> {
  const steering = steeringOf(deps.run.event, settings.operation)
  if (steering.kind === 'unsteered') return steering
  const { steerer } = steering
  const api = needsRoles(steerer) ? await requiredGitHub(settings, deps) : null
  const roles = api ? await readSteererRoles(steerer, (login) => api.roleOf(login)) : { role: null }
  return judgeSteering(steerer, settings, { ...roles, pull: null, shown: [] }, 'other')
}

async function requiredGitHub(settings: Settings, deps: OperationDeps): ReturnType<OperationDeps['connectGitHub']> {
  const { repo } = deps.run
  if (!settings.githubToken || !repo)
    throw new Error(
      `The ${deps.run.event.name} event was started by a person, whose permission must be checked, and ${settings.githubToken ? 'GITHUB_REPOSITORY is not set' : "input 'github-token' is empty"}: nothing was started.`
    )
  return deps.connectGitHub(settings.githubToken, repo)
}

function refusedVerdict(decision: Exclude<GateAnswer, { kind: 'steer' }>): Verdict {
  if (decision.kind === 'deny') return judgeQuiet('denied', `${decision.why} Nothing was started.`)
  // An edited comment, a fork's check run for `job`: nothing asked anything of this run, quietly. A check event
  // under another operation: said, since the workflow's authors may expect it to run.
  if (decision.kind === 'unsteered') return { ...judgeQuiet('skipped', decision.why), result: decision.notice ? 'notice' : 'success' }
  // A bot nobody listed, an outsider's pull request, a command that cannot be judged: nothing was asked of the action.
  return { ...judgeQuiet('skipped', decision.why), result: decision.kind === 'ignore' ? 'success' : 'notice' }
}

/** A short reply to the commander who may not, where they wrote (not in a dry run, and only with `comment`). */
async function replyToRefused(decision: Extract<GateDecision, { kind: 'deny' }>, settings: Settings, deps: OperationDeps): Promise<void> {
  const on = commandedOn(deps.run.event)
  if (!on || !settings.comment || settings.dryRun || !settings.githubToken || !deps.run.repo) return
  try {
    const api = await deps.connectGitHub(settings.githubToken, deps.run.repo)
    await api.createComment(on, renderRefusal(decision, settings))
  } catch (error) {
    deps.log.warning(`The refusal could not be posted: ${error instanceof Error ? error.message : String(error)}`)
  }
}

export function renderRefusal(decision: Extract<GateDecision, { kind: 'deny' }>, settings: Settings): string {
  const has = decision.role ? `your permission is ${codeSpan(decision.role)}` : 'you are not a collaborator of this repository'
  return `${escapeInline(`@${decision.steerer.actor.login}`)}: this ${decision.steerer.via} needs the ${codeSpan(settings.minPermission)} permission on this repository or higher, and ${has}, so nothing was started (${settings.operation}).\n`
}

function commandedOn(event: GitHubEvent): IssueRef | null {
  if (event.kind === 'issue_comment') return { number: event.issue.number, kind: event.issue.isPullRequest ? 'pull' : 'issue' }
  if (event.kind === 'issues') return { number: event.issue.number, kind: 'issue' }
  if (event.kind === 'pull_request' || event.kind === 'pull_request_review' || event.kind === 'pull_request_review_comment')
    return { number: event.pull.number, kind: 'pull' }
  return null
}
