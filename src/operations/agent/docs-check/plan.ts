import type { AgentPull, DocsRecord, DocsSkip, RecordUpdate } from './record.js'
import type { DocsSituation } from './status.js'

/**
 * The docs check's decision for one run, from the event and what is known about the code pull request,
 * before anything is written: whether the job starts, the commit status to write before it (or instead
 * of it), what changes in the record, the note for the agent's pull request when the code pull request
 * closes. Pure; the executor gathers the facts and carries the plan out.
 */

/** Where a command or a label is: a code pull request, the docs agent's own pull request, an issue. */
export type CommandPlace = 'code-pull' | 'agent-pull' | 'issue'

/** Who used a command or a label, and whether they may (`min-permission`, or a bot in `allowed-bots`). */
export interface DocsActor {
  login: string
  permitted: boolean
}

export type DocsEvent =
  | { kind: 'pull-request'; action: 'opened' | 'reopened' | 'synchronize' }
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
export type PathsVerdict = 'unset' | 'matched' | 'unmatched'

export interface DocsCheckFacts {
  event: DocsEvent
  pull: CodePull | null
  /** The newest trusted record on the code pull request. */
  record: DocsRecord | null
  /** Judged on push and pull-request events only; commands and labels are asked for explicitly. */
  paths: PathsVerdict
  /** `status-context` is set. */
  statusContext: boolean
  dryRun: boolean
  /** The slash command word (`/docs`). */
  trigger: string
  /** Epoch milliseconds, for the time of a skip. */
  now: number
}

/** The commit status written before the job, or instead of it. */
export type StatusNow =
  | { kind: 'none' }
  /** Pending, "working (job <id>)", once the job is accepted; its end writes the final status. */
  | { kind: 'working' }
  | { kind: 'write'; situation: DocsSituation }

/** A comment for the agent's pull request: the code pull request closed. */
export interface ClosingNote {
  pull: AgentPull
  text: string
}

export type NoJobOutcome = 'skipped' | 'noted' | 'denied'

export interface DocsCheckPlan {
  job: 'start' | 'none'
  statusNow: StatusNow
  record: RecordUpdate
  note: ClosingNote | null
  /** `usage`: skip where it does not apply; `skip-recorded`: the reply to a `/docs skip` that says so. */
  reply: 'usage' | 'skip-recorded' | null
  /** How a run without a job ends; null when a job starts (its verdict decides). */
  outcome: NoJobOutcome | null
  /** For the log and, unless `quiet`, a notice. */
  why: string
  quiet: boolean
  /** Show the statuses, record and note instead of writing them. */
  dryRun: boolean
}

const NO_STATUS: StatusNow = { kind: 'none' }
const KEEP: RecordUpdate = { kind: 'keep' }

export function planDocsCheck(facts: DocsCheckFacts): DocsCheckPlan {
  const { event } = facts
  switch (event.kind) {
    case 'pull-request-closed':
      return planClosed(event, facts)
    case 'pull-request':
    case 'push':
      return planChange(facts)
    case 'command':
    case 'label':
      return planCommand(event, facts)
    case 'scheduled':
      return startJob(facts, { status: false, record: KEEP, why: '' })
  }
}

/**
 * A push, or a pull request opened, reopened or pushed to. `paths` first (also before the fork rule:
 * a change nothing documents needs no maintainer), then a recorded skip, then the fork rule. Where no
 * job starts, the recorded status carries over to the new commit.
 */
function planChange(facts: DocsCheckFacts): DocsCheckPlan {
  const { record, trigger } = facts
  const carried = record?.status ? ({ kind: 'carried', status: record.status } as const) : null
  if (facts.paths === 'unmatched')
    return noJob(facts, 'skipped', 'None of the changed files matches paths, so no docs job was started.', {
      statusNow: statusOf(facts, carried ?? { kind: 'nothing-documented' })
    })
  if (record?.skip)
    return noJob(facts, 'skipped', `${skipWords(record.skip)}, so no docs job was started; ${trigger} with a prompt runs one.`, {
      statusNow: statusOf(facts, carried ?? { kind: 'skipped', skip: record.skip })
    })
  // A fork's author could otherwise spend the agent quota and steer the agent; a maintainer decides once.
  const decided = record !== null && (record.jobId !== null || record.agentPull !== null)
  if (facts.event.kind === 'pull-request' && facts.pull?.fork && !decided)
    return noJob(
      facts,
      'skipped',
      `The pull request comes from a fork, which starts no docs job by itself: a maintainer can comment ${trigger} to document it, or ${trigger} skip if it needs none.`,
      { statusNow: statusOf(facts, { kind: 'waiting-for-maintainer', trigger }) }
    )
  return startJob(facts, { status: true, record: KEEP, why: '' })
}

/** A closed code pull request never starts a job; with a recorded agent pull request, that one is told. */
function planClosed(event: Extract<DocsEvent, { kind: 'pull-request-closed' }>, facts: DocsCheckFacts): DocsCheckPlan {
  const agentPull = facts.record?.agentPull ?? null
  if (!agentPull || !facts.pull)
    return noJob(facts, 'skipped', 'The pull request was closed, and no agent pull request is recorded for it to tell.', { quiet: true })
  const code = `${facts.pull.repository}#${facts.pull.number}`
  const sha = event.mergeSha ? ` (${event.mergeSha.slice(0, 7)})` : ''
  const text = event.merged
    ? `${code} was merged${sha}: this documentation can ship with it`
    : `${code} was closed without merging: this documentation may no longer apply`
  const what = event.merged ? 'merged' : 'closed without merging'
  return noJob(facts, 'noted', `${code} was ${what}; ${agentPull.repository}#${agentPull.number} is told so.`, {
    note: { pull: agentPull, text }
  })
}

/**
 * A slash command or the label, from someone who may or may not use them. Denied: nothing changes, no
 * status either. `skip` applies to code pull requests only. A prompt (or the label) on a code pull
 * request runs whatever the fork rule or a recorded skip said: a maintainer asked for it.
 */
function planCommand(event: Extract<DocsEvent, { kind: 'command' | 'label' }>, facts: DocsCheckFacts): DocsCheckPlan {
  const { login, permitted } = event.actor
  const used = event.kind === 'label' ? 'the label' : facts.trigger
  if (!permitted) return noJob(facts, 'denied', `${login} may not use ${used} here, so nothing changed.`, {})
  if (event.kind === 'command' && event.ask.kind === 'skip') {
    if (event.on !== 'code-pull')
      return noJob(
        facts,
        'skipped',
        `${facts.trigger} skip applies to code pull requests, not to ${event.on === 'issue' ? 'an issue' : "the docs agent's own pull request"}; the usage was posted.`,
        { reply: 'usage' }
      )
    const skip: DocsSkip = { login, reason: event.ask.reason, at: new Date(facts.now).toISOString() }
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
  return `Docs were skipped by @${skip.login}${skip.reason ? ` (${skip.reason})` : ''}`
}

function statusOf(facts: DocsCheckFacts, situation: DocsSituation): StatusNow {
  return facts.statusContext ? { kind: 'write', situation } : NO_STATUS
}

function startJob(facts: DocsCheckFacts, how: { status: boolean; record: RecordUpdate; why: string }): DocsCheckPlan {
  return {
    job: 'start',
    statusNow: how.status && facts.statusContext ? { kind: 'working' } : NO_STATUS,
    record: how.record,
    note: null,
    reply: null,
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
  changes: Partial<Pick<DocsCheckPlan, 'statusNow' | 'record' | 'note' | 'reply' | 'quiet'>>
): DocsCheckPlan {
  return {
    job: 'none',
    statusNow: NO_STATUS,
    record: KEEP,
    note: null,
    reply: null,
    outcome,
    why,
    quiet: false,
    dryRun: facts.dryRun,
    ...changes
  }
}
