import type { Actor } from '../github/event.js'
import { botAllowed, meetsPermission, type Permission } from '../github/permissions.js'
import type { Steerer } from './steerers.js'

export { showsNew, steeringOf, whoSteers } from './steerers.js'
export type { CommandVia, Steerer, Steering } from './steerers.js'

/**
 * Who steers a run, and whether they may: decided here, once, for every operation and every event, before
 * any request to the docs API. The action holds an admin key, and the agent it steers reads every
 * repository the Mintlify GitHub App can read and opens pull requests that are public at once; so a run
 * acts only on the words of someone GitHub says may write here, or of the workflow itself.
 *
 * Three pure steps around one read: `steeringOf` says whether the event's action and origin steer the
 * operation at all, `whoSteers` names the steerer from the event alone (both in steerers.ts), the `needs…`
 * functions say what must be read about them, and `judgeSteering` decides with what was read. The executor
 * of each operation only reads and carries the decision out.
 *
 * One notion decides who waits for a maintainer: an outsider's pull request, one from a fork or one whose
 * author is below `min-permission` (a bot: not listed in `allowed-bots`), or one someone below it reopened.
 * GitHub lets readers of a private or internal repository, and members of a public one's organisation, open
 * a pull request between two of its branches.
 */

/** The settings the gate reads. */
export interface GateSettings {
  minPermission: Permission
  allowedBots: readonly string[] | '*'
}

/** A head of an outsider's pull request shown to maintainers as waiting for them, and when it was first shown (ISO 8601). */
export interface ShownHead {
  sha: string
  at: string
}

/**
 * The pull request a command is on, as read now: whether it is a fork's, its author and their role (null:
 * none, or not read: a fork's, a bot's, the commander's own), and its head.
 */
export interface PullReading {
  fork: boolean
  author: Actor
  authorRole: string | null
  headSha: string
}

/** What was read before the gate decides; only what `whoSteers` said it needs. */
export interface GateReading {
  /**
   * The steerer's repository role (`read` … `admin`), null for none: a commander's, or the author's of a
   * pull request of this repository; unread for other steerers and for bots.
   */
  role: string | null
  /** The pull request a command is on. Null when not on one, or not read. */
  pull: PullReading | null
  /** The heads of an outsider's pull request shown as waiting, oldest first, from its signed record. */
  shown: readonly ShownHead[]
  /** The role of who reopened a pull request (`reopenerToJudge`), null for none; unread otherwise. */
  reopenerRole?: string | null
}

/** The operations that steer the agent on a pull request's code: an outsider's pull request needs a maintainer's look for them. */
export type AgentSteering = 'agent' | 'other'

type Commander = Extract<Steerer, { kind: 'commander' }>

export type GateDecision =
  /** The steerer may: the operation goes on. */
  | { kind: 'steer'; steerer: Steerer }
  /** A bot `allowed-bots` does not list: nothing is asked of it, quietly. */
  | { kind: 'ignore'; why: string }
  /** Below `min-permission`: a short reply, nothing sent. */
  | { kind: 'deny'; steerer: Commander; role: string | null; why: string }
  /**
   * An outsider's pull request waits for a maintainer: by itself (a pull-request event), or on a command with
   * no head shown before it. `head` is written as shown now; nothing is sent.
   */
  | { kind: 'wait-for-maintainer'; steerer: Steerer; head: string; commanded: boolean; why: string }
  /** A maintainer's command on an outsider's pull request whose head moved after the one shown before the command. */
  | { kind: 'head-moved'; steerer: Commander; head: string; why: string }

/**
 * Whether the steerer's role must be read: a commander's, or the author's of a pull request of this
 * repository (not merged: whoever merged it may write). Never a bot's, whose trust is `allowed-bots`, and
 * never a fork's author, whose pull request is an outsider's whoever they are.
 */
export function needsRole(steerer: Steerer): boolean {
  if (steerer.kind === 'commander') return !steerer.actor.isBot
  return steerer.kind === 'pull-author' && !steerer.fork && !(steerer.closed && steerer.merged) && !steerer.actor.isBot
}

/**
 * Who must be judged besides the steerer: the person who reopened a pull request of this repository, when
 * not its author (a bot's trust is `allowed-bots`, whose role is not read). A fork's is an outsider's anyway.
 */
export function reopenerToJudge(steerer: Steerer): Actor | null {
  if (steerer.kind !== 'pull-author' || steerer.fork || !steerer.reopenedBy) return null
  return steerer.reopenedBy
}

/**
 * The roles the gate judges a steerer by, read through `roleOf` (one permission read each): the steerer's
 * where `needsRole` says so, and the reopener's (a bot's never: `allowed-bots` is its trust).
 */
export async function readSteererRoles(
  steerer: Steerer,
  roleOf: (login: string) => Promise<string | null>
): Promise<Pick<GateReading, 'role' | 'reopenerRole'>> {
  const reopener = reopenerToJudge(steerer)
  const [role, reopenerRole] = await Promise.all([
    needsRole(steerer) && 'actor' in steerer ? roleOf(steerer.actor.login) : null,
    reopener && !reopener.isBot ? roleOf(reopener.login) : null
  ])
  return { role, reopenerRole }
}

/** Whether any role is to be read before the gate judges `steerer` (see readSteererRoles). */
export function needsRoles(steerer: Steerer): boolean {
  return needsRole(steerer) || reopenerToJudge(steerer)?.isBot === false
}

/**
 * Whether the pull request a command is on must be read as it is now (is it a fork's, who wrote it, what is
 * its head): only for a permitted commander, on a pull request, of an operation that steers the agent on its
 * code. Someone refused costs no read beyond their role.
 */
export function needsPull(steerer: Steerer, settings: GateSettings, role: string | null, steering: AgentSteering): boolean {
  return steerer.kind === 'commander' && steerer.onPull && steering === 'agent' && permitted(steerer, settings, role)
}

/**
 * Whether the role of the author of the pull request a command is on must be read: a person's, on a pull
 * request of this repository, other than the commander (whose role was read).
 */
export function needsAuthorRole(steerer: Steerer, pull: Omit<PullReading, 'authorRole'> | null): boolean {
  if (steerer.kind !== 'commander' || pull === null || pull.fork || pull.author.isBot) return false
  // An author GitHub does not name is nobody to look up: an outsider.
  return pull.author.login !== '' && !sameLogin(pull.author, steerer.actor)
}

/** Whether a command's run must read the shown heads: a permitted commander on an outsider's pull request. */
export function needsShownHeads(steerer: Steerer, settings: GateSettings, role: string | null, pull: PullReading | null): boolean {
  return (
    steerer.kind === 'commander' && pull !== null && permitted(steerer, settings, role) && commandOnOutsiders(pull, steerer, settings, role)
  )
}

/**
 * The one notion that decides who waits for a maintainer: an outsider's pull request, one from a fork, or
 * one whose author may not steer (a person below `min-permission`, a bot `allowed-bots` does not list).
 */
export function outsiders(pull: { fork: boolean; author: Actor }, settings: GateSettings, authorRole: string | null): boolean {
  return pull.fork || !mayWrite(pull.author, settings, authorRole)
}

/**
 * Whether the pull request a command is on is an outsider's, so the command holds only for the head shown.
 * A bot's pull request of this repository is not, for a maintainer's command: its App pushed the branch
 * with write access of its own, so only writers move that head (the agent's own pull requests, by the
 * Mintlify App, among them); its own events still wait unless `allowed-bots` lists it.
 */
function commandOnOutsiders(pull: PullReading, commander: Commander, settings: GateSettings, role: string | null): boolean {
  if (!pull.fork && pull.author.isBot) return false
  return outsiders(pull, settings, sameLogin(pull.author, commander.actor) ? role : pull.authorRole)
}

/**
 * The decision. `steering` says whether the operation steers the agent on a pull request's code (`job`,
 * `message`): only those need a maintainer's look at an outsider's new commits before they run.
 */
export function judgeSteering(steerer: Steerer, settings: GateSettings, reading: GateReading, steering: AgentSteering): GateDecision {
  switch (steerer.kind) {
    case 'workflow':
    case 'pusher':
    case 'agent-pull':
      return { kind: 'steer', steerer }
    case 'pull-author':
      return judgePullAuthor(steerer, settings, reading)
    case 'commander':
      return judgeCommander(steerer, settings, reading, steering)
  }
}

/**
 * A pull-request event: its author steers when the pull request is this repository's and they may write
 * (a bot: listed in `allowed-bots`); else it is an outsider's, and waits for a maintainer. Merged, whoever
 * merged it may write here, and decided what runs on it (a note, a deploy); closed unmerged, it is its
 * author's act like any other.
 */
function judgePullAuthor(steerer: Extract<Steerer, { kind: 'pull-author' }>, settings: GateSettings, reading: GateReading): GateDecision {
  const { role } = reading
  if (steerer.closed && steerer.merged) return { kind: 'steer', steerer }
  const reopener = reopenerToJudge(steerer)
  if (!outsiders({ fork: steerer.fork, author: steerer.actor }, settings, role)) {
    if (!reopener || mayWrite(reopener, settings, reading.reopenerRole ?? null)) return { kind: 'steer', steerer }
    const has = reopener.isBot
      ? 'a bot not listed in allowed-bots'
      : `who has ${reading.reopenerRole ?? 'no'} permission on this repository`
    const why = `The pull request was reopened by ${reopener.login}, ${has}: it steers nothing by itself (pull requests need ${settings.minPermission} or higher).`
    return { kind: 'wait-for-maintainer', steerer, head: '', commanded: false, why }
  }
  const login = steerer.actor.login || 'an unknown author'
  const why = steerer.fork
    ? `The pull request comes from a fork (by ${login}), which steers nothing by itself.`
    : `The pull request is by ${login}, ${steerer.actor.isBot ? 'a bot not listed in allowed-bots' : `who has ${role ?? 'no'} permission on this repository`}: it steers nothing by itself (pull requests need ${settings.minPermission} or higher).`
  return { kind: 'wait-for-maintainer', steerer, head: '', commanded: false, why }
}

function judgeCommander(steerer: Commander, settings: GateSettings, reading: GateReading, steering: AgentSteering): GateDecision {
  const { actor } = steerer
  if (actor.isBot && !botAllowed(actor.login, settings.allowedBots))
    return {
      kind: 'ignore',
      why: `The ${steerer.via} is by ${actor.login}, a bot not listed in allowed-bots; only people and listed bots steer runs.`
    }
  if (!permitted(steerer, settings, reading.role))
    return {
      kind: 'deny',
      steerer,
      role: reading.role,
      why: `${actor.login} has ${reading.role ?? 'no'} permission on this repository; the ${steerer.via} needs ${settings.minPermission} or higher.`
    }
  const pull = reading.pull
  if (steering === 'other' || !pull || !commandOnOutsiders(pull, steerer, settings, reading.role)) return { kind: 'steer', steerer }
  return judgeMaintainerApproval(steerer, pull.headSha, reading.shown)
}

/**
 * A maintainer's command on an outsider's pull request holds for the commit they saw: the head of the newest
 * record shown before the command. The pull request's head is read when the run executes, which can be
 * after new commits arrived.
 */
function judgeMaintainerApproval(steerer: Commander, head: string, shown: readonly ShownHead[]): GateDecision {
  // A command whose time is unknown cannot be placed after any head: it waits, like one that came too early.
  const commandAt = Date.parse(steerer.at)
  const before = shown.filter((entry) => Date.parse(entry.at) <= commandAt).at(-1)
  if (!before)
    return {
      kind: 'wait-for-maintainer',
      steerer,
      head,
      commanded: true,
      why: `${steerer.actor.login}'s ${steerer.via} came before ${shortSha(head)} was shown as waiting for a maintainer: nothing was sent; repeat it for this commit.`
    }
  if (before.sha !== head)
    return {
      kind: 'head-moved',
      steerer,
      head,
      why: `The pull request changed after it was shown (now ${shortSha(head)}): ${steerer.actor.login}'s ${steerer.via} was for ${shortSha(before.sha)}.`
    }
  return { kind: 'steer', steerer }
}

function permitted(steerer: Commander, settings: GateSettings, role: string | null): boolean {
  return mayWrite(steerer.actor, settings, role)
}

/** Whether someone may steer: a person with `min-permission`, a bot listed in `allowed-bots`. */
function mayWrite(actor: Actor, settings: GateSettings, role: string | null): boolean {
  return actor.isBot ? botAllowed(actor.login, settings.allowedBots) : meetsPermission(role, settings.minPermission)
}

function sameLogin(a: Actor, b: Actor): boolean {
  return a.login !== '' && a.login.toLowerCase() === b.login.toLowerCase()
}

/**
 * The gate job's `steer` answer for a decision: true where the run goes on. An outsider's pull request waits
 * for a maintainer by itself, and its run goes on only where it has something new to do (`showsNew`: a new
 * head, a new base, a close); a title or body edit's run stays out of the `concurrency` group, where it would
 * replace a maintainer's pending command.
 */
export function steersARun(decision: GateDecision): boolean {
  if (decision.kind === 'steer') return true
  return decision.kind === 'wait-for-maintainer' && decision.steerer.kind === 'pull-author' && decision.steerer.showsNew
}

export function shortSha(sha: string): string {
  return sha.slice(0, 7) || 'an unknown commit'
}
