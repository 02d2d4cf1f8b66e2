import type { getOctokit } from '@actions/github'
import { type Clock, type Random, systemTimer, type Timer } from '../clock.js'
import { formatDuration } from '../duration.js'
import { decideRetry, type Failure, isRetryableStatus, parseRetryAfter } from '../retry.js'
import { checkBody, noteAnswer } from './answers.js'
import { GitHubUnreachable, isRateLimited } from './errors.js'

/**
 * How this action reaches GitHub, in one place: the client Octokit is, and the fetch under it with each
 * request's time limit, its retries, the rate-limit waits and the stop on cancel. No other file thinks
 * about transport.
 */

export type Octokit = ReturnType<typeof getOctokit>

/** Each GitHub call gets this long, as each docs API request does. */
const REQUEST_TIMEOUT_MS = 30_000
/**
 * Once the run is cancelled, or past its deadline, the last calls (the final comment) get only this long:
 * exit is due in 5 s, and the timeout the user set is not to be overrun by more.
 */
const LAST_WORDS_MS = 2_500
/** Connection failures where nothing reached GitHub, so even a comment creation may be sent again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
/**
 * POSTs that are safe to send twice: the GraphQL identity query (a read), a commit status (the latest
 * per context wins), requested reviewers (asking again for the same reviewers changes nothing), added
 * labels (a label already on it stays once) and a git reference (GitHub creates a name once: a second
 * creation answers "Reference already exists", which the spend ledger counts as refused).
 */
const REPEATABLE_POSTS = [
  /\/graphql$/,
  /\/statuses\/[^/]+$/,
  /\/pulls\/\d+\/requested_reviewers$/,
  /\/issues\/\d+\/labels$/,
  /\/git\/refs$/
]

export interface GitHubConnection {
  /** The workflow's cancel: requests under way stop, and no retry follows. */
  cancel: AbortSignal
  clock: Clock
  random: Random
  /** Epoch ms when the run's timeout ends: no request waits, nor retries, past it. */
  deadline: number
  /** Told about each retry, with the reason and the wait. */
  onRetry?: (message: string) => void
  /**
   * The runner's GITHUB_API_URL, passed explicitly: the toolkit reads it once when it is loaded, which a
   * local runner or a GitHub Enterprise Server set-up may do too late.
   */
  apiUrl: string
  /** The last check on what leaves for GitHub: every request body passes through it. */
  clean: (text: string) => string
  /** The HTTP fetch; default: the toolkit's, which follows the runner's proxy settings. */
  fetch?: typeof globalThis.fetch
  /** What times each request out; default the system timer. A test passes one on its virtual clock. */
  timer?: Timer
}

/**
 * A GET of a URL GitHub redirected to (a job log's signed download), through the same fetch as every call
 * (time limits, retries, cancel) but without the token: the URL carries its own signature, and the token
 * is for GitHub alone.
 */
export type SignedDownload = (url: string) => Promise<Response>

/** Octokit, and the fetch of signed downloads, over one connection to GitHub. */
export interface GitHubClient {
  octokit: Octokit
  download: SignedDownload
}

/**
 * Octokit on this connection, loaded on first need only: it is most of the bundle's start-up cost, and
 * many runs never talk to GitHub.
 */
export async function connectOctokit(token: string, connection: GitHubConnection): Promise<GitHubClient> {
  const [{ getOctokit }, { defaults }] = await Promise.all([import('@actions/github'), import('@actions/github/lib/utils')])
  // Every request, pagination pages included, goes through this fetch: the runner's proxy settings
  // (the toolkit's fetch) plus time limits, retries and a stop on cancel.
  // The toolkit types `request` options loosely (`any`); its fetch is the standard one.
  const baseFetch = connection.fetch ?? (defaults.request?.fetch as typeof globalThis.fetch | undefined) ?? globalThis.fetch
  const cleanFetch: typeof globalThis.fetch = (url, init) =>
    baseFetch(url, typeof init?.body === 'string' ? { ...init, body: connection.clean(init.body) } : init)
  const fetch = patientFetch(cleanFetch, connection)
  const octokit = getOctokit(token, { baseUrl: connection.apiUrl.replace(/\/+$/, ''), request: { fetch } })
  // Each answer is noted with its request, so that one the action cannot read is named; a body that is not JSON is unreadable at once.
  octokit.hook.after('request', (answer, options) => {
    noteAnswer(answer, options.method, options.url)
    checkBody(answer, options.headers.accept)
  })
  return { octokit, download: (url) => fetch(url, { method: 'GET' }) }
}

/** How long GitHub asks to wait: `retry-after` (seconds or a date), else the reset time of an exhausted limit. */
export function gitHubRetryAfter(header: (name: string) => string | null, now: number): number | null {
  const asked = parseRetryAfter(header('retry-after') ?? undefined, now)
  if (asked !== null) return asked
  const reset = Number(header('x-ratelimit-reset'))
  if (header('x-ratelimit-remaining') !== '0' || !Number.isFinite(reset) || reset <= 0) return null
  return Math.max(0, reset * 1000 - now)
}

/** What one attempt ended with: an answer to hand to Octokit, or a failure that may be retried. */
type Attempt = { response: Response; failure: Failure | null } | { error: Error; failure: Failure | null }

/**
 * The fetch Octokit uses: each attempt bounded by 30 s and by the run's deadline, retried so that no write
 * is ever made twice. Reads and updates (GET, PATCH, DELETE, and the repeatable POSTs above) are retried on
 * network errors, the answers `isRetryableStatus` names (408, 429, every 5xx but 501) and rate-limit
 * 403s; a comment creation (POST) only when nothing was sent or GitHub answered 429, because a repeated
 * POST after a lost answer would post the comment twice.
 */
function patientFetch(baseFetch: typeof globalThis.fetch, connection: GitHubConnection): typeof globalThis.fetch {
  const { cancel, clock, deadline } = connection
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = new URL(url instanceof Request ? url.url : url).pathname
    const idempotent = method !== 'POST' || REPEATABLE_POSTS.some((post) => post.test(path))
    for (let attempt = 1; ; attempt++) {
      const outcome = await attemptOnce(baseFetch, url, init, connection)
      const { failure } = outcome
      const decision =
        failure && !cancel.aborted
          ? decideRetry({ idempotent, attempt, failure, remainingMs: deadline - clock.now(), random: connection.random() })
          : null
      if (!failure || !decision?.retry) {
        if ('error' in outcome) throw outcome.error
        return outcome.response
      }
      if ('response' in outcome) await outcome.response.body?.cancel()
      connection.onRetry?.(
        `GitHub ${method} ${path} failed (${failureText(failure)}); retrying in ${formatDuration(decision.delayMs)} (attempt ${attempt + 1}).`
      )
      await clock.sleep(decision.delayMs, cancel)
      if (cancel.aborted) throw new GitHubUnreachable('the workflow was cancelled', true)
    }
  }
}

async function attemptOnce(
  baseFetch: typeof globalThis.fetch,
  url: Parameters<typeof globalThis.fetch>[0],
  init: RequestInit | undefined,
  connection: GitHubConnection
): Promise<Attempt> {
  const { cancel, clock, deadline } = connection
  const limitMs = cancel.aborted ? LAST_WORDS_MS : Math.max(LAST_WORDS_MS, Math.min(REQUEST_TIMEOUT_MS, deadline - clock.now()))
  const timeout = (connection.timer ?? systemTimer)(limitMs)
  try {
    const response = await baseFetch(url, { ...init, signal: cancel.aborted ? timeout : AbortSignal.any([cancel, timeout]) })
    const header = (name: string): string | null => response.headers.get(name)
    const retryable = isRetryableStatus(response.status) || isRateLimited(response.status, header)
    // A rate-limit 403 is retried as the 429 it means.
    const status = response.status === 403 && retryable ? 429 : response.status
    return { response, failure: retryable ? { type: 'status', status, retryAfterMs: gitHubRetryAfter(header, clock.now()) } : null }
  } catch (error) {
    if (timeout.aborted) {
      return {
        error: new GitHubUnreachable(`no response from GitHub within ${formatDuration(limitMs)}`, false),
        failure: { type: 'network', sent: true }
      }
    }
    if (cancel.aborted)
      return { error: new GitHubUnreachable('the workflow was cancelled while the request was under way', true), failure: null }
    const code = errorCode(error)
    return {
      error: error instanceof Error ? error : new Error(String(error)),
      failure: { type: 'network', sent: code === null || !NOT_SENT_CODES.has(code) }
    }
  }
}

function errorCode(error: unknown): string | null {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return null
}

function failureText(failure: Failure): string {
  if (failure.type === 'status') return `HTTP ${failure.status}`
  return failure.type === 'network' ? 'no answer' : 'an unreadable answer'
}
