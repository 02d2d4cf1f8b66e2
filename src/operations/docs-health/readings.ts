/**
 * What the docs-health report read, section by section, and the report assembled from it: a section the
 * budget did not pay for, or whose figures Mintlify answered outside their domain, is null and named in
 * `missing` (never guessed from what was read). Pure.
 */
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
import type { ClosedRange, DocsHealthPlan, Section } from './plan.js'
import type { UnreadableFigures } from './unreadable-figures.js'

export type Span = 'current' | 'previous'

export interface Readings {
  views: Partial<Record<Span, { totals: Counts; rows: ViewedPage[] }>>
  visitors: Partial<Record<Span, { totals: Counts }>>
  byPage?: PageFeedback[]
  searches?: { rows: SearchTerm[]; totalSearches: number }
  callers?: CallerMix
  assistant: Partial<Record<Span, AssistantTurn[]>>
  pending?: FeedbackEntry[]
  unreadable: UnreadableFigures
}

/** The report from what was read: each section paid for and read whole, else null and listed in `missing`. */
export function assemble(
  ranges: { current: ClosedRange; previous: ClosedRange },
  readings: Readings,
  plan: DocsHealthPlan,
  unpaid: Set<Section>
): HealthReport {
  const paid = (section: Section): boolean => plan.funded.includes(section) && !unpaid.has(section)
  const { views, visitors, assistant, unreadable } = readings
  const traffic =
    paid('traffic') && views.current && views.previous && visitors.current && visitors.previous
      ? {
          visitors: compareCounts(visitors.current.totals, visitors.previous.totals, unreadable.totals('visitors')),
          views: compareCounts(views.current.totals, views.previous.totals, unreadable.totals('views'))
        }
      : null
  const searches =
    paid('searchesWithoutClicks') && readings.searches && !unreadable.leavesOut('searchesWithoutClicks')
      ? {
          totalSearches: readings.searches.totalSearches,
          terms: searchesWithoutClicks(readings.searches.rows, readings.searches.totalSearches)
        }
      : null
  const assistantReport =
    paid('assistant') && assistant.current && assistant.previous && readings.callers && !unreadable.leavesOut('assistant')
      ? assistantFindings(assistant.current, assistant.previous, readings.callers)
      : null
  const report: HealthReport = {
    range: ranges.current,
    previousRange: ranges.previous,
    traffic,
    fixFirst: paid('fixFirst') && views.current && readings.byPage ? rankPagesToFix(views.current.rows, readings.byPage) : null,
    searchesWithoutClicks: searches,
    assistant: assistantReport,
    pendingFeedback: paid('pendingFeedback') && readings.pending ? pendingFeedbackByPage(readings.pending) : null,
    agentImpact: null,
    askedAgain: null,
    spend: null,
    missing: [],
    unreadable: unreadable.list
  }
  report.missing = (['traffic', 'fixFirst', 'searchesWithoutClicks', 'assistant', 'pendingFeedback'] as const).filter(
    (section) => report[section] === null && !(paid(section) && unreadable.leavesOut(section))
  )
  return report
}
