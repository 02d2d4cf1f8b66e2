import { hasExactly, isRecord, tryParseJson } from '../../text.js'

/**
 * The sweep's own state on one agent pull request, kept in a hidden marker of its sticky comment there
 * (signed beside it by the records' sealing, as every record): the base heads it sent a conflict follow-up
 * for, when it last wrote a stale comment, and whether the orphan and superseded notes were written. So a
 * sweep an hour later writes nothing new.
 */
export interface SweepRecord {
  /** Base commits a conflict follow-up was sent for, oldest first (at most MAX_BASES). */
  followedUp: string[]
  /** When the last stale comment was written (ISO 8601); null: never. */
  staleAt: string | null
  orphanNoted: boolean
  supersededNoted: boolean
}

/** What one write of the sweep changes in the record, once GitHub (or the docs API) took it. */
export type RecordChange =
  { kind: 'followed-up'; base: string } | { kind: 'stale'; at: string } | { kind: 'orphan-noted' } | { kind: 'superseded-noted' }

export const EMPTY_SWEEP_RECORD: SweepRecord = { followedUp: [], staleAt: null, orphanNoted: false, supersededNoted: false }

/** Plenty of base moves for one pull request, and a record that stays small. */
const MAX_BASES = 20
const KEYS = ['followedUp', 'staleAt', 'orphanNoted', 'supersededNoted']
const MARKER = /<!-- docs-agent-action:sweep v1 ([A-Za-z0-9_-]{1,4000}) -->/
/** A commit: 40 hex digits (SHA-1), or 64 (SHA-256 repositories). */
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/

/** The record as a marker line (base64url JSON, whose letters cannot end the HTML comment); null for one that would not read back. */
export function renderSweepRecord(record: SweepRecord): string | null {
  const tidy: SweepRecord = { ...record, followedUp: record.followedUp.slice(-MAX_BASES) }
  if (!readSweepRecord(tidy)) return null
  return `<!-- docs-agent-action:sweep v1 ${Buffer.from(JSON.stringify(tidy), 'utf8').toString('base64url')} -->`
}

/** The record in a comment's verified records; null without one, or for anything malformed. Never throws. */
export function parseSweepRecord(records: string): SweepRecord | null {
  const encoded = MARKER.exec(records)?.[1]
  if (encoded === undefined) return null
  return readSweepRecord(tryParseJson(Buffer.from(encoded, 'base64url').toString('utf8')))
}

export function withChange(record: SweepRecord, change: RecordChange): SweepRecord {
  switch (change.kind) {
    case 'followed-up':
      return { ...record, followedUp: [...record.followedUp.filter((base) => base !== change.base), change.base] }
    case 'stale':
      return { ...record, staleAt: change.at }
    case 'orphan-noted':
      return { ...record, orphanNoted: true }
    case 'superseded-noted':
      return { ...record, supersededNoted: true }
  }
}

function readSweepRecord(value: unknown): SweepRecord | null {
  if (!isRecord(value) || !hasExactly(value, KEYS)) return null
  const { followedUp, staleAt, orphanNoted, supersededNoted } = value
  const ok =
    Array.isArray(followedUp) &&
    followedUp.length <= MAX_BASES &&
    followedUp.every((base) => typeof base === 'string' && SHA.test(base)) &&
    (staleAt === null || (typeof staleAt === 'string' && TIME.test(staleAt))) &&
    typeof orphanNoted === 'boolean' &&
    typeof supersededNoted === 'boolean'
  return ok ? (value as unknown as SweepRecord) : null
}
