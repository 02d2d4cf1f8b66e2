import { formatDuration } from '../../duration.js'
import { outputFileError, isFileSystemError } from '../../files.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import { ApiError } from '../../mintlify/errors.js'
import { EXPORT_STATUSES, EXPORT_TERMINAL_STATUSES, type ExportJob } from '../../mintlify/static-export.js'
import { judgeStartFailure, type Verdict } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import { pollGap, waitFor } from '../../wait.js'
import type { OperationDeps, RunOperation } from '../operation.js'
import { type ExportReads, type Fetched, fetchBundle } from './fetch-bundle.js'
import type { StaticExportInputs } from './inputs.js'
import { checkBundleLink, linkSecrets } from './link.js'
import { staticExportOutputs } from './outputs.js'
import { basePathText, type ExportPlan, planStaticExport } from './plan.js'
import { renderStaticExportSummary } from './summary.js'
import {
  type ExportReport,
  judgeExported,
  judgeFailedExport,
  judgeFetchFailure,
  judgeHeld,
  judgeNotWaited,
  judgeUnfinished
} from './verdicts.js'

/**
 * `static-export`: start an export of the project's deployment (or follow the one `job-id` names), wait for
 * it, fetch the bundle its completed record links to into the workspace, prove it whole, and report. The
 * action writes only the file: uploading it is for the steps people already use (a release asset, an
 * artifact).
 */
export const runStaticExport: RunOperation<StaticExportInputs> = async (settings, deps) => {
  const plan = planStaticExport(settings)
  const started = deps.clock.now()
  const report: ExportReport = {
    jobId: plan.kind === 'follow' ? plan.jobId : null,
    job: null,
    basePath: plan.kind === 'start' ? basePathText(plan.basePath) : null,
    outputFile: settings.outputFile,
    bundleUrl: null,
    fetched: null,
    durationMs: 0,
    polls: 0,
    verdict: plan.kind === 'dry-run' ? plan.verdict : judgeNotWaited('', null),
    runUrl: deps.run.runUrl
  }
  if (plan.kind !== 'dry-run') report.verdict = await carryOut(plan, settings, deps, report)
  report.durationMs = deps.clock.now() - started
  return { verdict: report.verdict, outputs: staticExportOutputs(report), summary: renderStaticExportSummary(report) }
}

/** The run itself, filling `report` in as it learns; returns the verdict. */
async function carryOut(
  plan: Exclude<ExportPlan, { kind: 'dry-run' }>,
  settings: Settings<StaticExportInputs>,
  deps: OperationDeps,
  report: ExportReport
): Promise<Verdict> {
  const client = deps.client()
  const seen = (job: ExportJob): ExportJob => {
    if (job.bundle) {
      for (const secret of linkSecrets(job.bundle.bundleUrl)) deps.mask(secret, 'bundle-url')
      // Handed on only when the link rules allow it (https, no user name or password): later steps would fetch it.
      if (checkBundleLink(job.bundle.bundleUrl).ok) {
        report.bundleUrl = job.bundle.bundleUrl
        deps.publish({ 'bundle-url': job.bundle.bundleUrl })
      }
    }
    return job
  }
  let first: ExportJob
  try {
    first = seen(
      plan.kind === 'start'
        ? await start(client, plan.basePath, settings, deps)
        : await client.getStaticExport(settings.projectId, plan.jobId)
    )
  } catch (error) {
    if (error instanceof ExportHeld) return judgeHeld(error.waitedMs, error.cancelled)
    return judgeStartFailure(error, deps.signal.aborted)
  }
  const jobId = report.jobId ?? first.jobId ?? ''
  report.jobId = jobId
  report.job = first
  deps.publish(staticExportOutputs(report))
  const reads: ExportReads = { jobId, read: async () => seen(await client.getStaticExport(settings.projectId, jobId)) }
  if (!plan.wait && !(EXPORT_TERMINAL_STATUSES as readonly (string | null)[]).includes(first.status)) return judgeNotWaited(jobId, first)
  const waited = await waitForExport(reads, first, settings, deps, report)
  if (waited.kind !== 'terminal') return waited.verdict
  if (waited.job.status === 'failed') return judgeFailedExport(jobId, waited.job)
  return fetchInto(reads, waited.job, settings, deps, report)
}

/** The start held off by another export of the deployment until the deadline (or a cancel): nothing was started. */
class ExportHeld extends Error {
  constructor(
    readonly waitedMs: number,
    readonly cancelled: boolean
  ) {
    super('Another static export held the deployment.')
    this.name = 'ExportHeld'
  }
}

/**
 * `POST …/jobs`. A 409 says another export of the deployment is queued or running and nothing was started,
 * so the start is tried again by the gap rule of Waiting until the deadline.
 */
async function start(
  client: DocsApiClient,
  basePath: StaticExportInputs['basePath'],
  settings: Settings<StaticExportInputs>,
  deps: OperationDeps
): Promise<ExportJob> {
  const { clock, deadline, signal, log } = deps
  log.info(`Starting a static export of project ${settings.projectId} with ${basePathText(basePath)}.`)
  const began = clock.now()
  for (;;) {
    try {
      const job = await client.startStaticExport(settings.projectId, basePath)
      log.info(`Accepted: static export ${job.jobId ?? ''}, ${job.status ?? 'queued'}.`)
      return job
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409) || signal.aborted) throw error
      const now = clock.now()
      if (now >= deadline) throw new ExportHeld(now - began, false)
      const gap = Math.min(pollGap(now - began, settings.pollIntervalMs), deadline - now)
      log.info(`Another static export of the deployment is queued or running (HTTP 409); starting again in ${formatDuration(gap)}.`)
      await clock.sleep(gap, signal)
      if (signal.aborted) throw new ExportHeld(clock.now() - began, true)
    }
  }
}

/** The wait of Waiting on `GET …/jobs/{jobId}`: a line per status change and a heartbeat, until the export ends or the wait does. */
async function waitForExport(
  reads: ExportReads,
  first: ExportJob,
  settings: Settings<StaticExportInputs>,
  deps: OperationDeps,
  report: ExportReport
): Promise<{ kind: 'terminal'; job: ExportJob } | { kind: 'unfinished'; verdict: Verdict }> {
  const { jobId } = reads
  const result = await deps.log.group(`Waiting for static export ${jobId}`, () =>
    waitFor<ExportJob>(
      reads.read,
      first,
      {
        label: `static export ${jobId}`,
        statusOf: (job) => job.status ?? 'queued',
        known: EXPORT_STATUSES,
        terminal: EXPORT_TERMINAL_STATUSES,
        heartbeat: (job, waitedMs) => `Static export ${jobId}: ${job.status ?? 'queued'} (${formatDuration(waitedMs)})`
      },
      { clock: deps.clock, deadline: deps.deadline, pollIntervalMs: settings.pollIntervalMs, signal: deps.signal, log: deps.log }
    )
  )
  report.job = result.record
  report.polls = result.polls
  switch (result.kind) {
    case 'terminal':
      return { kind: 'terminal', job: result.record }
    case 'timed-out':
      return {
        kind: 'unfinished',
        verdict: judgeUnfinished(jobId, { kind: 'timed-out', outage: result.outage, timeoutMs: settings.timeoutMs }, result.record)
      }
    case 'cancelled':
      return { kind: 'unfinished', verdict: judgeUnfinished(jobId, { kind: 'cancelled' }, result.record) }
    case 'error':
      return { kind: 'unfinished', verdict: judgeUnfinished(jobId, { kind: 'error', error: result.error }, result.record) }
  }
}

/** The bundle the completed export links to, downloaded and proved whole into `output-file`; the unsafe entries warned of. */
async function fetchInto(
  reads: ExportReads,
  completed: ExportJob,
  settings: Settings<StaticExportInputs>,
  deps: OperationDeps,
  report: ExportReport
): Promise<Verdict> {
  const { jobId } = reads
  const stop = AbortSignal.timeout(Math.max(0, deps.deadline - deps.clock.now()))
  let fetched: Fetched
  try {
    fetched = await fetchBundle(reads, {
      deps,
      completed,
      pollIntervalMs: settings.pollIntervalMs,
      outputPath: settings.outputPath,
      stop
    })
  } catch (error) {
    if (isFileSystemError(error)) return judgeFetchFailure(jobId, outputFileError(settings.outputFile, error), 'failed')
    return judgeFetchFailure(jobId, error, deps.signal.aborted ? 'cancelled' : stop.aborted ? 'timed-out' : 'failed')
  }
  report.fetched = fetched
  const archive = fetched.archive
  if (archive?.unsafeCount)
    deps.log.warning(
      `The bundle holds ${archive.unsafeCount} entries that are not regular files or folders inside it, which a static site never needs: ${archive.unsafe.join(', ')}${archive.unsafeCount > archive.unsafe.length ? ', …' : ''}. The action does not extract it; whoever does should refuse them.`
    )
  return judgeExported(jobId, fetched, settings.outputFile)
}
