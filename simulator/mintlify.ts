// The built-in Mintlify admin API routes (agent jobs, v2; analytics, v1), following the official OpenAPI
// documents: create 201, get 200/404, message 200/400/404; errors are {"error": string}; bearer auth.
// The analytics endpoints themselves are in analytics.ts.
import type { IncomingHttpHeaders } from 'node:http'
import { AnalyticsApi } from './analytics.js'
import { READER_ENDPOINTS, type ReaderEndpoint } from './reader-analytics.js'
import { DEFAULT_JOB_SCRIPT, DEFAULT_MESSAGE_SCRIPT, Job } from './jobs.js'
import type { JobScript, RouteResponse } from './types.js'

export interface ApiRequest {
  method: string
  /** The full request URL (for the query string). */
  url: URL
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export interface MintlifyConfig {
  apiKey: string
  projectId: string
  repository: string
  prRepository: string
  /** Told when the agent opens a pull request, so the fake GitHub can hold it too. */
  onPullOpened?: (prLink: string, jobId: string) => void
}

type Params = Record<string, string>

interface ApiRoute {
  method: string
  pattern: RegExp
  handle(api: MintlifyApi, req: ApiRequest, params: Params): RouteResponse
}

const ROUTES: ApiRoute[] = [
  {
    method: 'POST',
    pattern: /^\/v2\/agent\/(?<projectId>[^/]+)\/job$/,
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
  }
]

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

/** The Mintlify error body: {"error": message}, with `details` as the analytics endpoints add them. */
export function apiError(status: number, message: string, details?: string[]): RouteResponse {
  const json = details ? { error: message, details: details.map((m) => ({ message: m })) } : { error: message }
  return { status, json }
}

export class MintlifyApi {
  readonly jobs = new Map<string, Job>()
  readonly analytics = new AnalyticsApi()
  private readonly jobScripts: JobScript[] = []
  private readonly messageScripts: JobScript[] = []
  private jobCounter = 0
  private prCounter = 100

  constructor(private readonly config: MintlifyConfig) {}

  scriptNextJob(script: JobScript): void {
    this.jobScripts.push({ ...script })
  }

  scriptNextMessage(script: JobScript): void {
    this.messageScripts.push({ ...script })
  }

  /** Answers a Mintlify request, or returns undefined when no built-in route matches. */
  handle(req: ApiRequest): RouteResponse | undefined {
    for (const route of ROUTES) {
      if (route.method !== req.method) continue
      const match = route.pattern.exec(req.path)
      if (!match) continue
      const params = decodeParams(match.groups ?? {})
      if (!params) return apiError(400, 'Invalid percent-encoding in the path')
      const refused = this.authorize(req.headers) ?? this.checkProject(params.projectId)
      return refused ?? route.handle(this, req, params)
    }
    return undefined
  }

  /** Bearer auth with the one accepted admin key. */
  authorize(headers: IncomingHttpHeaders): RouteResponse | undefined {
    const match = /^Bearer +(\S+) *$/i.exec(headers.authorization ?? '')
    return match?.[1] === this.config.apiKey ? undefined : apiError(401, 'Unauthorized')
  }

  checkProject(projectId: string | undefined): RouteResponse | undefined {
    return projectId === this.config.projectId ? undefined : apiError(404, 'Project not found')
  }

  createJob(req: ApiRequest): RouteResponse {
    const prompt = readPrompt(req)
    if (typeof prompt !== 'string') return prompt
    this.jobCounter++
    const id = `job_${String(this.jobCounter).padStart(4, '0')}`
    const job = new Job(id, this.config.projectId, prompt, this.jobScripts.shift() ?? DEFAULT_JOB_SCRIPT, {
      repository: this.config.repository,
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
    const prompt = readPrompt(req)
    if (typeof prompt !== 'string') return prompt
    // The API processes a message asynchronously: its answer may still show the job as it was (say,
    // `completed` with the old prLink). The simulator answers that way, the harder case for a client.
    const before = job.record()
    job.followUp(prompt, this.messageScripts.shift() ?? DEFAULT_MESSAGE_SCRIPT)
    return { status: 200, json: before }
  }
}

/** Validates a {"prompt": string (minLength 1)} body: the prompt, or a 400 answer saying what is wrong. */
function readPrompt(req: ApiRequest): string | RouteResponse {
  const type = req.headers['content-type'] ?? ''
  if (!/^application\/json\b/i.test(type)) {
    return apiError(400, `Content-Type must be application/json (got ${type ? `'${type}'` : 'none'})`)
  }
  let body: unknown
  try {
    body = JSON.parse(req.body)
  } catch (error) {
    return apiError(400, `Request body is not valid JSON: ${(error as Error).message}`)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return apiError(400, 'Request body must be a JSON object')
  }
  const prompt: unknown = (body as Record<string, unknown>).prompt
  if (prompt === undefined) return apiError(400, "Missing required field 'prompt'")
  if (typeof prompt !== 'string') return apiError(400, "Field 'prompt' must be a string")
  if (prompt.length < 1) return apiError(400, "Field 'prompt' must not be empty")
  return prompt
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
