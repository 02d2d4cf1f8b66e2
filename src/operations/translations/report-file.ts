import { csvCell } from '../../csv.js'
import type { CommitInfo } from './history.js'
import type { JudgedPair } from './judge.js'
import { lagDays, reviewValue, type TranslationsReport } from './report.js'

/**
 * The file (`output-file`, default docs-translations.json; `.csv` writes one row per pair): every pair, its
 * state, the rule that paired it and the commits since. Commit subjects are data: JSON escapes them, CSV
 * quotes them and keeps them from running as a formula. Pure.
 */

export function reportJson(report: TranslationsReport, jobs: readonly unknown[]): Record<string, unknown> {
  return {
    generatedAt: new Date(report.now).toISOString(),
    sources: report.sources,
    languages: report.languages.map(({ scope, language, hidden, counts, lag, review }) => ({
      scope,
      language,
      hidden,
      ...counts,
      lag,
      inReview: reviewValue(review)
    })),
    pairs: report.languages.flatMap((language) => language.pages.map((page) => pairRow(page, report.now))),
    notInNavigation: report.notInNavigation,
    jobs
  }
}

function pairRow(page: JudgedPair, now: number): Record<string, unknown> {
  return {
    scope: page.scope,
    language: page.language,
    source: page.source,
    translation: page.translation,
    state: page.state,
    rule: page.rule,
    commitsSince: page.since?.length ?? null,
    lagDays: lagDays(page, now),
    firstLacking: page.firstLacking === null ? null : iso(page.firstLacking),
    translatedAt: page.translatedAt ? commitRow(page.translatedAt) : null,
    marker: page.marker,
    joins: page.joins,
    since: page.since?.map(commitRow) ?? null
  }
}

function commitRow(commit: CommitInfo): { sha: string; date: string; subject: string } {
  return { sha: commit.sha, date: iso(commit.time), subject: commit.subject }
}

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString()
}

const CSV_COLUMNS = [
  'scope',
  'language',
  'source',
  'translation',
  'state',
  'rule',
  'commits_since',
  'lag_days',
  'first_lacking',
  'translated_at',
  'marker',
  'commits',
  'in_review'
] as const

/**
 * One row per pair; `commits` holds each commit since as `<short sha> <subject>`, one per line; `in_review`, the
 * language's translations pull request still open (its number, or `unknown`), as the JSON's `inReview`.
 */
export function reportCsv(report: TranslationsReport): string {
  const rows = report.languages.flatMap((language) =>
    language.pages.map((page) =>
      [
        page.scope,
        page.language,
        page.source,
        page.translation,
        page.state,
        page.rule,
        page.since?.length ?? null,
        lagDays(page, report.now),
        page.firstLacking === null ? null : iso(page.firstLacking),
        page.translatedAt?.sha ?? null,
        page.marker,
        page.since?.map((commit) => `${commit.sha.slice(0, 7)} ${commit.subject}`).join('\n') ?? null,
        reviewValue(language.review)
      ]
        .map(csvCell)
        .join(',')
    )
  )
  return [CSV_COLUMNS.join(','), ...rows].map((line) => `${line}\r\n`).join('')
}
