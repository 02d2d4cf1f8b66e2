/**
 * The static export API as documented since 2026-12, read by pure functions: the paths keyed by the project,
 * the start's optional body, the job record whose completed form carries the bundle, the plan and what a
 * dry run shows, and a link's expiry.
 */
import { describe, expect, it } from '@jest/globals'
import { exportStartBody, parseExportJob, parseStartedExport, STATIC_EXPORT_PATHS } from '../../../src/mintlify/static-export.js'
import { pastExpiry } from '../../../src/operations/static-export/fetch-bundle.js'
import { basePathText, type PlanInputs, planStaticExport } from '../../../src/operations/static-export/plan.js'

const LINK = 'https://bucket.s3.amazonaws.com/6520f3a1c9b1a20012ab34cd/export.tar.gz?X-Amz-Signature=abc'

describe('the paths', () => {
  it('put the project, then the job, in the path, each percent-encoded', () => {
    expect(STATIC_EXPORT_PATHS.start('proj_1')).toBe('/v1/static-export/proj_1/jobs')
    expect(STATIC_EXPORT_PATHS.status('proj 1', 'a/b')).toBe('/v1/static-export/proj%201/jobs/a%2Fb')
  })
})

describe('the start body', () => {
  it('is absent without a base path, and names it otherwise, "" included', () => {
    expect(exportStartBody(null)).toBeUndefined()
    expect(exportStartBody('')).toEqual({ basePath: '' })
    expect(exportStartBody('/docs')).toEqual({ basePath: '/docs' })
    expect(exportStartBody('/documentation')).toEqual({ basePath: '/documentation' })
  })
})

describe('the job record', () => {
  it('reads a completed job with its bundle', () => {
    expect(
      parseExportJob({
        jobId: 'j1',
        status: 'completed',
        createdAt: '2026-12-07T10:00:00Z',
        updatedAt: '2026-12-07T10:04:00Z',
        error: null,
        bundleUrl: ` ${LINK} `,
        sizeBytes: 18432000,
        expiresAt: '2026-12-07T11:04:00Z'
      })
    ).toEqual({
      jobId: 'j1',
      status: 'completed',
      createdAt: '2026-12-07T10:00:00Z',
      updatedAt: '2026-12-07T10:04:00Z',
      error: null,
      bundle: { bundleUrl: LINK, sizeBytes: 18432000, expiresAt: '2026-12-07T11:04:00Z' },
      missing: null
    })
  })

  it('has no bundle without a link or a whole size, and names the first field missing', () => {
    expect(parseExportJob({ status: 'completed', sizeBytes: 10 })).toMatchObject({ bundle: null, missing: 'bundleUrl' })
    expect(parseExportJob({ status: 'completed', bundleUrl: '  ', sizeBytes: 10 })).toMatchObject({ bundle: null, missing: 'bundleUrl' })
    expect(parseExportJob({ status: 'completed', bundleUrl: LINK })).toMatchObject({ bundle: null, missing: 'sizeBytes' })
    expect(parseExportJob({ status: 'completed', bundleUrl: LINK, sizeBytes: 1.5 })).toMatchObject({ bundle: null, missing: 'sizeBytes' })
    expect(parseExportJob({ status: 'completed', bundleUrl: LINK, sizeBytes: -1 })).toMatchObject({ bundle: null, missing: 'sizeBytes' })
  })

  it('takes a missing expiresAt as no fault', () => {
    expect(parseExportJob({ status: 'completed', bundleUrl: LINK, sizeBytes: 0 }).bundle).toEqual({
      bundleUrl: LINK,
      sizeBytes: 0,
      expiresAt: null
    })
  })

  it('keeps nothing of a record that is not an object, and refuses a started export without its id', () => {
    expect(parseExportJob('nonsense')).toMatchObject({ jobId: null, status: null, bundle: null })
    expect(parseStartedExport({ status: 'queued' })).toBeNull()
    expect(parseStartedExport({ jobId: 'j1', status: 'queued' })?.jobId).toBe('j1')
    // Its id goes into the next request's path and the job-id output: never `..`, a slash or a shell's words.
    for (const jobId of ['..', '.', 'a/b', '$(id)', '-x', ''])
      expect({ jobId, started: parseStartedExport({ jobId, status: 'queued' }) }).toEqual({ jobId, started: null })
  })
})

describe('a link past its expiry', () => {
  const bundle = (expiresAt: string | null) => ({ bundleUrl: LINK, sizeBytes: 1, expiresAt })
  it('is known by expiresAt alone; a missing or unreadable one is not past', () => {
    const now = Date.parse('2026-12-07T12:00:00Z')
    expect(pastExpiry(bundle('2026-12-07T11:59:59Z'), now)).toBe(true)
    expect(pastExpiry(bundle('2026-12-07T12:00:00Z'), now)).toBe(true)
    expect(pastExpiry(bundle('2026-12-07T12:00:01Z'), now)).toBe(false)
    expect(pastExpiry(bundle(null), now)).toBe(false)
    expect(pastExpiry(bundle('soon'), now)).toBe(false)
  })
})

describe('the plan', () => {
  const inputs: PlanInputs = { wait: true, jobId: null, basePath: null, outputFile: 'docs.tar.gz', dryRun: false, projectId: 'proj_1' }

  it('starts an export, or follows the one job-id names', () => {
    expect(planStaticExport(inputs)).toEqual({ kind: 'start', basePath: null, wait: true })
    expect(planStaticExport({ ...inputs, basePath: '' })).toEqual({ kind: 'start', basePath: '', wait: true })
    expect(planStaticExport({ ...inputs, jobId: 'j1', wait: false })).toEqual({ kind: 'follow', jobId: 'j1', wait: false })
  })

  it('in a dry run says each request, its body or that it has none', () => {
    const said = (extra: Partial<PlanInputs>): string => {
      const plan = planStaticExport({ ...inputs, dryRun: true, ...extra })
      if (plan.kind !== 'dry-run') throw new Error('not a dry run')
      return plan.verdict.headline
    }
    expect(said({})).toContain("send POST /v1/static-export/proj_1/jobs with no body (a static export with the deployment's own base path)")
    expect(said({})).toContain('GET /v1/static-export/proj_1/jobs/{jobId}')
    expect(said({ basePath: '' })).toContain('with {"basePath":""} (a static export with no base path (the site at the root))')
    expect(said({ basePath: '/docs', wait: false })).toMatch(/with \{"basePath":"\/docs"\} .*not waiting for it \(wait: false\)/)
    expect(said({ jobId: 'j1' })).toContain('read GET /v1/static-export/proj_1/jobs/j1')
    expect(said({ jobId: 'j1' })).toContain('to docs.tar.gz')
  })

  it('names the base path in words', () => {
    expect(basePathText(null)).toBe("the deployment's own base path")
    expect(basePathText('')).toBe('no base path (the site at the root)')
    expect(basePathText('/docs')).toBe('base path /docs')
  })
})
