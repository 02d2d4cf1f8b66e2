import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSimulator, type Simulator } from '../../../simulator/index.js'
import { foundNothing } from '../../../src/operations/analytics/export-kinds.js'
import { exportAnalytics, type ExportRequest } from '../../../src/operations/analytics/export.js'
import { simulatorClient } from '../../fixtures/docs-api-client.js'
import { recordingLog } from '../../fixtures/recording-log.js'
import { tempDir } from '../../fixtures/temp-dir.js'

const RANGE = { from: '2026-06-08', to: '2026-06-15' }

let sim: Simulator
let dir: ReturnType<typeof tempDir>
beforeEach(async () => {
  sim = await startSimulator()
  sim.analytics.plantThumbsDown('/docs/broken', 3)
  sim.analytics.plantDeadSearch('sso saml', 20)
  sim.analytics.plantUnansweredCategory('billing-exports', 4, '/docs/billing')
  dir = tempDir('reader-export-test-')
})
afterEach(async () => {
  await sim.close()
  dir.remove()
})

/** The export in-process, with the real client against the simulator and a fake clock. */
async function exportOf(kind: ExportRequest['kind'], overrides: Partial<ExportRequest> = {}, budget = 100) {
  const { client, clock } = simulatorClient(sim, budget)
  const log = recordingLog()
  const file = overrides.outputFile ?? `${kind}.json`
  const report = await exportAnalytics(
    {
      kind,
      projectId: sim.projectId,
      range: RANGE,
      pageSize: 100,
      maxRequests: budget,
      dryRun: false,
      outputFile: file,
      outputPath: join(dir.path, file),
      ...overrides
    },
    { client, clock, log }
  )
  const text = report.file ? readFileSync(join(dir.path, file), 'utf8') : ''
  return { report, log, text }
}

describe('exportAnalytics of what readers did', () => {
  it('feedback: counts by status and page, thumbs down per page, the first pending comments', async () => {
    const { report, text } = await exportOf('feedback')
    expect(report.verdict.outcome).toBe('exported')
    const rows = (JSON.parse(text) as { rows: { status: string; path: string; helpful: boolean | null }[] }).rows
    expect(report.rowCount).toBe(rows.length)
    if (report.summary?.kind !== 'feedback') throw new Error('a feedback summary')
    const { summary } = report
    expect(summary.entries).toBe(rows.length)
    expect(Object.values(summary.byStatus).reduce((a, b) => a + b, 0)).toBe(rows.length)
    expect(summary.byStatus.pending).toBe(rows.filter((row) => row.status === 'pending').length)
    const broken = summary.pages.find((page) => page.path === '/docs/broken')
    expect(broken?.thumbsDown).toBe(rows.filter((row) => row.path === '/docs/broken' && row.helpful === false).length)
    expect(summary.pages[0]?.path).toBe('/docs/broken')
    expect(summary.pendingComments.length).toBeGreaterThan(0)
    expect(summary.pendingComments.length).toBeLessThanOrEqual(5)
    expect(text).not.toContain('@example.com')
  })

  it('searches: totalSearches from the first page, terms without a click and their hits', async () => {
    const { report, text } = await exportOf('searches', { pageSize: 3 })
    const file = JSON.parse(text) as {
      totalSearches: number
      rows: { searchQuery: string; hits: number; ctr: number; topClickedPage: string | null }[]
    }
    if (report.summary?.kind !== 'searches') throw new Error('a searches summary')
    expect(report.summary.totalSearches).toBe(file.totalSearches)
    expect(report.summary.terms).toBe(file.rows.length)
    const dead = file.rows.filter((row) => foundNothing({ ...row, lastSearchedAt: null }))
    expect(report.summary.withoutClick).toEqual({ terms: dead.length, hits: dead.reduce((sum, row) => sum + row.hits, 0) })
    expect(dead.map((row) => row.searchQuery)).toContain('sso saml')
    expect(report.summary.top[0]?.hits).toBe(Math.max(...file.rows.map((row) => row.hits)))
    expect(sim.mintlifyRequests()).toHaveLength(Math.ceil(file.rows.length / 3))
  })

  it('assistant: unanswered share, the categories and pages where they start, the first questions', async () => {
    const { report, text } = await exportOf('assistant')
    const rows = (JSON.parse(text) as { rows: { resolutionStatus: string; queryCategory: string | null; pageUrl: string | null }[] }).rows
    if (report.summary?.kind !== 'assistant') throw new Error('an assistant summary')
    const unanswered = rows.filter((row) => row.resolutionStatus === 'unanswered')
    expect(report.summary.conversations).toBe(rows.length)
    expect(report.summary.unanswered).toBe(unanswered.length)
    expect(report.summary.categories[0]?.category).toBe('billing-exports')
    expect(report.summary.categories[0]?.unanswered).toBe(unanswered.filter((row) => row.queryCategory === 'billing-exports').length)
    expect(report.summary.pages.some((page) => page.page.endsWith('/docs/billing'))).toBe(true)
    expect(report.summary.questions).toHaveLength(Math.min(5, unanswered.length))
  })

  it('stops partial after the budget, saying how many rows it had', async () => {
    const { report, text } = await exportOf('feedback', { pageSize: 10 }, 2)
    expect(report.verdict.outcome).toBe('partial')
    expect(report.verdict.failureReason).toBe(
      'The export is partial: it stopped after 20 feedback entries because the request budget (max-requests: 2) was spent.'
    )
    expect(report.rowCount).toBe(20)
    expect((JSON.parse(text) as { partial: boolean }).partial).toBe(true)
  })

  it('writes CSV with lists as JSON cells', async () => {
    const { text } = await exportOf('assistant', { outputFile: 'assistant.csv' })
    const [header, ...lines] = text.trimEnd().split('\r\n')
    expect(header).toBe('id,timestamp,query,response,responseType,sources,resolutionStatus,queryCategory,pageUrl')
    expect(lines.some((line) => line.includes('"[{""title""'))).toBe(true)
  })

  it('in a dry run shows the plan, sends nothing and writes no file', async () => {
    const { report, log } = await exportOf('assistant', { dryRun: true, pageSize: 1000 })
    expect(report.verdict).toEqual({
      outcome: 'dry-run',
      result: 'notice',
      headline:
        'Dry run: the assistant export would ask for 1000 rows per request, one request per page until the API says the end is reached, at most 100 requests; nothing was sent and no file was written.',
      failureReason: ''
    })
    expect(report.file).toBe('')
    expect(sim.mintlifyRequests()).toEqual([])
    expect(readdirSync(dir.path)).toEqual([])
    expect(log.messages('info')[0]).toMatch(/^Exporting assistant of project proj_sim for /)
  })

  it('fails before writing when the first page cannot be read, naming the endpoint', async () => {
    sim.injectFault({ route: 'analytics', status: 401, message: 'Invalid API key' })
    const { report } = await exportOf('searches')
    expect(report.verdict.outcome).toBe('failed')
    expect(report.verdict.failureReason).toMatch(
      /^Could not read the searches analytics: HTTP 401.*no file was written \(searches\.json is unchanged\)\.$/
    )
    expect(report.summary).toBeNull()
  })
})
