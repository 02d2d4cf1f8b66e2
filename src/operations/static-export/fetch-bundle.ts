import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, statfs } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { formatDuration } from '../../duration.js'
import type { ExportBundle, ExportJob } from '../../mintlify/static-export.js'
import { capitalise } from '../../text.js'
import { FIRST_GAP_MS } from '../../wait.js'
import type { OperationDeps } from '../operation.js'
import { DownloadError, type Downloaded, downloadOnce } from './bundle-download.js'
import { checkBundleLink } from './link.js'
import { openArchiveCheck } from './proof.js'

/**
 * The bundle of a completed export and its download: the link its record carries (read again while a
 * completed record lacks it), then fetched through a temporary file beside `output-file`, renamed only once
 * whole. A network error or 5xx starts the try again (file and hash), at most 3 tries; a link past its
 * `expiresAt`, or refused by its host with 403, is renewed by reading the job again, once in the run.
 */

export const MAX_DOWNLOAD_TRIES = 3
/** More reads of a completed export whose record lacks `bundleUrl` or `sizeBytes`, before the run gives up. */
export const MAX_LINK_REREADS = 5
const REREAD_GAP_GROWTH = 1.5

export interface Fetched extends Downloaded {
  bundle: ExportBundle
  /** Counted tries (a fresh link's is not). */
  tries: number
}

/** The reads of one export: every record that carries a link has it masked before anything else sees it. */
export interface ExportReads {
  jobId: string
  read: () => Promise<ExportJob>
}

/** What the fetch needs of the run besides the export's reads. */
export interface FetchMeans {
  deps: OperationDeps
  /** The export's record that said `completed`. */
  completed: ExportJob
  pollIntervalMs: number
  /** `output-file` resolved. */
  outputPath: string
  /** The run's download stops when this aborts (the deadline), besides a cancel. */
  stop: AbortSignal
}

export async function fetchBundle(reads: ExportReads, means: FetchMeans): Promise<Fetched> {
  const { deps, outputPath } = means
  await mkdir(dirname(outputPath), { recursive: true })
  const temp = join(dirname(outputPath), `.${basename(outputPath)}.${randomBytes(4).toString('hex')}.part`)
  const signal = AbortSignal.any([deps.signal, means.stop])
  let bundle = await bundleOf(means.completed, reads, means)
  await checkFreeSpace(bundle, outputPath)
  let renewed = false
  const renew = async (why: string): Promise<ExportBundle> => {
    renewed = true
    deps.log.info(`${why}: reading static export ${reads.jobId} again for a fresh link.`)
    return bundleOf(await reads.read(), reads, means)
  }
  if (pastExpiry(bundle, deps.clock.now())) bundle = await renew(`The bundle link expired at ${bundle.expiresAt ?? ''}`)
  try {
    for (let tries = 1; ; tries++) {
      const url = usableLink(bundle)
      deps.log.info(`Downloading the bundle (${bundle.sizeBytes} bytes), try ${tries} of ${MAX_DOWNLOAD_TRIES}.`)
      try {
        const downloaded = await downloadOnce({
          url,
          expectedBytes: bundle.sizeBytes,
          file: temp,
          signal,
          check: await openArchiveCheck(bundle.sizeBytes)
        })
        await rename(temp, outputPath)
        return { ...downloaded, bundle, tries }
      } catch (error) {
        if (!(error instanceof DownloadError) || signal.aborted) throw error
        if (error.kind === 'expired' && !renewed) {
          tries--
          bundle = await renew(error.message)
        } else if (error.kind === 'retry' && tries < MAX_DOWNLOAD_TRIES) {
          deps.log.info(`${error.message}; starting the download again.`)
          await deps.clock.sleep(FIRST_GAP_MS * tries, signal)
        } else {
          const after = tries > 1 ? ` (after ${tries} tries)` : ''
          throw new DownloadError(error.kind, `Could not download the bundle of static export ${reads.jobId}: ${error.message}${after}`)
        }
      }
    }
  } finally {
    await rm(temp, { force: true })
  }
}

/** Whether the link's `expiresAt` has passed; a missing or unreadable one is no fault (the host's 403 says it then). */
export function pastExpiry(bundle: ExportBundle, now: number): boolean {
  const expires = Date.parse(bundle.expiresAt ?? '')
  return !Number.isNaN(expires) && expires <= now
}

/** A bundle larger than the free space of `output-file`'s disk fails before the download, naming both sizes. */
async function checkFreeSpace(bundle: ExportBundle, outputPath: string): Promise<void> {
  const disk = await statfs(dirname(outputPath))
  const free = disk.bavail * disk.bsize
  if (bundle.sizeBytes > free)
    throw new DownloadError(
      'final',
      `The bundle has ${bundle.sizeBytes.toLocaleString('en-US')} bytes, more than the ${free.toLocaleString('en-US')} bytes free on the disk of output-file: free some space or point output-file at a larger disk.`
    )
}

/** The link, refused (never quoted) when the rules say it may not be fetched. */
function usableLink(bundle: ExportBundle): URL {
  const link = checkBundleLink(bundle.bundleUrl)
  if (!link.ok) throw new DownloadError('final', link.why)
  return link.url
}

/**
 * The bundle a completed record links to. A record that says `completed` without `bundleUrl` or
 * `sizeBytes` is read again, at most 5 more times, 2 s apart (or `poll-interval`, if smaller) and growing;
 * then the run fails naming the missing field.
 */
async function bundleOf(first: ExportJob, reads: ExportReads, means: FetchMeans): Promise<ExportBundle> {
  const { deps } = means
  let job = first
  let gap = Math.min(FIRST_GAP_MS, means.pollIntervalMs)
  for (let reread = 0; ; reread++) {
    if (job.bundle) return job.bundle
    const lacks = `static export ${reads.jobId} is ${job.status ?? 'without status'}, but its record has no ${job.missing ?? 'bundleUrl'}`
    if (reread >= MAX_LINK_REREADS)
      throw new DownloadError('final', `${capitalise(lacks)} after ${MAX_LINK_REREADS} more reads, so there is no bundle to download`)
    deps.log.info(`${capitalise(lacks)} yet; reading it again in ${formatDuration(gap)}.`)
    await deps.clock.sleep(gap, deps.signal)
    gap = Math.round(gap * REREAD_GAP_GROWTH)
    job = await reads.read()
  }
}
