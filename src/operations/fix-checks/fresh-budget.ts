import { parseRoundsRecord, renderRoundsRecord, type RoundsRecord, withFreshBudget } from './rounds-record.js'

/**
 * Where the rounds of `fix-checks` are read from, and how a person's `/docs` on the agent's pull request
 * starts their budget afresh. Pure: the comments handed in are trusted ones whose records verified, in the
 * order their records were written (as CommentRecords.verified lists them: the newest last).
 */

/** A trusted comment's verified records (one a line), as CommentRecords.verified hands them back. */
interface Verified {
  records: string
}

/** The comment holding the newest rounds record (the last in the list that holds one), or undefined. */
export function newestRoundsComment<Comment extends Verified>(comments: readonly Comment[]): Comment | undefined {
  return comments.filter((comment) => parseRoundsRecord(comment.records) !== null).at(-1)
}

/**
 * The rounds of the pull request, read as a merge of every rounds record: runs for different heads cannot
 * share one `concurrency` group (a `status` event names no pull request), so two of them may read the same
 * record and each write its own. The heads answered are the union of all the records. The rounds count
 * from the newest fresh budget: the newest record holding no round (a round, and a hand-over, which comes
 * only after one, always leave one; only a person's follow-up writes none), and are the union of the
 * records written after it, each head's round once. Null when no comment holds a rounds record.
 */
export function mergedRounds(comments: readonly Verified[]): RoundsRecord | null {
  const records = comments.flatMap((comment) => parseRoundsRecord(comment.records) ?? [])
  if (records.length === 0) return null
  const fresh = records.findLastIndex((record) => record.rounds.length === 0)
  const counted = records.slice(fresh + 1).flatMap((record) => record.rounds)
  return {
    heads: [...new Set(records.flatMap((record) => record.heads))],
    // One round per head: a round that two records both hold (the later one read the earlier) counts once.
    rounds: counted.filter((round, at) => counted.findIndex((other) => other.head === round.head) === at)
  }
}

/**
 * The rounds record a permitted person's follow-up writes with its status comment: the rounds forgotten,
 * the heads answered kept, on a line of its own to append to the comment. '' when the pull request has no
 * rounds record (its budget is whole already).
 */
export function freshBudgetRecord(comments: readonly Verified[]): string {
  const record = mergedRounds(comments)
  const marker = record ? renderRoundsRecord(withFreshBudget(record)) : null
  return marker ? `\n${marker}` : ''
}
