import { codeCell, escapeInline, plural, summaryHeading } from '../../markdown.js'
import type { Verdict } from '../../outcome.js'
import { clipText } from '../../text.js'
import type { JudgedPair } from './judge.js'
import { lagDays, type LanguageReport, languageName, reviewText, type TranslationsReport } from './report.js'

/**
 * The job summary: one table of counts per language, then each language's pages, the stalest first, with
 * their lag in commits and days. Page paths are the repository's own, shown as code; commit subjects are
 * data, escaped (no ping, no link, no markup). Pure.
 */

/** Pages shown per language; the file holds every one. */
const PAGES_SHOWN = 50

export function renderTranslationsSummary(report: TranslationsReport | null, verdict: Verdict, file: string | null): string {
  const lines = summaryHeading('Translations that lag their source', verdict)
  if (report) {
    lines.push(...countsTable(report), '')
    for (const language of report.languages) lines.push(...pagesTable(language, report.now))
    if (report.notInNavigation.length > 0)
      lines.push(
        `${plural(report.notInNavigation.length, 'source page')} on no navigation, not judged: ${report.notInNavigation
          .slice(0, 20)
          .map((page) => codeCell(page))
          .join(', ')}${report.notInNavigation.length > 20 ? ', …' : ''}`,
        ''
      )
  }
  if (file) lines.push(`Every pair, with its state, its rule and the commits since: ${codeCell(file)}.`, '')
  return `${lines.join('\n')}\n`
}

function countsTable(report: TranslationsReport): string[] {
  return [
    `Source: ${report.sources.map((source) => codeCell(languageName(source))).join(', ')}.`,
    '',
    '| Language | Missing | Stale | Orphan | Current | Lag (commits) |',
    '|---|---:|---:|---:|---:|---:|',
    ...report.languages.map(
      (language) =>
        `| ${codeCell(languageName(language))}${language.hidden ? ' (hidden)' : ''}${language.review ? ` ${reviewText(language.review)}` : ''} | ${language.counts.missing} | ${language.counts.stale} | ${language.counts.orphan} | ${language.counts.current} | ${language.lag} |`
    )
  ]
}

function pagesTable(language: LanguageReport, now: number): string[] {
  const lagging = language.pages.filter((page) => page.state !== 'current')
  if (lagging.length === 0) return []
  const shown = lagging.slice(0, PAGES_SHOWN)
  return [
    `#### ${escapeInline(languageName(language))}`,
    '',
    '| Translation | State | Source | Commits since | Days | Newest source commit |',
    '|---|---|---|---:|---:|---|',
    ...shown.map((page) => pageRow(page, now)),
    ...(lagging.length > PAGES_SHOWN ? ['', `${lagging.length - PAGES_SHOWN} more in the file.`] : []),
    ''
  ]
}

function pageRow(page: JudgedPair, now: number): string {
  const commits = page.since === null ? 'unknown' : String(page.since.length)
  const days = lagDays(page, now)
  const newest = page.since?.[0]
  const subject = newest ? `${codeCell(newest.sha.slice(0, 7))} ${escapeInline(clipText(newest.subject, 80)).replace(/\|/g, '\\|')}` : ''
  const rule = page.rule === 'index path' ? ' (by index path)' : ''
  return `| ${codeCell(page.translation)} | ${page.state}${rule} | ${page.source ? codeCell(page.source) : ''} | ${commits} | ${days ?? ''} | ${subject} |`
}
