import { plural } from '../../markdown.js'
import { failure, judgeQuiet, success, type Verdict } from '../../outcome.js'
import { languageName, type TranslationsReport } from './report.js'

/** `reported`, with the headline counts; a site with one language `skipped`; a file that could not be written, `failed`. */
export function judgeTranslations(report: TranslationsReport): Verdict {
  const total = (state: 'missing' | 'stale' | 'orphan') => report.languages.reduce((sum, language) => sum + language.counts[state], 0)
  const lagging = report.languages.filter((language) => language.counts.missing + language.counts.stale > 0)
  const headline =
    lagging.length === 0
      ? `Every translation of ${plural(report.languages.length, 'language')} is current with its source.`
      : `${plural(total('missing'), 'page')} missing and ${plural(total('stale'), 'page')} stale in ${plural(lagging.length, 'language')} (${lagging
          .slice(0, 5)
          .map(languageName)
          .join(', ')}${lagging.length > 5 ? ', …' : ''})${total('orphan') ? `; ${plural(total('orphan'), 'orphan')}` : ''}.`
  return success('reported', 'success', headline)
}

export function judgeOneLanguage(language: string): Verdict {
  return judgeQuiet('skipped', `docs.json's navigation has one language (${language}): there is no translation to judge.`)
}

export function judgeTranslationsFailed(reason: string): Verdict {
  return failure('failed', reason)
}
