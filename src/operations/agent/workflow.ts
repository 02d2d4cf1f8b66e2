import type { Clock } from '../../clock.js'
import type { GitHubApi, Reaction } from '../../github/api.js'
import { type GitHubAccess, gitHubAccess } from '../../github/connection.js'
import { type ChangeNotesHeading, gatherChangeNotes, renderChangeNotes } from './change-notes.js'
import { commentCountOf, pullRef, type Repo, type RunContext } from '../../github/event.js'
import { stickyMarker } from '../../github/markers.js'
import { StatusThread } from '../../github/status-thread.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import { judgeNoted, judgeQuiet, type Verdict } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import { redact } from '../../text.js'
import type { OperationLog } from '../operation.js'
import { renderDeniedReply, renderHeadMovedReply, renderRepeatForHeadReply, renderSkipReply, renderUsageReply } from './command-replies.js'
import { renderResultComment, renderWaitingComment, renderWorkingComment } from './status-comment.js'
import type { DocsCheck } from './docs-check/check.js'
import { prepareDocsCheck } from './docs-check/prepare.js'
import { showDryRun } from './dry-run.js'
import { CommentRecords, recordSubject } from './comment-records.js'
import { changeNotesHeading, type GroupedRun, groupedReport, groupedRequest, groupRun, addToTimeline } from './grouping.js'
import type { AgentInputs } from './inputs.js'
import { agentJobOf, NOTHING_READ, readForGate } from './gate-reads.js'
import { introduceAgentPull } from './introduction.js'
import { runAgentJob } from './job-run.js'
import { type LabelRemoval, type Plan, needsAgentJob, planRun, type ReactionPlan, readEventAsk } from './plan.js'
import { judgeSteering, whoSteers } from '../../trust/gate.js'
import { statusThread, threadTarget } from './status-comment-target.js'
import type { JobAction, JobReport } from './verdicts.js'

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

/** What the run ends with: the verdict, the job report when a job was involved, the status comment, the docs check's last status. */
export interface WorkflowResult {
  verdict: Verdict
  job: JobReport | null
  commentUrl: string | null
  docsState?: string | null
}

/**
 * An agent job or follow-up in the workflow it runs in: the slash command (permission, reactions,
 * replies), the status comment on the pull request, the change notes, and the comment on the agent's
 * own pull request that lets `/docs` replies reach it.
 */
export async function runAgentWorkflow(
  settings: Settings<AgentInputs>,
  action: JobAction,
  run: RunContext,
  deps: WorkflowDeps
): Promise<WorkflowResult> {
  const github = gitHubAccess({
    token: settings.githubToken,
    repo: run.repo,
    connect: deps.connectGitHub,
    log: deps.log,
    without: 'no pull-request comments and no pull-request context'
  })
  // The key records are signed with: derived once, for every comment this run reads or writes.
  const records = new CommentRecords(settings.apiKey, deps.log, deps.clock)
  const asked = readEventAsk(run.event, settings, action)
  // The trust gate: who steers this run, and whether they may (src/trust/gate.ts), before anything is sent.
  const steerer = whoSteers(run.event)
  const before =
    asked.kind === 'skip'
      ? { reading: NOTHING_READ, docs: {} }
      : await readForGate(asked, steerer, settings, run, github, deps.log, records)
  const gate = judgeSteering(steerer, settings, before.reading, 'agent')
  const agentPull =
    asked.kind === 'command' && needsAgentJob(asked.command, gate)
      ? await agentJobOf(asked.command.on.number, settings, github, records, commentCountOf(run.event, asked.command.on.number))
      : null
  const plan = planRun(asked, settings, gate, agentPull?.jobId ?? null)
  const checkDeps = {
    github,
    log: deps.log,
    runUrl: run.runUrl,
    clean: (text: string) => redact(text, settings.apiKey),
    now: deps.clock.now(),
    records
  }
  const check = await prepareDocsCheck(plan, asked, settings, run, checkDeps, before.docs)
  try {
    if (check?.plan.job === 'none') return await answerDocsCheck(check, plan, settings, run, github, records)
    if (plan.kind === 'skip' || plan.kind === 'wait') return noJobResult('skipped', plan.why)
    return await carryOut(
      plan,
      settings,
      run,
      github,
      deps,
      check,
      records,
      plan.kind === 'job' && plan.followUpOf ? (agentPull?.freshBudget ?? '') : ''
    )
  } finally {
    // Whatever the outcome, so that adding the label again runs again (a cancelled run included: it is quick).
    if (plan.kind !== 'help' && plan.kind !== 'skip' && plan.removeLabel) await removeLabel(plan.removeLabel, github)
  }
}

/** A plan that is not a skip, carried out: replies, reactions, the job and its status. */
async function carryOut(
  plan: Exclude<Plan, { kind: 'skip' | 'wait' }>,
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: GitHubAccess,
  deps: WorkflowDeps,
  check: DocsCheck | null,
  records: CommentRecords,
  /** A person's follow-up on the agent's pull request: the fresh `fix-checks` rounds record its status comment carries, or ''. */
  freshBudget: string
): Promise<WorkflowResult> {
  const api = plan.kind === 'job' && plan.status.where === 'none' && !plan.react ? null : await github.apiOrNull()
  if (plan.kind === 'deny' || plan.kind === 'help') return answerWithoutJob(plan, api, settings, github)
  if (api && plan.react) await reactTo(api, plan.react, 'eyes', github.callFailed)
  if (plan.followUpOf)
    deps.log.info(
      `#${plan.followUpOf.pull} is the agent's pull request for job ${plan.followUpOf.jobId}: the command becomes a follow-up message.`
    )
  const target = api ? await threadTarget(plan.status, run, api, github, deps) : null
  const thread = api && target ? new StatusThread(api, target, github.callFailed) : null
  if (check?.stickyId !== undefined) thread?.adopt(check.stickyId)

  // group-runs: the open agent pull request of this workflow and branch, whose job this run continues.
  const grouped = await groupRun(settings, plan.request.action, run, { github, client: deps.client, log: deps.log, records })
  const request = groupedRequest(plan.request, grouped)
  const changeNotes = plan.withChangeNotes ? await changeNotesFor(settings, run, github, deps, changeNotesHeading(grouped)) : ''
  if (plan.dryRun) {
    await check?.working('that it starts')
    return await showDryRun({ ...request, changeNotes }, settings, run, deps, grouped)
  }
  const sent = await runAgentJob(
    {
      ...request,
      projectId: settings.projectId,
      changeNotes,
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
      onAccepted: async (job) => {
        await check?.working(job.id ?? '')
        const record = (check?.recordMarker(null) ?? '') + freshBudget
        if (api && thread)
          await thread.post(
            sealedFor(
              thread,
              api,
              records,
              renderWorkingComment(thread.target.marker, job, run.runUrl, settings.timeoutMs, settings.wait) + record
            )
          )
      }
    }
  )
  // A key pasted into the prompt went to the API as written, but is shown nowhere (server texts were cut at the client).
  const shown = deps.showPrompt ? deps.showPrompt(sent.prompt) : sent.prompt
  const report: JobReport = {
    ...sent,
    prompt: redact(shown, settings.apiKey),
    changeNotes: redact(sent.changeNotes, settings.apiKey),
    ...groupedReport(grouped)
  }
  return await finishJobRun(report, { plan, api, thread, grouped, check, records, freshBudget }, settings, run, github, deps)
}

/** A denied command or a request for help: a reply (and a reaction), no job. */
async function answerWithoutJob(
  plan: Extract<Plan, { kind: 'deny' | 'help' }>,
  api: GitHubApi | null,
  settings: Settings<AgentInputs>,
  github: GitHubAccess
): Promise<WorkflowResult> {
  const replies = api && plan.reply ? statusThread(api, plan.reply, github) : null
  if (plan.kind === 'help') {
    await replies?.post(renderUsageReply(settings.trigger, settings.minPermission))
    return noJobResult('skipped', plan.why, replies)
  }
  await replies?.post(
    plan.refusal.kind === 'permission'
      ? renderDeniedReply(plan.login, plan.refusal.role, plan.used, settings.minPermission)
      : renderHeadMovedReply(plan.login, plan.refusal.head)
  )
  if (api && plan.react) await reactTo(api, plan.react, 'confused', github.callFailed)
  return noJobResult('denied', plan.why, replies)
}

/** Where a job's run is told besides its outputs: the status comment, the reactions, the agent's pull request. */
interface JobChannels {
  plan: Extract<Plan, { kind: 'job' }>
  api: GitHubApi | null
  thread: StatusThread | null
  grouped: GroupedRun | null
  check: DocsCheck | null
  records: CommentRecords
  freshBudget: string
}

/** The run's last words, once the outputs are set: the result comment, then the agent's pull request and the reaction. */
async function finishJobRun(
  report: JobReport,
  { plan, api, thread, grouped, check, records, freshBudget }: JobChannels,
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: GitHubAccess,
  deps: WorkflowDeps
): Promise<WorkflowResult> {
  deps.publish({ verdict: report.verdict, job: report, commentUrl: thread?.url ?? null, docsState: check?.lastState ?? null })
  await check?.finished(report)
  if (api && thread)
    await thread.conclude(
      sealedFor(thread, api, records, renderResultComment(thread.target.marker, report) + (check?.recordMarker(report) ?? '') + freshBudget)
    )
  // Cancelled: the runner kills the step soon; the status comment said so, the rest can wait for a next run.
  if (!deps.signal.aborted) {
    if (grouped?.decision.grouped === 'continued')
      await addToTimeline(grouped, report, run, { github, client: deps.client, log: deps.log, records })
    else if (plan.introduce) {
      // Reviewers are asked once, by the run that introduced the agent's pull request (and so may write there).
      if (await introduceAgentPull(report, thread?.url ?? null, settings, run, github, deps, grouped, records))
        await check?.askReviewers(report)
    }
    if (api && plan.react) await reactTo(api, plan.react, report.verdict.result === 'failure' ? 'confused' : 'rocket', github.callFailed)
  }
  return { verdict: report.verdict, job: report, commentUrl: thread?.url ?? null, docsState: check?.lastState ?? null }
}

/**
 * The docs check said no job: a closed pull request (its agent pull request told), `paths` unmatched, a
 * skipped pull request (its status carried), a fork's waiting for a maintainer (its head shown in the
 * sticky comment, or in the reply to a command that came too early), `/docs skip` (recorded in the reply,
 * answered like any command) or `skip` where it does not apply (the usage).
 */
async function answerDocsCheck(
  check: DocsCheck,
  plan: Plan,
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: GitHubAccess,
  records: CommentRecords
): Promise<WorkflowResult> {
  const docs = check.plan
  const replyTo = plan.kind === 'job' && plan.status.where === 'reply' ? plan.status : plan.kind === 'wait' ? plan.reply : null
  const react = plan.kind === 'job' || plan.kind === 'wait' ? plan.react : null
  const api = replyTo || react || docs.note || docs.waitingComment ? await github.apiOrNull() : null
  if (api && react && !docs.dryRun) await reactTo(api, react, 'eyes', github.callFailed)
  await check.beforeJob()
  await check.tellAgentPull()
  const replies = api && replyTo && docs.reply && !docs.dryRun ? statusThread(api, replyTo, github) : null
  const head = check.target.sha ?? ''
  const steerer = whoSteers(run.event)
  const commander = steerer.kind === 'commander' ? steerer.actor.login : ''
  if (docs.reply === 'usage') await replies?.post(renderUsageReply(settings.trigger, settings.minPermission))
  if (docs.reply === 'skip-recorded' && api && replies)
    await replies.post(sealedFor(replies, api, records, renderSkipReply(docs.why, settings.trigger) + check.recordMarker(null)))
  if (docs.reply === 'repeat-for-head' && api && replies)
    await replies.post(
      sealedFor(replies, api, records, renderRepeatForHeadReply(commander, head, settings.trigger) + check.recordMarker(null))
    )
  // The waiting record is written whatever `comment` says: without it, no maintainer's command could ever hold.
  if (api && docs.waitingComment && check.target.pull && !docs.dryRun) {
    const marker = stickyMarker(`${run.workflow}/${run.job}`)
    const sticky = new StatusThread(api, { on: pullRef(check.target.pull.number), mode: 'sticky', marker }, github.callFailed)
    if (check.stickyId !== undefined) sticky.adopt(check.stickyId)
    await sticky.conclude(sealedFor(sticky, api, records, renderWaitingComment(marker, head, settings.trigger) + check.recordMarker(null)))
  }
  if (api && react && !docs.dryRun) await reactTo(api, react, 'rocket', github.callFailed)
  const verdict =
    docs.outcome === 'noted'
      ? judgeNoted(docs.why)
      : docs.quiet
        ? { ...judgeQuiet('skipped', docs.why), result: 'success' as const }
        : judgeQuiet(docs.outcome ?? 'skipped', docs.why)
  return { verdict, job: null, commentUrl: replies?.url ?? null, docsState: check.lastState }
}

/** No job: a notice. `skipped` is a success (nothing was asked); `denied` refused a request, so its reason is given. */
function noJobResult(outcome: 'skipped' | 'denied', why: string, replies: StatusThread | null = null): WorkflowResult {
  return {
    verdict: judgeQuiet(outcome, why),
    job: null,
    commentUrl: replies?.url ?? null
  }
}

async function changeNotesFor(
  settings: Settings<AgentInputs>,
  run: RunContext,
  github: GitHubAccess,
  deps: WorkflowDeps,
  heading: ChangeNotesHeading
): Promise<string> {
  const { event } = run
  const pullNumber =
    event.kind === 'pull_request' || event.kind === 'pull_request_review_comment' || event.kind === 'pull_request_review'
      ? event.pull.number
      : event.kind === 'issue_comment' && event.issue.isPullRequest
        ? event.issue.number
        : settings.prNumber
  const api = pullNumber !== null ? await github.apiOrNull() : null
  const repository = run.repo ? `${run.repo.owner}/${run.repo.repo}` : 'unknown'
  return renderChangeNotes(await gatherChangeNotes(event, repository, pullNumber, api, (message) => deps.log.warning(message)), heading)
}

/** The label goes, or one warning says it stays (and why); the run's result does not change. */
async function removeLabel(label: LabelRemoval, github: GitHubAccess): Promise<void> {
  const api = await github.apiOrNull()
  if (!api) return
  try {
    await api.removeLabel(label.on, label.name)
  } catch (error) {
    github.callFailed(error, `The label ${label.name} stays on #${label.on.number}: remove it before adding it again.`)
  }
}

async function reactTo(api: GitHubApi, on: ReactionPlan, content: Reaction, callFailed: GitHubAccess['callFailed']): Promise<void> {
  try {
    await (on.reviewComment ? api.reactToReviewComment(on.commentId, content) : api.react(on.on, on.commentId, content))
  } catch (error) {
    callFailed(error, '')
  }
}

/** A comment body for `thread`, its records signed for the issue or pull request the thread is on. */
function sealedFor(thread: StatusThread, api: GitHubApi, records: CommentRecords, body: string): string {
  return records.seal(body, recordSubject(api.repo, thread.target.on.number))
}
