import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnalyticsPage, AnalyticsRow } from '../../../src/mintlify/analytics.js'
import { RequestBudgetSpent } from '../../../src/mintlify/request.js'
import { type ExportRequest, exportAnalytics } from '../../../src/operations/analytics/export.js'
import { T0 } from '../../fixtures/agent-jobs.js'
import {
  type AnalyticsQuery,
  type FakeAnalytics,
  fakeAnalyticsClient,
  pagedAnalyticsClient,
  row,
  rows
} from '../../fixtures/analytics-rows.js'
import { recordingLog } from '../../fixtures/recording-log.js'
import { tempDir } from '../../fixtures/temp-dir.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

const TOTALS = { human: 900, ai: 300, total: 1100 }

let dir: ReturnType<typeof tempDir>
beforeEach(() => {
  dir = tempDir('analytics-export-test-')
})
afterEach(() => {
  dir.remove()
})

function request(overrides: Partial<ExportRequest> = {}): ExportRequest {
  return {
    kind: 'visitors',
    projectId: 'acme-docs',
    range: { from: '2026-03-01', to: '2026-03-10' },
    pageSize: 250,
    maxRequests: 100,
    outputFile: 'out.json',
    outputPath: join(dir.path, overrides.outputFile ?? 'out.json'),
    dryRun: false,
    ...overrides
  }
}

async function run(fake: FakeAnalytics, overrides: Partial<ExportRequest> = {}) {
  const clock = new VirtualClock(T0)
  const log = recordingLog(clock)
  const exported = request(overrides)
  fake.setBudget(exported.maxRequests)
  const report = await exportAnalytics(exported, { client: fake.client, clock, log })
  return { report, log }
}

interface JsonExport {
  range: unknown
  totals: unknown
  rows: AnalyticsRow[]
  exportedAt: string
  partial: boolean
}

function readExport(name = 'out.json'): JsonExport {
  return JSON.parse(readFileSync(join(dir.path, name), 'utf8')) as JsonExport
}

/** Answers after a real moment, as an API would, so file writes and answers interleave as in a run. */
function later<T>(value: () => T): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 30)).then(value)
}

function page(pageRows: AnalyticsRow[], hasMore: boolean, totals = TOTALS): AnalyticsPage {
  return { totals, rows: pageRows, hasMore, skipped: 0 }
}

describe('paging through the export', () => {
  it.each([
    [0, 250, [0]],
    [1, 250, [0]],
    [250, 250, [0]],
    [251, 250, [0, 250]],
    [1000, 250, [0, 250, 500, 750]],
    [1001, 250, [0, 250, 500, 750, 1000]],
    [7, 2, [0, 2, 4, 6]],
    [3, 1, [0, 1, 2]]
  ])('asks exactly ceil(%i rows / %i) times, at offsets %p', async (count, pageSize, offsets) => {
    const fake = pagedAnalyticsClient(rows(count))
    const { report } = await run(fake, { pageSize })
    expect(fake.queries.map((q) => q.offset)).toEqual(offsets)
    expect(report.requests).toBe(offsets.length)
    expect(report.rowCount).toBe(count)
  })

  it('asks for page-size rows of the right kind, project and range on every request', async () => {
    const fake = pagedAnalyticsClient(rows(30))
    await run(fake, { kind: 'views', pageSize: 10 })
    const expected: Omit<AnalyticsQuery, 'offset'> = {
      kind: 'views',
      projectId: 'acme-docs',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-10',
      limit: 10
    }
    expect(fake.queries).toEqual([0, 10, 20].map((offset) => ({ ...expected, offset })))
  })

  it('passes null bounds through when no range was given, and says the API default applies', async () => {
    const fake = pagedAnalyticsClient(rows(3))
    const { log } = await run(fake, { range: { from: null, to: null } })
    expect(fake.queries[0]).toMatchObject({ dateFrom: null, dateTo: null })
    expect(log.messages('info')).toContain('No date-from or date-to given: the API applies its default range.')
  })

  it('logs what it exports before the first request', async () => {
    const { log } = await run(pagedAnalyticsClient(rows(3)), { maxRequests: 7 })
    expect(log.messages('info')[0]).toBe(
      'Exporting visitors of project acme-docs for 2026-03-01 up to (not including) 2026-03-10, 250 rows per request, at most 7 requests.'
    )
  })
})

describe('a complete export', () => {
  it('writes every row once, the first page totals, and exportedAt from the clock', async () => {
    const all = rows(600)
    const { report } = await run(pagedAnalyticsClient(all))
    const written = readExport()
    expect(written.rows).toEqual(all)
    expect(written.totals).toEqual(TOTALS)
    expect(written.exportedAt).toBe(new Date(T0).toISOString())
    expect(written.partial).toBe(false)
    expect(report).toMatchObject({ kind: 'visitors', totals: TOTALS, rowCount: 600, requests: 3, file: 'out.json', duplicates: 0 })
  })

  it('asks for the next page while the last one is written, and only after it said more follow', async () => {
    // What the temporary file held when each request went out: with the overlap, page n is not yet written
    // when page n+1 is asked for.
    const heldAt: number[] = []
    const all = rows(500)
    const fake = fakeAnalyticsClient((query, call) => {
      const temp = readdirSync(dir.path).find((name) => name.startsWith('.out.json.') && name.endsWith('.tmp'))
      heldAt.push(temp ? readFileSync(join(dir.path, temp), 'utf8').split('"path"').length - 1 : -1)
      return page(all.slice(query.offset, query.offset + query.limit), call < 1)
    })
    const { report } = await run(fake, { pageSize: 250 })

    expect(report.rowCount).toBe(500)
    expect(fake.queries.map((query) => query.offset)).toEqual([0, 250])
    // The second request went out before the first page's 250 rows were in the file.
    expect(heldAt[1]).toBeLessThan(250)
    expect(readExport().rows).toEqual(all)
  })

  it('reports exported with a headline naming rows, file and requests', async () => {
    const { report } = await run(pagedAnalyticsClient(rows(600)))
    expect(report.verdict).toEqual({
      outcome: 'exported',
      result: 'success',
      headline: 'Exported visitors: 600 pages in out.json (3 requests).',
      failureReason: ''
    })
  })

  it('uses the singular for one page and one request', async () => {
    const { report } = await run(pagedAnalyticsClient(rows(1)))
    expect(report.verdict.headline).toBe('Exported visitors: 1 page in out.json (1 request).')
  })

  it('exports an empty range as an empty file with the totals', async () => {
    const { report } = await run(pagedAnalyticsClient([], { human: 0, ai: 0, total: 0 }))
    expect(readExport().rows).toEqual([])
    expect(report.verdict.outcome).toBe('exported')
    expect(report.rowCount).toBe(0)
    expect(report.summary).toEqual({ kind: 'traffic', top: [] })
  })

  it('keeps the 15 highest totals as top pages', async () => {
    const all = rows(400)
    const { report } = await run(pagedAnalyticsClient([...all].reverse()))
    expect(report.summary).toEqual({ kind: 'traffic', top: all.slice(0, 15) })
  })

  it('creates the folders of the output file', async () => {
    const { report } = await run(pagedAnalyticsClient(rows(2)), { outputFile: 'reports/march/visitors.csv' })
    expect(readFileSync(join(dir.path, 'reports/march/visitors.csv'), 'utf8')).toBe(
      'path,human,ai,total\r\n/page-0,2,1,3\r\n/page-1,1,1,2\r\n'
    )
    expect(report.file).toBe('reports/march/visitors.csv')
  })

  it('leaves no temporary file behind', async () => {
    await run(pagedAnalyticsClient(rows(600)))
    expect(readdirSync(dir.path)).toEqual(['out.json'])
  })

  it('warns about nothing when the data held still', async () => {
    const { log } = await run(pagedAnalyticsClient(rows(600)))
    expect(log.messages('warning')).toEqual([])
  })
})

describe('max-requests', () => {
  it('fails with the cause when the budget runs out retrying the first page, writing no file', async () => {
    const cause = 'Could not read the visitors analytics (offset 0): HTTP 503, the Mintlify API had a server error.'
    const fake = fakeAnalyticsClient(() => {
      throw new RequestBudgetSpent(1, cause)
    })
    const { report } = await run(fake, { maxRequests: 1 })
    const reason =
      'Could not read the visitors analytics (offset 0): HTTP 503, the Mintlify API had a server error; the request budget (max-requests: 1) was spent on retries; no file was written (out.json is unchanged).'
    expect(report.verdict).toEqual({ outcome: 'failed', result: 'failure', headline: reason, failureReason: reason })
    expect(readdirSync(dir.path)).toEqual([])
  })

  it('names the failure that spent the budget when it runs out on a later page', async () => {
    const cause = 'Could not read the visitors analytics (offset 250): HTTP 429, the rate limit is reached.'
    const fake = fakeAnalyticsClient((query) => {
      if (query.offset === 250) throw new RequestBudgetSpent(5, cause)
      return page(rows(250), true)
    })
    const { report } = await run(fake, { maxRequests: 5 })
    expect(report.verdict.outcome).toBe('partial')
    expect(report.verdict.failureReason).toBe(
      'The export is partial: it stopped at offset 250 because the request budget (max-requests: 5) was spent retrying after: Could not read the visitors analytics (offset 250): HTTP 429, the rate limit is reached.'
    )
  })

  it('stops when the budget is spent and marks the export partial, with the reason', async () => {
    const fake = pagedAnalyticsClient(rows(1000))
    const { report } = await run(fake, { maxRequests: 2 })
    expect(fake.queries.map((q) => q.offset)).toEqual([0, 250])
    expect(report.verdict).toEqual({
      outcome: 'partial',
      result: 'warning',
      headline:
        'Partial export: stopped with more rows left at offset 500 because the request budget (max-requests: 2) was spent; wrote 500 pages in out.json (2 requests), marked partial. Raise max-requests or narrow the date range.',
      failureReason: 'The export is partial: it stopped at offset 500 because the request budget (max-requests: 2) was spent.'
    })
    expect(report.file).toBe('out.json')
    const written = readExport()
    expect(written.partial).toBe(true)
    expect(written.rows).toHaveLength(500)
  })

  it('is not partial when the last allowed request was the last page', async () => {
    const fake = pagedAnalyticsClient(rows(500))
    const { report } = await run(fake, { maxRequests: 2 })
    expect(fake.queries).toHaveLength(2)
    expect(report.verdict.outcome).toBe('exported')
    expect(readExport().partial).toBe(false)
  })

  it('spends no more than one request with max-requests 1', async () => {
    const fake = pagedAnalyticsClient(rows(1000))
    const { report } = await run(fake, { maxRequests: 1 })
    expect(fake.queries).toHaveLength(1)
    expect(report.verdict.outcome).toBe('partial')
    expect(report.verdict.failureReason).toContain('offset 250')
  })
})

describe('data that changes while it is read', () => {
  it('writes a path served on two pages once, and warns', async () => {
    const fake = fakeAnalyticsClient((_, call) =>
      call === 0 ? page([row('/a', 9), row('/b', 8)], true) : page([row('/b', 8), row('/c', 7)], false)
    )
    const { report, log } = await run(fake, { pageSize: 2 })
    expect(readExport().rows.map((r) => r.path)).toEqual(['/a', '/b', '/c'])
    expect(report.rowCount).toBe(3)
    expect(report.duplicates).toBe(1)
    expect(log.messages('warning')).toEqual([
      '1 path was served twice across pages (the data changed while it was read); each is written once.'
    ])
    expect(report.verdict.outcome).toBe('exported')
  })

  it('keeps the first sighting of a duplicated path', async () => {
    const fake = fakeAnalyticsClient((_, call) => (call === 0 ? page([row('/a', 9, 1, 10)], true) : page([row('/a', 99, 1, 100)], false)))
    const { report } = await run(fake, { pageSize: 1 })
    expect(readExport().rows).toEqual([row('/a', 9, 1, 10)])
    expect(report.summary).toEqual({ kind: 'traffic', top: [row('/a', 9, 1, 10)] })
  })

  it('counts several duplicates in one plural warning', async () => {
    const fake = fakeAnalyticsClient((_, call) =>
      call === 0 ? page([row('/a', 3), row('/b', 2), row('/c', 1)], true) : page([row('/a', 3), row('/c', 1), row('/d', 1)], false)
    )
    const { report, log } = await run(fake, { pageSize: 3 })
    expect(report.duplicates).toBe(2)
    expect(log.messages('warning')).toEqual([
      '2 paths were served twice across pages (the data changed while it was read); each is written once.'
    ])
  })

  it('writes a path repeated within one page once as well', async () => {
    const fake = fakeAnalyticsClient(() => page([row('/a', 3), row('/a', 3), row('/b', 1)], false))
    const { report } = await run(fake, { pageSize: 3 })
    expect(readExport().rows.map((r) => r.path)).toEqual(['/a', '/b'])
    expect(report.rowCount).toBe(2)
    expect(report.duplicates).toBe(1)
  })

  it('keeps the first page totals when later pages differ, and warns', async () => {
    const fake = fakeAnalyticsClient((_, call) =>
      call === 0 ? page([row('/a', 1)], true) : page([row('/b', 1)], false, { human: 901, ai: 300, total: 1101 })
    )
    const { report, log } = await run(fake, { pageSize: 1 })
    expect(report.totals).toEqual(TOTALS)
    expect(readExport().totals).toEqual(TOTALS)
    expect(log.messages('warning')).toEqual([
      'The site totals changed between pages (the data changed while it was read); the file and outputs keep the totals of the first page.'
    ])
  })

  it('warns about changed totals once however many pages differ', async () => {
    const fake = fakeAnalyticsClient((query) =>
      page([row(`/p${query.offset}`, 1)], query.offset < 4, { human: query.offset, ai: 0, total: query.offset })
    )
    const { log } = await run(fake, { pageSize: 1 })
    expect(log.messages('warning').filter((m) => m.startsWith('The site totals changed'))).toHaveLength(1)
  })

  it('stops at a page that says more follow but holds no rows, marked partial', async () => {
    const fake = fakeAnalyticsClient((_, call) => (call === 0 ? page(rows(2), true) : page([], true)))
    const { report } = await run(fake, { pageSize: 2 })
    expect(fake.queries).toHaveLength(2)
    expect(report.verdict.outcome).toBe('partial')
    expect(report.verdict.failureReason).toBe(
      'The export is partial: it stopped at offset 2 because the API said more rows follow offset 2 but sent none (stopping rather than spending quota on empty pages).'
    )
    const written = readExport()
    expect(written.partial).toBe(true)
    expect(written.rows).toHaveLength(2)
  })

  it('stops at an empty first page that says more follow', async () => {
    const fake = fakeAnalyticsClient(() => page([], true))
    const { report } = await run(fake)
    expect(fake.queries).toHaveLength(1)
    expect(report.verdict.outcome).toBe('partial')
    expect(report.verdict.failureReason).toContain('more rows follow offset 0 but sent none')
  })
})

describe('an API error', () => {
  const apiError = 'Could not read the visitors analytics (offset 250): HTTP 401, the API key is invalid or expired.'

  it('fails the export, removes the temporary file and writes no file', async () => {
    const fake = fakeAnalyticsClient((query) =>
      later(() => {
        if (query.offset === 250) throw new Error(apiError)
        return page(rows(250), true)
      })
    )
    const { report } = await run(fake)
    const reason =
      'Could not read the visitors analytics (offset 250): HTTP 401, the API key is invalid or expired; no file was written (out.json is unchanged).'
    expect(report.verdict).toEqual({ outcome: 'failed', result: 'failure', headline: reason, failureReason: reason })
    expect(report.file).toBe('')
    // Both requests were sent (and paid for), the failed one included.
    expect(report.requests).toBe(2)
    expect(readdirSync(dir.path)).toEqual([])
  })

  it('leaves an earlier export at the same name untouched', async () => {
    writeFileSync(join(dir.path, 'out.json'), '{"previous":true}\n')
    const fake = fakeAnalyticsClient((query) =>
      later(() => {
        if (query.offset > 0) throw new Error(apiError)
        return page(rows(250), true)
      })
    )
    const { report } = await run(fake)
    expect(report.verdict.outcome).toBe('failed')
    expect(readFileSync(join(dir.path, 'out.json'), 'utf8')).toBe('{"previous":true}\n')
    expect(readdirSync(dir.path)).toEqual(['out.json'])
  })

  it('fails on the first page without totals or a file', async () => {
    const fake = fakeAnalyticsClient(() => {
      throw new Error('Could not read the visitors analytics (offset 0): HTTP 403, the key lacks the read scope.')
    })
    const { report } = await run(fake)
    expect(report.verdict.failureReason).toBe(
      'Could not read the visitors analytics (offset 0): HTTP 403, the key lacks the read scope; no file was written (out.json is unchanged).'
    )
    expect(report.totals).toBeNull()
    expect(report.file).toBe('')
    expect(report.rowCount).toBe(0)
    expect(readdirSync(dir.path)).toEqual([])
  })

  it('fails cleanly when the error comes at once after a page was handed to the file', async () => {
    const fake = fakeAnalyticsClient((query) => {
      if (query.offset === 250) throw new Error(apiError)
      return page(rows(250), true)
    })
    const { report } = await run(fake)
    await later(() => undefined)
    expect(report.verdict.outcome).toBe('failed')
    expect(readdirSync(dir.path)).toEqual([])
  })

  it('names the user output-file in the reason, not the resolved path', async () => {
    const fake = fakeAnalyticsClient(() => {
      throw new Error('boom')
    })
    const { report } = await run(fake, { outputFile: 'reports/v.csv' })
    expect(report.verdict.failureReason).toBe('boom; no file was written (reports/v.csv is unchanged).')
  })
})

describe('rows without a path', () => {
  it('are left out and counted in one warning; the rest is exported', async () => {
    const fake = fakeAnalyticsClient(() => ({ totals: TOTALS, rows: rows(3), hasMore: false, skipped: 2 }))
    const { report, log } = await run(fake)
    expect(report.rowCount).toBe(3)
    expect(log.messages('warning')).toEqual(['2 rows without a path were left out of the export.'])
  })
})

describe('figures outside their domain', () => {
  it('leave the totals out of the file, the report and its outputs, with one warning naming the endpoint and field', async () => {
    const fake = fakeAnalyticsClient(() => ({
      totals: { human: 900, ai: 300, total: 0 },
      rows: rows(3),
      hasMore: false,
      skipped: 0,
      unreadable: ['totals.total']
    }))
    const { report, log } = await run(fake)
    expect(report.totals).toBeNull()
    expect(readExport().totals).toBeNull()
    expect(report.rowCount).toBe(3)
    expect(log.messages('warning')).toEqual([
      'Mintlify answered figures outside their domain (visitors totals.total): they are left out of the file, the summary and the outputs, not printed as facts.'
    ])
  })
})
