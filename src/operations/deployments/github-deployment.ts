import { messageOf } from '../../errors.js'
import type { DeploymentState, GitHubApi } from '../../github/api.js'
import type { DeploymentKind } from './verdicts.js'

/** What the record of a run in a GitHub environment needs to know. */
export interface EnvironmentRequest {
  kind: DeploymentKind
  environment: string
  /** The commit deployed (GitHub needs a ref; a sha names exactly what was built). */
  sha: string
  /** `preview`: the branch, for the description. */
  branch: string | null
  runUrl: string | null
}

/**
 * The deployment in a GitHub environment, so the pull request shows "View deployment" and the
 * environments page its history. a GitHub failure here is a warning: the deployment at Mintlify, and the
 * result of the run, stand whatever GitHub answers.
 */
export class GitHubDeployment {
  private constructor(
    private readonly api: GitHubApi,
    private readonly id: number,
    private readonly request: EnvironmentRequest,
    private readonly warn: (message: string) => void
  ) {}

  /** Creates the deployment and marks it in progress; null (after one warning) when GitHub refuses. */
  static async open(api: GitHubApi, request: EnvironmentRequest, warn: (message: string) => void): Promise<GitHubDeployment | null> {
    const what = request.kind === 'deploy' ? 'Mintlify docs deployment' : `Mintlify docs preview of ${request.branch ?? 'a branch'}`
    try {
      const id = await api.createDeployment({
        ref: request.sha,
        environment: request.environment,
        description: what,
        transient: request.kind === 'preview',
        production: request.kind === 'deploy'
      })
      const record = new GitHubDeployment(api, id, request, warn)
      await record.set('in_progress', 'Building at Mintlify.', null)
      return record
    } catch (error) {
      warn(`${messageOf(error)} The deployment is not shown in the GitHub environment ${request.environment}; the run goes on.`)
      return null
    }
  }

  /** The run's last word in the environment: `success` with the site's URL, `failure`, or `error` (unknown end). */
  async close(state: Exclude<DeploymentState, 'in_progress'>, description: string, environmentUrl: string | null): Promise<void> {
    await this.set(state, description, environmentUrl)
  }

  private async set(state: DeploymentState, description: string, environmentUrl: string | null): Promise<void> {
    try {
      await this.api.setDeploymentStatus(this.id, { state, description, logUrl: this.request.runUrl, environmentUrl })
    } catch (error) {
      this.warn(`${messageOf(error)} The GitHub environment ${this.request.environment} may not show this run's result.`)
    }
  }
}
