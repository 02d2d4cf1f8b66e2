import { clipText } from '../../text.js'
import { describeFailure, explained, statusOf } from '../errors.js'
import type { Repo } from '../event.js'
import { effectiveRole } from '../permissions.js'
import type { Octokit } from '../transport.js'

export interface DeploymentRequest {
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

/** The repository itself: who may do what in it, and its deployments. */
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
  async createDeployment(deployment: DeploymentRequest): Promise<number> {
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
}
