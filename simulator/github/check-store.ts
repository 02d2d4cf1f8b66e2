// The records behind the fake GitHub's checks: check runs (other Apps' and GitHub Actions' jobs), the check
// suites that group them and the workflow runs behind Actions jobs, each with where its commit was pushed:
// this repository, or a fork whose pull request ran CI on the commit. checks.ts and actions.ts serve them.
import { DEFAULT_BRANCH, defaultBranchSha, perRepo, type GitHubState, type Issue, type Repo } from './state.js'
import type { GitHubAnnotationInit, GitHubCheckConclusion, GitHubCheckRunInit, GitHubWorkflowJobInit } from './types.js'

export const ACTIONS_APP = 'github-actions'

export interface Step {
  name: string
  number: number
  conclusion: GitHubCheckConclusion
}

/** An Actions job, beside the check run that shows it (the same id). */
export interface Job {
  runId: number
  steps: Step[]
  log: string
}

export interface CheckRun {
  id: number
  sha: string
  name: string
  app: string
  conclusion: GitHubCheckConclusion
  /** Simulator time (ms) it was planted, and when it completes (the same for a completed one). */
  startedAt: number
  completesAt: number
  title: string | null
  summary: string | null
  text: string | null
  annotations: GitHubAnnotationInit[]
  detailsUrl: string
  job: Job | null
  suite: Suite
}

/**
 * A check suite: one per App and commit and origin (as GitHub groups an App's runs on a commit), one per
 * workflow run for GitHub Actions. `headBranch` is null for a fork's: GitHub's Checks API sees pushes to
 * this repository only, so a fork's branch is not named.
 */
export interface Suite {
  id: number
  app: string
  sha: string
  headBranch: string | null
  /** The fork ('owner/name') whose pull request it ran for; null: this repository. */
  fork: string | null
  createdAt: number
}

/** A workflow run: its jobs share its check suite. */
export interface WorkflowRun {
  id: number
  name: string
  sha: string
  /** The branch its head was pushed to (in the fork, for a fork's run), and the fork, if any. */
  headBranch: string
  fork: string | null
  /** The event that started it. */
  event: string
  suite: Suite
}

export class CheckStore {
  /** Per repository, oldest first. */
  readonly runsOf = perRepo<CheckRun[]>(() => [])
  readonly suitesOf = perRepo<Suite[]>(() => [])
  readonly workflowRunsOf = perRepo<WorkflowRun[]>(() => [])
  private nextRunId = 21000000001
  private nextWorkflowRunId = 9100000001
  private nextSuiteId = 41000000001

  /** `now` is the simulator's clock (SimulatorOptions.now). */
  constructor(
    readonly state: GitHubState,
    readonly now: () => number
  ) {}

  /** A check run of an App, in the App's suite on that commit for its origin. */
  plantCheckRun(repoName: string, init: GitHubCheckRunInit, app: string): CheckRun {
    const repo = this.state.ensureRepo(repoName)
    const sha = this.requireSha(repo, init.sha, repoName)
    const fork = init.fork ?? null
    const suite = this.suitesOf(repo).find(
      (known) => known.app === app && known.sha === sha && known.fork === fork && !this.isWorkflowSuite(repo, known)
    )
    return this.plant(repo, { ...init, sha }, suite ?? this.newSuite(repo, { app, sha, fork }), null)
  }

  /** A job of a workflow run (a new one unless `runId` names a planted one), shown as an Actions check run. */
  plantJob(repoName: string, init: GitHubWorkflowJobInit): { run: CheckRun; workflowRun: WorkflowRun } {
    const repo = this.state.ensureRepo(repoName)
    const sha = this.requireSha(repo, init.sha, repoName)
    const workflowRun = this.workflowRunsOf(repo).find((known) => known.id === init.runId) ?? this.newWorkflowRun(repo, { ...init, sha })
    const steps = (init.steps ?? []).map((step, i) => ({ name: step.name, number: i + 1, conclusion: step.conclusion ?? 'success' }))
    const failedStep = steps.find((step) => step.conclusion !== 'success' && step.conclusion !== 'skipped')
    const job: Job = { runId: workflowRun.id, steps, log: init.log ?? '' }
    const run = this.plant(
      repo,
      { ...init, sha, conclusion: init.conclusion ?? failedStep?.conclusion ?? 'success' },
      workflowRun.suite,
      job
    )
    run.detailsUrl = `https://github.com/${repo.fullName}/actions/runs/${workflowRun.id}/job/${run.id}`
    return { run, workflowRun }
  }

  find(repo: Repo, id: string | undefined): CheckRun | undefined {
    return this.runsOf(repo).find((run) => run.id === Number(id))
  }

  statusOf(run: CheckRun): 'in_progress' | 'completed' {
    return this.now() < run.completesAt ? 'in_progress' : 'completed'
  }

  /** The runs of a suite, oldest first. */
  runsIn(repo: Repo, suite: Suite): CheckRun[] {
    return this.runsOf(repo).filter((run) => run.suite === suite)
  }

  /**
   * The open pull requests whose head is `sha`, forks' included: GitHub lists these in a check run's
   * `pull_requests` ("open with a head_sha or head_branch that matches the check"), whichever run it is.
   */
  openPullsAt(repo: Repo, sha: string): Issue[] {
    return [...repo.issues.values()].filter((issue) => issue.pullRequest && issue.state === 'open' && issue.headSha.toLowerCase() === sha)
  }

  /** A pull request as a check run lists it: `{url, id, number, head, base}`, repositories as `{id, url, name}`. */
  pullMinimal(repo: Repo, pull: Issue): Record<string, unknown> {
    const api = this.state.apiUrl()
    const repoJson = (fullName: string) => ({
      id: fullName === repo.fullName ? 1 : 2,
      url: `${api}/repos/${fullName}`,
      name: fullName.split('/')[1]
    })
    return {
      url: `${api}/repos/${repo.fullName}/pulls/${pull.number}`,
      id: pull.number,
      number: pull.number,
      head: { ref: pull.headRef, sha: pull.headSha, repo: repoJson(pull.headRepo ?? repo.fullName) },
      base: { ref: DEFAULT_BRANCH, sha: defaultBranchSha(repo), repo: repoJson(repo.fullName) }
    }
  }

  private plant(repo: Repo, init: GitHubCheckRunInit | GitHubWorkflowJobInit, suite: Suite, job: Job | null): CheckRun {
    const startedAt = this.now()
    const app = suite.app
    const run: CheckRun = {
      id: this.nextRunId++,
      sha: suite.sha,
      name: init.name,
      app,
      conclusion: init.conclusion ?? 'success',
      startedAt,
      completesAt: startedAt + (init.completesAfterSeconds ?? 0) * 1000,
      title: init.title ?? null,
      summary: init.summary ?? null,
      text: 'text' in init ? (init.text ?? null) : null,
      annotations: init.annotations ?? [],
      detailsUrl: 'detailsUrl' in init && init.detailsUrl !== undefined ? init.detailsUrl : `https://github.com/apps/${app}`,
      job,
      suite
    }
    this.runsOf(repo).push(run)
    return run
  }

  private newSuite(repo: Repo, { app, sha, fork }: Pick<Suite, 'app' | 'sha' | 'fork'>): Suite {
    const suite: Suite = {
      id: this.nextSuiteId++,
      app,
      sha,
      fork,
      headBranch: fork ? null : this.ownBranchAt(repo, sha),
      createdAt: this.now()
    }
    this.suitesOf(repo).push(suite)
    return suite
  }

  private newWorkflowRun(repo: Repo, init: GitHubWorkflowJobInit): WorkflowRun {
    const fork = init.fork ?? null
    const suite = this.newSuite(repo, { app: ACTIONS_APP, sha: init.sha, fork })
    const forkPull = [...repo.issues.values()].find((issue) => issue.headRepo === fork && issue.headSha.toLowerCase() === init.sha)
    const workflowRun: WorkflowRun = {
      id: init.runId ?? this.nextWorkflowRunId++,
      name: init.workflowName ?? 'CI',
      sha: init.sha,
      headBranch: fork ? (forkPull?.headRef ?? DEFAULT_BRANCH) : (suite.headBranch ?? DEFAULT_BRANCH),
      fork,
      event: init.event ?? (fork ? 'pull_request' : 'push'),
      suite
    }
    this.workflowRunsOf(repo).push(workflowRun)
    return workflowRun
  }

  private isWorkflowSuite(repo: Repo, suite: Suite): boolean {
    return this.workflowRunsOf(repo).some((run) => run.suite === suite)
  }

  /** The branch of this repository a push of `sha` went to: its own open pull request's head branch, else the default branch. */
  private ownBranchAt(repo: Repo, sha: string): string {
    return this.openPullsAt(repo, sha).find((pull) => pull.headRepo === null)?.headRef ?? DEFAULT_BRANCH
  }

  private requireSha(repo: Repo, sha: string, repoName: string): string {
    const known = this.state.knownSha(repo, sha)
    if (!known) throw new Error(`${repoName} knows no commit ${sha} (use a 40-hex sha or a pull request's)`)
    return known.toLowerCase()
  }
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** A stable id per App slug. */
export function appId(slug: string): number {
  return [...slug].reduce((id, character) => (id * 31 + character.charCodeAt(0)) % 100000, 7)
}

export function appJson(slug: string): Record<string, unknown> {
  return { id: appId(slug), slug, node_id: `A_sim${appId(slug)}`, name: slug, owner: { login: slug, type: 'Organization' } }
}
