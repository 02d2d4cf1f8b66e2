import type { Actor, ChecksEvent, GitHubEvent } from '../github/event.js'
import { botAllowed, meetsPermission, type Permission } from '../github/permissions.js'
import type { Operation } from '../settings.js'

/**
 * Who steers a run, and whether they may: decided here, once, for every operation and every event, before
 * any request to the docs API. The action holds an admin key, and the agent it steers reads every
 * repository the Mintlify GitHub App can read and opens pull requests that are public at once; so a run
 * acts only on the words of someone GitHub says may write here, or of the workflow itself.
 *
 * Three pure steps around one read: `steeringOf` says whether the event's action and origin steer the
 * operation at all, `whoSteers` names the steerer from the event alone (and so what must be read about
 * them), `judgeSteering` decides with what was read. The executor of each operation only reads and carries
 * the decision out.
 */

/** Whose words a run acts on. */
export type Steerer =
  /** A schedule, a dispatch, anything without a person of its own: the workflow as its authors wrote it. */
  | { kind: 'workflow' }
  /** A push: GitHub let them push. */
  | { kind: 'pusher'; actor: Actor }
  /**
   * A pull-request event: its author; a writer when the pull request is the repository's own, anyone when
   * it is a fork's. `merged`: closed by a merge, which someone with write access did.
   */
  | { kind: 'pull-author'; actor: Actor; fork: boolean; closed: boolean; merged: boolean }
  /** A comment, review, review comment or label: its author, judged by `min-permission` (bots by `allowed-bots`). */
  | { kind: 'commander'; actor: Actor; via: CommandVia; at: string; onPull: boolean }
  /** A check event: the agent's own pull request, within its budget of `fix-checks` rounds. */
  | { kind: 'agent-pull' }

/** How a commander steers: `event` is the sender of any other event (a star, a wiki edit). */
export type CommandVia = 'comment' | 'review' | 'review comment' | 'label' | 'issue' | 'event'

/** Whether the event steers the operation at all, and if so by whom (judged next by `judgeSteering`). */
export type Steering =
  | { kind: 'steered'; steerer: Steerer }
  /** Nothing in the event steers the operation: `skipped`, quietly or with a notice naming the event. */
  | { kind: 'unsteered'; why: string; notice: boolean }

/** Events only writers can cause (a dispatch, a release, a merge queue): the workflow's, like a schedule. */
const WORKFLOW_EVENTS: readonly string[] = ['schedule', 'workflow_dispatch', 'repository_dispatch', 'release', 'merge_group']

/** What starts a workflow run that steers as its own event does: a push, or an event of the workflow's. */
const STEERING_STARTS: readonly string[] = ['push', 'schedule', 'workflow_dispatch', 'repository_dispatch', 'release']

/** The only action of each comment-like event that steers: an edit or a deletion would replay someone's old words. */
const FRESH_ACTIONS: Readonly<Record<string, { action: string; what: string }>> = {
  issue_comment: { action: 'created', what: 'a comment just written' },
  pull_request_review_comment: { action: 'created', what: 'a review comment just written' },
  discussion_comment: { action: 'created', what: 'a discussion comment just written' },
  pull_request_review: { action: 'submitted', what: 'a review just submitted' }
}

/** The settings the gate reads. */
export interface GateSettings {
  minPermission: Permission
  allowedBots: readonly string[] | '*'
}

/** A head of a fork's pull request shown to maintainers as waiting for them, and when it was first shown (ISO 8601). */
export interface ShownHead {
  sha: string
  at: string
}

/** What was read before the gate decides; only what `whoSteers` said it needs. */
export interface GateReading {
  /** The commander's repository role (`read` … `admin`), null for none; unread for other steerers and listed bots. */
  role: string | null
  /** The pull request a command is on, as read now: whether it is a fork's, and its head. Null when not on one. */
  pull: { fork: boolean; headSha: string } | null
  /** The heads of a fork's pull request shown as waiting, oldest first, from its signed record. */
  shown: readonly ShownHead[]
}

/** The operations that steer the agent on a pull request's code: a fork's pull request needs a maintainer's look for them. */
export type AgentSteering = 'agent' | 'other'

export type GateDecision =
  /** The steerer may: the operation goes on. */
  | { kind: 'steer'; steerer: Steerer }
  /** A bot `allowed-bots` does not list: nothing is asked of it, quietly. */
  | { kind: 'ignore'; why: string }
  /** Below `min-permission`: a short reply, nothing sent. */
  | { kind: 'deny'; steerer: Extract<Steerer, { kind: 'commander' }>; role: string | null; why: string }
  /**
   * A fork's pull request waits for a maintainer: by itself (a pull-request event), or on a command with no
   * head shown before it. `head` is written as shown now; nothing is sent.
   */
  | { kind: 'wait-for-maintainer'; steerer: Steerer; head: string; commanded: boolean; why: string }
  /** A maintainer's command on a fork's pull request whose head moved after the one shown before the command. */
  | { kind: 'head-moved'; steerer: Extract<Steerer, { kind: 'commander' }>; head: string; why: string }

/**
 * The one rule of the event's action and origin, the same for every operation: a comment steers only when
 * created, a review only when submitted; a check event steers only `job` (the `fix-checks` rounds), never
 * for a fork's run, unless it is a workflow run of this repository that a push, a schedule or a dispatch
 * started, which steers as that event does. Any other event with no sender to judge steers nothing.
 */
export function steeringOf(event: GitHubEvent, operation: Operation): Steering {
  const fresh = Object.hasOwn(FRESH_ACTIONS, event.name) ? FRESH_ACTIONS[event.name] : undefined
  const action = 'action' in event ? (event.action ?? '') : ''
  if (fresh && action !== fresh.action)
    return unsteered(`The ${event.name} event (${action || 'no action'}) steers nothing: only ${fresh.what} does.`, false)
  if (event.kind === 'checks' && !steersAsItsStart(event)) return checkSteering(event, operation)
  if (event.kind === 'other' && !WORKFLOW_EVENTS.includes(event.name) && !event.sender?.login)
    return unsteered(`The ${event.name || 'unnamed'} event names no sender whose permission could be judged: it steers nothing.`, true)
  return { kind: 'steered', steerer: whoSteers(event) }
}

/** A check event that is no push's or dispatch's workflow run: the agent's own pull request's, for `job` alone. */
function checkSteering(event: ChecksEvent, operation: Operation): Steering {
  const about = event.name === 'workflow_run' ? `a workflow run ${startedBy(event)}` : `a ${event.name.replace('_', ' ')}`
  if (operation !== 'job' && operation !== 'gate')
    return unsteered(
      `The ${event.name} event (${about}) steers only the fix-checks rounds of operation job, not ${operation}: nothing was started.`,
      true
    )
  if (event.origin.fork) return unsteered(`The ${event.name} event is about a fork's run, which steers nothing here.`, false)
  return { kind: 'steered', steerer: { kind: 'agent-pull' } }
}

function startedBy(event: ChecksEvent): string {
  if (event.origin.fork) return "of a fork's branch"
  return event.origin.startedBy ? `started by ${event.origin.startedBy}` : 'started by an unknown event'
}

/** A workflow run of this repository that a push, a schedule or a dispatch started: steered as that event is. */
function steersAsItsStart(event: ChecksEvent): boolean {
  return event.name === 'workflow_run' && !event.origin.fork && STEERING_STARTS.includes(event.origin.startedBy)
}

function unsteered(why: string, notice: boolean): Steering {
  return { kind: 'unsteered', why, notice }
}

/**
 * Who steers this event's run, once `steeringOf` said the event steers at all: the workflow for a schedule,
 * a dispatch and the other events only writers cause; the pusher of a push; the author of a pull request,
 * comment or review; the labeller; the sender of any other event, judged like a commenter.
 */
export function whoSteers(event: GitHubEvent): Steerer {
  switch (event.kind) {
    case 'push':
      return { kind: 'pusher', actor: event.sender }
    case 'issue_comment':
      return commander(event.comment, 'comment', event.comment.createdAt, event.issue.isPullRequest)
    case 'pull_request_review_comment':
      return commander(event.comment, 'review comment', event.comment.createdAt, true)
    case 'pull_request_review':
      return commander(event.comment, 'review', event.comment.createdAt, true)
    case 'issues':
      // Anyone may open or edit an issue: whoever did is judged like a commenter.
      return event.labeled ? commander(event.labeled.sender, 'label', event.labeled.at, false) : commander(event.sender, 'issue', '', false)
    case 'pull_request':
      if (event.labeled) return commander(event.labeled.sender, 'label', event.labeled.at, true)
      return {
        kind: 'pull-author',
        actor: event.pull.author,
        fork: event.pull.head.fork,
        closed: event.action === 'closed',
        merged: event.pull.merged
      }
    case 'checks':
      if (!steersAsItsStart(event)) return { kind: 'agent-pull' }
      return event.origin.startedBy === 'push' ? { kind: 'pusher', actor: event.origin.by } : { kind: 'workflow' }
    case 'other':
      if (WORKFLOW_EVENTS.includes(event.name)) return { kind: 'workflow' }
      return commander(event.sender ?? { login: '', isBot: false }, 'event', '', false)
  }
}

function commander(actor: Actor, via: CommandVia, at: string, onPull: boolean): Steerer {
  return { kind: 'commander', actor: { login: actor.login, isBot: actor.isBot }, via, at, onPull }
}

/** Whether the commander's role must be read: a person's (a bot's trust is `allowed-bots`, never a look-up). */
export function needsRole(steerer: Steerer): boolean {
  return steerer.kind === 'commander' && !steerer.actor.isBot
}

/**
 * Whether the pull request a command is on must be read as it is now (is it a fork's, what is its head):
 * only for a permitted commander, on a pull request, of an operation that steers the agent on its code.
 * Someone refused costs no read beyond their role.
 */
export function needsPull(steerer: Steerer, settings: GateSettings, role: string | null, steering: AgentSteering): boolean {
  return steerer.kind === 'commander' && steerer.onPull && steering === 'agent' && permitted(steerer, settings, role)
}

/** Whether a command's run must read the fork's shown heads: a permitted commander on a fork's pull request. */
export function needsShownHeads(steerer: Steerer, settings: GateSettings, role: string | null, pull: GateReading['pull']): boolean {
  return steerer.kind === 'commander' && pull?.fork === true && permitted(steerer, settings, role)
}

/**
 * The decision. `steering` says whether the operation steers the agent on a pull request's code (`job`,
 * `message`): only those need a maintainer's look at a fork's new commits before they run.
 */
export function judgeSteering(steerer: Steerer, settings: GateSettings, reading: GateReading, steering: AgentSteering): GateDecision {
  switch (steerer.kind) {
    case 'workflow':
    case 'pusher':
    case 'agent-pull':
      return { kind: 'steer', steerer }
    case 'pull-author':
      // A fork's pull request merged: whoever merged it may write here, and decided what runs on it (a note, a
      // deploy). Closed unmerged, it is its author's act like any other (a fork's author may close their own).
      if (!steerer.fork || (steerer.closed && steerer.merged)) return { kind: 'steer', steerer }
      return {
        kind: 'wait-for-maintainer',
        steerer,
        head: '',
        commanded: false,
        why: `The pull request comes from a fork (by ${steerer.actor.login || 'an unknown author'}), which steers nothing by itself.`
      }
    case 'commander':
      return judgeCommander(steerer, settings, reading, steering)
  }
}

function judgeCommander(
  steerer: Extract<Steerer, { kind: 'commander' }>,
  settings: GateSettings,
  reading: GateReading,
  steering: AgentSteering
): GateDecision {
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
  if (steering === 'other' || !pull?.fork) return { kind: 'steer', steerer }
  return judgeForkApproval(steerer, pull.headSha, reading.shown)
}

/**
 * A maintainer's command on a fork's pull request holds for the commit they saw: the head of the newest
 * record shown before the command. The pull request's head is read when the run executes, which can be
 * after new commits arrived.
 */
function judgeForkApproval(steerer: Extract<Steerer, { kind: 'commander' }>, head: string, shown: readonly ShownHead[]): GateDecision {
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

function permitted(steerer: Extract<Steerer, { kind: 'commander' }>, settings: GateSettings, role: string | null): boolean {
  if (steerer.actor.isBot) return botAllowed(steerer.actor.login, settings.allowedBots)
  return meetsPermission(role, settings.minPermission)
}

export function shortSha(sha: string): string {
  return sha.slice(0, 7) || 'an unknown commit'
}
