/**
 * Where the docs-health report reads from and writes to: the analytics API through the run's one client
 * (which counts every request, retries included, against max-requests), and the report file.
 */
import { writeJsonFile } from '../../files.js'
import type { Unreadable } from '../../mintlify/analytics.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import type { AssistantTurn, CallerMix, Counts, FeedbackEntry, PageFeedback, SearchTerm, ViewedPage } from './findings.js'
import type { HealthReport } from './health-report.js'
import type { ClosedRange } from './plan.js'

/** One page of each analytics endpoint the report reads, parsed; `requestsSent` counts retries too. */
/** Each answer lists its figures outside their domain under `unreadable` (see src/mintlify/analytics.ts). */
export interface HealthSource {
  readonly requestsSent: number
  traffic(
    kind: 'visitors' | 'views',
    range: ClosedRange,
    limit: number
  ): Promise<{ totals: Counts; rows: ViewedPage[]; hasMore: boolean } & Unreadable>
  feedbackByPage(range: ClosedRange, limit: number): Promise<{ rows: PageFeedback[]; hasMore: boolean } & Unreadable>
  searches(range: ClosedRange, limit: number): Promise<{ rows: SearchTerm[]; totalSearches: number } & Unreadable>
  callerStats(range: ClosedRange): Promise<CallerMix>
  assistant(
    range: ClosedRange,
    limit: number,
    cursor: string | null
  ): Promise<{ rows: AssistantTurn[]; nextCursor: string | null } & Unreadable>
  pendingFeedback(
    range: ClosedRange,
    limit: number,
    cursor: string | null
  ): Promise<{ rows: FeedbackEntry[]; nextCursor: string | null } & Unreadable>
}

/** The report's reads through the docs API client. */
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

/** The report file, written whole (see writeJsonFile). */
export function writeReport(file: { outputFile: string; outputPath: string }, report: HealthReport): Promise<void> {
  return writeJsonFile(file, report)
}
