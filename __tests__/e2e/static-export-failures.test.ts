/**
 * `static-export` when things go wrong, end to end on dist/index.js: the export fails, static export is not
 * enabled, another export holds the deployment, the starts an hour run out, the completed record lacks its
 * link, the link drops, expires mid-way, redirects to http://, or serves a bundle that is not whole; and a workflow cancelled while waiting or downloading. A
 * bundle that fails a check leaves no file, and the link stays out of every log.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { startSimulator, type Simulator } from '../../simulator/index.js'
import { only } from '../expect-helpers.js'
import { expectFailedWith } from './harness.js'
import { exportCalls, expectLinksHidden, fileSha256, filesBeside, runExport } from './static-export-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

const FILE = 'docs-static-export.tar.gz'

describe('the export or its start fails', () => {
  test('a failed export ends failed with its error, and nothing is downloaded', async () => {
    sim.staticExports.scriptNext({ outcome: 'failed', error: 'Rendering failed: guides/a.mdx:3:1 Unexpected token' })
    const run = await runExport(sim)

    const jobId = only(sim.staticExports.list()).jobId
    expectFailedWith(run, 'failed', new RegExp(`^Static export ${jobId} failed: Rendering failed: guides/a\\.mdx:3:1 Unexpected token\\.$`))
    expect(run.outputs.status).toBe('failed')
    expect(sim.staticExports.downloads).toEqual([])
    expect(filesBeside(run, FILE)).toEqual([])
  })

  test('a 403 says static export is not enabled for this deployment, and names the write scope and the IP allowlist', async () => {
    sim.staticExports.enabled = false
    const run = await runExport(sim)

    expectFailedWith(
      run,
      'failed',
      /^Could not start a static export of project proj_sim: HTTP 403, static export is not enabled for this deployment \(an Enterprise feature, in private beta: ask Mintlify to enable it\), or .*the write scope this POST needs.*IP allowlist/
    )
    expect(exportCalls(sim)).toEqual(['POST /'])
  })

  test('a 401 names the key and a plan without static export', async () => {
    const run = await runExport(sim, { 'api-key': 'mint_not_the_key_0123456789' })

    expectFailedWith(
      run,
      'failed',
      /^Could not start a static export of project proj_sim: HTTP 401, the API key is invalid or expired, or static export is not enabled for the plan; /
    )
  })

  test('a 404 names project-id and the earlier static export API', async () => {
    const run = await runExport(sim, { 'project-id': 'proj_elsewhere' })

    expectFailedWith(
      run,
      'failed',
      /^Could not start a static export of project proj_elsewhere: HTTP 404, project proj_elsewhere was not found \(check project-id\), or Mintlify still serves its earlier static export API here, which this action no longer calls/
    )
  })

  test('a 429 without Retry-After is not retried: it names the 10 starts an hour', async () => {
    sim.staticExports.startsPerHour = 0
    const run = await runExport(sim)

    expectFailedWith(run, 'failed', /HTTP 429, the rate limit is reached \(10 static export starts per organization per hour\)/)
    expect(exportCalls(sim)).toEqual(['POST /'])
  })

  test('a 429 whose Retry-After is past the deadline ends at once, saying when to retry', async () => {
    sim.staticExports.startsPerHour = 0
    sim.staticExports.rateLimitRetryAfter = '3600'
    const run = await runExport(sim, { timeout: '10m' })

    expectFailedWith(run, 'failed', /HTTP 429.*the API asks to wait 1h.*so retry after \d{4}-\d\d-\d\d \d\d:\d\d UTC/)
    expect(exportCalls(sim)).toEqual(['POST /'])
  })
})

describe('another export of the deployment (409)', () => {
  test('is waited out by the gap rule: the start is tried again until it is accepted', async () => {
    const other = sim.staticExports.plant({ jobId: 'other', createdAt: Date.now(), outcome: 'never' })
    // The other export ends once this run has been held off by it: whatever the machine's speed.
    sim.staticExports.onHeld = () => (other.script.outcome = 'completed')
    const run = await runExport(sim, { 'poll-interval': '500ms' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('exported')
    expect(sim.staticExports.starts).toHaveLength(1)
    expect(exportCalls(sim).filter((call) => call === 'POST /')).toHaveLength(2)
    expect(run.log).toContain('Another static export of the deployment is queued or running (HTTP 409); starting again in')
  })

  test('that outlasts the timeout ends failed, starting none, and says how to fetch it', async () => {
    sim.staticExports.plant({ jobId: 'other', createdAt: Date.now(), outcome: 'never' })
    const run = await runExport(sim, { 'poll-interval': '500ms', timeout: '3s' })

    expectFailedWith(
      run,
      'failed',
      /^Another static export of this deployment was queued or running for the [\d.]+s this run tried to start one, so none was started: fetch that export with operation static-export and the job-id output of the run that started it, or run again once it has ended\.$/
    )
    expect(sim.staticExports.starts).toEqual([])
    expect(run.outputs['job-id']).toBe('')
  })
})

describe('the completed record', () => {
  test('without its link is read again until it has one', async () => {
    sim.staticExports.scriptNext({ incompleteReads: 2 })
    const run = await runExport(sim)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('exported')
    expect(only(sim.staticExports.list()).linksGiven).toBe(3)
    expect(run.log.match(/is completed, but its record has no bundleUrl yet; reading it again in/g)).toHaveLength(2)
  })

  test('that never carries its size ends failed after 5 more reads, naming sizeBytes', async () => {
    sim.staticExports.scriptNext({ incompleteReads: 100, incompleteField: 'sizeBytes' })
    const run = await runExport(sim)

    expectFailedWith(
      run,
      'failed',
      /is completed, but its record has no sizeBytes after 5 more reads, so there is no bundle to download; no file was written/
    )
    expect(sim.staticExports.downloads).toEqual([])
  })

  test('with a link past its expiresAt is read again for a fresh one before any download', async () => {
    sim.staticExports.scriptNext({ download: 'stale-first-link' })
    const run = await runExport(sim)

    expect(run.exitCode).toBe(0)
    expect(sim.staticExports.downloads.map((d) => d.answer)).toEqual([200])
    expect(run.outputs['bundle-url']).toBe(sim.staticExports.links[1])
    expect(run.log).toMatch(/The bundle link expired at [^:]+:\d\d:[\d.]+Z: reading static export \w+ again for a fresh link\./)
    expectLinksHidden(run, sim)
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
    expect(run.log).toMatch(/try 2 of 3\.[\s\S]*again for a fresh link[\s\S]*try 2 of 3\./)
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
      /no file was written, and the export stays at Mintlify: fetch it later with operation static-export and job-id \w+/
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
      /^Could not download the bundle of static export \w+: the bundle link redirected to a plain http:\/\/ address \(bundles\.example\.com\), which this action does not follow \(only https:\/\/\); no file was written/
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
      /the partial file was removed, and the export stays at Mintlify: fetch it later with operation static-export and job-id \w+/
    )
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expect(filesBeside(run, FILE)).toEqual([])
    expect(sim.staticExports.list()[0]?.status()).toBe('completed')
  })
})
