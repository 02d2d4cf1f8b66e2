// The fake static export endpoints (static-export-openapi.json) and the presigned links to their bundles,
// served on the same server. An export's status advances by the clock, not by polls, as a real export runs
// whether anyone looks or not.
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { apiError, type ApiRequest } from '../mintlify/request.js'
import type { RouteResponse } from '../types.js'
import { buildBundle } from './bundle.js'
import type { BundleDownload, ExportScript, FakeStaticExports, SimExport } from './types.js'

export interface StaticExportsConfig {
  now: () => number
  /** The server's own URL, where the links point. */
  baseUrl: () => string
}

const LINK_LIFETIME_MS = 3_600_000

class Export implements SimExport {
  polls = 0
  bundleRequests = 0
  bundle: Promise<Buffer> | null = null
  /** Signatures of this export's links still valid. */
  readonly signatures = new Set<string>()
  /** GETs of the links so far (the 'drop-once' and 'expires-mid-way' scenarios act on the first). */
  gets = 0

  constructor(
    readonly jobId: string,
    readonly domain: string,
    readonly version: string | null,
    readonly paths: string[] | null,
    readonly script: SimExport['script'],
    readonly createdAt: number,
    private readonly now: () => number
  ) {}

  status(): 'queued' | 'running' | 'completed' | 'failed' {
    const age = this.now() - this.createdAt
    if (age < this.script.queuedMs) return 'queued'
    if (age < this.script.queuedMs + this.script.runningMs || this.script.outcome === 'never') return 'running'
    return this.script.outcome
  }

  record(): Record<string, unknown> {
    const status = this.status()
    const running = Math.max(0, this.now() - this.createdAt - this.script.queuedMs)
    const share = status === 'completed' ? 1 : status === 'queued' ? 0 : Math.min(0.99, running / Math.max(1, this.script.runningMs))
    const ended = this.createdAt + this.script.queuedMs + this.script.runningMs
    return {
      jobId: this.jobId,
      status,
      progress: Math.floor(share * 100),
      pageCount: Math.floor(share * this.script.pageCount),
      createdAt: new Date(this.createdAt).toISOString(),
      updatedAt: new Date(status === 'completed' || status === 'failed' ? ended : this.now()).toISOString(),
      ...(status === 'failed' ? { error: this.script.error ?? 'Rendering failed: guides/broken.mdx:3:1 Unexpected token' } : {})
    }
  }
}

export class StaticExportsApi implements FakeStaticExports {
  defaultScript: ExportScript = {}
  enabled = true
  domains = ['docs.example.com', 'acme.mintlify.app']
  readonly downloads: BundleDownload[] = []
  readonly links: string[] = []
  private readonly exports = new Map<string, Export>()
  private readonly scripts: ExportScript[] = []
  private counter = 0

  constructor(private readonly config: StaticExportsConfig) {}

  scriptNext(script: ExportScript): void {
    this.scripts.push({ ...script })
  }

  plant(init: ExportScript & { jobId?: string; createdAt?: number } = {}): SimExport {
    const { jobId, createdAt, ...script } = init
    return this.create({ domain: 'docs.example.com', version: null, paths: null }, script, jobId, createdAt)
  }

  list(): SimExport[] {
    return [...this.exports.values()]
  }

  get(jobId: string): SimExport | undefined {
    return this.exports.get(jobId)
  }

  /** `POST /v1/static-export/jobs` (auth checked by the caller). */
  start(req: ApiRequest): RouteResponse {
    let body: unknown
    try {
      body = JSON.parse(req.body)
    } catch {
      return apiError(400, 'Request body is not valid JSON')
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return apiError(400, 'Request body must be a JSON object')
    const { domain, version, paths } = body as Record<string, unknown>
    if (typeof domain !== 'string' || !this.domains.includes(domain))
      return apiError(400, `domain must be a reachable hostname of a deployment: ${String(domain).slice(0, 100)}`)
    if (paths !== undefined && !(Array.isArray(paths) && paths.every((path) => typeof path === 'string' && /^[^/]/.test(path))))
      return apiError(400, 'paths must be an array of page paths')
    if (!this.enabled) return apiError(403, 'Static export is not enabled for this organization. Contact sales to enable it.')
    const made = { domain, version: typeof version === 'string' ? version : null, paths: (paths as string[] | undefined) ?? null }
    const job = this.create(made, { ...this.defaultScript, ...this.scripts.shift() })
    return { status: 202, json: job.record() }
  }

  /** `GET /v1/static-export/jobs/{jobId}`. */
  status(jobId: string): RouteResponse {
    const job = this.exports.get(jobId)
    if (!job) return apiError(404, 'Static export job not found')
    job.polls++
    return { status: 200, json: job.record() }
  }

  /** `POST /v1/static-export/jobs/{jobId}/bundle`: a fresh presigned link each time. */
  async bundle(jobId: string): Promise<RouteResponse> {
    const job = this.exports.get(jobId)
    if (!job) return apiError(404, 'Static export job not found')
    job.bundleRequests++
    if (job.status() !== 'completed') return apiError(409, 'The export job has not finished yet')
    if (job.script.notReadyTimes > 0) {
      job.script.notReadyTimes--
      return apiError(409, 'The export job has not finished yet')
    }
    const archive = await (job.bundle ??= buildBundle(job.script))
    const signature = randomBytes(32).toString('hex')
    job.signatures.add(signature)
    const size = job.script.download === 'truncated' ? Math.floor(archive.length / 2) : archive.length
    const bundleUrl = `${this.config.baseUrl()}/s3/static-exports/${jobId}/bundle.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Signature=${signature}`
    this.links.push(bundleUrl)
    return {
      status: 200,
      json: {
        jobId,
        bundleUrl,
        sizeBytes: job.script.download === 'wrong-size' ? size + 1 : size,
        expiresAt: new Date(this.config.now() + LINK_LIFETIME_MS).toISOString()
      }
    }
  }

  /** `GET /s3/static-exports/{jobId}/bundle.tar.gz?X-Amz-Signature=…`: the link, answered as its scenario says. */
  async download(jobId: string, req: ApiRequest): Promise<RouteResponse> {
    const job = this.exports.get(jobId)
    const record = (answer: BundleDownload['answer']): void => void this.downloads.push({ jobId, headers: { ...req.headers }, answer })
    if (req.headers.authorization) {
      record(400)
      return {
        status: 400,
        text: '<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>',
        contentType: 'application/xml'
      }
    }
    const signature = req.url.searchParams.get('X-Amz-Signature') ?? ''
    if (!job?.signatures.has(signature) || !job.bundle) {
      record(403)
      return {
        status: 403,
        text: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
        contentType: 'application/xml'
      }
    }
    job.gets++
    const scenario = job.script.download
    if (scenario === 'redirect-to-http') {
      record(302)
      return { status: 302, text: '', headers: { location: `http://bundles.example.com/${jobId}/bundle.tar.gz` } }
    }
    const archive = await job.bundle
    const dropping = job.gets === 1 && (scenario === 'drop-once' || scenario === 'expires-mid-way')
    // The link stops working right after its first use: the next try needs a fresh one.
    if (dropping && scenario === 'expires-mid-way') job.signatures.delete(signature)
    const cut = dropping ? 'dropped' : scenario === 'stalls' ? 'stalled' : null
    record(cut ?? 200)
    return { status: 200, stream: (res) => sendBundle(res, storedObject(archive, scenario), cut) }
  }

  private create(made: Pick<SimExport, 'domain' | 'version' | 'paths'>, script: ExportScript, jobId?: string, createdAt?: number): Export {
    const id = jobId ?? `se_${(++this.counter).toString(16).padStart(16, '0')}`
    const full: SimExport['script'] = {
      outcome: script.outcome ?? 'completed',
      queuedMs: script.queuedMs ?? 100,
      runningMs: script.runningMs ?? 600,
      pageCount: script.pageCount ?? 12,
      notReadyTimes: script.notReadyTimes ?? 0,
      download: script.download ?? 'ok',
      unsafeEntries: script.unsafeEntries ?? false,
      pageBytes: script.pageBytes,
      error: script.error
    }
    const job = new Export(id, made.domain, made.version, made.paths, full, createdAt ?? this.config.now(), this.config.now)
    this.exports.set(id, job)
    return job
  }
}

/** The object as stored: cut in half, or with its gzip data overwritten in the middle, where the scenario says so. */
function storedObject(archive: Buffer, scenario: string): Buffer {
  if (scenario === 'truncated') return archive.subarray(0, Math.floor(archive.length / 2))
  if (scenario !== 'corrupt-gzip') return archive
  const corrupt = Buffer.from(archive)
  corrupt.fill(0xa5, Math.floor(corrupt.length / 2) - 16, Math.floor(corrupt.length / 2) + 16)
  return corrupt
}

/**
 * Streams the object as S3 does (no content encoding). Cut half-way: `dropped` then resets the connection,
 * `stalled` sends nothing more and keeps it open.
 */
function sendBundle(res: ServerResponse, object: Buffer, cut: 'dropped' | 'stalled' | null): void {
  res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': object.length })
  if (cut === null) return void res.end(object)
  res.write(object.subarray(0, Math.floor(object.length / 2)), () => {
    if (cut === 'dropped') res.socket?.resetAndDestroy()
  })
}
