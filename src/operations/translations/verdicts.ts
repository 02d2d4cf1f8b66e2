import { plural } from '../../markdown.js'
import { failure, judgeQuiet, success, type Verdict } from '../../outcome.js'
import { languageName, type TranslationsReport } from './report.js'
import type { StartedJob } from './translate.js'

/** `reported`, with the headline counts; a site with one language `skipped`; a file that could not be written, `failed`. */
export function judgeTranslations(report: TranslationsReport, jobs: readonly StartedJob[] = []): Verdict {
  const total = (state: 'missing' | 'stale' | 'orphan') => report.languages.reduce((sum, language) => sum + language.counts[state], 0)
  const lagging = report.languages.filter((language) => language.counts.missing + language.counts.stale > 0)
  const headline =
    lagging.length === 0
      ? `Every translation of ${plural(report.languages.length, 'language')} is current with its source.`
      : `${plural(total('missing'), 'page')} missing and ${plural(total('stale'), 'page')} stale in ${plural(lagging.length, 'language')} (${lagging
          .slice(0, 5)
          .map(languageName)
          .join(', ')}${lagging.length > 5 ? ', …' : ''})${total('orphan') ? `; ${plural(total('orphan'), 'orphan')}` : ''}.`
  if (jobs.length === 0) return success('reported', 'success', headline)
  const failed = jobs.filter((job) => !['pr-opened', 'no-changes', 'started', 'dry-run'].includes(job.outcome))
  const told = jobs.map((job) => `${job.language}: ${job.outcome}`).join(', ')
  // A job that did not end well leaves the report standing: a warning, the outcome still the report's.
  return success('reported', failed.length > 0 ? 'warning' : 'success', `${headline} ${plural(jobs.length, 'translation job')}: ${told}.`)
}

export function judgeOneLanguage(language: string): Verdict {
  return judgeQuiet('skipped', `docs.json's navigation has one language (${language}): there is no translation to judge.`)
}

export function judgeTranslationsFailed(reason: string): Verdict {
  return failure('failed', reason)
}
