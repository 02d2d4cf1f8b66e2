import type { GitHubEvent, Repo, RunContext } from '../github/event.js'
import { meetsPermission } from '../github/permissions.js'
import { planForComment } from '../github/slash-command.js'
import { parsePullLink } from '../mintlify/job.js'
import type { JobAction } from '../outcome.js'
import type { Settings } from '../settings.js'

/**
 * What a run does, decided from the event and the settings before anything is written. Two pure stages:
 * `readTrigger` says what the event asks and which facts GitHub must supply; `planRun` decides with
 * those facts. The executor (agent-workflow.ts) only gathers the facts and carries the plan out.
 */

/** A slash command found in a comment: who wrote it, what it asks, and where its replies go. */
export interface Command {
  login: string
  ask: { kind: 'help' } | { kind: 'run'; prompt: string }
  /** The issue or pull request the comment is on. */
  issue: number
  isPullRequest: boolean
  /** The comment the reactions go on. */
  commentId: number
}

/** Where the status of a run without a command goes. */
export type StickyStatus =
  | { where: 'none' }
  /** One sticky comment on this pull request. */
  | { where: 'pull'; pull: number }
  /** One sticky comment on the pull request the pushed commit belongs to, if any (looked up). */
  | { where: 'commit'; sha: string }

export type Trigger =
  /** Nothing for this run to do: nothing is read or written. */
  | { kind: 'skip'; why: string }
  /** A slash command: the commenter's permission, and on a pull request its agent job, are needed. */
  | { kind: 'command'; command: Command }
  /** The operation of the step (job or message), with the prompt from the inputs. */
  | { kind: 'step'; action: JobAction; status: StickyStatus }

export function readTrigger(event: GitHubEvent, settings: Settings, operation: JobAction): Trigger {
  if (event.kind === 'issue_comment') {
    const read = planForComment({ action: event.action, body: event.comment.body, isBot: event.comment.isBot }, settings.trigger)
    if (read.kind === 'skip') return read
    return {
      kind: 'command',
      command: {
        login: event.comment.login,
        ask: read,
        issue: event.issue.number,
        isPullRequest: event.issue.isPullRequest,
        commentId: event.comment.id
      }
    }
  }
  return { kind: 'step', action: operation, status: writesToGitHub(settings) ? stickyStatus(event, settings) : { where: 'none' } }
}

/** Comments and reactions: asked for, and not a dry run (which reads GitHub but writes nothing there). */
function writesToGitHub(settings: Settings): boolean {
  return settings.comment && !settings.dryRun
}

function stickyStatus(event: GitHubEvent, settings: Settings): StickyStatus {
  if (settings.prNumber !== null) return { where: 'pull', pull: settings.prNumber }
  if (event.kind === 'pull_request') return { where: 'pull', pull: event.pull.number }
  // An all-zero sha is a deleted branch: no commit to find a pull request for.
  if (event.kind === 'push' && event.sha && !/^0+$/.test(event.sha)) return { where: 'commit', sha: event.sha }
  return { where: 'none' }
}

/** What GitHub told the executor about a command. */
export interface CommandFacts {
  /** The commenter's repository role, or null when they have none. */
  role: string | null
  /** The job of the agent's pull request the command is on (from a trusted marker), or null. */
  agentJob: string | null
}

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
  issue: number
  isPullRequest: boolean
}

/** Where the status of a job goes. */
export type StatusPlan = StickyStatus | ReplyStatus

/** The comment the reactions go on, with the reactions of each stage. */
export interface ReactionPlan {
  commentId: number
  isPullRequest: boolean
}

export type Plan =
  | { kind: 'skip'; why: string }
  /** Below `min-permission`: a short reply and 😕, no request to the docs API. */
  | { kind: 'deny'; why: string; login: string; role: string | null; reply: ReplyStatus | null; react: ReactionPlan | null }
  /** The trigger alone or `help`: the usage as a reply. */
  | { kind: 'help'; why: string; reply: ReplyStatus | null }
  | {
      kind: 'job'
      request: JobRequest
      status: StatusPlan
      /** 👀 when accepted, 🚀 or 😕 at the end. */
      react: ReactionPlan | null
      /** Append the context block (new jobs only: a follow-up continues a conversation that has it). */
      context: boolean
      /** Introduce the agent's pull request when the job yields one. */
      introduce: boolean
      /** Told in the log when the command became a follow-up. */
      followUpOf: { pull: number; jobId: string } | null
      /** Show the request instead of sending it: no docs API call, nothing written to GitHub. */
      dryRun: boolean
    }

/** Whether the agent job of the command's pull request matters: only for a command that will run, on a pull request. */
export function needsAgentJob(command: Command, role: string | null, settings: Settings): boolean {
  return command.ask.kind === 'run' && command.isPullRequest && meetsPermission(role, settings.minPermission)
}

/**
 * Decides a run. For a command, `facts` must be given (the executor gathers them, see `readTrigger`);
 * a step needs none.
 */
export function planRun(trigger: Trigger, settings: Settings, facts: CommandFacts | null): Plan {
  if (trigger.kind === 'skip') return trigger
  if (trigger.kind === 'step') {
    const request: JobRequest = {
      action: trigger.action,
      prompt: settings.prompt,
      promptSource: settings.promptSource,
      jobId: settings.jobId
    }
    return {
      kind: 'job',
      request,
      status: trigger.status,
      react: null,
      context: request.action === 'job' && settings.context,
      introduce: writesToGitHub(settings),
      followUpOf: null,
      dryRun: settings.dryRun
    }
  }
  const { command } = trigger
  const writes = writesToGitHub(settings)
  const reply: ReplyStatus | null = writes ? { where: 'reply', issue: command.issue, isPullRequest: command.isPullRequest } : null
  const react: ReactionPlan | null = writes ? { commentId: command.commentId, isPullRequest: command.isPullRequest } : null
  const role = facts?.role ?? null
  // Permission first, even for help: strangers cannot make the bot talk beyond one refusal.
  if (!meetsPermission(role, settings.minPermission))
    return {
      kind: 'deny',
      why: `${command.login} has ${role ?? 'no'} permission on this repository; ${settings.trigger} needs ${settings.minPermission} or higher.`,
      login: command.login,
      role,
      reply,
      react
    }
  if (command.ask.kind === 'help') return { kind: 'help', why: `${command.login} asked for help; the usage was posted.`, reply }
  const jobId = command.isPullRequest ? (facts?.agentJob ?? null) : null
  return {
    kind: 'job',
    request: {
      action: jobId ? 'message' : 'job',
      prompt: command.ask.prompt,
      promptSource: `${settings.trigger} comment by ${command.login}`,
      jobId: jobId ?? ''
    },
    status: reply ?? { where: 'none' },
    react,
    context: jobId === null && settings.context,
    introduce: writes,
    followUpOf: jobId ? { pull: command.issue, jobId } : null,
    dryRun: settings.dryRun
  }
}

/** The agent's pull request, as the run must address it to introduce the job there. */
export interface Introduction {
  repo: Repo
  pull: number
  /** In another repository than the run's: another connection, and perhaps no access. */
  elsewhere: boolean
}

/**
 * Where the job's pull request is to be introduced: any well-formed pull request link on this run's GitHub
 * server, in whichever repository. Null for no link, or a link to another server (the token means nothing there).
 */
export function introductionFor(prLink: string | null, run: Pick<RunContext, 'repo' | 'serverUrl'>): Introduction | null {
  const link = parsePullLink(prLink)
  if (!link || !prLink || new URL(prLink).host.toLowerCase() !== hostOf(run.serverUrl)) return null
  const [owner = '', repo = ''] = link.repository.split('/')
  const own = run.repo !== null && `${run.repo.owner}/${run.repo.repo}`.toLowerCase() === link.repository.toLowerCase()
  return { repo: { owner, repo }, pull: link.number, elsewhere: !own }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return null
  }
}
