import type { Clock } from '../../clock.js'
import { InputError, messageOf } from '../../errors.js'
import { type GitHubApi, GitHubError, type Reaction } from '../../github/api.js'
import { type ContextHeading, gatherContext, renderContextBlock } from '../../github/context.js'
import type { Repo, RunContext } from '../../github/event.js'
import { jobIdInMarker, jobMarker, jobOfMarkers, statusMarker } from '../../github/markers.js'
import { StatusThread, type ThreadTarget } from '../../github/status-thread.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import { judgeQuiet, type OperationResult, resultOutputs, type Verdict } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import { redact } from '../../text.js'
import type { OperationDeps, OperationLog } from '../operation.js'
import { renderAgentPullComment, renderDeniedReply, renderResultComment, renderUsageReply, renderWorkingComment } from './comments.js'
import {
  contextHeading,
  crossRepositoryTokenAdvice,
  type GroupedRun,
  groupedReport,
  groupedRequest,
  groupRun,
  isOutOfReach,
  lookedElsewhere,
  recordGroupedRun,
  warnOutOfReach
} from './grouping.js'
import type { AgentInputs } from './inputs.js'
import { runAgentJob } from './job-run.js'
import { jobOutputs } from './outputs.js'
import {
  type Command,
  type CommandFacts,
  type Introduction,
  introductionFor,
  type JobRequest,
  type LabelRemoval,
  type Plan,
  needsAgentJob,
  planRun,
  type ReactionPlan,
  readTrigger,
  type ReplyStatus,
  type StatusPlan
} from './plan.js'
import { renderJobSummary, renderNoticeSummary } from './summary.js'
import { type JobAction, type JobReport, judgeDryRun } from './verdicts.js'

export type WorkflowLog = OperationLog

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

/** `job` and `message` (and the job of `improve`): the agent workflow, as an operation's result. */
export async function runAgentOperation(
  settings: Settings<AgentInputs>,
  action: JobAction,
  deps: OperationDeps,
  showPrompt?: (prompt: string) => string
): Promise<OperationResult> {
  const result = await runAgentWorkflow(settings, action, deps.run, {
    client: deps.client(),
    clock: deps.clock,
    signal: deps.signal,
    log: deps.log,
    deadline: deps.deadline,
    connectGitHub: deps.connectGitHub,
    publish: (partial) => deps.publish(resultOutputs(agentResult(partial))),
    ...(showPrompt ? { showPrompt } : {})
  })
  return agentResult(result)
}

/** The outputs and summary of an agent run (or of the notice that none ran). */
export function agentResult(result: WorkflowResult): OperationResult {
  const outputs = result.job ? jobOutputs(result.job) : { outcome: result.verdict.outcome, 'failure-reason': result.verdict.failureReason }
  return {
    verdict: result.verdict,
    outputs,
    summary: result.job ? renderJobSummary(result.job) : renderNoticeSummary(result.verdict),
    statusComment: result.commentUrl
  }
}

/**
 * An agent job or follow-up in the workflow it runs in: the slash command (permission, reactions,
 * replies), the status comment on the pull request, the context block, and the comment on the agent's
 * own pull request that lets `/docs` replies reach it.
 */
export async function runAgentWorkflow(
  settings: Settings<AgentInputs>,
  operation: JobAction,
  run: RunContext,
  deps: WorkflowDeps
): Promise<WorkflowResult> {
  const github = lazyGitHub(settings, run, deps)
  const trigger = readTrigger(run.event, settings, operation)
  const plan = planRun(trigger, settings, trigger.kind === 'command' ? await commandFacts(trigger.command, settings, github, deps) : null)
  if (plan.kind === 'skip') return quiet('skipped', plan.why)
  try {
    return await carryOut(plan, settings, run, github, deps)
  } finally {
    // Whatever the outcome, so that adding the label again runs again (a cancelled run included: it is quick).
    if (plan.kind !== 'help' && plan.removeLabel) await removeLabel(plan.removeLabel, github)
  }
}

/** A plan that is not a skip, carried out: replies, reactions, the job and its status. */
async function carryOut(
  plan: Exclude<Plan, { kind: 'skip' }>,
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: LazyGitHub,
  deps: WorkflowDeps
): Promise<WorkflowResult> {
  const api = plan.kind === 'job' && plan.status.where === 'none' && !plan.react ? null : await github.optional()
  if (plan.kind === 'deny' || plan.kind === 'help') return answerWithoutJob(plan, api, settings, github)
  if (api && plan.react) await react(api, plan.react, 'eyes', github.trouble)
  if (plan.followUpOf)
    deps.log.info(
      `#${plan.followUpOf.pull} is the agent's pull request for job ${plan.followUpOf.jobId}: the command becomes a follow-up message.`
    )
  const target = api ? await threadTarget(plan.status, run, api, github, deps) : null
  const thread = api && target ? new StatusThread(api, target, github.trouble) : null

  // group-runs: the open agent pull request of this workflow and branch, whose job this run continues.
  const grouped = await groupRun(settings, plan.request.action, run, { github, client: deps.client, log: deps.log })
  const request = groupedRequest(plan.request, grouped)
  const context = plan.context ? await contextFor(settings, run, github, deps, contextHeading(grouped)) : ''
  if (plan.dryRun) return await showDryRun({ ...request, context }, settings, run, deps, grouped)
  const sent = await runAgentJob(
    {
      ...request,
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
  const report: JobReport = {
    ...sent,
    prompt: redact(shown, settings.apiKey),
    context: redact(sent.context, settings.apiKey),
    ...groupedReport(grouped)
  }
  return await finishJobRun(report, { plan, api, thread, grouped }, settings, run, github, deps)
}

/** A denied command or a request for help: a reply (and a reaction), no job. */
async function answerWithoutJob(
  plan: Extract<Plan, { kind: 'deny' | 'help' }>,
  api: GitHubApi | null,
  settings: Settings<AgentInputs>,
  github: LazyGitHub
): Promise<WorkflowResult> {
  const replies = api && plan.reply ? statusThread(api, plan.reply, github) : null
  if (plan.kind === 'help') {
    await replies?.post(renderUsageReply(settings.trigger, settings.minPermission))
    return quiet('skipped', plan.why, replies)
  }
  await replies?.post(renderDeniedReply(plan.login, plan.role, plan.used, settings.minPermission))
  if (api && plan.react) await react(api, plan.react, 'confused', github.trouble)
  return quiet('denied', plan.why, replies)
}

/** Where a job's run is told besides its outputs: the status comment, the reactions, the agent's pull request. */
interface JobPlaces {
  plan: Extract<Plan, { kind: 'job' }>
  api: GitHubApi | null
  thread: StatusThread | null
  grouped: GroupedRun | null
}

/** The run's last words, once the outputs are set: the result comment, then the agent's pull request and the reaction. */
async function finishJobRun(
  report: JobReport,
  { plan, api, thread, grouped }: JobPlaces,
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: LazyGitHub,
  deps: WorkflowDeps
): Promise<WorkflowResult> {
  deps.publish({ verdict: report.verdict, job: report, commentUrl: thread?.url ?? null })
  await thread?.conclude(renderResultComment(thread.target.marker, report))
  // Cancelled: the runner kills the step soon; the status comment said so, the rest can wait for a next run.
  if (!deps.signal.aborted) {
    if (grouped?.decision.grouped === 'continued')
      await recordGroupedRun(grouped, report, run, { github, client: deps.client, log: deps.log })
    else if (plan.introduce) await introduceAgentPull(report, thread?.url ?? null, settings, run, github, deps, grouped)
    if (api && plan.react) await react(api, plan.react, report.verdict.result === 'failure' ? 'confused' : 'rocket', github.trouble)
  }
  return { verdict: report.verdict, job: report, commentUrl: thread?.url ?? null }
}

/**
 * A dry run ends where the request would leave: everything is validated, the permission and the context
 * were read from GitHub, and the prompt with its context block goes to the log and the summary instead.
 */
async function showDryRun(
  request: JobRequest & { context: string },
  settings: Settings<AgentInputs>,
  run: RunContext,
  deps: WorkflowDeps,
  grouped: GroupedRun | null
): Promise<WorkflowResult> {
  const prompt = request.context ? `${request.prompt}\n\n${request.context}` : request.prompt
  const target =
    request.action === 'job'
      ? `POST /v2/agent/${settings.projectId}/job`
      : `POST /v2/agent/${settings.projectId}/job/${request.jobId}/message`
  await deps.log.group(`Dry run: the prompt ${target} would carry (${prompt.length} characters, from ${request.promptSource})`, () => {
    // Each line behind a bar: a prompt line starting with '::' must not pass for a workflow command.
    prompt.split('\n').forEach((line) => deps.log.info(`| ${line}`))
    return Promise.resolve()
  })
  const report: JobReport = {
    action: request.action,
    verdict: judgeDryRun(request.action, settings.projectId, request.jobId, prompt.length),
    job: null,
    prompt: redact(request.prompt, settings.apiKey),
    promptSource: request.promptSource,
    context: redact(request.context, settings.apiKey),
    waited: false,
    durationMs: 0,
    polls: 0,
    runUrl: run.runUrl,
    ...groupedReport(grouped)
  }
  const result = { verdict: report.verdict, job: report, commentUrl: null }
  deps.publish(result)
  return result
}

/** The commenter's permission (required: no command runs unchecked) and, when it suffices, the PR's agent job. */
async function commandFacts(
  command: Command,
  settings: Settings<AgentInputs>,
  github: LazyGitHub,
  deps: WorkflowDeps
): Promise<CommandFacts> {
  const api = await github.required(`to check the permission of ${command.label ? 'the labeller' : 'the commenter'}`)
  if (command.trustedBot) deps.log.info(`${command.login} is listed in allowed-bots: its permission is not looked up.`)
  const role = command.trustedBot ? null : await api.roleOf(command.login)
  return { role, agentJob: needsAgentJob(command, role, settings) ? await agentJobOf(api, command.issue, settings, github) : null }
}

function statusThread(api: GitHubApi, status: ReplyStatus, github: LazyGitHub): StatusThread {
  return new StatusThread(api, replyTarget(status), github.trouble)
}

function replyTarget(status: ReplyStatus): ThreadTarget {
  const { issue, isPullRequest, reviewThread } = status
  return { issue, isPullRequest, mode: 'reply', marker: '', ...(reviewThread !== undefined ? { reviewThread } : {}) }
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
  if (status.where === 'reply') return replyTarget(status)
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
  /** The same token in another repository (the agent's pull request may be there); null without a token. */
  elsewhere(repo: Repo): Promise<GitHubApi | null>
}

/** GitHub is connected on first need only: loading Octokit is most of the start-up cost. */
function lazyGitHub(settings: Settings<AgentInputs>, run: RunContext, deps: WorkflowDeps): LazyGitHub {
  let connection: Promise<GitHubApi> | null = null
  const others = new Map<string, Promise<GitHubApi>>()
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
    },
    /** One connection per repository: the group-runs look-up and the introduction share it (and its identity). */
    async elsewhere(repo: Repo): Promise<GitHubApi | null> {
      if (!settings.githubToken) return this.optional()
      const key = `${repo.owner}/${repo.repo}`.toLowerCase()
      const known = others.get(key) ?? deps.connectGitHub(settings.githubToken, repo)
      others.set(key, known)
      return known
    }
  }
}

async function contextFor(
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: LazyGitHub,
  deps: WorkflowDeps,
  heading: ContextHeading
): Promise<string> {
  const { event } = run
  const pullNumber =
    event.kind === 'pull_request' || event.kind === 'pull_request_review_comment' || event.kind === 'pull_request_review'
      ? event.pull.number
      : event.kind === 'issue_comment' && event.issue.isPullRequest
        ? event.issue.number
        : settings.prNumber
  const api = pullNumber !== null ? await github.optional() : null
  const repository = run.repo ? `${run.repo.owner}/${run.repo.repo}` : 'unknown'
  return renderContextBlock(await gatherContext(event, repository, pullNumber, api, (message) => deps.log.warning(message)), heading)
}

/** The job of the agent's pull request, from the newest marker comment of a trusted author (our identity, `marker-authors`). */
async function agentJobOf(api: GitHubApi, pull: number, settings: Settings<AgentInputs>, github: LazyGitHub): Promise<string | null> {
  try {
    return jobOfMarkers(await api.markerComments(pull, true, settings.markerAuthors))
  } catch (error) {
    github.trouble(error, 'Treating the command as a new job.')
    return null
  }
}

/**
 * Once per job: tell the agent's pull request, in whichever repository it is, where the job came from and
 * that trigger replies there reach it. The run's result is settled by now: nothing here changes it.
 */
async function introduceAgentPull(
  report: JobReport,
  statusUrl: string | null,
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: LazyGitHub,
  deps: WorkflowDeps,
  grouped: GroupedRun | null
): Promise<void> {
  const jobId = report.job?.id
  // group-runs: the marker records where the job came from, so the next run of this workflow and branch finds it.
  const marker = jobId ? jobMarker(jobId, grouped?.plan.origin ?? null) : null
  const intro = introductionFor(report.job?.prLink ?? null, run)
  if (!jobId || !marker || !intro) return
  const astray = grouped ? lookedElsewhere(grouped, intro.repo) : null
  if (astray) deps.log.warning(astray)
  const api = intro.elsewhere ? await github.elsewhere(intro.repo) : await github.optional()
  if (!api) return
  const name = `${intro.repo.owner}/${intro.repo.repo}#${intro.pull}`
  try {
    if ((await api.markerComments(intro.pull, true, settings.markerAuthors)).some((comment) => jobIdInMarker(comment.body) === jobId))
      return
    const body = renderAgentPullComment(marker, {
      jobId,
      event: run.event,
      fromRepository: intro.elsewhere && run.repo ? `${run.repo.owner}/${run.repo.repo}` : null,
      runUrl: run.runUrl,
      statusUrl,
      trigger: settings.trigger,
      timeline: grouped !== null
    })
    await api.createComment(intro.pull, true, body)
    deps.log.info(`Told ${name} that ${settings.trigger} replies there go to job ${jobId}.`)
  } catch (error) {
    if (intro.elsewhere && isOutOfReach(error))
      return grouped ? warnOutOfReach(grouped, run, error, deps.log) : deps.log.notice(noAccessNotice(intro, run, settings.trigger, error))
    const unfound = grouped ? ', and the next run of this workflow on this branch opens another pull request' : ''
    github.trouble(error, `Replies on the agent's pull request will start new jobs instead of follow-ups${unfound}.`)
  }
}

/** The one notice for an agent pull request in a repository this run's token cannot comment in: why, and what token would. */
function noAccessNotice(intro: Introduction, run: RunContext, trigger: string, error: unknown): string {
  const docs = `${intro.repo.owner}/${intro.repo.repo}`
  const code = run.repo ? `${run.repo.owner}/${run.repo.repo}` : 'this repository'
  const status = error instanceof GitHubError ? ` (HTTP ${error.status})` : ''
  return (
    `The agent's pull request ${docs}#${intro.pull} is in another repository, which this workflow's token cannot comment in${status}, ` +
    `so ${trigger} replies there will start new jobs instead of follow-ups. To connect them, ${crossRepositoryTokenAdvice(code, docs)}`
  )
}

/** The label goes, or one warning says it stays (and why); the run's result does not change. */
async function removeLabel(label: LabelRemoval, github: LazyGitHub): Promise<void> {
  const api = await github.optional()
  if (!api) return
  try {
    await api.removeLabel(label.issue, label.isPullRequest, label.name)
  } catch (error) {
    github.trouble(error, `The label ${label.name} stays on #${label.issue}: remove it before adding it again.`)
  }
}

async function react(api: GitHubApi, on: ReactionPlan, content: Reaction, trouble: LazyGitHub['trouble']): Promise<void> {
  try {
    await (on.reviewComment ? api.reactToReviewComment(on.commentId, content) : api.react(on.commentId, on.isPullRequest, content))
  } catch (error) {
    trouble(error, '')
  }
}
