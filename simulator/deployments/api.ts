// The fake deployment endpoints of the "External API" (openapi.json): a production deploy, a branch
// preview, a deployment's status and an automation trigger, with the documented rate limits. A
// deployment's status advances by the clock, not by polls: a real build runs whether anyone looks or not.
import { apiError, readStringField, type ApiRequest } from '../mintlify/request.js'
import type { RouteResponse } from '../types.js'
import { Deployment, resolveScript, sha1 } from './deployment.js'
import { dnsLabel, isValidBranchName, previewSubdomain, repositoryName, SITE_DOMAIN } from './names.js'
import type {
  AutomationInit,
  DeploymentScript,
  FakeDeployments,
  PlantedDeployment,
  RateLimit,
  SimAutomation,
  SimDeployment
} from './types.js'

/** Mintlify's ids are MongoDB ObjectIds: 24 hex digits. An automation id of any other form is malformed. */
const OBJECT_ID = /^[0-9a-f]{24}$/

export interface DeploymentsConfig {
  projectId: string
  /** The docs repository (URL): the default subdomain and the log's clone line. */
  repository: string
  now: () => number
}

/** A sliding window: each counted request holds one of `limit` slots for `windowMs` after it. */
class SlidingWindow {
  private readonly counted: number[] = []

  constructor(
    private readonly limit: () => RateLimit,
    private readonly now: () => number
  ) {}

  /** Counts a request and returns undefined, or refuses it: the whole seconds until a slot frees (at least 1). */
  take(): number | undefined {
    const now = this.now()
    const { limit, windowMs } = this.limit()
    while (this.counted.length > 0 && (this.counted[0] ?? now) + windowMs <= now) this.counted.shift()
    if (this.counted.length < limit) {
      this.counted.push(now)
      return undefined
    }
    const freesAt = (this.counted[this.counted.length - limit] ?? now) + windowMs
    return Math.max(1, Math.ceil((freesAt - now) / 1000))
  }
}

export class DeploymentsApi implements FakeDeployments {
  defaultScript: DeploymentScript = {}
  rateLimits = { previews: { limit: 5, windowMs: 60_000 }, triggers: { limit: 10, windowMs: 10_000 } }
  subdomain: string
  deploymentBranch = 'main'

  private readonly deployments = new Map<string, Deployment>()
  private readonly scripts: DeploymentScript[] = []
  private readonly automationsById = new Map<string, SimAutomation>()
  private previewsEnabled = true
  private readonly previewWindow: SlidingWindow
  private readonly triggerWindow: SlidingWindow
  private idCounter = 0
  private jobCounter = 1000

  constructor(private readonly config: DeploymentsConfig) {
    this.subdomain = dnsLabel(repositoryName(config.repository).split('/')[0] ?? '') || 'docs'
    this.previewWindow = new SlidingWindow(() => this.rateLimits.previews, config.now)
    this.triggerWindow = new SlidingWindow(() => this.rateLimits.triggers, config.now)
  }

  // ---- Test-side API ----

  scriptNext(script: DeploymentScript): void {
    this.scripts.push({ ...script })
  }

  plant(init: PlantedDeployment = {}): SimDeployment {
    const { statusId, branch, createdAt, ...script } = init
    if (statusId !== undefined && this.deployments.has(statusId)) throw new Error(`Deployment ${statusId} already exists`)
    if (branch !== undefined && !isValidBranchName(branch)) throw new Error(`Invalid branch name '${branch}'`)
    return this.create('planted', branch ?? null, { source: 'github', ...script }, statusId, createdAt)
  }

  list(): SimDeployment[] {
    return [...this.deployments.values()]
  }

  get(statusId: string): SimDeployment | undefined {
    return this.deployments.get(statusId)
  }

  setPreviewsEnabled(enabled: boolean): void {
    this.previewsEnabled = enabled
  }

  addAutomation(init: AutomationInit = {}): SimAutomation {
    const id = init.id ?? this.nextObjectId('automation')
    if (this.automationsById.has(id)) throw new Error(`Automation ${id} already exists`)
    const automation: SimAutomation = {
      id,
      name: init.name ?? `Automation ${this.automationsById.size + 1}`,
      active: init.active ?? true,
      customSchedule: init.customSchedule ?? true,
      webhook: init.webhook ?? false,
      projectId: init.projectId ?? this.config.projectId,
      runs: []
    }
    this.automationsById.set(id, automation)
    return automation
  }

  automations(): SimAutomation[] {
    return [...this.automationsById.values()]
  }

  // ---- HTTP side (auth and the project are checked by the caller) ----

  /** `POST /v1/project/update/{projectId}`: deploys the deployment branch. */
  deploy(): RouteResponse {
    const limited = this.limit(this.triggerWindow, 'triggers')
    if (limited) return limited
    const deployment = this.create('deploy', null, this.nextScript())
    return { status: 202, json: { statusId: deployment.statusId } }
  }

  /** `POST /v1/project/preview/{projectId}` `{"branch": …}`: creates the branch's preview, or redeploys it. */
  preview(req: ApiRequest): RouteResponse {
    const limited = this.limit(this.previewWindow, 'previews')
    if (limited) return limited
    const branch = readStringField(req, 'branch')
    if (typeof branch !== 'string') return branch
    if (!isValidBranchName(branch)) return apiError(400, `Invalid branch name '${branch.slice(0, 100)}'`)
    if (!this.previewsEnabled) return apiError(403, 'Preview deployments are not available on your current plan.')
    const deployment = this.create('preview', branch, this.nextScript())
    return { status: 202, json: { statusId: deployment.statusId, previewUrl: deployment.previewUrl } }
  }

  /** `GET /v1/project/update-status/{statusId}`: a poll. */
  status(statusId: string): RouteResponse {
    const deployment = this.deployments.get(statusId)
    if (!deployment) return apiError(404, 'Deployment status not found')
    deployment.polls++
    return { status: 200, json: deployment.record() }
  }

  /** `POST /v1/workflow/{projectId}/{automationId}/trigger`: queues a run of a custom-schedule automation. */
  triggerAutomation(automationId: string): RouteResponse {
    const limited = this.limit(this.triggerWindow, 'triggers')
    if (limited) return limited
    if (!OBJECT_ID.test(automationId)) return apiError(400, 'Invalid automation ID: expected 24 hexadecimal characters')
    const automation = this.automationsById.get(automationId)
    if (automation?.projectId !== this.config.projectId) return apiError(404, 'Automation not found')
    if (!automation.active) return apiError(400, 'Automation is not active')
    if (!automation.customSchedule || automation.webhook) return apiError(400, 'Automation is not configured with a custom schedule')
    const run = {
      schemaId: automation.id,
      instanceId: this.nextObjectId('run'),
      jobId: String(++this.jobCounter),
      at: this.config.now()
    }
    automation.runs.push(run)
    return { status: 202, json: { schemaId: run.schemaId, instanceId: run.instanceId, jobId: run.jobId } }
  }

  /**
   * `POST /v2/workflow/{projectId}/{automationId}/webhook`: queues a run of a custom automation whose trigger is
   * a webhook. 400 for a malformed id; 404 for one not found, inactive, another project's or without a
   * webhook trigger (the document names all four under 404). It shares the triggers' rate limit.
   */
  triggerWebhook(automationId: string): RouteResponse {
    const limited = this.limit(this.triggerWindow, 'triggers')
    if (limited) return limited
    if (!OBJECT_ID.test(automationId)) return apiError(400, 'Invalid automation ID: expected 24 hexadecimal characters')
    const automation = this.automationsById.get(automationId)
    if (automation?.projectId !== this.config.projectId || !automation.active || !automation.webhook)
      return apiError(404, 'Automation not found, not active, or not configured with a webhook trigger')
    const run = { schemaId: automation.id, instanceId: this.nextObjectId('run'), jobId: '', at: this.config.now() }
    automation.runs.push(run)
    return { status: 202, json: { success: true, runId: run.instanceId } }
  }

  // ---- Helpers ----

  private limit(window: SlidingWindow, which: 'previews' | 'triggers'): RouteResponse | undefined {
    const retryAfter = window.take()
    if (retryAfter === undefined) return undefined
    const { limit, windowMs } = this.rateLimits[which]
    const what = which === 'previews' ? 'preview deployments' : 'deployments and automation triggers'
    const message = `Rate limit exceeded: ${limit} ${what} per ${windowMs / 1000} seconds per organization`
    return { ...apiError(429, message), headers: { 'retry-after': String(retryAfter) } }
  }

  private nextScript(): DeploymentScript {
    return { ...this.defaultScript, ...this.scripts.shift() }
  }

  private create(
    kind: SimDeployment['kind'],
    branch: string | null,
    script: DeploymentScript,
    statusId = this.nextObjectId('status'),
    createdAt = this.config.now()
  ): Deployment {
    const siteSubdomain = branch === null ? this.subdomain : previewSubdomain(this.subdomain, branch)
    const { projectId, repository } = this.config
    const resolved = resolveScript(script, { statusId, ref: branch ?? this.deploymentBranch, siteSubdomain, projectId, repository })
    const previewUrl = branch === null ? null : `https://${siteSubdomain}.${SITE_DOMAIN}`
    const deployment = new Deployment(statusId, kind, branch, previewUrl, createdAt, resolved, this.config.projectId, this.config.now)
    this.deployments.set(statusId, deployment)
    return deployment
  }

  /** A fresh ObjectId-shaped id (deterministic: the same run hands out the same ids). */
  private nextObjectId(kind: string): string {
    let id: string
    do id = sha1(`${kind}/${++this.idCounter}`).slice(0, 24)
    while (this.deployments.has(id) || this.automationsById.has(id))
    return id
  }
}
