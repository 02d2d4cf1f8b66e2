import { fieldText, isRecord, wholeCount } from '../text.js'

/**
 * The static export endpoints (static-export-openapi.json; Enterprise plans, private beta), their paths in
 * this one place. Mintlify moved them under the project after 2026-08-21 and dropped the separate bundle
 * request: the completed job carries its link, and reading the job again gives a fresh one. The client
 * sends these, a dry run shows them.
 */
export const STATIC_EXPORT_PATHS = {
  start: (projectId: string): string => `/v1/static-export/${encodeURIComponent(projectId)}/jobs`,
  status: (projectId: string, jobId: string): string =>
    `/v1/static-export/${encodeURIComponent(projectId)}/jobs/${encodeURIComponent(jobId)}`
}

/** The statuses the API documents; anything else is taken as still running. */
export const EXPORT_TERMINAL_STATUSES = ['completed', 'failed'] as const
export const EXPORT_STATUSES = ['queued', 'running', ...EXPORT_TERMINAL_STATUSES] as const

/**
 * The base paths the start takes (`""`: the site at the root, no prefix). The field left out means the
 * deployment's configured base path, so "not given" is null here, never `""`.
 */
export const EXPORT_BASE_PATHS = ['', '/docs', '/documentation'] as const
export type ExportBasePath = (typeof EXPORT_BASE_PATHS)[number]

/** The body of the start: none at all unless a base path is asked for. */
export function exportStartBody(basePath: ExportBasePath | null): { basePath: ExportBasePath } | undefined {
  return basePath === null ? undefined : { basePath }
}

/** A completed export's bundle: a presigned link to the `.tar.gz`, its size, and when the link expires. */
export interface ExportBundle {
  /** As the API wrote it; not yet checked (see the operation's link rules). */
  bundleUrl: string
  sizeBytes: number
  expiresAt: string | null
}

/**
 * An export job as this action reads it. The document marks `jobId`, `status`, `createdAt` and `updatedAt`
 * required, but a record that lacks one still reports what it has (null), as the other records of this API
 * do. The link is kept apart from everything else: no record this action shows or writes carries it.
 */
export interface ExportJob {
  jobId: string | null
  status: string | null
  createdAt: string | null
  updatedAt: string | null
  /** Set when `status` is `failed`. */
  error: string | null
  /** The link, its size and expiry, when the record carries a link and a whole size. */
  bundle: ExportBundle | null
  /** The first field a usable bundle needs that the record lacks: `bundleUrl`, then `sizeBytes`. */
  missing: 'bundleUrl' | 'sizeBytes' | null
}

export function parseExportJob(body: unknown): ExportJob {
  const raw = isRecord(body) ? body : {}
  const bundleUrl = typeof raw.bundleUrl === 'string' && raw.bundleUrl.trim() ? raw.bundleUrl.trim() : null
  const sizeBytes = wholeCount(raw.sizeBytes) ?? null
  return {
    jobId: fieldText(raw.jobId),
    status: fieldText(raw.status),
    createdAt: fieldText(raw.createdAt),
    updatedAt: fieldText(raw.updatedAt),
    error: fieldText(raw.error),
    // Without the size the download cannot be proved whole, so a link alone is no bundle.
    bundle: bundleUrl !== null && sizeBytes !== null ? { bundleUrl, sizeBytes, expiresAt: fieldText(raw.expiresAt) } : null,
    missing: bundleUrl === null ? 'bundleUrl' : sizeBytes === null ? 'sizeBytes' : null
  }
}

/**
 * What an export's id may be: letters, digits, `_` and `-` (`6520f3a1c9b1a20012ab34cd`). It is put in the
 * next request's path and in the `job-id` output, where `.`, `..` or a slash would name another path.
 */
export const EXPORT_JOB_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/

/** A started export must name itself by such an id: a job that cannot be followed is an answer the API does not document. */
export function parseStartedExport(body: unknown): ExportJob | null {
  const job = parseExportJob(body)
  return job.jobId !== null && EXPORT_JOB_ID.test(job.jobId) ? job : null
}
