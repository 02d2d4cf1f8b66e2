/**
 * Real webhook payloads from @octokit/webhooks-examples (push, pull_request and issue_comment are about
 * Codertocat/Hello-World), cloned and adapted only where a test needs it, and the fake GitHub state those
 * payloads refer to.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from './run-action.js'
import type { GitHubRole, GitHubUserType, Simulator } from '../simulator/index.js'

/** The repository of every example payload: the workflow runs there, and the agent's PRs land there. */
export const REPO = 'Codertocat/Hello-World'
export const REPO_URL = `https://github.com/${REPO}`
/** Who writes the example comments, pushes and pull requests. */
export const COMMENTER = 'Codertocat'
/** Issue #1 of the issue_comment examples. */
export const ISSUE = 1
/** Pull request #2 of the pull_request examples. */
export const PULL = 2
/** The one commit of the push example ("Initial commit", adding README.md). */
export const PUSH_SHA = '6113728f27ae82c7b1a177c8d03f9e96e0adf246'
/** What the fake GitHub answers for PR #2's commits and files (the payload itself carries neither). */
export const PULL_COMMITS = ['Update README.md', 'Fix a link in the README']
/** The head of pull request #2 in the pull_request examples (branch `changes`). */
export const PULL_HEAD_SHA = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'
export const PULL_FILES = ['README.md', 'docs/getting-started.md']

interface WebhookUser {
  login: string
  type: string
  [field: string]: unknown
}

export interface PushPayload {
  ref: string
  after: string
  commits: { message: string; added: string[]; modified: string[]; removed: string[] }[]
  [field: string]: unknown
}

export interface PullRequestPayload {
  action: string
  number: number
  pull_request: { number: number; title: string; html_url: string; [field: string]: unknown }
  [field: string]: unknown
}

export interface IssueCommentPayload {
  action: string
  issue: { number: number; title: string; html_url: string; pull_request?: Record<string, unknown>; [field: string]: unknown }
  comment: { id: number; body: string; html_url: string; user: WebhookUser; [field: string]: unknown }
  sender: WebhookUser
  [field: string]: unknown
}

interface ExampleGroup {
  name: string
  examples: Record<string, unknown>[]
}

let groups: ExampleGroup[] | null = null

/** A deep copy of the first example of `name` that matches, so tests can change it freely. */
function example<T>(name: string, matches: (payload: Record<string, unknown>) => boolean): T {
  groups ??= JSON.parse(
    readFileSync(join(PROJECT_ROOT, 'node_modules/@octokit/webhooks-examples/api.github.com/index.json'), 'utf8')
  ) as ExampleGroup[]
  const found = groups.find((group) => group.name === name)?.examples.find(matches)
  if (!found) throw new Error(`@octokit/webhooks-examples has no matching ${name} example`)
  return structuredClone(found) as T
}

/** The push of "Initial commit" (adding README.md) to master. */
export function pushPayload(): PushPayload {
  const payload = example<PushPayload>('push', (p) => p.ref === 'refs/heads/master' && Array.isArray(p.commits) && p.commits.length === 1)
  if (payload.after !== PUSH_SHA) throw new Error(`The push example's head is ${payload.after}, not ${PUSH_SHA}`)
  return payload
}

/** PR #2 "Update the README with new information." opened. */
export function pullRequestOpened(): PullRequestPayload {
  return example<PullRequestPayload>('pull_request', (p) => p.action === 'opened')
}

/** A manual run (the example's repository differs; the action reads the repository from the runner). */
export function workflowDispatchPayload(): Record<string, unknown> {
  return example<Record<string, unknown>>('workflow_dispatch', () => true)
}

/** The schedule event has no example: GitHub sends the cron line (and the repository, unused here). */
export function schedulePayload(): Record<string, unknown> {
  return { schedule: '0 6 * * 1' }
}

export interface CommentOptions {
  body: string
  /** The issue or pull request commented on. Default issue #1. */
  on?: number
  /** Turns the example's issue into a pull request (adds `issue.pull_request`, as GitHub does for PRs). */
  pullRequest?: boolean
  login?: string
  userType?: GitHubUserType
  /** `created` (default) or `edited`: each comes from its own example. */
  action?: 'created' | 'edited'
  /** The repository (`owner/name`) the comment is in. Default Hello-World. */
  repo?: string
}

/**
 * An issue_comment payload for a comment that also exists in the fake GitHub (so reactions and the
 * permission check find it): the comment is created there first and the payload carries its id.
 */
export function commentPayload(sim: Simulator, options: CommentOptions): IssueCommentPayload {
  const { body, on = ISSUE, pullRequest = false, login = COMMENTER, userType = 'User', action = 'created', repo = REPO } = options
  const created = sim.github.addComment(repo, on, { user: login, userType, body })
  const payload = example<IssueCommentPayload>('issue_comment', (p) => p.action === action)
  const kind = pullRequest ? 'pull' : 'issues'
  const repoUrl = `https://github.com/${repo}`
  payload.issue.number = on
  payload.issue.html_url = `${repoUrl}/${kind}/${on}`
  if (pullRequest) {
    payload.issue.pull_request = {
      url: `https://api.github.com/repos/${repo}/pulls/${on}`,
      html_url: `${repoUrl}/pull/${on}`,
      diff_url: `${repoUrl}/pull/${on}.diff`,
      patch_url: `${repoUrl}/pull/${on}.patch`
    }
  }
  // Another repository of the same owner (the example's owner object stays as it is).
  if (repo !== REPO)
    payload.repository = {
      ...(payload.repository as Record<string, unknown>),
      name: repo.split('/')[1],
      full_name: repo,
      html_url: repoUrl
    }
  payload.comment.id = created.id
  payload.comment.body = body
  payload.comment.html_url = created.html_url
  for (const user of [payload.comment.user, payload.sender]) {
    user.login = login
    user.type = userType
  }
  return payload
}

export interface ReviewOptions {
  body: string
  login?: string
  userType?: GitHubUserType
  /** `created` (default) for a review comment, `submitted` for a review; others come from their own examples. */
  action?: string
  /** The pull request, default #2 (it must exist in the fake GitHub). */
  on?: number
  /** The repository (`owner/name`), default Hello-World. */
  repo?: string
}

/**
 * A `pull_request_review_comment` payload (README.md, line 265, the example's diff hunk) for a review
 * comment that also exists in the fake GitHub, so replies and reactions find it.
 */
export function reviewCommentPayload(sim: Simulator, options: ReviewOptions): Record<string, unknown> {
  const { body, login = COMMENTER, userType = 'User', action = 'created', on = PULL, repo = REPO } = options
  const created = sim.github.addReviewComment(repo, on, { user: login, userType, body })
  const payload = example<Record<string, unknown> & { comment: Record<string, unknown> & { user: WebhookUser }; sender: WebhookUser }>(
    'pull_request_review_comment',
    (p) => p.action === action && isRecordWith(p.comment, 'line')
  )
  payload.comment.id = created.id
  payload.comment.body = body
  payload.comment.html_url = created.html_url
  Object.assign(payload.pull_request as Record<string, unknown>, { number: on, html_url: `https://github.com/${repo}/pull/${on}` })
  if (repo !== REPO) payload.repository = { ...(payload.repository as Record<string, unknown>), name: repo.split('/')[1], full_name: repo }
  for (const user of [payload.comment.user, payload.sender]) Object.assign(user, { login, type: userType })
  return payload
}

/** A `pull_request_review` payload (submitted by default) whose review body is `body`. */
export function reviewPayload(options: ReviewOptions): Record<string, unknown> {
  const { body, login = COMMENTER, userType = 'User', action = 'submitted', on = PULL } = options
  const payload = example<Record<string, unknown> & { review: Record<string, unknown> & { user: WebhookUser }; sender: WebhookUser }>(
    'pull_request_review',
    (p) => p.action === action
  )
  payload.review.body = body
  Object.assign(payload.pull_request as Record<string, unknown>, { number: on, html_url: `${REPO_URL}/pull/${on}` })
  for (const user of [payload.review.user, payload.sender]) Object.assign(user, { login, type: userType })
  return payload
}

function isRecordWith(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && key in value
}

export interface LabelOptions {
  /** Issue #1 (default) or pull request #2 of Hello-World, as in the examples. */
  on?: 'issue' | 'pull'
  /** The label added; the examples add `bug`. */
  label?: string
  /** Who added it (the payload's sender). */
  login?: string
  userType?: GitHubUserType
}

/**
 * An `issues` or `pull_request` payload with action `labeled`, from the examples (Codertocat adds `bug`
 * to issue #1 or pull request #2); the label is put on the issue in the fake GitHub too, so removing it works.
 */
export function labeledPayload(sim: Simulator, options: LabelOptions = {}): Record<string, unknown> {
  const { on = 'issue', label = 'bug', login = COMMENTER, userType = 'User' } = options
  const payload = example<Record<string, unknown> & { label: { name: string }; sender: WebhookUser }>(
    on === 'issue' ? 'issues' : 'pull_request',
    (p) => p.action === 'labeled'
  )
  payload.label.name = label
  payload.sender.login = login
  payload.sender.type = userType
  sim.github.addLabel(REPO, on === 'issue' ? ISSUE : PULL, label)
  return payload
}

/**
 * The fake GitHub as the payloads expect it: issue #1, PR #2 with its commits and files, and Codertocat
 * as a collaborator with `role` (null: not a collaborator).
 */
export function seedHelloWorld(sim: Simulator, role: GitHubRole | null = 'write'): void {
  sim.github.addIssue(REPO, { number: ISSUE, title: 'Spelling error in the README file', user: COMMENTER })
  sim.github.addIssue(REPO, {
    number: PULL,
    title: 'Update the README with new information.',
    user: COMMENTER,
    pullRequest: true,
    // The head commit of the pull_request example, so that a status on the head read from the API lands
    // where the payload's head is. (Its branch stays the fake's own, feature-2: a test can tell which was read.)
    headSha: PULL_HEAD_SHA,
    commits: PULL_COMMITS,
    files: PULL_FILES
  })
  sim.github.setPermission(REPO, COMMENTER, role)
}
