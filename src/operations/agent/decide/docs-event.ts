import type { GitHubEvent } from '../../../github/event.js'
import type { Settings } from '../../../settings.js'
import type { AgentInputs } from '../inputs.js'
import type { Command, EventAsk } from '../read/event-ask.js'
import type { DocsActor, DocsEvent } from './docs-check-rules.js'
import type { Plan } from './run-plan.js'
import { parseSkipCommand } from './skip-command.js'

/**
 * Whether the docs check has anything to do this run, and the event as it sees it: decided from the run's
 * plan before the docs check's facts are read, so a run it does not follow reads nothing for it.
 */

/**
 * The docs check's event for this run; null when it has nothing to do: a refused command, a request for
 * help, an event it does not follow (a push without `status-context` or `paths`), or a skip that is not a
 * closed pull request.
 */
export function docsEventFor(plan: Plan, asked: EventAsk, settings: Settings<AgentInputs>, event: GitHubEvent): DocsEvent | null {
  if (plan.kind === 'deny' || plan.kind === 'help') return null
  const command = asked.kind === 'command' ? asked.command : null
  // A follow-up on the agent's own pull request; one from a code pull request stays about that pull request.
  const followUp = plan.kind === 'job' && plan.followUpOf !== null && !plan.followUpOf.recorded
  const docsEvent = docsEventOf(event, command, followUp)
  if (!docsEvent || !isActive(docsEvent, settings, plan)) return null
  if (plan.kind === 'skip' && docsEvent.kind !== 'pull-request-closed') return null
  return docsEvent
}

/** The event as the docs check reads it; null for events it has nothing to say about. */
export function docsEventOf(event: GitHubEvent, command: Command | null, followUp: boolean): DocsEvent | null {
  if (command) {
    const on = command.on.kind === 'issue' ? 'issue' : followUp ? 'agent-pull' : 'code-pull'
    const actor: DocsActor = { login: command.login }
    if (command.label) return { kind: 'label', on, actor }
    const skip = command.ask.kind === 'run' ? parseSkipCommand(command.ask.prompt) : null
    return { kind: 'command', on, ask: skip ? { kind: 'skip', reason: skip.reason } : { kind: 'run' }, actor }
  }
  if (event.kind === 'push') return { kind: 'push' }
  if (event.kind === 'other') return { kind: 'scheduled' }
  if (event.kind !== 'pull_request') return null
  if (event.action === 'closed') return { kind: 'pull-request-closed', merged: event.pull.merged, mergeSha: event.pull.mergeSha || null }
  return { kind: 'pull-request', action: event.action }
}

/**
 * Whether the docs check reads and writes anything this run. Always for a closed pull request, a fork's
 * waiting for a maintainer, a `/docs skip`, a command on a code pull request (it clears a skip) and a
 * dispatch (it asks its actor to review, and reads nothing); a pull-request event wherever a skip could
 * have been recorded (with `comment`, or the docs-check inputs): the skip holds with or without
 * `status-context`. A push, and a command on the agent's pull request or an issue, only with
 * `status-context` or `paths` (finding a push's pull request costs a look-up).
 */
function isActive(event: DocsEvent, settings: Settings<AgentInputs>, plan: Plan): boolean {
  const { statusContext, paths } = settings.docsCheck
  const inputs = statusContext !== null || paths !== null
  switch (event.kind) {
    case 'pull-request-closed':
    case 'scheduled':
      return true
    case 'pull-request':
      return inputs || settings.comment || plan.kind === 'wait'
    case 'push':
      return inputs
    case 'command':
    case 'label':
      return inputs || event.on === 'code-pull' || (event.kind === 'command' && event.ask.kind === 'skip')
  }
}
