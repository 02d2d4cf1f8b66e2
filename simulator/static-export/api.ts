// The fake static export endpoints (static-export-openapi.json as of 2026-12: keyed by the project, the link
// in the completed job) and the presigned links to their bundles, served on the same server. An export's status advances by the clock, not by polls, as a real export runs
// whether anyone looks or not.
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { apiError, type ApiRequest } from '../mintlify/request.js'
import type { RouteResponse } from '../types.js'
import { buildBundle } from './bundle.js'
import type { BundleDownload, ExportScript, ExportStatus, FakeStaticExports, SimExport } from './types.js'

export interface StaticExportsConfig {
  now: () => number
  /** The server's own URL, where the links point. */
  baseUrl: () => string
}

const LINK_LIFETIME_MS = 3_600_000
const HOUR_MS = 3_600_000
const BASE_PATHS = ['', '/docs', '/documentation']

class Export implements SimExport {
  polls = 0
  linksGiven = 0
  bundle: Promise<Buffer> | null = null
  /** Signatures of this export's links still valid. */
  readonly signatures = new Set<string>()
  /** GETs of the links so far (the 'drop-once' and 'expires-mid-way' scenarios act on the first). */
  gets = 0

  constructor(
    readonly jobId: string,
    readonly basePath: string | null,
    readonly script: SimExport['script'],
    readonly createdAt: number,
    private readonly now: () => number
  ) {}

  status(): ExportStatus {
    const age = this.now() - this.createdAt
    if (age < this.script.queuedMs) return 'queued'
    if (age < this.script.queuedMs + this.script.runningMs || this.script.outcome === 'never') return 'running'
    return this.script.outcome
  }

  record(): Record<string, unknown> {
    const status = this.status()
    const ended = this.createdAt + this.script.queuedMs + this.script.runningMs
    return {
      jobId: this.jobId,
      status,
      createdAt: new Date(this.createdAt).toISOString(),
      updatedAt: new Date(status === 'completed' || status === 'failed' ? ended : this.now()).toISOString(),
      error: status === 'failed' ? (this.script.error ?? 'Rendering failed: guides/broken.mdx:3:1 Unexpected token') : null
    }
  }
}

export class StaticExportsApi implements FakeStaticExports {
  defaultScript: ExportScript = {}
  enabled = true
  startsPerHour = 10
  rateLimitRetryAfter: string | null = null
  onHeld: (() => void) | null = null
  readonly starts: { at: number; basePath: string | null }[] = []
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
    return this.create(null, script, jobId, createdAt)
  }

  list(): SimExport[] {
    return [...this.exports.values()]
  }

  get(jobId: string): SimExport | undefined {
    return this.exports.get(jobId)
  }

  /** `POST /v1/static-export/{projectId}/jobs` (auth and project checked by the caller). */
  start(req: ApiRequest): RouteResponse {
    const basePath = readBasePath(req.body)
    if (typeof basePath === 'object' && basePath !== null) return basePath
    if (!this.enabled) return apiError(403, 'Static export is not enabled for this deployment. Contact sales@mintlify.com to upgrade.')
    if (this.list().some((job) => job.status() === 'queued' || job.status() === 'running')) {
      this.onHeld?.()
      return apiError(409, 'A static export job is already in progress for this deployment.')
    }
    const now = this.config.now()
    if (this.starts.filter((start) => start.at > now - HOUR_MS).length >= this.startsPerHour) {
      const answer = apiError(429, 'Rate limit exceeded: up to 10 static export job starts per organization per hour.')
      return this.rateLimitRetryAfter === null ? answer : { ...answer, headers: { 'retry-after': this.rateLimitRetryAfter } }
    }
    this.starts.push({ at: now, basePath })
    const job = this.create(basePath, { ...this.defaultScript, ...this.scripts.shift() })
    return { status: 202, json: job.record() }
  }

  /** `GET /v1/static-export/{projectId}/jobs/{jobId}`: once completed, a fresh presigned link each read. */
  async status(jobId: string): Promise<RouteResponse> {
    if (!this.enabled) return apiError(403, 'Static export is not enabled for this deployment. Contact sales@mintlify.com to upgrade.')
    const job = this.exports.get(jobId)
    if (!job) return apiError(404, 'Static export job not found')
    job.polls++
    const record = job.record()
    if (record.status !== 'completed') return { status: 200, json: record }
    if (job.script.incompleteReads > 0) {
      job.script.incompleteReads--
      const lacking = job.script.incompleteField
      const bundle = await this.link(job)
      return {
        status: 200,
        json: { ...record, ...(lacking === 'bundleUrl' ? { sizeBytes: bundle.sizeBytes } : { bundleUrl: bundle.bundleUrl }) }
      }
    }
    return { status: 200, json: { ...record, ...(await this.link(job)) } }
  }

  /** A fresh presigned link to the export's bundle, with its size and expiry. */
  private async link(job: Export): Promise<{ bundleUrl: string; sizeBytes: number; expiresAt: string }> {
    const archive = await (job.bundle ??= buildBundle(job.script))
    const signature = randomBytes(32).toString('hex')
    job.linksGiven++
    // The first link of a 'stale-first-link' export was handed out long ago: expired, and its host says so.
    const stale = job.script.download === 'stale-first-link' && job.linksGiven === 1
    if (!stale) job.signatures.add(signature)
    const size = job.script.download === 'truncated' ? Math.floor(archive.length / 2) : archive.length
    const bundleUrl = `${this.config.baseUrl()}/s3/static-exports/${job.jobId}/bundle.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Signature=${signature}`
    this.links.push(bundleUrl)
    return {
      bundleUrl,
      sizeBytes: job.script.download === 'wrong-size' ? size + 1 : size,
      expiresAt: new Date(this.config.now() + (stale ? -60_000 : LINK_LIFETIME_MS)).toISOString()
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

  private create(basePath: string | null, script: ExportScript, jobId?: string, createdAt?: number): Export {
    // An id as Mintlify's documents show them: 24 hexadecimal digits.
    const id = jobId ?? `6520f3a1${(++this.counter).toString(16).padStart(16, '0')}`
    const full: SimExport['script'] = {
      outcome: script.outcome ?? 'completed',
      queuedMs: script.queuedMs ?? 100,
      runningMs: script.runningMs ?? 600,
      pageCount: script.pageCount ?? 12,
      incompleteReads: script.incompleteReads ?? 0,
      incompleteField: script.incompleteField ?? 'bundleUrl',
      download: script.download ?? 'ok',
      unsafeEntries: script.unsafeEntries ?? false,
      pageBytes: script.pageBytes,
      error: script.error
    }
    const job = new Export(id, basePath, full, createdAt ?? this.config.now(), this.config.now)
    this.exports.set(id, job)
    return job
  }
}

/**
 * The start's optional body: none (or an empty one) leaves the deployment's base path, a JSON object may
 * name `basePath` as one of the documented values. Null: not asked for; a RouteResponse: the 400.
 */
function readBasePath(body: string): string | null | RouteResponse {
  if (!body.trim()) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return apiError(400, 'Request body is not valid JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return apiError(400, 'Request body must be a JSON object')
  const { basePath } = parsed as Record<string, unknown>
  if (basePath === undefined) return null
  if (typeof basePath !== 'string' || !BASE_PATHS.includes(basePath))
    return apiError(400, 'basePath must be one of "", "/docs" or "/documentation"')
  return basePath
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
