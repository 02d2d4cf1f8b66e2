import { botAllowed } from '../../../github/permissions.js'
import { type GateReading, needsPull, needsRole, needsShownHeads, type Steerer, whoSteers } from '../../../trust/gate.js'
import type { RunMeans } from '../means.js'
import { checkTarget, type CheckTarget, fetchDocsRecord, type RecordRead } from './docs-check-reads.js'
import type { EventAsk } from './event-ask.js'

/**
 * The first of an agent run's two reads: only what the trust gate needs (src/trust/gate.ts). A commander's
 * role (GitHub required: no command runs unchecked); for a permitted command on a pull request, that pull
 * request as it is now; for a permitted command on a fork's, its record of the heads shown. Someone refused
 * costs no read beyond their role. What the docs check would read again is kept for it.
 */

/** What the gate's read found, with what the event asks and who steers it. */
export interface GateFacts {
  asked: EventAsk
  steerer: Steerer
  reading: GateReading
  /** Read for the gate, and not read again for the docs check. */
  docs: ReadBeforeGate
}

/** What the run already read before the gate decided (a command's pull request, a fork's record): not read twice. */
export interface ReadBeforeGate {
  target?: CheckTarget
  record?: RecordRead
}

export const NOTHING_READ: GateReading = { role: null, pull: null, shown: [] }

export async function readGateFacts(asked: EventAsk, means: RunMeans): Promise<GateFacts> {
  const steerer = whoSteers(means.run.event)
  const facts = { asked, steerer, reading: NOTHING_READ, docs: {} }
  if (steerer.kind !== 'commander') return facts
  const { settings, run, log, github, records } = means
  // Any other event (a star, a wiki edit) is steered by its sender, judged like a commenter: their role, nothing more.
  if (asked.kind === 'step')
    return needsRole(steerer) ? { ...facts, reading: { ...NOTHING_READ, role: await senderRole(steerer, means) } } : facts
  if (asked.kind !== 'command') return facts
  const { command } = asked
  if (steerer.actor.isBot && botAllowed(steerer.actor.login, settings.allowedBots))
    log.info(`${command.login} is listed in allowed-bots: its permission is not looked up.`)
  if (!needsRole(steerer) && !needsPull(steerer, settings, null, 'agent')) return facts
  const api = await github.apiOrThrow(`to check the permission of ${command.label ? 'the labeller' : 'the commenter'}`)
  const role = needsRole(steerer) ? await api.roleOf(command.login) : null
  const target = needsPull(steerer, settings, role, 'agent') ? await checkTarget(run, command, api) : undefined
  const pull = target?.pull ? { fork: target.pull.fork, headSha: target.sha ?? '' } : null
  const docs: ReadBeforeGate = target ? { target } : {}
  if (!needsShownHeads(steerer, settings, role, pull)) return { ...facts, reading: { role, pull, shown: [] }, docs }
  const record = await fetchDocsRecord(api, target?.pull ?? null, records, run.event)
  return { ...facts, reading: { role, pull, shown: record.record?.shown ?? [] }, docs: { ...docs, record } }
}

async function senderRole(steerer: Extract<Steerer, { kind: 'commander' }>, { github }: RunMeans): Promise<string | null> {
  const api = await github.apiOrThrow(`to check the permission of ${steerer.actor.login}, who sent the event`)
  return api.roleOf(steerer.actor.login)
}
