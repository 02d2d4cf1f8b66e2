import { type JudgedPair, lagOf, STATES, type State, stalestFirst } from './judge.js'
import type { TranslationFacts } from './read.js'

/** The report's shape: each language (per scope) with its counts and its pages, stalest first; the stalest language first. Pure. */

export interface LanguageReport {
  /** '' for the navigation's top; else `version v2`, `product API`. */
  scope: string
  language: string
  hidden: boolean
  counts: Record<State, number>
  /** The sum of its pages' lags in commits. */
  lag: number
  /** The oldest source commit any of its pages lacks (epoch seconds); null when none. */
  oldest: number | null
  pages: JudgedPair[]
  /** Its last translations pull request, read with `translate: true`: still open, or not to be told (see in-review.ts). */
  review?: Review
}

/**
 * A language's translations pull request still open (`in review (#n)`), or `unknown`: the reads that would
 * tell were cut or failed (`why`), so it gets no job either. No review at all: none is open (or none was looked for).
 */
export type Review = { pull: number } | { unknown: string }

/** A review as the report shows it: `in review (#12)`, or `in review: unknown`. */
export function reviewText(review: Review): string {
  return 'pull' in review ? `in review (#${review.pull})` : 'in review: unknown'
}

/** A review as the file and the `report` output hold it: the pull request's number, or `unknown`. */
export function reviewValue(review: Review | undefined): number | 'unknown' | null {
  return review === undefined ? null : 'pull' in review ? review.pull : 'unknown'
}

export interface TranslationsReport {
  sources: { scope: string; language: string }[]
  languages: LanguageReport[]
  notInNavigation: string[]
  /** When the report was made (epoch ms), for lags in days. */
  now: number
}

export function buildReport(facts: TranslationFacts, now: number): TranslationsReport {
  const languages = facts.scopes.flatMap(({ scope, judged }) =>
    judged.map((language) => {
      const pages = facts.pairs.filter((pair) => pair.scope === scope.name && pair.language === language.code).sort(stalestFirst)
      const counts = Object.fromEntries(STATES.map((state) => [state, pages.filter((page) => page.state === state).length])) as Record<
        State,
        number
      >
      const lacking = pages.flatMap((page) => (page.firstLacking === null || lagOf(page) === 0 ? [] : [page.firstLacking]))
      return {
        scope: scope.name,
        language: language.code,
        hidden: language.hidden,
        counts,
        lag: pages.reduce((sum, page) => sum + lagOf(page), 0),
        oldest: lacking.length > 0 ? Math.min(...lacking) : null,
        pages
      }
    })
  )
  return {
    sources: facts.scopes.map(({ scope, source }) => ({ scope: scope.name, language: source.code })),
    languages: languages.sort(stalestLanguageFirst),
    notInNavigation: facts.notInNavigation,
    now
  }
}

/** A language's lag is the sum of its pages'; ties go to the older first lacking commit. */
export function stalestLanguageFirst(a: LanguageReport, b: LanguageReport): number {
  return (
    b.lag - a.lag ||
    (a.oldest ?? Infinity) - (b.oldest ?? Infinity) ||
    a.language.localeCompare(b.language) ||
    a.scope.localeCompare(b.scope)
  )
}

/** Days from the first source commit a translation lacks to the run; null where nothing is lacking or the lag is unknown. */
export function lagDays(page: JudgedPair, now: number): number | null {
  return page.firstLacking === null || lagOf(page) === 0 ? null : Math.max(0, Math.floor((now - page.firstLacking * 1000) / 86_400_000))
}

/** A language as the report names it: `fr`, or `fr (version v2)` where languages sit in a version or product. */
export function languageName(language: { scope: string; language: string }): string {
  return language.scope ? `${language.language} (${language.scope})` : language.language
}
