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
  /** A job of this language: its pull request still open (`in review (#n)`), or the job started. */
  review?: number
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
