import { formatDuration } from '../../duration.js'
import {
  codeCell,
  codeSpan,
  count,
  dryRunMark,
  escapeInline,
  factsTable,
  type FactRow,
  plural,
  safeLink,
  summaryHeading
} from '../../markdown.js'
import type { ExportJob } from '../../mintlify/static-export.js'
import type { ExportReport } from './verdicts.js'

/**
 * The job summary of a static export: what the archive holds (its files and `.html` pages), its size, the
 * time the export took, the base path and the SHA-256. Never the link: a summary is readable by everyone who can read the
 * repository, and the link downloads the docs.
 */
export function renderStaticExportSummary(report: ExportReport): string {
  const archive = report.fetched?.archive ?? null
  const rows: FactRow[] = [
    ['Outcome', codeSpan(report.verdict.outcome)],
    ['Export', report.jobId ? codeCell(report.jobId) : null],
    ['Status', report.job?.status ? escapeInline(report.job.status) : null],
    ['Base path', report.basePath ? escapeInline(report.basePath) : null],
    [
      'Archive',
      archive ? `${plural(archive.files, 'file', 'files', count)}, ${plural(archive.htmlPages, '.html page', '.html pages', count)}` : null
    ],
    ['Size', report.fetched ? sizeText(report.fetched.bytes) : null],
    ['Time', timeCell(report)],
    ['SHA-256', report.fetched ? codeCell(report.fetched.sha256) : null],
    ['File', report.verdict.outcome === 'exported' ? codeCell(report.outputFile) : null],
    ['Unsafe entries', archive?.unsafeCount ? unsafeCell(archive.unsafeCount, archive.unsafe) : null],
    ['Workflow run', report.runUrl ? safeLink('this run', report.runUrl) : null]
  ]
  return [...summaryHeading(`Docs static export${dryRunMark(report.verdict)}`, report.verdict), ...factsTable(rows)].join('\n')
}

/** `18.4 MB (18,432,000 bytes)`. */
export function sizeText(bytes: number): string {
  const units = ['kB', 'MB', 'GB']
  let value = bytes
  let unit = 'bytes'
  for (const next of units) {
    if (value < 1000) break
    value /= 1000
    unit = next
  }
  return unit === 'bytes' ? plural(bytes, 'byte') : `${value.toFixed(1)} ${unit} (${count(bytes)} bytes)`
}

/** How long Mintlify took (the record's own times), and how long this run waited. */
function timeCell(report: ExportReport): string | null {
  const took = exportDurationMs(report.job)
  const waited = report.jobId ? `this run: ${formatDuration(report.durationMs)} (${plural(report.polls, 'poll')})` : null
  if (took !== null) return waited ? `${formatDuration(took)}; ${waited}` : formatDuration(took)
  return waited
}

function exportDurationMs(job: ExportJob | null): number | null {
  if (job?.status !== 'completed') return null
  const started = Date.parse(job.createdAt ?? '')
  const ended = Date.parse(job.updatedAt ?? '')
  return Number.isNaN(started) || Number.isNaN(ended) || ended < started ? null : ended - started
}

function unsafeCell(total: number, shown: readonly string[]): string {
  const more = total > shown.length ? `, and ${total - shown.length} more` : ''
  return `${count(total)}: ${shown.map(codeCell).join(', ')}${more} (extract with care)`
}
