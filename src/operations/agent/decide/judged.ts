import { hasExactly, isRecord, tryParseJson } from '../../../text.js'

/**
 * `judged`: the head whose files a docs check last judged, and the base branch it judged them against, kept
 * per status context (or per workflow and job where none is set, since workflows may judge different
 * `paths`). It rides in a signed marker of its own beside the docs state, so earlier versions still read
 * that state unchanged. A pull request is judged by what changed since its judged head, never by one
 * event's files: a run GitHub replaced or cancelled hides nothing from the next.
 */

export interface JudgedHead {
  head: string
  base: string
}

/** Every status context's judged head, by its key. */
export type JudgedHeads = Readonly<Record<string, JudgedHead>>

/** How many keys a record keeps: a few workflows judge one pull request, never dozens. */
export const MAX_JUDGED = 10

const MARKER = /<!-- docs-agent-action:judged v1 ([A-Za-z0-9_-]{1,8000}) -->/
const SHA = /^[0-9a-f]{7,64}$/
// eslint-disable-next-line no-control-regex -- keys and branch names are single lines without control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** The judged heads with `key`'s set to `head` (the newest last; the oldest dropped past `MAX_JUDGED`). */
export function judgedWith(heads: JudgedHeads, key: string, head: JudgedHead): JudgedHeads {
  const entries = Object.entries(heads).filter(([known]) => known !== key)
  return Object.fromEntries([...entries, [key, head] as const].slice(-MAX_JUDGED))
}

/** The marker line; '' when there is nothing to keep, or something that would not read back. */
export function renderJudged(heads: JudgedHeads): string {
  const entries = Object.entries(heads).map(([key, { head, base }]) => ({ key, head, base }))
  if (entries.length === 0 || !entries.every(isEntry)) return ''
  return `<!-- docs-agent-action:judged v1 ${Buffer.from(JSON.stringify(entries), 'utf8').toString('base64url')} -->`
}

/** The judged heads in a comment's records; none for a missing or malformed marker. Never throws. */
export function parseJudged(records: string): JudgedHeads {
  const encoded = MARKER.exec(records)?.[1]
  if (encoded === undefined) return {}
  const value = tryParseJson(Buffer.from(encoded, 'base64url').toString('utf8'))
  if (!Array.isArray(value) || value.length > MAX_JUDGED || !value.every(isEntry)) return {}
  return Object.fromEntries(value.map((entry) => [entry.key, { head: entry.head, base: entry.base }]))
}

function isEntry(value: unknown): value is { key: string; head: string; base: string } {
  return (
    isRecord(value) &&
    hasExactly(value, ['key', 'head', 'base']) &&
    isLine(value.key, 300) &&
    value.key !== '' &&
    typeof value.head === 'string' &&
    SHA.test(value.head) &&
    isLine(value.base, 255)
  )
}

function isLine(value: unknown, limit: number): value is string {
  return typeof value === 'string' && value.length <= limit && !CONTROL.test(value)
}
