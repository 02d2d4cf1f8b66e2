// A fake GitHub REST API under /api/v3 (and a sliver of GraphQL at /api/graphql), served by the same
// server as the fake Mintlify API. It follows GitHub's shapes closely enough for Octokit to work
// unchanged: JSON field names, status codes, `Link` pagination and the error body
// {"message", "documentation_url", "status"}. This class is the front: it checks the token, finds the
// route and hands the request to the concern that owns it (access, issues, comments, pulls, reviewers,
// deployments, statuses, comparisons, checks, actions), each of which lists its own routes. A job log's signed
// download URL lives outside /api/ and takes no token.
import type { RouteResponse } from '../types.js'
import { Access } from './access.js'
import { Actions } from './actions.js'
import { CheckStore } from './check-store.js'
import { Checks } from './checks.js'
import { Comments, type CommentInit } from './comments.js'
import { Comparisons } from './compare.js'
import { Deployments } from './deployments.js'
import { GitRefs } from './git-refs.js'
import { decodeParams, isGitHubPath, notFound, type GitHubRequest, type Route } from './http.js'
import { Issues } from './issues.js'
import { Pulls } from './pulls.js'
import { Reviewers } from './reviewers.js'
import { searchIssues, type SearchOptions } from './search.js'
import { Statuses } from './statuses.js'
import { GitHubState } from './state.js'
import type {
  FakeGitHub,
  GitHubCheckRunInit,
  GitHubComparisonInit,
  GitHubCustomRole,
  GitHubFamily,
  GitHubIssueInit,
  GitHubMergeableState,
  GitHubReviewInit,
  GitHubPullFile,
  GitHubRole,
  GitHubStatusInit,
  GitHubTokenInit,
  GitHubWorkflowJobInit,
  SimComment,
  SimCommitStatus,
  SimGitHubDeployment,
  SimWorkflowJob
} from './types.js'

export const SIM_GITHUB_TOKEN = 'ghs_simulated_workflow_token'
export const DEFAULT_GITHUB_IDENTITY = 'github-actions[bot]'

export class FakeGitHubServer implements FakeGitHub {
  private readonly state: GitHubState
  private readonly access: Access
  private readonly issues: Issues
  private readonly commentStore: Comments
  private readonly pulls: Pulls
  private readonly deploymentStore: Deployments
  private readonly statusStore: Statuses
  private readonly reviewers: Reviewers
  private readonly comparisons: Comparisons
  private readonly checks: Checks
  private readonly actions: Actions
  readonly gitRefs: GitRefs
  readonly searchOptions: SearchOptions = { incompleteResults: false }
  private readonly routes: Route[]

  /**
   * `serverUrl` gives 'http://127.0.0.1:PORT' (known once the server listens), for absolute URLs; `now` is
   * the simulator's clock, which check runs complete by, log URLs expire by and comments are dated by.
   */
  constructor(
    public token: string,
    public identity: string,
    serverUrl: () => string,
    now: () => number = Date.now
  ) {
    this.state = new GitHubState(serverUrl)
    this.access = new Access(this.state, token, identity)
    this.commentStore = new Comments(this.state, now)
    this.issues = new Issues(this.state, (repo, issue) => this.commentStore.count(repo, issue))
    this.pulls = new Pulls(this.state)
    this.deploymentStore = new Deployments(this.state)
    this.statusStore = new Statuses(this.state)
    this.reviewers = new Reviewers(this.state, this.pulls)
    this.comparisons = new Comparisons(this.state)
    const checkStore = new CheckStore(this.state, now)
    this.checks = new Checks(checkStore)
    this.actions = new Actions(checkStore)
    this.gitRefs = new GitRefs(this.state, now)
    this.routes = [
      this.access,
      this.issues,
      this.commentStore,
      this.pulls,
      this.reviewers,
      this.deploymentStore,
      this.statusStore,
      this.comparisons,
      this.checks,
      this.actions,
      this.gitRefs
    ].flatMap((concern) => concern.routes())
  }

  // ---- Test-side API (see FakeGitHub) ----

  addToken(token: string, init: GitHubTokenInit): void {
    this.access.addToken(token, init)
  }

  forbid(what: GitHubFamily, options?: { status?: number }): void {
    this.access.forbid(what, options)
  }

  setPermission(repo: string, login: string, role: GitHubRole | GitHubCustomRole | null): void {
    this.access.setPermission(repo, login, role)
  }

  addIssue(repo: string, issue: GitHubIssueInit): void {
    this.issues.add(repo, issue)
  }

  addReview(repo: string, pullNumber: number, review: GitHubReviewInit): void {
    this.reviewers.addReview(repo, pullNumber, review)
  }

  setMergeable(repo: string, pullNumber: number, mergeable: boolean, mergeableState?: GitHubMergeableState): void {
    this.pulls.setMergeable(repo, pullNumber, mergeable, mergeableState)
  }

  moveDefaultBranch(repo: string): void {
    this.pulls.moveDefaultBranch(repo)
  }

  addLabel(repo: string, issueNumber: number, name: string): void {
    this.issues.addLabel(repo, issueNumber, name)
  }

  labels(repo: string, issueNumber: number): string[] {
    return this.issues.labels(repo, issueNumber)
  }

  repositoryLabels(repo: string): string[] {
    return this.issues.repositoryLabels(repo)
  }

  addComment(repo: string, issueNumber: number, comment: CommentInit): SimComment {
    return this.commentStore.add(repo, issueNumber, comment)
  }

  comments(repo: string, issueNumber: number): SimComment[] {
    return this.commentStore.list(repo, issueNumber)
  }

  deleteComment(repo: string, commentId: number): void {
    this.commentStore.delete(repo, commentId)
  }

  addReviewComment(repo: string, pullNumber: number, comment: CommentInit): SimComment {
    return this.commentStore.addReview(repo, pullNumber, comment)
  }

  reviewComments(repo: string, pullNumber: number): (SimComment & { in_reply_to_id: number | null })[] {
    return this.commentStore.listReview(repo, pullNumber)
  }

  setPullFiles(repo: string, pullNumber: number, files: (string | GitHubPullFile)[]): void {
    this.pulls.setFiles(repo, pullNumber, files)
  }

  pushToPull(repo: string, pullNumber: number, sha: string): void {
    this.pulls.pushHead(repo, pullNumber, sha)
  }

  closePull(repo: string, pullNumber: number, options?: { merged?: boolean; at?: string }): void {
    this.pulls.close(repo, pullNumber, options)
  }

  linkCommit(repo: string, sha: string, pullNumbers: number[]): void {
    this.pulls.linkCommit(repo, sha, pullNumbers)
  }

  deployments(repo: string): SimGitHubDeployment[] {
    return this.deploymentStore.list(repo)
  }

  addTeam(repo: string, slug: string): void {
    this.reviewers.addTeam(repo, slug)
  }

  requestedReviewers(repo: string, pullNumber: number): { users: string[]; teams: string[] } {
    return this.reviewers.requested(repo, pullNumber)
  }

  setCompare(repo: string, base: string, head: string, comparison: GitHubComparisonInit): void {
    this.comparisons.plant(repo, base, head, comparison)
  }

  statuses(repo: string, sha: string): SimCommitStatus[] {
    return this.statusStore.list(repo, sha)
  }

  addStatus(repo: string, sha: string, status: GitHubStatusInit): SimCommitStatus {
    return this.statusStore.add(repo, sha, status)
  }

  addCheckRun(repo: string, run: GitHubCheckRunInit): number {
    return this.checks.addCheckRun(repo, run)
  }

  addWorkflowJob(repo: string, job: GitHubWorkflowJobInit): SimWorkflowJob {
    return this.actions.addWorkflowJob(repo, job)
  }

  // ---- HTTP side ----

  /** Answers every request under /api/ (unknown ones with 404); undefined for other paths. */
  handle(req: GitHubRequest): RouteResponse | Promise<RouteResponse> | undefined {
    if (!isGitHubPath(req.path)) return this.actions.download(req)
    const grant = this.access.authorize(req.headers)
    if ('status' in grant) return grant
    if (req.path === '/api/graphql') return req.method === 'POST' ? this.access.graphql(req, grant.identity) : notFound()
    if (req.path === '/api/v3/user') return req.method === 'GET' ? this.access.user(grant.identity) : notFound()
    if (req.path === '/api/v3/search/issues')
      // Only the token's access to the repository counts: forbid('pulls') shuts off the pull requests' own endpoints.
      return req.method === 'GET'
        ? searchIssues(req, this.state, (repo) => this.access.refusal(grant, repo, 'GET', undefined), this.searchOptions)
        : notFound()

    for (const route of this.routes) {
      // GitHub answers 404 (not 405) for a method a path does not support.
      if (route.method !== req.method) continue
      const match = route.pattern.exec(req.path)
      if (!match) continue
      const params = decodeParams(match.groups ?? {})
      const repo = params && this.state.findRepo(`${params.owner}/${params.repo}`)
      if (!params || !repo) return notFound()
      return this.access.refusal(grant, repo, req.method, route.family) ?? route.handle({ req, params, repo, actor: grant.identity })
    }
    return notFound()
  }
}
