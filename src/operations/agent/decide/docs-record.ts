import { hasExactly, isRecord, tryParseJson } from '../../../text.js'
import type { ShownHead } from '../../../trust/gate.js'
import { compare, inWritingOrder, type Placed } from '../../../trust/record-order.js'
import { plainLine } from './plain-text.js'
import { MAX_SKIP_REASON } from './skip-command.js'

/**
 * A code pull request's docs state, kept in a hidden marker of a comment the token's identity wrote
 * there (its sticky status comment, or the reply to a `/docs skip`), so the next run on the pull
 * request, whichever workflow it is, knows the agent's pull request, the last status and any skip.
 */

export type CommitState = 'pending' | 'success' | 'failure' | 'error'
const COMMIT_STATES: readonly CommitState[] = ['pending', 'success', 'failure', 'error']

/** A commit status as GitHub takes it: a state, a plain-text description (140 characters at most), a link. */
export interface CommitStatus {
  state: CommitState
  description: string
  targetUrl: string | null
}

/** The agent's pull request: `owner/name` and its number. */
export interface AgentPull {
  repository: string
  number: number
}

/** A maintainer's `/docs skip`: who, why ('' for no reason), when (ISO 8601), and the head it was given on. */
export interface DocsSkip {
  login: string
  reason: string
  at: string
  sha: string
}

export interface DocsRecord {
  /** The agent's pull request, once a job yielded one. */
  agentPull: AgentPull | null
  /** The last job started for the pull request. */
  jobId: string | null
  /** The commit status written last, carried to the next commit when no job runs. */
  status: CommitStatus | null
  skip: DocsSkip | null
  /** A fork's pull request: the heads shown as waiting for a maintainer, oldest first (the newest `MAX_SHOWN`). */
  shown: ShownHead[]
}

export const EMPTY_RECORD: DocsRecord = { agentPull: null, jobId: null, status: null, skip: null, shown: [] }

/**
 * How many shown heads a record keeps: a maintainer's command is judged against the newest shown before it,
 * and runs of one pull request follow each other, so only the last few can still be that one.
 */
export const MAX_SHOWN = 5

/** Status descriptions are cut by GitHub at 140 characters; the record keeps them as written. */
export const MAX_DESCRIPTION = 140

const MARKER = /<!-- docs-agent-action:docs-state v1 ([A-Za-z0-9_-]{1,20000}) -->/

/**
 * The record as a marker line. The record travels as base64url-encoded JSON, whose letters cannot end
 * the HTML comment or reach the rendered comment, whatever a reason or description says. Texts are
 * put on one line and cut to their limits first, so what is rendered always reads back. Null for a
 * record that could not read back exactly (an id or a link GitHub and the API would not give).
 */
export function renderRecord(record: DocsRecord): string | null {
  const { agentPull, jobId, status, skip, shown } = record
  const tidy: DocsRecord = {
    agentPull: agentPull && { repository: agentPull.repository, number: agentPull.number },
    jobId,
    status: status && {
      state: status.state,
      description: plainLine(status.description, MAX_DESCRIPTION),
      targetUrl: status.targetUrl
    },
    skip: skip && { login: skip.login, reason: plainLine(skip.reason, MAX_SKIP_REASON), at: skip.at, sha: skip.sha },
    shown: shown.slice(-MAX_SHOWN).map((head) => ({ sha: head.sha, at: head.at }))
  }
  if (!asDocsRecord(tidy)) return null
  return `<!-- docs-agent-action:docs-state v1 ${Buffer.from(JSON.stringify(tidy), 'utf8').toString('base64url')} -->`
}

/** The record in a comment's body; null without one, or for anything malformed. Never throws. */
export function parseRecord(body: string): DocsRecord | null {
  const encoded = MARKER.exec(body)?.[1]
  if (encoded === undefined) return null
  return asDocsRecord(tryParseJson(Buffer.from(encoded, 'base64url').toString('utf8')))
}

/** A comment on the code pull request, as GitHub lists it, with the sequence its verified records carry. */
export interface RecordComment extends Placed {
  author: string
  body: string
  /** ISO 8601, as GitHub gives `created_at` and `updated_at`. */
  createdAt: string
  updatedAt: string | null
}

/**
 * The newest record among the comments the token's identity wrote (`identity`, compared as GitHub
 * compares logins); a marker in anyone else's comment is ignored, since anyone can type one. Newest as
 * the records were written (record-order.ts: by their signed sequence and time, never GitHub's times);
 * among records of earlier versions, which carry no sequence, as those versions took them: by the time a
 * comment was last written (a sticky comment is updated in place), on a tie the later comment in the
 * list. Null when none holds a readable record.
 */
export function newestRecord(comments: readonly RecordComment[], identity: string): DocsRecord | null {
  return newestRecordIn(comments, identity)?.record ?? null
}

/** The newest record with the records of the comment that holds it (what else it keeps: `judged`). */
export function newestRecordIn(comments: readonly RecordComment[], identity: string): { record: DocsRecord; records: string } | null {
  const own = identity.toLowerCase()
  const mine = comments.filter((comment) => own !== '' && comment.author.toLowerCase() === own)
  for (const comment of inWritingOrder(mine, (a, b) => compare(writtenAt(a), writtenAt(b))).reverse()) {
    const record = parseRecord(comment.body)
    if (record) return { record, records: comment.body }
  }
  return null
}

function writtenAt(comment: RecordComment): number {
  const time = Date.parse(comment.updatedAt ?? comment.createdAt)
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time
}

/** What a run does to the record besides writing its own status and job. */
export type RecordUpdate =
  | { kind: 'keep' }
  | { kind: 'set-skip'; skip: DocsSkip }
  | { kind: 'clear-skip' }
  /** A fork's head shown as waiting for a maintainer (again, when it already was: its first time stays). */
  | { kind: 'show-head'; head: ShownHead }

/** The record after an update; null stays null unless the update gives it something to hold. */
export function updateRecord(record: DocsRecord | null, update: RecordUpdate): DocsRecord | null {
  switch (update.kind) {
    case 'keep':
      return record
    case 'set-skip':
      return { ...(record ?? EMPTY_RECORD), skip: update.skip }
    case 'clear-skip':
      return record && { ...record, skip: null }
    case 'show-head': {
      const base = record ?? EMPTY_RECORD
      if (base.shown.at(-1)?.sha === update.head.sha) return base
      return { ...base, shown: [...base.shown, update.head].slice(-MAX_SHOWN) }
    }
  }
}

/** The record with the given fields changed (a run's job, its agent pull request, the status it wrote). */
export function recordWith(record: DocsRecord | null, change: Partial<DocsRecord>): DocsRecord {
  return { ...(record ?? EMPTY_RECORD), ...change }
}

const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/
const JOB_ID = /^[A-Za-z0-9._:-]{1,120}$/
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/
// eslint-disable-next-line no-control-regex -- a record's texts are single lines without control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** A record from untyped JSON, only when every field is exactly as `renderRecord` writes it. */
function asDocsRecord(value: unknown): DocsRecord | null {
  if (!isRecord(value) || !hasExactly(value, ['agentPull', 'jobId', 'status', 'skip', 'shown'])) return null
  const { agentPull, jobId, status, skip, shown } = value
  const ok =
    (agentPull === null || isAgentPull(agentPull)) &&
    (jobId === null || (typeof jobId === 'string' && JOB_ID.test(jobId))) &&
    (status === null || isCommitStatus(status)) &&
    (skip === null || isSkip(skip)) &&
    Array.isArray(shown) &&
    shown.length <= MAX_SHOWN &&
    shown.every(isShownHead)
  return ok ? (value as unknown as DocsRecord) : null
}

function isAgentPull(value: unknown): value is AgentPull {
  return (
    isRecord(value) &&
    hasExactly(value, ['repository', 'number']) &&
    typeof value.repository === 'string' &&
    REPOSITORY.test(value.repository) &&
    Number.isSafeInteger(value.number) &&
    (value.number as number) > 0
  )
}

export function isCommitStatus(value: unknown): value is CommitStatus {
  return (
    isRecord(value) &&
    hasExactly(value, ['state', 'description', 'targetUrl']) &&
    COMMIT_STATES.includes(value.state as CommitState) &&
    isLine(value.description, MAX_DESCRIPTION) &&
    (value.targetUrl === null || isWebLink(value.targetUrl))
  )
}

function isShownHead(value: unknown): value is ShownHead {
  return isRecord(value) && hasExactly(value, ['sha', 'at']) && isSha(value.sha) && typeof value.at === 'string' && isIsoTime(value.at)
}

function isSha(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{7,64}$/.test(value)
}

function isSkip(value: unknown): value is DocsSkip {
  return (
    isRecord(value) &&
    hasExactly(value, ['login', 'reason', 'at', 'sha']) &&
    (value.sha === '' || isSha(value.sha)) &&
    typeof value.login === 'string' &&
    LOGIN.test(value.login) &&
    isLine(value.reason, MAX_SKIP_REASON) &&
    typeof value.at === 'string' &&
    isIsoTime(value.at)
  )
}

function isLine(value: unknown, limit: number): value is string {
  return typeof value === 'string' && value.length <= limit && !CONTROL.test(value)
}

function isWebLink(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2048 || !URL.canParse(value)) return false
  const { protocol } = new URL(value)
  return protocol === 'https:' || protocol === 'http:'
}

function isIsoTime(text: string): boolean {
  const time = Date.parse(text)
  return !Number.isNaN(time) && new Date(time).toISOString() === text
}
