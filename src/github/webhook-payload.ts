import { firstLine, isRecord, wholeCount } from '../text.js'
import type { Actor, CheckOrigin, GitHubEvent, Labeling, PullFacts, PullHead } from './event.js'

/**
 * A webhook payload read into the facts this action uses (`GitHubEvent`): one parser per event name, each
 * taking only what it needs and reading anything malformed or missing as empty, never throwing.
 */

/** One parser per event name; an event without the parts it needs reads as `other`. */
type EventParser = (name: string, action: string, payload: Record<string, unknown>) => GitHubEvent | null

const EVENT_PARSERS: Record<string, EventParser> = {
  pull_request: parsePullRequest,
  pull_request_target: parsePullRequest,
  issue_comment: parseIssueComment,
  pull_request_review_comment: parseReviewComment,
  pull_request_review: parseReview,
  issues: parseIssue,
  push: (name, _action, payload) => parsePush(name, payload),
  check_run: (name, action, payload) => parseCheck(name, action, payload),
  check_suite: (name, action, payload) => parseCheck(name, action, payload),
  workflow_run: (name, action, payload) => parseCheck(name, action, payload),
  status: parseStatus
}

export function parseEvent(name: string, payload: Record<string, unknown>): GitHubEvent {
  const parser = Object.hasOwn(EVENT_PARSERS, name) ? EVENT_PARSERS[name] : undefined
  return parser?.(name, str(payload.action), payload) ?? otherEvent(name, payload)
}

/** Any other event: its action and its sender, where the payload gives them (the trust gate judges the sender). */
function otherEvent(name: string, payload: Record<string, unknown>): GitHubEvent {
  const action = str(payload.action)
  return { kind: 'other', name, ...(action ? { action } : {}), ...(isRecord(payload.sender) ? { sender: actorOf(payload.sender) } : {}) }
}

function parsePullRequest(name: string, action: string, payload: Record<string, unknown>): GitHubEvent | null {
  const pull = payload.pull_request
  if (!isRecord(pull)) return null
  return {
    kind: 'pull_request',
    name,
    action,
    pull: pullOf({ ...pull, number: pull.number ?? payload.number }),
    before: action === 'synchronize' ? str(payload.before) : '',
    after: action === 'synchronize' ? str(payload.after) : '',
    ...(action === 'edited' && isRecord(payload.changes) && isRecord(payload.changes.base) ? { retargeted: true } : {}),
    ...(action === 'reopened' && isRecord(payload.sender) ? { reopenedBy: actorOf(payload.sender) } : {}),
    ...labeling(action, payload, pull)
  }
}

function parseIssueComment(name: string, action: string, payload: Record<string, unknown>): GitHubEvent | null {
  const { issue, comment } = payload
  if (!isRecord(issue) || !isRecord(comment)) return null
  return {
    kind: 'issue_comment',
    name,
    action,
    issue: {
      number: num(issue.number),
      title: str(issue.title),
      url: str(issue.html_url),
      isPullRequest: isRecord(issue.pull_request),
      comments: wholeCount(issue.comments)
    },
    comment: { id: num(comment.id), body: str(comment.body), createdAt: str(comment.created_at), ...actorOf(comment.user) }
  }
}

function parseReviewComment(name: string, action: string, payload: Record<string, unknown>): GitHubEvent | null {
  const { pull_request: pull, comment } = payload
  if (!isRecord(pull) || !isRecord(comment)) return null
  const end = num(comment.line ?? comment.original_line)
  const start = num(comment.start_line ?? comment.original_start_line) || end
  return {
    kind: 'pull_request_review_comment',
    name,
    action,
    pull: pullOf(pull),
    comment: {
      id: num(comment.id),
      body: str(comment.body),
      createdAt: str(comment.created_at),
      ...actorOf(comment.user),
      path: str(comment.path),
      lines: end > 0 ? { start, end } : null,
      diffHunk: str(comment.diff_hunk)
    }
  }
}

function parseReview(name: string, action: string, payload: Record<string, unknown>): GitHubEvent | null {
  const { pull_request: pull, review } = payload
  if (!isRecord(pull) || !isRecord(review)) return null
  return {
    kind: 'pull_request_review',
    name,
    action,
    pull: pullOf(pull),
    comment: { id: num(review.id), body: str(review.body), createdAt: str(review.submitted_at), ...actorOf(review.user) }
  }
}

function parseIssue(name: string, action: string, payload: Record<string, unknown>): GitHubEvent | null {
  const { issue } = payload
  if (!isRecord(issue)) return null
  return {
    kind: 'issues',
    name,
    action,
    issue: {
      number: num(issue.number),
      title: str(issue.title),
      url: str(issue.html_url),
      isPullRequest: false,
      body: str(issue.body),
      comments: wholeCount(issue.comments)
    },
    sender: actorOf(payload.sender),
    ...labeling(action, payload, issue)
  }
}

function parsePush(name: string, payload: Record<string, unknown>): GitHubEvent {
  const commits = Array.isArray(payload.commits) ? payload.commits.filter(isRecord) : []
  return {
    kind: 'push',
    name,
    ref: str(payload.ref),
    before: str(payload.before),
    sha: str(payload.after) || (isRecord(payload.head_commit) ? str(payload.head_commit.id) : ''),
    compare: str(payload.compare),
    sender: actorOf(payload.sender),
    commits: commits.map((commit) => ({
      sha: str(commit.id),
      subject: firstLine(str(commit.message)),
      files: ['added', 'modified', 'removed'].flatMap((key) =>
        Array.isArray(commit[key]) ? commit[key].filter((f): f is string => typeof f === 'string') : []
      )
    }))
  }
}

/** A check run, a check suite or a workflow run: the same fields where they say the same thing. */
function parseCheck(name: string, action: string, payload: Record<string, unknown>): GitHubEvent | null {
  const check = payload[name]
  if (!isRecord(check)) return null
  const pulls = Array.isArray(check.pull_requests) ? check.pull_requests.filter(isRecord) : []
  return {
    kind: 'checks',
    name,
    action,
    headSha: str(check.head_sha),
    pulls: pulls.map((pull) => ({ number: num(pull.number), headRepo: repoOfBranch(pull.head), baseRepo: repoOfBranch(pull.base) })),
    app: isRecord(check.app) ? str(check.app.slug) : '',
    // A suite has no name of its own (its App's is not a check's).
    checkName: name === 'check_suite' ? '' : str(check.name),
    conclusion: str(check.conclusion),
    origin: checkOrigin(name, check, payload)
  }
}

/**
 * Where a check's run comes from: GitHub gives a fork's suite no `head_branch`; a workflow run names its
 * head repository, compared with the repository the event is sent to (the workflow's), as GitHub compares
 * names (case-insensitively).
 */
function checkOrigin(name: string, check: Record<string, unknown>, payload: Record<string, unknown>): CheckOrigin {
  const by = actorOf(check.triggering_actor ?? check.actor ?? payload.sender)
  if (name === 'workflow_run') {
    const head = isRecord(check.head_repository) ? str(check.head_repository.full_name).toLowerCase() : ''
    const here = isRecord(payload.repository) ? str(payload.repository.full_name).toLowerCase() : ''
    return { fork: head === '' || head !== here, startedBy: str(check.event), by }
  }
  const suite = name === 'check_run' ? check.check_suite : check
  return { fork: !isRecord(suite) || typeof suite.head_branch !== 'string', startedBy: '', by }
}

/** A legacy commit status: no action, no App, no pull requests; its context is its name, its state its conclusion. */
function parseStatus(name: string, _action: string, payload: Record<string, unknown>): GitHubEvent {
  return {
    kind: 'checks',
    name,
    action: '',
    headSha: str(payload.sha),
    pulls: [],
    app: '',
    checkName: str(payload.context),
    conclusion: str(payload.state),
    origin: { fork: false, startedBy: '', by: actorOf(payload.sender) }
  }
}

/**
 * The `owner/name` of a branch's repository in a check event's pull request, which gives the repository
 * as `{id, url, name}` only: the name is read from its API URL (`…/repos/<owner>/<name>`).
 */
function repoOfBranch(branch: unknown): string {
  const repo = isRecord(branch) && isRecord(branch.repo) ? branch.repo : {}
  return /\/repos\/([^/]+\/[^/]+)$/.exec(str(repo.url))?.[1] ?? ''
}

/** A pull request as the webhook payload and the REST API both give it. */
export function pullOf(pull: Record<string, unknown>): PullFacts {
  return {
    number: num(pull.number),
    title: str(pull.title),
    url: str(pull.html_url),
    head: headOf(pull),
    author: actorOf(pull.user),
    merged: pull.merged === true,
    mergeSha: pull.merged === true ? str(pull.merge_commit_sha) : '',
    changedFiles: num(pull.changed_files),
    baseRef: isRecord(pull.base) ? str(pull.base.ref) : '',
    baseSha: isRecord(pull.base) ? str(pull.base.sha) : '',
    comments: wholeCount(pull.comments)
  }
}
/**
 * The branch a pull request proposes. It is a fork's when its head repository is not its base repository,
 * or is gone (a deleted fork leaves `head.repo` null). `head.repo.fork` is not asked: it says the head
 * repository is itself a fork of another, which a pull request between two branches of one such
 * repository also has.
 */
export function headOf(pull: Record<string, unknown>): PullHead {
  const head = isRecord(pull.head) ? pull.head : {}
  const headRepo = isRecord(head.repo) ? head.repo : null
  const baseRepo = isRecord(pull.base) && isRecord(pull.base.repo) ? pull.base.repo : null
  // Repository names compare as GitHub compares them, case-insensitively.
  const sameRepository =
    headRepo !== null && baseRepo !== null && str(headRepo.full_name).toLowerCase() === str(baseRepo.full_name).toLowerCase()
  const fork = headRepo === null ? isRecord(pull.head) : baseRepo !== null && !sameRepository
  return { ref: str(head.ref), sha: str(head.sha), fork }
}

function actorOf(user: unknown): Actor {
  const login = isRecord(user) ? str(user.login) : ''
  return { login, isBot: (isRecord(user) && str(user.type) === 'Bot') || login.endsWith('[bot]') }
}

/** For a `labeled` event: the label added, who added it, and when (`updated_at` of what it was added to). */
function labeling(action: string, payload: Record<string, unknown>, labelledThing: Record<string, unknown>): { labeled?: Labeling } {
  if (action !== 'labeled') return {}
  return {
    labeled: {
      label: isRecord(payload.label) ? str(payload.label.name) : '',
      sender: actorOf(payload.sender),
      at: str(labelledThing.updated_at)
    }
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0
}
