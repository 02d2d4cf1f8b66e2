import { describeRange } from '../../date-range.js'
import { bar, codeCell, codeSpan, count, escapeInline, plural, summaryHeading } from '../../markdown.js'
import type { AnalyticsRow } from '../../mintlify/analytics.js'
import type { PagedEndpoint } from '../../mintlify/paging.js'
import { clipText } from '../../text.js'
import type { ExportSummary } from './export-kinds.js'
import type { ExportReport } from './verdicts.js'

const TITLES: Record<PagedEndpoint, string> = {
  visitors: 'unique visitors',
  views: 'page views',
  feedback: 'feedback',
  searches: 'searches',
  assistant: 'assistant conversations'
}

/**
 * The job summary of an export: range, the figures that matter for the kind (totals and top pages with
 * human and AI bars; feedback by status and page; searches by hits and click-through; answered and
 * unanswered conversations), and the file. Its size is bounded by the top lists, whatever the row count.
 * What readers wrote (comments, search terms, questions) appears only with `showReaderText`: summaries
 * are visible to everyone who can read the repository.
 */
export function renderExportSummary(report: ExportReport, showReaderText: boolean): string {
  const { totals, verdict } = report
  const lines = [...summaryHeading(`Docs ${TITLES[report.kind]}`, verdict), `**Range:** ${escapeInline(describeRange(report.range))}`, '']
  if (totals) {
    const Noun = report.kind === 'visitors' ? 'Unique visitors' : 'Page views'
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
  // A failed export read only part of the data: its figures would mislead.
  if (report.summary && report.file) lines.push(...summaryLines(report.summary, showReaderText))
  lines.push(
    report.file
      ? `**File:** ${codeSpan(report.file)} (${plural(report.rowCount, 'row')}, ${plural(report.requests, 'request')})`
      : '**File:** none written',
    ''
  )
  return lines.join('\n')
}

const HIDDEN_READER_TEXT = '_What readers wrote is in the file; set `show-reader-text: true` to show it here._'

/** The counts that matter for each export kind; reader text only with `show-reader-text`. */
function summaryLines(summary: ExportSummary, showReaderText: boolean): string[] {
  switch (summary.kind) {
    case 'traffic':
      return trafficLines(summary)
    case 'feedback':
      return feedbackLines(summary, showReaderText)
    case 'searches':
      return searchLines(summary, showReaderText)
    case 'assistant':
      return assistantLines(summary, showReaderText)
  }
}

type SummaryOf<K extends ExportSummary['kind']> = Extract<ExportSummary, { kind: K }>

function trafficLines(summary: SummaryOf<'traffic'>): string[] {
  if (summary.top.length === 0) return []
  const max = Math.max(...summary.top.flatMap((row) => [row.human, row.ai]), 1)
  return [
    `**Top ${summary.top.length} pages**`,
    '',
    '| Page | Human | AI | Total |',
    '|---|---|---|---:|',
    ...summary.top.map((row) => topRow(row, max)),
    ''
  ]
}

function feedbackLines(summary: SummaryOf<'feedback'>, showReaderText: boolean): string[] {
  const statuses = Object.entries(summary.byStatus).sort(([, a], [, b]) => b - a)
  const lines = [
    `**${plural(summary.entries, 'feedback entry', 'feedback entries', count)}:** ${statuses.map(([status, n]) => `${escapeInline(status)} ${count(n)}`).join(', ') || 'none'}`,
    ''
  ]
  if (summary.pages.length > 0)
    lines.push(
      '| Page | Entries | 👎 |',
      '|---|---:|---:|',
      ...summary.pages.map((page) => `| ${codeCell(page.path)} | ${count(page.entries)} | ${count(page.thumbsDown)} |`),
      ''
    )
  const comments = summary.pendingComments.map((entry) => `- ${codeSpan(entry.path)}: ${escapeInline(clipText(entry.comment, 200))}`)
  return [...lines, ...readerText('Pending comments', comments, showReaderText)]
}

function searchLines(summary: SummaryOf<'searches'>, showReaderText: boolean): string[] {
  const lines = [
    `**${count(summary.totalSearches)} searches** for ${plural(summary.terms, 'term', 'terms', count)}; ${plural(summary.withoutClick.terms, 'term', 'terms', count)} (${count(summary.withoutClick.hits)} searches) found nothing worth clicking.`,
    ''
  ]
  if (summary.top.length === 0) return lines
  if (!showReaderText) return [...lines, HIDDEN_READER_TEXT, '']
  return [
    ...lines,
    '| Search term | Hits | Click-through | Clicked page |',
    '|---|---:|---:|---|',
    ...summary.top.map(
      (term) =>
        `| ${codeCell(clipText(term.searchQuery, 80))} | ${count(term.hits)} | ${(term.ctr * 100).toFixed(0)}% | ${term.topClickedPage ? codeCell(term.topClickedPage) : '–'} |`
    ),
    ''
  ]
}

function assistantLines(summary: SummaryOf<'assistant'>, showReaderText: boolean): string[] {
  const lines = [
    `**${count(summary.conversations)} conversations:** ${count(summary.conversations - summary.unanswered)} answered, ${count(summary.unanswered)} unanswered (${share(summary.unanswered, summary.conversations)}).`,
    ''
  ]
  if (summary.categories.length > 0)
    lines.push(
      '| Category | Conversations | Unanswered |',
      '|---|---:|---:|',
      ...summary.categories.map((c) => `| ${codeCell(c.category)} | ${count(c.conversations)} | ${count(c.unanswered)} |`),
      ''
    )
  if (summary.pages.length > 0)
    lines.push(
      '| Page where unanswered questions start | Unanswered |',
      '|---|---:|',
      ...summary.pages.map((p) => `| ${codeCell(p.page)} | ${count(p.unanswered)} |`),
      ''
    )
  const questions = summary.questions.map((q) => `- ${escapeInline(clipText(q, 200))}`)
  return [...lines, ...readerText('Unanswered questions', questions, showReaderText)]
}

/** What readers wrote, as a list under its title, or a line saying it is in the file only. */
function readerText(title: string, items: string[], show: boolean): string[] {
  if (items.length === 0) return []
  return show ? [`**${title}**`, '', ...items, ''] : [HIDDEN_READER_TEXT, '']
}

function topRow(row: AnalyticsRow, max: number): string {
  return `| ${codeCell(row.path)} | ${bar(row.human, max)} ${count(row.human)} | ${bar(row.ai, max)} ${count(row.ai)} | ${count(row.total)} |`
}

function share(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '–'
}
