import type { Actor, ChecksEvent, GitHubEvent } from '../github/event.js'
import type { Operation } from '../settings.js'

/**
 * The first steps of the trust gate (src/trust/gate.ts), from the event alone: whether its action and
 * origin steer the operation at all (`steeringOf`), and who steers it (`whoSteers`).
 */

/** Whose words a run acts on. */
export type Steerer =
  /** A schedule, a dispatch, anything without a person of its own: the workflow as its authors wrote it. */
  | { kind: 'workflow' }
  /** A push: GitHub let them push. */
  | { kind: 'pusher'; actor: Actor }
  /**
   * A pull-request event: its author, judged like a commander (a fork's is an outsider's whoever wrote it).
   * `merged`: closed by a merge, which someone with write access did. `showsNew`: on an outsider's pull
   * request, whether the run has something new to do (see `showsNew`). `reopenedBy`: who reopened it, when
   * not its author; they are judged as well.
   */
  | { kind: 'pull-author'; actor: Actor; fork: boolean; closed: boolean; merged: boolean; showsNew: boolean; reopenedBy?: Actor }
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

/** The acts of a person on one issue or pull request: they steer no sweep, which acts on every agent pull request. */
const COMMANDS: readonly CommandVia[] = ['comment', 'review', 'review comment', 'label']

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

/**
 * The one rule of the event's action and origin, the same for every operation: a comment steers only when
 * created, a review only when submitted; a comment, review or label never steers a sweep (a schedule or a
 * dispatch does); a check event steers only `job` (the `fix-checks` rounds), never
 * for a fork's run, unless it is a workflow run of this repository that a push, a schedule or a dispatch
 * started, which steers as that event does. Any other event with no sender to judge steers nothing.
 */
export function steeringOf(event: GitHubEvent, operation: Operation): Steering {
  const fresh = Object.hasOwn(FRESH_ACTIONS, event.name) ? FRESH_ACTIONS[event.name] : undefined
  const action = 'action' in event ? (event.action ?? '') : ''
  if (fresh && action !== fresh.action)
    return unsteered(`The ${event.name} event (${action || 'no action'}) steers nothing: only ${fresh.what} does.`, false)
  if (operation === 'sweep') {
    const steerer = whoSteers(event)
    if (steerer.kind === 'commander' && COMMANDS.includes(steerer.via))
      return unsteered(
        `The ${event.name} event (a ${steerer.via}) does not steer a sweep, which looks after every agent pull request: run it on a schedule or a workflow_dispatch. Nothing was started.`,
        true
      )
  }
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
        merged: event.pull.merged,
        showsNew: showsNew(event),
        ...reopener(event.reopenedBy, event.pull.author)
      }
    case 'checks':
      if (!steersAsItsStart(event)) return { kind: 'agent-pull' }
      return event.origin.startedBy === 'push' ? { kind: 'pusher', actor: event.origin.by } : { kind: 'workflow' }
    case 'other':
      if (WORKFLOW_EVENTS.includes(event.name)) return { kind: 'workflow' }
      return commander(event.sender ?? { login: '', isBot: false }, 'event', '', false)
  }
}

/**
 * Who reopened a pull request, when it is someone other than its author: they steer its run as well, for a
 * triage user may reopen a writer's pull request (below `min-permission`, it is then an outsider's).
 */
function reopener(sender: Actor | undefined, author: Actor): { reopenedBy?: Actor } {
  if (!sender || sender.login.toLowerCase() === author.login.toLowerCase()) return {}
  return { reopenedBy: { login: sender.login, isBot: sender.isBot } }
}

function commander(actor: Actor, via: CommandVia, at: string, onPull: boolean): Steerer {
  return { kind: 'commander', actor: { login: actor.login, isBot: actor.isBot }, via, at, onPull }
}

/** The actions of an outsider's pull request whose run shows a maintainer a new head. */
const NEW_HEAD_ACTIONS: readonly string[] = ['opened', 'reopened', 'synchronize']

/**
 * Whether a run of this pull-request event has something new to do on an outsider's pull request (which
 * waits for a maintainer by itself): show a new head (opened, reopened, synchronize), judge a new base
 * (edited with a changed base), or tell the agent's pull request that it closed. A title or body edit, a
 * review request, a draft's change of state: nothing new, so its run need not join a `concurrency` group,
 * where it would replace a maintainer's pending command.
 */
export function showsNew(event: Extract<GitHubEvent, { kind: 'pull_request' }>): boolean {
  return NEW_HEAD_ACTIONS.includes(event.action) || event.action === 'closed' || (event.action === 'edited' && event.retargeted === true)
}
