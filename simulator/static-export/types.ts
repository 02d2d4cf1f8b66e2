// Public types of the fake static export endpoints and their bundle links (see FakeStaticExports).

/** The statuses the static export document lists. */
export type ExportStatus = 'queued' | 'running' | 'completed' | 'failed'

/** How an export ends: 'never' stays running (for timeouts and cancels). */
export type ExportOutcome = 'completed' | 'failed' | 'never'

/**
 * How a bundle link answers its GET:
 * - 'ok': the whole .tar.gz;
 * - 'truncated': the stored object is cut in half (`sizeBytes` and Content-Length say the cut size), so its
 *   gzip stream ends early;
 * - 'wrong-size': the whole archive, but `sizeBytes` says one byte more;
 * - 'corrupt-gzip': the right number of bytes, with the gzip stream's data overwritten in the middle;
 * - 'drop-once': the first GET sends half the bytes and drops the connection, the next ones are whole;
 * - 'expires-mid-way': the first GET drops half-way, and the link is expired after it (403 from then on),
 *   so the download needs a fresh link;
 * - 'redirect-to-http': a 302 to a plain http:// address of another host;
 * - 'stalls': half the bytes, then nothing more (the connection stays open), for a cancel mid-download.
 */
export type DownloadScenario =
  'ok' | 'truncated' | 'wrong-size' | 'corrupt-gzip' | 'drop-once' | 'expires-mid-way' | 'redirect-to-http' | 'stalls'

/**
 * How one export goes. Its status advances by the simulator's clock, not by polls: `queued` for
 * `queuedMs`, then `running` for `runningMs` (progress rising evenly), then `outcome`.
 */
export interface ExportScript {
  /** Default 'completed'. */
  outcome?: ExportOutcome
  /** Default 100. */
  queuedMs?: number
  /** Default 600. */
  runningMs?: number
  /** Pages in the bundle (`pageCount` once completed). Default 12. */
  pageCount?: number
  /** Bytes of each page (random, hardly compressible), for big bundles. Default: a small HTML page. */
  pageBytes?: number
  /** The `error` of a failed export. Default: a build error. */
  error?: string
  /** Bundle requests answered 409 after the export completed. Default 0. */
  notReadyTimes?: number
  /** Default 'ok'. */
  download?: DownloadScenario
  /** The archive also holds `../outside.html`, `/etc/hostname` and a link leading out. */
  unsafeEntries?: boolean
}

export interface SimExport {
  jobId: string
  domain: string
  version: string | null
  paths: string[] | null
  script: Required<Omit<ExportScript, 'pageBytes' | 'error'>> & Pick<ExportScript, 'pageBytes' | 'error'>
  createdAt: number
  polls: number
  /** Bundle requests answered, 409s included. */
  bundleRequests: number
  /** The record a GET would answer now (does not count as a poll). */
  record(): Record<string, unknown>
}

/** One GET of a bundle link, as it arrived. */
export interface BundleDownload {
  jobId: string
  headers: Record<string, string | string[] | undefined>
  /** What the link answered: 200, 302, 403, or 'dropped' or 'stalled' half-way. */
  answer: number | 'dropped' | 'stalled'
}

/**
 * The fake static export endpoints (static-export-openapi.json), with the agent endpoints' bearer auth
 * (401 `Unauthorized`) and errors as `{"error": string}`:
 * - `POST /v1/static-export/jobs` `{domain, version?, paths?}` → 202 job; 400 for a body that is not a JSON
 *   object, a domain not in `domains`, or paths that are not an array of strings; 403 when `enabled` is false.
 * - `GET /v1/static-export/jobs/{jobId}` → 200 job `{jobId, status, progress, pageCount, createdAt,
 *   updatedAt, error?}`; 404.
 * - `POST /v1/static-export/jobs/{jobId}/bundle` → 200 `{jobId, bundleUrl, sizeBytes, expiresAt}`, a fresh
 *   link each time; 404; 409 while the export has not completed (and `notReadyTimes` after).
 * - The links: `GET /s3/static-exports/{jobId}/bundle.tar.gz?X-Amz-Signature=…` on the same server, a real
 *   .tar.gz (see DownloadScenario); 403 for a signature never issued or expired; 400 when the request
 *   carries an Authorization header (S3 allows one way of authenticating).
 */
export interface FakeStaticExports {
  /** Queue a script; each start consumes one. Empty queue: `defaultScript`. */
  scriptNext(script: ExportScript): void
  defaultScript: ExportScript
  /** An export that no start made (one started earlier): `job-id` runs fetch it. */
  plant(script?: ExportScript & { jobId?: string; createdAt?: number }): SimExport
  list(): SimExport[]
  get(jobId: string): SimExport | undefined
  /** Off: the start answers 403, as for an organization without static export. Default on. */
  enabled: boolean
  /** The domains a start accepts; any other is 400 (not a reachable hostname). */
  domains: string[]
  /** Every GET of a bundle link, in order. */
  downloads: BundleDownload[]
  /** Every link the bundle requests handed out, in order. */
  links: string[]
}
