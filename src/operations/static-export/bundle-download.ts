import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import * as http from 'node:http'
import * as https from 'node:https'
import { getProxyUrl, HttpClient } from '@actions/http-client'
import { isRetryableStatus } from '../../retry.js'
import { guardsRedirects, refusedRedirect } from './link.js'
import { InnerAddressError, outerOnlyLookup } from './inner-address.js'
import { type ArchiveCheck, type ArchiveFacts, ProofError } from './archive-check.js'

/**
 * One download of the bundle link, streamed: not `fetch`, which decodes a gzip-encoded answer on the fly
 * and so breaks the size check, but Node's raw http(s) with `accept-encoding: identity`. The link is
 * presigned: it carries its own credential, so no key and no Authorization header go with it. The bytes
 * go to a file, through the SHA-256 and (with `check`) the gzip and tar readers, in one pass; nothing of
 * the bundle is held in memory.
 */

/** How a try failed: `expired` a 403 (ask for a fresh link), `retry` a network error or 5xx, `final` anything else. */
export type DownloadFailure = 'expired' | 'retry' | 'final'

export class DownloadError extends Error {
  constructor(
    readonly kind: DownloadFailure,
    message: string
  ) {
    super(message)
    this.name = 'DownloadError'
  }
}

export interface Downloaded {
  bytes: number
  sha256: string
  /** Null when the archive was not read (the bench's bare download). */
  archive: ArchiveFacts | null
}

export interface DownloadTry {
  url: URL
  /** `sizeBytes` of the bundle answer. */
  expectedBytes: number
  /** The file the bytes go to: created exclusively (`wx`), so none may stand there yet. */
  file: string
  signal: AbortSignal
  /** The gzip and tar readers; null: the bytes are only hashed. */
  check: ArchiveCheck | null
}

/** No byte for this long: the try fails (and may be repeated). */
const IDLE_TIMEOUT_MS = 30_000
const MAX_REDIRECTS = 5
const FILE_BUFFER_BYTES = 1 << 20
/** Runner proxy settings (https_proxy, no_proxy) apply here as to the API's requests. */
const agents = new HttpClient('docs-agent-action')

export async function downloadOnce(attempt: DownloadTry): Promise<Downloaded> {
  const response = await openLink(attempt.url, attempt.signal).catch((error: unknown) => {
    attempt.check?.abort()
    throw error
  })
  const length = Number(response.headers['content-length'] ?? NaN)
  if (Number.isSafeInteger(length) && length !== attempt.expectedBytes) {
    response.destroy()
    attempt.check?.abort()
    throw new ProofError('size', `the link serves ${length} bytes, and the API said the bundle has ${attempt.expectedBytes}`)
  }
  // A megabyte of writes may wait for the disk while the next chunks arrive: with the default 16 KiB,
  // every 64 KiB chunk would wait for its own write, and network and disk would take turns.
  // `wx`: a file or link planted under the name is refused, never followed or overwritten.
  const file = createWriteStream(attempt.file, { flags: 'wx', highWaterMark: FILE_BUFFER_BYTES })
  // A write error (a full disk) rejects the next wait on the file; until then it is only noted here.
  const written: { error: Error | null } = { error: null }
  file.on('error', (error) => (written.error ??= error))
  const hash = createHash('sha256')
  let bytes = 0
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      bytes += chunk.length
      if (bytes > attempt.expectedBytes)
        throw new ProofError('size', `more than the ${attempt.expectedBytes} bytes the API said the bundle has arrived`)
      hash.update(chunk)
      if (written.error) throw written.error
      if (!file.write(chunk)) await once(file, 'drain')
      await attempt.check?.write(chunk)
    }
    if (bytes !== attempt.expectedBytes)
      throw new ProofError('size', `${bytes} bytes arrived, and the API said the bundle has ${attempt.expectedBytes}`)
    const archive = attempt.check ? await attempt.check.finish() : null
    file.end()
    await once(file, 'finish')
    return { bytes, sha256: hash.digest('hex'), archive }
  } catch (error) {
    response.destroy()
    file.destroy()
    attempt.check?.abort()
    // A write error (the disk) is the file's, for the caller to name output-file; anything else the stream's.
    if (error instanceof ProofError || error instanceof DownloadError || (written.error !== null && error === written.error)) throw error
    throw streamFailure(error, bytes, attempt.signal)
  } finally {
    if (!file.closed) await once(file, 'close').catch(() => undefined)
  }
}

/** The link's answer, redirects followed only where the link rules allow (https, or http to this machine). */
async function openLink(start: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
  let url = start
  for (let redirects = 0; ; redirects++) {
    const response = await get(url, signal, redirects > 0 && guardsRedirects(start))
    const status = response.statusCode ?? 0
    if (status === 200) return response
    response.resume()
    const location = response.headers.location
    if ([301, 302, 303, 307, 308].includes(status) && location) {
      if (redirects >= MAX_REDIRECTS) throw new DownloadError('final', `the bundle link redirected more than ${MAX_REDIRECTS} times`)
      const next = new URL(location, url)
      const refused = refusedRedirect(start, next)
      if (refused !== null) throw new DownloadError('final', refused)
      url = next
      continue
    }
    throw statusFailure(status)
  }
}

function statusFailure(status: number): DownloadError {
  // A presigned link that has expired answers 403; a fresh one costs no new export.
  if (status === 403) return new DownloadError('expired', 'the bundle link answered HTTP 403 (it may have expired)')
  if (isRetryableStatus(status)) return new DownloadError('retry', `the bundle link answered HTTP ${status}`)
  return new DownloadError('final', `the bundle link answered HTTP ${status}`)
}

/**
 * One GET of the link. `outerOnly`: a redirect's host, whose name may resolve only to public addresses.
 * Behind a proxy the proxy resolves the name, and only the address forms of refusedRedirect apply.
 */
function get(url: URL, signal: AbortSignal, outerOnly: boolean): Promise<http.IncomingMessage> {
  const module = url.protocol === 'https:' ? https : http
  const lookup = outerOnly && getProxyUrl(url.href) === '' ? { lookup: outerOnlyLookup() } : {}
  return new Promise((resolve, reject) => {
    const request = module.get(
      url,
      {
        headers: { 'accept-encoding': 'identity', 'user-agent': 'docs-agent-action' },
        agent: agents.getAgent(url.href),
        signal,
        ...lookup
      },
      resolve
    )
    request.setTimeout(IDLE_TIMEOUT_MS, () =>
      request.destroy(new DownloadError('retry', `no data from the bundle link for ${IDLE_TIMEOUT_MS / 1000}s`))
    )
    request.on('error', (error) => {
      if (error instanceof InnerAddressError) reject(new DownloadError('final', error.message))
      else reject(error instanceof DownloadError ? error : streamFailure(error, 0, signal))
    })
  })
}

/** A network failure (never quoting the link): retried, unless the run was cancelled or ran out of time. */
function streamFailure(error: unknown, bytes: number, signal: AbortSignal): DownloadError {
  if (signal.aborted) return new DownloadError('final', 'the download was stopped')
  const code = (error as NodeJS.ErrnoException | null)?.code ?? 'error'
  const after = bytes > 0 ? ` after ${bytes} bytes` : ''
  return new DownloadError('retry', `the connection to the bundle link failed${after} (${code})`)
}
