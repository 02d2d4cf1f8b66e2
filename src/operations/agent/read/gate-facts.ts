import { botAllowed } from '../../../github/permissions.js'
import type { GitHubApi } from '../../../github/api.js'
import {
  type GateReading,
  needsAuthorRole,
  needsPull,
  needsRole,
  needsRoles,
  needsShownHeads,
  type PullReading,
  readSteererRoles,
  type Steerer,
  whoSteers
} from '../../../trust/gate.js'
import type { RunMeans } from '../means.js'
import type { CheckTarget, ReadBeforeGate } from './docs-check-reads.js'
import type { EventAsk } from './event-ask.js'

/**
 * The first of an agent run's two reads: only what the trust gate needs (src/trust/gate.ts). A commander's
 * role, or a pull request's author's (GitHub required: no command and no pull request of this repository
 * runs unchecked); for a permitted command on a pull request, that pull request as it is now (and its
 * author's role, when it is this repository's and by someone else); for a permitted command on an
 * outsider's, its record of the heads shown. Someone refused costs no read beyond their role. What the docs
 * check would read again is kept for it.
 */

/** What the gate's read found, with what the event asks and who steers it. */
export interface GateFacts {
  asked: EventAsk
  steerer: Steerer
  reading: GateReading
  /** Read for the gate, and not read again for the docs check. */
  docs: ReadBeforeGate
}

export const NOTHING_READ: GateReading = { role: null, pull: null, shown: [] }

export async function readGateFacts(asked: EventAsk, means: RunMeans): Promise<GateFacts> {
  const steerer = whoSteers(means.run.event)
  const facts = { asked, steerer, reading: NOTHING_READ, docs: {} }
  // A pull request's author, or the sender of any other event (a star, a wiki edit), judged like a commenter: their role, nothing more.
  if (asked.kind === 'step')
    return needsRoles(steerer) ? { ...facts, reading: { ...NOTHING_READ, ...(await steererRoles(steerer, means)) } } : facts
  if (asked.kind !== 'command' || steerer.kind !== 'commander') return facts
  const { settings, run, log, github, records } = means
  const { command } = asked
  if (steerer.actor.isBot && botAllowed(steerer.actor.login, settings.allowedBots))
    log.info(`${command.login} is listed in allowed-bots: its permission is not looked up.`)
  if (!needsRole(steerer) && !needsPull(steerer, settings, null, 'agent')) return facts
  const api = await github.apiOrThrow(`to check the permission of ${command.label ? 'the labeller' : 'the commenter'}`)
  // The pull request and its record are read by the docs check's code, imported for them (its own chunk).
  const { checkTarget, fetchDocsRecord } = (await import('../docs-check.js')).docsCheckCode
  const role = needsRole(steerer) ? await api.roleOf(command.login) : null
  const target = needsPull(steerer, settings, role, 'agent') ? await checkTarget(run, command, api) : undefined
  const pull = await pullReading(steerer, target, api)
  const docs: ReadBeforeGate = target ? { target } : {}
  if (!needsShownHeads(steerer, settings, role, pull)) return { ...facts, reading: { role, pull, shown: [] }, docs }
  const record = await fetchDocsRecord(api, target?.pull ?? null, records, run.event)
  return { ...facts, reading: { role, pull, shown: record.record?.shown ?? [] }, docs: { ...docs, record } }
}

/** The pull request a command is on, as the gate judges it: with its author's role where that decides whether it is an outsider's. */
async function pullReading(steerer: Steerer, target: CheckTarget | undefined, api: GitHubApi): Promise<PullReading | null> {
  if (!target?.pull) return null
  const read = { fork: target.pull.fork, author: target.author ?? { login: '', isBot: false }, headSha: target.sha ?? '' }
  return { ...read, authorRole: needsAuthorRole(steerer, read) ? await api.roleOf(read.author.login) : null }
}

async function steererRoles(steerer: Steerer, { github }: RunMeans): Promise<Pick<GateReading, 'role' | 'reopenerRole'>> {
  const login = 'actor' in steerer ? steerer.actor.login : ''
  const who = steerer.kind === 'pull-author' ? 'who opened the pull request' : 'who sent the event'
  const api = await github.apiOrThrow(`to check the permission of ${login}, ${who}`)
  return readSteererRoles(steerer, (user) => api.roleOf(user))
}
