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
}

/** The pull request's head branch; empty strings where the payload gives none. */
export interface PullHead {
  ref: string
  sha: string
  /** From another repository than the base (Mintlify cannot build it). */
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
}

export interface CommentFacts extends Actor {
  id: number
  body: string
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
    ref: env.GITHUB_REF ?? ''
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
    ...labeling(action, payload)
  }
}

function parseIssueComment(name: string, action: string, payload: Record<string, unknown>): GitHubEvent | null {
  const { issue, comment } = payload
  if (!isRecord(issue) || !isRecord(comment)) return null
  return {
    kind: 'issue_comment',
    name,
    action,
    issue: { number: num(issue.number), title: str(issue.title), url: str(issue.html_url), isPullRequest: isRecord(issue.pull_request) },
    comment: { id: num(comment.id), body: str(comment.body), ...actorOf(comment.user) }
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
    comment: { id: num(review.id), body: str(review.body), ...actorOf(review.user) }
  }
}

function parseIssue(name: string, action: string, payload: Record<string, unknown>): GitHubEvent | null {
  const { issue } = payload
  if (!isRecord(issue)) return null
  return {
    kind: 'issues',
    name,
    action,
    issue: { number: num(issue.number), title: str(issue.title), url: str(issue.html_url), isPullRequest: false, body: str(issue.body) },
    ...labeling(action, payload)
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
    changedFiles: num(pull.changed_files)
  }
}
/**
 * The branch a pull request proposes. A fork's branch lives in another repository: GitHub says so with
 * `head.repo.fork`, or the head repository differs from the base (a deleted fork has no `head.repo`).
 */
export function headOf(pull: Record<string, unknown>): PullHead {
  const head = isRecord(pull.head) ? pull.head : {}
  const headRepo = isRecord(head.repo) ? head.repo : null
  const baseRepo = isRecord(pull.base) && isRecord(pull.base.repo) ? pull.base.repo : null
  const fork =
    headRepo === null ? isRecord(pull.head) : headRepo.fork === true || (baseRepo !== null && headRepo.full_name !== baseRepo.full_name)
  return { ref: str(head.ref), sha: str(head.sha), fork }
}

function actorOf(user: unknown): Actor {
  const login = isRecord(user) ? str(user.login) : ''
  return { login, isBot: (isRecord(user) && str(user.type) === 'Bot') || login.endsWith('[bot]') }
}

/** For a `labeled` event: the label added and who added it. */
function labeling(action: string, payload: Record<string, unknown>): { labeled?: Labeling } {
  if (action !== 'labeled') return {}
  return { labeled: { label: isRecord(payload.label) ? str(payload.label.name) : '', sender: actorOf(payload.sender) } }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0
}
