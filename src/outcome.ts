import { formatDuration } from './duration.js'
import { messageOf } from './errors.js'
import { stripPeriod } from './text.js'
import type { ExportSummary } from './analytics/export-kinds.js'
import type { PagedEndpoint } from './analytics/paging.js'
import type { DateRange } from './analytics/range.js'
import type { ClosedRange, ReportPlan } from './health/plan.js'
import type { HealthReport } from './health/report.js'
import type { TrafficCounts } from './mintlify/analytics.js'
import { type AutomationTrigger, DEPLOYMENT_PATHS, type DeploymentStatus, siteUrl } from './mintlify/deployment.js'
import type { AgentJob } from './mintlify/job.js'
import type { Outage, WaitResult } from './wait.js'

/** The `outcome` output: one word for `if:` conditions. */
export const OUTCOMES = [
  'pr-opened',
  'no-changes',
  'failed',
  'archived',
  'timed-out',
  'cancelled',
  'started',
  'skipped',
  'denied',
  'dry-run',
  'exported',
  'partial',
  'reported',
  'deployed'
] as const
export type Outcome = (typeof OUTCOMES)[number]

/** How the step ends: `notice` and `warning` succeed with an annotation; `failure` fails the step. */
export type StepResult = 'success' | 'notice' | 'warning' | 'failure'

export interface Verdict {
  outcome: Outcome
  result: StepResult
  /** One sentence for the log, summary and comment. */
  headline: string
  /** Plain text, set whenever the outcome is not a success. */
  failureReason: string
}

/**
 * What every operation ends with: how the step ends, its outputs (all of them), its job summary, and the
 * status comment's URL where the operation keeps one (null: none was posted; absent: it never posts one).
 */
export interface OperationResult {
  verdict: Verdict
  outputs: Record<string, string>
  /** Markdown for the job summary. */
  summary: string
  statusComment?: string | null
}

/** What the agent was asked to do, for wording: a new job or a follow-up message. */
export type JobAction = 'job' | 'message'

/** What one agent run produced, for the report stage. */
export interface JobReport {
  action: JobAction
  verdict: Verdict
  /** The last job record seen; null when the API never accepted the request. */
  job: AgentJob | null
  prompt: string
  promptSource: string
  /** The context block appended to the prompt, or ''. */
  context: string
  waited: boolean
  durationMs: number
  polls: number
  runUrl: string | null
  /** `group-runs`: absent when the run did not group (off, a slash command, a label). */
  grouped?: GroupedOutcome
}

/** A grouping run continued the job of the open agent pull request `pull` (its URL), or opened a new job. */
export interface GroupedOutcome {
  kind: 'continued' | 'new'
  pull: string | null
}

export interface ExportReport {
  kind: PagedEndpoint
  verdict: Verdict
  range: DateRange
  /** Visitors and views, from the API's first page: never summed from rows (`total` is deduplicated). */
  totals: TrafficCounts | null
  /** Rows written: pages, feedback entries, search terms or conversations. */
  rowCount: number
  requests: number
  /** The file as the user named it; '' when nothing was written. */
  file: string
  /** What the job summary shows; null when nothing was written (a partial read would mislead). */
  summary: ExportSummary | null
  duplicates: number
}

/** What a docs-health report run produced: the plan, the report (null in a dry run), the file. */
export interface HealthRun {
  verdict: Verdict
  plan: ReportPlan
  ranges: { current: ClosedRange; previous: ClosedRange }
  /** Null in a dry run and when the report failed. */
  report: HealthReport | null
  requests: number
  /** The file as the user named it; '' when nothing was written. */
  file: string
}

/** The verdict on a job the API accepted, from how waiting ended (or `null` when not waiting). */
export function judgeJob(wait: WaitResult<AgentJob> | null, accepted: AgentJob, timeoutMs: number, action: JobAction): Verdict {
  const job = wait?.record ?? accepted
  const id = job.id ?? 'unknown'
  if (wait === null) {
    const what = action === 'job' ? `accepted job ${id}` : `accepted the follow-up to job ${id}`
    return success('started', 'success', `The docs agent ${what}; not waiting for it (wait: false).`)
  }
  switch (wait.kind) {
    case 'timed-out':
      return failure(
        'timed-out',
        wait.outage
          ? `Job ${id} was still ${job.status ?? 'running'} when last read, but ${describeOutage(wait.outage, timeoutMs)}; it may finish later: follow job ${id} in the Mintlify dashboard.`
          : `Job ${id} was still ${job.status ?? 'running'} after the ${formatDuration(timeoutMs)} timeout and may finish later: follow job ${id} in the Mintlify dashboard, or raise timeout.`
      )
    case 'cancelled':
      return failure('cancelled', `The workflow was cancelled while waiting; job ${id} may still be running.`)
    case 'error':
      return failure('failed', `${stripPeriod(messageOf(wait.error))}; job ${id} may still be running.`)
    case 'terminal':
      return judgeFinalState(job, id, action)
  }
}

/**
 * Why a wait ended without the work's final state, when status reads were failing: for how long and with
 * what error, or that the server asked to be read again only after the timeout. Follows "but".
 */
export function describeOutage(outage: Outage, timeoutMs: number): string {
  const last = stripPeriod(messageOf(outage.error))
  if (outage.retryPastDeadline) return `the API asks to be read again only after the ${formatDuration(timeoutMs)} timeout (${last})`
  const polls = outage.failedPolls === 1 ? '1 poll' : `${outage.failedPolls} polls`
  return `its status could not be read for the last ${formatDuration(outage.forMs)} before the ${formatDuration(timeoutMs)} timeout (${polls} failed; the last: ${last})`
}

function judgeFinalState(job: AgentJob, id: string, action: JobAction): Verdict {
  if (job.status === 'completed') {
    const opened = action === 'job' ? 'The docs agent opened a pull request' : 'The docs agent finished the follow-up on its pull request'
    return job.prLink
      ? success('pr-opened', 'success', `${opened}: ${job.prLink}`)
      : success('no-changes', 'notice', `The docs agent finished job ${id} without opening a pull request.`)
  }
  if (job.status === 'archived') {
    return job.prLink
      ? {
          outcome: 'archived',
          result: 'warning',
          headline: `Job ${id} was archived before it finished; its pull request is ${job.prLink}`,
          failureReason: `Job ${id} was archived before it finished.`
        }
      : failure('archived', `Job ${id} was archived before it finished, without a pull request.`)
  }
  const reason = job.reason ? `: ${stripPeriod(job.reason)}` : ' (the API gave no reason)'
  return failure('failed', `The docs agent job ${id} failed${reason}.`)
}

/** The verdict when the API refused or lost the request that would have started the work. */
export function judgeStartFailure(error: unknown, cancelled: boolean): Verdict {
  return failure(cancelled ? 'cancelled' : 'failed', messageOf(error))
}

function success(outcome: Outcome, result: StepResult, headline: string): Verdict {
  return { outcome, result, headline, failureReason: '' }
}

function failure(outcome: Outcome, reason: string): Verdict {
  return { outcome, result: 'failure', headline: reason, failureReason: reason }
}

/** A dry run: what would have been sent, and that nothing was. A success with a notice, so the step stays green. */
export function judgeDryRun(action: JobAction, projectId: string, jobId: string, characters: number): Verdict {
  const what = action === 'job' ? `create an agent job in project ${projectId}` : `send a follow-up message to job ${jobId}`
  return {
    outcome: 'dry-run',
    result: 'notice',
    headline: `Dry run: would ${what} with a ${characters}-character prompt; nothing was sent to the Mintlify API and nothing was written to GitHub.`,
    failureReason: ''
  }
}

/** An export in a dry run: the request plan, and that nothing was sent and no file written. */
export function judgeExportDryRun(kind: PagedEndpoint, pageSize: number, maxRequests: number): Verdict {
  return {
    outcome: 'dry-run',
    result: 'notice',
    headline: `Dry run: the ${kind} export would ask for ${pageSize} rows per request, one request per page until the API says the end is reached, at most ${maxRequests} requests; nothing was sent and no file was written.`,
    failureReason: ''
  }
}

/** No job: a notice. `skipped` is a success (nothing was asked); `denied` refused a request, so its reason is given. */
export function judgeQuiet(outcome: 'skipped' | 'denied', why: string): Verdict {
  return { outcome, result: 'notice', headline: why, failureReason: outcome === 'denied' ? why : '' }
}

/** An export that read every page, or one stopped early (`stopped`), which is marked partial. */
export function judgeExport(kind: PagedEndpoint, written: string, stopped: { where: string; because: string } | null): Verdict {
  if (stopped === null) return { outcome: 'exported', result: 'success', headline: `Exported ${kind}: ${written}.`, failureReason: '' }
  return {
    outcome: 'partial',
    result: 'warning',
    headline: `Partial export: stopped with more rows left ${stopped.where} because ${stopped.because}; wrote ${written}, marked partial. Raise max-requests or narrow the date range.`,
    failureReason: `The export is partial: it stopped ${stopped.where} because ${stopped.because}.`
  }
}

/** An export that wrote nothing: failed, or cancelled by the workflow. */
export function judgeExportFailure(reason: string, cancelled: boolean): Verdict {
  return { outcome: cancelled ? 'cancelled' : 'failed', result: 'failure', headline: reason, failureReason: reason }
}

/** Which deployment a run follows: the production site, or a branch preview. */
export type DeploymentKind = 'deploy' | 'preview'

/** How following a deployment ended: the kinds of the wait's result. */
export type DeploymentEnd = 'terminal' | 'timed-out' | 'cancelled' | 'error'

/** What a deploy or preview run knows once it stops following the deployment it triggered. */
export interface DeploymentRun {
  kind: DeploymentKind
  /** The status id the trigger answered. */
  statusId: string
  /** `preview`: the branch previewed; null for `deploy`. */
  branch: string | null
  /** `preview`: the preview's URL from the trigger's answer (null when it gave none). */
  previewUrl: string | null
  /** The last status record read; null when none was (wait: false, or cancelled before the first poll). */
  status: DeploymentStatus | null
  /** How waiting ended; null when the run did not wait (wait: false). */
  ended: DeploymentEnd | null
  /** For `error`: the failure of the status read that ended the wait. */
  error?: unknown
  /** For `timed-out`: status reads that were still failing when the deadline came. */
  outage?: Outage | null
  timeoutMs: number
  /** How long the run waited. */
  durationMs: number
  polls: number
}

/** A deploy or preview run for the report stage. */
export interface DeploymentReport extends Omit<DeploymentRun, 'statusId'> {
  /** Null when nothing was triggered: the trigger failed, or a dry run. */
  statusId: string | null
  verdict: Verdict
  runUrl: string | null
}

/** An automation run for the report stage. */
export interface AutomationReport {
  automationId: string
  /** The trigger's answer; null when nothing was triggered (it failed, or a dry run). */
  trigger: AutomationTrigger | null
  verdict: Verdict
}

/** The verdict on a triggered deployment, from its last status and how waiting ended. */
export function judgeDeployment(run: DeploymentRun): Verdict {
  const subject = deploymentSubject(run)
  const follow = `${subject} continues at Mintlify (status id ${run.statusId})`
  switch (run.ended) {
    case null:
      return success('started', 'success', startedHeadline(run))
    case 'terminal':
      return run.status?.status === 'success' ? deployedVerdict(run) : failure('failed', failedHeadline(run))
    case 'timed-out':
      return failure(
        'timed-out',
        run.outage
          ? `${capitalize(subject)} was still ${run.status?.status ?? 'queued'} when last read, but ${describeOutage(run.outage, run.timeoutMs)}; it continues at Mintlify: follow status id ${run.statusId}.`
          : `${capitalize(subject)} was still ${run.status?.status ?? 'running'} after the ${formatDuration(run.timeoutMs)} timeout and continues at Mintlify: follow status id ${run.statusId}, or raise timeout.`
      )
    case 'cancelled':
      return failure('cancelled', `The workflow was cancelled while waiting; ${follow}.`)
    case 'error':
      return failure('failed', `${stripPeriod(messageOf(run.error))}; ${follow}.`)
  }
}

function deploymentSubject(run: Pick<DeploymentRun, 'kind' | 'branch'>): string {
  return run.kind === 'deploy' ? 'the deployment' : `the preview of branch ${run.branch ?? '(unknown)'}`
}

function startedHeadline(run: DeploymentRun): string {
  const started = `Triggered ${deploymentSubject(run)} (status id ${run.statusId}); not waiting for it (wait: false)`
  // Never called ready: nothing says the build succeeded.
  return run.kind === 'preview' && run.previewUrl ? `${started}, so ${run.previewUrl} may not be live yet.` : `${started}.`
}

function deployedVerdict(run: DeploymentRun): Verdict {
  const url = run.kind === 'deploy' ? siteUrl(run.status) : run.previewUrl
  const headline = run.kind === 'deploy' ? 'The docs are deployed' : `The preview of branch ${run.branch ?? '(unknown)'} is ready`
  return success('deployed', 'success', url ? `${headline}: ${url}` : `${headline}.`)
}

function failedHeadline(run: DeploymentRun): string {
  const summary = run.status?.summary
  return `${capitalize(deploymentSubject(run))} failed${summary ? `: ${stripPeriod(summary)}` : ' (Mintlify gave no summary)'}.`
}

function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

/** A queued automation run: a success with a notice, since nothing documents how to follow it from here. */
export function judgeAutomation(trigger: AutomationTrigger, automationId: string): Verdict {
  const run = trigger.instanceId ? `as run ${trigger.instanceId}` : '(the API named no run id)'
  return success(
    'started',
    'notice',
    `Automation ${automationId} is queued ${run}: follow it in the run history on the Automations page of the Mintlify dashboard.`
  )
}

/** A preview asked for a fork's branch: skipped before any request, because Mintlify cannot build it. */
export function judgeForkPreview(branch: string, fork: string | null): Verdict {
  const from = fork ? `the fork ${fork}` : 'a fork'
  return judgeQuiet(
    'skipped',
    `Skipped the preview of branch ${branch}: it comes from ${from}, and Mintlify cannot build branches of forks (its GitHub App cannot read them).`
  )
}

/** What a deploy, preview or automation run would trigger. */
export type TriggerPlan =
  | { operation: 'deploy'; projectId: string; environment: string | null }
  | { operation: 'preview'; projectId: string; branch: string; environment: string | null }
  | { operation: 'automation'; projectId: string; automationId: string }

/** A dry run of a trigger: the request that would be sent, and that nothing was. */
export function judgeTriggerDryRun(plan: TriggerPlan): Verdict {
  const environment = plan.operation !== 'automation' && plan.environment ? `, recorded in the GitHub environment ${plan.environment}` : ''
  return {
    outcome: 'dry-run',
    result: 'notice',
    headline: `Dry run: would send ${triggerRequest(plan)}${environment}; nothing was sent to the Mintlify API and nothing was written to GitHub.`,
    failureReason: ''
  }
}

function triggerRequest(plan: TriggerPlan): string {
  switch (plan.operation) {
    case 'deploy':
      return `POST ${DEPLOYMENT_PATHS.deploy(plan.projectId)} (a deployment from the project's deployment branch)`
    case 'preview':
      return `POST ${DEPLOYMENT_PATHS.preview(plan.projectId)} with ${JSON.stringify({ branch: plan.branch })} (a preview of branch ${plan.branch})`
    case 'automation':
      return `POST ${DEPLOYMENT_PATHS.automation(plan.projectId, plan.automationId)} (a run of automation ${plan.automationId} now)`
  }
}
