import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { type Sequence, sequenceMarker, withoutSequence } from './record-order.js'

/**
 * Records the action keeps in its comments (the job marker and its origin, the docs state, any later
 * kind) are signed, so that editing one of the action's comments forges nothing: an HMAC-SHA256 of
 * every record in the comment and of the issue or pull request it is about, under a key derived from
 * the API key, rides in a hidden marker of its own. Only someone holding the API key can write a record
 * that verifies, and a record copied to another issue or pull request does not.
 */

/** HKDF's `info`: a key for this purpose alone, never the API key itself. */
const RECORD_KEY_INFO = 'docs-agent-action record v1'
const KEY_BYTES = 32
/** The signature is HMAC-SHA256 cut to 128 bits: forging one still takes 2^128 tries. */
const SIGNATURE_BYTES = 16

/** How a record key shows itself anywhere it is printed, logged or serialised. */
const SHOWN_AS = '[record key]'

/**
 * The key records are signed with. Opaque: its bytes live in a private field, and every way of turning
 * it into text (`String`, JSON, `util.inspect`, a template) shows only `[record key]`.
 */
class RecordKey {
  readonly #bytes: Buffer

  constructor(bytes: Buffer) {
    this.#bytes = bytes
  }

  /** HMAC-SHA256 of `text`, cut to 128 bits. */
  sign(text: string): Buffer {
    return createHmac('sha256', this.#bytes).update(text, 'utf8').digest().subarray(0, SIGNATURE_BYTES)
  }

  toString(): string {
    return SHOWN_AS
  }

  toJSON(): string {
    return SHOWN_AS
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return SHOWN_AS
  }
}

export type { RecordKey }

/** HKDF-SHA256 (RFC 5869): the derivation `recordKey` uses, apart so that it is tested against the RFC's vectors. */
export function hkdfSha256(secret: Uint8Array, salt: Uint8Array, info: Uint8Array, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, salt, info, length))
}

/** The record key of an API key: HKDF-SHA256 with an empty salt and the info `docs-agent-action record v1`, 32 bytes. */
export function recordKey(apiKey: string): RecordKey {
  return new RecordKey(hkdfSha256(Buffer.from(apiKey, 'utf8'), Buffer.alloc(0), Buffer.from(RECORD_KEY_INFO, 'utf8'), KEY_BYTES))
}

/** The issue or pull request a comment is on, which its records are about. */
export interface RecordSubject {
  /** `owner/name`; compared without letter case, as GitHub names repositories. */
  repository: string
  number: number
}

/**
 * Every hidden marker of the action: `<!-- docs-agent-action:<kind> … -->` on one line. Every kind is a
 * record except the two below, so a kind added later is signed and verified with no change here.
 */
const MARKER = /<!-- docs-agent-action:([a-z][a-z0-9-]*)(?: [^\n]*?)? -->/g
/** The sticky comment's marker only says which comment to update: no record. */
const STATUS_KIND = 'status'
const SIGNATURE_KIND = 'signature'
const SIGNATURE = /^<!-- docs-agent-action:signature v1 ([0-9a-f]{32}) -->$/

interface Markers {
  /** The record markers, in the order they stand in the body. */
  records: string[]
  signatures: string[]
}

function markersOf(body: string): Markers {
  const found: Markers = { records: [], signatures: [] }
  for (const [marker, kind] of body.matchAll(MARKER)) {
    if (kind === SIGNATURE_KIND) found.signatures.push(marker)
    else if (kind !== STATUS_KIND) found.records.push(marker)
  }
  return found
}

/** What is signed: the subject and the records, as JSON, so no part can run into the next. */
function signatureOf(records: readonly string[], key: RecordKey, about: RecordSubject): Buffer {
  return key.sign(JSON.stringify([about.repository.toLowerCase(), about.number, ...records]))
}

/** Whether `body` holds a record to sign (a sequence alone is none: it only places the records beside it). */
export function carriesRecords(body: string): boolean {
  return markersOf(withoutSequence(body)).records.length > 0
}

/**
 * The body with its records signed for `about`: a signature marker at its end, replacing any the body
 * had (re-sealing an edited comment signs what it now holds). With a `sequence`, its marker goes just
 * before the signature, replacing any the body had, and is signed with the rest. A body without records
 * is returned as it is.
 */
export function sealRecords(body: string, key: RecordKey, about: RecordSubject, sequence: Sequence | null = null): string {
  if (!carriesRecords(body)) return body
  const unsigned = (sequence ? withoutSequence(body) : body).replace(/\n?<!-- docs-agent-action:signature(?: [^\n]*?)? -->/g, '')
  const stamped = sequence ? `${unsigned}${unsigned.endsWith('\n') ? '' : '\n'}${sequenceMarker(sequence)}` : unsigned
  const signature = `<!-- docs-agent-action:${SIGNATURE_KIND} v1 ${signatureOf(markersOf(stamped).records, key, about).toString('hex')} -->`
  return `${stamped}${stamped.endsWith('\n') ? '' : '\n'}${signature}`
}

/**
 * The records of a comment, when they were signed with `key` for `about`. `verified` hands back the
 * records alone, one a line: all a reader may read, so nothing written beside them counts. `rejected`:
 * records without exactly one well-formed signature that verifies (an edit, another key, another issue
 * or pull request, or a comment written before records were signed). `none`: no record to read.
 */
export type SignedRecords = { kind: 'none' } | { kind: 'verified'; body: string } | { kind: 'rejected' }

export function readSignedRecords(body: string, key: RecordKey, about: RecordSubject): SignedRecords {
  const { records, signatures } = markersOf(body)
  if (records.length === 0) return { kind: 'none' }
  const [only, ...more] = signatures
  const written = only === undefined || more.length > 0 ? undefined : SIGNATURE.exec(only)?.[1]
  if (written === undefined) return { kind: 'rejected' }
  // Constant time: how much of a guessed signature matched must not show in how long the check took.
  const matches = timingSafeEqual(Buffer.from(written, 'hex'), signatureOf(records, key, about))
  return matches ? { kind: 'verified', body: records.join('\n') } : { kind: 'rejected' }
}
