import { hasExactly, isRecord, tryParseJson } from '../../text.js'
import { FINGERPRINT_LENGTH } from './fingerprint.js'

/**
 * The rounds of `fix-checks` on the agent's pull request, kept in a hidden marker of the action's comment
 * there: the heads already answered (by a round or a hand-over), and the rounds sent since the budget was
 * last started, each with its head and its failures' fingerprint. A signature is added beside it by the
 * records' sealing; this module only renders and reads the marker.
 */
export interface RoundsRecord {
  /** Heads answered, oldest first (at most MAX_HEADS): a second wake-up for one of them finds it done. */
  heads: string[]
  /** Rounds sent since the budget started, oldest first. */
  rounds: Round[]
}

export interface Round {
  head: string
  fingerprint: string
}

export const EMPTY_ROUNDS: RoundsRecord = { heads: [], rounds: [] }

/** Enough for any budget and many heads, and a record that stays small. */
export const MAX_HEADS = 50
export const MAX_ROUNDS = 20

const MARKER = /<!-- docs-agent-action:fix-checks v1 ([A-Za-z0-9_-]{1,8000}) -->/
/** A commit: 40 hex digits (SHA-1), or 64 (SHA-256 repositories). */
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/
const FINGERPRINT = new RegExp(`^[0-9a-f]{${FINGERPRINT_LENGTH}}$`)

/**
 * The record as a marker line: base64url-encoded JSON, whose letters cannot end the HTML comment. The
 * oldest heads and rounds beyond the limits are dropped first. Null for a record that would not read back
 * exactly (a head or fingerprint the action would not write).
 */
export function renderRoundsRecord(record: RoundsRecord): string | null {
  const tidy: RoundsRecord = {
    heads: record.heads.slice(-MAX_HEADS),
    rounds: record.rounds.slice(-MAX_ROUNDS).map(({ head, fingerprint }) => ({ head, fingerprint }))
  }
  if (!readRoundsRecord(tidy)) return null
  return `<!-- docs-agent-action:fix-checks v1 ${Buffer.from(JSON.stringify(tidy), 'utf8').toString('base64url')} -->`
}

/** The record in a comment's body; null without one, or for anything malformed. Never throws. */
export function parseRoundsRecord(body: string): RoundsRecord | null {
  const encoded = MARKER.exec(body)?.[1]
  if (encoded === undefined) return null
  return readRoundsRecord(tryParseJson(Buffer.from(encoded, 'base64url').toString('utf8')))
}

/** After a round sent for `head`: the head answered and the round counted. */
export function withRound(record: RoundsRecord, round: Round): RoundsRecord {
  return { heads: addHead(record.heads, round.head), rounds: [...record.rounds, round] }
}

/** After handing `head` over to people: answered, and no round counted. */
export function withHandOver(record: RoundsRecord, head: string): RoundsRecord {
  return { ...record, heads: addHead(record.heads, head) }
}

/**
 * A permitted person's `/docs` on the pull request starts a fresh budget: the rounds are forgotten, the
 * heads answered are not (a head already answered is not answered twice).
 */
export function withFreshBudget(record: RoundsRecord): RoundsRecord {
  return { ...record, rounds: [] }
}

function addHead(heads: readonly string[], head: string): string[] {
  return [...heads.filter((known) => known !== head), head]
}

/** A record from untyped JSON, only when every field is exactly as `renderRoundsRecord` writes it. */
function readRoundsRecord(value: unknown): RoundsRecord | null {
  if (!isRecord(value) || !hasExactly(value, ['heads', 'rounds'])) return null
  const { heads, rounds } = value
  const ok =
    Array.isArray(heads) &&
    heads.length <= MAX_HEADS &&
    heads.every(isSha) &&
    Array.isArray(rounds) &&
    rounds.length <= MAX_ROUNDS &&
    rounds.every(isRound)
  return ok ? (value as unknown as RoundsRecord) : null
}

function isRound(value: unknown): value is Round {
  return (
    isRecord(value) &&
    hasExactly(value, ['head', 'fingerprint']) &&
    isSha(value.head) &&
    typeof value.fingerprint === 'string' &&
    FINGERPRINT.test(value.fingerprint)
  )
}

function isSha(value: unknown): value is string {
  return typeof value === 'string' && SHA.test(value)
}
