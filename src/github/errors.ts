import { messageOf } from '../errors.js'
import { unreadableIn, withinCall } from './answers.js'
import { serverText, SERVER_TEXT_LIMIT } from '../mintlify/errors.js'
import { clipText, firstLine } from '../text.js'
import { connectionCauses, connectionFailure, connectionProblem } from '../unreachable.js'

/**
 * A request that got no answer (time limit, cancel). Named AbortError so that Octokit passes it on
 * unchanged instead of dressing it up as an HTTP 500.
 */
export class GitHubUnreachable extends Error {
  override name = 'AbortError'
  constructor(
    message: string,
    readonly cancelled: boolean
  ) {
    super(message)
  }
}

/** A GitHub call that failed; `message` names what was being done, the status and the permission it needs. */
export class GitHubError extends Error {
  /** The permission the token lacks, for a 403. */
  readonly missingPermission: string | null
  /** The token's own account could not be told, so no comment can be trusted as ours. */
  readonly identityUnknown: boolean
  /** Stopped by the workflow's cancel while under way: says nothing about GitHub, so later calls still try. */
  readonly cancelled: boolean
  /** GitHub answered with a body the action cannot read (see answers.ts). */
  readonly unreadable: boolean

  constructor(
    message: string,
    readonly status: number | null,
    details: { missingPermission?: string; identityUnknown?: boolean; cancelled?: boolean; unreadable?: boolean } = {}
  ) {
    super(message)
    this.name = 'GitHubError'
    this.missingPermission = details.missingPermission ?? null
    this.identityUnknown = details.identityUnknown ?? false
    this.cancelled = details.cancelled ?? false
    this.unreadable = details.unreadable ?? false
  }
}

/** Runs one call; its failure becomes a GitHubError saying what was being done and which permission it needs. */
export async function explained<T>(what: string, permission: string | null, call: () => Promise<T>): Promise<T> {
  // Within the call's own context, so that a failure to read an answer names the request it came from.
  return withinCall(async () => {
    try {
      return await call()
    } catch (error) {
      throw describeFailure(what, permission, error)
    }
  })
}

/** The token's identity could not be told: no comment is then trusted as ours. */
export function identityUnknown(error: unknown): GitHubError {
  return new GitHubError(messageOf(error), null, { identityUnknown: true, cancelled: isCancelled(error) })
}

/** What the user reads of a failed call: what was being done, the status, its meaning, the server's words. */
export function describeFailure(what: string, permission: string | null, error: unknown): GitHubError {
  if (error instanceof GitHubUnreachable)
    return new GitHubError(`Could not ${what}: ${error.message}.`, null, { cancelled: error.cancelled })
  if (error instanceof GitHubError) return error
  const response = responseOf(error)
  // Neither Octokit's request error nor a failed fetch (which names its cause): an answer the action could
  // not read, said without internal text.
  if (!response && !isRequestError(error) && !(error instanceof Error && error.cause !== undefined)) {
    const unreadable = unreadableIn(error)
    return new GitHubError(`Could not ${what}: ${unreadable ? unreadable.message : "the action could not use GitHub's answer"}.`, null, {
      unreadable: true
    })
  }
  // Octokit reports a request that never got an answer (DNS, refused) as a 500 without a response.
  if (!response) {
    const cause = error instanceof Error ? causeOf(error) : String(error)
    const problem = connectionProblem(cause)
    const host = requestHost(error)
    if (problem && host)
      return new GitHubError(`Could not ${what}: ${connectionFailure(problem, host, cause)}; ${connectionCauses(host)}.`, null)
    return new GitHubError(`Could not ${what}: the request to GitHub failed (${clipText(cause, SERVER_TEXT_LIMIT)}).`, null)
  }
  const { status } = response
  const header = headerOf(response.headers)
  const said = serverText(
    typeof response.data === 'string' ? response.data : JSON.stringify(response.data ?? ''),
    header('content-type') ?? undefined
  )
  const quoted = said ? ` (server: "${said}")` : ''
  if (status === 403 && permission && !isRateLimited(status, header)) {
    return new GitHubError(
      `Could not ${what}: HTTP 403, the token lacks the '${permission}' permission; add it to the workflow's permissions: block${quoted}.`,
      403,
      { missingPermission: permission }
    )
  }
  return new GitHubError(`Could not ${what}: HTTP ${status}, ${statusMeaning(status, header)}${quoted}.`, status)
}

function statusMeaning(status: number, header: (name: string) => string | null): string {
  if (isRateLimited(status, header)) return "GitHub's rate limit for this token is reached"
  if (status === 401) return 'the token is invalid or expired'
  if (status === 404) return 'GitHub found no such thing, or the token cannot see it'
  if (status === 422) return 'GitHub rejected the request as invalid'
  if (status >= 500) return 'GitHub had a server error'
  return 'an unexpected response'
}

/**
 * 429, or a 403 that is a rate limit rather than a missing permission: GitHub's secondary limits say so
 * with `retry-after`, the primary one with `x-ratelimit-remaining: 0`.
 */
export function isRateLimited(status: number, header: (name: string) => string | null): boolean {
  return status === 429 || (status === 403 && (header('retry-after') !== null || header('x-ratelimit-remaining') === '0'))
}

/** The HTTP status GitHub answered a failed call with; null when no answer came. */
export function statusOf(error: unknown): number | null {
  return responseOf(error)?.status ?? null
}

interface ErrorResponse {
  status: number
  data: unknown
  headers: Record<string, string | number | undefined>
}

/** Octokit's error for a request that failed (an HTTP status, or no answer at all): `HttpError` with a status. */
function isRequestError(error: unknown): boolean {
  return error instanceof Error && error.name === 'HttpError' && typeof (error as { status?: unknown }).status === 'number'
}

function responseOf(error: unknown): ErrorResponse | null {
  const response = (error as { response?: unknown } | null)?.response
  if (!response || typeof response !== 'object' || typeof (response as { status?: unknown }).status !== 'number') return null
  return response as ErrorResponse
}

function headerOf(headers: ErrorResponse['headers']): (name: string) => string | null {
  return (name) => {
    const value = headers[name]
    return value === undefined ? null : String(value)
  }
}

/** The innermost reason a request failed (fetch says only "fetch failed"; its cause names the code). */
function causeOf(error: Error): string {
  const cause: unknown = error.cause
  if (cause instanceof Error) return causeOf(cause)
  const code = (cause as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : firstLine(error.message)
}

/** The host a failed Octokit request went to (its RequestError keeps the request); null when unknown. */
function requestHost(error: unknown): string | null {
  const url = (error as { request?: { url?: unknown } } | null)?.request?.url
  if (typeof url !== 'string') return null
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

function isCancelled(error: unknown): boolean {
  return (error instanceof GitHubError || error instanceof GitHubUnreachable) && error.cancelled
}
