import {
  CheckCalls,
  type CheckAnnotation,
  type CheckRuns,
  type CheckSuite,
  type CombinedStatus,
  type JobLog,
  type WorkflowJob,
  type WorkflowRunOrigin
} from './calls/checks.js'
import { CommentCalls, type IssueComment, type MarkerComment, type NewestComments, type Reaction } from './calls/comments.js'
import {
  type FileChange,
  type HeadOwners,
  type MergedPulls,
  type OpenPull,
  PullCalls,
  type RequestedReviewers,
  type ReviewersRequest
} from './calls/pulls.js'
import { GitRefCalls } from './calls/git-refs.js'
import { LookupCalls } from './calls/lookups.js'
import { type LabelledIssue, type PullReview, type PullStanding, StandingCalls } from './calls/standing.js'
import {
  type CommitStatusRequest,
  type Comparison,
  type GitHubDeploymentRequest,
  type DeploymentStatusRequest,
  RepositoryCalls
} from './calls/repository.js'
import type { IssueRef, PullFacts, Repo } from './event.js'
import { type Bounded, bounded } from './pages.js'
import { connectOctokit, type GitHubConnection } from './transport.js'

export type {
  CheckAnnotation,
  CheckRun,
  CheckRuns,
  CheckSuite,
  CombinedStatus,
  CommitStatusFacts,
  JobLog,
  WorkflowJob,
  WorkflowRunOrigin
} from './calls/checks.js'
export type { IssueComment, MarkerComment, NewestComments, Reaction } from './calls/comments.js'
export type { FileChange, HeadOwners, MergedPull, MergedPulls, OpenPull, RequestedReviewers, ReviewersRequest } from './calls/pulls.js'
export type { LabelledIssue, PullReview, PullStanding } from './calls/standing.js'
export { changedPaths } from './calls/pulls.js'
export type {
  CommitStatusRequest,
  CommitStatusState,
  Comparison,
  GitHubDeploymentRequest,
  DeploymentState,
  DeploymentStatusRequest
} from './calls/repository.js'
export { GitHubError } from './errors.js'
export type { GitHubConnection } from './transport.js'

/** Every call to GitHub, through one entry point: calls by concern in calls/, failures in errors.ts, how requests travel in transport.ts. */
export class GitHubApi {
  private constructor(
    /** Comments, reactions, labels; the sweep reads its record by the comment's id (`comments.byId`). */
    readonly comments: CommentCalls,
    private readonly pulls: PullCalls,
    private readonly repository: RepositoryCalls,
    private readonly checks: CheckCalls,
    private readonly standing: StandingCalls,
    readonly repo: Repo,
    /** Git references (the spend ledger's slots); reads a trust decision rests on (calls/lookups.ts). */
    readonly gitRefs: GitRefCalls,
    readonly lookups: LookupCalls
  ) {}

  /** Octokit is loaded on first need only: it is most of the bundle's start-up cost, and many runs never talk to GitHub. */
  static async connect(token: string, repo: Repo, connection: GitHubConnection): Promise<GitHubApi> {
    const { octokit, download } = await connectOctokit(token, connection)
    return new GitHubApi(
      new CommentCalls(octokit, repo),
      new PullCalls(octokit, repo),
      new RepositoryCalls(octokit, repo),
      new CheckCalls(octokit, repo, download),
      new StandingCalls(octokit, repo),
      repo,
      new GitRefCalls(octokit, repo),
      new LookupCalls(octokit, repo)
    )
  }

  /**
   * Comments on an issue or pull request written by the token's own identity: the only ones trusted to
   * carry our markers. When the identity cannot be told, this fails rather than guess whose comments are ours.
   * Only the newest 1,000 comments are read (`olderUnread` says when there are older ones); `count` is how
   * many comments the event says `on` has (see `commentCountOf`), else one read of the issue tells.
   */
  ownComments(on: IssueRef, count?: number): Promise<NewestComments> {
    return this.comments.own(on, count)
  }

  /**
   * Comments whose job markers are trusted: those of the token's own identity and of the `marker-authors`
   * (see `trustsMarkerOf`), among the newest 1,000, as `ownComments` reads them. Fails, like `ownComments`,
   * when the identity cannot be told.
   */
  markerComments(on: IssueRef, markerAuthors: readonly string[], count?: number): Promise<NewestComments> {
    return this.comments.withTrustedMarkers(on, markerAuthors, count)
  }

  /**
   * The trusted marker comments among the first 100 comments of a pull request, each saying whether the
   * token wrote it. One request: an introduction is written as soon as the agent's pull request exists,
   * so it is among the first comments, and a look-up across many pull requests must stay cheap.
   */
  firstMarkerComments(pull: number, markerAuthors: readonly string[]): Promise<MarkerComment[]> {
    return this.comments.firstWithTrustedMarkers(pull, markerAuthors)
  }

  /** The login the token acts as (an App's `name[bot]`, a PAT's user); fails when GitHub cannot tell. */
  tokenLogin(): Promise<string> {
    return this.comments.tokenLogin()
  }

  createComment(on: IssueRef, body: string): Promise<IssueComment> {
    return this.comments.create(on, body)
  }

  /** Comment `commentId` on `on` gets a new body. */
  updateComment(on: IssueRef, commentId: number, body: string): Promise<IssueComment> {
    return this.comments.update(on, commentId, body)
  }

  /** A reaction on comment `commentId` of `on`. */
  react(on: IssueRef, commentId: number, content: Reaction): Promise<void> {
    return this.comments.react(on, commentId, content)
  }

  /** A reply in the thread of a review comment on pull request `pull`. Not retried once sent, like any comment. */
  replyInReviewThread(pull: number, commentId: number, body: string): Promise<IssueComment> {
    return this.comments.replyInReviewThread(pull, commentId, body)
  }

  updateReviewComment(commentId: number, body: string): Promise<IssueComment> {
    return this.comments.updateReviewComment(commentId, body)
  }

  reactToReviewComment(commentId: number, content: Reaction): Promise<void> {
    return this.comments.reactToReviewComment(commentId, content)
  }

  /** Takes a label off an issue or pull request; one already gone (404) is no error. */
  removeLabel(on: IssueRef, name: string): Promise<void> {
    return this.comments.removeLabel(on, name)
  }

  /** Puts a label on an issue or pull request; GitHub creates one the repository does not have (with `issues: write`). */
  addLabel(on: IssueRef, name: string): Promise<void> {
    return this.comments.addLabel(on, name)
  }

  /** The first 100 merged pull requests an issue search finds (`query` names the repository), newest created first. */
  searchMergedPulls(query: string): Promise<MergedPulls> {
    return this.pulls.searchMergedPulls(query)
  }

  /** One page of the repository's open pull requests, the most recently updated first. */
  openPulls(): Promise<OpenPull[]> {
    return this.pulls.openPulls()
  }

  /** Pull requests that contain a commit, open ones first. */
  pullsForCommit(sha: string): Promise<number[]> {
    return this.pulls.pullsForCommit(sha)
  }

  /** The open pull requests that contain a commit, each as `pull` reads one: one request, whatever others opened on it. */
  openPullsOfCommit(sha: string): Promise<PullFacts[]> {
    return this.pulls.openPullsOfCommit(sha)
  }

  /** Open pull requests and branches whose head is `sha` (see PullCalls.headOwners). */
  headOwners(sha: string, options?: { branches?: boolean }): Promise<HeadOwners> {
    return this.pulls.headOwners(sha, options)
  }

  /** One pull request: title, head, author, whether it was merged (and its merge commit), its size. */
  pull(number: number): Promise<PullFacts> {
    return this.pulls.pull(number)
  }

  /** A pull request's commits, oldest first (the API lists 250 at most): at most 3 pages of 100, `cut` when more were named. */
  pullCommits(number: number): Promise<Bounded<{ sha: string; subject: string }>> {
    return this.pulls.pullCommits(number)
  }

  /** Up to `max` changed file paths of a pull request, reading only the pages needed (at most 3); `cut` when more were named. */
  async pullFiles(number: number, max: number): Promise<Bounded<string>> {
    const files = await this.pulls.pullFileChanges(number, max)
    return bounded(
      files.map((file) => file.filename),
      files.cut
    )
  }

  /** Up to `max` changed files of a pull request with how each changed (added, modified, removed, renamed…); `cut` when more were named. */
  pullFileChanges(number: number, max: number): Promise<Bounded<FileChange>> {
    return this.pulls.pullFileChanges(number, max)
  }

  /** A pull request as the sweep judges it: open, merged, draft, whether it merges, its branches, reviewers, times. */
  pullStanding(number: number): Promise<PullStanding> {
    return this.standing.pullStanding(number)
  }

  /** The first page (100) of a pull request's reviews. */
  pullReviews(number: number): Promise<PullReview[]> {
    return this.standing.reviews(number)
  }

  /** Closes a pull request without merging it. */
  closePull(number: number): Promise<void> {
    return this.standing.closePull(number)
  }

  /** The open issues and pull requests labelled `label`, oldest created first: at most `pages` pages of 100. */
  labelledOpen(label: string, pages: number): Promise<Bounded<LabelledIssue>> {
    return this.standing.labelledOpen(label, pages)
  }

  /** Who is asked to review a pull request now (users, and teams as `org/slug`). */
  requestedReviewers(pull: number): Promise<RequestedReviewers> {
    return this.pulls.requestedReviewers(pull)
  }

  /** Asks users and teams to review a pull request; nobody to ask sends nothing. */
  requestReviewers(pull: number, reviewers: ReviewersRequest): Promise<void> {
    return this.pulls.requestReviewers(pull, reviewers)
  }

  /** The commenter's role (`admin` … `read`; a custom role as its base permission), or null for a non-collaborator. */
  roleOf(login: string): Promise<string | null> {
    return this.repository.roleOf(login)
  }

  /** A deployment of `ref` to `environment`, so the pull request and the environments page show it. */
  createDeployment(deployment: GitHubDeploymentRequest): Promise<number> {
    return this.repository.createDeployment(deployment)
  }

  setDeploymentStatus(id: number, status: DeploymentStatusRequest): Promise<void> {
    return this.repository.setDeploymentStatus(id, status)
  }

  /** A commit status on `sha` (the latest per context counts), which branch protection can require. */
  createCommitStatus(sha: string, status: CommitStatusRequest): Promise<void> {
    return this.repository.createCommitStatus(sha, status)
  }

  /** What `head` has that `base` has not, in one request: the first 100 commits and up to 300 files (null: GitHub gave none). */
  compare(base: string, head: string): Promise<Comparison> {
    return this.repository.compare(base, head)
  }

  /** The latest check run of each check on a commit: one page of 100, with how many there are in all. */
  checkRuns(sha: string): Promise<CheckRuns> {
    return this.checks.checkRuns(sha)
  }

  /** The check suites of a commit (one page of 100), each with the branch it ran for: none for a fork's. */
  checkSuites(sha: string): Promise<CheckSuite[]> {
    return this.checks.checkSuites(sha)
  }

  /** The workflow runs of a commit (one page of 100), each with its check suite and head repository. */
  workflowRuns(sha: string): Promise<WorkflowRunOrigin[]> {
    return this.checks.workflowRuns(sha)
  }

  /** Up to `max` annotations of a check run, in the order GitHub lists them. */
  checkAnnotations(checkRunId: number, max: number): Promise<CheckAnnotation[]> {
    return this.checks.annotations(checkRunId, max)
  }

  /** A commit's combined status: the latest status of each context (one page of 100). */
  combinedStatus(sha: string): Promise<CombinedStatus> {
    return this.checks.combinedStatus(sha)
  }

  /** The jobs of a workflow run's latest attempt, with their steps (one page of 100). */
  workflowJobs(runId: number): Promise<WorkflowJob[]> {
    return this.checks.workflowJobs(runId)
  }

  /** The end of a job's plain-text log, at most `maxBytes` of it (see CheckCalls.jobLog). */
  jobLog(jobId: number, maxBytes: number): Promise<JobLog> {
    return this.checks.jobLog(jobId, maxBytes)
  }
}
