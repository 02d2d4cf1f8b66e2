import { once } from 'node:events'
import type { TransformOptions } from 'node:stream'
import { createGunzip, type Gunzip, type ZlibOptions } from 'node:zlib'
import { extract } from 'tar-stream'
import { EntryCheck, UNSAFE_SHOWN } from './entries.js'
import { type ArchiveCheck, type ArchiveFacts, ProofError } from './archive-check.js'

/**
 * gunzip and the tar walk of one bundle, in one pass over its bytes: every entry's header is read and its
 * content skipped, so nothing of the archive is kept in memory. Loaded with `import()` by proof.ts alone,
 * so tar-stream sits in a chunk of its own.
 */
/**
 * gunzip's output pieces, and what it may hold before a write waits: with zlib's 16 KiB for both, every
 * 64 KiB the socket hands over waited for its own inflate on the thread pool, and the download, the hash
 * and gunzip took turns (the main thread sat idle more than half the time); a few megabytes let them overlap.
 */
const INFLATE_CHUNK_BYTES = 256 * 1024
const GUNZIP_BUFFER_BYTES = 4 << 20
/** zlib hands its options on to the Transform stream it is, whose buffer sizes its own types leave out. */
const GUNZIP_OPTIONS: ZlibOptions & TransformOptions = { chunkSize: INFLATE_CHUNK_BYTES, highWaterMark: GUNZIP_BUFFER_BYTES }

export function readArchive(sizeBytes: number): ArchiveCheck {
  const gunzip = createGunzip(GUNZIP_OPTIONS)
  const entries = new EntryCheck()
  const tar = extract()
  const facts: ArchiveFacts = { entries: 0, files: 0, htmlPages: 0, unsafe: [], unsafeCount: 0 }
  let failure: ProofError | null = null
  let reject: (error: ProofError) => void = () => undefined
  const failed = new Promise<never>((_, fail) => (reject = fail))
  failed.catch(() => undefined)
  const fail = (error: ProofError): void => {
    failure ??= error
    reject(failure)
  }
  gunzip.on('error', (error) => fail(new ProofError('gzip', gzipProblem(error))))
  tar.on('error', (error: Error) => fail(new ProofError('tar', `the archive cannot be read to its end (${error.message})`)))
  countExpansion(gunzip, expansionLimit(sizeBytes), fail)
  tar.on('entry', (header, stream, next) => {
    facts.entries++
    if (header.type === 'file' || header.type === 'contiguous-file') {
      facts.files++
      if (/\.html?$/i.test(header.name)) facts.htmlPages++
    }
    list(facts, entries.globalPax(globalPaxOf(tar)))
    list(facts, entries.judge(header))
    stream.on('end', () => next())
    stream.resume()
  })
  const finished = new Promise<void>((resolve) => tar.on('finish', () => resolve()))
  gunzip.pipe(tar)
  return {
    async write(chunk) {
      if (failure) throw failure
      if (!gunzip.write(chunk)) await Promise.race([once(gunzip, 'drain'), failed])
    },
    async finish() {
      if (failure) throw failure
      gunzip.end()
      await Promise.race([finished, failed])
      entries.linksNotToFiles().forEach((why) => list(facts, why))
      return facts
    },
    abort() {
      gunzip.destroy()
      tar.destroy()
    }
  }
}

/** Counts an entry the warning lists, and names the first UNSAFE_SHOWN. */
function list(facts: ArchiveFacts, why: string | null): void {
  if (why !== null && facts.unsafeCount++ < UNSAFE_SHOWN) facts.unsafe.push(why)
}

/**
 * The fields of the last global pax header. tar-stream reads it but neither emits it nor applies its `path`
 * (it merges it into a later entry's own pax header only), while Python's `tarfile` applies it to the
 * entries after it: so it is read here from tar-stream's own field (tar-stream is pinned; the archive
 * readers' tests plant one).
 */
function globalPaxOf(tar: ReturnType<typeof extract>): Record<string, string> | null {
  return (tar as unknown as { _paxGlobal?: Record<string, string> | null })._paxGlobal ?? null
}

/** A small bundle can expand without end (a gzip bomb): the walk stops past `limit` bytes out of gunzip. */
function countExpansion(gunzip: Gunzip, limit: number, fail: (error: ProofError) => void): void {
  let expanded = 0
  gunzip.on('data', (chunk: Buffer) => {
    expanded += chunk.length
    if (expanded <= limit) return
    fail(
      new ProofError(
        'tar',
        `the archive expands to more than ${limit.toLocaleString('en-US')} bytes (${EXPANSION_FACTOR} times its size, at most 20 GB)`
      )
    )
    gunzip.destroy()
  })
}

/** How much larger than the bundle its archive may expand; and the most, whatever the bundle's size. */
const EXPANSION_FACTOR = 200
const MAX_EXPANSION = 20_000_000_000

export function expansionLimit(sizeBytes: number): number {
  return Math.min(EXPANSION_FACTOR * sizeBytes, MAX_EXPANSION)
}

function gzipProblem(error: NodeJS.ErrnoException): string {
  if (error.code === 'Z_BUF_ERROR') return 'the gzip stream ends early (the file is truncated)'
  return `the gzip stream is corrupt (${error.message})`
}
