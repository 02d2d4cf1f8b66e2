import { parseRoundsRecord, renderRoundsRecord, type RoundsRecord, withFreshBudget } from './rounds-record.js'

/**
 * Where the rounds of `fix-checks` are read from, and how a person's `/docs` on the agent's pull request
 * starts their budget afresh. Pure: the comments handed in are trusted ones whose records verified.
 */

/** A trusted comment's verified records (one a line), as CommentRecords.verified hands them back. */
interface Verified {
  records: string
}

/** The comment holding the newest rounds record (the last in the list that holds one), or undefined. */
export function newestRoundsComment<Comment extends Verified>(comments: readonly Comment[]): Comment | undefined {
  return comments.filter((comment) => parseRoundsRecord(comment.records) !== null).at(-1)
}

/** The newest rounds record among the comments; null when none holds one. */
export function newestRoundsRecord(comments: readonly Verified[]): RoundsRecord | null {
  const newest = newestRoundsComment(comments)
  return newest ? parseRoundsRecord(newest.records) : null
}

/**
 * The rounds record a permitted person's follow-up writes with its status comment: the rounds forgotten,
 * the heads answered kept, on a line of its own to append to the comment. '' when the pull request has no
 * rounds record (its budget is whole already).
 */
export function freshBudgetRecord(comments: readonly Verified[]): string {
  const record = newestRoundsRecord(comments)
  const marker = record ? renderRoundsRecord(withFreshBudget(record)) : null
  return marker ? `\n${marker}` : ''
}
