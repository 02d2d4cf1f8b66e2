import { formatDuration } from '../../duration.js'
import { messageOf } from '../../errors.js'
import type { ExportJob } from '../../mintlify/static-export.js'
import { describeOutage, failure, success, type Verdict } from '../../outcome.js'
import { plural } from '../../markdown.js'
import { stripPeriod } from '../../text.js'
import type { Outage } from '../../wait.js'
import type { Fetched } from './fetch-bundle.js'

/** What a `static-export` run knows at its end, for the report stage. */
export interface ExportReport {
  /** Null when no export was started (the start failed, a dry run). */
  jobId: string | null
  /** The last record read of the export. */
  job: ExportJob | null
  /** How the start asked for the base path (`basePathText`); null when this run started nothing. */
  basePath: string | null
  /** `output-file` as given. */
  outputFile: string
  /** The last bundle link the API gave (the `bundle-url` output; never in a log, summary or file). */
  bundleUrl: string | null
  fetched: Fetched | null
  /** From the start (or the first read) to the end of the run. */
  durationMs: number
  polls: number
  verdict: Verdict
  runUrl: string | null
}

/** How to fetch the export later, without a new one. */
function fetchLater(jobId: string): string {
  return `fetch it later with operation static-export and job-id ${jobId}`
}

/** Started, not waited for (wait: false), or followed with wait: false while still running. */
export function judgeNotWaited(jobId: string, job: ExportJob | null): Verdict {
  return success(
    'started',
    'success',
    `Static export ${jobId} is ${job?.status ?? 'queued'}; not waiting for it (wait: false): ${fetchLater(jobId)}.`
  )
}

/** A wait that ended before the export did. */
export function judgeUnfinished(
  jobId: string,
  ended: { kind: 'timed-out'; outage: Outage | null; timeoutMs: number } | { kind: 'cancelled' } | { kind: 'error'; error: unknown },
  job: ExportJob | null
): Verdict {
  const status = job?.status ?? 'queued'
  switch (ended.kind) {
    case 'timed-out':
      return failure(
        'timed-out',
        ended.outage
          ? `Static export ${jobId} was still ${status} when last read, but ${describeOutage(ended.outage, ended.timeoutMs)}; it continues at Mintlify: ${fetchLater(jobId)}.`
          : `Static export ${jobId} was still ${status} after the ${formatDuration(ended.timeoutMs)} timeout and continues at Mintlify: ${fetchLater(jobId)}, or raise timeout.`
      )
    case 'cancelled':
      return failure(
        'cancelled',
        `The workflow was cancelled while waiting; static export ${jobId} continues at Mintlify: ${fetchLater(jobId)}.`
      )
    case 'error':
      return failure('failed', `${stripPeriod(messageOf(ended.error))}; static export ${jobId} may still be running at Mintlify.`)
  }
}

/**
 * Another export of the deployment held it (409) until the timeout or a cancel: nothing was started, and
 * that export can be fetched by its own run's `job-id`.
 */
export function judgeHeld(waitedMs: number, cancelled: boolean): Verdict {
  const fetch = 'fetch that export with operation static-export and the job-id output of the run that started it'
  if (cancelled)
    return failure(
      'cancelled',
      `The workflow was cancelled while another static export of this deployment was queued or running, so none was started: ${fetch}.`
    )
  return failure(
    'failed',
    `Another static export of this deployment was queued or running for the ${formatDuration(waitedMs)} this run tried to start one, so none was started: ${fetch}, or run again once it has ended.`
  )
}

/** The export itself failed at Mintlify: its `error` is the reason. */
export function judgeFailedExport(jobId: string, job: ExportJob): Verdict {
  return failure('failed', `Static export ${jobId} failed${job.error ? `: ${stripPeriod(job.error)}` : ' (Mintlify gave no reason)'}.`)
}

/** The bundle could not be fetched or proved whole; nothing was left of the file. */
export function judgeFetchFailure(jobId: string, error: unknown, end: 'cancelled' | 'timed-out' | 'failed'): Verdict {
  const later = `the export stays at Mintlify: ${fetchLater(jobId)}`
  if (end === 'cancelled')
    return failure(
      'cancelled',
      `The workflow was cancelled while the bundle of static export ${jobId} was fetched; the partial file was removed, and ${later}.`
    )
  if (end === 'timed-out')
    return failure(
      'timed-out',
      `The timeout ended the download of the bundle of static export ${jobId}; the partial file was removed, and ${later}, or raise timeout.`
    )
  return failure('failed', `${stripPeriod(messageOf(error))}; no file was written, and ${later}.`)
}

/** The bundle is in the workspace, proved whole. */
export function judgeExported(jobId: string, fetched: Fetched, outputFile: string): Verdict {
  const files = fetched.archive?.files ?? 0
  const pages = fetched.archive?.htmlPages ?? 0
  return success(
    'exported',
    'success',
    `Static export ${jobId} is in ${outputFile}: ${fetched.bytes} bytes, SHA-256 ${fetched.sha256}, ${plural(files, 'file')} (${plural(pages, '.html page')}).`
  )
}
