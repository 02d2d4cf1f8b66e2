// Public types of the fake GitHub REST API (see FakeGitHub).
/** A repository role, as GitHub names them (`role_name`). */
export type GitHubRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read'

/**
 * An organisation's custom repository role: GitHub reports its own name as `role_name` and the base
 * role it inherits as `permission` (`admin`, `write` or `read`, the legacy names).
 */
export interface GitHubCustomRole {
  name: string
  permission: 'admin' | 'write' | 'read'
}

/** What a token may do in one repository. */
export type GitHubAccess = 'read' | 'write'

/** Another token the fake GitHub accepts (see FakeGitHub.addToken). */
export interface GitHubTokenInit {
  /** Login it acts as: comments and reactions it writes carry it, GraphQL `viewer` answers it. */
  identity: string
  /** `owner/name` → access; every other repository answers 404 to it, as GitHub hides what a token cannot see. */
  repositories: Record<string, GitHubAccess>
}

/** Families of GitHub endpoints that `forbid()` can shut off. */
export type GitHubFamily = 'comments' | 'reactions' | 'pulls' | 'labels' | 'deployments' | 'statuses' | 'checks' | 'actions'

export type GitHubUserType = 'User' | 'Bot'

/** An issue or pull request of the fake GitHub. */
export interface GitHubIssueInit {
  number: number
  title: string
  /** Label names on the issue or pull request. */
  labels?: string[]
  /** A pull request (also reachable under /pulls). Default false. */
  pullRequest?: boolean
  /** Author login. Default 'octocat'. */
  user?: string
  /** The author's account type (`user.type`). Default 'Bot' for a login ending in '[bot]', else 'User'. */
  userType?: GitHubUserType
  body?: string
  /** Head commit of a pull request. Default: the sha of its last commit (generated). */
  headSha?: string
  /** Head branch of a pull request. Default 'feature-<number>'. */
  headRef?: string
  /**
   * The repository ('owner/name') the head branch lives in, when it is a fork: `head.repo` then names it
   * (with `fork: true`) and `head.label` is '<fork owner>:<headRef>'. Default: the repository itself.
   */
  headRepo?: string
  /** Commit messages of a pull request, oldest first (shas are generated; the last one is `headSha`). */
  commits?: string[]
  /** Changed files of a pull request: a path alone is a modified file. */
  files?: (string | GitHubPullFile)[]
  /** When it was last updated (ISO 8601, whole seconds); default now. Comments and closing update it again. */
  updatedAt?: string
  /** When it was created (ISO 8601, whole seconds); default now. */
  createdAt?: string
  /** A draft pull request. Default false. */
  draft?: boolean
  /**
   * Whether the pull request merges into its base, once GitHub computed it: the first `GET …/pulls/{n}`
   * answers `mergeable: null` and `mergeable_state: unknown`, as GitHub does while it computes; later reads
   * this. Default true.
   */
  mergeable?: boolean
  /** `mergeable_state` once computed. Default `clean`, or `dirty` when not mergeable. */
  mergeableState?: GitHubMergeableState
}

/** GitHub's words for `mergeable_state`. */
export type GitHubMergeableState = 'behind' | 'blocked' | 'clean' | 'dirty' | 'draft' | 'has_hooks' | 'unknown' | 'unstable'

/** How a review ends, as GitHub names its states. */
export type GitHubReviewState = 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED' | 'PENDING'

/** A review planted by a test (see FakeGitHub.addReview). */
export interface GitHubReviewInit {
  user: string
  state: GitHubReviewState
  /** The commit reviewed. Default the pull request's head now. */
  commitId?: string
  body?: string
  /** ISO 8601, whole seconds. Default now. */
  submittedAt?: string
}

/** How GitHub names a pull request file's change (`status` in `GET …/pulls/{n}/files`). */
export type GitHubFileStatus = 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged'

/** A changed file of a pull request. */
export interface GitHubPullFile {
  filename: string
  /** Default 'modified'. */
  status?: GitHubFileStatus
  /** The path before a rename or copy; required for those, refused for the others. */
  previousFilename?: string
  /** Lines added and deleted. Default: 0 and 0 for a pure rename or copy, else what the status suggests (1 each for modified). */
  additions?: number
  deletions?: number
}

/** The states GitHub accepts for a deployment status. */
export type GitHubDeploymentState = 'error' | 'failure' | 'inactive' | 'in_progress' | 'queued' | 'pending' | 'success'

/** A deployment status as the fake GitHub holds it (field names as in GitHub's JSON). */
export interface SimGitHubDeploymentStatus {
  id: number
  state: GitHubDeploymentState
  description: string
  environment: string
  log_url: string
  environment_url: string
  /** Login of the token's identity that wrote it. */
  creator: string
  created_at: string
}

/** A deployment as the fake GitHub holds it, with its statuses oldest first (a snapshot). */
export interface SimGitHubDeployment {
  id: number
  sha: string
  ref: string
  task: string
  environment: string
  original_environment: string
  description: string
  payload: unknown
  transient_environment: boolean
  production_environment: boolean
  /** null when the request left them out (GitHub then requires every commit status context to pass). */
  required_contexts: string[] | null
  auto_merge: boolean
  creator: string
  created_at: string
  statuses: SimGitHubDeploymentStatus[]
}

/** What a planted comparison of two commits holds (see FakeGitHub.setCompare). */
export interface GitHubComparisonInit {
  /** Messages of the commits head has and base has not, oldest first (shas generated; the last is head's). */
  commits?: string[]
  /** The files changed between base and head: a path alone is a modified file. */
  files?: (string | GitHubPullFile)[]
  /** Commits base has and head has not. Default 0. */
  behindBy?: number
}

/** The states GitHub accepts for a commit status. */
export type GitHubStatusState = 'error' | 'failure' | 'pending' | 'success'

/** A commit status as the fake GitHub holds it (field names as in GitHub's JSON; `creator` is the login). */
export interface SimCommitStatus {
  id: number
  /** The commit, lower case. */
  sha: string
  state: GitHubStatusState
  description: string | null
  target_url: string | null
  context: string
  creator: string
  created_at: string
}

/** A commit status planted by a test (see FakeGitHub.addStatus), as by another App or CI. */
export interface GitHubStatusInit {
  state: GitHubStatusState
  context: string
  description?: string | null
  targetUrl?: string | null
  /** Login of who wrote it. Default 'ci-bot[bot]'. */
  creator?: string
}

/** How a check run or an Actions job ends, as GitHub names the conclusions. */
export type GitHubCheckConclusion = 'success' | 'failure' | 'neutral' | 'cancelled' | 'skipped' | 'timed_out' | 'action_required' | 'stale'

/** An annotation of a check run (`GET …/check-runs/{id}/annotations`). */
export interface GitHubAnnotationInit {
  path: string
  startLine: number
  /** Default startLine. */
  endLine?: number
  /** `notice`, `warning` or `failure`. Default 'failure'. */
  level?: 'notice' | 'warning' | 'failure'
  message: string
  title?: string | null
  rawDetails?: string | null
}

/** A check run planted by a test (see FakeGitHub.addCheckRun). */
export interface GitHubCheckRunInit {
  /** The commit checked (a sha the repository knows: any 40-hex sha, or a pull request's). */
  sha: string
  name: string
  /** The App's slug: `mintlify`, `github-actions`, … Default 'mintlify'. */
  app?: string
  /** Default 'success'. */
  conclusion?: GitHubCheckConclusion
  /**
   * Seconds of simulator time (SimulatorOptions.now) after which the run completes: until then it is
   * `in_progress` with no conclusion (and no log). Default 0: completed already.
   */
  completesAfterSeconds?: number
  title?: string | null
  summary?: string | null
  text?: string | null
  annotations?: GitHubAnnotationInit[]
  /** The run's Details link. Default the App's page. */
  detailsUrl?: string
  /**
   * The fork ('owner/name') whose pull request on this commit the run is for: it goes in a suite of its own
   * whose `head_branch` is null, as GitHub gives a fork's branch. Default: a run for this repository's
   * branch (its open pull request's head branch at the commit, else the default branch).
   */
  fork?: string
}

/** A GitHub Actions job planted by a test (see FakeGitHub.addWorkflowJob): its check run has the same id. */
export interface GitHubWorkflowJobInit {
  sha: string
  /** The job's name (its check run's name). */
  name: string
  /** The workflow run it belongs to; jobs of one run share it. Default: a new run. */
  runId?: number
  workflowName?: string
  /** Default 'success'; a job fails with the first failed step's conclusion when not given. */
  conclusion?: GitHubCheckConclusion
  completesAfterSeconds?: number
  /** Steps in order, numbered from 1; `Set up job` and `Complete job` are not added for you. */
  steps?: { name: string; conclusion?: GitHubCheckConclusion }[]
  /** The plain-text log `…/actions/jobs/{id}/logs` redirects to (GitHub's: a timestamp before each line). */
  log?: string
  annotations?: GitHubAnnotationInit[]
  title?: string | null
  summary?: string | null
  /**
   * The fork ('owner/name') whose pull request ran this workflow on the commit: its workflow run's
   * `head_repository` is the fork (event `pull_request`) and its check suite's `head_branch` is null.
   * Default: a push to this repository.
   */
  fork?: string
  /**
   * The event that started its workflow run (`pull_request_target` for a workflow a fork's pull request into
   * this repository's branch starts there). Default: `pull_request` for a fork's run, else `push`.
   */
  event?: string
}

/** What addWorkflowJob made: the job's id (= its check run's id) and its run's. */
export interface SimWorkflowJob {
  jobId: number
  runId: number
}

/** A comment as the fake GitHub holds it (a snapshot: later edits do not show in it). */
export interface SimComment {
  id: number
  body: string
  user: { login: string; type: GitHubUserType }
  html_url: string
  created_at: string
  updated_at: string
  /** Contents of the reactions added through the API, in order ('eyes', 'rocket', ...). */
  reactions: string[]
}

/**
 * A fake GitHub REST API under `${sim.url}/api/v3` (GraphQL at `${sim.url}/api/graphql`), enough for
 * Octokit to comment on issues and pull requests, react, check permissions and read pull requests.
 * Repositories are 'owner/name' and, as on GitHub, matched case-insensitively.
 */
/** How the git references behave (see FakeGitHub.gitRefs). */
export interface GitRefOptions {
  /** A new reference shows in the matching list only this long after its creation. */
  listLagMs: number
  /** How often (0 to 1) a creation of a name that exists answers "Reference update failed" instead of "Reference already exists". */
  updateFailedRate: number
  /**
   * The first this many lists of a window are answered together, once all have arrived (at most 60 s
   * later): runs started together then claim together, whatever their start-up took. 0: no barrier.
   */
  listBarrier: number
}

/** The git references of the fake GitHub (the spend ledger's slots), for tests to set up and read. */
export interface SimGitRefs {
  readonly options: GitRefOptions
  /** Every reference of a repository by name, lag or not. */
  list(repo: string): string[]
  /** A reference as if another run had created it; its sha defaults to the default branch's head. */
  add(repo: string, ref: string, sha?: string): void
  /** A repository without commits: its git routes answer 409 "Git Repository is empty.". */
  markEmpty(repo: string): void
}

export interface FakeGitHub {
  /** Git references: the matching list (with a lag to set), creation, deletion and commits/HEAD. */
  readonly gitRefs: SimGitRefs
  /** How `GET /search/issues` behaves: `incompleteResults` answers as a search that timed out (part of what matched, `incomplete_results: true`). */
  readonly searchOptions: { incompleteResults: boolean }
  /** The accepted token (`Authorization: token X` or `Bearer X`); others get 401 Bad credentials. */
  token: string
  /** Login of the token's identity; type 'Bot' when it ends in '[bot]', else 'User'. */
  identity: string
  /**
   * Accepts another token with its own identity and only the listed repositories: writes (POST, PATCH)
   * where it has 'read' get 403 "Resource not accessible by integration", and unlisted repositories 404.
   * `token` above keeps write access everywhere.
   */
  addToken(token: string, init: GitHubTokenInit): void
  addIssue(repo: string, issue: GitHubIssueInit): void
  /** A pre-existing comment (also one "by" the identity, e.g. an earlier sticky comment). */
  addComment(repo: string, issueNumber: number, comment: { user: string; userType?: GitHubUserType; body: string }): SimComment
  /** The comments of an issue now, in creation order. Throws for an issue never added. */
  comments(repo: string, issueNumber: number): SimComment[]
  /** Deletes a conversation comment, as its author or a writer can. */
  deleteComment(repo: string, commentId: number): void
  /** A review comment starting a thread on a pull request's diff (as by a reviewer). */
  addReviewComment(repo: string, pullNumber: number, comment: { user: string; userType?: GitHubUserType; body: string }): SimComment
  /** The review comments of a pull request now, replies with the id of the comment they reply to. */
  reviewComments(repo: string, pullNumber: number): (SimComment & { in_reply_to_id: number | null })[]
  /** Puts a label on an issue or pull request (a labeled event's label is on it already). */
  addLabel(repo: string, issueNumber: number, name: string): void
  /**
   * The labels of an issue or pull request now (`POST …/labels` adds some, creating in the repository any
   * it does not have, as GitHub does; `DELETE …/labels/{name}` removes one).
   */
  labels(repo: string, issueNumber: number): string[]
  /** The labels the repository has: those its issues were planted with, and those `POST …/labels` created. */
  repositoryLabels(repo: string): string[]
  /** Sets a collaborator's role (or custom role); null (or never set) makes the permission endpoint answer 404. */
  setPermission(repo: string, login: string, role: GitHubRole | GitHubCustomRole | null): void
  /**
   * A review of a pull request (`GET …/pulls/{n}/reviews` lists it); it counts as activity (`updated_at`),
   * and takes its author off the requested reviewers, as GitHub does.
   */
  addReview(repo: string, pullNumber: number, review: GitHubReviewInit): void
  /**
   * GitHub computes again whether a pull request merges (a push, a base that moved): the next read answers
   * `mergeable: null` once, then `mergeable` and `mergeableState`.
   */
  setMergeable(repo: string, pullNumber: number, mergeable: boolean, mergeableState?: GitHubMergeableState): void
  /** The default branch gets a new head (someone merged into it): pull requests show the new base sha. */
  moveDefaultBranch(repo: string): void
  /** Replaces the changed files of a pull request (e.g. the agent's, which the simulator opens without files). */
  setPullFiles(repo: string, pullNumber: number, files: (string | GitHubPullFile)[]): void
  /** A push to a pull request's head branch: `sha` becomes its head (and its last commit). */
  pushToPull(repo: string, pullNumber: number, sha: string): void
  /** The deployments created in a repository, oldest first, each with its statuses oldest first. */
  deployments(repo: string): SimGitHubDeployment[]
  /**
   * Gives a team of the repository's organization (by slug) access to the repository, so that reviews may
   * be requested from it (`team_reviewers`); other teams get the 422 of a non-collaborator.
   */
  addTeam(repo: string, slug: string): void
  /**
   * Who was asked to review a pull request (`POST …/requested_reviewers`), in the order asked: logins as
   * the request spelled them, team slugs. Only collaborators (setPermission) and the repository's owner
   * may be asked, never the pull request's author.
   */
  requestedReviewers(repo: string, pullNumber: number): { users: string[]; teams: string[] }
  /**
   * Plants the comparison `GET …/compare/{base}...{head}` answers: `ahead_by` and `total_commits` count the
   * commits, `status` follows from them and `behindBy`. The fake has no history: any other comparison is
   * 404, as GitHub answers for refs it does not know. A 40-hex head is the last commit's sha.
   */
  setCompare(repo: string, base: string, head: string, comparison: GitHubComparisonInit): void
  /** The commit statuses written on a commit (sha matched case-insensitively), in the order they were written. */
  statuses(repo: string, sha: string): SimCommitStatus[]
  /** A commit status written by someone else (another App, a CI service), as if it had been posted. */
  addStatus(repo: string, sha: string, status: GitHubStatusInit): SimCommitStatus
  /**
   * A check run of an App on a commit, with its output and annotations: `GET …/commits/{ref}/check-runs`
   * lists it (its `pull_requests`: every open pull request whose head is the commit, forks' too),
   * `GET …/check-runs/{id}/annotations` pages its annotations, and `GET …/commits/{ref}/check-suites` its
   * App's suite on the commit (a fork's run: a suite of its own, `head_branch` null). Returns its id.
   */
  addCheckRun(repo: string, run: GitHubCheckRunInit): number
  /**
   * A GitHub Actions job: a check run of App `github-actions` (its id is the job's, its Details link the
   * job's page `…/actions/runs/{run}/job/{job}`), listed by `GET …/actions/runs/{run}/jobs` with its steps,
   * its workflow run (with its check suite and `head_repository`) by `GET …/actions/runs?head_sha=`, and
   * its log behind `GET …/actions/jobs/{id}/logs`: a 302 to a URL on this server that needs no token,
   * refuses one, and expires 60 s (simulator time) after it was handed out.
   */
  addWorkflowJob(repo: string, job: GitHubWorkflowJobInit): SimWorkflowJob
  /**
   * Closes a pull request, merged or not: `GET …/pulls` lists it under `state=closed` and `all`, no longer
   * under `open`. Merged, it has `merged: true`, `merged_at`, and `merge_commit_sha` the merge commit
   * (`mergeCommitSha`, default generated); before that, `merge_commit_sha` is its test merge commit, as on
   * GitHub. `at` (ISO 8601, whole seconds; default now) is when it was closed, and merged.
   */
  closePull(repo: string, pullNumber: number, options?: { merged?: boolean; mergeCommitSha?: string; at?: string }): void
  /** Makes `commits/{sha}/pulls` list these pull requests (a PR's own commits are listed anyway). */
  linkCommit(repo: string, sha: string, pullNumbers: number[]): void
  /**
   * From now on that family answers `status` (default 403 "Resource not accessible by integration"):
   * 'comments' = list/create/update comments, 'reactions' = comment reactions, 'pulls' = the pull list,
   * pulls/* and commits/{sha}/pulls, 'deployments' = deployments and their statuses (a token without
   * `deployments: write`), 'statuses' = commit statuses, written or read (a token without `statuses: write`),
   * 'checks' = check runs, check suites and annotations (a token without `checks: read`), 'actions' =
   * workflow runs, their jobs and the jobs' logs (a token without `actions: read`).
   */
  forbid(what: GitHubFamily, options?: { status?: number }): void
}
