// Public types of the fake deployment, preview and automation endpoints (see FakeDeployments).

/** The statuses the deployment-status endpoint documents. */
export type DeploymentStatus = 'queued' | 'in_progress' | 'success' | 'failure'

/** Where a deployment was triggered from (the documented `source` values). */
export type DeploymentSource = 'internal' | 'github-app-installation' | 'api' | 'github' | 'dashboard' | 'gitlab' | 'onboarding'

/** How a deployment ends: 'never' stays in progress (for timeouts and cancels). */
export type DeploymentOutcome = 'success' | 'failure' | 'never'

export interface DeploymentAuthor {
  name?: string
  avatarUrl?: string
  githubUserId?: number
}

export interface DeploymentFilesChanged {
  added: string[]
  modified: string[]
  removed: string[]
}

export interface DeploymentCommit {
  sha: string
  ref: string
  message: string
  filesChanged: DeploymentFilesChanged
}

/**
 * How one deployment goes and what its status record holds. Its status advances by the simulator's
 * clock (SimulatorOptions.now), not by polls: `queued` for `queuedMs` from its creation, then
 * `in_progress` for `inProgressMs`, then `outcome`, with `endedAt` the moment it ended. Everything left
 * out takes the default, so a script names only what a test is about.
 */
export interface DeploymentScript {
  /** Default 'success'. */
  outcome?: DeploymentOutcome
  /** Default 300. */
  queuedMs?: number
  /** Default 1200. */
  inProgressMs?: number
  /** Shown once the deployment has ended. Default: a line saying it succeeded, or why it failed. */
  summary?: string
  /**
   * Every log line; `in_progress` shows them as they come (evenly over `inProgressMs`, the last one
   * only once ended), `queued` none. Default: a few build lines, or 40 ending in the error on failure.
   */
  logs?: string[]
  /** Shown once succeeded; null leaves the field out. Default: an https PNG URL per status id. */
  screenshot?: string | null
  screenshotLight?: string | null
  screenshotDark?: string | null
  /** null sends `author: null` (the field is nullable). Default: a GitHub user. */
  author?: DeploymentAuthor | null
  /** Merged over the default commit (a generated sha, the deployed branch, a message, a few files). */
  commit?: Partial<Omit<DeploymentCommit, 'filesChanged'>> & { filesChanged?: Partial<DeploymentFilesChanged> }
  /** Default 'api' for a trigger, 'github' for a planted deployment. */
  source?: DeploymentSource
  /** Default: the project's subdomain (FakeDeployments.subdomain), or the preview's. */
  subdomain?: string
  /** Reported instead of 'in_progress' while building, to test a client's handling of status names it does not know. */
  runningStatus?: string
  /** Records carry only `_id` and `status` (no field is guaranteed present). */
  minimal?: boolean
  /** Extra fields merged into every record, e.g. fields a newer API adds. */
  extra?: Record<string, unknown>
}

/** A deployment that exists without a trigger (one started from the dashboard or by a push). */
export interface PlantedDeployment extends DeploymentScript {
  /** Default: a generated 24-hex id. */
  statusId?: string
  /** A preview of this branch (also sets `previewUrl`); default none: a production deployment. */
  branch?: string
  /** When it was created (clock ms). Default now; in the past for a deployment that has already ended. */
  createdAt?: number
}

export interface SimDeployment {
  statusId: string
  /** 'deploy' and 'preview' came from a trigger; 'planted' from FakeDeployments.plant(). */
  kind: 'deploy' | 'preview' | 'planted'
  /** The branch of a preview, else null. */
  branch: string | null
  /** The preview's URL, else null. */
  previewUrl: string | null
  /** Clock ms of its creation. */
  createdAt: number
  /** GETs of its status so far. */
  polls: number
  /** The script it follows (with the defaults filled in). */
  script: DeploymentScript
  /** The status now, by the clock ('in_progress' reads as `runningStatus` when set). */
  status(): string
  /** The record a GET would answer now (does not count as a poll). */
  record(): Record<string, unknown>
}

/** An automation of the simulated organization. */
export interface AutomationInit {
  /** Default: a generated 24-hex id (the well-formed kind; anything else gets 400 when triggered). */
  id?: string
  name?: string
  /** Default true. */
  active?: boolean
  /** Runs on a custom schedule, the only kind the trigger endpoint runs. Default true. */
  customSchedule?: boolean
  /**
   * Its trigger is a webhook, the only kind the webhook endpoint runs (the schedule trigger then answers 400).
   * Default false.
   */
  webhook?: boolean
  /** Default the simulator's project; another one answers 404 to this project's trigger. */
  projectId?: string
}

export interface AutomationRun {
  schemaId: string
  /** The run's id: `instanceId` of a schedule trigger, `runId` of a webhook trigger. */
  instanceId: string
  /** The background job of a schedule trigger's run; '' for a webhook trigger's (its answer names none). */
  jobId: string
  /** Clock ms of the trigger. */
  at: number
}

/** A planted automation; its fields can be changed later (e.g. `active = false`). */
export interface SimAutomation {
  readonly id: string
  name: string
  active: boolean
  customSchedule: boolean
  webhook: boolean
  projectId: string
  /** The runs its triggers queued, in order. */
  readonly runs: AutomationRun[]
}

/** `limit` requests per `windowMs` (a sliding window). */
export interface RateLimit {
  limit: number
  windowMs: number
}

/**
 * The fake deployment endpoints, with the same bearer auth and project checks as the agent endpoints
 * (401 `Unauthorized`, 404 `Project not found`) and errors as `{"error": string}`:
 * - `POST /v1/project/update/{projectId}` → 202 `{statusId}`.
 * - `POST /v1/project/preview/{projectId}` `{"branch": string}` → 202 `{statusId, previewUrl}`; 400 for a
 *   body that is not a JSON object or a branch missing, not a string, empty or not a valid git branch
 *   name; 403 when previews are off.
 * - `GET /v1/project/update-status/{statusId}` → 200 record; 404 `Deployment status not found`.
 * - `POST /v1/workflow/{projectId}/{automationId}/trigger` → 202 `{schemaId, instanceId, jobId}`; 400 for an
 *   id that is not 24 hex digits, an inactive automation or one without a custom schedule (a webhook one); 404
 *   for an automation of no project or of another one.
 * - `POST /v2/workflow/{projectId}/{automationId}/webhook` (admin document) → 202 `{success: true, runId}`; 400
 *   for an id that is not 24 hex digits; 404 for one not found, inactive, of another project or without a
 *   webhook trigger. Its 402 and credit-check 503 come from the organization's credits (Simulator.credits).
 * Rate limits (per organization, the simulator being one): previews `rateLimits.previews`, deploys and
 * automation triggers together `rateLimits.triggers`. A trigger that passes auth and the project check
 * counts, whether it then succeeds or gets a 400, 403 or 404; a refused one (429) does not. Past the
 * limit: 429 `{"error": "Rate limit exceeded: …"}` with `Retry-After` the whole seconds until the oldest
 * counted request leaves the window (at least 1).
 */
export interface FakeDeployments {
  /**
   * Queue a script; each deploy or preview trigger consumes one. Empty queue: `defaultScript`. What a
   * queued script leaves out comes from `defaultScript`, then from the defaults below.
   */
  scriptNext(script: DeploymentScript): void
  /** The script of triggers with none queued, and beneath every queued one (settable). Default {}: success after 1.5 s. */
  defaultScript: DeploymentScript
  /** A deployment that no trigger made: its status can be read at once. */
  plant(init?: PlantedDeployment): SimDeployment
  /** Every deployment, in creation order. */
  list(): SimDeployment[]
  get(statusId: string): SimDeployment | undefined
  /** Off: the preview trigger answers 403, as on a plan without previews. Default on. */
  setPreviewsEnabled(enabled: boolean): void
  addAutomation(init?: AutomationInit): SimAutomation
  automations(): SimAutomation[]
  /** Settable; default previews 5 per 60 000 ms, triggers (deploys and automations) 10 per 10 000 ms. */
  rateLimits: { previews: RateLimit; triggers: RateLimit }
  /** The project's subdomain: the site is https://<subdomain>.mintlify.site. Default from the repository's owner. */
  subdomain: string
  /** The branch production deploys build (`commit.ref` of a deploy). Default 'main'. */
  deploymentBranch: string
}
