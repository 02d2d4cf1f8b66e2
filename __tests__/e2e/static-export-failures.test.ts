/**
 * `static-export` when things go wrong, end to end on dist/index.js: the export fails, static export is not
 * enabled, the start is refused, the bundle is not ready, the link drops, expires mid-way, redirects to
 * http://, or serves a bundle that is not whole; and a workflow cancelled while waiting or downloading. A
 * bundle that fails a check leaves no file, and the link stays out of every log.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { startSimulator, type Simulator } from '../../simulator/index.js'
import { only } from '../expect-helpers.js'
import { expectFailedWith } from './harness.js'
import { DOMAIN, exportCalls, expectLinksHidden, fileSha256, filesBeside, runExport } from './static-export-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

const FILE = 'docs-static-export.tar.gz'

describe('the export or its start fails', () => {
  test('a failed export ends failed with its error, and no bundle is requested', async () => {
    sim.staticExports.scriptNext({ outcome: 'failed', error: 'Rendering failed: guides/a.mdx:3:1 Unexpected token' })
    const run = await runExport(sim)

    const jobId = only(sim.staticExports.list()).jobId
    expectFailedWith(run, 'failed', new RegExp(`^Static export ${jobId} failed: Rendering failed: guides/a\\.mdx:3:1 Unexpected token\\.$`))
    expect(run.outputs.status).toBe('failed')
    expect(exportCalls(sim).filter((call) => call.endsWith('/bundle'))).toEqual([])
    expect(filesBeside(run, FILE)).toEqual([])
  })

  test('a 403 says static export is not enabled for the organization', async () => {
    sim.staticExports.enabled = false
    const run = await runExport(sim)

    expectFailedWith(
      run,
      'failed',
      /^Could not start the static export of docs\.example\.com: HTTP 403, static export is not enabled for the organization \(it is an Enterprise feature, in private beta/
    )
    expect(exportCalls(sim)).toEqual(['POST /'])
  })

  test('a 400 names the domain as the documented cause', async () => {
    const run = await runExport(sim, { 'export-domain': 'other.example.com' })

    expectFailedWith(
      run,
      'failed',
      /^Could not start the static export of other\.example\.com: HTTP 400, the API refused the request: other\.example\.com may not be a reachable hostname of a deployment \(export-domain\) \(server: "domain must be a reachable hostname/
    )
    expect(exportCalls(sim)).toEqual(['POST /'])
  })
})

describe('the bundle request', () => {
  test('a 409 before the bundle is ready is waited out', async () => {
    sim.staticExports.scriptNext({ notReadyTimes: 2 })
    const run = await runExport(sim)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('exported')
    expect(only(sim.staticExports.list()).bundleRequests).toBe(3)
    expect(run.log.match(/is not ready yet \(HTTP 409\); asking again in/g)).toHaveLength(2)
  })

  test('a 409 that lasts ends failed after 5 bundle requests', async () => {
    sim.staticExports.scriptNext({ notReadyTimes: 100 })
    const run = await runExport(sim)

    expectFailedWith(run, 'failed', /HTTP 409.*the export was still not finished after 5 bundle requests; no file was written/)
    expect(only(sim.staticExports.list()).bundleRequests).toBe(5)
  })
})

describe('the download', () => {
  test('a connection dropped half-way starts the download again, file and hash', async () => {
    sim.staticExports.scriptNext({ download: 'drop-once' })
    const run = await runExport(sim)

    expect(run.exitCode).toBe(0)
    expect(sim.staticExports.downloads.map((d) => d.answer)).toEqual(['dropped', 200])
    expect(run.outputs.sha256).toBe(fileSha256(run, FILE))
    expect(filesBeside(run, FILE)).toEqual([FILE])
  })

  test('a link that expires mid-way gets one fresh link, not counted as a try', async () => {
    sim.staticExports.scriptNext({ download: 'expires-mid-way' })
    const run = await runExport(sim)

    expect(run.exitCode).toBe(0)
    expect(sim.staticExports.downloads.map((d) => d.answer)).toEqual(['dropped', 403, 200])
    expect(sim.staticExports.links).toHaveLength(2)
    expect(run.outputs['bundle-url']).toBe(sim.staticExports.links[1])
    expect(run.log).toContain('Downloading the bundle')
    expect(run.log).toMatch(/try 2 of 3\.[\s\S]*asking for a fresh link[\s\S]*try 2 of 3\./)
    expectLinksHidden(run, sim)
  })

  test.each([
    ['truncated', 'the gzip check: the gzip stream ends early (the file is truncated)'],
    ['wrong-size', 'the size check: the link serves'],
    ['corrupt-gzip', 'the gzip check: the gzip stream']
  ] as const)('a %s bundle fails naming the check, and leaves no file', async (download, check) => {
    sim.staticExports.scriptNext({ download })
    const run = await runExport(sim)

    expect(run.exitCode).toBe(1)
    expect(run.outputs.outcome).toBe('failed')
    expect(run.outputs['failure-reason']).toContain(`The bundle failed ${check}`)
    expect(run.outputs['failure-reason']).toMatch(
      /no file was written, and the export stays at Mintlify: fetch it later with operation static-export and job-id se_/
    )
    expect(run.outputs).toMatchObject({ file: '', sha256: '' })
    expect(filesBeside(run, FILE)).toEqual([])
    expectLinksHidden(run, sim)
  })

  test('a redirect to http:// is not followed', async () => {
    sim.staticExports.scriptNext({ download: 'redirect-to-http' })
    const run = await runExport(sim)

    expectFailedWith(
      run,
      'failed',
      /^Could not download the bundle of static export se_\w+: the bundle link redirected to a plain http:\/\/ address \(bundles\.example\.com\), which this action does not follow \(only https:\/\/\); no file was written/
    )
    expect(sim.staticExports.downloads.map((d) => d.answer)).toEqual([302])
    expect(filesBeside(run, FILE)).toEqual([])
  })
})

describe('cancelled', () => {
  test('while waiting: cancelled within 5 s, and how to fetch the export later', async () => {
    sim.staticExports.scriptNext({ outcome: 'never' })
    const run = await runExport(sim, { 'poll-interval': '10s', timeout: '5m' }, { cancelWhenLogHas: '::group::Waiting for static export' })

    const jobId = only(sim.staticExports.list()).jobId
    expectFailedWith(
      run,
      'cancelled',
      new RegExp(
        `^The workflow was cancelled while waiting; static export ${jobId} continues at Mintlify: fetch it later with operation static-export and job-id ${jobId}\\.$`
      )
    )
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expect(run.outputs['job-id']).toBe(jobId)
  })

  test('while downloading: cancelled, the partial file removed', async () => {
    sim.staticExports.scriptNext({ download: 'stalls', pageCount: 50, pageBytes: 20_000 })
    const run = await runExport(sim, {}, { cancelWhen: () => sim.staticExports.downloads.length > 0 })

    expect(run.outputs.outcome).toBe('cancelled')
    expect(run.outputs['failure-reason']).toMatch(
      /the partial file was removed, and the export stays at Mintlify: fetch it later with operation static-export and job-id se_/
    )
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expect(filesBeside(run, FILE)).toEqual([])
    expect(sim.staticExports.list()[0]?.domain).toBe(DOMAIN)
  })
})
