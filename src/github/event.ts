import { readFileSync } from 'node:fs'
import { firstLine, isRecord } from '../text.js'

/** The facts of the triggering event this action uses, read once from the runner's event payload. */
export type GitHubEvent =
  /** `before` and `after`: the head before and after a `synchronize` (empty for other actions). */
  | { kind: 'pull_request'; name: string; action: string; pull: PullFacts; labeled?: Labeling; before: string; after: string }
  | { kind: 'issue_comment'; name: string; action: string; issue: IssueFacts; comment: CommentFacts }
  /** A comment on a line of a pull request's diff; the status reply goes into its thread. */
  | { kind: 'pull_request_review_comment'; name: string; action: string; pull: PullFacts; comment: CommentFacts & ReviewCommentFacts }
  /** A review of a pull request; its body can hold the trigger like a comment. */
  | { kind: 'pull_request_review'; name: string; action: string; pull: PullFacts; comment: CommentFacts }
  /** An issue event (`labeled` is the one that can start a job). */
  | { kind: 'issues'; name: string; action: string; issue: IssueFacts & { body: string }; labeled?: Labeling }
  /** `compare`: the URL of the whole change; `commits`: as the payload lists them (at most 2,048), oldest first. */
  | { kind: 'push'; name: string; ref: string; before: string; sha: string; compare: string; sender: Actor; commits: PushCommit[] }
  /**
   * A check finished or changed on a commit (`check_suite`, `check_run`, `workflow_run`, `status`): it only
   * wakes a run, which reads the commit's whole picture itself.
   */
  | ChecksEvent
  /** schedule, workflow_dispatch and anything else: no pull request of its own. */
  | { kind: 'other'; name: string }

/** What a check event says; a legacy `status` event has no action, no app and no pull requests. */
export interface ChecksEvent {
  kind: 'checks'
  name: string
  action: string
  /** The commit checked. */
  headSha: string
  /** The pull requests GitHub names for the commit (none for a status, nor for a fork's branch). */
  pulls: CheckedPull[]
  /** The slug of the App behind a check run or suite (`mintlify`, `github-actions`); '' for the others. */
  app: string
  /** The check run's name, the workflow's name or the status's context; '' for a suite. */
  checkName: string
  /** The conclusion of a run or suite ('' while it has none), or a status's state. */
  conclusion: string
}

/** A pull request as a check event names it: its number and the `owner/name` of its head and base repositories. */
export interface CheckedPull {
  number: number
  headRepo: string
  baseRepo: string
}

export interface PullFacts {
  number: number
  title: string
  url: string
  head: PullHead
  author: Actor
  /** Closed by a merge, and its merge commit (empty while open). */
  merged: boolean
  mergeSha: string
  /** How many files it changes (0 where the payload does not say). */
  changedFiles: number
  /** How many comments its conversation had when the event was sent (review comments aside); absent where the payload does not say. */
  comments?: number | undefined
}

/** The pull request's head branch; empty strings where the payload gives none. */
export interface PullHead {
  ref: string
  sha: string
  /** From another repository than the base, or from one that is gone (see `headOf`). */
  fork: boolean
}

/**
 * An issue or a pull request, as one value: its number, and which of the two it is (GitHub numbers them
 * alike, but writing on a pull request needs `pull-requests: write`, on an issue `issues: write`).
 */
export interface IssueRef {
  number: number
  kind: 'issue' | 'pull'
}

/** Pull request `number` as an issue-or-pull-request reference. */
export function pullRef(number: number): IssueRef {
  return { number, kind: 'pull' }
}

/** The issue (or pull request) an event is about, as a reference. */
export function refOf(issue: Pick<IssueFacts, 'number' | 'isPullRequest'>): IssueRef {
  return { number: issue.number, kind: issue.isPullRequest ? 'pull' : 'issue' }
}

export interface IssueFacts {
  number: number
  title: string
  url: string
  isPullRequest: boolean
  /** How many comments it had when the event was sent; absent where the payload does not say. */
  comments?: number | undefined
}

/**
 * How many comments the event says issue or pull request `number` of the run's repository has, so a look-up
 * of its newest comments starts at the right page without reading the issue first; undefined when the event
 * is about another one, or does not say.
 */
export function commentCountOf(event: GitHubEvent, number: number): number | undefined {
  const facts = 'pull' in event ? event.pull : 'issue' in event ? event.issue : null
  return facts?.number === number ? facts.comments : undefined
}

export interface CommentFacts extends Actor {
  id: number
  body: string
  /** ISO 8601: when it was written (a review: submitted). A fork's approval holds for the head shown before it. */
  createdAt: string
}

/** Where a review comment sits in the diff. */
export interface ReviewCommentFacts {
  path: string
  /** First and last line commented on (the same for one line); null when GitHub gave none (an outdated comment). */
  lines: { start: number; end: number } | null
  diffHunk: string
}

/** A label added (action `labeled`), and who added it. */
export interface Labeling {
  label: string
  sender: Actor
  /** ISO 8601: when the label was added, as the payload tells it (the issue's or pull request's `updated_at`); '' when it does not. */
  at: string
}

/** Who did something: a person, or a bot (GitHub says `type: Bot`; app logins end in `[bot]`). */
export interface Actor {
  login: string
  isBot: boolean
}

/** The most commits a push webhook lists, and the most files it lists for a commit: a payload at either is cut. */
export const WEBHOOK_MAX_COMMITS = 2048
export const WEBHOOK_MAX_FILES = 3000

export interface PushCommit {
  sha: string
  subject: string
  files: string[]
}

export interface Repo {
  owner: string
  repo: string
}

/** Where the run happens, from the runner's environment. */
export interface RunContext {
  event: GitHubEvent
  repo: Repo | null
  serverUrl: string
  runUrl: string | null
  workflow: string
  job: string
  /** GITHUB_SHA: the commit the run is for. */
  sha: string
  /** GITHUB_REF: the branch or tag the run is on (`refs/heads/main`). */
  ref: string
  /** GITHUB_ACTOR: who started the run (a dispatch's actor). */
  actor: string
}

export function readRunContext(env: NodeJS.ProcessEnv): RunContext {
  const payload = readPayload(env.GITHUB_EVENT_PATH)
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const serverUrl = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')
  return {
    event: parseEvent(env.GITHUB_EVENT_NAME ?? '', payload),
    repo: owner && repo ? { owner, repo } : null,
    serverUrl,
    runUrl: owner && repo && env.GITHUB_RUN_ID ? `${serverUrl}/${owner}/${repo}/actions/runs/${env.GITHUB_RUN_ID}` : null,
    workflow: env.GITHUB_WORKFLOW ?? '',
    job: env.GITHUB_JOB ?? '',
    sha: env.GITHUB_SHA ?? '',
    ref: env.GITHUB_REF ?? '',
    actor: env.GITHUB_ACTOR ?? ''
  }
}

function readPayload(path: string | undefined): Record<string, unknown> {
  if (!path) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return isRecord(parsed) ? parsed : {}
  } catch {
    return {}
  }
}

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
  check_run: (name, action, payload) => parseCheck(name, action, payload.check_run),
  check_suite: (name, action, payload) => parseCheck(name, action, payload.check_suite),
  workflow_run: (name, action, payload) => parseCheck(name, action, payload.workflow_run),
  status: parseStatus
}

export function parseEvent(name: string, payload: Record<string, unknown>): GitHubEvent {
  const parser = Object.hasOwn(EVENT_PARSERS, name) ? EVENT_PARSERS[name] : undefined
  return parser?.(name, str(payload.action), payload) ?? { kind: 'other', name }
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
      comments: count(issue.comments)
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
      comments: count(issue.comments)
    },
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
function parseCheck(name: string, action: string, check: unknown): GitHubEvent | null {
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
    conclusion: str(check.conclusion)
  }
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
    conclusion: str(payload.state)
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
    comments: count(pull.comments)
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

/** A count the payload gives, or undefined where it gives none. */
function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined
}
