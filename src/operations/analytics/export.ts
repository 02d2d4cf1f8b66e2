import type { Clock } from '../../clock.js'
import { type DateRange, describeRange } from '../../date-range.js'
import { messageOf } from '../../errors.js'
import { isFileSystemError, outputFileError } from '../../files.js'
import { plural } from '../../markdown.js'
import type { TrafficCounts } from '../../mintlify/analytics.js'
import { type DocsApiClient } from '../../mintlify/client.js'
import { RequestBudgetSpent } from '../../mintlify/request.js'
import { type PagedEndpoint, type PageEnd, type PagePosition, readPages } from '../../mintlify/paging.js'
import type { RunOperation } from '../operation.js'
import { ExportFile } from './export-file.js'
import { assistantKind, type ExportKind, feedbackKind, type KindPage, searchesKind, trafficKind } from './export-kinds.js'
import type { ExportInputs } from './inputs.js'
import { exportOutputs } from './outputs.js'
import { renderExportSummary } from './summary.js'
import { type ExportReport, judgeExport, judgeExportDryRun, judgeExportFailure } from './verdicts.js'

export interface ExportRequest {
  kind: PagedEndpoint
  projectId: string
  range: DateRange
  pageSize: number
  maxRequests: number
  /** As the user gave it, for messages. */
  outputFile: string
  /** Where the file goes (resolved by settings). */
  outputPath: string
  /** Show the request plan only: nothing is sent, no file is written. */
  dryRun: boolean
}

export interface ExportDeps {
  /** Counts every request it sends, retries included: `max-requests` is a budget of requests, not pages. */
  client: DocsApiClient
  clock: Clock
  log: { info(message: string): void; warning(message: string): void }
  signal?: AbortSignal
}

/** The export of one analytics endpoint, as an operation: its client is paid from max-requests, retries included. */
export function exportOperation(kind: PagedEndpoint): RunOperation<ExportInputs> {
  return async (settings, deps) => {
    const report = await exportAnalytics(
      {
        kind,
        projectId: settings.projectId,
        range: settings.range,
        pageSize: settings.pageSize,
        maxRequests: settings.maxRequests,
        outputFile: settings.outputFile,
        outputPath: settings.outputPath,
        dryRun: settings.dryRun
      },
      { client: deps.client(settings.maxRequests), clock: deps.clock, log: deps.log, signal: deps.signal }
    )
    return { verdict: report.verdict, outputs: exportOutputs(report), summary: renderExportSummary(report, settings.showReaderText) }
  }
}

/**
 * Exports one analytics endpoint through readPages (`offset += limit` while `hasMore`, or `nextCursor`
 * until null), so exactly as many requests as there are pages, each paid from the organization's hourly
 * quota of 100. What differs between the endpoints is in analytics/export-kinds.ts.
 */
export function exportAnalytics(request: ExportRequest, deps: ExportDeps): Promise<ExportReport> {
  const { client } = deps
  switch (request.kind) {
    case 'visitors':
    case 'views':
      return exportWith(trafficKind(request.kind, request, client), request, deps)
    case 'feedback':
      return exportWith(feedbackKind(request, client), request, deps)
    case 'searches':
      return exportWith(searchesKind(request, client), request, deps)
    case 'assistant':
      return exportWith(assistantKind(request, client), request, deps)
  }
}

/** What an export has read so far; a partial or failed export reports what it got. */
interface Progress {
  totals: TrafficCounts | null
  totalsChanged: boolean
  /** Where the request being read (or last read) starts: where a partial export stopped. */
  lastPosition: PagePosition | null
  started: boolean
  rowCount: number
  duplicates: number
  skipped: number
  /** Figures Mintlify answered outside their domain, by field: left out of the file, the summary and the outputs. */
  unreadable: Set<string>
  /** Why the export stopped before the end (null: it reached the end). */
  stoppedBecause: string | null
}

async function exportWith<Row>(kind: ExportKind<Row>, request: ExportRequest, deps: ExportDeps): Promise<ExportReport> {
  const { client, log } = deps
  log.info(
    `Exporting ${request.kind} of project ${request.projectId} for ${describeRange(request.range)}, ${request.pageSize} rows per request, at most ${request.maxRequests} requests.`
  )
  if (!request.range.from && !request.range.to) log.info('No date-from or date-to given: the API applies its default range.')
  const progress: Progress = {
    totals: null,
    totalsChanged: false,
    lastPosition: null,
    started: false,
    rowCount: 0,
    duplicates: 0,
    skipped: 0,
    unreadable: new Set(),
    stoppedBecause: null
  }
  const report = (verdict: ExportReport['verdict'], file: string, summary: ExportReport['summary']): ExportReport => ({
    kind: request.kind,
    verdict,
    range: request.range,
    totals: progress.totals,
    rowCount: progress.rowCount,
    requests: client.requestsSent,
    file,
    summary,
    duplicates: progress.duplicates
  })
  if (request.dryRun) return report(judgeExportDryRun(request.kind, request.pageSize, request.maxRequests), '', null)

  let file: ExportFile<Row>
  try {
    file = await ExportFile.create(request.outputPath, kind.layout)
  } catch (error) {
    throw outputFileError(request.outputFile, error)
  }
  try {
    await readInto(kind, request, file, progress)
    await file.finish(progress.stoppedBecause !== null, new Date(deps.clock.now()).toISOString())
  } catch (error) {
    await file.abort()
    const cause = isFileSystemError(error) ? outputFileError(request.outputFile, error) : error
    const reason = `${messageOf(cause).replace(/\.$/, '')}; no file was written (${request.outputFile} is unchanged).`
    return report(judgeExportFailure(reason, deps.signal?.aborted ?? false), '', null)
  }
  warnAboutData(kind, progress, log, request.kind)
  return report(judgeFinished(kind, request, progress, client.requestsSent), request.outputFile, kind.tally.summary())
}

/** Reads every page into the file (or until the budget or the API stops it), counting as it goes. */
async function readInto<Row>(kind: ExportKind<Row>, request: ExportRequest, file: ExportFile<Row>, progress: Progress): Promise<void> {
  // The one thing that grows with the row count: the keys seen, to write each row once (about 10 MB at 100,000 rows).
  const seen = new Set<string>()
  const pages = readPages(request.kind, request.pageSize, (position, limit) => {
    progress.lastPosition = position
    return kind.fetch(position, limit)
  })
  let next = pages.next()
  for (;;) {
    let step: IteratorResult<KindPage<Row>, PageEnd>
    try {
      step = await next
    } catch (error) {
      if (!(error instanceof RequestBudgetSpent)) throw error
      progress.stoppedBecause = budgetSpent(error, request.maxRequests, progress.started)
      return
    }
    if (step.done) {
      progress.stoppedBecause = step.value.stalled
      return
    }
    // The next request goes out first: this page is counted and written while it is answered, never
    // before this page said more follow (readPages decides from it alone). Its failure is read at the
    // top of the loop, or dropped with the file. Yielding once to the event loop lets the request reach
    // the socket before the work on this page begins.
    next = pages.next()
    next.catch(() => undefined)
    await new Promise((resolve) => setImmediate(resolve))
    await writePage(step.value, kind, file, progress, seen)
  }
}

/** Why a spent budget stopped the export; before any page it is the failure that ate the budget, not a partial file. */
function budgetSpent(error: RequestBudgetSpent, maxRequests: number, started: boolean): string {
  const spent = `the request budget (max-requests: ${maxRequests}) was spent`
  if (!started)
    throw new Error(`${error.lastFailure?.replace(/\.$/, '') ?? 'No page could be read'}; ${spent} on retries`, { cause: error })
  return error.lastFailure ? `${spent} retrying after: ${error.lastFailure.replace(/\.$/, '')}` : spent
}

async function writePage<Row>(
  page: KindPage<Row>,
  kind: ExportKind<Row>,
  file: ExportFile<Row>,
  progress: Progress,
  seen: Set<string>
): Promise<void> {
  const first = !progress.started
  progress.skipped += page.skipped
  for (const field of page.unreadable ?? []) progress.unreadable.add(field)
  if (first) {
    progress.started = true
    progress.totals = page.totals
  } else if (progress.totals && page.totals && !sameCounts(progress.totals, page.totals)) {
    progress.totalsChanged = true
  }
  // Pagination over data that changes can serve a row twice; the first sighting wins.
  const fresh = page.rows.filter((row) => !seen.has(kind.key(row)) && seen.add(kind.key(row)))
  progress.duplicates += page.rows.length - fresh.length
  progress.rowCount += fresh.length
  kind.tally.add(fresh)
  if (first) await file.begin(kind.head(page))
  await file.rows(fresh)
}

/** What the data did while it was read: rows served twice, rows without their key, totals that moved. */
function warnAboutData<Row>(kind: ExportKind<Row>, progress: Progress, log: ExportDeps['log'], endpoint: string): void {
  const { duplicates, skipped } = progress
  if (duplicates > 0)
    log.warning(
      `${plural(duplicates, `${kind.keyNoun[0]} was`, `${kind.keyNoun[1]} were`)} served twice across pages (the data changed while it was read); each is written once.`
    )
  if (skipped > 0)
    log.warning(`${plural(skipped, `row without ${kind.identity} was`, `rows without ${kind.identity} were`)} left out of the export.`)
  if (progress.unreadable.size > 0)
    log.warning(
      `Mintlify answered figures outside their domain (${endpoint} ${[...progress.unreadable].join(', ')}): they are left out of the file, the summary and the outputs, not printed as facts.`
    )
  if (progress.totalsChanged)
    log.warning(
      `The site totals changed between pages (the data changed while it was read); the file and outputs keep the totals of the first page.`
    )
}

function judgeFinished<Row>(kind: ExportKind<Row>, request: ExportRequest, progress: Progress, requests: number): ExportReport['verdict'] {
  const { rowCount, lastPosition, stoppedBecause } = progress
  const [one, many] = kind.noun
  const written = `${plural(rowCount, one, many)} in ${request.outputFile} (${plural(requests, 'request')})`
  // Where it stopped: the offset of the last request, or how many rows the file holds.
  const where = lastPosition && 'offset' in lastPosition ? `at offset ${lastPosition.offset}` : `after ${plural(rowCount, one, many)}`
  return judgeExport(request.kind, written, stoppedBecause === null ? null : { where, because: stoppedBecause })
}

function sameCounts(a: TrafficCounts, b: TrafficCounts): boolean {
  return a.human === b.human && a.ai === b.ai && a.total === b.total
}
