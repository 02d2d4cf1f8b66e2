import type { StatusThread } from '../../github/status-thread.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import { DEPLOYMENT_STATUSES, DEPLOYMENT_TERMINAL_STATUSES, type DeploymentStatus } from '../../mintlify/deployment.js'
import { judgeStartFailure } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import { waitFor } from '../../wait.js'
import type { OperationDeps } from '../operation.js'
import type { DeployInputs } from './inputs.js'
import { deploymentOutputs } from './outputs.js'
import type { DeploymentPlan } from './plan.js'
import { renderPreviewComment } from './preview-comment.js'
import type { DeploymentTarget } from './target.js'
import { type DeploymentReport, type DeploymentRun, idleReport, judgeDeployment } from './verdicts.js'

/**
 * One trigger (never repeated after it may have been received), then, when the plan follows it, the wait
 * on its status. The outputs are published as soon as the trigger is accepted, and the comment says
 * "building" with the preview's link.
 */
export async function triggerAndWait(
  plan: Extract<DeploymentPlan, { kind: 'trigger' }>,
  target: DeploymentTarget,
  settings: Settings<DeployInputs>,
  deps: OperationDeps,
  comment: StatusThread | null
): Promise<DeploymentReport> {
  const { trigger } = plan
  const client = deps.client()
  const started = deps.clock.now()
  deps.log.info(
    `Triggering ${trigger.operation === 'deploy' ? `a deployment of project ${trigger.projectId}` : `a preview of branch ${trigger.branch}`}.`
  )
  let accepted: { statusId: string; previewUrl: string | null }
  try {
    accepted =
      trigger.operation === 'deploy'
        ? { statusId: (await client.triggerDeploy(trigger.projectId)).statusId, previewUrl: null }
        : await client.triggerPreview(trigger.projectId, trigger.branch)
  } catch (error) {
    return idleReport(trigger.operation, target.branch, judgeStartFailure(error, deps.signal.aborted), settings.timeoutMs, deps.run.runUrl)
  }
  const { statusId, previewUrl } = accepted
  deps.log.info(`Accepted: status id ${statusId}${previewUrl ? `, preview ${previewUrl}` : ''}.`)
  const run: DeploymentRun = {
    kind: trigger.operation,
    statusId,
    branch: target.branch,
    previewUrl,
    status: null,
    ended: null,
    timeoutMs: settings.timeoutMs,
    durationMs: 0,
    polls: 0
  }
  // Downstream steps (link checkers, visual tests) may use the link at once; it is never called ready here.
  deps.publish(deploymentOutputs({ ...run, verdict: judgeDeployment(run), runUrl: deps.run.runUrl }))
  await comment?.post(
    renderPreviewComment(comment.target.marker, {
      phase: 'building',
      branch: target.branch ?? '',
      previewUrl,
      statusId,
      runUrl: deps.run.runUrl,
      timeoutMs: plan.follow ? settings.timeoutMs : null
    })
  )
  const waited = plan.follow ? await waitForDeployment(client, run, settings.pollIntervalMs, deps) : run
  const done = { ...waited, durationMs: deps.clock.now() - started }
  return { ...done, verdict: judgeDeployment(done), runUrl: deps.run.runUrl }
}

/** The same wait as a job's (gap rule, outages, deadline, cancel) on `GET /v1/project/update-status/{statusId}`. */
async function waitForDeployment(
  client: DocsApiClient,
  run: DeploymentRun,
  pollIntervalMs: number,
  deps: OperationDeps
): Promise<DeploymentRun> {
  // Nothing is read yet: the first record is the trigger's promise that it is queued.
  const first: DeploymentStatus | null = null
  const result = await deps.log.group(`Waiting for deployment ${run.statusId}`, () =>
    waitFor<DeploymentStatus | null>(
      () => client.getDeploymentStatus(run.statusId),
      first,
      {
        label: `deployment ${run.statusId}`,
        statusOf: (status) => status?.status ?? 'queued',
        known: DEPLOYMENT_STATUSES,
        terminal: DEPLOYMENT_TERMINAL_STATUSES
      },
      { clock: deps.clock, deadline: deps.deadline, pollIntervalMs, signal: deps.signal, log: deps.log }
    )
  )
  const common = { ...run, status: result.record, polls: result.polls }
  switch (result.kind) {
    case 'terminal':
    case 'cancelled':
      return { ...common, ended: result.kind }
    case 'timed-out':
      return { ...common, ended: 'timed-out', outage: result.outage }
    case 'error':
      return { ...common, ended: 'error', error: result.error }
  }
}
