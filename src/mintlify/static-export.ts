import { fieldText, isRecord, wholeCount } from '../text.js'

/**
 * The static export endpoints (static-export-openapi.json; Enterprise plans, private beta), their paths in
 * this one place: Mintlify's docs have an open change that would put them under the project and return the
 * link in the job's status, so a move changes these lines and nothing else. The client sends them, a dry
 * run shows them.
 */
export const STATIC_EXPORT_PATHS = {
  start: (): string => '/v1/static-export/jobs',
  status: (jobId: string): string => `/v1/static-export/jobs/${encodeURIComponent(jobId)}`,
  bundle: (jobId: string): string => `/v1/static-export/jobs/${encodeURIComponent(jobId)}/bundle`
}

/** The statuses the API documents; anything else is taken as still running. */
export const EXPORT_TERMINAL_STATUSES = ['completed', 'failed'] as const
export const EXPORT_STATUSES = ['queued', 'running', ...EXPORT_TERMINAL_STATUSES] as const

/** The body of `POST /v1/static-export/jobs`: the keys left out are not sent. */
export interface ExportRequest {
  domain: string
  version?: string
  paths?: string[]
}

/**
 * An export job as this action reads it. The document marks its fields required, but a record that lacks
 * one still reports what it has (null), as the other records of this API do; `raw` is kept whole.
 */
export interface ExportJob {
  jobId: string | null
  status: string | null
  /** 0-100, clamped; null when absent. */
  progress: number | null
  pageCount: number | null
  createdAt: string | null
  updatedAt: string | null
  /** Present only when `status` is `failed`. */
  error: string | null
  raw: Record<string, unknown>
}

export function parseExportJob(body: unknown): ExportJob {
  const raw = isRecord(body) ? body : {}
  const progress = typeof raw.progress === 'number' && Number.isFinite(raw.progress) ? Math.min(100, Math.max(0, raw.progress)) : null
  return {
    jobId: fieldText(raw.jobId),
    status: fieldText(raw.status),
    progress,
    pageCount: wholeCount(raw.pageCount) ?? null,
    createdAt: fieldText(raw.createdAt),
    updatedAt: fieldText(raw.updatedAt),
    error: fieldText(raw.error),
    raw
  }
}

/** A started export must name itself: a job that cannot be followed is an answer the API does not document. */
export function parseStartedExport(body: unknown): ExportJob | null {
  const job = parseExportJob(body)
  return job.jobId === null ? null : job
}

/** The answer of the bundle request: a presigned link to the `.tar.gz`, its size, and when it expires. */
export interface ExportBundle {
  /** As the API wrote it; not yet checked (see the operation's link rules). */
  bundleUrl: string
  sizeBytes: number
  expiresAt: string | null
}

/** Null unless the answer has a link and a whole size: without the size, the download cannot be proved whole. */
export function parseExportBundle(body: unknown): ExportBundle | null {
  if (!isRecord(body) || typeof body.bundleUrl !== 'string' || !body.bundleUrl.trim()) return null
  const sizeBytes = wholeCount(body.sizeBytes)
  if (sizeBytes === undefined) return null
  return { bundleUrl: body.bundleUrl.trim(), sizeBytes, expiresAt: fieldText(body.expiresAt) }
}
