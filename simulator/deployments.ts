// The fake deployment endpoints of the "External API" (openapi.json): a production deploy, a branch
// preview, a deployment's status and an automation trigger, with the documented rate limits. A
// deployment's status advances by the clock, not by polls: a real build runs whether anyone looks or not.
import { createHash } from 'node:crypto'
import { apiError, readStringField, type ApiRequest } from './api-request.js'
import type {
  AutomationInit,
  DeploymentAuthor,
  DeploymentCommit,
  DeploymentOutcome,
  DeploymentScript,
  DeploymentSource,
  DeploymentStatus,
  FakeDeployments,
  PlantedDeployment,
  RateLimit,
  RouteResponse,
  SimAutomation,
  SimDeployment
} from './types.js'

const DEFAULT_QUEUED_MS = 300
const DEFAULT_IN_PROGRESS_MS = 1200
const SITE_DOMAIN = 'mintlify.site'
/** Mintlify's ids are MongoDB ObjectIds: 24 hex digits. An automation id of any other form is malformed. */
const OBJECT_ID = /^[0-9a-f]{24}$/
/** A DNS label is at most 63 characters; a preview's subdomain is one. */
const MAX_LABEL = 63

const DEFAULT_AUTHOR: DeploymentAuthor = {
  name: 'Octo Cat',
  avatarUrl: 'https://avatars.githubusercontent.com/u/583231?v=4',
  githubUserId: 583231
}
const DEFAULT_COMMIT_MESSAGE = 'Document the billing API\n\nAdds the billing page and links it from the quickstart.'
const DEFAULT_SUCCESS_SUMMARY = 'Deployment succeeded'
// Markup in the error, as real MDX errors carry it: a client must escape log text and summaries.
const DEFAULT_ERROR = 'Error: quickstart.mdx:12:3: Unexpected closing tag "</Card>"'
const DEFAULT_FAILURE_SUMMARY = `Build failed. ${DEFAULT_ERROR}`
/** Enough rendered pages that a failure's log is longer than the 30-line tail a client shows (40 in all). */
const FAILURE_LOG_PAGES = 34

export interface DeploymentsConfig {
  projectId: string
  /** The docs repository (URL): the default subdomain and the log's clone line. */
  repository: string
  now: () => number
}

/** A script with every default filled in. */
interface ResolvedScript extends DeploymentScript {
  outcome: DeploymentOutcome
  queuedMs: number
  inProgressMs: number
  summary: string
  logs: string[]
  screenshot: string | null
  screenshotLight: string | null
  screenshotDark: string | null
  author: DeploymentAuthor | null
  commit: DeploymentCommit
  source: DeploymentSource
  subdomain: string
}

/** Where a deployment is at one moment. */
interface Phase {
  status: DeploymentStatus
  /** Set once it has ended. */
  endedAt?: number
  /** How many log lines have been written by then. */
  logLines: number
}

class Deployment implements SimDeployment {
  polls = 0

  constructor(
    readonly statusId: string,
    readonly kind: SimDeployment['kind'],
    readonly branch: string | null,
    readonly previewUrl: string | null,
    readonly createdAt: number,
    readonly script: ResolvedScript,
    private readonly projectId: string,
    private readonly now: () => number
  ) {}

  status(): string {
    return this.shown(this.phase().status)
  }

  record(): Record<string, unknown> {
    const { status, endedAt, logLines } = this.phase()
    const script = this.script
    const extra = script.extra ?? {}
    if (script.minimal) return { _id: this.statusId, status: this.shown(status), ...extra }
    const screenshots = { screenshot: script.screenshot, screenshotLight: script.screenshotLight, screenshotDark: script.screenshotDark }
    return {
      _id: this.statusId,
      projectId: this.projectId,
      createdAt: new Date(this.createdAt).toISOString(),
      ...(endedAt === undefined ? {} : { endedAt: new Date(endedAt).toISOString(), summary: script.summary }),
      status: this.shown(status),
      logs: script.logs.slice(0, logLines),
      subdomain: script.subdomain,
      // A screenshot is taken of a site that built.
      ...(status === 'success' ? Object.fromEntries(Object.entries(screenshots).filter(([, url]) => url !== null)) : {}),
      author: script.author,
      commit: script.commit,
      source: script.source,
      ...extra
    }
  }

  private phase(): Phase {
    const { queuedMs, inProgressMs, outcome, logs } = this.script
    const elapsed = this.now() - this.createdAt
    if (elapsed < queuedMs) return { status: 'queued', logLines: 0 }
    const building = elapsed - queuedMs
    if (outcome === 'never' || building < inProgressMs) {
      // Lines appear evenly over the build; the last one, its result, only once it has ended.
      const written = Math.floor((logs.length * building) / Math.max(1, inProgressMs))
      return { status: 'in_progress', logLines: Math.max(0, Math.min(logs.length - 1, written)) }
    }
    return { status: outcome, endedAt: this.createdAt + queuedMs + inProgressMs, logLines: logs.length }
  }

  private shown(status: DeploymentStatus): string {
    return status === 'in_progress' ? (this.script.runningStatus ?? status) : status
  }
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
    if (!automation.customSchedule) return apiError(400, 'Automation is not configured with a custom schedule')
    const run = {
      schemaId: automation.id,
      instanceId: this.nextObjectId('run'),
      jobId: String(++this.jobCounter),
      at: this.config.now()
    }
    automation.runs.push(run)
    return { status: 202, json: { schemaId: run.schemaId, instanceId: run.instanceId, jobId: run.jobId } }
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
    return this.scripts.shift() ?? this.defaultScript
  }

  private create(
    kind: SimDeployment['kind'],
    branch: string | null,
    script: DeploymentScript,
    statusId = this.nextObjectId('status'),
    createdAt = this.config.now()
  ): Deployment {
    const siteSubdomain = branch === null ? this.subdomain : previewSubdomain(this.subdomain, branch)
    const resolved = this.resolve(script, statusId, branch ?? this.deploymentBranch, siteSubdomain)
    const previewUrl = branch === null ? null : `https://${siteSubdomain}.${SITE_DOMAIN}`
    const deployment = new Deployment(statusId, kind, branch, previewUrl, createdAt, resolved, this.config.projectId, this.config.now)
    this.deployments.set(statusId, deployment)
    return deployment
  }

  private resolve(script: DeploymentScript, statusId: string, ref: string, siteSubdomain: string): ResolvedScript {
    const outcome = script.outcome ?? 'success'
    const subdomain = script.subdomain ?? siteSubdomain
    const files = script.commit?.filesChanged
    const commit: DeploymentCommit = {
      sha: script.commit?.sha ?? sha1(`commit/${statusId}`),
      ref: script.commit?.ref ?? ref,
      message: script.commit?.message ?? DEFAULT_COMMIT_MESSAGE,
      filesChanged: {
        added: [...(files?.added ?? ['billing.mdx'])],
        modified: [...(files?.modified ?? ['docs.json', 'quickstart.mdx'])],
        removed: [...(files?.removed ?? [])]
      }
    }
    const screenshot = (variant: string): string =>
      `https://mintlify-screenshots.s3.us-west-1.amazonaws.com/${this.config.projectId}/${statusId}${variant}.png`
    return {
      ...script,
      outcome,
      queuedMs: duration(script.queuedMs, DEFAULT_QUEUED_MS),
      inProgressMs: duration(script.inProgressMs, DEFAULT_IN_PROGRESS_MS),
      summary: script.summary ?? (outcome === 'failure' ? DEFAULT_FAILURE_SUMMARY : DEFAULT_SUCCESS_SUMMARY),
      logs: [...(script.logs ?? defaultLogs(outcome, repositoryName(this.config.repository), commit, subdomain))],
      screenshot: script.screenshot === undefined ? screenshot('') : script.screenshot,
      screenshotLight: script.screenshotLight === undefined ? screenshot('-light') : script.screenshotLight,
      screenshotDark: script.screenshotDark === undefined ? screenshot('-dark') : script.screenshotDark,
      author: script.author === undefined ? { ...DEFAULT_AUTHOR } : script.author,
      commit,
      source: script.source ?? 'api',
      subdomain
    }
  }

  /** A fresh ObjectId-shaped id (deterministic: the same run hands out the same ids). */
  private nextObjectId(kind: string): string {
    let id: string
    do id = sha1(`${kind}/${++this.idCounter}`).slice(0, 24)
    while (this.deployments.has(id) || this.automationsById.has(id))
    return id
  }
}

/** The lines a build writes: a few on success, 40 ending in the error on failure. */
function defaultLogs(outcome: DeploymentOutcome, repository: string, commit: DeploymentCommit, subdomain: string): string[] {
  const start = [
    `Cloning ${repository} at ${commit.ref} (${commit.sha.slice(0, 7)})`,
    'Installing dependencies',
    'Validating docs.json',
    'Building pages'
  ]
  if (outcome === 'failure') {
    const pages = Array.from({ length: FAILURE_LOG_PAGES }, (_, i) => `Rendered page-${String(i + 1).padStart(2, '0')}.mdx`)
    return [...start, ...pages, DEFAULT_ERROR, 'Build failed with 1 error']
  }
  return [...start, 'Generating the search index', 'Uploading to the CDN', `Deployed to https://${subdomain}.${SITE_DOMAIN}`]
}

/**
 * Whether git would take `name` as a branch name (git check-ref-format --branch): no control
 * characters, spaces or ~^:?*[\, no `..`, `@{` or `//`, no part starting with `.` or ending in `.lock`,
 * not starting with `-` or `/`, not ending with `/` or `.`, not `@`; and at most 255 characters, as on GitHub.
 */
export function isValidBranchName(name: string): boolean {
  if (name === '' || name === '@' || name.length > 255) return false
  if (/^[-/]|[/.]$|\.\.|@\{|\/\/|[ ~^:?*[\\]/.test(name)) return false
  if ([...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return false
  return name.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'))
}

/** The preview's subdomain, `<organization>-<branch-name>` as Mintlify names preview sites, kept a valid DNS label. */
function previewSubdomain(subdomain: string, branch: string): string {
  return dnsLabel(`${subdomain}-${branch}`) || subdomain
}

function dnsLabel(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_LABEL)
    .replace(/^-+|-+$/g, '')
}

/** 'https://github.com/octo-org/docs' → 'octo-org/docs'. */
function repositoryName(repository: string): string {
  return repository.replace(/^https?:\/\/[^/]+\//, '').replace(/\.git$|\/+$/g, '')
}

function duration(value: number | undefined, fallback: number): number {
  return value === undefined || !Number.isFinite(value) ? fallback : Math.max(0, value)
}

function sha1(seed: string): string {
  return createHash('sha1').update(seed).digest('hex')
}
