import type { IssueRef } from '../../../github/event.js'
import type { Settings } from '../../../settings.js'
import type { GateDecision } from '../../../trust/gate.js'
import type { AgentInputs } from '../inputs.js'
import { type Command, type EventAsk, type StickyStatus, writesToGitHub } from '../read/event-ask.js'
import type { JobAction } from '../verdicts.js'
import type { AgentPull } from './docs-record.js'

/** The agent's pull request a command is on: its job (null: none recorded), and the fresh `fix-checks` rounds record a person's follow-up carries. */
export interface AgentPullJob {
  jobId: string | null
  freshBudget: string
  /** On a fork's code pull request: the agent's pull request its docs record names, whose job a maintainer's command follows up. */
  recorded?: AgentPull
}

/**
 * What a run does, decided from the event and the settings before anything is written. What the event
 * asks is read first (read/event-ask.ts); the trust gate (src/trust/gate.ts) says whether whoever asked may;
 * `planRun` decides with both, and decide/before-job.ts merges it with the docs check into the run's plan.
 */

/** The request a run sends to the docs agent. */
export interface JobRequest {
  action: JobAction
  prompt: string
  promptSource: string
  jobId: string
}

/** A reply comment of its own, updated in place while the run goes on. */
export interface ReplyStatus {
  where: 'reply'
  on: IssueRef
  /** A reply in the thread of this review comment, not a comment on the issue. */
  reviewThread?: number
}

/** Where the status of a job goes. */
export type StatusCommentPlan = StickyStatus | ReplyStatus

/** The comment the reactions go on, with the reactions of each stage. */
export interface ReactionPlan {
  /** Where the comment is. */
  on: IssueRef
  commentId: number
  /** A review comment (its reactions have their own endpoint). */
  reviewComment?: boolean
}

/** The label that started the run, removed when it ends (whatever the outcome) so adding it again runs again. */
export interface LabelRemoval {
  on: IssueRef
  name: string
}

/** Why a command is refused: below `min-permission`, or a fork's pull request that moved after it was shown. */
export type Refusal = { kind: 'permission'; role: string | null } | { kind: 'head-moved'; head: string }

export type Plan =
  | { kind: 'skip'; why: string }
  /** Refused by the gate: a short reply and 😕, no request to the docs API. */
  | {
      kind: 'deny'
      why: string
      login: string
      refusal: Refusal
      /** What was used: the trigger word, or the label. */
      used: string
      reply: ReplyStatus | null
      react: ReactionPlan | null
      removeLabel: LabelRemoval | null
    }
  /**
   * A fork's pull request waits for a maintainer: the docs check shows its head as waiting. `commanded`: a
   * maintainer's command came before that head was shown, so the reply asks to repeat it.
   */
  | {
      kind: 'wait'
      why: string
      commanded: boolean
      reply: ReplyStatus | null
      react: ReactionPlan | null
      removeLabel: LabelRemoval | null
    }
  /** The trigger alone or `help`: the usage as a reply. */
  | { kind: 'help'; why: string; reply: ReplyStatus | null }
  | {
      kind: 'job'
      request: JobRequest
      status: StatusCommentPlan
      /** 👀 when accepted, 🚀 or 😕 at the end. */
      react: ReactionPlan | null
      /** Append the change notes (the `context` input) (new jobs only: a follow-up continues a conversation that has it). */
      withChangeNotes: boolean
      /** Introduce the agent's pull request when the job yields one. */
      introduce: boolean
      /**
       * Told in the log when the command became a follow-up; `recorded`: on a fork's code pull request, the
       * agent's pull request its docs record names (the command is on the code pull request, not on that one).
       */
      followUpOf: { pull: number; jobId: string; recorded?: AgentPull } | null
      /** Show the request instead of sending it: no docs API call, nothing written to GitHub. */
      dryRun: boolean
      removeLabel: LabelRemoval | null
    }

/** Whether the agent job of the command's pull request matters: only for a command that will run, on a pull request. */
export function needsAgentJob(command: Command, gate: GateDecision): boolean {
  return command.label === null && command.ask.kind === 'run' && command.on.kind === 'pull' && gate.kind === 'steer'
}

/**
 * Decides a run, once the gate has judged whoever steers it. `agentJob`: the job a command on a pull
 * request follows up (its agent pull request's, from a trusted, signed marker; or, on a fork's code pull
 * request, the one its docs record names), or null.
 */
export function planRun(asked: EventAsk, settings: Settings<AgentInputs>, gate: GateDecision, agentJob: AgentPullJob | null): Plan {
  if (asked.kind === 'skip') return asked
  if (gate.kind === 'ignore') return { kind: 'skip', why: gate.why }
  if (asked.kind === 'step') {
    if (gate.kind === 'steer') return planStep(asked, settings)
    // A step has no commander to refuse: only a fork's pull request stops it, waiting for a maintainer.
    return { kind: 'wait', why: gate.why, commanded: false, reply: null, react: null, removeLabel: null }
  }
  return planCommand(asked.command, settings, gate, agentJob)
}

/** The step's own action: its prompt from the inputs, its status where `readEventAsk` put it. */
function planStep(asked: Extract<EventAsk, { kind: 'step' }>, settings: Settings<AgentInputs>): Plan {
  const request: JobRequest = {
    action: asked.action,
    prompt: settings.prompt,
    promptSource: settings.promptSource,
    jobId: settings.jobId
  }
  return {
    kind: 'job',
    request,
    status: asked.status,
    react: null,
    withChangeNotes: request.action === 'job' && settings.context,
    introduce: writesToGitHub(settings),
    followUpOf: null,
    dryRun: settings.dryRun,
    removeLabel: null
  }
}

/** A command: refused as the gate says, the usage for help, else a job (a follow-up on the agent's pull request). */
function planCommand(
  command: Command,
  settings: Settings<AgentInputs>,
  gate: Exclude<GateDecision, { kind: 'ignore' }>,
  agentJob: AgentPullJob | null
): Plan {
  const { reply, react, removeLabel } = commandResponses(command, settings)
  const used = command.label ?? settings.trigger
  // The gate first, even for help: strangers cannot make the bot talk beyond one refusal.
  if (gate.kind === 'deny' || gate.kind === 'head-moved')
    return {
      kind: 'deny',
      why: gate.why,
      login: command.login,
      refusal: gate.kind === 'deny' ? { kind: 'permission', role: gate.role } : { kind: 'head-moved', head: gate.head },
      used,
      reply,
      react,
      removeLabel
    }
  if (command.ask.kind === 'help') return { kind: 'help', why: `${command.login} asked for help; the usage was posted.`, reply }
  if (gate.kind === 'wait-for-maintainer') return { kind: 'wait', why: gate.why, commanded: gate.commanded, reply, react, removeLabel }
  const jobId = command.on.kind === 'pull' && command.label === null ? (agentJob?.jobId ?? null) : null
  const recorded = agentJob?.recorded ?? null
  return {
    kind: 'job',
    request: {
      action: jobId ? 'message' : 'job',
      prompt: command.ask.prompt,
      promptSource: command.label ? `label ${command.label} added by ${command.login}` : `${settings.trigger} comment by ${command.login}`,
      jobId: jobId ?? ''
    },
    status: reply ?? { where: 'none' },
    react,
    // A follow-up from the code pull request brings new commits: the agent is told them.
    withChangeNotes: (jobId === null || recorded !== null) && settings.context,
    introduce: writesToGitHub(settings),
    followUpOf: jobId ? { pull: command.on.number, jobId, ...(recorded ? { recorded } : {}) } : null,
    dryRun: settings.dryRun,
    removeLabel
  }
}

/** Where a command is answered: its reply (in a review comment's thread), its reactions, the label to remove. */
function commandResponses(
  command: Command,
  settings: Settings<AgentInputs>
): { reply: ReplyStatus | null; react: ReactionPlan | null; removeLabel: LabelRemoval | null } {
  const writes = writesToGitHub(settings)
  const thread = command.inReviewThread && command.commentId !== null ? command.commentId : null
  const reply: ReplyStatus | null = writes ? { where: 'reply', on: command.on, ...(thread !== null ? { reviewThread: thread } : {}) } : null
  const react: ReactionPlan | null =
    writes && command.commentId !== null
      ? { on: command.on, commentId: command.commentId, ...(thread !== null ? { reviewComment: true } : {}) }
      : null
  // Not in a dry run, which writes nothing to GitHub.
  const removeLabel: LabelRemoval | null = command.label !== null && !settings.dryRun ? { on: command.on, name: command.label } : null
  return { reply, react, removeLabel }
}
