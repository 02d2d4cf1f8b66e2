import type { Clock } from '../clock.js'
import { InputError, messageOf } from '../errors.js'
import { type GitHubApi, GitHubError, type Reaction } from '../github/api.js'
import { gatherContext, renderContextBlock } from '../github/context.js'
import type { Repo, RunContext } from '../github/event.js'
import { jobIdInMarker, jobMarker, statusMarker } from '../github/markers.js'
import type { DocsApiClient } from '../mintlify/client.js'
import { pullNumberOf } from '../mintlify/job.js'
import { type JobAction, type JobReport, judgeQuiet, type Verdict } from '../outcome.js'
import {
  renderAgentPullComment,
  renderDeniedReply,
  renderResultComment,
  renderUsageReply,
  renderWorkingComment
} from '../report/comment.js'
import type { Settings } from '../settings.js'
import { redact } from '../text.js'
import { runAgentJob } from './agent-job.js'
import {
  type Command,
  type CommandFacts,
  needsAgentJob,
  planRun,
  type ReactionPlan,
  readTrigger,
  type ReplyStatus,
  type StatusPlan
} from './plan.js'
import { StatusThread, type ThreadTarget } from './status-thread.js'

export interface WorkflowLog {
  info(message: string): void
  warning(message: string): void
  group<T>(name: string, body: () => Promise<T>): Promise<T>
}

export interface WorkflowDeps {
  client: DocsApiClient
  clock: Clock
  signal: AbortSignal
  log: WorkflowLog
  /** Epoch ms when waiting must end: run start + timeout. */
  deadline: number
  connectGitHub: (token: string, repo: Repo) => Promise<GitHubApi>
  /** Sets the outputs; called before the last GitHub calls, so a hanging GitHub cannot lose them. */
  publish: (result: WorkflowResult) => void
  /** What summaries and comments show of the prompt sent (improve: reader text as counts); default: all of it. */
  showPrompt?: (prompt: string) => string
}

/** What the run ends with: the verdict, the job report when a job was involved, the status comment. */
export interface WorkflowResult {
  verdict: Verdict
  job: JobReport | null
  commentUrl: string | null
}

/**
 * An agent job or follow-up in the workflow it runs in: the slash command (permission, reactions,
 * replies), the status comment on the pull request, the context block, and the comment on the agent's
 * own pull request that lets `/docs` replies reach it.
 */
export async function runAgentWorkflow(
  settings: Settings,
  operation: JobAction,
  run: RunContext,
  deps: WorkflowDeps
): Promise<WorkflowResult> {
  const github = lazyGitHub(settings, run, deps)
  const trigger = readTrigger(run.event, settings, operation)
  const plan = planRun(trigger, settings, trigger.kind === 'command' ? await commandFacts(trigger.command, settings, github) : null)
  if (plan.kind === 'skip') return quiet('skipped', plan.why)
  const api = plan.kind === 'job' && plan.status.where === 'none' && !plan.react ? null : await github.optional()
  if (plan.kind === 'deny') {
    const replies = api && plan.reply ? statusThread(api, plan.reply, github) : null
    await replies?.post(renderDeniedReply(plan.login, plan.role, settings.trigger, settings.minPermission))
    if (api && plan.react) await react(api, plan.react, 'confused', github.trouble)
    return quiet('denied', plan.why, replies)
  }
  if (plan.kind === 'help') {
    const replies = api && plan.reply ? statusThread(api, plan.reply, github) : null
    await replies?.post(renderUsageReply(settings.trigger, settings.minPermission))
    return quiet('skipped', plan.why, replies)
  }
  if (api && plan.react) await react(api, plan.react, 'eyes', github.trouble)
  if (plan.followUpOf)
    deps.log.info(
      `#${plan.followUpOf.pull} is the agent's pull request for job ${plan.followUpOf.jobId}: the command becomes a follow-up message.`
    )
  const target = api ? await threadTarget(plan.status, run, api, github, deps) : null
  const thread = api && target ? new StatusThread(api, target, github.trouble) : null

  const context = plan.context ? await contextFor(settings, run, github, deps) : ''
  const sent = await runAgentJob(
    {
      ...plan.request,
      projectId: settings.projectId,
      context,
      wait: settings.wait,
      timeoutMs: settings.timeoutMs,
      pollIntervalMs: settings.pollIntervalMs,
      deadline: deps.deadline,
      runUrl: run.runUrl
    },
    {
      client: deps.client,
      clock: deps.clock,
      signal: deps.signal,
      log: deps.log,
      onAccepted: async (job) =>
        thread?.post(renderWorkingComment(thread.target.marker, job, run.runUrl, settings.timeoutMs, settings.wait))
    }
  )
  // A key pasted into the prompt went to the API as written, but is shown nowhere (server texts were cut at the client).
  const shown = deps.showPrompt ? deps.showPrompt(sent.prompt) : sent.prompt
  const report: JobReport = { ...sent, prompt: redact(shown, settings.apiKey), context: redact(sent.context, settings.apiKey) }
  deps.publish({ verdict: report.verdict, job: report, commentUrl: thread?.url ?? null })
  await thread?.post(renderResultComment(thread.target.marker, report))
  // Cancelled: the runner kills the step soon; the status comment said so, the rest can wait for a next run.
  if (!deps.signal.aborted) {
    if (plan.introduce) await introduceAgentPull(report, settings, run, github, deps)
    if (api && plan.react) await react(api, plan.react, report.verdict.result === 'failure' ? 'confused' : 'rocket', github.trouble)
  }
  return { verdict: report.verdict, job: report, commentUrl: thread?.url ?? null }
}

/** The commenter's permission (required: no command runs unchecked) and, when it suffices, the PR's agent job. */
async function commandFacts(command: Command, settings: Settings, github: LazyGitHub): Promise<CommandFacts> {
  const api = await github.required('to check the permission of the commenter')
  const role = await api.roleOf(command.login)
  return { role, agentJob: needsAgentJob(command, role, settings) ? await agentJobOf(api, command.issue, github) : null }
}

function statusThread(api: GitHubApi, status: ReplyStatus, github: LazyGitHub): StatusThread {
  return new StatusThread(api, { issue: status.issue, isPullRequest: status.isPullRequest, mode: 'reply', marker: '' }, github.trouble)
}

/** Where the status comment goes, once the pull request of a pushed commit is known. */
async function threadTarget(
  status: StatusPlan,
  run: RunContext,
  api: GitHubApi,
  github: LazyGitHub,
  deps: WorkflowDeps
): Promise<ThreadTarget | null> {
  // One sticky comment per workflow job, so two workflows using the action on one PR do not overwrite each other.
  const sticky = (issue: number): ThreadTarget => ({
    issue,
    isPullRequest: true,
    mode: 'sticky',
    marker: statusMarker(`${run.workflow}/${run.job}`)
  })
  if (status.where === 'none') return null
  if (status.where === 'reply') return { issue: status.issue, isPullRequest: status.isPullRequest, mode: 'reply', marker: '' }
  if (status.where === 'pull') return sticky(status.pull)
  try {
    const [pull] = await api.pullsForCommit(status.sha)
    if (pull === undefined)
      deps.log.info(`Commit ${status.sha.slice(0, 7)} belongs to no pull request: the result goes to the job summary only.`)
    return pull === undefined ? null : sticky(pull)
  } catch (error) {
    github.trouble(error, 'The result goes to the job summary only.')
    return null
  }
}

/** No job: a notice. `skipped` is a success (nothing was asked); `denied` refused a request, so its reason is given. */
function quiet(outcome: 'skipped' | 'denied', why: string, replies: StatusThread | null = null): WorkflowResult {
  return {
    verdict: judgeQuiet(outcome, why),
    job: null,
    commentUrl: replies?.url ?? null
  }
}

/** GitHub, connected on first need. */
interface LazyGitHub {
  /** A GitHub call failed: warn once per missing permission, saying what it costs. */
  trouble: (error: unknown, consequence: string) => void
  /** For what cannot be done without GitHub (the slash command's permission check): throws without a token. */
  required(why: string): Promise<GitHubApi>
  /** For what is nice to have (comments, context): null, with one warning, without a token. */
  optional(): Promise<GitHubApi | null>
}

/** GitHub is connected on first need only: loading Octokit is most of the start-up cost. */
function lazyGitHub(settings: Settings, run: RunContext, deps: WorkflowDeps): LazyGitHub {
  let connection: Promise<GitHubApi> | null = null
  let warned = false
  const missing = new Set<string>()
  const connect = (repo: Repo): Promise<GitHubApi> => (connection ??= deps.connectGitHub(settings.githubToken, repo))
  return {
    /**
     * A GitHub call failed: warn, with what it costs. A permission the token lacks is named once; the
     * later calls that need it fail quietly (into the log) instead of repeating the same advice.
     */
    trouble(error: unknown, consequence: string): void {
      const permission = error instanceof GitHubError ? error.missingPermission : null
      const message = `${messageOf(error)} ${consequence}`.trim()
      if (permission && missing.has(permission)) return deps.log.info(message)
      if (permission) missing.add(permission)
      deps.log.warning(message)
    },
    /** For what cannot be done without GitHub (the slash command's permission check). */
    required(why: string): Promise<GitHubApi> {
      if (!settings.githubToken)
        throw new InputError(
          'github-token',
          `Input 'github-token' is empty, but the action needs it ${why}: leave it at its default (\${{ github.token }}) or pass a token.`
        )
      if (!run.repo)
        throw new Error(`GITHUB_REPOSITORY is not set, but the action needs the repository ${why}: run it in a GitHub Actions workflow.`)
      return connect(run.repo)
    },
    /** For what is nice to have (comments, context): without a token there is a warning, once. */
    async optional(): Promise<GitHubApi | null> {
      if (settings.githubToken && run.repo) return connect(run.repo)
      if (!warned)
        deps.log.warning(
          "Input 'github-token' is empty: no pull-request comments and no pull-request context; set comment: false to silence this."
        )
      warned = true
      return null
    }
  }
}

async function contextFor(settings: Settings, run: RunContext, github: LazyGitHub, deps: WorkflowDeps): Promise<string> {
  const { event } = run
  const pullNumber =
    event.kind === 'pull_request'
      ? event.pull.number
      : event.kind === 'issue_comment' && event.issue.isPullRequest
        ? event.issue.number
        : settings.prNumber
  const api = pullNumber !== null ? await github.optional() : null
  const repository = run.repo ? `${run.repo.owner}/${run.repo.repo}` : 'unknown'
  return renderContextBlock(await gatherContext(event, repository, pullNumber, api, (message) => deps.log.warning(message)))
}

/** The job of the agent's pull request, from the marker comment our identity left there. */
async function agentJobOf(api: GitHubApi, pull: number, github: LazyGitHub): Promise<string | null> {
  try {
    const ids = (await api.ownComments(pull, true)).map((comment) => jobIdInMarker(comment.body))
    return ids.filter((id): id is string => id !== null).at(-1) ?? null
  } catch (error) {
    github.trouble(error, 'Treating the command as a new job.')
    return null
  }
}

/** Once per job: tell the agent's pull request (in this repository only) where it came from and how to reply. */
async function introduceAgentPull(
  report: JobReport,
  settings: Settings,
  run: RunContext,
  github: LazyGitHub,
  deps: WorkflowDeps
): Promise<void> {
  const jobId = report.job?.id
  const pull = ownPullNumber(report.job?.prLink ?? null, run)
  const marker = jobId ? jobMarker(jobId) : null
  if (!jobId || pull === null || !marker) return
  const api = await github.optional()
  if (!api) return
  try {
    if ((await api.ownComments(pull, true)).some((comment) => jobIdInMarker(comment.body) === jobId)) return
    await api.createComment(pull, true, renderAgentPullComment(marker, jobId, run.event, run.runUrl, settings.trigger))
    deps.log.info(`Told #${pull} that ${settings.trigger} replies there go to job ${jobId}.`)
  } catch (error) {
    github.trouble(error, "Replies on the agent's pull request will start new jobs instead of follow-ups.")
  }
}

/** The number of a pull request link into this very repository; links elsewhere are none of our business. */
function ownPullNumber(prLink: string | null, run: RunContext): number | null {
  if (!prLink || !run.repo) return null
  const own = `${run.serverUrl}/${run.repo.owner}/${run.repo.repo}/pull/`.toLowerCase()
  return prLink.toLowerCase().startsWith(own) ? pullNumberOf(prLink) : null
}

async function react(api: GitHubApi, on: ReactionPlan, content: Reaction, trouble: LazyGitHub['trouble']): Promise<void> {
  try {
    await api.react(on.commentId, on.isPullRequest, content)
  } catch (error) {
    trouble(error, '')
  }
}
