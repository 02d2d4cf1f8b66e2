// The built-in Mintlify admin API routes (agent jobs, v2; analytics and deployments, v1), following the
// official OpenAPI documents: create 201, get 200/404, message 200/400/404, the deployment triggers 202;
// errors are {"error": string}; bearer auth. The analytics endpoints themselves are in analytics/, the
// deployment ones in deployments/.
import type { IncomingHttpHeaders } from 'node:http'
import { AnalyticsApi } from '../analytics/api.js'
import { READER_ENDPOINTS, type ReaderEndpoint } from '../analytics/readers.js'
import { DeploymentsApi } from '../deployments/api.js'
import { StaticExportsApi } from '../static-export/api.js'
import type { RouteResponse } from '../types.js'
import { Credits } from './credits.js'
import { DEFAULT_JOB_SCRIPT, DEFAULT_MESSAGE_SCRIPT, Job } from './jobs.js'
import { apiError, readStringField, type ApiRequest } from './request.js'
import type { JobScript } from './types.js'

export interface MintlifyConfig {
  apiKey: string
  projectId: string
  repository: string
  prRepository: string
  /** The clock of the deployment and static export endpoints. */
  now: () => number
  /** The server's URL, where the static export links point. */
  baseUrl: () => string
  /** Told when the agent opens a pull request, so the fake GitHub can hold it too. */
  onPullOpened?: (prLink: string, jobId: string) => void
}

type Params = Record<string, string>

interface ApiRoute {
  method: string
  pattern: RegExp
  /** A request that spends AI credits (see credits.ts: documented on the webhook, an extension elsewhere). */
  spends?: true
  handle(api: MintlifyApi, req: ApiRequest, params: Params): RouteResponse | Promise<RouteResponse>
}

const ROUTES: ApiRoute[] = [
  {
    method: 'POST',
    pattern: /^\/v2\/agent\/(?<projectId>[^/]+)\/job$/,
    spends: true,
    handle: (api, req) => api.createJob(req)
  },
  {
    method: 'GET',
    pattern: /^\/v2\/agent\/(?<projectId>[^/]+)\/job\/(?<jobId>[^/]+)$/,
    handle: (api, _req, params) => api.getJob(params.jobId ?? '')
  },
  {
    method: 'POST',
    pattern: /^\/v2\/agent\/(?<projectId>[^/]+)\/job\/(?<jobId>[^/]+)\/message$/,
    spends: true,
    handle: (api, req, params) => api.sendMessage(req, params.jobId ?? '')
  },
  {
    method: 'GET',
    pattern: /^\/v1\/analytics\/(?<projectId>[^/]+)\/(?<kind>visitors|views)$/,
    handle: (api, req, params) => api.analytics.handle(params.kind === 'views' ? 'views' : 'visitors', { query: req.url.searchParams })
  },
  {
    method: 'GET',
    pattern: /^\/v1\/analytics\/(?<projectId>[^/]+)\/(?<endpoint>feedback|feedback\/by-page|searches|assistant|assistant\/caller-stats)$/,
    handle: (api, req, params) => api.analytics.handleReaders(readerEndpoint(params.endpoint), { query: req.url.searchParams })
  },
  {
    method: 'POST',
    pattern: /^\/v1\/project\/update\/(?<projectId>[^/]+)$/,
    handle: (api) => api.deployments.deploy()
  },
  {
    method: 'POST',
    pattern: /^\/v1\/project\/preview\/(?<projectId>[^/]+)$/,
    handle: (api, req) => api.deployments.preview(req)
  },
  {
    // The one route without a project in its path: a status id is the organization's.
    method: 'GET',
    pattern: /^\/v1\/project\/update-status\/(?<statusId>[^/]+)$/,
    handle: (api, _req, params) => api.deployments.status(params.statusId ?? '')
  },
  {
    method: 'POST',
    pattern: /^\/v1\/workflow\/(?<projectId>[^/]+)\/(?<automationId>[^/]+)\/trigger$/,
    spends: true,
    handle: (api, _req, params) => api.deployments.triggerAutomation(params.automationId ?? '')
  },
  {
    // The newer admin document's webhook trigger: no body (one is ignored), 202 {success, runId}.
    method: 'POST',
    pattern: /^\/v2\/workflow\/(?<projectId>[^/]+)\/(?<automationId>[^/]+)\/webhook$/,
    spends: true,
    handle: (api, _req, params) => api.deployments.triggerWebhook(params.automationId ?? '')
  },
  {
    method: 'POST',
    pattern: /^\/v1\/static-export\/(?<projectId>[^/]+)\/jobs$/,
    handle: (api, req) => api.staticExports.start(req)
  },
  {
    method: 'GET',
    pattern: /^\/v1\/static-export\/(?<projectId>[^/]+)\/jobs\/(?<jobId>[^/]+)$/,
    handle: (api, _req, params) => api.staticExports.status(params.jobId ?? '')
  }
]

/** The presigned bundle links: no bearer auth, the signature in the query is the credential. */
const BUNDLE_LINK = /^\/s3\/static-exports\/(?<jobId>[^/]+)\/bundle\.tar\.gz$/

function readerEndpoint(segment: string | undefined): ReaderEndpoint {
  const found = READER_ENDPOINTS.find((endpoint) => endpoint === segment)
  if (!found) throw new Error(`not a reader analytics endpoint: ${segment}`)
  return found
}

/** Whether a request goes to one of the built-in analytics endpoints (which have a latency setting). */
export function isAnalyticsRequest(method: string, path: string): boolean {
  return (
    method === 'GET' &&
    /^\/v1\/analytics\/[^/]+\/(?:visitors|views|feedback|feedback\/by-page|searches|assistant|assistant\/caller-stats)$/.test(path)
  )
}

export class MintlifyApi {
  readonly jobs = new Map<string, Job>()
  readonly analytics = new AnalyticsApi()
  readonly deployments: DeploymentsApi
  readonly staticExports: StaticExportsApi
  readonly credits = new Credits()
  private readonly jobScripts: JobScript[] = []
  private readonly messageScripts: JobScript[] = []
  private jobCounter = 0
  private prCounter = 100

  constructor(private readonly config: MintlifyConfig) {
    this.deployments = new DeploymentsApi({ projectId: config.projectId, repository: config.repository, now: config.now })
    this.staticExports = new StaticExportsApi({ now: config.now, baseUrl: config.baseUrl })
  }

  scriptNextJob(script: JobScript): void {
    this.jobScripts.push({ ...script })
  }

  scriptNextMessage(script: JobScript): void {
    this.messageScripts.push({ ...script })
  }

  /** Answers a Mintlify request (or a bundle link's), or returns undefined when no built-in route matches. */
  handle(req: ApiRequest): RouteResponse | Promise<RouteResponse> | undefined {
    const link = req.method === 'GET' ? BUNDLE_LINK.exec(req.path) : null
    if (link) return this.staticExports.download(decodeURIComponent(link.groups?.jobId ?? ''), req)
    for (const route of ROUTES) {
      if (route.method !== req.method) continue
      const match = route.pattern.exec(req.path)
      if (!match) continue
      const params = decodeParams(match.groups ?? {})
      if (!params) return apiError(400, 'Invalid percent-encoding in the path')
      const refused =
        this.authorize(req.headers) ??
        this.credits.refuseScope(req.method) ??
        (params.projectId === undefined ? undefined : this.checkProject(params.projectId)) ??
        (route.spends ? this.credits.refuseSpending() : undefined)
      if (refused) return refused
      const answer = route.handle(this, req, params)
      return route.spends ? Promise.resolve(answer).then((response) => this.credits.spend(response)) : answer
    }
    return undefined
  }

  /** Bearer auth with the one accepted admin key. */
  authorize(headers: IncomingHttpHeaders): RouteResponse | undefined {
    const match = /^Bearer +(\S+) *$/i.exec(headers.authorization ?? '')
    return match?.[1] === this.config.apiKey ? undefined : apiError(401, 'Unauthorized')
  }

  checkProject(projectId: string): RouteResponse | undefined {
    return projectId === this.config.projectId ? undefined : apiError(404, 'Project not found')
  }

  createJob(req: ApiRequest): RouteResponse {
    const prompt = readStringField(req, 'prompt')
    if (typeof prompt !== 'string') return prompt
    this.jobCounter++
    const id = `job_${String(this.jobCounter).padStart(4, '0')}`
    const job = new Job(id, this.config.projectId, prompt, this.jobScripts.shift() ?? DEFAULT_JOB_SCRIPT, {
      // The agent works in the repository it opens its pull requests in: that is its jobs' source.repository.
      repository: this.config.prRepository,
      nextPrLink: () => {
        const prLink = `${this.config.prRepository}/pull/${++this.prCounter}`
        this.config.onPullOpened?.(prLink, id)
        return prLink
      }
    })
    this.jobs.set(id, job)
    return { status: 201, json: job.record() }
  }

  getJob(jobId: string): RouteResponse {
    const job = this.jobs.get(jobId)
    return job ? { status: 200, json: job.poll() } : apiError(404, 'Job not found')
  }

  sendMessage(req: ApiRequest, jobId: string): RouteResponse {
    const job = this.jobs.get(jobId)
    if (!job) return apiError(404, 'Job not found')
    const prompt = readStringField(req, 'prompt')
    if (typeof prompt !== 'string') return prompt
    // The API processes a message asynchronously: its answer may still show the job as it was (say,
    // `completed` with the old prLink). The simulator answers that way, the harder case for a client.
    const before = job.record()
    job.followUp(prompt, this.messageScripts.shift() ?? DEFAULT_MESSAGE_SCRIPT)
    return { status: 200, json: before }
  }
}

function decodeParams(groups: Record<string, string | undefined>): Params | undefined {
  const params: Params = {}
  try {
    for (const [name, value] of Object.entries(groups)) params[name] = decodeURIComponent(value ?? '')
  } catch {
    return undefined
  }
  return params
}
