import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, statfs } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { formatDuration } from '../../duration.js'
import { ApiError } from '../../mintlify/errors.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import type { ExportBundle } from '../../mintlify/static-export.js'
import { stripPeriod } from '../../text.js'
import { FIRST_GAP_MS } from '../../wait.js'
import type { OperationDeps } from '../operation.js'
import { DownloadError, type Downloaded, downloadOnce } from './bundle-download.js'
import { checkBundleLink, linkSecrets } from './link.js'
import { openArchiveCheck } from './proof.js'

/**
 * The bundle request and the download: the link asked for (a 409 waited out), masked at once, then
 * fetched through a temporary file beside `output-file`, renamed only once whole. A network error or 5xx
 * starts the try again (file and hash), at most 3 tries; a 403 asks for a fresh link once, not counted.
 */

export const MAX_DOWNLOAD_TRIES = 3
/** Bundle requests answered 409 (not finished) before the run gives up. */
export const MAX_BUNDLE_REQUESTS = 5
const BUNDLE_GAP_GROWTH = 1.5

export interface Fetched extends Downloaded {
  bundle: ExportBundle
  /** Counted tries (a fresh link's is not). */
  tries: number
}

/** What the fetch needs of the run besides its client. */
export interface FetchMeans {
  deps: OperationDeps
  jobId: string
  pollIntervalMs: number
  /** `output-file` resolved. */
  outputPath: string
  /** The run's download stops when this aborts (the deadline), besides a cancel. */
  stop: AbortSignal
  /** Told each link as soon as it is known (the `bundle-url` output). */
  onLink: (url: string) => void
}

export async function fetchBundle(client: DocsApiClient, means: FetchMeans): Promise<Fetched> {
  const { deps, outputPath } = means
  await mkdir(dirname(outputPath), { recursive: true })
  const temp = join(dirname(outputPath), `.${basename(outputPath)}.${randomBytes(4).toString('hex')}.part`)
  const signal = AbortSignal.any([deps.signal, means.stop])
  let bundle = await requestLink(client, means)
  await checkFreeSpace(bundle, outputPath)
  let freshLinkAsked = false
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
        if (error.kind === 'expired' && !freshLinkAsked) {
          freshLinkAsked = true
          tries--
          deps.log.info(`${error.message}: asking for a fresh link.`)
          bundle = await requestLink(client, means)
        } else if (error.kind === 'retry' && tries < MAX_DOWNLOAD_TRIES) {
          deps.log.info(`${error.message}; starting the download again.`)
          await deps.clock.sleep(FIRST_GAP_MS * tries, signal)
        } else {
          const after = tries > 1 ? ` (after ${tries} tries)` : ''
          throw new DownloadError(error.kind, `Could not download the bundle of static export ${means.jobId}: ${error.message}${after}`)
        }
      }
    }
  } finally {
    await rm(temp, { force: true })
  }
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
 * `POST …/bundle`, its 409 (the job not finished, though its status said so) waited out: at most 5
 * requests, 2 s apart (or `poll-interval`, if smaller) and growing. The link is masked before anything
 * else happens to it.
 */
async function requestLink(client: DocsApiClient, means: FetchMeans): Promise<ExportBundle> {
  const { deps, jobId } = means
  let gap = Math.min(FIRST_GAP_MS, means.pollIntervalMs)
  for (let request = 1; ; request++) {
    try {
      const bundle = await client.requestStaticBundle(jobId)
      for (const secret of linkSecrets(bundle.bundleUrl)) deps.mask(secret, 'bundle-url')
      means.onLink(bundle.bundleUrl)
      return bundle
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409) || deps.signal.aborted) throw error
      if (request >= MAX_BUNDLE_REQUESTS)
        throw new ApiError(
          `${stripPeriod(error.message)}; the export was still not finished after ${MAX_BUNDLE_REQUESTS} bundle requests.`,
          409,
          false
        )
      deps.log.info(`The bundle of static export ${jobId} is not ready yet (HTTP 409); asking again in ${formatDuration(gap)}.`)
      await deps.clock.sleep(gap, deps.signal)
      gap = Math.round(gap * BUNDLE_GAP_GROWTH)
    }
  }
}
