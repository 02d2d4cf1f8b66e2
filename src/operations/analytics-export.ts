import { ExportFile } from '../analytics/export-file.js'
import { type PageEnd, readPages } from '../analytics/paging.js'
import { type DateRange, describeRange } from '../analytics/range.js'
import { TopPages } from '../analytics/top-pages.js'
import type { Clock } from '../clock.js'
import { messageOf } from '../errors.js'
import type { AnalyticsKind, AnalyticsPage, TrafficCounts } from '../mintlify/analytics.js'
import { type DocsApiClient, RequestBudgetSpent } from '../mintlify/client.js'
import { type ExportReport, judgeExport, judgeExportFailure } from '../outcome.js'
import { isFileSystemError, outputFileError } from '../settings.js'

export const TOP_PAGES = 15

export interface ExportRequest {
  kind: AnalyticsKind
  projectId: string
  range: DateRange
  pageSize: number
  maxRequests: number
  /** As the user gave it, for messages. */
  outputFile: string
  /** Where the file goes (resolved by settings). */
  outputPath: string
}

export interface ExportDeps {
  /** Counts every request it sends, retries included: `max-requests` is a budget of requests, not pages. */
  client: DocsApiClient
  clock: Clock
  log: { info(message: string): void; warning(message: string): void }
  signal?: AbortSignal
}

/**
 * Exports visitors or views through readPages (`offset += limit` while `hasMore`), so exactly
 * ceil(rows / page-size) requests, each paid from the organization's hourly quota of 100.
 */
export async function exportAnalytics(request: ExportRequest, deps: ExportDeps): Promise<ExportReport> {
  const { client, log } = deps
  log.info(
    `Exporting ${request.kind} of project ${request.projectId} for ${describeRange(request.range)}, ${request.pageSize} rows per request, at most ${request.maxRequests} requests.`
  )
  if (!request.range.from && !request.range.to) log.info('No date-from or date-to given: the API applies its default range.')

  let file: ExportFile
  try {
    file = await ExportFile.create(request.outputPath)
  } catch (error) {
    throw outputFileError(request.outputFile, error)
  }
  const top = new TopPages(TOP_PAGES)
  // The one thing that grows with the row count: the paths seen, to write each once (about 10 MB at 100,000 rows).
  const seen = new Set<string>()
  let totals: TrafficCounts | null = null
  let totalsChanged = false
  /** Where the request being read (or last read) starts: where a partial export stopped. */
  /** Where the request being read (or last read) starts: where a partial export stopped. */
  let offset = 0
  let pageCount = 0
  let duplicates = 0
  let skipped = 0
  /** Why the export stopped before the end (null: it reached the end). */
  let stoppedBecause: string | null
  try {
    const pages = readPages(request.kind, request.pageSize, async (position, limit) => {
      offset = 'offset' in position ? position.offset : 0
      const page = await client.getAnalyticsPage(request.kind, request.projectId, {
        dateFrom: request.range.from,
        dateTo: request.range.to,
        limit,
        offset
      })
      return { ...page, continuation: { hasMore: page.hasMore } }
    })
    for (;;) {
      let step: IteratorResult<AnalyticsPage, PageEnd>
      try {
        step = await pages.next()
      } catch (error) {
        if (!(error instanceof RequestBudgetSpent)) throw error
        const spent = `the request budget (max-requests: ${request.maxRequests}) was spent`
        // Nothing read yet: the failure that ate the budget is the story, not a partial file.
        if (totals === null)
          throw new Error(`${error.lastFailure?.replace(/\.$/, '') ?? 'No page could be read'}; ${spent} on retries`, { cause: error })
        stoppedBecause = error.lastFailure ? `${spent} retrying after: ${error.lastFailure.replace(/\.$/, '')}` : spent
        break
      }
      if (step.done) {
        stoppedBecause = step.value.stalled
        break
      }
      const page = step.value
      skipped += page.skipped
      if (totals === null) {
        totals = page.totals
        await file.begin(request.range, totals)
      } else if (!sameCounts(totals, page.totals)) {
        totalsChanged = true
      }
      // Offset pagination over data that changes can serve a path twice; the first sighting wins.
      const fresh = page.rows.filter((row) => !seen.has(row.path) && seen.add(row.path))
      duplicates += page.rows.length - fresh.length
      fresh.forEach((row) => top.offer(row))
      await file.rows(fresh)
      pageCount += fresh.length
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
      pageCount,
      requests: client.requestsSent,
      file: '',
      top: top.list(),
      duplicates
    }
  }
  const requests = client.requestsSent

  if (duplicates > 0)
    log.warning(
      `${duplicates} ${duplicates === 1 ? 'path was' : 'paths were'} served twice across pages (the data changed while it was read); each is written once.`
    )
  if (skipped > 0)
    log.warning(`${skipped} ${skipped === 1 ? 'row' : 'rows'} without a path ${skipped === 1 ? 'was' : 'were'} left out of the export.`)
  if (totalsChanged)
    log.warning(
      `The site totals changed between pages (the data changed while it was read); the file and outputs keep the totals of the first page.`
    )
  const written = `${pageCount} ${pageCount === 1 ? 'page' : 'pages'} in ${request.outputFile} (${requests} ${requests === 1 ? 'request' : 'requests'})`
  const verdict = judgeExport(request.kind, written, stoppedBecause === null ? null : { offset, because: stoppedBecause })
  return {
    kind: request.kind,
    verdict,
    range: request.range,
    totals,
    pageCount,
    requests,
    file: request.outputFile,
    top: top.list(),
    duplicates
  }
}

function sameCounts(a: TrafficCounts, b: TrafficCounts): boolean {
  return a.human === b.human && a.ai === b.ai && a.total === b.total
}
