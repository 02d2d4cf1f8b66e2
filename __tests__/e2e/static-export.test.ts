/**
 * `operation: static-export` end to end on dist/index.js: the export started and waited on with progress,
 * its bundle fetched into the workspace and proved whole, the link kept out of every log; `wait: false`,
 * `job-id`, the dry runs, bad input and a bundle with entries that lead outside its folder.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { startSimulator, type Simulator } from '../../simulator/index.js'
import { at, only } from '../expect-helpers.js'
import { annotations } from './harness.js'
import { DOMAIN, exportCalls, expectLinksHidden, fileSha256, filesBeside, runExport } from './static-export-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

const FILE = 'docs-static-export.tar.gz'

describe('an export that completes', () => {
  test('is exported: one start, polls until completed, one bundle request, one download, the file proved and hashed', async () => {
    sim.staticExports.scriptNext({ pageCount: 7, queuedMs: 100, runningMs: 800 })
    const run = await runExport(sim, { 'export-version': 'v2', 'export-paths': '/index.mdx, guides/page-1\nguides/page-2.md' })

    expect(run.exitCode).toBe(0)
    const exported = only(sim.staticExports.list(), 'export')
    expect(exported).toMatchObject({ domain: DOMAIN, version: 'v2', paths: ['index', 'guides/page-1', 'guides/page-2'] })
    const calls = exportCalls(sim)
    expect(calls[0]).toBe('POST /')
    expect(new Set(calls.slice(1, -1))).toEqual(new Set([`GET /${exported.jobId}`]))
    expect(at(calls, calls.length - 1)).toBe(`POST /${exported.jobId}/bundle`)
    const link = only(sim.staticExports.links, 'link')
    expect(run.outputs).toMatchObject({
      outcome: 'exported',
      'failure-reason': '',
      'job-id': exported.jobId,
      status: 'completed',
      file: FILE,
      'page-count': '7',
      sha256: fileSha256(run, FILE),
      'bundle-url': link
    })
    expect(filesBeside(run, FILE)).toEqual([FILE])

    expect(run.log).toContain(`Static export ${exported.jobId} (7 pages) is in ${FILE}`)
    expectLinksHidden(run, sim)
    // Masked on the runner the moment it arrived: the link, percent-encoded, and its signature alone.
    const signature = new URL(link).searchParams.get('X-Amz-Signature') ?? ''
    expect(run.masked).toEqual(expect.arrayContaining([link, encodeURIComponent(link), signature]))
  })

  test('fetches the link raw: no Authorization header, no key, accept-encoding identity', async () => {
    const run = await runExport(sim)

    expect(run.exitCode).toBe(0)
    const download = only(sim.staticExports.downloads, 'download')
    expect(download.answer).toBe(200)
    expect(download.headers.authorization).toBeUndefined()
    expect(JSON.stringify(download.headers)).not.toContain(sim.apiKey)
    expect(download.headers['accept-encoding']).toBe('identity')
  })

  test('logs a progress line each tenth, inside the wait group', async () => {
    sim.staticExports.scriptNext({ queuedMs: 0, runningMs: 2500, pageCount: 100 })
    const run = await runExport(sim)

    expect(run.exitCode).toBe(0)
    const jobId = run.outputs['job-id'] ?? ''
    const lines = run.log.split('\n').filter((line) => line.startsWith(`Static export ${jobId}: `) && line.includes('%'))
    const percents = lines.map((line) => Number(/: (\d+)% \(/.exec(line)?.[1]))
    expect(lines.length).toBeGreaterThanOrEqual(3)
    // Each line a tenth further than the one before: never two in the same tenth.
    expect(new Set(percents.map((p) => Math.floor(p / 10))).size).toBe(percents.length)
    expect(lines[0]).toMatch(new RegExp(`^Static export ${jobId}: \\d+% \\(\\d+ pages, [\\d.]+m?s\\)$`))
    expect(run.log).toContain(`::group::Waiting for static export ${jobId}`)
  })

  test('summarises pages, files, .html pages, size, time, version and SHA-256, never the link', async () => {
    sim.staticExports.scriptNext({ pageCount: 5 })
    const run = await runExport(sim)

    expect(run.summary).toContain('Docs static export')
    expect(run.summary).toContain('| Pages | 5 |')
    // 5 pages, a script and a stylesheet.
    expect(run.summary).toContain('| Archive | 7 files, 5 .html pages |')
    expect(run.summary).toMatch(/\| Size \| \d+ bytes \|/)
    expect(run.summary).toContain('| Version | latest published |')
    expect(run.summary).toContain(`| SHA-256 | \`${run.outputs.sha256}\` |`)
    expect(run.summary).toMatch(/\| Time \| [\d.]+m?s; this run: /)
    expect(run.summary).not.toContain('/s3/')
  })

  test('warns of the entries that lead outside the folder, and still exports', async () => {
    sim.staticExports.scriptNext({ unsafeEntries: true })
    const run = await runExport(sim)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('exported')
    expect(annotations(run, 'warning')).toEqual([
      'The bundle holds 3 entries that would land outside the folder it is extracted into: ../outside.html (a .. part), /etc/hostname (an absolute path), guides/escape (a link leading outside the archive). The action does not extract it; whoever does should refuse them.'
    ])
  })
})

describe('without waiting, or fetching an earlier export', () => {
  test('wait: false ends started with the job id, and requests no bundle', async () => {
    const run = await runExport(sim, { wait: 'false' })

    const jobId = only(sim.staticExports.list()).jobId
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ outcome: 'started', 'job-id': jobId, file: '', sha256: '', 'bundle-url': '' })
    expect(exportCalls(sim)).toEqual(['POST /'])
    expect(run.log).toContain(`fetch it later with operation static-export and job-id ${jobId}`)
  })

  test('job-id fetches that export with a fresh link and starts none', async () => {
    const planted = sim.staticExports.plant({ jobId: 'se_earlier', createdAt: Date.now() - 60_000, pageCount: 3 })
    const run = await runExport(sim, { 'job-id': planted.jobId, 'export-domain': '', 'output-file': 'site/docs.tar.gz' })

    expect(run.exitCode).toBe(0)
    expect(exportCalls(sim)).toEqual(['GET /se_earlier', 'POST /se_earlier/bundle'])
    expect(run.outputs).toMatchObject({ outcome: 'exported', 'job-id': 'se_earlier', file: 'site/docs.tar.gz', 'page-count': '3' })
    expect(run.outputs.sha256).toBe(fileSha256(run, 'site/docs.tar.gz'))
    expect(filesBeside(run, 'site/docs.tar.gz')).toEqual(['docs.tar.gz'])
  })

  test('job-id of no export fails naming job-id', async () => {
    const run = await runExport(sim, { 'job-id': 'se_missing' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['failure-reason']).toBe(
      'Could not read static export se_missing: HTTP 404, static export se_missing was not found; check job-id (server: "Static export job not found").'
    )
  })
})

describe('dry-run', () => {
  const NOTHING_SENT = '; nothing was sent to the Mintlify API and nothing was written to GitHub.'

  test('shows the start request with its body and sends nothing', async () => {
    const run = await runExport(sim, { 'dry-run': 'true', 'export-paths': 'index' })

    expect(run.outputs.outcome).toBe('dry-run')
    expect(annotations(run, 'notice')).toEqual([
      `Dry run: would send POST /v1/static-export/jobs with {"domain":"${DOMAIN}","paths":["index"]} (a static export of ${DOMAIN}), wait for it, then request a link to its bundle and download the bundle to ${FILE}${NOTHING_SENT}`
    ])
    expect(sim.requests).toEqual([])
  })

  test('with job-id shows the status read and the bundle request, and sends nothing', async () => {
    const run = await runExport(sim, { 'dry-run': 'true', 'job-id': 'se_1' })

    expect(annotations(run, 'notice')).toEqual([
      `Dry run: would read GET /v1/static-export/jobs/se_1 (the status of static export se_1) and, once it is completed, send POST /v1/static-export/jobs/se_1/bundle (a fresh link to its bundle) and download the bundle to ${FILE}${NOTHING_SENT}`
    ])
    expect(sim.requests).toEqual([])
  })
})

describe('bad input, before any request', () => {
  test.each([
    ['https://docs.example.com', 'has a protocol'],
    ['docs.example.com/docs', 'has a path or a slash'],
    ['docs.example.com:8443', 'has a port']
  ])('export-domain %s is refused naming it', async (domain, why) => {
    const run = await runExport(sim, { 'export-domain': domain })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['failure-reason']).toBe(
      `Input 'export-domain' is '${domain}', which ${why}: give the hostname of the deployment only, such as docs.example.com (or acme.mintlify.app without a custom domain).`
    )
    expect(sim.requests).toEqual([])
  })

  test('an export path with a query is refused naming export-paths', async () => {
    const run = await runExport(sim, { 'export-paths': 'guides/a?x=1' })

    expect(run.outputs['failure-reason']).toMatch(/^Input 'export-paths' has 'guides\/a\?x=1', which holds a character a page path cannot/)
    expect(sim.requests).toEqual([])
  })
})
