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
 * - 'stale-first-link': the first completed record read carries a link whose `expiresAt` has passed and
 *   which its host refuses (403); every later read gives a good one;
 * - 'stalls': half the bytes, then nothing more (the connection stays open), for a cancel mid-download.
 */
export type DownloadScenario =
  'ok' | 'truncated' | 'wrong-size' | 'corrupt-gzip' | 'drop-once' | 'expires-mid-way' | 'redirect-to-http' | 'stale-first-link' | 'stalls'

/**
 * How one export goes. Its status advances by the simulator's clock, not by polls: `queued` for
 * `queuedMs`, then `running` for `runningMs`, then `outcome`.
 */
export interface ExportScript {
  /** Default 'completed'. */
  outcome?: ExportOutcome
  /** Default 100. */
  queuedMs?: number
  /** Default 600. */
  runningMs?: number
  /** `.html` pages in the bundle. Default 12. */
  pageCount?: number
  /** Bytes of each page (random, hardly compressible), for big bundles. Default: a small HTML page. */
  pageBytes?: number
  /** The `error` of a failed export. Default: a build error. */
  error?: string
  /** Reads of the completed export whose record lacks `incompleteField`, before it carries its bundle. Default 0. */
  incompleteReads?: number
  /** The field those reads lack. Default 'bundleUrl'. */
  incompleteField?: 'bundleUrl' | 'sizeBytes'
  /** Default 'ok'. */
  download?: DownloadScenario
  /** The archive also holds `../outside.html`, `/etc/hostname` and a link leading out. */
  unsafeEntries?: boolean
}

export interface SimExport {
  jobId: string
  /** The `basePath` the start asked for; null when it sent no body or left the field out. */
  basePath: string | null
  script: Required<Omit<ExportScript, 'pageBytes' | 'error'>> & Pick<ExportScript, 'pageBytes' | 'error'>
  createdAt: number
  /** GETs of the export answered, the records that carried a link included. */
  polls: number
  /** Records read that carried a link to the bundle (each a fresh one). */
  linksGiven: number
  /** The export's status now, by the clock. */
  status(): ExportStatus
  /** The record a GET would answer now, without a link (does not count as a poll). */
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
 * The fake static export endpoints (static-export-openapi.json as of 2026-12), keyed by the project, with
 * the agent endpoints' bearer auth (401 `Unauthorized`, 404 for another project) and errors as
 * `{"error": string}`:
 * - `POST /v1/static-export/{projectId}/jobs`, optional body `{basePath?: "" | "/docs" | "/documentation"}`
 *   → 202 job; 400 for a body that is not a JSON object or another `basePath`; 403 when `enabled` is false;
 *   409 while another export is `queued` or `running`; 429 past `startsPerHour` starts in the last hour
 *   (with `Retry-After` when `rateLimitRetryAfter` is set).
 * - `GET /v1/static-export/{projectId}/jobs/{jobId}` → 200 job `{jobId, status, createdAt, updatedAt,
 *   error}`, and once completed `{bundleUrl, sizeBytes, expiresAt}` with a fresh link each read; 404.
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
  /** Off: the start and the reads answer 403, as for a deployment without static export. Default on. */
  enabled: boolean
  /** Starts answered in the last hour before the next is 429. Default 10, as documented. */
  startsPerHour: number
  /** The `Retry-After` of that 429 (seconds, or an HTTP date); null: none. Default null. */
  rateLimitRetryAfter: string | null
  /** Told each time a start is answered 409 (another export held the deployment), so a test can end that export. */
  onHeld: (() => void) | null
  /** Every start answered 202, in order: when, and the `basePath` it asked for. */
  starts: { at: number; basePath: string | null }[]
  /** Every GET of a bundle link, in order. */
  downloads: BundleDownload[]
  /** Every link the completed records handed out, in order. */
  links: string[]
}
