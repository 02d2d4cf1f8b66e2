import type { GitHubApi } from '../../../github/api.js'
import type { AgentJob } from '../../../mintlify/job.js'
import { StatusThread } from '../../../github/status-thread.js'
import { redact } from '../../../redaction.js'
import { type ChangeNotesHeading, gatherChangeNotes, renderChangeNotes } from '../change-notes.js'
import { decideAfterJob } from '../decide/after-job.js'
import type { JobStep, RunPlan } from '../decide/before-job.js'
import { changeNotesHeading, type GroupedRun, groupedReport, groupedRequest } from '../decide/grouping.js'
import type { AfterWrite, Write } from '../decide/writes.js'
import type { RunMeans, WorkflowResult } from '../means.js'
import { renderResultComment, renderWorkingComment } from '../status-comment.js'
import type { JobReport } from '../verdicts.js'
import { labelOf, requestReviews } from './agent-pull-asks.js'
import { showDryRun } from './dry-run.js'
import { addToTimeline, groupRun } from './grouped-run.js'
import { introduceAgentPull } from './introduction.js'
import { runAgentJob } from './job-run.js'
import { threadTarget } from './status-thread-target.js'
import { carryOutWrite, sealedFor } from './writes.js'
import type { Written } from './written.js'

/** A run's job: where its status goes, what it continues (`group-runs`), what it sends, and what its end writes. */
interface JobRun {
  plan: RunPlan
  step: JobStep
  written: Written
  api: GitHubApi | null
  grouped: GroupedRun | null
}

/**
 * The job or follow-up, sent (or shown, in a dry run) and waited on: the status comment says "working" once
 * it is accepted, and what its end writes is decided from its report (decide/after-job.ts). The grouped
 * pull request's job is read here, after the plan and never in a dry run, as DESIGN orders it.
 */
export async function carryOutJob(plan: RunPlan, step: JobStep, written: Written, means: RunMeans): Promise<WorkflowResult> {
  const { settings, run } = means
  const api = step.status.where === 'none' && !step.react ? null : await means.github.apiOrNull()
  const target = api ? await threadTarget(step.status, api, means) : null
  written.thread = api && target ? new StatusThread(api, target, means.github.callFailed) : null
  if (plan.docs?.facts.stickyId !== undefined) written.thread?.adopt(plan.docs.facts.stickyId)
  // group-runs: the open agent pull request of this workflow and branch, whose job this run continues.
  const grouped = await groupRun(settings, step.request.action, run, means)
  const request = groupedRequest(step.request, grouped)
  const changeNotes = step.withChangeNotes ? await changeNotesFor(changeNotesHeading(grouped), plan, means) : ''
  const job: JobRun = { plan, step, written, api, grouped }
  if (step.dryRun) {
    if (step.statusSha) await plan.docs?.code.writeCommitStatus(working(step.statusSha, 'that it starts', true), means, written)
    return showDryRun({ ...request, changeNotes }, grouped, means)
  }
  const sent = await runAgentJob(
    {
      ...request,
      projectId: settings.projectId,
      changeNotes,
      wait: settings.wait,
      timeoutMs: settings.timeoutMs,
      pollIntervalMs: settings.pollIntervalMs,
      deadline: means.deadline,
      runUrl: run.runUrl
    },
    {
      client: means.client,
      clock: means.clock,
      signal: means.signal,
      log: means.log,
      onAccepted: (accepted) => whenAccepted(job, accepted, means)
    }
  )
  // A key pasted into the prompt went to the API as written, but is shown nowhere (server texts were cut at the client).
  const shown = means.showPrompt ? means.showPrompt(sent.prompt) : sent.prompt
  const report: JobReport = {
    ...sent,
    prompt: redact(shown, settings.apiKey),
    changeNotes: redact(sent.changeNotes, settings.apiKey),
    ...groupedReport(grouped)
  }
  return finishJob(job, report, means)
}

/** The job was accepted: the commit status says it works on it, and so does the status comment. */
async function whenAccepted(job: JobRun, accepted: AgentJob, means: RunMeans): Promise<void> {
  const { step, written, api, plan } = job
  if (step.statusSha) await plan.docs?.code.writeCommitStatus(working(step.statusSha, accepted.id ?? '', false), means, written)
  const thread = written.thread
  if (!api || !thread) return
  const { settings, run } = means
  const record = (plan.docs ? plan.docs.code.docsRecordMarker(plan.docs, written.status, null) : '') + step.freshBudget
  const text = renderWorkingComment(thread.target.marker, accepted, {
    runUrl: run.runUrl,
    timeoutMs: settings.timeoutMs,
    waiting: settings.wait
  })
  await thread.post(sealedFor(thread, api, text + record, means))
}

/** The run's last words, once the outputs are set: what the job's end decides, in order. */
async function finishJob(job: JobRun, report: JobReport, means: RunMeans): Promise<WorkflowResult> {
  const result = (): WorkflowResult => ({
    verdict: report.verdict,
    job: report,
    commentUrl: job.written.thread?.url ?? null,
    docsState: job.written.state
  })
  means.publish(result())
  const after = decideAfterJob(job.plan, {
    report,
    continued: job.grouped?.decision.grouped === 'continued',
    cancelled: means.signal.aborted,
    reviewers: means.settings.docsCheck.reviewers,
    agentLabel: means.settings.agentLabel,
    trigger: means.settings.trigger
  })
  await carryOutAfter(after, { job, report }, means)
  return result()
}

/** The writes after the job; `then` only once the introduction was written (its run is the one that may ask). */
async function carryOutAfter(writes: AfterWrite[], { job, report }: { job: JobRun; report: JobReport }, means: RunMeans): Promise<void> {
  const { written, api, plan, grouped } = job
  for (const write of writes) {
    switch (write.kind) {
      case 'result-comment':
        if (api && written.thread)
          await written.thread.conclude(
            sealedFor(written.thread, api, renderResultComment(written.thread.target.marker, report) + recordsOf(job, report), means)
          )
        break
      case 'timeline':
        if (grouped) await addToTimeline(grouped, report, means.run, means)
        break
      case 'introduce':
        if (
          await introduceAgentPull(
            report,
            { statusUrl: written.thread?.url ?? null, grouped, codePull: write.codePull, translation: means.settings.translation ?? null },
            means
          )
        )
          await carryOutAfter(write.then, { job, report }, means)
        break
      case 'ask-reviewers':
        await requestReviews(write, report.job, means)
        break
      case 'label':
        await labelOf(write, report.job, means)
        break
      case 'commit-status':
      case 'react':
        await carryOutWrite({ write, plan, written }, means)
    }
  }
}

/** The records the status comment carries: the docs record (with the job's pull request, once known), a person's fresh rounds record. */
function recordsOf({ plan, written, step }: JobRun, report: JobReport | null): string {
  return (plan.docs ? plan.docs.code.docsRecordMarker(plan.docs, written.status, report) : '') + step.freshBudget
}

/** The "working" commit status, naming the job (or, in a dry run, the one it would start). */
function working(sha: string, jobId: string, dryRun: boolean): Extract<Write, { kind: 'commit-status' }> {
  return { kind: 'commit-status', situation: { kind: 'working', jobId }, sha, dryRun }
}

/**
 * The change notes (`context`) of a new job or follow-up: the event's commits and files, those of its pull
 * request as the docs check's compare returned them, else read from GitHub.
 */
async function changeNotesFor(heading: ChangeNotesHeading, plan: RunPlan, means: RunMeans): Promise<string> {
  const { run, settings, github, log } = means
  const { event } = run
  const pullNumber =
    event.kind === 'pull_request' || event.kind === 'pull_request_review_comment' || event.kind === 'pull_request_review'
      ? event.pull.number
      : event.kind === 'issue_comment' && event.issue.isPullRequest
        ? event.issue.number
        : settings.prNumber
  const api = pullNumber !== null ? await github.apiOrNull() : null
  const repository = run.repo ? `${run.repo.owner}/${run.repo.repo}` : 'unknown'
  const docs = plan.docs?.facts
  const pullChange = docs && docs.target.pull?.number === pullNumber ? docs.ownCompare : null
  const origin = { event, repository, pullNumber, pullChange }
  return renderChangeNotes(await gatherChangeNotes(origin, api, (message) => log.warning(message)), heading)
}
