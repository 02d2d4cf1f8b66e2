/**
 * The bundle's edges (DESIGN "Static export"): links judged through the links before them, names cut to 200
 * characters, an archive that expands without end, redirects with a user name and password, and a signature
 * named `Signature` that a server echoes.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { pack } from 'tar-stream'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { annotations } from './harness.js'
import { runExport } from './static-export-helpers.js'

const SIGNATURE = 'c2lnbmF0dXJlLW9mLXRoZS1saW5r'
let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

interface Entry {
  name: string
  type?: 'file' | 'symlink'
  linkname?: string
  size?: number
}

/** A .tar.gz of `entries` (a file's content: `size` zero bytes, else a small page). */
async function bundleOf(entries: Entry[]): Promise<Buffer> {
  const tar = pack()
  const chunks: Buffer[] = []
  tar.on('data', (chunk: unknown) => {
    chunks.push(chunk as Buffer)
  })
  const done = new Promise<void>((resolve) => tar.on('end', () => resolve()))
  for (const entry of entries) {
    if (entry.type === 'symlink') tar.entry({ name: entry.name, type: 'symlink', linkname: entry.linkname ?? '' })
    else tar.entry({ name: entry.name }, entry.size ? Buffer.alloc(entry.size) : '<html>page</html>')
  }
  tar.finalize()
  await done
  return gzipSync(Buffer.concat(chunks), { level: 9 })
}

/** Reads of a static export (`GET /v1/static-export/{projectId}/jobs/{jobId}`), whatever the project. */
const EXPORT_READ = /^\/v1\/static-export\/[^/]+\/jobs\/([^/]+)$/

/** The export's record, completed at once, with its bundle's link and size. */
function completed(jobId: string | undefined, bundleUrl: string, sizeBytes: number): Record<string, unknown> {
  const at = new Date().toISOString()
  return { jobId, status: 'completed', createdAt: at, updatedAt: at, error: null, bundleUrl, sizeBytes, expiresAt: '2099-01-01T00:00:00Z' }
}

/** The export's record, once read, links to `bytes` on this server; `start` is where that link leads first. */
function serveBundle(bytes: Buffer, start = '/edge/bundle.tar.gz'): string {
  const link = `${sim.url}${start}?Signature=${SIGNATURE}`
  sim.route('GET', EXPORT_READ, (request) => ({ status: 200, json: completed(request.match[1], link, bytes.length) }))
  sim.route('GET', /^\/edge\/bundle\.tar\.gz$/, () => ({
    status: 200,
    stream: (res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(bytes.length) })
      res.end(bytes)
    }
  }))
  return link
}

test('a link chain (a -> ., a/b -> .., a/b/evil.txt) is named in the warning', async () => {
  serveBundle(
    await bundleOf([
      { name: 'index.html' },
      { name: 'a', type: 'symlink', linkname: '.' },
      { name: 'a/b', type: 'symlink', linkname: '..' },
      { name: 'a/b/evil.txt' }
    ])
  )

  const run = await runExport(sim)

  expect(run.outputs.outcome).toBe('exported')
  const warning = annotations(run, 'warning').join('\n')
  expect(warning).toContain('a/b/evil.txt (a path through a link)')
})

test('an entry name of 4 MB is cut to 200 characters in the warning and the summary', async () => {
  // 4 MB, under the 4 MiB of a pax header that tar-stream reads; random, so that it hardly compresses.
  const name = `/${randomBytes(3_000_000).toString('base64url')}`
  serveBundle(await bundleOf([{ name: 'index.html' }, { name }]))

  const run = await runExport(sim)

  expect(run.outputs.outcome).toBe('exported')
  const warnings = annotations(run, 'warning')
  expect(warnings.join('\n')).toContain('(an absolute path)')
  expect(Math.max(...warnings.map((warning) => warning.length))).toBeLessThan(2_000)
  expect(run.summary.length).toBeLessThan(20_000)
})

test('an archive that expands past 200 times its size fails the tar check, and no file is kept', async () => {
  // 60 MB of zeros compress to about 60 KB: 1000 times.
  serveBundle(await bundleOf([{ name: 'index.html' }, { name: 'zeros.bin', size: 60 * 1024 * 1024 }]))

  const run = await runExport(sim)

  expect(run.outputs.outcome).toBe('failed')
  expect(run.outputs['failure-reason']).toMatch(/failed the tar check: the archive expands to more than [\d,]+ bytes/)
})

test('a loopback redirect to an address with a user name and password is refused: no Basic auth is sent', async () => {
  serveBundle(await bundleOf([{ name: 'index.html' }]), '/edge/redirect')
  const port = new URL(sim.url).port
  sim.route('GET', /^\/edge\/redirect$/, () => ({
    status: 302,
    headers: { location: `http://user:pass@127.0.0.1:${port}/edge/bundle.tar.gz` },
    text: ''
  }))

  const run = await runExport(sim)

  expect(run.outputs.outcome).toBe('failed')
  expect(run.outputs['failure-reason']).toContain('user name or password')
  expect(sim.requests.filter((request) => request.path === '/edge/bundle.tar.gz')).toEqual([])
})

test('a signature named Signature, echoed by the API in a 500 after the link expired, is shown nowhere', async () => {
  const link = `${sim.url}/edge/expired.tar.gz?Signature=${SIGNATURE}`
  let reads = 0
  sim.route('GET', EXPORT_READ, (request) =>
    ++reads === 1
      ? { status: 200, json: completed(request.match[1], link, 100) }
      : { status: 500, json: { error: `could not presign again: Signature=${SIGNATURE} is still in use` } }
  )
  sim.route('GET', /^\/edge\/expired\.tar\.gz$/, () => ({ status: 403, text: 'Request has expired' }))

  const run = await runExport(sim, { timeout: '5s' })

  expect(run.outputs.outcome).toBe('failed')
  expect(reads).toBeGreaterThan(1)
  for (const place of [run.log, run.stderr, run.summary, run.outputs['failure-reason'] ?? '']) expect(place).not.toContain(SIGNATURE)
})
