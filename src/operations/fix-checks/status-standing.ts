import type { HeadOwners } from '../../github/api.js'
import type { CommitSearch } from '../../github/calls/lookups.js'
import type { OwnHead } from './check-origins.js'

/**
 * Whether the statuses `fix-checks-statuses` names count on the agent's head. A commit status carries no
 * origin: a fork's pull request opened at the agent's head draws its CI's statuses there, and they stay
 * after it is closed. So a named status counts only where no other pull request has that head, as far as
 * two reads tell: the live list of the commit's pull requests (`commits/{sha}/pulls`, open and merged,
 * forks' included, read whole), and the issue search `repo:<r> is:pr <sha>` for closed ones. Any other pull
 * request in either, a list cut short, a search GitHub calls incomplete or counts beyond what it answered,
 * and a read that failed are all `unknown`: the statuses count for nothing, starting and stalling no round.
 * The search lags behind by minutes to hours and misses force-pushed heads, so this narrows the gap only:
 * `fix-checks-statuses` is for contexts that forks cannot draw. Pure; check-reader.ts reads.
 */

/** The agent's pull request, as the reads are judged against it: its head, branch and number. */
export type AgentHead = OwnHead & { number: number }

/** Null: the named statuses count. Else why they do not (a sentence for the log). */
export function statusesUnknown(owners: HeadOwners | null, search: CommitSearch | null, own: AgentHead): string | null {
  const at = own.sha.slice(0, 7)
  const ignored = 'the statuses fix-checks-statuses names count for nothing in this run'
  if (!owners) return `The pull requests of ${at} could not be listed: ${ignored}.`
  if (owners.pulls.cut) return `The list of pull requests of ${at} was cut short, so another one may have it as its head: ${ignored}.`
  const other = owners.pulls.find((pull) => pull.head.fork || pull.head.ref !== own.branch)
  if (other) return `${at} is also the head of #${other.number}, whose CI may write the same statuses: ${ignored}.`
  if (!search) return `The issue search for pull requests that contain ${at} failed: ${ignored}.`
  if (!search.complete) return `GitHub's issue search for pull requests that contain ${at} answered only in part: ${ignored}.`
  const closed = search.numbers.find((number) => number !== own.number)
  if (closed !== undefined)
    return `#${closed} contains ${at} too (the issue search found it), and its CI may have written the same statuses: ${ignored}.`
  return null
}
