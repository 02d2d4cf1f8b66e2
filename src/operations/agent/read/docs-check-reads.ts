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
import type { DocsCheckInputs } from '../docs-check-inputs.js'
import { anyDocumented } from '../decide/paths.js'
import type { CodePull, DocsEvent, PathsVerdict } from '../decide/docs-check-rules.js'
import { type DocsRecord, newestRecord } from '../decide/docs-record.js'

/**
 * What the docs check reads before the run decides: the code pull request and the
 * commit its status goes on, the pull request's record, and whether a changed file matches `paths`.
 */

/** A pull request's files: 3 pages of 100 at most, so a huge pull request costs a run three requests, not hundreds. */
const MAX_PULL_FILES = 300

/** The code pull request a run is about and the commit its status goes on (null: no status anywhere). */
export interface CheckTarget {
  pull: CodePull | null
  sha: string | null
  /** The code pull request's author (reviewers: `author`), a push's pusher, a dispatch's actor. */
  author: { login: string; isBot: boolean } | null
}

/**
 * A pull request event names its pull request and head; a command on a pull request reads its head; a
 * push is about its commit and the pull request that commit belongs to, if any.
 */
export async function checkTarget(run: RunContext, command: Command | null, api: GitHubApi | null): Promise<CheckTarget> {
  const repository = run.repo ? `${run.repo.owner}/${run.repo.repo}` : ''
  const { event } = run
  if (event.kind === 'pull_request' && !command) {
    const { number, head, author } = event.pull
    return { pull: { repository, number, fork: head.fork }, sha: head.sha || null, author }
  }
  if (command?.on.kind === 'pull' && api) {
    const { head, author } = await api.pull(command.on.number)
    return { pull: { repository, number: command.on.number, fork: head.fork }, sha: head.sha || null, author }
  }
  if (event.kind === 'push') {
    const [number] = api && event.sha ? await api.pullsForCommit(event.sha) : []
    return { pull: number === undefined ? null : { repository, number, fork: false }, sha: event.sha || null, author: event.sender }
  }
  if (event.kind === 'other' && event.name === 'workflow_dispatch' && run.actor)
    return { pull: null, sha: null, author: { login: run.actor, isBot: run.actor.endsWith('[bot]') } }
  return { pull: null, sha: null, author: null }
}

/** The newest signed record among the token's own comments on the pull request, and those comments. */
export async function fetchDocsRecord(
  api: GitHubApi | null,
  pull: CodePull | null,
  records: CommentRecords,
  event: GitHubEvent
): Promise<{ record: DocsRecord | null; own: IssueComment[] }> {
  if (!api || !pull) return { record: null, own: [] }
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
  return { record: newestRecord(comments, identity), own }
}

/**
 * `paths` against the files the change touched: a push's (from its compare when the payload is cut), a
 * pull request's when it is opened or reopened, the files between the old and new head on a push to it.
 */
export async function pathsVerdict(
  inputs: DocsCheckInputs,
  { event, docsEvent, pull }: { event: GitHubEvent; docsEvent: DocsEvent; pull: CodePull | null },
  api: GitHubApi | null
): Promise<PathsVerdict> {
  if (!inputs.paths || (docsEvent.kind !== 'push' && docsEvent.kind !== 'pull-request')) return 'unset'
  const files = await changedFiles(event, pull, api)
  if (files === null) return 'unset'
  return anyDocumented(files, inputs.paths) ? 'matched' : 'unmatched'
}

async function changedFiles(event: GitHubEvent, pull: CodePull | null, api: GitHubApi | null): Promise<string[] | null> {
  if (event.kind === 'push') {
    const cut = event.commits.length >= WEBHOOK_MAX_COMMITS || event.commits.some((c) => c.files.length >= WEBHOOK_MAX_FILES)
    if (!cut) return [...new Set(event.commits.flatMap((commit) => commit.files))]
    return api && event.before && event.sha ? (await api.compare(event.before, event.sha)).files : null
  }
  if (!api || !pull || event.kind !== 'pull_request') return null
  if (event.action === 'synchronize' && event.before && event.after) return (await api.compare(event.before, event.after)).files
  return api.pullFiles(pull.number, MAX_PULL_FILES)
}
