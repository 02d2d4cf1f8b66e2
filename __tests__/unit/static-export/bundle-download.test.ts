/**
 * The bundle's download behind its seams: a real HTTP server on 127.0.0.1 as the link, temporary folders
 * as the disk, and a scripted API client for the bundle requests. What the simulator's scenarios do not
 * give: redirects, answers without a length, each kind of failed try, and the tries running out.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DocsApiClient } from '../../../src/mintlify/client.js'
import { ApiError } from '../../../src/mintlify/errors.js'
import type { ExportBundle } from '../../../src/mintlify/static-export.js'
import type { OperationDeps } from '../../../src/operations/operation.js'
import type { ArchiveCheck, ArchiveFacts } from '../../../src/operations/static-export/archive-check.js'
import { ProofError } from '../../../src/operations/static-export/archive-check.js'
import { DownloadError, type DownloadTry, downloadOnce } from '../../../src/operations/static-export/bundle-download.js'
import { fetchBundle } from '../../../src/operations/static-export/fetch-bundle.js'
import { runContext } from '../../fixtures/run-context.js'
import { type Answer, closeApis, closedPort, resetConnection, startApi, text } from '../../fixtures/loopback-api.js'
import { recordingLog, type RecordingLog } from '../../fixtures/recording-log.js'
import { tempDir } from '../../fixtures/temp-dir.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

let folder: { path: string; remove(): void }
beforeEach(() => {
  folder = tempDir('bundle-download-')
})
afterEach(async () => {
  await closeApis()
  folder.remove()
})

const BODY = 'ten bytes!'
const sha256 = (data: string): string => createHash('sha256').update(data).digest('hex')

/** An answer streamed without a Content-Length (chunked), as a server may send it. */
const chunked =
  (...chunks: string[]): Answer =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/gzip' })
    for (const chunk of chunks) res.write(chunk)
    res.end()
  }

const redirect =
  (location: string, status = 302): Answer =>
  (_req, res) => {
    res.writeHead(status, { location })
    res.end()
  }

/** The readers as a test sees them: what they were fed, whether they were stopped, the facts they give. */
function recordingCheck(): ArchiveCheck & { fed: string[]; aborted: boolean } {
  const facts: ArchiveFacts = { entries: 1, files: 1, htmlPages: 1, unsafe: [], unsafeCount: 0 }
  const check = {
    fed: [] as string[],
    aborted: false,
    write: (chunk: Buffer) => (check.fed.push(chunk.toString()), Promise.resolve()),
    finish: () => Promise.resolve(facts),
    abort: () => void (check.aborted = true)
  }
  return check
}

/** One try at `url` for `expectedBytes`, into a file of the test's folder. */
function attempt(url: string, expectedBytes = BODY.length, overrides: Partial<DownloadTry> = {}): DownloadTry {
  return {
    url: new URL(url),
    expectedBytes,
    file: join(folder.path, 'bundle.part'),
    signal: new AbortController().signal,
    check: null,
    ...overrides
  }
}

/** What `promise` rejects with: not checked with `instanceof Error`, which Node's fs errors fail in Jest's realm. */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const failure = await promise.then(
    () => null,
    (error: unknown) => ({ error: error as Error })
  )
  if (failure === null) throw new Error('the download succeeded')
  return failure.error
}

describe('one download of the bundle link', () => {
  it('streams the bytes to the file and through the hash, the readers fed each chunk', async () => {
    const link = await startApi(chunked('ten ', 'bytes!'))
    const check = recordingCheck()
    const done = await downloadOnce(attempt(`${link.url}/bundle.tar.gz?X-Amz-Signature=abc`, BODY.length, { check }))

    expect(done).toEqual({ bytes: 10, sha256: sha256(BODY), archive: { entries: 1, files: 1, htmlPages: 1, unsafe: [], unsafeCount: 0 } })
    expect(readFileSync(join(folder.path, 'bundle.part'), 'utf8')).toBe(BODY)
    expect(check.fed.join('')).toBe(BODY)
    expect(check.aborted).toBe(false)
    // The link carries its own credential: no Authorization, and no content encoding that would change the size.
    const [request] = link.received
    expect(request?.headers).toMatchObject({ 'accept-encoding': 'identity', 'user-agent': 'docs-agent-action' })
    expect(request?.headers.authorization).toBeUndefined()
  })

  it('follows redirects on this machine, relative ones included, and reads no archive without readers', async () => {
    const link = await startApi(redirect('/second', 301), redirect('/third', 307), text(200, BODY))
    const done = await downloadOnce(attempt(`${link.url}/first`))

    expect(done).toEqual({ bytes: 10, sha256: sha256(BODY), archive: null })
    expect(link.received.map((request) => request.url)).toEqual(['/first', '/second', '/third'])
  })

  it('refuses a sixth redirect', async () => {
    const link = await startApi(redirect('/again'))
    const error = await failureOf(downloadOnce(attempt(`${link.url}/first`)))

    expect(error).toEqual(new DownloadError('final', 'the bundle link redirected more than 5 times'))
    expect(link.received).toHaveLength(6)
  })

  it.each([
    [403, 'expired', 'the bundle link answered HTTP 403 (it may have expired)'],
    [503, 'retry', 'the bundle link answered HTTP 503'],
    [429, 'retry', 'the bundle link answered HTTP 429'],
    [404, 'final', 'the bundle link answered HTTP 404'],
    [302, 'final', 'the bundle link answered HTTP 302']
  ] as const)('takes an HTTP %i for a try that is %s', async (status, kind, message) => {
    const link = await startApi(text(status, '<Error/>', 'application/xml'))
    const check = recordingCheck()
    const error = await failureOf(downloadOnce(attempt(link.url, BODY.length, { check })))

    expect(error).toEqual(new DownloadError(kind, message))
    expect(check.aborted).toBe(true)
  })

  it.each([
    ['more bytes than the API said', 5, 'The bundle failed the size check: more than the 5 bytes the API said the bundle has arrived'],
    ['fewer bytes than the API said', 20, 'The bundle failed the size check: 10 bytes arrived, and the API said the bundle has 20']
  ])('fails the size check on %s without a Content-Length', async (_, expected, message) => {
    const link = await startApi(chunked('ten ', 'bytes!'))
    const check = recordingCheck()
    const error = await failureOf(downloadOnce(attempt(link.url, expected, { check })))

    expect(error).toBeInstanceOf(ProofError)
    expect(error.message).toBe(message)
    expect(check.aborted).toBe(true)
  })

  it('takes a connection reset before the answer for a try to repeat, naming the code and never the link', async () => {
    const link = await startApi(resetConnection)
    const error = await failureOf(downloadOnce(attempt(`${link.url}/b?X-Amz-Signature=secret`)))

    expect(error).toEqual(new DownloadError('retry', 'the connection to the bundle link failed (ECONNRESET)'))
  })

  it('takes a refused connection for a try to repeat', async () => {
    const error = await failureOf(downloadOnce(attempt(`http://127.0.0.1:${await closedPort()}/b`)))

    expect(error).toEqual(new DownloadError('retry', 'the connection to the bundle link failed (ECONNREFUSED)'))
  })

  it('stops, never to be repeated, once the run is cancelled', async () => {
    const link = await startApi(text(200, BODY))
    const error = await failureOf(downloadOnce(attempt(link.url, BODY.length, { signal: AbortSignal.abort() })))

    expect(error).toEqual(new DownloadError('final', 'the download was stopped'))
  })

  it("gives a file that cannot be written as the file system's error, for the caller to name output-file", async () => {
    const link = await startApi(text(200, BODY))
    const error = await failureOf(downloadOnce(attempt(link.url, BODY.length, { file: join(folder.path, 'missing', 'bundle.part') })))

    expect(error).toMatchObject({ code: 'ENOENT', syscall: 'open' })
  })
})

/** The run's means as fetchBundle reads them: a clock that never waits, a recording log, the masks. */
function fetchMeans(clock: VirtualClock, log: RecordingLog, masked: string[]): Parameters<typeof fetchBundle>[1] {
  const none = (): never => {
    throw new Error('not used by the fetch')
  }
  const deps: OperationDeps = {
    clock,
    signal: new AbortController().signal,
    deadline: Number.MAX_SAFE_INTEGER,
    log,
    run: runContext(),
    client: none,
    searchClient: none,
    connectGitHub: none,
    publish: () => undefined,
    mask: (secret) => void masked.push(secret)
  }
  return {
    deps,
    jobId: 'se_1',
    pollIntervalMs: 30_000,
    outputPath: join(folder.path, 'out', 'docs.tar.gz'),
    stop: new AbortController().signal,
    onLink: () => undefined
  }
}

/** A docs API whose bundle requests answer `bundles` in turn (the last one repeated); an Error is thrown. */
function bundleApi(...bundles: (ExportBundle | Error)[]): { client: DocsApiClient; requests: () => number } {
  let requests = 0
  const client = {
    requestStaticBundle: () => {
      const next = bundles[Math.min(requests++, bundles.length - 1)]
      return next instanceof Error || next === undefined ? Promise.reject(next ?? new Error('no bundle')) : Promise.resolve(next)
    }
  }
  return { client: client as unknown as DocsApiClient, requests: () => requests }
}

const bundleAt = (bundleUrl: string, sizeBytes = BODY.length): ExportBundle => ({ bundleUrl, sizeBytes, expiresAt: null })

describe('the fetch of the bundle', () => {
  let clock: VirtualClock
  let log: RecordingLog
  let masked: string[]
  beforeEach(() => {
    clock = new VirtualClock()
    log = recordingLog(clock)
    masked = []
  })

  it('tries 3 times when the link fails, waiting longer each time, then says so and leaves nothing behind', async () => {
    const link = await startApi(text(503, 'Slow Down'))
    const api = bundleApi(bundleAt(`${link.url}/b`))
    const error = await failureOf(fetchBundle(api.client, fetchMeans(clock, log, masked)))

    expect(error).toEqual(
      new DownloadError('retry', 'Could not download the bundle of static export se_1: the bundle link answered HTTP 503 (after 3 tries)')
    )
    expect(link.received).toHaveLength(3)
    expect(clock.sleeps).toEqual([2000, 4000])
    expect(log.messages('info').filter((line) => line.endsWith('starting the download again.'))).toHaveLength(2)
    expect(readdirSync(join(folder.path, 'out'))).toEqual([])
  })

  it('asks for a fresh link once: a second 403 ends the fetch', async () => {
    const link = await startApi(text(403, '<Error><Code>AccessDenied</Code></Error>', 'application/xml'))
    const api = bundleApi(bundleAt(`${link.url}/first`), bundleAt(`${link.url}/fresh`))
    const error = await failureOf(fetchBundle(api.client, fetchMeans(clock, log, masked)))

    expect(error).toEqual(
      new DownloadError(
        'expired',
        'Could not download the bundle of static export se_1: the bundle link answered HTTP 403 (it may have expired)'
      )
    )
    expect(api.requests()).toBe(2)
    expect(link.received.map((request) => request.url)).toEqual(['/first', '/fresh'])
    expect(masked).toEqual(expect.arrayContaining([`${link.url}/first`, `${link.url}/fresh`]))
  })

  it('downloads nothing from a link the rules refuse, which it masks all the same', async () => {
    const api = bundleApi(bundleAt('http://bundles.example.com/b?X-Amz-Signature=sig'))
    const error = await failureOf(fetchBundle(api.client, fetchMeans(clock, log, masked)))

    expect(error).toEqual(
      new DownloadError('final', 'the bundle link the API gave is http://, not https://, so the docs would travel unencrypted')
    )
    expect(masked).toContain('sig')
  })

  it('gives an API error other than 409 as it is, with no wait', async () => {
    const refused = new ApiError('Could not request the bundle of static export se_1: HTTP 404.', 404, false)
    const error = await failureOf(fetchBundle(bundleApi(refused).client, fetchMeans(clock, log, masked)))

    expect(error).toBe(refused)
    expect(clock.sleeps).toEqual([])
  })
})
