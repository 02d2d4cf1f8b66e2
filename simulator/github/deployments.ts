// Deployments of the fake GitHub and their statuses: what a preview or production deploy records on GitHub.
import type { RouteResponse } from '../types.js'
import {
  booleanField,
  gitHubError,
  notFound,
  paginate,
  readBody,
  route,
  stringField,
  validationFailed,
  type Context,
  type Route
} from './http.js'
import { perRepo, timestamp, type GitHubState, type Repo } from './state.js'
import type { GitHubDeploymentState, SimGitHubDeployment } from './types.js'

const DEPLOYMENT_STATES: readonly GitHubDeploymentState[] = ['error', 'failure', 'inactive', 'in_progress', 'queued', 'pending', 'success']
const MAX_STATUS_DESCRIPTION = 140

interface Deployment {
  id: number
  sha: string
  ref: string
  task: string
  environment: string
  originalEnvironment: string
  description: string
  payload: unknown
  transient: boolean
  production: boolean
  requiredContexts: string[] | null
  autoMerge: boolean
  creator: string
  createdAt: string
  updatedAt: string
  /** Oldest first. */
  statuses: DeploymentStatusRecord[]
}

interface DeploymentStatusRecord {
  id: number
  state: GitHubDeploymentState
  description: string
  environment: string
  logUrl: string
  environmentUrl: string
  creator: string
  createdAt: string
}

export class Deployments {
  /** Per repository, in creation order. */
  private readonly of = perRepo<Deployment[]>(() => [])
  private nextDeploymentId = 3000000001
  private nextDeploymentStatusId = 4000000001

  constructor(private readonly state: GitHubState) {}

  // ---- Test-side API ----

  list(repoName: string): SimGitHubDeployment[] {
    const repo = this.state.findRepo(repoName)
    return (repo ? this.of(repo) : []).map((d) => ({
      id: d.id,
      sha: d.sha,
      ref: d.ref,
      task: d.task,
      environment: d.environment,
      original_environment: d.originalEnvironment,
      description: d.description,
      payload: d.payload,
      transient_environment: d.transient,
      production_environment: d.production,
      required_contexts: d.requiredContexts && [...d.requiredContexts],
      auto_merge: d.autoMerge,
      creator: d.creator,
      created_at: d.createdAt,
      statuses: d.statuses.map((status) => ({
        id: status.id,
        state: status.state,
        description: status.description,
        environment: status.environment,
        log_url: status.logUrl,
        environment_url: status.environmentUrl,
        creator: status.creator,
        created_at: status.createdAt
      }))
    }))
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [
      route('POST', '/deployments', 'deployments', (ctx) => this.createDeployment(ctx)),
      route('GET', '/deployments', 'deployments', (ctx) => this.listDeployments(ctx)),
      route('POST', '/deployments/{id}/statuses', 'deployments', (ctx) => this.createDeploymentStatus(ctx)),
      route('GET', '/deployments/{id}/statuses', 'deployments', (ctx) => this.listDeploymentStatuses(ctx))
    ]
  }

  /**
   * `POST …/deployments`: 201 with the deployment. `ref` (a branch, or a sha) is required and must
   * resolve: a 40-hex sha, a sha of a planted pull request, the default branch 'main' or a pull
   * request's head branch; else 422 "No ref found". Commit status checks (`required_contexts`) and
   * `auto_merge` are recorded, not carried out: the simulator has neither.
   */
  createDeployment({ req, repo, actor }: Context): RouteResponse {
    const parsed = readBody(
      req,
      {
        ref: ['string'],
        task: ['string'],
        auto_merge: ['boolean'],
        required_contexts: ['string[]'],
        payload: ['object', 'string'],
        environment: ['string'],
        description: ['string', 'null'],
        transient_environment: ['boolean'],
        production_environment: ['boolean']
      },
      ['ref']
    )
    if (!parsed.ok) return parsed.error
    const body = parsed.value
    const ref = stringField(body, 'ref') ?? ''
    const sha = this.state.resolveRef(repo, ref)
    if (!sha) return gitHubError(422, `No ref found for: ${ref}`)
    const environment = stringField(body, 'environment') ?? 'production'
    const now = timestamp()
    const deployment: Deployment = {
      id: this.nextDeploymentId++,
      sha,
      ref,
      task: stringField(body, 'task') ?? 'deploy',
      environment,
      originalEnvironment: environment,
      description: stringField(body, 'description') ?? '',
      payload: payloadOf(body.payload),
      transient: booleanField(body, 'transient_environment') ?? false,
      production: booleanField(body, 'production_environment') ?? environment === 'production',
      requiredContexts: Array.isArray(body.required_contexts) ? body.required_contexts.map(String) : null,
      autoMerge: booleanField(body, 'auto_merge') ?? true,
      creator: actor,
      createdAt: now,
      updatedAt: now,
      statuses: []
    }
    this.of(repo).push(deployment)
    return { status: 201, json: this.deploymentJson(repo, deployment) }
  }

  /** `GET …/deployments`: newest first, filtered by `sha`, `ref`, `task` and `environment`. */
  listDeployments({ req, repo }: Context): RouteResponse {
    const query = req.url.searchParams
    const filters: [string, (d: Deployment) => string][] = [
      ['sha', (d) => d.sha],
      ['ref', (d) => d.ref],
      ['task', (d) => d.task],
      ['environment', (d) => d.environment]
    ]
    const deployments = this.of(repo)
      .filter((d) => filters.every(([name, value]) => !query.has(name) || query.get(name) === value(d)))
      .reverse()
    return paginate(req, this.state.serverUrl(), deployments, (d) => this.deploymentJson(repo, d))
  }

  /**
   * `POST …/deployments/{id}/statuses`: 201 with the status. `environment` moves the deployment to
   * another environment; `target_url` is the older name of `log_url`. With `auto_inactive` (the
   * default) a `success` marks the earlier successful deployments of that environment inactive,
   * unless they are transient or production ones, as GitHub does.
   */
  createDeploymentStatus({ req, params, repo, actor }: Context): RouteResponse {
    const deployment = this.of(repo).find((d) => d.id === Number(params.id))
    if (!deployment) return notFound()
    const parsed = readBody(
      req,
      {
        state: ['string'],
        target_url: ['string'],
        log_url: ['string'],
        description: ['string'],
        environment: ['string'],
        environment_url: ['string'],
        auto_inactive: ['boolean']
      },
      ['state']
    )
    if (!parsed.ok) return parsed.error
    const body = parsed.value
    const state = DEPLOYMENT_STATES.find((known) => known === body.state)
    if (!state) {
      return gitHubError(422, `Invalid request.\n\n${JSON.stringify(body.state)} is not a member of ${JSON.stringify(DEPLOYMENT_STATES)}.`)
    }
    const description = stringField(body, 'description') ?? ''
    if ([...description].length > MAX_STATUS_DESCRIPTION) {
      const message = `description is too long (maximum is ${MAX_STATUS_DESCRIPTION} characters)`
      return validationFailed('DeploymentStatus', 'description', 'custom', message)
    }
    const status = this.addStatus(deployment, actor, {
      state,
      description,
      environment: stringField(body, 'environment') ?? deployment.environment,
      logUrl: stringField(body, 'log_url') ?? stringField(body, 'target_url') ?? '',
      environmentUrl: stringField(body, 'environment_url') ?? ''
    })
    if (state === 'success' && (booleanField(body, 'auto_inactive') ?? true)) this.inactivateEarlier(repo, deployment, actor)
    return { status: 201, json: this.deploymentStatusJson(repo, deployment, status) }
  }

  /** `GET …/deployments/{id}/statuses`: newest first. */
  listDeploymentStatuses({ req, params, repo }: Context): RouteResponse {
    const deployment = this.of(repo).find((d) => d.id === Number(params.id))
    if (!deployment) return notFound()
    const statuses = [...deployment.statuses].reverse()
    return paginate(req, this.state.serverUrl(), statuses, (status) => this.deploymentStatusJson(repo, deployment, status))
  }

  // ---- Helpers ----

  /** The earlier successful deployments of the environment a success is in become inactive. */
  private inactivateEarlier(repo: Repo, deployment: Deployment, actor: string): void {
    for (const earlier of this.of(repo)) {
      const succeeded = earlier.statuses.at(-1)?.state === 'success'
      const kept = earlier.transient || earlier.production || earlier.environment !== deployment.environment
      if (earlier.id < deployment.id && succeeded && !kept) {
        this.addStatus(earlier, actor, {
          state: 'inactive',
          description: '',
          environment: earlier.environment,
          logUrl: '',
          environmentUrl: ''
        })
      }
    }
  }

  private addStatus(
    deployment: Deployment,
    actor: string,
    fields: Pick<DeploymentStatusRecord, 'state' | 'description' | 'environment' | 'logUrl' | 'environmentUrl'>
  ): DeploymentStatusRecord {
    const status: DeploymentStatusRecord = { ...fields, id: this.nextDeploymentStatusId++, creator: actor, createdAt: timestamp() }
    deployment.statuses.push(status)
    deployment.environment = status.environment
    deployment.updatedAt = status.createdAt
    return status
  }

  private deploymentUrl(repo: Repo, d: Deployment): string {
    return `${this.state.apiUrl()}/repos/${repo.fullName}/deployments/${d.id}`
  }

  private deploymentJson(repo: Repo, d: Deployment): Record<string, unknown> {
    return {
      url: this.deploymentUrl(repo, d),
      id: d.id,
      node_id: `DE_sim${d.id}`,
      sha: d.sha,
      ref: d.ref,
      task: d.task,
      payload: d.payload,
      original_environment: d.originalEnvironment,
      environment: d.environment,
      description: d.description,
      creator: this.state.userJson(d.creator),
      created_at: d.createdAt,
      updated_at: d.updatedAt,
      statuses_url: `${this.deploymentUrl(repo, d)}/statuses`,
      repository_url: `${this.state.apiUrl()}/repos/${repo.fullName}`,
      transient_environment: d.transient,
      production_environment: d.production,
      performed_via_github_app: null
    }
  }

  private deploymentStatusJson(repo: Repo, d: Deployment, status: DeploymentStatusRecord): Record<string, unknown> {
    return {
      url: `${this.deploymentUrl(repo, d)}/statuses/${status.id}`,
      id: status.id,
      node_id: `DES_sim${status.id}`,
      state: status.state,
      creator: this.state.userJson(status.creator),
      description: status.description,
      environment: status.environment,
      target_url: status.logUrl,
      created_at: status.createdAt,
      updated_at: status.createdAt,
      deployment_url: this.deploymentUrl(repo, d),
      repository_url: `${this.state.apiUrl()}/repos/${repo.fullName}`,
      environment_url: status.environmentUrl,
      log_url: status.logUrl,
      performed_via_github_app: null
    }
  }
}

/** A deployment's `payload` comes back as an object: a JSON text is parsed, anything else kept; none is {}. */
function payloadOf(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {}
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}
