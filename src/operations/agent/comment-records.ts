import type { Repo } from '../../github/event.js'
import { readSignedRecords, type RecordKey, recordKey, type RecordSubject, sealRecords } from '../../trust/signed-records.js'

/**
 * The records of one run's comments: signed as they are written, and read only where they verify. The
 * key is derived once per run from the API key; the comments handed in are those of trusted authors
 * already (the token's identity, `marker-authors`), so a marker in anyone else's comment stays quiet.
 */

/** A trusted comment with the records it verifiably carries: `records` holds them alone, one a line. */
export type WithRecords<Comment> = Comment & { records: string }

/** The issue or pull request `number` of `repo`, which a comment there is about. */
export function recordSubject(repo: Repo, number: number): RecordSubject {
  return { repository: `${repo.owner}/${repo.repo}`, number }
}

const OLDER_UNREAD = (number: number): string =>
  `#${number} has more than 1,000 comments: only the newest 1,000 were read, so an older record of this action there was not found.`

export class CommentRecords {
  private readonly key: RecordKey
  /** Comments already named in a notice: each is named once per run, however often it is read. */
  private readonly noticed = new Set<string>()

  constructor(
    apiKey: string,
    private readonly log: { notice(message: string): void }
  ) {
    this.key = recordKey(apiKey)
  }

  /** A comment's body with its records signed for the issue or pull request it goes on. */
  seal(body: string, about: RecordSubject): string {
    return sealRecords(body, this.key, about)
  }

  /**
   * The comments (by trusted authors, on `about`) whose records verify, in their order. A comment whose
   * records do not verify is left out, with one notice: someone edited it, or another key wrote it.
   */
  verified<Comment extends { body: string; url: string }>(
    comments: readonly Comment[] & { olderUnread?: boolean },
    about: RecordSubject
  ): WithRecords<Comment>[] {
    // Reads are bounded whatever others post: a record older than the newest 1,000 comments is not found, and that is said.
    if (comments.olderUnread) this.noticeOnce(`#${about.number}`, OLDER_UNREAD(about.number))
    return comments.flatMap((comment) => {
      const read = readSignedRecords(comment.body, this.key, about)
      if (read.kind === 'verified') return [{ ...comment, records: read.body }]
      if (read.kind === 'rejected')
        this.noticeOnce(comment.url, `1 record in ${comment.url} was not written by this action, or with another API key: ignored`)
      return []
    })
  }

  private noticeOnce(about: string, message: string): void {
    if (this.noticed.has(about)) return
    this.noticed.add(about)
    this.log.notice(message)
  }
}
