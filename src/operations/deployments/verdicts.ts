import { formatDuration } from '../../duration.js'
import { messageOf } from '../../errors.js'
import { DEPLOYMENT_PATHS, type DeploymentStatus, siteUrl } from '../../mintlify/deployment.js'
import { describeOutage, failure, judgeQuiet, judgeWouldSend, success, type Verdict } from '../../outcome.js'
import { capitalise, stripPeriod } from '../../text.js'
import type { Outage } from '../../wait.js'

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

/** A report of a run that triggered nothing (a dry run, a fork, a refused trigger). */
export function idleReport(
  kind: DeploymentKind,
  branch: string | null,
  verdict: Verdict,
  timeoutMs: number,
  runUrl: string | null
): DeploymentReport {
  return {
    kind,
    statusId: null,
    branch,
    previewUrl: null,
    status: null,
    ended: null,
    timeoutMs,
    durationMs: 0,
    polls: 0,
    verdict,
    runUrl
  }
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
          ? `${capitalise(subject)} was still ${run.status?.status ?? 'queued'} when last read, but ${describeOutage(run.outage, run.timeoutMs)}; it continues at Mintlify: follow status id ${run.statusId}.`
          : `${capitalise(subject)} was still ${run.status?.status ?? 'running'} after the ${formatDuration(run.timeoutMs)} timeout and continues at Mintlify: follow status id ${run.statusId}, or raise timeout.`
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
  return `${capitalise(deploymentSubject(run))} failed${summary ? `: ${stripPeriod(summary)}` : ' (Mintlify gave no summary)'}.`
}

/** A preview asked for a fork's branch: skipped before any request, because Mintlify cannot build it. */
export function judgeForkPreview(branch: string, fork: string | null): Verdict {
  const from = fork ? `the fork ${fork}` : 'a fork'
  return judgeQuiet(
    'skipped',
    `Skipped the preview of branch ${branch}: it comes from ${from}, and Mintlify cannot build branches of forks (its GitHub App cannot read them).`
  )
}

/** What a deploy or preview run would trigger. */
export type DeploymentPost =
  | { operation: 'deploy'; projectId: string; environment: string | null }
  | { operation: 'preview'; projectId: string; branch: string; environment: string | null }

/** A dry run of a trigger: the request that would be sent, and that nothing was. */
export function judgeTriggerDryRun(plan: DeploymentPost): Verdict {
  const environment = plan.environment ? `, recorded in the GitHub environment ${plan.environment}` : ''
  return judgeWouldSend(`send ${triggerRequest(plan)}${environment}`)
}

function triggerRequest(plan: DeploymentPost): string {
  switch (plan.operation) {
    case 'deploy':
      return `POST ${DEPLOYMENT_PATHS.deploy(plan.projectId)} (a deployment from the project's deployment branch)`
    case 'preview':
      return `POST ${DEPLOYMENT_PATHS.preview(plan.projectId)} with ${JSON.stringify({ branch: plan.branch })} (a preview of branch ${plan.branch})`
  }
}
