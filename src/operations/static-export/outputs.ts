import type { ExportReport } from './verdicts.js'

/**
 * The step outputs of a static export. `bundle-url` is the link itself, the one place it may appear: the
 * run masked it in every log (anyone holding it can download the docs until it expires).
 */
export function staticExportOutputs(report: ExportReport): Record<string, string> {
  const exported = report.verdict.outcome === 'exported'
  return {
    outcome: report.verdict.outcome,
    'failure-reason': report.verdict.failureReason,
    'job-id': report.jobId ?? '',
    status: report.job?.status ?? '',
    file: exported ? report.outputFile : '',
    // Counted by the proof's walk: the job no longer says how many pages it exported.
    'page-count': exported && report.fetched?.archive ? String(report.fetched.archive.htmlPages) : '',
    sha256: exported ? (report.fetched?.sha256 ?? '') : '',
    'bundle-url': report.bundleUrl ?? ''
  }
}
