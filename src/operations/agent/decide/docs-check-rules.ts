import type { DocsRecord, DocsSkip, RecordUpdate } from './docs-record.js'
import { closedUnmergedNote } from '../closing-note.js'
import { closeToFree, type SharedHead, sharedHeadWhy } from './shared-head.js'
import type { DocsSituation } from './commit-status.js'
import type { CommitStatusNow, DocsCheckPlan, NoJobOutcome } from './docs-check-plan.js'

/**
 * The docs check's decision for one run, from the event and what is known about the code pull request, before
 * anything is written: whether the job starts, the commit status to write before it (or instead of it), what
 * changes in the record, the note for the agent's pull request when the code pull request closes. Pure.
 */

/** Where a command or a label is: a code pull request, the docs agent's own pull request, an issue. */
export type CommandPlace = 'code-pull' | 'agent-pull' | 'issue'

/** Who used a command or a label; the gate has already said they may (src/trust/gate.ts). */
export interface DocsActor {
  login: string
}

export type DocsEvent =
  /** Any action but `closed` and `labeled` (`opened`, `synchronize`, `edited`, `ready_for_review`…). */
  | { kind: 'pull-request'; action: string }
  /** `mergeSha`: the merge commit of a merged pull request. */
  | { kind: 'pull-request-closed'; merged: boolean; mergeSha: string | null }
  | { kind: 'push' }
  /** A slash command (comment, review comment, review) that runs a prompt or skips the docs. */
  | { kind: 'command'; on: CommandPlace; ask: { kind: 'run' } | { kind: 'skip'; reason: string }; actor: DocsActor }
  /** The `label` added. */
  | { kind: 'label'; on: CommandPlace; actor: DocsActor }
  /** schedule and workflow_dispatch: no pull request, no commit status. */
  | { kind: 'scheduled' }

/** The code pull request the run is about: the event's, or the one the pushed commit belongs to. */
export interface CodePull {
  /** `owner/name`. */
  repository: string
  number: number
  /** Opened from a fork. */
  fork: boolean
}

/** `paths` against the changed files: not set, some file matches, or none does. */
/**
 * `paths` against what changed: not set, some file matches, none does, or nothing changed since the head
 * last judged (an edit, a reopening: the head is the judged head).
 */
export type PathsVerdict = 'unset' | 'matched' | 'unmatched' | 'unchanged'

/** What the trust gate decided: go on, or a fork's pull request waits for a maintainer (`commanded`: a command came too early). */
export type DocsGate = { kind: 'steer' } | { kind: 'wait'; commanded: boolean }

export interface DocsCheckFacts {
  event: DocsEvent
  gate: DocsGate
  /** The commit the run is about (the pull request's head as read, the pushed commit); null when none. */
  head: string | null
  pull: CodePull | null
  /** The newest trusted record on the code pull request. */
  record: DocsRecord | null
  /**
   * Whether "no record" can be believed (false: a failed read, or none among the newest 1,000 comments
   * while older ones exist). A fork's unknown record waits for a maintainer.
   */
  recordKnown: boolean
  /** Judged on push and pull-request events only; commands and labels are asked for explicitly. */
  paths: PathsVerdict
  /** The run is about an outsider's pull request (a fork's, or an author's below `min-permission`). */
  outsiders: boolean
  /** Another open pull request of this repository whose head is `head` too (see HeadOwners); null: none, or not asked. */
  sharedHead: SharedHead | null
  /** `status-context` is set. */
  statusContext: boolean
  dryRun: boolean
  /** The slash command word (`/docs`). */
  trigger: string
  /** Epoch milliseconds, for the time of a skip. */
  now: number
}

/**
 * Whether a run must ask which open pull requests have its head before it writes a status there: about an
 * outsider's pull request, with `status-context` set, on any event but its closing (which writes none).
 * Anyone can open a pull request from a fork whose head is another pull request's head.
 */
export function needsHeadOwners(event: DocsEvent, outsiders: boolean, statusContext: boolean): boolean {
  return outsiders && statusContext && event.kind !== 'pull-request-closed' && event.kind !== 'scheduled'
}

const NO_STATUS: CommitStatusNow = { kind: 'none' }
const KEEP: RecordUpdate = { kind: 'keep' }

export function planDocsCheck(facts: DocsCheckFacts): DocsCheckPlan {
  const { event } = facts
  if (facts.sharedHead && needsHeadOwners(event, facts.outsiders, facts.statusContext)) return headShared(facts, facts.sharedHead)
  switch (event.kind) {
    case 'pull-request-closed':
      return planClosed(event, facts)
    case 'pull-request':
    case 'push':
      return planChange(facts)
    case 'command':
    case 'label':
      return planCheckOfCommand(event, facts)
    case 'scheduled':
      return startJob(facts, { status: false, record: KEEP, why: '' })
  }
}

/**
 * A push, or a pull request opened, pushed to, edited… `paths` first (also before the fork rule: a change
 * nothing documents needs no maintainer), then the fork rule, then a recorded skip. Where no job starts,
 * the recorded status carries over to the new commit.
 */
function planChange(facts: DocsCheckFacts): DocsCheckPlan {
  const { record } = facts
  const carried = record?.status ? ({ kind: 'carried', status: record.status } as const) : null
  const skip = record?.skip
  // An outsider can bury a fork's record under newer comments: one that cannot be found is unknown, never "none".
  if (facts.gate.kind === 'wait' && !facts.recordKnown) return waitForMaintainer(facts)
  // Nothing new since the judged head (an edit, a reopening): as for a change that matches nothing; a skip holds.
  if (facts.paths === 'unchanged' && skip) return skipHolds(facts, skip, carried)
  if (facts.paths === 'unmatched' || facts.paths === 'unchanged') return nothingNew(facts, carried)
  // Whatever was decided before: a maintainer looks at every new head of a fork's pull request.
  if (facts.gate.kind === 'wait') return waitForMaintainer(facts)
  if (!skip) return startJob(facts, { status: true, record: KEEP, why: '' })
  // A skip holds for later changes but those touching what `paths` documents, whichever event judged them (a push's run may be replaced).
  if (facts.paths === 'matched') {
    const what = isPush(facts.event) ? 'This push changes' : 'The changes since the head last judged change'
    return startJob(facts, {
      status: true,
      record: { kind: 'clear-skip' },
      why: `${what} files that match paths, which clears the skip by @${skip.login}.`
    })
  }
  return skipHolds(facts, skip, carried)
}

function skipHolds(facts: DocsCheckFacts, skip: DocsSkip, carried: Extract<DocsSituation, { kind: 'carried' }> | null): DocsCheckPlan {
  return noJob(facts, 'skipped', `${skipWords(skip)}, so no docs job was started; ${facts.trigger} with a prompt runs one.`, {
    statusNow: statusOf(facts, carried ?? { kind: 'skipped', skip })
  })
}

/**
 * Nothing documented changed: the recorded status carries over to the new head. A fork's waiting state
 * carried onto a head shows that head as waiting like any other, so a maintainer's command on it holds.
 */
function nothingNew(facts: DocsCheckFacts, carried: Extract<DocsSituation, { kind: 'carried' }> | null): DocsCheckPlan {
  const { record, head } = facts
  const why =
    facts.paths === 'unchanged'
      ? `Nothing changed since ${head ? head.slice(0, 7) : 'the head'} was judged, so no docs job was started.`
      : 'None of the changed files matches paths, so no docs job was started.'
  const waiting = record?.status ? record.status.state === 'pending' : (record?.shown.length ?? 0) > 0
  const shows = facts.gate.kind === 'wait' && head !== null && waiting
  return noJob(facts, 'skipped', why, {
    statusNow: statusOf(facts, carried ?? { kind: 'nothing-documented' }),
    ...(shows ? { record: { kind: 'show-head', head: { sha: head, at: shownAt(facts.now) } }, sticky: 'waiting' as const } : {})
  })
}

/** In whole seconds, as GitHub times a comment: one written in the same second counts as after it. */
function shownAt(now: number): string {
  return new Date(Math.floor(now / 1000) * 1000).toISOString()
}

function isPush(event: DocsEvent): boolean {
  return event.kind === 'push' || (event.kind === 'pull-request' && event.action === 'synchronize')
}

/**
 * A fork's pull request waits for a maintainer: its head is recorded as shown now (a maintainer's command
 * then holds for it), and with `status-context` its status says so.
 */
function waitForMaintainer(facts: DocsCheckFacts): DocsCheckPlan {
  const { trigger, head } = facts
  const commanded = facts.gate.kind === 'wait' && facts.gate.commanded
  const shown = head ? ` (${head.slice(0, 7)} shown now)` : ''
  return noJob(facts, 'skipped', `Waiting for a maintainer: ${trigger} to document it, ${trigger} skip if it needs none${shown}.`, {
    statusNow: statusOf(facts, { kind: 'waiting-for-maintainer', trigger }),
    record: head ? { kind: 'show-head', head: { sha: head, at: shownAt(facts.now) } } : KEEP,
    reply: commanded ? 'repeat-for-head' : null,
    sticky: commanded ? null : 'waiting'
  })
}

/**
 * An outsider's pull request whose head is another open pull request's head too: any status written on it
 * would be that pull request's docs check. Nothing is written on the commit and no job starts, whoever asked;
 * the sticky comment (a command's reply) says why.
 */
function headShared(facts: DocsCheckFacts, shared: SharedHead): DocsCheckPlan {
  const head = facts.head ? facts.head.slice(0, 7) : 'The head'
  const command = facts.event.kind === 'command' || facts.event.kind === 'label'
  // A maintainer who asked is told which outsiders' pull requests to close, where that frees the head. The
  // reply names the head to them: it is shown, so their next command, once those are closed, holds for it.
  const advice = command ? closeToFree(shared, facts.trigger) : ''
  const shown = advice && facts.head ? { record: { kind: 'show-head' as const, head: { sha: facts.head, at: shownAt(facts.now) } } } : {}
  return noJob(
    facts,
    'skipped',
    sharedHeadWhy(head, shared) + advice,
    command ? { reply: 'shared-head', ...shown } : { sticky: 'shared-head' }
  )
}

/** A closed code pull request never starts a job; with a recorded agent pull request, that one is told. */
function planClosed(event: Extract<DocsEvent, { kind: 'pull-request-closed' }>, facts: DocsCheckFacts): DocsCheckPlan {
  const agentPull = facts.record?.agentPull ?? null
  if (!agentPull || !facts.pull)
    return noJob(facts, 'skipped', 'The pull request was closed, and no agent pull request is recorded for it to tell.', { quiet: true })
  const code = `${facts.pull.repository}#${facts.pull.number}`
  const sha = event.mergeSha ? ` (${event.mergeSha.slice(0, 7)})` : ''
  const text = event.merged ? `${code} was merged${sha}: this documentation can ship with it` : closedUnmergedNote(code)
  const what = event.merged ? 'merged' : 'closed without merging'
  return noJob(facts, 'noted', `${code} was ${what}; ${agentPull.repository}#${agentPull.number} is told so.`, {
    note: { pull: agentPull, text }
  })
}

/**
 * A slash command or the label, from someone the gate let through (or whose command on a fork's pull
 * request came before its head was shown). `skip` applies to code pull requests only. A prompt (or the
 * label) on a code pull request runs whatever a recorded skip said: a maintainer asked for it.
 */
function planCheckOfCommand(event: Extract<DocsEvent, { kind: 'command' | 'label' }>, facts: DocsCheckFacts): DocsCheckPlan {
  const { login } = event.actor
  if (event.kind === 'command' && event.ask.kind === 'skip' && event.on !== 'code-pull')
    return noJob(
      facts,
      'skipped',
      `${facts.trigger} skip applies to code pull requests, not to ${event.on === 'issue' ? 'an issue' : "the docs agent's own pull request"}; the usage was posted.`,
      { reply: 'usage' }
    )
  if (facts.gate.kind === 'wait') return waitForMaintainer(facts)
  if (event.kind === 'command' && event.ask.kind === 'skip') {
    const skip: DocsSkip = { login, reason: event.ask.reason, at: new Date(facts.now).toISOString(), sha: facts.head ?? '' }
    return noJob(facts, 'skipped', `${skipWords(skip)}; no docs job will run on this pull request until ${facts.trigger} asks for one.`, {
      statusNow: statusOf(facts, { kind: 'skipped', skip }),
      record: { kind: 'set-skip', skip },
      reply: 'skip-recorded'
    })
  }
  // A follow-up on the agent's own pull request, or a job from an issue: no code commit to write on.
  if (event.on !== 'code-pull') return startJob(facts, { status: false, record: KEEP, why: '' })
  const skip = facts.record?.skip
  if (!skip) return startJob(facts, { status: true, record: KEEP, why: '' })
  return startJob(facts, {
    status: true,
    record: { kind: 'clear-skip' },
    why: `${login} asked for docs, which clears the skip by @${skip.login}.`
  })
}

function skipWords(skip: DocsSkip): string {
  const at = skip.sha ? ` at ${skip.sha.slice(0, 7)}` : ''
  return `Docs were skipped by @${skip.login}${at}${skip.reason ? ` (${skip.reason})` : ''}`
}

function statusOf(facts: DocsCheckFacts, situation: DocsSituation): CommitStatusNow {
  return facts.statusContext ? { kind: 'write', situation } : NO_STATUS
}

function startJob(facts: DocsCheckFacts, how: { status: boolean; record: RecordUpdate; why: string }): DocsCheckPlan {
  return {
    job: 'start',
    statusNow: how.status && facts.statusContext ? { kind: 'working' } : NO_STATUS,
    record: how.record,
    note: null,
    reply: null,
    sticky: null,
    outcome: null,
    why: how.why,
    quiet: false,
    dryRun: facts.dryRun
  }
}

function noJob(
  facts: DocsCheckFacts,
  outcome: NoJobOutcome,
  why: string,
  changes: Partial<Pick<DocsCheckPlan, 'statusNow' | 'record' | 'note' | 'reply' | 'sticky' | 'quiet'>>
): DocsCheckPlan {
  return {
    job: 'none',
    statusNow: NO_STATUS,
    record: KEEP,
    note: null,
    reply: null,
    sticky: null,
    outcome,
    why,
    quiet: false,
    dryRun: facts.dryRun,
    ...changes
  }
}
