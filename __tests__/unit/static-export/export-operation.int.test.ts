/**
 * runStaticExport in-process: the real API client, the real download over a socket and the real gzip and
 * tar readers against the simulator, whose exports run on the test's fake clock, so every wait takes no
 * real time. What each run writes (the file, nothing beside it), says (outcome, outputs, summary, log) and
 * masks.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Simulator, startSimulator } from '../../../simulator/index.js'
import { only } from '../../expect-helpers.js'
import { T0 } from '../../fixtures/agent-jobs.js'
import { type OperationRun, runOnSimulator, type RunOptions } from '../../fixtures/operation-on-simulator.js'
import { tempDir } from '../../fixtures/temp-dir.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

const FILE = 'docs-static-export.tar.gz'

let sim: Simulator
let clock: VirtualClock
let workspace: { path: string; remove(): void }
beforeEach(async () => {
  clock = new VirtualClock(T0)
  sim = await startSimulator({ now: () => clock.now() })
  workspace = tempDir('static-export-')
})
afterEach(async () => {
  await sim.close()
  workspace.remove()
})

/** A `static-export` run of the simulator's project with `inputs`, its file in this test's workspace. */
const run = (inputs: Record<string, string> = {}, options: RunOptions = {}): Promise<OperationRun> =>
  runOnSimulator(sim, clock, 'static-export', { 'poll-interval': '5s', ...inputs }, { workspace: workspace.path, ...options })

const sha256 = (file: string): string =>
  createHash('sha256')
    .update(readFileSync(join(workspace.path, file)))
    .digest('hex')
const infos = (done: OperationRun): string[] => done.log.messages('info')
/** The downloads' answers, in order. */
const answers = (): (number | string)[] => sim.staticExports.downloads.map((download) => download.answer)

/** A run that ended failed with a reason matching `reason`, and no file (nor a partial one) in the workspace. */
function expectFailedWithoutFile(done: OperationRun, reason: RegExp): void {
  expect(done.result.verdict.outcome).toBe('failed')
  expect(done.result.verdict.failureReason).toMatch(reason)
  expect(readdirSync(workspace.path)).toEqual([])
}

describe('a static export that goes well', () => {
  it('waits, downloads the bundle with its proof, and tells its size, hash and files', async () => {
    const done = await run()

    const jobId = only(sim.staticExports.list()).jobId
    expect(done.result.verdict.outcome).toBe('exported')
    expect(readdirSync(workspace.path)).toEqual([FILE])
    const hash = sha256(FILE)
    expect(done.result.outputs).toMatchObject({
      outcome: 'exported',
      'job-id': jobId,
      status: 'completed',
      file: FILE,
      'page-count': '12',
      sha256: hash
    })
    expect(done.result.verdict.failureReason).toBe('')
    expect(done.result.summary).toContain(`| SHA-256 | \`${hash}\` |`)
    expect(done.result.summary).toMatch(/\| Archive \| 1[2-9] files, 12 \.html pages \|/)
    expect(infos(done)).toContain("Starting a static export of project proj_sim with the deployment's own base path.")
    expect(only(sim.staticExports.starts).basePath).toBeNull()
    expect(done.result.summary).toContain("| Base path | the deployment's own base path |")
    expect(infos(done).filter((line) => line.startsWith('Downloading the bundle'))).toEqual([
      expect.stringMatching(/^Downloading the bundle \(\d+ bytes\), try 1 of 3\.$/)
    ])
    // The link is an output, masked before anything else is done with it, and nowhere in the log.
    const link = only(sim.staticExports.links)
    expect(done.result.outputs['bundle-url']).toBe(link)
    expect(done.masked).toEqual(expect.arrayContaining([link, new URL(link).searchParams.get('X-Amz-Signature')]))
    expect(done.log.lines.some((line) => line.message.includes(link))).toBe(false)
    expect(done.published.some((outputs) => outputs['bundle-url'] === link)).toBe(true)
    expect(only(sim.staticExports.downloads).headers).toMatchObject({ 'accept-encoding': 'identity' })
    expect(only(sim.staticExports.downloads).headers.authorization).toBeUndefined()
  })

  it('warns of entries that are not regular files or folders inside the archive, and still keeps the bundle', async () => {
    sim.staticExports.scriptNext({ unsafeEntries: true })
    const done = await run({ 'export-base-path': '/docs', 'output-file': 'bundles/docs.tar.gz' })

    expect(done.result.verdict.outcome).toBe('exported')
    expect(existsSync(join(workspace.path, 'bundles/docs.tar.gz'))).toBe(true)
    expect(only(done.log.messages('warning'))).toMatch(
      /^The bundle holds 3 entries that are not regular files or folders inside it, which a static site never needs: .*\.\.\/outside\.html/
    )
    expect(done.result.summary).toMatch(/\| Unsafe entries \| 3: /)
    expect(infos(done)).toContain('Starting a static export of project proj_sim with base path /docs.')
    expect(only(sim.staticExports.starts).basePath).toBe('/docs')
  })

  it('fetches the export job-id names without starting one', async () => {
    const planted = sim.staticExports.plant({ jobId: 'se_planted', createdAt: T0 - 3_600_000 })
    const done = await run({ 'job-id': planted.jobId, 'export-base-path': '/docs' })

    expect(done.result.verdict.outcome).toBe('exported')
    expect(sim.staticExports.list()).toHaveLength(1)
    expect(sim.staticExports.starts).toEqual([])
    expect(done.result.outputs['job-id']).toBe('se_planted')
    expect(done.result.summary).not.toContain('| Base path |')
  })

  it('reads a completed export again while its record lacks the link, 2 s apart and growing', async () => {
    sim.staticExports.scriptNext({ incompleteReads: 2 })
    const done = await run({ 'poll-interval': '30s' })

    expect(done.result.verdict.outcome).toBe('exported')
    expect(only(sim.staticExports.list()).linksGiven).toBe(3)
    expect(infos(done).filter((line) => line.includes('but its record has no bundleUrl yet'))).toEqual([
      expect.stringMatching(/; reading it again in 2s\.$/),
      expect.stringMatching(/; reading it again in 3s\.$/)
    ])
  })

  it('waits out another export of the deployment (409) by the gap rule, then starts its own', async () => {
    sim.staticExports.plant({ jobId: 'other', createdAt: T0, queuedMs: 0, runningMs: 40_000 })
    const done = await run()

    expect(done.result.verdict.outcome).toBe('exported')
    expect(sim.staticExports.starts).toHaveLength(1)
    const held = infos(done).filter((line) => line.includes('(HTTP 409)'))
    expect(held.length).toBeGreaterThan(1)
    expect(held[0]).toBe('Another static export of the deployment is queued or running (HTTP 409); starting again in 2s.')
  })

  it('renews a link already past its expiresAt by reading the job again, once', async () => {
    sim.staticExports.scriptNext({ download: 'stale-first-link' })
    const done = await run()

    expect(done.result.verdict.outcome).toBe('exported')
    expect(answers()).toEqual([200])
    expect(infos(done)).toContainEqual(
      expect.stringMatching(/^The bundle link expired at .*: reading static export \w+ again for a fresh link\.$/)
    )
    expect(done.result.outputs['bundle-url']).toBe(sim.staticExports.links[1])
    expect(done.masked).toEqual(expect.arrayContaining(sim.staticExports.links))
  })

  it('starts the download again, file and hash, when the connection drops half-way', async () => {
    sim.staticExports.scriptNext({ download: 'drop-once' })
    const done = await run()

    expect(done.result.verdict.outcome).toBe('exported')
    expect(answers()).toEqual(['dropped', 200])
    expect(infos(done)).toContainEqual(
      expect.stringMatching(/^the connection to the bundle link failed after \d+ bytes \(\w+\); starting the download again\.$/)
    )
    expect(done.result.outputs.sha256).toBe(sha256(FILE))
    expect(readdirSync(workspace.path)).toEqual([FILE])
  })

  it('asks for a fresh link once when the link expires mid-way, without counting a try', async () => {
    sim.staticExports.scriptNext({ download: 'expires-mid-way' })
    const done = await run()

    expect(done.result.verdict.outcome).toBe('exported')
    // The drop is retried on the same link, which has expired: its 403 asks for a fresh one.
    expect(answers()).toEqual(['dropped', 403, 200])
    expect(only(sim.staticExports.list()).linksGiven).toBe(2)
    expect(infos(done)).toContainEqual(
      expect.stringMatching(
        /^the bundle link answered HTTP 403 \(it may have expired\): reading static export \w+ again for a fresh link\.$/
      )
    )
    expect(done.result.outputs['bundle-url']).toBe(sim.staticExports.links[1])
  })
})

describe('a static export that does not end with a bundle', () => {
  it('gives up after 5 more reads of a completed record without its link, naming the field', async () => {
    sim.staticExports.scriptNext({ incompleteReads: 100, incompleteField: 'sizeBytes' })
    const done = await run()

    expectFailedWithoutFile(
      done,
      /is completed, but its record has no sizeBytes after 5 more reads, so there is no bundle to download; no file was written/
    )
    expect(only(sim.staticExports.list()).linksGiven).toBe(6)
  })

  it('fails after the timeout when another export holds the deployment, and starts none', async () => {
    sim.staticExports.plant({ jobId: 'other', createdAt: T0, outcome: 'never' })
    const done = await run({ timeout: '2m' })

    expect(done.result.verdict.outcome).toBe('failed')
    expect(done.result.verdict.failureReason).toMatch(
      /^Another static export of this deployment was queued or running for the 2m 00s this run tried to start one, so none was started: fetch that export with operation static-export and the job-id output of the run that started it/
    )
    expect(sim.staticExports.starts).toEqual([])
    expect(done.result.outputs['job-id']).toBe('')
  })

  it('does not retry a 429 without Retry-After: it names the 10 starts an hour', async () => {
    sim.staticExports.startsPerHour = 0
    const done = await run()

    expect(done.result.verdict.outcome).toBe('failed')
    expect(done.result.verdict.failureReason).toMatch(
      /HTTP 429, the rate limit is reached \(10 static export starts per organization per hour\)/
    )
    expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('retries a 429 whose Retry-After fits before the deadline', async () => {
    // Ten starts whose hour ends 10 s from now: the 429 asks for 30 s, after which the limit has room.
    for (let i = 0; i < 10; i++) sim.staticExports.starts.push({ at: T0 - 3_600_000 + 10_000, basePath: null })
    sim.staticExports.rateLimitRetryAfter = '30'
    const done = await run()

    expect(done.result.verdict.outcome).toBe('exported')
    expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(2)
    expect(sim.staticExports.starts).toHaveLength(11)
  })

  it('ends cancelled, starting none, when the workflow is cancelled while another export holds the deployment', async () => {
    sim.staticExports.plant({ jobId: 'other', createdAt: T0, outcome: 'never' })
    const cancel = new AbortController()
    // The workflow is cancelled as the run sleeps before its second start: its first wait is the 409's.
    const cancelling = { now: () => clock.now(), sleep: (ms: number, signal?: AbortSignal) => (cancel.abort(), clock.sleep(ms, signal)) }
    const done = await run({}, { signal: cancel.signal, clock: cancelling })

    expect(done.result.verdict.outcome).toBe('cancelled')
    expect(done.result.verdict.failureReason).toBe(
      'The workflow was cancelled while another static export of this deployment was queued or running, so none was started: fetch that export with operation static-export and the job-id output of the run that started it.'
    )
    expect(sim.staticExports.starts).toEqual([])
  })

  it('masks a link the rules refuse, and hands it on in no output', async () => {
    const link = 'http://bundles.example.com/x.tar.gz?X-Amz-Signature=refusedsig'
    sim.route('GET', /^\/v1\/static-export\/[^/]+\/jobs\/([^/]+)$/, (request) => ({
      status: 200,
      json: { jobId: request.match[1], status: 'completed', bundleUrl: link, sizeBytes: 10, expiresAt: null }
    }))
    const done = await run()

    expect(done.result.verdict.failureReason).toMatch(/the bundle link the API gave is http:\/\/, not https:\/\//)
    expect(done.result.outputs['bundle-url']).toBe('')
    expect(done.published.some((outputs) => 'bundle-url' in outputs && outputs['bundle-url'] !== '')).toBe(false)
    expect(done.masked).toEqual(expect.arrayContaining([link, 'refusedsig']))
  })

  it('names project-id and the earlier API on a 404 of the start', async () => {
    const done = await run({ 'project-id': 'proj_other' })

    expect(done.result.verdict.outcome).toBe('failed')
    expect(done.result.verdict.failureReason).toMatch(
      /^Could not start a static export of project proj_other: HTTP 404, project proj_other was not found \(check project-id\), or Mintlify still serves its earlier static export API here/
    )
  })

  it.each([
    ['truncated', /^The bundle failed the gzip check: the gzip stream ends early \(the file is truncated\); no file was written/],
    [
      'wrong-size',
      /^The bundle failed the size check: the link serves \d+ bytes, and the API said the bundle has \d+; no file was written/
    ],
    ['corrupt-gzip', /^The bundle failed the (gzip|tar) check: /],
    [
      'redirect-to-http',
      /the bundle link redirected to a plain http:\/\/ address \(bundles\.example\.com\), which this action does not follow/
    ]
  ] as const)('keeps no file of a %s bundle link', async (download, reason) => {
    sim.staticExports.scriptNext({ download })
    const done = await run()

    expectFailedWithoutFile(done, reason)
    expect(done.result.outputs).toMatchObject({ outcome: 'failed', file: '', sha256: '' })
    expect(done.result.summary).not.toContain('| SHA-256 |')
  })

  it('says why a failed export failed, and asks for no bundle', async () => {
    sim.staticExports.scriptNext({ outcome: 'failed', error: 'Rendering failed: guides/a.mdx:3:1 Unexpected token.' })
    const done = await run()

    const jobId = only(sim.staticExports.list()).jobId
    expectFailedWithoutFile(done, new RegExp(`^Static export ${jobId} failed: Rendering failed: guides/a\\.mdx:3:1 Unexpected token\\.$`))
    expect(only(sim.staticExports.list()).linksGiven).toBe(0)
  })

  it('does not wait with wait: false, and says how to fetch it later', async () => {
    const done = await run({ wait: 'false' })

    const jobId = only(sim.staticExports.list()).jobId
    expect(done.result.verdict.outcome).toBe('started')
    expect(done.result.verdict.headline).toBe(
      `Static export ${jobId} is queued; not waiting for it (wait: false): fetch it later with operation static-export and job-id ${jobId}.`
    )
    expect(sim.staticExports.downloads).toEqual([])
  })

  it('shows in a dry run what it would send, and sends nothing', async () => {
    const done = await run({ 'dry-run': 'true' })

    expect(done.result.verdict.outcome).toBe('dry-run')
    expect(done.result.verdict.headline).toContain('send POST /v1/static-export/proj_sim/jobs with no body')
    expect(sim.staticExports.list()).toEqual([])
  })

  it('names output-file when its folder cannot be made, once the export is known', async () => {
    // A file where the folder should be, put there after the inputs were read (which would refuse it).
    const blocker = (): void => writeFileSync(join(workspace.path, 'bundles'), 'a file, not a folder')
    const done = await run({ 'output-file': 'bundles/docs.tar.gz' }, { onPublish: blocker })

    expect(done.result.verdict.outcome).toBe('failed')
    expect(done.result.verdict.failureReason).toMatch(/^Input 'output-file' names bundles\/docs\.tar\.gz, which /)
    expect(sim.staticExports.downloads).toEqual([])
  })

  it('ends cancelled when the workflow is cancelled as the download starts, and leaves no file', async () => {
    const cancel = new AbortController()
    const done = await run({}, { signal: cancel.signal, onPublish: (outputs) => outputs['bundle-url'] && cancel.abort() })

    expect(done.result.verdict.outcome).toBe('cancelled')
    expect(done.result.verdict.failureReason).toMatch(
      /^The workflow was cancelled while the bundle of static export \w+ was fetched; the partial file was removed/
    )
    expect(readdirSync(workspace.path)).toEqual([])
  })

  it('ends failed with the start refused, before any export exists', async () => {
    sim.staticExports.enabled = false
    const done = await run()

    expect(done.result.verdict.outcome).toBe('failed')
    expect(done.result.verdict.failureReason).toMatch(
      /^Could not start a static export of project proj_sim: HTTP 403, static export is not enabled for this deployment .*the write scope this POST needs.*IP allowlist/
    )
    expect(done.result.outputs['job-id']).toBe('')
  })
})
