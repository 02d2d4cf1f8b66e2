/**
 * What the track record reads: from GitHub, the agent's merged pull requests (one search) and their files
 * (up to 3 reads of 100 each); from the analytics API, within what max-requests leaves, one
 * `feedback/by-page` a week, newest first, then the assistant's rows once for the whole span.
 */
import { messageOf } from '../../../errors.js'
import type { GitHubApi } from '../../../github/api.js'
import type { Repo } from '../../../github/event.js'
import type { Conversation, PageFeedback } from '../../../mintlify/analytics.js'
import type { DocsApiClient } from '../../../mintlify/client.js'
import { RequestBudgetSpent } from '../../../mintlify/request.js'
import type { ClosedRange } from '../plan.js'
import { normalisePagePath, urlMatcher } from './page-match.js'
import { BY_PAGE_LIMIT, QUESTIONS_LIMIT, type TrackRecordPlan } from './plan.js'
import type { FoundPull } from './pulls.js'
import type { FeedbackWeek, Question, Readings } from './signals.js'
import { isoDate, mondayOf, weekRange } from './weeks.js'

/** Files read per pull request: three pages of GitHub's list. */
export const MAX_PULL_FILES = 300

export interface AgentPullSearch {
  repo: Repo
  label: string
  /** YYYY-MM-DD: merged on or after it. */
  since: string
}

/** The search DESIGN fixes: the repository, merged pull requests, the label, the span. */
export function searchQuery(search: AgentPullSearch): string {
  return `repo:${search.repo.owner}/${search.repo.repo} is:pr is:merged label:"${search.label}" merged:>=${search.since}`
}

/**
 * The agent's merged pull requests with their files: one search, then each one's files. A pull request
 * whose files cannot be read is kept without them (it is then not judged); the first such failure is a
 * warning, the rest go to the log.
 */
export async function findAgentPulls(
  api: GitHubApi,
  search: AgentPullSearch,
  log: { info(message: string): void; warning(message: string): void }
): Promise<{ found: FoundPull[]; totalCount: number }> {
  const { pulls, totalCount } = await api.searchMergedPulls(searchQuery(search))
  const found: FoundPull[] = []
  let warned = false
  for (const pull of pulls) {
    const mergedAt = Date.parse(pull.mergedAt)
    if (!Number.isFinite(mergedAt)) continue
    try {
      const files = await api.pullFileChanges(pull.number, MAX_PULL_FILES)
      found.push({ number: pull.number, url: pull.url, mergedAt, files, filesCut: files.cut || files.length >= MAX_PULL_FILES })
    } catch (error) {
      const message = `${messageOf(error)} Pull request #${pull.number} is left out of the track record.`
      if (warned) log.info(message)
      else log.warning(message)
      warned = true
      found.push({ number: pull.number, url: pull.url, mergedAt, files: null, filesCut: false })
    }
  }
  return { found, totalCount }
}

/** A question row as the track record reads it. */
export type QuestionRow = Pick<Conversation, 'timestamp' | 'responseType' | 'resolutionStatus' | 'pageUrl' | 'sources'>

/** The analytics reads of the track record; `requestsSent` counts every request of the run's client, retries included. */
export interface ImpactSource {
  readonly requestsSent: number
  feedbackWeek(range: ClosedRange): Promise<{ rows: Pick<PageFeedback, 'path' | 'thumbsUp' | 'thumbsDown'>[]; hasMore: boolean }>
  questions(range: ClosedRange, cursor: string | null): Promise<{ rows: QuestionRow[]; nextCursor: string | null }>
}

export function clientImpactSource(client: DocsApiClient, projectId: string): ImpactSource {
  const dates = (range: ClosedRange) => ({ dateFrom: range.from, dateTo: range.to })
  return {
    get requestsSent() {
      return client.requestsSent
    },
    feedbackWeek: (range) => client.getReaderPage('feedback/by-page', projectId, { ...dates(range), limit: BY_PAGE_LIMIT }),
    questions: (range, cursor) => client.getReaderPage('assistant', projectId, { ...dates(range), limit: QUESTIONS_LIMIT, cursor })
  }
}

/**
 * The weeks of `plan` that `budget` (max-requests) still pays for once the other sections are read: each
 * week's thumbs, newest first, then the questions of the whole span. A week not paid for stays absent
 * from the readings ("not fetched"); `complete` says whether every planned week was read for both signals.
 */
export async function readImpactWeeks(
  plan: TrackRecordPlan,
  source: ImpactSource,
  budget: number,
  touched: ReadonlySet<string>
): Promise<{ readings: Readings; complete: boolean }> {
  const readings: Readings = { feedback: new Map(), questions: new Map() }
  const affordable = (): boolean => source.requestsSent < budget
  try {
    for (const monday of plan.weeks) {
      if (!affordable()) break
      readings.feedback.set(monday, feedbackWeek(await source.feedbackWeek(weekRange(monday))))
    }
    if (plan.span) await readQuestions(plan, source, affordable, { readings, touched })
  } catch (error) {
    // The client's own cap (retries count too): what was read stands, the rest is not fetched.
    if (!(error instanceof RequestBudgetSpent)) throw error
  }
  const complete = plan.weeks.every((monday) => readings.feedback.has(monday) && readings.questions.has(monday))
  return { readings, complete }
}

function feedbackWeek(answer: Awaited<ReturnType<ImpactSource['feedbackWeek']>>): FeedbackWeek {
  const thumbs = new Map<string, { up: number; down: number }>()
  for (const row of answer.rows) {
    const path = normalisePagePath(row.path)
    const seen = thumbs.get(path) ?? { up: 0, down: 0 }
    thumbs.set(path, { up: seen.up + row.thumbsUp, down: seen.down + row.thumbsDown })
  }
  return { thumbs, cut: answer.hasMore }
}

/**
 * The assistant's rows of the span, newest first, page after page while the budget lasts, bucketed by
 * week. Stopped early, only the weeks wholly newer than the oldest row read are complete.
 */
async function readQuestions(
  plan: TrackRecordPlan,
  source: ImpactSource,
  affordable: () => boolean,
  into: { readings: Readings; touched: ReadonlySet<string> }
): Promise<void> {
  const span = plan.span
  if (!span) return
  const match = urlMatcher(into.touched)
  const byWeek = new Map<number, Question[]>(plan.weeks.map((monday) => [monday, []]))
  let cursor: string | null = null
  let oldest = Infinity
  let finished = false
  while (affordable()) {
    const page = await source.questions({ from: isoDate(span.from), to: isoDate(span.to) }, cursor)
    for (const row of page.rows) {
      const at = row.timestamp ? Date.parse(row.timestamp) : NaN
      if (!Number.isFinite(at)) continue
      oldest = Math.min(oldest, at)
      // Clarifying turns are not questions.
      if (row.responseType && row.responseType !== 'answer') continue
      byWeek.get(mondayOf(at))?.push({
        start: match(row.pageUrl),
        cites: [...new Set(row.sources.map((source) => match(source.url)).filter((page) => page !== null))],
        unanswered: row.resolutionStatus === 'unanswered'
      })
    }
    cursor = page.nextCursor
    if (cursor === null) {
      finished = true
      break
    }
  }
  for (const [monday, questions] of byWeek) if (finished || monday > oldest) into.readings.questions.set(monday, questions)
}
