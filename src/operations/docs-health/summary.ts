import { bar, codeBlock, codeCell, codeSpan, count, escapeInline, plural, summaryHeading } from '../../markdown.js'
import type { Verdict } from '../../outcome.js'
import type { AskedAgainCounts } from './asked-again/answers.js'
import { ASKED_AGAIN_COLUMN, askedAgainCell, askedAgainSentence, trackRecordSentence } from './asked-again/render.js'
import type { Compared, SearchWithoutClick } from './findings.js'
import { type HealthReport, pendingCount } from './health-report.js'
import { renderImpactSection } from './track-record/summary.js'
import { unreadableList } from './verdicts.js'
import type { SpendLook } from '../../spend/agent-spend.js'
import { lookLine } from '../../spend/settle.js'

const TOP = 5

const SECTION_NAMES: Record<string, string> = {
  traffic: 'Traffic',
  fixFirst: 'Pages to fix first',
  searchesWithoutClicks: 'Searches without a click',
  assistant: 'Assistant',
  pendingFeedback: 'Pending feedback',
  agentImpact: "Track record of the agent's pull requests (some weeks not fetched)"
}

interface SummaryOptions {
  readerText: boolean
  file: string
  requests: number
  /** With spend-limit: the ledger's counts (or why they are missing). */
  spend?: SpendLook | null
}

/**
 * The job summary of a docs-health report, for a docs lead to forward: the figures with their change,
 * bars for the pages, the top findings as short tables. Reader text (search terms, questions, comments)
 * only with `show-reader-text`; otherwise counts and page paths. A section the budget did not pay for is absent.
 */
export function renderHealthSummary(report: HealthReport, verdict: Verdict, options: SummaryOptions): string {
  const sections = [
    [
      ...summaryHeading('Docs health', verdict),
      `**Range:** ${escapeInline(report.range.from)} up to ${escapeInline(report.range.to)}, against ${escapeInline(report.previousRange.from)} up to ${escapeInline(report.previousRange.to)}`,
      ''
    ],
    report.traffic ? trafficLines(report.traffic) : [],
    report.fixFirst ? fixFirstLines(report.fixFirst) : [],
    report.searchesWithoutClicks ? searchLines(report.searchesWithoutClicks, options.readerText, report.askedAgain) : [],
    report.assistant ? assistantLines(report.assistant, options.readerText) : [],
    report.pendingFeedback ? pendingLines(report.pendingFeedback, options.readerText) : [],
    report.agentImpact ? [...renderImpactSection(report.agentImpact), ...sentence(trackRecordSentence(report))] : [],
    spendLines(options.spend ?? null),
    footerLines(report, options)
  ]
  return sections.flat().join('\n')
}

type Section<K extends keyof HealthReport> = NonNullable<HealthReport[K]>

function trafficLines({ visitors, views }: Section<'traffic'>): string[] {
  // A figure Mintlify answered outside its domain is left out (the footer names it), never printed as a fact.
  const cell = (compared: Compared | null): string => (compared ? figure(compared) : '—')
  return [
    '| | Total | Human | AI |',
    '|---|---:|---:|---:|',
    `| Visitors | ${cell(visitors.total)} | ${cell(visitors.human)} | ${cell(visitors.ai)} |`,
    `| Views | ${cell(views.total)} | ${cell(views.human)} | ${cell(views.ai)} |`,
    ''
  ]
}

function fixFirstLines(fixFirst: Section<'fixFirst'>): string[] {
  const pages = fixFirst.slice(0, TOP)
  const max = Math.max(1, ...pages.map((page) => page.views))
  if (pages.length === 0) return ['#### Pages to fix first', '', 'No read page got a thumbs down.', '']
  return [
    '#### Pages to fix first',
    '',
    '| Page | Views | 👍 / 👎 |',
    '|---|---|---:|',
    ...pages.map(
      (page) => `| ${codeCell(page.path)} | ${bar(page.views, max)} ${count(page.views)} | ${page.thumbsUp} / ${page.thumbsDown} |`
    ),
    ''
  ]
}

function searchLines(
  { terms, totalSearches }: Section<'searchesWithoutClicks'>,
  readerText: boolean,
  askedAgain: AskedAgainCounts | null
): string[] {
  const hits = terms.reduce((sum, term) => sum + term.hits, 0)
  const lines = [
    '#### Searches without a click',
    '',
    `${plural(terms.length, 'term')}, ${count(hits)} of ${count(totalSearches)} searches (${percent(totalSearches > 0 ? hits / totalSearches : null)}), found nothing anyone clicked.`,
    ''
  ]
  if (askedAgain) lines.push(askedAgainSentence(askedAgain, terms.length), '')
  // The column "Asked again today" only where the terms were asked again.
  const header = askedAgain ? [`| Search | Searches | ${ASKED_AGAIN_COLUMN} |`, '|---|---:|---|'] : ['| Search | Searches |', '|---|---:|']
  const cell = (term: SearchWithoutClick): string => (askedAgain ? ` ${askedAgainCell(term)} |` : '')
  if (readerText && terms.length > 0)
    lines.push(...header, ...terms.slice(0, TOP).map((term) => `| ${escapeInline(term.term)} | ${count(term.hits)} |${cell(term)}`), '')
  return lines
}

function assistantLines({ unanswered, conversations, callers }: Section<'assistant'>, readerText: boolean): string[] {
  const change = unanswered.share.change === null ? '' : ` (${arrow(unanswered.share.change)} ${points(unanswered.share.change)})`
  const lines = [
    '#### Assistant',
    '',
    `${count(unanswered.count.value)} of ${count(conversations.value)} conversations unanswered: ${percent(unanswered.share.value)}${change}. Callers: web ${count(callers.web)}, API ${count(callers.api)}, other ${count(callers.other)}.`,
    ''
  ]
  const max = Math.max(1, ...unanswered.byPage.map((t) => t.count))
  if (unanswered.byPage.length > 0)
    lines.push(
      '| Started on | Unanswered |',
      '|---|---|',
      ...unanswered.byPage.slice(0, TOP).map((t) => `| ${codeCell(t.key)} | ${bar(t.count, max)} ${t.count} |`),
      ''
    )
  if (unanswered.byCategory.length > 0)
    lines.push(
      '| Category | Unanswered |',
      '|---|---:|',
      ...unanswered.byCategory.slice(0, TOP).map((t) => `| ${codeCell(t.key)} | ${t.count} |`),
      ''
    )
  if (readerText && unanswered.questions.length > 0)
    lines.push(
      ...folded(
        'Unanswered questions',
        unanswered.questions.slice(0, 20).map((q) => `- ${escapeInline(q.query)}`)
      )
    )
  return lines
}

function pendingLines(pages: Section<'pendingFeedback'>, readerText: boolean): string[] {
  const lines = ['#### Written feedback still pending', '', `${pendingCount(pages)} comments on ${plural(pages.length, 'page')}.`, '']
  if (pages.length === 0) return lines
  lines.push('| Page | Pending |', '|---|---:|', ...pages.slice(0, TOP).map((page) => `| ${codeCell(page.path)} | ${page.count} |`), '')
  if (readerText)
    lines.push(
      ...folded(
        'Comments',
        pages.slice(0, TOP).flatMap((page) => page.comments.slice(0, 3).map((c) => `- ${codeSpan(page.path)}: ${escapeInline(c.comment)}`))
      )
    )
  return lines
}

/** A sentence as summary lines; none for null. */
function sentence(text: string | null): string[] {
  return text ? [text, ''] : []
}

/** Reader text folded away, so the figures stay the first thing a reader sees. */
function folded(title: string, items: string[]): string[] {
  return [`<details><summary>${title}</summary>`, '', ...items, '', '</details>', '']
}

function footerLines(report: HealthReport, options: SummaryOptions): string[] {
  const lines: string[] = []
  if (report.missing.length > 0)
    lines.push(
      `**Missing** (max-requests could not pay for them): ${report.missing.map((section) => SECTION_NAMES[section] ?? section).join(', ')}.`,
      ''
    )
  if (report.unreadable.length > 0)
    lines.push(`**Left out** (Mintlify answered them outside their domain): ${escapeInline(unreadableList(report))}.`, '')
  if (!options.readerText) lines.push('_Search terms, questions and comments are in the file only (show-reader-text: false)._', '')
  lines.push(options.file ? `**File:** ${codeSpan(options.file)} (${plural(options.requests, 'request')})` : '**File:** none written', '')
  return lines
}

/** A dry run: the request plan, nothing sent (the spend ledger read, nothing claimed). */
export function renderPlanSummary(planLines: readonly string[], verdict: Verdict, spend: SpendLook | null = null): string {
  return [...summaryHeading('Docs health: dry run', verdict), codeBlock(planLines.join('\n')), '', ...spendLines(spend)].join('\n')
}

/** The spend limit's counts: "Agent requests this week: 7 of 20 (ledger acme/docs-ledger); last week: 12." */
function spendLines(spend: SpendLook | null): string[] {
  return spend ? ['#### Agent requests', '', escapeInline(lookLine(spend)), ''] : []
}

/** `1,234 ▲ 12%`: the value, then its change against the previous range. */
export function figure(compared: Compared): string {
  // No change to show against nothing: a figure that was 0 before is new.
  if (compared.change === null) return compared.value > 0 ? `${count(compared.value)} (new)` : count(compared.value)
  return `${count(compared.value)} ${arrow(compared.change)} ${Math.abs(Math.round(compared.change * 100))}%`
}

export function arrow(change: number): string {
  return change > 0 ? '▲' : change < 0 ? '▼' : '='
}

function points(change: number): string {
  return `${Math.abs(Math.round(change * 1000) / 10)} points`
}

function percent(share: number | null): string {
  return share === null ? '–' : `${(Math.round(share * 1000) / 10).toFixed(1)}%`
}
