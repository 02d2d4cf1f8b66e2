import { isRecord, tryParseJson } from '../../../text.js'
import { type CommitStatus, isCommitStatus } from './docs-record.js'
import { MAX_JUDGED } from './judged.js'

/**
 * The status each docs check wrote last, kept per status context (the key `judged` uses), so that two
 * workflows with their own `status-context` on one pull request never carry each other's state. It rides
 * in a signed marker of its own beside the docs state, whose one `status` stays for earlier versions, which
 * read that state unchanged; a record without this marker (an earlier version's) gives its `status` to
 * every context, as that version did.
 */

/** Every context's status written last, by its key. */
export type ContextStatuses = Readonly<Record<string, CommitStatus>>

const MARKER = /<!-- docs-agent-action:statuses v1 ([A-Za-z0-9_-]{1,16000}) -->/

/** The statuses with `key`'s set to `status` (the newest last; the oldest dropped past `MAX_JUDGED`). */
export function statusesWith(statuses: ContextStatuses, key: string, status: CommitStatus): ContextStatuses {
  const entries = Object.entries(statuses).filter(([known]) => known !== key)
  return Object.fromEntries([...entries, [key, status] as const].slice(-MAX_JUDGED))
}

/** The marker line; '' when there is nothing to keep. */
export function renderStatuses(statuses: ContextStatuses): string {
  const entries = Object.entries(statuses).map(([key, status]) => ({ key, status }))
  if (entries.length === 0 || !entries.every(isEntry)) return ''
  return `<!-- docs-agent-action:statuses v1 ${Buffer.from(JSON.stringify(entries), 'utf8').toString('base64url')} -->`
}

/** The statuses in a comment's records; null without the marker (a record of an earlier version), {} for a malformed one. Never throws. */
export function parseStatuses(records: string): ContextStatuses | null {
  const encoded = MARKER.exec(records)?.[1]
  if (encoded === undefined) return null
  const value = tryParseJson(Buffer.from(encoded, 'base64url').toString('utf8'))
  if (!Array.isArray(value) || value.length > MAX_JUDGED || !value.every(isEntry)) return {}
  return Object.fromEntries(value.map((entry) => [entry.key, entry.status]))
}

/** The status a context carries: its own where the record keeps statuses by context, else the record's one status. */
export function statusOfContext(statuses: ContextStatuses | null, key: string, recordStatus: CommitStatus | null): CommitStatus | null {
  return statuses === null ? recordStatus : (statuses[key] ?? null)
}

function isEntry(value: unknown): value is { key: string; status: CommitStatus } {
  return isRecord(value) && typeof value.key === 'string' && value.key !== '' && value.key.length <= 300 && isCommitStatus(value.status)
}
