import { clipText, firstLine } from '../../text.js'
import { describeFailure, explained, statusOf } from '../errors.js'
import type { Repo } from '../event.js'
import { effectiveRole } from '../permissions.js'
import type { Octokit } from '../transport.js'
import { changedPaths, type FileChange } from './pulls.js'

export interface GitHubDeploymentRequest {
  /** The commit (a sha) or branch deployed. */
  ref: string
  environment: string
  description: string
  /** A preview: GitHub marks it inactive once a newer one succeeds, and may drop the environment later. */
  transient: boolean
  production: boolean
}

/** The states this action gives a deployment as the run goes. */
export type DeploymentState = 'in_progress' | 'success' | 'failure' | 'error'

export interface DeploymentStatusRequest {
  state: DeploymentState
  /** GitHub keeps 140 characters; longer is cut. */
  description: string
  /** The workflow run. */
  logUrl: string | null
  /** The site or preview: GitHub's "View deployment" button. */
  environmentUrl: string | null
}

/** The states GitHub accepts for a commit status. */
export type CommitStatusState = 'pending' | 'success' | 'failure' | 'error'

export interface CommitStatusRequest {
  state: CommitStatusState
  /** GitHub refuses more than 140 characters; longer is cut. */
  description: string
  /** Where the status's Details link goes. */
  targetUrl: string | null
  /** The status's name, as branch protection requires it. */
  context: string
}

/** What head has that base has not. */
export interface Comparison {
  /**
   * How head relates to base: `ahead` (head contains base), `identical`, `behind` or `diverged` (head does not
   * contain base: a force-push, say); '' where GitHub's answer does not say.
   */
  status: string
  /** Every commit of the comparison, also those beyond the ones listed. */
  totalCommits: number
  /** Oldest first: the first 100. */
  commits: { sha: string; subject: string }[]
  /**
   * The changed paths, both names of a rename (see changedPaths). Null when GitHub's answer has no `files`
   * (it leaves them out of a comparison too large to diff): unknown, which is not "no files changed".
   */
  files: string[] | null
  /** How many files GitHub listed (at most 300, its limit for one diff: that many may be cut); 0 with `files` null. */
  listed: number
}

/** GitHub's most commits per page of a comparison; the files come with the first page. */
const COMPARE_PAGE = 100

/** The repository itself: who may do what in it, its deployments, its commits and their statuses. */
export class RepositoryCalls {
  constructor(
    private readonly octokit: Octokit,
    private readonly repo: Repo
  ) {}

  /**
   * The commenter's role to judge (`admin`, `maintain`, `write`, `triage`, `read`; a custom role as its
   * base permission), or null for a non-collaborator.
   */
  async roleOf(login: string): Promise<string | null> {
    // An empty login names nobody (a deleted account, a payload without a user): no permission, and no request.
    if (login === '') return null
    try {
      const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({ ...this.repo, username: login })
      return effectiveRole(data.role_name, data.permission)
    } catch (error) {
      if (statusOf(error) === 404) return null
      throw describeFailure(`check the repository permission of ${login}`, 'metadata: read', error)
    }
  }

  /**
   * A deployment of `ref` to `environment`, so the pull request and the environments page show it. No
   * required contexts (the docs build does not wait for CI) and no auto-merge (a docs preview never merges
   * the default branch into a pull request's branch).
   */
  async createDeployment(deployment: GitHubDeploymentRequest): Promise<number> {
    return explained(`create a deployment in environment ${deployment.environment}`, 'deployments: write', async () => {
      const { data } = await this.octokit.rest.repos.createDeployment({
        ...this.repo,
        ref: deployment.ref,
        environment: deployment.environment,
        description: deployment.description,
        transient_environment: deployment.transient,
        production_environment: deployment.production,
        required_contexts: [],
        auto_merge: false
      })
      // A 202 (a merge of the default branch instead of a deployment) cannot happen with auto_merge off.
      if (!('id' in data)) throw new Error(`GitHub answered without a deployment: ${data.message ?? 'no message'}`)
      return data.id
    })
  }

  async setDeploymentStatus(id: number, status: DeploymentStatusRequest): Promise<void> {
    return explained(`set the status of deployment ${id} to ${status.state}`, 'deployments: write', async () => {
      await this.octokit.rest.repos.createDeploymentStatus({
        ...this.repo,
        deployment_id: id,
        state: status.state,
        description: clipText(status.description, 140),
        ...(status.logUrl ? { log_url: status.logUrl } : {}),
        ...(status.environmentUrl ? { environment_url: status.environmentUrl } : {})
      })
    })
  }

  /**
   * A commit status on `sha`, which branch protection can require. GitHub keeps the latest per context,
   * so writing the same one twice does no harm: the transport may send it again like a read.
   */
  async createCommitStatus(sha: string, status: CommitStatusRequest): Promise<void> {
    await explained(`set the ${status.context} status of commit ${sha.slice(0, 7)} to ${status.state}`, 'statuses: write', () =>
      this.octokit.rest.repos.createCommitStatus({
        ...this.repo,
        sha,
        state: status.state,
        description: clipText(status.description, 140),
        context: status.context,
        ...(status.targetUrl ? { target_url: status.targetUrl } : {})
      })
    )
  }

  /** What `head` has that `base` has not: one request, the first page of commits and the files with it. */
  async compare(base: string, head: string): Promise<Comparison> {
    return explained(`compare ${shortRef(base)}...${shortRef(head)}`, 'contents: read', async () => {
      const { data } = await this.octokit.rest.repos.compareCommitsWithBasehead({
        ...this.repo,
        basehead: `${base}...${head}`,
        per_page: COMPARE_PAGE
      })
      return {
        status: typeof data.status === 'string' ? data.status : '',
        totalCommits: data.total_commits,
        commits: data.commits.map((commit) => ({ sha: commit.sha, subject: firstLine(commit.commit.message) })),
        files: Array.isArray(data.files) ? changedPaths(data.files.map(fileChangeOf)) : null,
        listed: Array.isArray(data.files) ? data.files.length : 0
      }
    })
  }
}

/** A compare's file as a change: its path, how it changed, and the path it had before a rename. */
function fileChangeOf(file: { filename: string; status?: string; previous_filename?: string }): FileChange {
  return {
    filename: file.filename,
    status: file.status ?? '',
    ...(file.previous_filename ? { previousFilename: file.previous_filename } : {})
  }
}

/** A sha as its first seven characters; a branch or tag as it is. */
function shortRef(ref: string): string {
  return /^[0-9a-f]{40}$/i.test(ref) ? ref.slice(0, 7) : ref
}
