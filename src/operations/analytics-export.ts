import { ExportFile } from '../analytics/export-file.js'
import { assistantKind, type ExportKind, feedbackKind, type KindPage, searchesKind, trafficKind } from '../analytics/export-kinds.js'
import { type PageEnd, type PagePosition, readPages } from '../analytics/paging.js'
import { type DateRange, describeRange } from '../analytics/range.js'
import type { Clock } from '../clock.js'
import { messageOf } from '../errors.js'
import type { TrafficCounts } from '../mintlify/analytics.js'
import { type DocsApiClient, RequestBudgetSpent } from '../mintlify/client.js'
import { type ExportReport, judgeExport, judgeExportDryRun, judgeExportFailure } from '../outcome.js'
import { type AnalyticsOperation, isFileSystemError, outputFileError } from '../settings.js'

export interface ExportRequest {
  kind: AnalyticsOperation
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

async function exportWith<Row>(kind: ExportKind<Row>, request: ExportRequest, deps: ExportDeps): Promise<ExportReport> {
  const { client, log } = deps
  log.info(
    `Exporting ${request.kind} of project ${request.projectId} for ${describeRange(request.range)}, ${request.pageSize} rows per request, at most ${request.maxRequests} requests.`
  )
  if (!request.range.from && !request.range.to) log.info('No date-from or date-to given: the API applies its default range.')
  if (request.dryRun) {
    const verdict = judgeExportDryRun(request.kind, request.pageSize, request.maxRequests)
    return {
      kind: request.kind,
      verdict,
      range: request.range,
      totals: null,
      rowCount: 0,
      requests: 0,
      file: '',
      summary: null,
      duplicates: 0
    }
  }

  let file: ExportFile<Row>
  try {
    file = await ExportFile.create(request.outputPath, kind.layout)
  } catch (error) {
    throw outputFileError(request.outputFile, error)
  }
  // The one thing that grows with the row count: the keys seen, to write each row once (about 10 MB at 100,000 rows).
  const seen = new Set<string>()
  let totals: TrafficCounts | null = null
  let totalsChanged = false
  /** Where the request being read (or last read) starts: where a partial export stopped. */
  let lastPosition: PagePosition | null = null
  let started = false
  let rowCount = 0
  let duplicates = 0
  let skipped = 0
  /** Why the export stopped before the end (null: it reached the end). */
  let stoppedBecause: string | null
  try {
    const pages = readPages(request.kind, request.pageSize, (position, limit) => {
      lastPosition = position
      return kind.fetch(position, limit)
    })
    let next = pages.next()
    for (;;) {
      let step: IteratorResult<KindPage<Row>, PageEnd>
      try {
        step = await next
      } catch (error) {
        if (!(error instanceof RequestBudgetSpent)) throw error
        const spent = `the request budget (max-requests: ${request.maxRequests}) was spent`
        // Nothing read yet: the failure that ate the budget is the story, not a partial file.
        if (!started)
          throw new Error(`${error.lastFailure?.replace(/\.$/, '') ?? 'No page could be read'}; ${spent} on retries`, { cause: error })
        stoppedBecause = error.lastFailure ? `${spent} retrying after: ${error.lastFailure.replace(/\.$/, '')}` : spent
        break
      }
      if (step.done) {
        stoppedBecause = step.value.stalled
        break
      }
      // The next request goes out first: this page is counted and written while it is answered, never
      // before this page said more follow (readPages decides from it alone). Its failure is read at the
      // top of the loop, or dropped with the file. Yielding once to the event loop lets the request reach
      // the socket before the work on this page begins.
      next = pages.next()
      next.catch(() => undefined)
      await new Promise((resolve) => setImmediate(resolve))
      const page = step.value
      const first = !started
      skipped += page.skipped
      if (first) {
        started = true
        totals = page.totals
      } else if (totals && page.totals && !sameCounts(totals, page.totals)) {
        totalsChanged = true
      }
      // Pagination over data that changes can serve a row twice; the first sighting wins.
      const fresh = page.rows.filter((row) => !seen.has(kind.key(row)) && seen.add(kind.key(row)))
      duplicates += page.rows.length - fresh.length
      rowCount += fresh.length
      kind.tally.add(fresh)
      if (first) await file.begin(kind.head(page))
      await file.rows(fresh)
    }
    await file.finish(stoppedBecause !== null, new Date(deps.clock.now()).toISOString())
  } catch (error) {
    await file.abort()
    const cause = isFileSystemError(error) ? outputFileError(request.outputFile, error) : error
    const reason = `${messageOf(cause).replace(/\.$/, '')}; no file was written (${request.outputFile} is unchanged).`
    const verdict = judgeExportFailure(reason, deps.signal?.aborted ?? false)
    return {
      kind: request.kind,
      verdict,
      range: request.range,
      totals,
      rowCount,
      requests: client.requestsSent,
      file: '',
      summary: null,
      duplicates
    }
  }
  const requests = client.requestsSent

  const [one, many] = kind.noun
  if (duplicates > 0)
    log.warning(
      `${duplicates} ${duplicates === 1 ? `${kind.keyNoun[0]} was` : `${kind.keyNoun[1]} were`} served twice across pages (the data changed while it was read); each is written once.`
    )
  if (skipped > 0)
    log.warning(
      `${skipped} ${skipped === 1 ? 'row' : 'rows'} without ${kind.identity} ${skipped === 1 ? 'was' : 'were'} left out of the export.`
    )
  if (totalsChanged)
    log.warning(
      `The site totals changed between pages (the data changed while it was read); the file and outputs keep the totals of the first page.`
    )
  const written = `${rowCount} ${rowCount === 1 ? one : many} in ${request.outputFile} (${requests} ${requests === 1 ? 'request' : 'requests'})`
  // Where it stopped: the offset of the last request, or how many rows the file holds.
  const where = (position: PagePosition | null): string =>
    position && 'offset' in position ? `at offset ${position.offset}` : `after ${rowCount} ${rowCount === 1 ? one : many}`
  const verdict = judgeExport(
    request.kind,
    written,
    stoppedBecause === null ? null : { where: where(lastPosition), because: stoppedBecause }
  )
  return {
    kind: request.kind,
    verdict,
    range: request.range,
    totals,
    rowCount,
    requests,
    file: request.outputFile,
    summary: kind.tally.summary(),
    duplicates
  }
}

function sameCounts(a: TrafficCounts, b: TrafficCounts): boolean {
  return a.human === b.human && a.ai === b.ai && a.total === b.total
}
