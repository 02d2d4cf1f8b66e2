/**
 * The bundle's download behind its seams: a real HTTP server on 127.0.0.1 as the link, temporary folders
 * as the disk, and scripted reads of the export's record for its links. What the simulator's scenarios do not
 * give: redirects, answers without a length, each kind of failed try, and the tries running out.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ApiError } from '../../../src/mintlify/errors.js'
import { type ExportJob, parseExportJob } from '../../../src/mintlify/static-export.js'
import type { OperationDeps } from '../../../src/operations/operation.js'
import type { ArchiveCheck, ArchiveFacts } from '../../../src/operations/static-export/archive-check.js'
import { ProofError } from '../../../src/operations/static-export/archive-check.js'
import { DownloadError, type DownloadTry, downloadOnce } from '../../../src/operations/static-export/bundle-download.js'
import { type ExportReads, fetchBundle } from '../../../src/operations/static-export/fetch-bundle.js'
import { buildBundle } from '../../../simulator/static-export/bundle.js'
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

/** The run's means as fetchBundle reads them: a clock that never waits, a recording log, the completed record. */
function fetchMeans(clock: VirtualClock, log: RecordingLog, completed: ExportJob): Parameters<typeof fetchBundle>[1] {
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
    mask: none
  }
  return {
    deps,
    completed,
    pollIntervalMs: 30_000,
    outputPath: join(folder.path, 'out', 'docs.tar.gz'),
    stop: new AbortController().signal
  }
}

/** A completed export's record, with the bundle fields given (a field left out is absent). */
function completedRecord(fields: Record<string, unknown>): ExportJob {
  return parseExportJob({ jobId: 'se_1', status: 'completed', ...fields })
}

/** The export read again: answers `records` in turn (the last one repeated); an Error is thrown. */
function exportReads(...records: (ExportJob | Error)[]): ExportReads & { reads: () => number } {
  let reads = 0
  return {
    jobId: 'se_1',
    read: () => {
      const next = records[Math.min(reads++, records.length - 1)]
      return next instanceof Error || next === undefined ? Promise.reject(next ?? new Error('no record')) : Promise.resolve(next)
    },
    reads: () => reads
  }
}

const linkTo = (bundleUrl: string, sizeBytes = BODY.length): ExportJob => completedRecord({ bundleUrl, sizeBytes })

describe('the fetch of the bundle', () => {
  let clock: VirtualClock
  let log: RecordingLog
  /** A real .tar.gz of two pages, as the proof reads it. */
  let archive: Buffer
  beforeEach(async () => {
    archive = await buildBundle({ pageCount: 2 })
    clock = new VirtualClock()
    log = recordingLog(clock)
  })

  it('downloads from the link the completed record carries, reading nothing more', async () => {
    const link = await startApi((_req, res) => res.writeHead(200).end(archive))
    const reads = exportReads()
    const fetched = await fetchBundle(reads, fetchMeans(clock, log, linkTo(`${link.url}/b`, archive.length)))

    expect(fetched).toMatchObject({ bytes: archive.length, tries: 1, archive: { files: 4, htmlPages: 2 } })
    expect(fetched.sha256).toBe(createHash('sha256').update(archive).digest('hex'))
    expect(readFileSync(join(folder.path, 'out', 'docs.tar.gz'))).toEqual(archive)
    expect(reads.reads()).toBe(0)
  })

  it('tries 3 times when the link fails, waiting longer each time, then says so and leaves nothing behind', async () => {
    const link = await startApi(text(503, 'Slow Down'))
    const error = await failureOf(fetchBundle(exportReads(), fetchMeans(clock, log, linkTo(`${link.url}/b`))))

    expect(error).toEqual(
      new DownloadError('retry', 'Could not download the bundle of static export se_1: the bundle link answered HTTP 503 (after 3 tries)')
    )
    expect(link.received).toHaveLength(3)
    expect(clock.sleeps).toEqual([2000, 4000])
    expect(log.messages('info').filter((line) => line.endsWith('starting the download again.'))).toHaveLength(2)
    expect(readdirSync(join(folder.path, 'out'))).toEqual([])
  })

  it('reads the job again for a fresh link once: a second 403 ends the fetch', async () => {
    const link = await startApi(text(403, '<Error><Code>AccessDenied</Code></Error>', 'application/xml'))
    const reads = exportReads(linkTo(`${link.url}/fresh`))
    const error = await failureOf(fetchBundle(reads, fetchMeans(clock, log, linkTo(`${link.url}/first`))))

    expect(error).toEqual(
      new DownloadError(
        'expired',
        'Could not download the bundle of static export se_1: the bundle link answered HTTP 403 (it may have expired)'
      )
    )
    expect(reads.reads()).toBe(1)
    expect(link.received.map((request) => request.url)).toEqual(['/first', '/fresh'])
  })

  it('renews a link already past its expiresAt before using it, and then never again', async () => {
    const link = await startApi((req, res) => {
      if (req.url === '/fresh') res.writeHead(200).end(archive)
      else res.writeHead(403).end()
    })
    const expiresAt = new Date(clock.now() - 1).toISOString()
    const stale = completedRecord({ bundleUrl: `${link.url}/stale`, sizeBytes: archive.length, expiresAt })
    const reads = exportReads(linkTo(`${link.url}/fresh`, archive.length))
    const fetched = await fetchBundle(reads, fetchMeans(clock, log, stale))

    expect(fetched.bytes).toBe(archive.length)
    expect(link.received.map((request) => request.url)).toEqual(['/fresh'])
    expect(log.messages('info')).toContain(
      `The bundle link expired at ${stale.bundle?.expiresAt ?? ''}: reading static export se_1 again for a fresh link.`
    )
  })

  it('spends its one renewal on the expiry: a 403 after it ends the fetch', async () => {
    const link = await startApi(text(403, 'expired'))
    const stale = completedRecord({ bundleUrl: `${link.url}/stale`, sizeBytes: BODY.length, expiresAt: '2000-01-01T00:00:00Z' })
    const reads = exportReads(linkTo(`${link.url}/fresh`))
    const error = await failureOf(fetchBundle(reads, fetchMeans(clock, log, stale)))

    expect(error).toMatchObject({ kind: 'expired' })
    expect(reads.reads()).toBe(1)
    expect(link.received.map((request) => request.url)).toEqual(['/fresh'])
  })

  it('reads a completed record without its link again, 2 s apart and growing (or poll-interval), until it has one', async () => {
    const link = await startApi((_req, res) => res.writeHead(200).end(archive))
    const reads = exportReads(
      completedRecord({ sizeBytes: archive.length }),
      completedRecord({ bundleUrl: `${link.url}/b` }),
      linkTo(`${link.url}/b`, archive.length)
    )
    const fetched = await fetchBundle(reads, fetchMeans(clock, log, completedRecord({ sizeBytes: archive.length })))

    expect(fetched.bytes).toBe(archive.length)
    expect(reads.reads()).toBe(3)
    expect(clock.sleeps).toEqual([2000, 3000, 4500])
    expect(log.messages('info')[0]).toBe('Static export se_1 is completed, but its record has no bundleUrl yet; reading it again in 2s.')
    expect(log.messages('info')[2]).toMatch(/has no sizeBytes yet; reading it again in 4.5s\.$/)
  })

  it('gives up after 5 more reads, naming the missing field, and downloads nothing', async () => {
    const reads = exportReads(completedRecord({ bundleUrl: 'https://b.example/x' }))
    const error = await failureOf(fetchBundle(reads, fetchMeans(clock, log, completedRecord({ bundleUrl: 'https://b.example/x' }))))

    expect(error).toEqual(
      new DownloadError(
        'final',
        'Static export se_1 is completed, but its record has no sizeBytes after 5 more reads, so there is no bundle to download'
      )
    )
    expect(reads.reads()).toBe(5)
    expect(clock.sleeps).toHaveLength(5)
  })

  it('downloads nothing from a link the rules refuse', async () => {
    const error = await failureOf(
      fetchBundle(exportReads(), fetchMeans(clock, log, linkTo('http://bundles.example.com/b?X-Amz-Signature=sig')))
    )

    expect(error).toEqual(
      new DownloadError('final', 'the bundle link the API gave is http://, not https://, so the docs would travel unencrypted')
    )
  })

  it('gives an API error of a read as it is', async () => {
    const refused = new ApiError('Could not read static export se_1: HTTP 404.', 404, false)
    const error = await failureOf(fetchBundle(exportReads(refused), fetchMeans(clock, log, completedRecord({}))))

    expect(error).toBe(refused)
    expect(clock.sleeps).toEqual([2000])
  })
})
