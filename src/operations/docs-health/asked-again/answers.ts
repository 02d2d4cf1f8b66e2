/**
 * The searches asked again, pure: which terms are asked, what each answer means (`found`, `still
 * nothing`, `not asked`) and the counts the report file, the `report` output and the summary carry.
 */
import type { SearchResult } from '../../../mintlify/search.js'
import { plural } from '../../../markdown.js'
import { normalisePagePath } from '../track-record/page-match.js'

/** At most this many terms a run, the most searched first. */
export const MAX_TERMS_ASKED = 20
/** Results asked for per term: the count and the top page are what the report keeps. */
export const PAGE_SIZE = 5
/** The search is semantic: without a threshold it answers almost anything; with it, `found` means something. */
export const SCORE_THRESHOLD = 0.5

/** A term's answer today: how many results scored at least the threshold, and the top one's page (normalised as the track record does). */
export interface AskedAgain {
  results: number
  topPage: string | null
}

/** The report file's top-level `askedAgain`. */
export interface AskedAgainCounts {
  asked: number
  found: number
  stillNothing: number
  scoreThreshold: number
}

/** A term of the report as far as these functions read it (findings.ts's `SearchWithoutClick`). */
interface AskedTerm {
  askedAgain?: AskedAgain | null
}

export type AskedAgainState = 'found' | 'still nothing' | 'not asked'

/** The answer of one search: no result is `still nothing`. */
export function answerOf(results: readonly SearchResult[]): AskedAgain {
  const top = results.find((result) => result.path !== null)?.path
  return { results: results.length, topPage: top ? normalisePagePath(top) : null }
}

/** A term's state: `askedAgain` absent or null is `not asked`. */
export function stateOf(term: AskedTerm): AskedAgainState {
  if (!term.askedAgain) return 'not asked'
  return term.askedAgain.results > 0 ? 'found' : 'still nothing'
}

/** The counts of the terms' answers. */
export function countAnswers(terms: readonly AskedTerm[]): AskedAgainCounts {
  const states = terms.map(stateOf)
  const found = states.filter((state) => state === 'found').length
  const stillNothing = states.filter((state) => state === 'still nothing').length
  return { asked: found + stillNothing, found, stillNothing, scoreThreshold: SCORE_THRESHOLD }
}

/** The terms an agent is still asked about: those that still find nothing or were not asked. */
export function termsStillToFix<T extends AskedTerm>(terms: readonly T[]): T[] {
  return terms.filter((term) => stateOf(term) !== 'found')
}

/**
 * What an `improve` prompt says of the searches: only the terms that still find nothing or were not asked
 * (`kept`), and a note of how many now find a page and were left out (null when none was).
 */
export function searchesForPrompt<T extends AskedTerm>(terms: readonly T[]): { kept: T[]; note: string | null } {
  const kept = termsStillToFix(terms)
  const left = terms.length - kept.length
  if (left === 0) return { kept, note: null }
  if (kept.length === 0)
    return {
      kept,
      note: `Searches where no result was clicked: all ${plural(terms.length, 'term')} now find a page when asked again today, so none is listed.`
    }
  return { kept, note: `(${plural(left, 'more term')} now ${left === 1 ? 'finds' : 'find'} a page when asked again today: left out.)` }
}
