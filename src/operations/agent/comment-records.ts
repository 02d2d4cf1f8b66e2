import type { Repo } from '../../github/event.js'
import { highestSequence, inWritingOrder, nextSequence, type Sequence, sequenceOf } from '../../trust/record-order.js'
import {
  carriesRecords,
  readSignedRecords,
  type RecordKey,
  recordKey,
  type RecordSubject,
  sealRecords
} from '../../trust/signed-records.js'

/**
 * The records of one run's comments: signed as they are written, and read only where they verify. The
 * key is derived once per run from the API key; the comments handed in are those of trusted authors
 * already (the token's identity, `marker-authors`), so a marker in anyone else's comment stays quiet.
 */

/**
 * A trusted comment with the records it verifiably carries: `records` holds them alone, one a line;
 * `sequence` places them among the others (null: written by an earlier version, see record-order.ts).
 */
export type WithRecords<Comment> = Comment & { records: string; sequence: Sequence | null }

/** The issue or pull request `number` of `repo`, which a comment there is about. */
export function recordSubject(repo: Repo, number: number): RecordSubject {
  return { repository: `${repo.owner}/${repo.repo}`, number }
}

/** An issue or pull request as the sequences are kept: repositories compared without letter case, as on GitHub. */
function subjectKey(about: RecordSubject): string {
  return `${about.repository.toLowerCase()}#${about.number}`
}

const OLDER_UNREAD = (number: number): string =>
  `#${number} has more than 1,000 comments: only the newest 1,000 were read, so an older record of this action there was not found.`

export class CommentRecords {
  private readonly key: RecordKey
  /** Comments already named in a notice: each is named once per run, however often it is read. */
  private readonly noticed = new Set<string>()
  /** Per issue or pull request, the highest sequence number read or written there by this run. */
  private readonly highest = new Map<string, number>()

  constructor(
    apiKey: string,
    private readonly log: { notice(message: string): void },
    /** When a record is written: its signed time. */
    private readonly clock: { now(): number }
  ) {
    this.key = recordKey(apiKey)
  }

  /**
   * A comment's body with its records signed for the issue or pull request it goes on, placed after every
   * record this run read or wrote there and every record written before now (see nextSequence), with the time of writing.
   */
  seal(body: string, about: RecordSubject): string {
    if (!carriesRecords(body)) return body
    const number = nextSequence(this.highest.get(subjectKey(about)) ?? 0, this.clock.now())
    this.highest.set(subjectKey(about), number)
    return sealRecords(body, this.key, about, { number, at: new Date(this.clock.now()).toISOString() })
  }

  /**
   * An edited comment's body signed again for `about`, its sequence kept: the records it held keep their
   * place among the others (the sweep names its record in the introduction this way, and the newest
   * introduction stays the newest). A body without a sequence (an earlier version's) stays without one.
   */
  reseal(body: string, about: RecordSubject): string {
    return sealRecords(body, this.key, about)
  }

  /**
   * The comments (by trusted authors, on `about`) whose records verify, in the order their records were
   * written (see record-order.ts: the newest last; those of earlier versions first, in the order given).
   * A comment whose records do not verify is left out, with one notice: someone edited it, or another key
   * wrote it. What is read raises the sequence the next record written on `about` gets.
   */
  verified<Comment extends { id: number; body: string; url: string }>(
    comments: readonly Comment[] & { olderUnread?: boolean },
    about: RecordSubject
  ): WithRecords<Comment>[] {
    // Reads are bounded whatever others post: a record older than the newest 1,000 comments is not found, and that is said.
    if (comments.olderUnread) this.noticeOnce(`#${about.number}`, OLDER_UNREAD(about.number))
    const verified = comments.flatMap((comment) => {
      const read = readSignedRecords(comment.body, this.key, about)
      if (read.kind === 'verified') return [{ ...comment, records: read.body, sequence: sequenceOf(read.body) }]
      if (read.kind === 'rejected')
        this.noticeOnce(comment.url, `1 record in ${comment.url} was not written by this action, or with another API key: ignored`)
      return []
    })
    const key = subjectKey(about)
    this.highest.set(key, Math.max(this.highest.get(key) ?? 0, highestSequence(verified)))
    return inWritingOrder(verified)
  }

  private noticeOnce(about: string, message: string): void {
    if (this.noticed.has(about)) return
    this.noticed.add(about)
    this.log.notice(message)
  }
}
