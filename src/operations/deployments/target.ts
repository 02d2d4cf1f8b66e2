import { InputError } from '../../errors.js'
import type { GitHubApi } from '../../github/api.js'
import type { GitHubEvent, RunContext } from '../../github/event.js'
import type { DeploymentRequest } from './inputs.js'

/**
 * What a deploy or preview is about: the branch previewed, the commit a GitHub deployment records, the
 * pull request whose comment shows the preview, and whether the branch lives in a fork.
 */
export interface DeploymentTarget {
  /** `preview`: the branch built; null for `deploy` (Mintlify deploys its configured deployment branch). */
  branch: string | null
  /** The commit the GitHub deployment records: the pull request's head, the pushed commit, else GITHUB_SHA. */
  sha: string
  /** The pull request the event names (or `pr-number`). */
  pull: number | null
  /**
   * Without one: the commit whose pull request shows the preview, looked up only when a comment needs it. Set
   * for a push of the branch previewed; a manual or scheduled run comments on no pull request unless
   * `pr-number` names one, and another branch's preview does not belong on the pushed commit's.
   */
  pullOfCommit: string | null
  /** `owner/name` of the fork the branch comes from, '' when unknown; null when it is not a fork's. */
  fork: string | null
}

/** The pull request an event is about, with its head where the payload carries it. */
function eventPull(event: GitHubEvent): { number: number; head: { ref: string; sha: string; fork: boolean } | null } | null {
  switch (event.kind) {
    case 'pull_request':
    case 'pull_request_review':
    case 'pull_request_review_comment':
      return { number: event.pull.number, head: event.pull.head }
    case 'issue_comment':
      // A comment's payload names its pull request but not the branch: that takes one read.
      return event.issue.isPullRequest ? { number: event.issue.number, head: null } : null
    case 'issues':
    case 'push':
    case 'checks':
    case 'other':
      return null
  }
}

/**
 * Where a deploy or preview goes. The preview's branch is `branch` or the event's: the pull request's head
 * (read from GitHub under a comment), or the pushed branch. None: bad input naming `branch`. `prNumber` is
 * the pull request to comment on when the event names none.
 */
export async function resolveTarget(
  request: DeploymentRequest,
  prNumber: number | null,
  run: RunContext,
  github: () => Promise<GitHubApi | null>
): Promise<DeploymentTarget> {
  const { event } = run
  const pull = eventPull(event)
  const pushed = event.kind === 'push' ? event.sha : ''
  const fallback = { sha: pushed || run.sha, pull: pull?.number ?? prNumber, fork: null, pullOfCommit: null }
  // The payload's pull request head, when it carries one, is the commit the event names; a deploy reads nothing more.
  if (request.kind === 'deploy') return { ...fallback, sha: pull?.head?.sha || fallback.sha, branch: null }
  const { branch } = request
  const head = pull ? (pull.head ?? (await readHead(pull.number, github, branch))) : null
  const sha = head?.sha || fallback.sha
  if (branch) {
    // A branch named outright is previewed as named; only the pull request's own fork branch cannot be.
    const fork = head?.fork && head.ref === branch ? '' : null
    const ofPush = event.kind === 'push' && refBranch(event.ref) === branch ? pushed || null : null
    return { ...fallback, sha, branch, fork, pullOfCommit: ofPush }
  }
  if (head?.ref) return { ...fallback, sha, branch: head.ref, fork: head.fork ? '' : null }
  if (event.kind === 'push') return { ...fallback, branch: pushedBranch(event.ref), pullOfCommit: pushed || null }
  throw new InputError(
    'branch',
    `Input 'branch' is empty and the ${event.name || 'unknown'} event names no branch to preview: set branch (branch: \${{ github.ref_name }}), or run on pull_request or push.`
  )
}

/** The head of a comment's pull request; without GitHub, none when `branch` names what to preview anyway. */
async function readHead(
  number: number,
  github: () => Promise<GitHubApi | null>,
  branch: string
): Promise<{ ref: string; sha: string; fork: boolean } | null> {
  const api = await github()
  if (!api && branch) return null
  if (!api)
    throw new InputError(
      'branch',
      `Input 'branch' is empty, and without a github-token the branch of pull request #${number} cannot be read: set branch, or leave github-token at its default.`
    )
  return (await api.pull(number)).head
}

/** The branch a ref names (`refs/heads/<branch>`); null for a tag or anything else. */
function refBranch(ref: string): string | null {
  return /^refs\/heads\/(.+)$/.exec(ref)?.[1] ?? null
}

/** The branch of a push; a tag has no preview. */
function pushedBranch(ref: string): string {
  const branch = refBranch(ref)
  if (!branch)
    throw new InputError(
      'branch',
      `Input 'branch' is empty and the push was of ${ref || 'an unnamed ref'}, not a branch: set branch, or run the preview on branch pushes only.`
    )
  return branch
}
