/**
 * The order in which the action's records were written, told only by what is signed: GitHub's times
 * (`updated_at` moves with any edit of a comment, a cosmetic one included) decide nothing. Every record
 * written carries, in a marker kind of its own signed with the rest, a sequence number above the highest
 * the run read for that issue or pull request and at least the current time in seconds, and the time the
 * run wrote it. Earlier versions
 * sign and read that marker like any record, so they still verify the comment and read its record unchanged.
 */

/** A record's place: its sequence number (1 for the first) and the time it was written (ISO 8601, UTC, ms). */
export interface Sequence {
  number: number
  at: string
}

const KIND = 'seq'
const MARKERS = /<!-- docs-agent-action:seq(?: [^\n]*?)? -->/g
const WELL_FORMED = /^<!-- docs-agent-action:seq ([1-9][0-9]{0,15}) ([0-9T:.Z-]{24}) -->$/

/** The marker of a sequence: `<!-- docs-agent-action:seq <n> <time> -->`. */
export function sequenceMarker(sequence: Sequence): string {
  return `<!-- docs-agent-action:${KIND} ${sequence.number} ${sequence.at} -->`
}

/** `body` without its sequence markers: a comment written again gets the sequence of that writing. */
export function withoutSequence(body: string): string {
  return body.replace(new RegExp(`\\n?${MARKERS.source}`, 'g'), '')
}

/**
 * The sequence among a comment's verified records (one a line); null without one: a record of an earlier
 * version, which counts as 0. A marker that is not exactly one well-formed sequence counts as none too.
 */
export function sequenceOf(records: string): Sequence | null {
  const markers = records.match(MARKERS) ?? []
  const [, number, at] = markers.length === 1 ? (WELL_FORMED.exec(markers[0] ?? '') ?? []) : []
  if (number === undefined || at === undefined || !isIsoTime(at)) return null
  return Number.isSafeInteger(Number(number)) ? { number: Number(number), at } : null
}

/** What the order reads of a comment holding records: its sequence (null: none) and its id on GitHub. */
export interface Placed {
  sequence: Sequence | null
  id: number
}

/**
 * The comments in the order their records were written, oldest first, the newest last: by sequence; on
 * a tie (two runs that read the same record) by the later signed time; on equal times by the higher
 * comment id. Records without a sequence count as 0 and keep the order earlier versions gave them among
 * themselves: `legacy` (default: the order given, which is the comments' order on GitHub).
 */
export function inWritingOrder<Comment extends Placed>(
  comments: readonly Comment[],
  legacy: (a: Comment, b: Comment) => number = () => 0
): Comment[] {
  // Array sort is stable: comments the order cannot tell apart keep the order they were given in.
  return [...comments].sort((a, b) => {
    const [first, second] = [a.sequence, b.sequence]
    if (first === null || second === null) return first === second ? legacy(a, b) : first === null ? -1 : 1
    return compare(first.number, second.number) || compare(Date.parse(first.at), Date.parse(second.at)) || compare(a.id, b.id)
  })
}

/**
 * The sequence number of a record written now: above the highest the run read, and at least the current
 * time in whole seconds, so that a record written later outranks one written earlier even when the run
 * could not read it (a record buried under 1,000 newer comments, brought back when they are deleted).
 */
export function nextSequence(highestRead: number, nowMs: number): number {
  return Math.max(highestRead + 1, Math.floor(nowMs / 1000))
}

/** The highest sequence number among the comments; 0 when none has one. */
export function highestSequence(comments: readonly Pick<Placed, 'sequence'>[]): number {
  return Math.max(0, ...comments.map((comment) => comment.sequence?.number ?? 0))
}

/** -1, 0 or 1, as a sort wants it (never NaN). */
export function compare(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function isIsoTime(text: string): boolean {
  const time = Date.parse(text)
  return !Number.isNaN(time) && new Date(time).toISOString() === text
}
