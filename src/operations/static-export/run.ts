import { outputFileError, isFileSystemError } from '../../files.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import { EXPORT_STATUSES, EXPORT_TERMINAL_STATUSES, type ExportJob } from '../../mintlify/static-export.js'
import { judgeStartFailure, type Verdict } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import { waitFor } from '../../wait.js'
import type { OperationDeps, RunOperation } from '../operation.js'
import { type Fetched, fetchBundle } from './fetch-bundle.js'
import type { StaticExportInputs } from './inputs.js'
import { staticExportOutputs } from './outputs.js'
import { type ExportPlan, planStaticExport } from './plan.js'
import { passedTenth, progressLine } from './progress.js'
import { renderStaticExportSummary } from './summary.js'
import { type ExportReport, judgeExported, judgeFailedExport, judgeFetchFailure, judgeNotWaited, judgeUnfinished } from './verdicts.js'

/**
 * `static-export`: start an export (or follow the one `job-id` names), wait for it with progress, fetch its
 * bundle into the workspace, prove it whole, and report. The action writes only the file: uploading it is
 * for the steps people already use (a release asset, an artifact).
 */
export const runStaticExport: RunOperation<StaticExportInputs> = async (settings, deps) => {
  const plan = planStaticExport(settings)
  const started = deps.clock.now()
  const report: ExportReport = {
    jobId: plan.kind === 'follow' ? plan.jobId : null,
    job: null,
    domain: settings.domain || null,
    version: settings.version,
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
  try {
    report.job = plan.kind === 'start' ? await start(client, plan.request, deps) : await client.getStaticExport(plan.jobId)
  } catch (error) {
    return judgeStartFailure(error, deps.signal.aborted)
  }
  const jobId = report.jobId ?? report.job.jobId ?? ''
  report.jobId = jobId
  deps.publish(staticExportOutputs(report))
  const terminal = (job: ExportJob | null): boolean =>
    (EXPORT_TERMINAL_STATUSES as readonly (string | null)[]).includes(job?.status ?? null)
  if (!plan.wait && !terminal(report.job)) return judgeNotWaited(jobId, report.job)
  const waited = await waitForExport(client, jobId, report, settings, deps)
  if (waited !== null) return waited
  if (report.job?.status === 'failed') return judgeFailedExport(jobId, report.job)
  return fetchInto(client, jobId, settings, deps, report)
}

async function start(
  client: DocsApiClient,
  request: Parameters<DocsApiClient['startStaticExport']>[0],
  deps: OperationDeps
): Promise<ExportJob> {
  deps.log.info(`Starting a static export of ${request.domain}${request.version ? ` (version ${request.version})` : ''}.`)
  const job = await client.startStaticExport(request)
  deps.log.info(`Accepted: static export ${job.jobId ?? ''}, ${job.status ?? 'queued'}.`)
  return job
}

/** The wait of Waiting on `GET …/jobs/{jobId}`, with a progress line each tenth; null once the export ended. */
async function waitForExport(
  client: DocsApiClient,
  jobId: string,
  report: ExportReport,
  settings: Settings<StaticExportInputs>,
  deps: OperationDeps
): Promise<Verdict | null> {
  const first = report.job ?? null
  const result = await deps.log.group(`Waiting for static export ${jobId}`, () =>
    waitFor<ExportJob | null>(
      () => client.getStaticExport(jobId),
      first,
      {
        label: `static export ${jobId}`,
        statusOf: (job) => job?.status ?? 'queued',
        known: EXPORT_STATUSES,
        terminal: EXPORT_TERMINAL_STATUSES,
        progress: {
          line: (job, waitedMs) => progressLine(jobId, job ?? { progress: null, pageCount: null, status: null }, waitedMs),
          passed: (before, after) => after !== null && passedTenth(before ?? { progress: null }, after)
        }
      },
      { clock: deps.clock, deadline: deps.deadline, pollIntervalMs: settings.pollIntervalMs, signal: deps.signal, log: deps.log }
    )
  )
  report.job = result.record
  report.polls = result.polls
  switch (result.kind) {
    case 'terminal':
      return null
    case 'timed-out':
      return judgeUnfinished(jobId, { kind: 'timed-out', outage: result.outage, timeoutMs: settings.timeoutMs }, result.record)
    case 'cancelled':
      return judgeUnfinished(jobId, { kind: 'cancelled' }, result.record)
    case 'error':
      return judgeUnfinished(jobId, { kind: 'error', error: result.error }, result.record)
  }
}

/** The bundle requested, downloaded and proved whole into `output-file`; the unsafe entries warned of. */
async function fetchInto(
  client: DocsApiClient,
  jobId: string,
  settings: Settings<StaticExportInputs>,
  deps: OperationDeps,
  report: ExportReport
): Promise<Verdict> {
  const stop = AbortSignal.timeout(Math.max(0, deps.deadline - deps.clock.now()))
  let fetched: Fetched
  try {
    fetched = await fetchBundle(client, {
      deps,
      jobId,
      pollIntervalMs: settings.pollIntervalMs,
      outputPath: settings.outputPath,
      stop,
      onLink: (url) => {
        report.bundleUrl = url
        deps.publish({ 'bundle-url': url })
      }
    })
  } catch (error) {
    if (isFileSystemError(error)) return judgeFetchFailure(jobId, outputFileError(settings.outputFile, error), 'failed')
    return judgeFetchFailure(jobId, error, deps.signal.aborted ? 'cancelled' : stop.aborted ? 'timed-out' : 'failed')
  }
  report.fetched = fetched
  const archive = fetched.archive
  if (archive?.unsafeCount)
    deps.log.warning(
      `The bundle holds ${archive.unsafeCount} entries that would land outside the folder it is extracted into: ${archive.unsafe.join(', ')}${archive.unsafeCount > archive.unsafe.length ? ', …' : ''}. The action does not extract it; whoever does should refuse them.`
    )
  return judgeExported(jobId, fetched, settings.outputFile, report.job)
}
