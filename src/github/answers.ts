/**
 * GitHub's answers as its REST description defines them, not as the client's types narrow them: a field
 * the description marks nullable or optional is read with its default where it is read, and a field the
 * action cannot do without, missing or of another type, makes the whole answer unreadable. That is one
 * error, `UnreadableAnswer`, which names the request, its status and the field; errors.ts turns it into the
 * sentence the user reads, like every other failed call. No internal error text (a TypeError) ever does.
 */

import { AsyncLocalStorage } from 'node:async_hooks'
import { messageOf } from '../errors.js'

/** The request each answer came from (`GET /repos/o/r/pulls/1/commits`), noted by the transport's hook. */
const requests = new WeakMap<object, string>()
/** The last answer of the call under way (see `withinCall`), for a failure to read it. */
const calls = new AsyncLocalStorage<{ last: Answer | null }>()

/** An answer Octokit handed back: its status, the URL it came from and the parsed body. */
export interface Answer {
  status: number
  url: string
  data: unknown
}

/** GitHub answered, but with a body the action cannot use. */
export class UnreadableAnswer extends Error {
  constructor(
    readonly request: string,
    readonly status: number,
    readonly field: string
  ) {
    super(`GitHub answered ${request} with ${status} and a body the action cannot read (${field})`)
    this.name = 'UnreadableAnswer'
  }
}

/** A field the action cannot do without is missing, null or of another type. */
class MissingField extends Error {
  constructor(readonly field: string) {
    super(field)
  }
}

/** Notes which request an answer came from (method, and the path without the query), as the call's last answer. */
export function noteAnswer(answer: Answer, method: string, requestedUrl: string): void {
  requests.set(answer, `${method.toUpperCase()} ${pathOf(answer.url || requestedUrl)}`)
  const call = calls.getStore()
  if (call) call.last = answer
}

/** Runs one GitHub call, keeping its last answer for `unreadableIn`. */
export function withinCall<T>(call: () => Promise<T>): Promise<T> {
  return calls.run({ last: null }, call)
}

/**
 * An error of the action's own reading code (a TypeError on a field the description allows to be null)
 * told as what it means: the call's last answer could not be read. Null when the call had no answer yet.
 */
export function unreadableIn(error: unknown): UnreadableAnswer | null {
  if (error instanceof UnreadableAnswer) return error
  const last = calls.getStore()?.last
  return last ? unreadable(last, error) : null
}

/** The answer as unreadable: the field `error` names (a missing field's, or the one a TypeError was reading). */
function unreadable(answer: Answer, error: unknown): UnreadableAnswer {
  if (error instanceof UnreadableAnswer) return error
  const field = error instanceof MissingField ? error.field : (/\(reading '([^']+)'\)/.exec(messageOf(error))?.[1] ?? 'an unexpected shape')
  return new UnreadableAnswer(requestOf(answer), answer.status, field)
}

/** The request an answer came from, as noted; its URL's path when nothing was noted. */
export function requestOf(answer: Answer): string {
  return requests.get(answer) ?? `GET ${pathOf(answer.url)}`
}

/**
 * An answer whose body is not JSON (a proxy's page, a cut body): unreadable before any field is read. One
 * asked for as text (`application/vnd.github.sha`: a commit's sha alone) is its caller's to read.
 */
export function checkBody(answer: Answer, accept: unknown): void {
  const { status, data } = answer
  const text = typeof accept === 'string' && accept.includes('vnd.github.sha')
  if (status >= 200 && status < 300 && status !== 204 && status !== 205 && typeof data === 'string' && !text)
    throw new UnreadableAnswer(requestOf(answer), status, 'not JSON')
}

/** `read` applied to the answer's body; a field it needs and cannot find makes the answer unreadable. */
export function readAnswer<A extends Answer, T>(answer: A, read: (data: A['data']) => T): T {
  try {
    return read(answer.data)
  } catch (error) {
    throw unreadable(answer, error)
  }
}

/** A field the action needs: present and not null. */
export function need<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined) throw new MissingField(field)
  return value
}

/** A number the action needs (an id): a finite number. */
export function needNumber(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new MissingField(field)
  return value
}

/** A list the action needs: an array (an object where a list belongs is unreadable). */
export function needList(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new MissingField(field)
  return value as unknown[]
}

/** A text field the description marks nullable or optional: '' when absent. */
export function textOr(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://github.invalid').pathname
  } catch {
    return url.split('?')[0] ?? url
  }
}
