import type { Verdict } from '../../outcome.js'
import { shellSafeText } from '../../trust/shell-safe-outputs.js'
import { languageName, reviewValue, type TranslationsReport } from './report.js'

/** The outputs: the outcome, the file, and `report`: each language's counts (its name shell-safe), and the jobs started. */
export function translationsOutputs(
  verdict: Verdict,
  report: TranslationsReport | null,
  file: string | null,
  jobs: readonly unknown[] = []
): Record<string, string> {
  const languages = report
    ? Object.fromEntries(
        report.languages.map((language) => [
          shellSafeText(languageName(language)),
          { ...language.counts, lag: language.lag, ...(language.review ? { inReview: reviewValue(language.review) } : {}) }
        ])
      )
    : null
  return {
    outcome: verdict.outcome,
    'failure-reason': verdict.failureReason,
    report: languages ? JSON.stringify({ languages, jobs }) : '',
    file: file ?? ''
  }
}
