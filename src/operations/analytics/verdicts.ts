import type { DateRange } from '../../date-range.js'
import type { TrafficCounts } from '../../mintlify/analytics.js'
import type { PagedEndpoint } from '../../mintlify/paging.js'
import { failure, success, type Verdict } from '../../outcome.js'
import type { ExportSummary } from './export-kinds.js'

/** What one export produced, for the report stage. */
export interface ExportReport {
  kind: PagedEndpoint
  verdict: Verdict
  range: DateRange
  /** Visitors and views, from the API's first page: never summed from rows (`total` is deduplicated). */
  totals: TrafficCounts | null
  /** Rows written: pages, feedback entries, search terms or conversations. */
  rowCount: number
  requests: number
  /** The file as the user named it; '' when nothing was written. */
  file: string
  /** What the job summary shows; null when nothing was written (a partial read would mislead). */
  summary: ExportSummary | null
  duplicates: number
}

/** An export in a dry run: the request plan, and that nothing was sent and no file written. */
export function judgeExportDryRun(kind: PagedEndpoint, pageSize: number, maxRequests: number): Verdict {
  return success(
    'dry-run',
    'notice',
    `Dry run: the ${kind} export would ask for ${pageSize} rows per request, one request per page until the API says the end is reached, at most ${maxRequests} requests; nothing was sent and no file was written.`
  )
}

/** An export that read every page, or one stopped early (`stopped`), which is marked partial. */
export function judgeExport(kind: PagedEndpoint, written: string, stopped: { where: string; because: string } | null): Verdict {
  if (stopped === null) return success('exported', 'success', `Exported ${kind}: ${written}.`)
  return {
    outcome: 'partial',
    result: 'warning',
    headline: `Partial export: stopped with more rows left ${stopped.where} because ${stopped.because}; wrote ${written}, marked partial. Raise max-requests or narrow the date range.`,
    failureReason: `The export is partial: it stopped ${stopped.where} because ${stopped.because}.`
  }
}

/** An export that wrote nothing: failed, or cancelled by the workflow. */
export function judgeExportFailure(reason: string, cancelled: boolean): Verdict {
  return failure(cancelled ? 'cancelled' : 'failed', reason)
}
