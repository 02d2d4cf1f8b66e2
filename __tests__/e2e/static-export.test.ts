/**
 * `operation: static-export` end to end on dist/index.js: the export started and waited on,
 * its bundle fetched into the workspace and proved whole, the link kept out of every log; `wait: false`,
 * `job-id`, the dry runs, bad input and a bundle with entries that lead outside its folder.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { startSimulator, type Simulator } from '../../simulator/index.js'
import { only } from '../expect-helpers.js'
import { annotations } from './harness.js'
import { exportCalls, expectLinksHidden, fileSha256, filesBeside, runExport } from './static-export-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

const FILE = 'docs-static-export.tar.gz'

describe('an export that completes', () => {
  test('is exported: one start, polls until completed, the link from the completed record, one download, proved and hashed', async () => {
    sim.staticExports.scriptNext({ pageCount: 7, queuedMs: 100, runningMs: 800 })
    const run = await runExport(sim, { 'export-base-path': '/docs' })

    expect(run.exitCode).toBe(0)
    const exported = only(sim.staticExports.list(), 'export')
    expect(exported.basePath).toBe('/docs')
    const start = only(sim.mintlifyRequests().filter((request) => request.method === 'POST'))
    expect(JSON.parse(start.body)).toEqual({ basePath: '/docs' })
    const calls = exportCalls(sim)
    expect(calls[0]).toBe('POST /')
    expect(new Set(calls.slice(1))).toEqual(new Set([`GET /${exported.jobId}`]))
    expect(exported.linksGiven).toBe(1)
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

    expect(run.log).toContain(`Static export ${exported.jobId} is in ${FILE}: `)
    expect(run.log).toContain('9 files (7 .html pages).')
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

  test('logs each change of status inside the wait group, and sends no body without export-base-path', async () => {
    sim.staticExports.scriptNext({ queuedMs: 300, runningMs: 900 })
    const run = await runExport(sim)

    expect(run.exitCode).toBe(0)
    const jobId = run.outputs['job-id'] ?? ''
    expect(run.log).toContain(`::group::Waiting for static export ${jobId}`)
    const changes = run.log.split('\n').filter((line) => line.startsWith(`Static export ${jobId}: `) && line.includes('→'))
    expect(changes).toEqual([
      expect.stringMatching(/: queued → running after [\d.]+m?s\.$/),
      expect.stringMatching(/: running → completed after [\d.]+m?s\.$/)
    ])
    const start = only(sim.mintlifyRequests().filter((request) => request.method === 'POST'))
    expect(start.body).toBe('')
    expect(start.headers['content-type']).toBeUndefined()
    expect(only(sim.staticExports.list()).basePath).toBeNull()
  })

  test('sends {"basePath": ""} for export-base-path /, the site without a prefix', async () => {
    const run = await runExport(sim, { 'export-base-path': '/' })

    expect(run.exitCode).toBe(0)
    expect(only(sim.staticExports.list()).basePath).toBe('')
    expect(run.summary).toContain('| Base path | no base path (the site at the root) |')
  })

  test('still runs a workflow written for the earlier API: export-domain, export-version and export-paths are never sent', async () => {
    const run = await runExport(sim, { 'export-domain': 'docs.example.com', 'export-version': 'v2', 'export-paths': 'a b?' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('exported')
    const bodies = sim.mintlifyRequests().map((request) => request.body)
    expect(bodies.join('')).toBe('')
  })

  test('summarises files, .html pages, size, time, base path and SHA-256, never the link', async () => {
    sim.staticExports.scriptNext({ pageCount: 5 })
    const run = await runExport(sim)

    expect(run.summary).toContain('Docs static export')
    expect(run.outputs['page-count']).toBe('5')
    // 5 pages, a script and a stylesheet.
    expect(run.summary).toContain('| Archive | 7 files, 5 .html pages |')
    expect(run.summary).toMatch(/\| Size \| \d+ bytes \|/)
    expect(run.summary).toContain("| Base path | the deployment's own base path |")
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
  test('wait: false ends started with the job id, and reads nothing more', async () => {
    const run = await runExport(sim, { wait: 'false' })

    const jobId = only(sim.staticExports.list()).jobId
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ outcome: 'started', 'job-id': jobId, file: '', sha256: '', 'bundle-url': '' })
    expect(exportCalls(sim)).toEqual(['POST /'])
    expect(run.log).toContain(`fetch it later with operation static-export and job-id ${jobId}`)
  })

  test('job-id fetches that export with a fresh link and starts none', async () => {
    const planted = sim.staticExports.plant({ jobId: 'se_earlier', createdAt: Date.now() - 60_000, pageCount: 3 })
    const run = await runExport(sim, { 'job-id': planted.jobId, 'export-base-path': '/docs', 'output-file': 'site/docs.tar.gz' })

    expect(run.exitCode).toBe(0)
    expect(exportCalls(sim)).toEqual(['GET /se_earlier'])
    expect(annotations(run, 'warning')).toEqual([
      "Input 'job-id' names static export se_earlier, which is fetched as it was made: export-base-path is ignored."
    ])
    expect(run.outputs).toMatchObject({ outcome: 'exported', 'job-id': 'se_earlier', file: 'site/docs.tar.gz', 'page-count': '3' })
    expect(run.outputs.sha256).toBe(fileSha256(run, 'site/docs.tar.gz'))
    expect(filesBeside(run, 'site/docs.tar.gz')).toEqual(['docs.tar.gz'])
  })

  test('job-id of no export fails naming job-id', async () => {
    const run = await runExport(sim, { 'job-id': 'se_missing' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['failure-reason']).toBe(
      `Could not read static export se_missing: HTTP 404, static export se_missing was not found in project ${sim.projectId}; check job-id and project-id (server: "Static export job not found").`
    )
  })
})

describe('dry-run', () => {
  const NOTHING_SENT = '; nothing was sent to the Mintlify API and nothing was written to GitHub.'

  test('shows the start request with its body and sends nothing', async () => {
    const run = await runExport(sim, { 'dry-run': 'true', 'export-base-path': '/documentation' })

    expect(run.outputs.outcome).toBe('dry-run')
    const jobs = `/v1/static-export/${sim.projectId}/jobs`
    expect(annotations(run, 'notice')).toEqual([
      `Dry run: would send POST ${jobs} with {"basePath":"/documentation"} (a static export with base path /documentation), wait for it by reading GET ${jobs}/{jobId}, then download the bundle from the link the completed export carries to ${FILE}${NOTHING_SENT}`
    ])
    expect(sim.requests).toEqual([])
  })

  test('with job-id shows the status read, and sends nothing', async () => {
    const run = await runExport(sim, { 'dry-run': 'true', 'job-id': 'se_1' })

    expect(annotations(run, 'notice')).toEqual([
      `Dry run: would read GET /v1/static-export/${sim.projectId}/jobs/se_1 (static export se_1, a fresh link once it is completed) and download the bundle from the link the completed export carries to ${FILE}${NOTHING_SENT}`
    ])
    expect(sim.requests).toEqual([])
  })
})

describe('bad input, before any request', () => {
  test.each(['docs', '/docs/', '/guides', 'https://docs.example.com'])(
    'export-base-path %s is refused naming it and the four values',
    async (given) => {
      const run = await runExport(sim, { 'export-base-path': given })

      expect(run.exitCode).toBe(1)
      expect(run.outputs['failure-reason']).toBe(
        `Input 'export-base-path' must be empty (the deployment's own base path), / (no prefix), /docs or /documentation; got '${given}'.`
      )
      expect(sim.requests).toEqual([])
    }
  )
})
