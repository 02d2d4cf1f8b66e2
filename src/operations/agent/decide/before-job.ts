import { judgeNoted, judgeQuiet, type Verdict } from '../../../outcome.js'
import type { Settings } from '../../../settings.js'
import type { GateDecision } from '../../../trust/gate.js'
import type { AgentInputs } from '../inputs.js'
import type { DocsCheckCode } from '../docs-check.js'
import type { DocsFacts } from '../read/docs-facts.js'
import type { DocsCheckPlan } from './docs-check-plan.js'
import type { DocsCheckFacts, DocsGate } from './docs-check-rules.js'
import type { RunFacts } from './facts.js'
import { type LabelRemoval, type Plan, planRun, type ReactionPlan, type ReplyStatus } from './run-plan.js'
import type { Write } from './writes.js'
import { renderDeniedReply, renderHeadMovedReply, renderRepeatForHeadReply, renderSkipReply, renderUsageReply } from '../command-replies.js'
import { renderSharedHeadComment } from '../status-comment.js'

/**
 * An agent run's whole plan, decided once from its facts and settings before anything is written: what the
 * event asks and the gate allows (`planRun`), the docs check's part (`planDocsCheck`), and from both every
 * write in order, the job or follow-up to send, and how a run without a job ends. Pure; tested as tables.
 */

/** The docs check's part of a run: its plan, the facts it was decided from, and its code, which writes it. */
export interface DocsPart {
  plan: DocsCheckPlan
  facts: DocsFacts
  code: DocsCheckCode
}

/** The job or follow-up a run sends (the run's own plan of it), and what its commit status and status comment carry. */
export type JobStep = Extract<Plan, { kind: 'job' }> & {
  /** The commit the docs check's status goes on while the job runs ("working", then its end); null for none. */
  statusSha: string | null
  /** A person's follow-up on the agent's pull request: the fresh `fix-checks` rounds record its status comment carries, or ''. */
  freshBudget: string
  /** Who commanded the job ('' for none): on a fork's pull request, the maintainer who approved it, asked to review. */
  approver: string
}

/**
 * The run's plan: the job or follow-up it sends (whose verdict decides how it ends), or how it ends
 * without one, once the writes of `before` are made.
 */
export type RunPlan = PlanParts & ({ job: JobStep; end: null } | { job: null; end: Verdict })

interface PlanParts {
  run: Plan
  docs: DocsPart | null
  /** Every write before the job, in order; all of them when no job runs. */
  before: Write[]
  /** Last, whatever happened (a cancelled run included): the label that started the run goes, so adding it again runs again. */
  removeLabel: LabelRemoval | null
}

export function decideRun(facts: RunFacts, settings: Settings<AgentInputs>): RunPlan {
  const run = planRun(facts.asked, settings, facts.gate, facts.agentPull)
  const docs = facts.docs && {
    ...facts.docs,
    plan: facts.docs.code.planDocsCheck(docsCheckFacts(facts.docs.facts, run, settings, facts.now))
  }
  const removeLabel = run.kind === 'help' || run.kind === 'skip' ? null : run.removeLabel
  const plan = { run, docs, removeLabel, job: null }
  if (docs?.plan.job === 'none') {
    const text = replyText(docs.plan, commanderOf(facts.gate), docs.facts.target.sha ?? '', settings)
    return { ...plan, before: docsAnswer(run, docs, text), end: docsVerdict(docs.plan) }
  }
  if (run.kind === 'skip' || run.kind === 'wait') return { ...plan, before: [], end: judgeQuiet('skipped', run.why) }
  if (run.kind === 'deny') return { ...plan, before: refusal(run, settings), end: judgeQuiet('denied', run.why) }
  if (run.kind === 'help')
    return { ...plan, before: run.reply ? [reply(run.reply, usage(settings))] : [], end: judgeQuiet('skipped', run.why) }
  const { followUpOf } = run
  const before: Write[] = [
    ...(docs?.plan.why ? [log(docs.plan.why)] : []),
    ...(run.react ? [react(run.react, 'eyes')] : []),
    ...(followUpOf ? [log(followUpWords(followUpOf))] : [])
  ]
  const statusSha = docs?.plan.statusNow.kind === 'working' && settings.docsCheck.statusContext ? docs.facts.target.sha : null
  const freshBudget = followUpOf ? (facts.agentPull?.freshBudget ?? '') : ''
  return { ...plan, before, job: { ...run, statusSha, freshBudget, approver: commanderOf(facts.gate) }, end: null }
}

function followUpWords({ pull, jobId, recorded }: NonNullable<Extract<Plan, { kind: 'job' }>['followUpOf']>): string {
  if (!recorded) return `#${pull} is the agent's pull request for job ${jobId}: the command becomes a follow-up message.`
  return `#${pull} is documented in ${recorded.repository}#${recorded.number} (job ${jobId}): the command becomes a follow-up message to that job.`
}

/** The docs check's facts as its rules read them: the gate's word from the run's plan (a fork's pull request waits). */
function docsCheckFacts(docs: DocsFacts, run: Plan, settings: Settings<AgentInputs>, now: number): DocsCheckFacts {
  const gate: DocsGate = run.kind === 'wait' ? { kind: 'wait', commanded: run.commanded } : { kind: 'steer' }
  return {
    event: docs.event,
    gate,
    head: docs.target.sha,
    pull: docs.target.pull,
    record: docs.record,
    recordKnown: docs.recordKnown,
    paths: docs.paths,
    outsiders: docs.outsiders,
    sharedHead: docs.sharedHead,
    statusContext: settings.docsCheck.statusContext !== null,
    dryRun: settings.dryRun,
    trigger: settings.trigger,
    now
  }
}

/**
 * The docs check said no job: a closed pull request (its agent pull request told), `paths` unmatched, a
 * skipped pull request (its status carried), a fork's waiting for a maintainer (its head shown in the
 * sticky comment, or in the reply to a command that came too early), `/docs skip` (recorded in the reply,
 * answered like any command) or `skip` where it does not apply (the usage). A dry run only shows.
 */
function docsAnswer(run: Plan, docs: DocsPart, text: string | null): Write[] {
  const { plan, facts } = docs
  const replyTo = run.kind === 'job' && run.status.where === 'reply' ? run.status : run.kind === 'wait' ? run.reply : null
  const reactOn = (run.kind === 'job' || run.kind === 'wait') && !plan.dryRun ? run.react : null
  const head = facts.target.sha ?? ''
  const pull = facts.target.pull
  return [
    ...(reactOn ? [react(reactOn, 'eyes')] : []),
    ...(plan.statusNow.kind === 'write' && head
      ? [{ kind: 'commit-status' as const, situation: plan.statusNow.situation, sha: head, dryRun: plan.dryRun }]
      : []),
    ...(plan.note ? [{ kind: 'note' as const, note: plan.note, dryRun: plan.dryRun }] : []),
    ...(replyTo && text !== null && !plan.dryRun ? [reply(replyTo, text, plan.reply !== 'usage')] : []),
    // The waiting record is written whatever `comment` says: without it, no maintainer's command could ever hold.
    ...(plan.sticky && pull && !plan.dryRun
      ? [{ kind: 'sticky-comment' as const, says: plan.sticky, pull: pull.number, head, why: plan.why, stickyId: facts.stickyId }]
      : []),
    ...(reactOn ? [react(reactOn, 'rocket')] : [])
  ]
}

/** The docs check's reply: the usage, the skip recorded, or (a fork's head shown now) the command to repeat. */
function replyText(plan: DocsCheckPlan, commander: string, head: string, settings: Settings<AgentInputs>): string | null {
  switch (plan.reply) {
    case 'usage':
      return usage(settings)
    case 'skip-recorded':
      return renderSkipReply(plan.why, settings.trigger)
    case 'repeat-for-head':
      return renderRepeatForHeadReply(commander, head, settings.trigger)
    case 'shared-head':
      return renderSharedHeadComment('', plan.why)
    case null:
      return null
  }
}

function usage(settings: Settings<AgentInputs>): string {
  return renderUsageReply(settings.trigger, settings.minPermission)
}

function docsVerdict(plan: DocsCheckPlan): Verdict {
  if (plan.outcome === 'noted') return judgeNoted(plan.why)
  if (plan.quiet) return { ...judgeQuiet('skipped', plan.why), result: 'success' }
  return judgeQuiet(plan.outcome ?? 'skipped', plan.why)
}

/** A refused command: the reply says why, and 😕. */
function refusal(run: Extract<Plan, { kind: 'deny' }>, settings: Settings<AgentInputs>): Write[] {
  const { login, refusal } = run
  const text =
    refusal.kind === 'permission'
      ? renderDeniedReply(login, refusal.role, run.used, settings.minPermission)
      : renderHeadMovedReply(login, refusal.head)
  return [...(run.reply ? [reply(run.reply, text)] : []), ...(run.react ? [react(run.react, 'confused')] : [])]
}

/** Who commanded the run, as the gate saw them ('' for a run nobody commanded). */
function commanderOf(gate: GateDecision): string {
  return 'steerer' in gate && gate.steerer.kind === 'commander' ? gate.steerer.actor.login : ''
}

const log = (message: string): Write => ({ kind: 'log', message })
const react = (on: ReactionPlan, content: 'eyes' | 'rocket' | 'confused'): Write => ({ kind: 'react', on, content })
const reply = (to: ReplyStatus, text: string, withRecord = false): Write => ({ kind: 'reply', to, text, withRecord })
