/**
 * operation: visitors / views against the simulator's analytics endpoints: paging, the file, the
 * outputs, and the quota-aware errors. Every request costs the organisation's hourly quota of 100.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { ActionRun } from '../../scripts/run-action.js'
import { type RecordedRequest, type Simulator, startSimulator } from '../../simulator/index.js'
import { annotations, expectFailedWith, output, runAgainst } from './harness.js'
import { at } from '../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
  sim.analytics.setData({ paths: 1200 })
})
afterEach(async () => {
  await sim.close()
})

function analyticsRequests(): RecordedRequest[] {
  return sim.mintlifyRequests().filter((r) => r.path.startsWith('/v1/analytics/'))
}

function exportRun(inputs: Record<string, string>): Promise<ActionRun> {
  return runAgainst(sim, { inputs: { operation: 'visitors', prompt: '', 'date-from': '2026-03-01', 'date-to': '2026-04-01', ...inputs } })
}

interface JsonExport {
  range: { dateFrom: string | null; dateTo: string | null; dateToExclusive: boolean }
  totals: { human: number; ai: number; total: number }
  rows: { path: string; human: number; ai: number; total: number }[]
  exportedAt: string
  partial: boolean
}

function readJson(run: ActionRun): JsonExport {
  return JSON.parse(readFileSync(join(run.workspace, output(run, 'file')), 'utf8')) as JsonExport
}

async function firstPageTotals(): Promise<JsonExport['totals']> {
  const response = await fetch(`${sim.url}/v1/analytics/${sim.projectId}/visitors?dateFrom=2026-03-01&dateTo=2026-04-01&limit=1`, {
    headers: { authorization: `Bearer ${sim.apiKey}` }
  })
  return ((await response.json()) as { totals: JsonExport['totals'] }).totals
}

describe('paging', () => {
  test('exports 1,200 rows in exactly 5 requests of 250, offsets growing by the limit', async () => {
    const run = await exportRun({})
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('exported')
    const queries = analyticsRequests().map((r) => r.query)
    expect(queries).toEqual(
      [0, 250, 500, 750, 1000].map((offset) => ({ dateFrom: '2026-03-01', dateTo: '2026-04-01', limit: '250', offset: String(offset) }))
    )
    expect(run.outputs['page-count']).toBe('1200')
  })

  test('stops when hasMore is false: 1,000 rows take 4 requests, not a speculative fifth', async () => {
    sim.analytics.setData({ paths: 1000 })
    const run = await exportRun({})
    expect(run.exitCode).toBe(0)
    expect(analyticsRequests()).toHaveLength(4)
  })

  test('page-size sets the limit of every request', async () => {
    const run = await exportRun({ 'page-size': '100' })
    expect(analyticsRequests()).toHaveLength(12)
    expect(new Set(analyticsRequests().map((r) => r.query.limit))).toEqual(new Set(['100']))
    expect(run.outputs['page-count']).toBe('1200')
  })

  test('max-requests stops the export, marks it partial and warns how far it got', async () => {
    const run = await exportRun({ 'max-requests': '2' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('partial')
    expect(analyticsRequests()).toHaveLength(2)
    expect(run.outputs['page-count']).toBe('500')
    expect(readJson(run).partial).toBe(true)
    expect(annotations(run, 'warning')).toEqual([
      expect.stringMatching(
        /^Partial export: stopped with more rows left at offset 500 because the request budget \(max-requests: 2\) was spent/
      )
    ])
    expect(run.outputs['failure-reason']).toMatch(/partial/)
  })

  test('an empty range is one request and an empty, complete file', async () => {
    const run = await exportRun({ 'date-from': '2030-01-01', 'date-to': '2030-02-01' })
    expect(run.exitCode).toBe(0)
    expect(analyticsRequests()).toHaveLength(1)
    expect(run.outputs['page-count']).toBe('0')
    expect(readJson(run)).toMatchObject({ rows: [], partial: false, totals: { human: 0, ai: 0, total: 0 } })
  })
})

describe('the file', () => {
  test('JSON holds range, API totals (never summed), rows, exportedAt and partial, in that order', async () => {
    const run = await exportRun({ 'output-file': 'analytics/visitors.json' })
    const file = readJson(run)
    expect(Object.keys(file)).toEqual(['range', 'totals', 'rows', 'exportedAt', 'partial'])
    expect(file.range).toEqual({ dateFrom: '2026-03-01', dateTo: '2026-04-01', dateToExclusive: true })
    expect(file.totals).toEqual(await firstPageTotals())
    expect(file.totals.total).not.toBe(file.totals.human + file.totals.ai)
    expect(file.rows).toHaveLength(1200)
    expect(new Set(file.rows.map((r) => r.path)).size).toBe(1200)
    expect(file.partial).toBe(false)
    expect(Date.parse(file.exportedAt)).not.toBeNaN()
    expect(run.outputs).toMatchObject({
      file: 'analytics/visitors.json',
      'total-visitors': String(file.totals.total),
      'human-visitors': String(file.totals.human),
      'ai-visitors': String(file.totals.ai)
    })
  })

  test('a .csv name writes CSV with a header, in a folder created for it, and no temporary file left', async () => {
    const run = await exportRun({ 'output-file': 'reports/2026/visitors.csv' })
    expect(run.exitCode).toBe(0)
    const path = join(run.workspace, 'reports/2026/visitors.csv')
    const lines = readFileSync(path, 'utf8').split('\r\n')
    expect(lines[0]).toBe('path,human,ai,total')
    expect(lines.filter((line) => line !== '')).toHaveLength(1201)
    expect(lines[1]).toMatch(/^\/[^,]+,\d+,\d+,\d+$/)
    expect(readdirSync(dirname(path))).toEqual(['visitors.csv'])
  })

  test('a failure mid-export leaves no file under the final name and says so', async () => {
    sim.analytics.setData({ paths: 1200 })
    sim.injectFault({ route: 'analytics', skip: 2, status: 400, message: 'Invalid query parameters' })
    const run = await exportRun({ 'output-file': 'out/visitors.json' })
    expectFailedWith(
      run,
      'failed',
      /^Could not read the visitors analytics \(offset 500\): HTTP 400, .*; no file was written \(out\/visitors\.json is unchanged\)\.$/
    )
    expect(existsSync(join(run.workspace, 'out/visitors.json'))).toBe(false)
    expect(readdirSync(join(run.workspace, 'out'))).toEqual([])
    expect(run.outputs.file).toBe('')
  })
})

describe('correctness under changing data', () => {
  test('a path served twice across pages is written once and counted in a warning', async () => {
    sim.analytics.shiftData({ afterRequests: 1, count: 3 })
    const run = await exportRun({})
    const file = readJson(run)
    expect(new Set(file.rows.map((r) => r.path)).size).toBe(file.rows.length)
    expect(run.outputs['page-count']).toBe(String(file.rows.length))
    expect(annotations(run, 'warning')).toContain(
      '3 paths were served twice across pages (the data changed while it was read); each is written once.'
    )
  })

  test('totals that change between pages give a warning and the first page totals are kept', async () => {
    const before = await firstPageTotals()
    sim.analytics.changeTotals({ afterRequests: 3 })
    const run = await exportRun({})
    expect(annotations(run, 'warning')).toEqual([expect.stringMatching(/site totals changed between pages/)])
    expect(readJson(run).totals).toEqual(before)
  })
})

describe('quota and errors', () => {
  test('a 429 with Retry-After: 1 is asked again after at least a second', async () => {
    sim.injectFault({ route: 'analytics', skip: 1, status: 429, retryAfter: '1' })
    const run = await exportRun({})
    expect(run.exitCode).toBe(0)
    const requests = analyticsRequests()
    expect(requests).toHaveLength(6)
    const retried = at(requests, 1, 'the request answered 429')
    const again = at(requests, 2, 'the request asked again')
    expect(again.at - retried.at).toBeGreaterThanOrEqual(1000)
    expect(again.query.offset).toBe('250')
  })

  test('a Retry-After beyond the timeout ends the run with the time to retry and the quota explained', async () => {
    sim.analytics.quota = 0
    sim.analytics.quotaRetryAfterSeconds = 1800
    const run = await exportRun({ timeout: '5m' })
    expectFailedWith(
      run,
      'failed',
      /^Could not read the visitors analytics \(offset 0\): HTTP 429, the rate limit is reached \(100 analytics requests per organization per hour, shared by all analytics endpoints\).*the API asks to wait 30m 00s, more than the [45]m \d\ds left before the timeout, so retry after \d{4}-\d\d-\d\d \d\d:\d\d UTC; no file was written/
    )
    expect(analyticsRequests()).toHaveLength(1)
  })

  test('views use the views endpoint and the same file shape', async () => {
    const run = await exportRun({ operation: 'views', 'output-file': 'docs-views.json' })
    expect(run.exitCode).toBe(0)
    expect(new Set(analyticsRequests().map((r) => r.path))).toEqual(new Set([`/v1/analytics/${sim.projectId}/views`]))
    expect(readJson(run).rows).toHaveLength(1200)
    expect(run.summary).toContain('page views')
  })
})

describe('range and summary', () => {
  test('Nd dates count days before today (UTC), and the range is logged', async () => {
    // Today is read before and after the run: a run across midnight UTC may use either day.
    const before = Math.floor(Date.now() / 86_400_000)
    const run = await exportRun({ 'date-from': '7d', 'date-to': '0d' })
    const after = Math.floor(Date.now() / 86_400_000)
    const day = (today: number, n: number): string => new Date((today - n) * 86_400_000).toISOString().slice(0, 10)
    const expected = [before, after].map((today) => ({ dateFrom: day(today, 7), dateTo: day(today, 0) }))
    const { dateFrom, dateTo } = at(analyticsRequests(), 0, 'analytics request').query
    expect(expected).toContainEqual({ dateFrom, dateTo })
    expect(run.log).toContain(`for ${dateFrom} up to (not including) ${dateTo}`)
  })

  test('no range: the API default, said so in the log, and no date parameters sent', async () => {
    const run = await exportRun({ 'date-from': '', 'date-to': '' })
    expect(run.log).toContain('No date-from or date-to given: the API applies its default range.')
    const { query } = at(analyticsRequests(), 0, 'analytics request')
    expect(query).not.toHaveProperty('dateFrom')
    expect(query).not.toHaveProperty('dateTo')
  })

  test('the summary has the range, the totals with AI share, 15 top pages with bars, and the file', async () => {
    const run = await exportRun({})
    const file = readJson(run)
    expect(run.summary).toContain('**Range:** 2026-03-01 up to (not including) 2026-04-01')
    expect(run.summary).toContain(`**AI share:** ${((file.totals.ai / file.totals.total) * 100).toFixed(1)}%`)
    const topRows = run.summary.split('\n').filter((line) => line.startsWith('| `/'))
    expect(topRows).toHaveLength(15)
    expect(topRows[0]).toContain(`\`${at(file.rows, 0, 'file row').path}\``)
    expect(topRows[0]).toMatch(/█/)
    expect(run.summary).toContain('**File:** `docs-visitors.json` (1200 rows, 5 requests)')
  })

  const refusals: [string, Record<string, string>, RegExp][] = [
    ['February 30', { 'date-from': '2026-02-30' }, /^Input 'date-from' must be a real date/],
    ['a word for a date', { 'date-to': 'yesterday' }, /^Input 'date-to' must be a real date/],
    [
      'from not before to',
      { 'date-from': '2026-04-01', 'date-to': '2026-04-01' },
      /^Input 'date-from' \(2026-04-01\) must be before 'date-to' \(2026-04-01\), which is exclusive/
    ],
    [
      'page-size 0',
      { 'page-size': '0' },
      /^Input 'page-size' must be a whole number from 1 to 250 for visitors \(the API's largest page\); got '0'\.$/
    ],
    [
      'page-size 251',
      { 'page-size': '251' },
      /^Input 'page-size' must be a whole number from 1 to 250 for visitors \(the API's largest page\); got '251'\.$/
    ],
    ['max-requests 0', { 'max-requests': '0' }, /^Input 'max-requests' must be a whole number of at least 1; got '0'\.$/],
    [
      'an output-file that is a folder',
      { 'output-file': 'analytics/' },
      /^Input 'output-file' names analytics\/, which is a folder: give a file name/
    ]
  ]
  test.each(refusals)('refuses %s before any request', async (_name, inputs, message) => {
    const run = await exportRun(inputs)
    expectFailedWith(run, 'failed', message)
    expect(sim.requests).toHaveLength(0)
  })
})

describe('the request budget counts retries', () => {
  test('max-requests caps requests, not pages: retries spend it too and the export ends partial', async () => {
    // Page 2 fails three times with 503 (retried), so 4 requests buy only the first page.
    sim.injectFault({ route: 'analytics', skip: 1, status: 503, times: 3 })
    const run = await exportRun({ 'max-requests': '4' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('partial')
    expect(analyticsRequests()).toHaveLength(4)
    expect(run.outputs['page-count']).toBe('250')
    expect(readJson(run).partial).toBe(true)
    expect(annotations(run, 'warning')).toEqual([
      expect.stringMatching(
        /because the request budget \(max-requests: 4\) was spent retrying after: Could not read the visitors analytics \(offset 250\): HTTP 503, the Mintlify API had a server error/
      )
    ])
  })
})
