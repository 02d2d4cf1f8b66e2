import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DateRange } from '../../date-range.js'
import { isFileSystemError, outputFileError } from '../../files.js'
import { type DocsApiClient } from '../../mintlify/client.js'
import { RequestBudgetSpent } from '../../mintlify/request.js'
import { type PagePosition, readPages } from '../../mintlify/paging.js'
import type { OperationResult } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import type { OperationDeps } from '../operation.js'
import {
  assistantFindings,
  type AssistantTurn,
  type CallerMix,
  compareCounts,
  type Counts,
  type FeedbackEntry,
  type PageFeedback,
  pendingFeedbackByPage,
  rankPagesToFix,
  type SearchTerm,
  searchesWithoutClicks,
  type ViewedPage
} from './findings.js'
import type { HealthReport } from './health-report.js'
import type { HealthInputs } from './inputs.js'
import { healthOutputs } from './outputs.js'
import {
  type ClosedRange,
  describePlan,
  planDocsHealth,
  type PlannedRequest,
  healthRanges,
  type DocsHealthPlan,
  requestsAllowed,
  type Section
} from './plan.js'
import { renderHealthSummary, renderPlanSummary } from './summary.js'
import { type HealthRun, judgeDocsHealth, judgeDocsHealthDryRun } from './verdicts.js'

/** One page of each analytics endpoint the report reads, parsed; `requestsSent` counts retries too. */
export interface HealthSource {
  readonly requestsSent: number
  traffic(kind: 'visitors' | 'views', range: ClosedRange, limit: number): Promise<{ totals: Counts; rows: ViewedPage[]; hasMore: boolean }>
  feedbackByPage(range: ClosedRange, limit: number): Promise<{ rows: PageFeedback[]; hasMore: boolean }>
  searches(range: ClosedRange, limit: number): Promise<{ rows: SearchTerm[]; totalSearches: number }>
  callerStats(range: ClosedRange): Promise<CallerMix>
  assistant(range: ClosedRange, limit: number, cursor: string | null): Promise<{ rows: AssistantTurn[]; nextCursor: string | null }>
  pendingFeedback(range: ClosedRange, limit: number, cursor: string | null): Promise<{ rows: FeedbackEntry[]; nextCursor: string | null }>
}

export interface DocsHealthRequest {
  range: DateRange
  maxRequests: number
  dryRun: boolean
  /** As the user gave it, for messages. */
  outputFile: string
  outputPath: string
}

export interface DocsHealthDeps {
  source: HealthSource
  now: number
  log: { info(message: string): void; warning(message: string): void }
}

/** `report` (the docs-health operation): the report, its file, outputs and summary. */
export async function runDocsHealthOperation(settings: Settings<HealthInputs>, deps: OperationDeps): Promise<OperationResult> {
  const health = await readHealth(settings, deps)
  return { verdict: health.verdict, outputs: healthOutputs(health), summary: renderHealth(health, settings.showReaderText) }
}

/** The report as `report` and `improve` read it: through a client of its own, paid from max-requests. */
export function readHealth(settings: Settings<HealthInputs>, deps: OperationDeps): Promise<HealthRun> {
  return runDocsHealth(
    {
      range: settings.range,
      maxRequests: settings.maxRequests,
      dryRun: settings.dryRun,
      outputFile: settings.outputFile,
      outputPath: settings.outputPath
    },
    { source: clientSource(deps.client(settings.maxRequests), settings.projectId), now: deps.clock.now(), log: deps.log }
  )
}

/** The report's job summary; a dry run shows its request plan. */
export function renderHealth(health: HealthRun, readerText: boolean): string {
  return health.report
    ? renderHealthSummary(health.report, health.verdict, { readerText, file: health.file, requests: health.requests })
    : renderPlanSummary(health.plan, health.ranges, health.verdict)
}

/** A section the budget could not finish paying for: it is marked missing, never guessed from what was read. */
class SectionUnpaid extends Error {}

type Span = 'current' | 'previous'

interface Readings {
  views: Partial<Record<Span, { totals: Counts; rows: ViewedPage[] }>>
  visitors: Partial<Record<Span, { totals: Counts }>>
  byPage?: PageFeedback[]
  searches?: { rows: SearchTerm[]; totalSearches: number }
  callers?: CallerMix
  assistant: Partial<Record<Span, AssistantTurn[]>>
  pending?: FeedbackEntry[]
}

/**
 * The docs-health report: logs the request plan, reads each section the budget pays for (fewest
 * requests: totals at limit=1, one page where the first page answers), and writes the JSON file.
 */
export async function runDocsHealth(request: DocsHealthRequest, deps: DocsHealthDeps): Promise<HealthRun> {
  const { source, log } = deps
  const ranges = healthRanges(request.range, deps.now)
  const plan = planDocsHealth(request.maxRequests)
  log.info(
    `Docs-health report for ${ranges.current.from} up to ${ranges.current.to}, against ${ranges.previous.from} up to ${ranges.previous.to}. Request plan:`
  )
  describePlan(plan, ranges).forEach((line) => log.info(`  ${line}`))
  const base = { plan, ranges, requests: 0, file: '' }
  if (request.dryRun)
    return {
      ...base,
      report: null,
      verdict: judgeDocsHealthDryRun(plan)
    }

  const readings: Readings = { views: {}, visitors: {}, assistant: {} }
  const unpaid = new Set<Section>()
  for (const [index, planned] of plan.requests.entries()) {
    if (unpaid.has(planned.section)) continue
    try {
      await read(planned, index, plan, ranges, readings, source)
    } catch (error) {
      if (!(error instanceof SectionUnpaid || error instanceof RequestBudgetSpent)) throw error
      log.warning(`max-requests ${plan.budget} cannot pay for ${planned.section} (${planned.endpoint}): the section is marked missing.`)
      unpaid.add(planned.section)
    }
  }
  const report = assemble(ranges, readings, plan, unpaid)
  const requests = source.requestsSent
  await writeReport(request, report)
  return { ...base, report, requests, file: request.outputFile, verdict: judgeDocsHealth(report, request.outputFile, requests) }
}

async function read(
  planned: PlannedRequest,
  index: number,
  plan: DocsHealthPlan,
  ranges: { current: ClosedRange; previous: ClosedRange },
  readings: Readings,
  source: HealthSource
): Promise<void> {
  const range = ranges[planned.range]
  const limit = planned.limit ?? 1
  // Before every request: the requests planned after this one must stay paid for.
  const pay = (): void => {
    if (requestsAllowed(plan, index, source.requestsSent) === 0) throw new SectionUnpaid()
  }
  pay()
  switch (planned.endpoint) {
    case 'views':
      readings.views[planned.range] = await source.traffic('views', range, limit)
      return
    case 'visitors':
      readings.visitors[planned.range] = await source.traffic('visitors', range, limit)
      return
    case 'feedback/by-page':
      readings.byPage = (await source.feedbackByPage(range, limit)).rows
      return
    case 'searches':
      readings.searches = await source.searches(range, limit)
      return
    case 'assistant/caller-stats':
      readings.callers = await source.callerStats(range)
      return
    case 'assistant': {
      // The caller stats count the range's questions, one per conversation row: when their pages cannot be
      // paid for, nothing is spent on a read that would end missing anyway.
      const expected = planned.range === 'current' && readings.callers ? Math.ceil(readings.callers.total / limit) : 0
      if (expected > requestsAllowed(plan, index, source.requestsSent)) throw new SectionUnpaid()
      readings.assistant[planned.range] = await readEvery('assistant', limit, pay, (cursor) => source.assistant(range, limit, cursor))
      return
    }
    case 'feedback':
      readings.pending = await readEvery('feedback', limit, pay, (cursor) => source.pendingFeedback(range, limit, cursor))
      return
  }
}

/** Every page of a cursor endpoint, each request paid for first. */
async function readEvery<T>(
  endpoint: 'assistant' | 'feedback',
  limit: number,
  pay: () => void,
  fetch: (cursor: string | null) => Promise<{ rows: T[]; nextCursor: string | null }>
): Promise<T[]> {
  const rows: T[] = []
  const cursorOf = (position: PagePosition): string | null => ('cursor' in position ? position.cursor : null)
  const pages = readPages(endpoint, limit, async (position) => {
    const cursor = cursorOf(position)
    if (cursor !== null) pay()
    const page = await fetch(cursor)
    return { rows: page.rows, continuation: { nextCursor: page.nextCursor } }
  })
  for await (const page of pages) rows.push(...page.rows)
  return rows
}

function assemble(
  ranges: { current: ClosedRange; previous: ClosedRange },
  readings: Readings,
  plan: DocsHealthPlan,
  unpaid: Set<Section>
): HealthReport {
  const paid = (section: Section): boolean => plan.funded.includes(section) && !unpaid.has(section)
  const { views, visitors, assistant } = readings
  const traffic =
    paid('traffic') && views.current && views.previous && visitors.current && visitors.previous
      ? {
          visitors: compareCounts(visitors.current.totals, visitors.previous.totals),
          views: compareCounts(views.current.totals, views.previous.totals)
        }
      : null
  const fixFirst = paid('fixFirst') && views.current && readings.byPage ? rankPagesToFix(views.current.rows, readings.byPage) : null
  const searches =
    paid('searchesWithoutClicks') && readings.searches
      ? {
          totalSearches: readings.searches.totalSearches,
          terms: searchesWithoutClicks(readings.searches.rows, readings.searches.totalSearches)
        }
      : null
  const assistantReport =
    paid('assistant') && assistant.current && assistant.previous && readings.callers
      ? assistantFindings(assistant.current, assistant.previous, readings.callers)
      : null
  const pending = paid('pendingFeedback') && readings.pending ? pendingFeedbackByPage(readings.pending) : null
  const report: HealthReport = {
    range: ranges.current,
    previousRange: ranges.previous,
    traffic,
    fixFirst,
    searchesWithoutClicks: searches,
    assistant: assistantReport,
    pendingFeedback: pending,
    missing: []
  }
  report.missing = (['traffic', 'fixFirst', 'searchesWithoutClicks', 'assistant', 'pendingFeedback'] as const).filter(
    (section) => report[section] === null
  )
  return report
}

/** Written whole to a temporary file, then renamed: a failed run never leaves half a report. */
async function writeReport(request: DocsHealthRequest, report: HealthReport): Promise<void> {
  const temporary = `${request.outputPath}.${process.pid}.tmp`
  try {
    await mkdir(dirname(request.outputPath), { recursive: true })
    await writeFile(temporary, `${JSON.stringify(report, null, 2)}\n`)
    await rename(temporary, request.outputPath)
  } catch (error) {
    // Nothing to clean up when the folder itself could not be reached.
    await rm(temporary, { force: true }).catch(() => undefined)
    throw isFileSystemError(error) ? outputFileError(request.outputFile, error) : error
  }
}

/** The report's reads through the docs API client (which counts every request, retries included). */
export function clientSource(client: DocsApiClient, projectId: string): HealthSource {
  const dates = (range: ClosedRange) => ({ dateFrom: range.from, dateTo: range.to })
  return {
    get requestsSent() {
      return client.requestsSent
    },
    traffic: (kind, range, limit) => client.getAnalyticsPage(kind, projectId, { ...dates(range), limit, offset: 0 }),
    feedbackByPage: (range, limit) => client.getReaderPage('feedback/by-page', projectId, { ...dates(range), limit }),
    searches: (range, limit) => client.getReaderPage('searches', projectId, { ...dates(range), limit }),
    callerStats: (range) => client.getReaderPage('assistant/caller-stats', projectId, dates(range)),
    assistant: (range, limit, cursor) => client.getReaderPage('assistant', projectId, { ...dates(range), limit, cursor }),
    pendingFeedback: (range, limit, cursor) =>
      client.getReaderPage('feedback', projectId, { ...dates(range), limit, cursor, status: 'pending' })
  }
}
