/**
 * The searches asked again in words, pure: the summary's column "Asked again today" and its sentence, the
 * track record's sentence, and the lines of an `improve` prompt. Terms are reader text: the callers show
 * them only with show-reader-text (the prompt's reader-data block aside); counts and page paths always.
 */
import { codeCell, codeSpan, plural } from '../../../markdown.js'
import type { SearchWithoutClick } from '../findings.js'
import type { HealthReport } from '../health-report.js'
import { urlMatcher } from '../track-record/page-match.js'
import { type AskedAgainCounts, stateOf } from './answers.js'

export const ASKED_AGAIN_COLUMN = 'Asked again today'

/** A term's cell: `found: /guides/sso (3 results)`, `still nothing` or `not asked`. */
export function askedAgainCell(term: SearchWithoutClick): string {
  const state = stateOf(term)
  if (state !== 'found' || !term.askedAgain) return state
  const page = term.askedAgain.topPage ? ` ${codeCell(term.askedAgain.topPage)}` : ''
  return `found${page} (${plural(term.askedAgain.results, 'result')})`
}

/** The summary's sentence under the searches: counts only. */
export function askedAgainSentence(counts: AskedAgainCounts, terms: number): string {
  const notAsked = terms - counts.asked
  return (
    `**${ASKED_AGAIN_COLUMN}** (search API, results scoring at least ${counts.scoreThreshold}): ${counts.found} now find a page, ` +
    `${counts.stillNothing} still find nothing${notAsked > 0 ? `, ${notAsked} not asked` : ''}.`
  )
}

/**
 * The track record's sentence: how many of the terms found today lead to a page the agent's merged pull
 * requests changed, and which pages; null without both the track record and the searches asked again.
 */
export function trackRecordSentence(report: HealthReport): string | null {
  const terms = report.searchesWithoutClicks?.terms
  if (!report.agentImpact || !report.askedAgain || !terms) return null
  const changed = report.agentImpact.pulls.flatMap((pull) => pull.pages.map((page) => page.after).filter((p): p is string => p !== null))
  const match = urlMatcher(changed)
  const pages = terms.map((term) => match(stateOf(term) === 'found' ? term.askedAgain?.topPage : null))
  const leading = pages.filter((page): page is string => page !== null)
  if (leading.length === 0)
    return `None of the ${plural(report.askedAgain.asked, 'search', 'searches')} asked again today leads to a page the agent's merged pull requests changed.`
  const named = [...new Set(leading)].map(codeSpan).join(', ')
  return `${plural(leading.length, 'search', 'searches')} that found nothing in the range now ${leading.length === 1 ? 'leads' : 'lead'} to a page the agent's merged pull requests changed: ${named}.`
}
