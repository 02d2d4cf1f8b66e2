/**
 * Asking the searches again: one search request per term, the most searched first, at most 20, after the
 * analytics sections and outside max-requests. A fault never fails the report: the terms it leaves are
 * `not asked`, and one warning says why.
 */
import { ApiError } from '../../../mintlify/errors.js'
import type { SearchQuery, SearchResult } from '../../../mintlify/search.js'
import { plural } from '../../../markdown.js'
import type { HealthReport } from '../health-report.js'
import type { OperationDeps } from '../../operation.js'
import type { AskAgainInputs } from './inputs.js'
import { answerOf, countAnswers, MAX_TERMS_ASKED, PAGE_SIZE, SCORE_THRESHOLD } from './answers.js'

export interface AskAgainDeps {
  /** One search (`label` names it in messages; the term itself is reader text and is never logged). */
  search: (query: SearchQuery, label: string) => Promise<SearchResult[]>
  log: { info(message: string): void; warning(message: string): void }
  now: () => number
  /** The run's deadline: no search starts after it. */
  deadline: number
  signal: AbortSignal
}

function searches(n: number): string {
  return plural(n, 'search', 'searches')
}

/** A failure after which asking more would only fail again: the key refused, no such site, the hour's searches spent. */
function endsAsking(error: ApiError): boolean {
  return error.status === 401 || error.status === 403 || error.status === 404 || error.status === 429
}

/** The plan's line: what a run asks, said by a dry run too. */
export function askAgainPlanLine(): string {
  return `Then ask again up to ${MAX_TERMS_ASKED} searches that found nothing (search API, pageSize ${PAGE_SIZE}, scoreThreshold ${SCORE_THRESHOLD}; not counted by max-requests).`
}

/**
 * Asks the report's searches without a click again and writes the answers into it: each asked term's
 * `askedAgain`, null for the rest, and the counts. A report without that section asks nothing.
 */
export async function askAgain(report: HealthReport, deps: AskAgainDeps): Promise<void> {
  const terms = report.searchesWithoutClicks?.terms
  if (!terms) return
  terms.forEach((term) => (term.askedAgain = null))
  const asked = terms.slice(0, MAX_TERMS_ASKED)
  const failed: string[] = []
  for (const [index, term] of asked.entries()) {
    const label = `search ${index + 1} of ${asked.length}`
    if (deps.now() >= deps.deadline) {
      deps.log.warning(`The run's timeout is reached: ${searches(asked.length - index)} left are not asked again.`)
      break
    }
    try {
      term.askedAgain = answerOf(await deps.search({ query: term.term, pageSize: PAGE_SIZE, scoreThreshold: SCORE_THRESHOLD }, label))
    } catch (error) {
      // A cancelled workflow ends the run, as it does during the analytics reads.
      if (!(error instanceof ApiError) || deps.signal.aborted) throw error
      if (endsAsking(error)) {
        deps.log.warning(`${error.message} The ${searches(asked.length - index)} left are not asked again.`)
        break
      }
      failed.push(error.message)
    }
  }
  if (failed.length > 0)
    deps.log.warning(`${searches(failed.length)} of ${asked.length} could not be asked again, marked not asked: ${failed[0]}`)
  report.askedAgain = countAnswers(terms)
  const counts = report.askedAgain
  deps.log.info(
    `Asked ${searches(counts.asked)} again (scoreThreshold ${SCORE_THRESHOLD}): ${counts.found} now find a page, ${counts.stillNothing} still find nothing.`
  )
}

/** The step as the report runs it: the search client on the assistant key, on the run's deadline and cancel signal. */
export function askAgainStep(inputs: AskAgainInputs, deps: OperationDeps): (report: HealthReport) => Promise<void> {
  return (report) => {
    const client = deps.searchClient(inputs.assistantKey)
    return askAgain(report, {
      search: (query, label) => client.search(inputs.subdomain, query, label),
      log: deps.log,
      now: () => deps.clock.now(),
      deadline: deps.deadline,
      signal: deps.signal
    })
  }
}
