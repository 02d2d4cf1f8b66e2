import type { GitHubApi, IssueComment } from '../../../github/api.js'
import {
  commentCountOf,
  type GitHubEvent,
  pullRef,
  type RunContext,
  WEBHOOK_MAX_COMMITS,
  WEBHOOK_MAX_FILES
} from '../../../github/event.js'
import { type CommentRecords, recordSubject } from '../comment-records.js'
import type { Command } from './event-ask.js'
import type { CodePull } from '../decide/docs-check-rules.js'
import type { SharedHead } from '../decide/shared-head.js'
import { type DocsRecord, newestRecordIn } from '../decide/docs-record.js'
import { type ContextStatuses, parseStatuses } from '../decide/context-statuses.js'
import { type JudgedHeads, parseJudged } from '../decide/judged.js'

/**
 * What the docs check reads before the run decides: the code pull request and the commit its status goes
 * on, the pull request's record, and a push's changed files (a pull request's: judge-pull.ts).
 */

/** The code pull request a run is about and the commit its status goes on (null: no status anywhere). */
export interface CheckTarget {
  pull: CodePull | null
  sha: string | null
  /**
   * The pull request's base branch, its base commit ('' where not given) and how many files it changes, as
   * read with its head (null: not read).
   */
  base?: { ref: string; sha: string; changedFiles: number } | null
  /** The code pull request's author (reviewers: `author`), a push's pusher, a dispatch's actor. */
  author: { login: string; isBot: boolean } | null
}

/** What the run already read before the gate decided (a command's pull request, an outsider's record): not read twice. */
export interface ReadBeforeGate {
  target?: CheckTarget
  record?: RecordRead
}

/**
 * A pull request event names its pull request and head; a command on a pull request reads its head; a
 * push is about its commit and the pull request that commit belongs to, if any.
 */
export async function checkTarget(run: RunContext, command: Command | null, api: GitHubApi | null): Promise<CheckTarget> {
  const repository = run.repo ? `${run.repo.owner}/${run.repo.repo}` : ''
  const { event } = run
  if (event.kind === 'pull_request' && !command) {
    const { number, head, author, baseRef, baseSha, changedFiles } = event.pull
    const base = { ref: baseRef, sha: baseSha, changedFiles }
    return { pull: { repository, number, fork: head.fork }, sha: head.sha || null, author, base }
  }
  if (command?.on.kind === 'pull' && api) {
    const { head, author, baseRef, baseSha, changedFiles } = await api.pull(command.on.number)
    const base = { ref: baseRef, sha: baseSha, changedFiles }
    return { pull: { repository, number: command.on.number, fork: head.fork }, sha: head.sha || null, author, base }
  }
  if (event.kind === 'push') {
    const [number] = api && event.sha ? await api.pullsForCommit(event.sha) : []
    return { pull: number === undefined ? null : { repository, number, fork: false }, sha: event.sha || null, author: event.sender }
  }
  if (event.kind === 'other' && event.name === 'workflow_dispatch' && run.actor)
    return { pull: null, sha: null, author: { login: run.actor, isBot: run.actor.endsWith('[bot]') } }
  return { pull: null, sha: null, author: null }
}

/** The pull request's record as read: the newest signed one, the judged heads beside it, and whether it could be found. */
export interface RecordRead {
  record: DocsRecord | null
  judged: JudgedHeads
  /** The status each context wrote last; null for a record of an earlier version, which keeps one for all. */
  statuses: ContextStatuses | null
  /** The comments of the token's own identity, the sticky comment among them. */
  own: IssueComment[]
  /**
   * Whether "no record" can be believed: false when the pull request has older comments than the newest
   * 1,000 read and none of those holds one (an outsider can bury it), or when the read failed.
   */
  known: boolean
}

export const UNREAD: RecordRead = { record: null, judged: {}, statuses: null, own: [], known: false }

/** The newest signed record among the token's own comments on the pull request, and those comments. */
export async function fetchDocsRecord(
  api: GitHubApi | null,
  pull: CodePull | null,
  records: CommentRecords,
  event: GitHubEvent
): Promise<RecordRead> {
  if (!api || !pull) return { ...UNREAD, known: api !== null }
  const own = await api.ownComments(pullRef(pull.number), commentCountOf(event, pull.number))
  const identity = own[0]?.login ?? ''
  // Only what was signed is read: an edit of the comment, the record in it included, forges nothing.
  const signed = records.verified(own, recordSubject(api.repo, pull.number))
  const comments = signed.map((c) => ({
    id: c.id,
    sequence: c.sequence,
    author: c.login,
    body: c.records,
    createdAt: c.createdAt ?? '',
    updatedAt: c.updatedAt ?? null
  }))
  const newest = newestRecordIn(comments, identity)
  const kept = newest?.records ?? ''
  return {
    record: newest?.record ?? null,
    judged: parseJudged(kept),
    statuses: parseStatuses(kept),
    own,
    known: newest !== null || !own.olderUnread
  }
}

/** A push's changed files: from its payload, or from its compare when the payload is cut; null when unknown. */
export async function pushFiles(event: Extract<GitHubEvent, { kind: 'push' }>, api: GitHubApi | null): Promise<string[] | null> {
  const cut = event.commits.length >= WEBHOOK_MAX_COMMITS || event.commits.some((c) => c.files.length >= WEBHOOK_MAX_FILES)
  if (!cut) return [...new Set(event.commits.flatMap((commit) => commit.files))]
  return api && event.before && event.sha ? (await api.compare(event.before, event.sha)).files : null
}

/**
 * Who else has the target's head as theirs: another open pull request of this repository (a fork's
 * included), from the whole list of those containing the commit, or a branch of the repository (the
 * default branch's head is a commit too). Anyone can open a pull request from a fork at another's head, and
 * a commit status belongs to the commit. A look-up that fails or is cut is `unknown`, never "none": an
 * outsider gains by a wrong "none".
 */
export async function sharedHeadOf(
  api: GitHubApi,
  pull: CodePull,
  sha: string,
  failed: (error: unknown) => void
): Promise<SharedHead | null> {
  try {
    const owners = await api.headOwners(sha)
    const others = owners.pulls.filter((listed) => listed.number !== pull.number)
    // A pull request of this repository has its own branch at its head: any other branch is someone else's.
    const own = owners.pulls.find((listed) => listed.number === pull.number)
    const ownBranch = pull.fork ? null : (own?.head.ref ?? null)
    const branch = owners.branches.find((name) => name !== ownBranch)
    const [other] = others
    if (other) {
      // Only forks' pull requests beside it, read whole, and no branch: closing them frees the head.
      const closable = !owners.pulls.cut && branch === undefined && others.every((listed) => listed.head.fork)
      return { kind: 'pull', number: other.number, closable: closable ? others.map((listed) => listed.number) : [] }
    }
    if (owners.pulls.cut) return { kind: 'unknown' }
    if (!pull.fork && !own) return { kind: 'unknown' }
    return branch === undefined ? null : { kind: 'branch', name: branch }
  } catch (error) {
    failed(error)
    return { kind: 'unknown' }
  }
}
