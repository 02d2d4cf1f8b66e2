import { count, plural } from '../../markdown.js'
import { success, type Verdict } from '../../outcome.js'
import { type HealthReport, pendingCount } from './health-report.js'
import { MAX_TERMS_ASKED } from './asked-again/answers.js'
import type { ClosedRange, DocsHealthPlan } from './plan.js'
import { minimumRequests, type TrackRecordPlan } from './track-record/plan.js'
import type { SpendLook } from '../../spend/agent-spend.js'

/** What a docs-health report run produced: the plan, the report (null in a dry run), the file. */
export interface HealthRun {
  verdict: Verdict
  plan: DocsHealthPlan
  /** The plan as logged: the sections' requests, then the track record's. */
  planLines: string[]
  ranges: { current: ClosedRange; previous: ClosedRange }
  /** Null in a dry run and when the report failed. */
  report: HealthReport | null
  requests: number
  /** The file as the user named it; '' when nothing was written. */
  file: string
  /** With spend-limit (`report`): the ledger's counts, or why it could not be read; null otherwise. */
  spend: SpendLook | null
}

/** The figures left out, as `endpoint field` joined: `visitors totals.total, views views[].human`. */
export function unreadableList(report: Pick<HealthReport, 'unreadable'>): string {
  return report.unreadable.map(({ endpoint, field }) => `${endpoint} ${field}`).join(', ')
}

/** A dry run: how many requests the plan would send at least, and that none was. */
export function judgeDocsHealthDryRun(plan: DocsHealthPlan, trackRecord: TrackRecordPlan | null, askAgain = false): Verdict {
  const least = plan.minimum + Math.min(trackRecord ? minimumRequests(trackRecord) : 0, Math.max(0, plan.budget - plan.minimum))
  const searches = askAgain ? `, then ask up to ${MAX_TERMS_ASKED} searches again (search API)` : ''
  return success(
    'dry-run',
    'notice',
    `Dry run: the report would send ${least} or more analytics requests (max-requests ${plan.budget})${searches}; nothing was sent.`
  )
}

/** The report's headline figures; partial (a warning) when the budget left sections missing. */
export function judgeDocsHealth(report: HealthReport, file: string, requests: number): Verdict {
  const facts: string[] = []
  const counted = (n: number, one: string): string => plural(n, one, `${one}s`, count)
  const visitors = report.traffic?.visitors.total
  if (visitors) facts.push(`${visitors.value.toLocaleString('en-US')} visitors`)
  if (report.fixFirst) facts.push(`${counted(report.fixFirst.length, 'page')} to fix first`)
  if (report.searchesWithoutClicks) facts.push(counted(report.searchesWithoutClicks.terms.length, 'search term') + ' without a click')
  if (report.assistant) facts.push(counted(report.assistant.unanswered.count.value, 'unanswered assistant question'))
  if (report.pendingFeedback) facts.push(counted(pendingCount(report.pendingFeedback), 'pending comment'))
  if (report.askedAgain)
    facts.push(`${report.askedAgain.found} of ${plural(report.askedAgain.asked, 'search', 'searches')} asked again finding a page today`)
  if (report.agentImpact) facts.push(`the agent's pull requests: ${report.agentImpact.feedback.verdict} (thumbs down)`)
  const summary = `Docs health ${report.range.from} up to ${report.range.to}: ${facts.length > 0 ? facts.join(', ') : 'no section'} (${requests} requests, ${file}).`
  if (report.missing.length === 0 && report.unreadable.length === 0) return success('reported', 'success', summary)
  // The one warning of figures outside their domain names each endpoint and field.
  const causes = [
    report.missing.length > 0
      ? `max-requests could not pay for ${report.missing.join(', ')}; raise max-requests or narrow the date range`
      : '',
    report.unreadable.length > 0
      ? `Mintlify answered figures outside their domain (${unreadableList(report)}), left out of the summary and the report output`
      : ''
  ]
  const reason = `The report is partial: ${causes.filter(Boolean).join('; and ')}.`
  return { outcome: 'partial', result: 'warning', headline: `${summary} ${reason}`, failureReason: reason }
}
