import { wholeCount } from '../text.js'

/** The facts of the triggering event this action uses, read once from the runner's event payload. */
export type GitHubEvent =
  /**
   * `before` and `after`: the head before and after a `synchronize` (empty for other actions). `retargeted`:
   * an `edited` whose payload names a changed base (`changes.base`), not a title or body edit.
   */
  | {
      kind: 'pull_request'
      name: string
      action: string
      pull: PullFacts
      labeled?: Labeling
      before: string
      after: string
      retargeted?: boolean
      /** `reopened`: the event's sender, who reopened it (a triage user may reopen a writer's pull request). */
      reopenedBy?: Actor
    }
  | { kind: 'issue_comment'; name: string; action: string; issue: IssueFacts; comment: CommentFacts }
  /** A comment on a line of a pull request's diff; the status reply goes into its thread. */
  | { kind: 'pull_request_review_comment'; name: string; action: string; pull: PullFacts; comment: CommentFacts & ReviewCommentFacts }
  /** A review of a pull request; its body can hold the trigger like a comment. */
  | { kind: 'pull_request_review'; name: string; action: string; pull: PullFacts; comment: CommentFacts }
  /** An issue event (`labeled` is the one that can start a job). */
  /** `sender`: who opened, edited, labelled… the issue (anyone may open one). */
  | { kind: 'issues'; name: string; action: string; issue: IssueFacts & { body: string }; sender: Actor; labeled?: Labeling }
  /** `compare`: the URL of the whole change; `commits`: as the payload lists them (at most 2,048), oldest first. */
  | { kind: 'push'; name: string; ref: string; before: string; sha: string; compare: string; sender: Actor; commits: PushCommit[] }
  /**
   * A check finished or changed on a commit (`check_suite`, `check_run`, `workflow_run`, `status`): it only
   * wakes a run, which reads the commit's whole picture itself.
   */
  | ChecksEvent
  /**
   * schedule, workflow_dispatch and anything else: no pull request of its own. `action` and `sender` as the
   * payload gives them (absent where it gives none: a schedule has neither).
   */
  | { kind: 'other'; name: string; action?: string; sender?: Actor }

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
  /** Where the checked run comes from, as the payload tells it (the trust gate decides on it). */
  origin: CheckOrigin
}

/**
 * Where a check event's run comes from. `fork`: a fork's branch, as GitHub marks it (a suite's
 * `head_branch` is null, and a check run's suite's), or a workflow run whose `head_repository` is not the
 * repository the event is sent to (or is gone). A legacy status carries no origin: never a fork's.
 * `startedBy`: the event that started a workflow run (`push`, `pull_request`…), '' for the others; `by` who
 * started it.
 */
export interface CheckOrigin {
  fork: boolean
  startedBy: string
  by: Actor
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
  /** The branch it would merge into ('' where the payload does not say). */
  baseRef: string
  /**
   * The base commit as the event (or the read) gives it ('' where it does not say): with the head's sha, an
   * immutable pair whose compare is the pull request's own files at that head.
   */
  baseSha: string
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
 * is about another one, or does not give a whole number (then the issue is read to tell).
 */
export function commentCountOf(event: GitHubEvent, number: number): number | undefined {
  const facts = 'pull' in event ? event.pull : 'issue' in event ? event.issue : null
  return facts?.number === number ? wholeCount(facts.comments) : undefined
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

/** Where the run happens, from the runner's environment (see `readRunContext`). */
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
  /** GITHUB_RUN_NUMBER: which run of the workflow this is (0 where it is not set), the sweep's rotation. */
  runNumber: number
}
