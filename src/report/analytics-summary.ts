import { describeRange } from '../analytics/range.js'
import type { AnalyticsRow } from '../mintlify/analytics.js'
import type { ExportReport } from '../outcome.js'
import { codeCell, codeSpan, escapeInline, escapeWithLinks } from './markdown.js'
import { ICONS } from './summary.js'

const BAR_WIDTH = 16

/**
 * The job summary of an export: range, totals with the AI share, the top pages with human and AI bars,
 * and the file. Its size is bounded by the top-15 list, whatever the row count.
 */
export function renderExportSummary(report: ExportReport): string {
  const { totals, verdict } = report
  const [noun, Noun] = report.kind === 'visitors' ? ['unique visitors', 'Unique visitors'] : ['page views', 'Page views']
  const lines = [
    `### ${ICONS[verdict.result]} Docs ${noun}`,
    '',
    escapeWithLinks(verdict.headline),
    '',
    `**Range:** ${escapeInline(describeRange(report.range))}`,
    ''
  ]
  if (totals) {
    lines.push(
      '| | Human | AI | Total |',
      '|---|---:|---:|---:|',
      `| ${Noun} | ${count(totals.human)} | ${count(totals.ai)} | ${count(totals.total)} |`,
      '',
      // `total` is deduplicated across human and AI (one visitor can be both), so the shares need not add up to 100%.
      `**AI share:** ${share(totals.ai, totals.total)} of the total${report.kind === 'visitors' ? ' (a visitor seen as both human and AI counts once in the total)' : ''}.`,
      ''
    )
  }
  // A failed export read only part of the data: its top pages would mislead.
  if (report.top.length > 0 && report.file) {
    const max = Math.max(...report.top.flatMap((row) => [row.human, row.ai]), 1)
    lines.push(
      `**Top ${report.top.length} pages**`,
      '',
      '| Page | Human | AI | Total |',
      '|---|---|---|---:|',
      ...report.top.map((row) => topRow(row, max)),
      ''
    )
  }
  lines.push(
    report.file
      ? `**File:** ${codeSpan(report.file)} (${report.pageCount} ${report.pageCount === 1 ? 'page' : 'pages'}, ${report.requests} ${report.requests === 1 ? 'request' : 'requests'})`
      : '**File:** none written',
    ''
  )
  return lines.join('\n')
}

function topRow(row: AnalyticsRow, max: number): string {
  return `| ${codeCell(row.path)} | ${bar(row.human, max)} ${count(row.human)} | ${bar(row.ai, max)} ${count(row.ai)} | ${count(row.total)} |`
}

/** A bar of full and eighth blocks; any non-zero value shows at least a sliver. */
export function bar(value: number, max: number): string {
  if (value <= 0 || max <= 0) return ''
  const eighths = Math.max(1, Math.round((Math.min(value, max) / max) * BAR_WIDTH * 8))
  const partial = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'][eighths % 8]
  return `${'█'.repeat(Math.floor(eighths / 8))}${partial}`
}

function count(value: number): string {
  return value.toLocaleString('en-US')
}

function share(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '–'
}
