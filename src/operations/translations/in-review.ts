import { messageOf } from '../../errors.js'
import type { GitHubApi } from '../../github/api.js'
import { jobIdInMarker } from '../../github/markers.js'
import { readTranslationMarker } from '../../github/translation-marker.js'
import type { Settings } from '../../settings.js'
import { CommentRecords, recordSubject } from '../agent/comment-records.js'
import type { OperationDeps } from '../operation.js'
import type { TranslationsInputs } from './inputs.js'
import type { LanguageReport, Review, TranslationsReport } from './report.js'

/**
 * `translate: true`: which languages have a translations pull request still open, from the records alone.
 * One list (the open pull requests labelled `agent-label` in `docs-repository`, at most 3 pages of 100),
 * then the first page of comments of each listed pull request, the newest first, for a signed introduction
 * by a trusted author (the token's identity, `marker-authors`) that records a translations job and its
 * language (github/translation-marker.ts). A bounded read that the decision rests on keeps its cut: a list
 * cut short, a pull request left unread or a read that failed makes every lagging language not found
 * `unknown`, never none, and it gets no job. The report alone reads nothing: no network at all.
 */

/** The list's cap: 3 pages of 100 (issues and pull requests together, as GitHub lists labels). */
export const LIST_PAGES = 3
/** Pull requests whose comments one run reads at most (one request each), the newest first. */
export const MAX_READS = 100

/** What the reads told: the open pull request of each language found (lower-case code), and why the rest cannot be told. */
export interface ReviewsRead {
  /** The newest open translations pull request of each language found, by lower-case code. */
  open: Map<string, number>
  /** Why a language not in `open` may still be in review (the list cut, a read failed); null: the reads were whole. */
  unknown: string | null
}

const NOTHING_READ: ReviewsRead = { open: new Map(), unknown: null }

/** The languages with stale or missing pages: the ones a job may be started for, whose review the plan rests on. */
export function laggingLanguages(report: TranslationsReport): LanguageReport[] {
  return report.languages.filter((language) => language.counts.missing + language.counts.stale > 0)
}

/** Reads which lagging languages are in review; nothing at all when none lags (no job could start). */
export async function readReviews(
  report: TranslationsReport,
  settings: Settings<TranslationsInputs>,
  deps: OperationDeps
): Promise<ReviewsRead> {
  const wanted = new Set(laggingLanguages(report).map((language) => language.language.toLowerCase()))
  if (wanted.size === 0) return NOTHING_READ
  const label = settings.agent.agentLabel
  const repo = settings.docsRepository ?? deps.run.repo
  const cannot = !label
    ? "agent-label is empty, so the agent's pull requests carry no label to list them by"
    : !settings.githubToken
      ? 'github-token is empty'
      : null
  if (cannot) {
    deps.log.warning(`A language whose translations pull request is still open is not looked for (${cannot}): it may get a second one.`)
    return NOTHING_READ
  }
  if (!repo) return { open: new Map(), unknown: 'GITHUB_REPOSITORY is not set, so the repository of the pull requests is unknown' }
  let api: GitHubApi
  try {
    api = await deps.connectGitHub(settings.githubToken, repo)
  } catch (error) {
    return { open: new Map(), unknown: `no connection to ${repo.owner}/${repo.repo}: ${messageOf(error)}` }
  }
  return readOpenTranslations(
    api,
    { label, wanted, markerAuthors: settings.agent.markerAuthors },
    new CommentRecords(settings.apiKey, deps.log, deps.clock)
  )
}

interface Wanted {
  label: string
  /** Lower-case codes of the lagging languages: reading stops once each is found. */
  wanted: ReadonlySet<string>
  markerAuthors: readonly string[]
}

async function readOpenTranslations(
  api: GitHubApi,
  { label, wanted, markerAuthors }: Wanted,
  records: CommentRecords
): Promise<ReviewsRead> {
  const name = `${api.repo.owner}/${api.repo.repo}`
  const open = new Map<string, number>()
  let listed
  try {
    listed = await api.labelledOpen(label, LIST_PAGES)
  } catch (error) {
    return { open, unknown: `the open pull requests labelled ${label} in ${name} could not be listed: ${messageOf(error)}` }
  }
  if (listed.cut)
    return {
      open,
      unknown: `more than ${LIST_PAGES * 100} open issues and pull requests are labelled ${label} in ${name}, and only ${LIST_PAGES * 100} were listed`
    }
  // The newest first: a language's last translations pull request is found before its older ones.
  const pulls = listed.filter((issue) => issue.isPull).sort((a, b) => b.number - a.number)
  for (const [index, pull] of pulls.entries()) {
    if ([...wanted].every((code) => open.has(code))) break
    if (index >= MAX_READS)
      return {
        open,
        unknown: `${pulls.length - index} of the ${pulls.length} open pull requests labelled ${label} in ${name} were left unread (at most ${MAX_READS} a run)`
      }
    try {
      for (const code of await translationsOf(api, pull.number, markerAuthors, records)) if (!open.has(code)) open.set(code, pull.number)
    } catch (error) {
      return { open, unknown: `the comments of ${name}#${pull.number} could not be read: ${messageOf(error)}` }
    }
  }
  return { open, unknown: null }
}

/** The languages (lower case) that the signed introductions among a pull request's first 100 comments record. */
async function translationsOf(api: GitHubApi, pull: number, markerAuthors: readonly string[], records: CommentRecords): Promise<string[]> {
  const trusted = await api.firstMarkerComments(pull, markerAuthors)
  return records
    .verified(trusted, recordSubject(api.repo, pull))
    .filter((comment) => jobIdInMarker(comment.records) !== null)
    .flatMap((comment) => readTranslationMarker(comment.records) ?? [])
    .map((code) => code.toLowerCase())
}

/** The report with each language's review: its open pull request where one was found, else `unknown` for a lagging language the reads could not clear. Pure. */
export function withReviews(report: TranslationsReport, read: ReviewsRead): TranslationsReport {
  const lagging = new Set(laggingLanguages(report))
  return {
    ...report,
    languages: report.languages.map((language) => {
      const pull = read.open.get(language.language.toLowerCase())
      const review: Review | null =
        pull !== undefined ? { pull } : read.unknown !== null && lagging.has(language) ? { unknown: read.unknown } : null
      return review ? { ...language, review } : language
    })
  }
}
