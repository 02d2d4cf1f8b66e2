/**
 * operation: feedback / searches / assistant against the simulator: cursor paging (exactly one request
 * per page), JSON and CSV files with one column per documented field, `row-count`, the default file
 * name, page-size limits per endpoint, and privacy: a reader's email address is written nowhere, and
 * what readers wrote reaches the job summary only with `show-reader-text: true`.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRun } from '../../scripts/run-action.js'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { expectFailedWith, output, runAgainst } from './harness.js'

const WEEK = { 'date-from': '2026-06-08', 'date-to': '2026-06-15' }
const PLANTED_PAGE = '/docs/broken-page'
const DEAD_SEARCH = 'sso saml setup'
const LOST_CATEGORY = 'billing-exports'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
  sim.analytics.plantThumbsDown(PLANTED_PAGE, 4)
  sim.analytics.plantDeadSearch(DEAD_SEARCH, 30)
  sim.analytics.plantUnansweredCategory(LOST_CATEGORY, 5, '/docs/billing')
})
afterEach(async () => {
  await sim.close()
})

function exportRun(operation: string, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAgainst(sim, { inputs: { operation, prompt: '', ...WEEK, ...inputs } })
}

function analyticsRequests(): { path: string; query: Record<string, string> }[] {
  return sim.mintlifyRequests().filter((request) => request.path.startsWith('/v1/analytics/'))
}

function fileOf(run: ActionRun): string {
  return readFileSync(join(run.workspace, output(run, 'file')), 'utf8')
}

/** Every place a run leaves text a reader of the repository could see. */
function visibleText(run: ActionRun): string {
  return [run.log, run.summary, JSON.stringify(run.outputs)].join('\n')
}

describe.each([
  ['feedback', 100],
  ['searches', 100],
  ['assistant', 1000]
])('operation: %s', (operation, maxPage) => {
  test('follows nextCursor page by page into docs-<operation>.json, one request per page', async () => {
    const run = await exportRun(operation, { 'page-size': '7' })

    expect(run.outputs.outcome).toBe('exported')
    expect(output(run, 'file')).toBe(`docs-${operation}.json`)
    const file = JSON.parse(fileOf(run)) as { range: unknown; rows: Record<string, unknown>[]; partial: boolean }
    const rows = Number(output(run, 'row-count'))
    expect(file.rows).toHaveLength(rows)
    expect(file.partial).toBe(false)
    expect(file.range).toEqual({ dateFrom: '2026-06-08', dateTo: '2026-06-15', dateToExclusive: true })
    const requests = analyticsRequests()
    expect(requests).toHaveLength(Math.ceil(rows / 7))
    expect(requests[0]?.query).toEqual({ dateFrom: '2026-06-08', dateTo: '2026-06-15', limit: '7' })
    expect(requests.slice(1).every((request) => typeof request.query.cursor === 'string')).toBe(true)
    expect(new Set(requests.map((request) => request.query.cursor)).size).toBe(requests.length)
  })

  test(`asks for ${maxPage} rows per request when page-size is empty, and refuses more before any request`, async () => {
    const run = await exportRun(operation)
    expect(analyticsRequests()[0]?.query.limit).toBe(String(maxPage))
    expect(run.outputs.outcome).toBe('exported')

    const refused = await exportRun(operation, { 'page-size': String(maxPage + 1) })
    expectFailedWith(
      refused,
      'failed',
      new RegExp(
        `^Input 'page-size' must be a whole number from 1 to ${maxPage} for ${operation} \\(the API's largest page\\); got '${maxPage + 1}'\\.$`
      )
    )
    expect(analyticsRequests()).toHaveLength(1)
  })
})

describe('files', () => {
  test('CSV has one column per documented field (feedback: no contact), quoted where needed', async () => {
    const run = await exportRun('feedback', { 'output-file': 'out/feedback.csv' })
    const lines = fileOf(run).split('\r\n')
    expect(lines[0]).toBe('id,path,createdAt,source,status,helpful,comment,code,filename,lang')
    expect(lines.filter((line) => line.includes(PLANTED_PAGE)).length).toBeGreaterThanOrEqual(28)
    expect(Number(output(run, 'row-count'))).toBe(lines.length - 2)
  })

  test('searches keep totalSearches in the file head and the assistant its sources as JSON in CSV', async () => {
    const searches = JSON.parse(fileOf(await exportRun('searches'))) as {
      totalSearches: number
      rows: { searchQuery: string; ctr: number }[]
    }
    expect(searches.totalSearches).toBeGreaterThan(0)
    expect(searches.rows.find((row) => row.searchQuery === DEAD_SEARCH)?.ctr).toBe(0)

    const assistant = await exportRun('assistant', { 'output-file': 'assistant.csv' })
    const [header, first] = fileOf(assistant).split('\r\n')
    expect(header).toBe('id,timestamp,query,response,responseType,sources,resolutionStatus,queryCategory,pageUrl')
    expect(first).toMatch(/"\[(\{""title"":.*""url"":.*\})?\]"|,\[\],/)
  })
})

describe('dry run', () => {
  test.each(['visitors', 'feedback', 'searches', 'assistant'])(
    '%s: the request plan in the log and summary, no request, no file',
    async (operation) => {
      const run = await exportRun(operation, { 'dry-run': 'true' })
      expect(run.exitCode).toBe(0)
      expect(run.outputs.outcome).toBe('dry-run')
      expect(run.outputs.file).toBe('')
      expect(run.log).toMatch(new RegExp(`Exporting ${operation} of project .* rows per request, at most 100 requests\\.`))
      expect(run.summary).toContain('Dry run: the')
      expect(analyticsRequests()).toEqual([])
      expect(existsSync(join(run.workspace, `docs-${operation}.json`))).toBe(false)
    }
  )
})

describe('privacy', () => {
  test('a reader email address is written nowhere, the file included', async () => {
    const json = await exportRun('feedback')
    const csv = await exportRun('feedback', { 'output-file': 'feedback.csv', 'show-reader-text': 'true' })
    for (const run of [json, csv]) {
      expect(run.outputs.outcome).toBe('exported')
      expect(fileOf(run)).not.toMatch(/@example\.com/)
      expect(visibleText(run)).not.toMatch(/@example\.com/)
    }
    // The simulator did send addresses: the planted thumbs-down entries all carry one.
    expect(fileOf(json)).toContain('This page is wrong')
  })

  test('what readers wrote stays out of the summary and log unless show-reader-text is on; counts and pages stay', async () => {
    const hidden = await exportRun('searches')
    expect(fileOf(hidden)).toContain(DEAD_SEARCH)
    expect(visibleText(hidden)).not.toContain(DEAD_SEARCH)
    expect(hidden.summary).toMatch(/found nothing worth clicking/)
    expect(hidden.summary).toContain('show-reader-text: true')

    const shown = await exportRun('searches', { 'show-reader-text': 'true' })
    expect(shown.summary).toContain(DEAD_SEARCH)
  })

  test('assistant questions and feedback comments follow the same rule; pages and categories are shown', async () => {
    const assistant = await exportRun('assistant')
    expect(assistant.summary).toContain(LOST_CATEGORY)
    expect(assistant.summary).toContain('/docs/billing')
    expect(fileOf(assistant)).toMatch(/"query":/)
    const questions = (JSON.parse(fileOf(assistant)) as { rows: { query: string; resolutionStatus: string }[] }).rows
      .filter((row) => row.resolutionStatus === 'unanswered')
      .map((row) => row.query)
    expect(questions.length).toBeGreaterThan(0)
    for (const question of questions) expect(visibleText(assistant)).not.toContain(question)

    const feedback = await exportRun('feedback')
    expect(feedback.summary).toContain(PLANTED_PAGE)
    expect(visibleText(feedback)).not.toContain('This page is wrong')
    const shown = await exportRun('feedback', { 'show-reader-text': 'true' })
    expect(shown.summary).toContain('This page is wrong')
  })
})
