import type { GitHubAccess } from '../../../github/connection.js'
import { pullRef, type RunContext } from '../../../github/event.js'
import { jobOfMarkers } from '../../../github/markers.js'
import { botAllowed } from '../../../github/permissions.js'
import type { Settings } from '../../../settings.js'
import { type GateReading, needsPull, needsRole, needsShownHeads, type Steerer } from '../../../trust/gate.js'
import { freshBudgetRecord } from '../../fix-checks/fresh-budget.js'
import { type CommentRecords, recordSubject } from '../comment-records.js'
import { checkTarget, fetchDocsRecord } from './docs-check-reads.js'
import type { ReadBeforeGate } from './plan-facts.js'
import type { AgentInputs } from '../inputs.js'
import type { EventAsk } from '../decide/run-plan.js'

/**
 * What an agent run reads from GitHub before it decides: what the trust gate needs (a commander's role,
 * the pull request a command is on, a fork's shown heads) and, for a command on the agent's pull request,
 * the job it follows up. Only what the decision needs is read; what the docs check would read again is
 * handed on to it.
 */

export const NOTHING_READ: GateReading = { role: null, pull: null, shown: [] }

/**
 * What the gate needs read, and only that: a commander's role (GitHub required: no command runs
 * unchecked); for a command on a pull request, that pull request as it is now; for a permitted command on
 * a fork's, its record of the heads shown. What the docs check would read again is handed on.
 */
export async function readForGate(
  asked: Exclude<EventAsk, { kind: 'skip' }>,
  steerer: Steerer,
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: GitHubAccess,
  log: { info(message: string): void },
  records: CommentRecords
): Promise<{ reading: GateReading; docs: ReadBeforeGate }> {
  if (asked.kind !== 'command' || steerer.kind !== 'commander') return { reading: NOTHING_READ, docs: {} }
  const { command } = asked
  const listedBot = steerer.actor.isBot && botAllowed(steerer.actor.login, settings.allowedBots)
  if (listedBot) log.info(`${command.login} is listed in allowed-bots: its permission is not looked up.`)
  if (!needsRole(steerer) && !needsPull(steerer, settings, null, 'agent')) return { reading: NOTHING_READ, docs: {} }
  const api = await github.apiOrThrow(`to check the permission of ${command.label ? 'the labeller' : 'the commenter'}`)
  const role = needsRole(steerer) ? await api.roleOf(command.login) : null
  const target = needsPull(steerer, settings, role, 'agent') ? await checkTarget(run, command, api) : undefined
  const pull = target?.pull ? { fork: target.pull.fork, headSha: target.sha ?? '' } : null
  if (!needsShownHeads(steerer, settings, role, pull)) return { reading: { role, pull, shown: [] }, docs: target ? { target } : {} }
  const record = await fetchDocsRecord(api, target?.pull ?? null, records, run.event)
  return { reading: { role, pull, shown: record.record?.shown ?? [] }, docs: { ...(target ? { target } : {}), record } }
}

/**
 * The job of the agent's pull request, from the newest marker comment of a trusted author (our identity,
 * `marker-authors`) whose records verify: an edited job marker points nowhere. With it, the fresh rounds
 * record a person's follow-up there writes (`fix-checks` starts its budget again).
 */
export async function agentJobOf(
  pull: number,
  settings: Settings<AgentInputs>,
  github: GitHubAccess,
  records: CommentRecords,
  /** How many comments the event says the pull request has (see `commentCountOf`). */
  commentCount: number | undefined
): Promise<{ jobId: string | null; freshBudget: string } | null> {
  const api = await github.apiOrNull()
  if (!api) return null
  try {
    const trusted = await api.markerComments(pullRef(pull), settings.markerAuthors, commentCount)
    const verified = records.verified(trusted, recordSubject(api.repo, pull))
    return { jobId: jobOfMarkers(verified.map((comment) => ({ body: comment.records }))), freshBudget: freshBudgetRecord(verified) }
  } catch (error) {
    github.callFailed(error, 'Treating the command as a new job.')
    return null
  }
}
