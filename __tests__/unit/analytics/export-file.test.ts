import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DateRange } from '../../../src/date-range.js'
import { csvField, inertFormula } from '../../../src/csv.js'
import { ExportFile, formatOf } from '../../../src/operations/analytics/export-file.js'
import { rangeHead, TRAFFIC_LAYOUT } from '../../../src/operations/analytics/export-kinds.js'
import { at } from '../../expect-helpers.js'
import { row, rows } from '../../fixtures/analytics-rows.js'
import { tempDir } from '../../fixtures/temp-dir.js'

const RANGE: DateRange = { from: '2026-03-01', to: '2026-03-10' }
const TOTALS = { human: 1200, ai: 400, total: 1500 }
const EXPORTED_AT = '2026-03-10T12:00:00.000Z'

/**
 * A small RFC 4180 reader: fields separated by commas, records by CRLF, quoted fields may hold commas,
 * line breaks and doubled quotes. Throws on anything else, so a malformed file fails the test.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let i = 0
  for (;;) {
    let field = ''
    if (text[i] === '"') {
      i++
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field')
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          i++
          break
        }
        field += text[i++]
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote in an unquoted field at ${i}`)
        field += text[i++]
      }
    }
    record.push(field)
    if (text[i] === ',') {
      i++
      continue
    }
    if (text.startsWith('\r\n', i)) {
      records.push(record)
      record = []
      i += 2
      if (i === text.length) return records
      continue
    }
    throw new Error(`expected a comma or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 10))}`)
  }
}

let dir: ReturnType<typeof tempDir>
beforeEach(() => {
  dir = tempDir('export-file-test-')
})
afterEach(() => {
  dir.remove()
})

/** Names in the folder other than `name`: temporary files left behind. */
function leftovers(folder: string, name: string): string[] {
  return readdirSync(folder).filter((entry) => entry !== name)
}

describe('csvField (RFC 4180)', () => {
  it('leaves a plain value as it is', () => {
    expect(csvField('/docs/quickstart')).toBe('/docs/quickstart')
  })

  it('writes numbers as digits', () => {
    expect(csvField(1234)).toBe('1234')
    expect(csvField(0)).toBe('0')
  })

  it('quotes a value with a comma', () => {
    expect(csvField('/a,b')).toBe('"/a,b"')
  })

  it('quotes a value with a quote and doubles the quote', () => {
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
  })

  it('quotes a value with a line feed', () => {
    expect(csvField('a\nb')).toBe('"a\nb"')
  })

  it('quotes a value with a carriage return', () => {
    expect(csvField('a\rb')).toBe('"a\rb"')
  })

  it('leaves spaces and semicolons unquoted', () => {
    expect(csvField('a b;c')).toBe('a b;c')
  })

  it('quotes the empty-looking but awkward value of a lone quote', () => {
    expect(csvField('"')).toBe('""""')
  })
})

describe('inertFormula (spreadsheet formula injection)', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","click")', '\'=HYPERLINK("https://evil.example","click")'],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ["'already quoted", "'already quoted"],
    ['/docs/quickstart', '/docs/quickstart'],
    ['great page = helpful', 'great page = helpful'],
    [' =1', ' =1'],
    ['\n=1', '\n=1'],
    ['', '']
  ])('%j becomes %j', (text, inert) => {
    expect(inertFormula(text)).toBe(inert)
  })
})

describe('formatOf', () => {
  it.each([
    ['docs-visitors.csv', 'csv'],
    ['out/VIEWS.CSV', 'csv'],
    ['report.Csv', 'csv'],
    ['docs-visitors.json', 'json'],
    ['data.csv.json', 'json'],
    ['data.csvx', 'json'],
    ['export', 'json'],
    ['csv', 'json']
  ])('reads %p as %s', (path, format) => {
    expect(formatOf(path)).toBe(format)
  })
})

describe('ExportFile as JSON', () => {
  it('writes { range, totals, rows, exportedAt, partial }, keys in that order', async () => {
    const path = join(dir.path, 'docs-visitors.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows([row('/quickstart', 10, 2, 11), row('/api', 5, 0, 5)])
    await file.finish(false, EXPORTED_AT)

    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
    expect(Object.keys(parsed)).toEqual(['range', 'totals', 'rows', 'exportedAt', 'partial'])
    expect(parsed).toEqual({
      range: { dateFrom: '2026-03-01', dateTo: '2026-03-10', dateToExclusive: true },
      totals: TOTALS,
      rows: [
        { path: '/quickstart', human: 10, ai: 2, total: 11 },
        { path: '/api', human: 5, ai: 0, total: 5 }
      ],
      exportedAt: EXPORTED_AT,
      partial: false
    })
  })

  it('writes each row with its keys in the order path, human, ai, total', async () => {
    const path = join(dir.path, 'out.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows([{ total: 3, ai: 1, path: '/x', human: 2 }])
    await file.finish(false, EXPORTED_AT)
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { rows: Record<string, unknown>[] }
    expect(Object.keys(at(parsed.rows, 0, 'row'))).toEqual(['path', 'human', 'ai', 'total'])
  })

  it('marks a partial export', async () => {
    const path = join(dir.path, 'out.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows([row('/a', 1)])
    await file.finish(true, EXPORTED_AT)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ partial: true })
  })

  it('writes an empty rows array when there are no rows', async () => {
    const path = join(dir.path, 'empty.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: { human: 0, ai: 0, total: 0 } })
    await file.rows([])
    await file.finish(false, EXPORTED_AT)
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
    expect(parsed.rows).toEqual([])
    expect(parsed.totals).toEqual({ human: 0, ai: 0, total: 0 })
  })

  it('writes null bounds when the API default range was used', async () => {
    const path = join(dir.path, 'out.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead({ from: null, to: null }), totals: TOTALS })
    await file.finish(false, EXPORTED_AT)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ range: { dateFrom: null, dateTo: null, dateToExclusive: true } })
  })

  it('appends many pages in order, including empty ones between them', async () => {
    const path = join(dir.path, 'many.json')
    const all = rows(2_600)
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    for (let offset = 0; offset < all.length; offset += 250) {
      await file.rows(all.slice(offset, offset + 250))
      if (offset === 500) await file.rows([])
    }
    await file.finish(false, EXPORTED_AT)
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { rows: unknown[] }
    expect(parsed.rows).toEqual(all)
  })

  it('keeps awkward paths intact', async () => {
    const path = join(dir.path, 'out.json')
    const awkward = ['/a,"b"\nc', '/ünïcødé/😀', '/back\\slash', '</script>']
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows(awkward.map((p) => row(p, 1)))
    await file.finish(false, EXPORTED_AT)
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { rows: { path: string }[] }
    expect(parsed.rows.map((r) => r.path)).toEqual(awkward)
  })

  it('writes text that looks like a formula as it is', async () => {
    const path = join(dir.path, 'formulas.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows([row('=HYPERLINK("x")', 1, 0, 1)])
    await file.finish(false, EXPORTED_AT)
    expect((JSON.parse(readFileSync(path, 'utf8')) as { rows: unknown[] }).rows).toEqual([
      { path: '=HYPERLINK("x")', human: 1, ai: 0, total: 1 }
    ])
  })

  it('refuses to finish a file that was never begun', async () => {
    const path = join(dir.path, 'out.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await expect(file.finish(false, EXPORTED_AT)).rejects.toThrow('ExportFile.finish before begin')
    await file.abort()
    expect(existsSync(path)).toBe(false)
  })
})

describe('ExportFile as CSV', () => {
  it('writes the header path,human,ai,total and one CRLF line per row', async () => {
    const path = join(dir.path, 'docs-visitors.csv')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows([row('/quickstart', 10, 2, 11), row('/api', 5, 0, 5)])
    await file.finish(false, EXPORTED_AT)
    expect(readFileSync(path, 'utf8')).toBe('path,human,ai,total\r\n/quickstart,10,2,11\r\n/api,5,0,5\r\n')
  })

  it('writes the header alone when there are no rows', async () => {
    const path = join(dir.path, 'empty.csv')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.finish(true, EXPORTED_AT)
    expect(readFileSync(path, 'utf8')).toBe('path,human,ai,total\r\n')
  })

  it('quotes awkward paths so that they read back exactly', async () => {
    const path = join(dir.path, 'awkward.csv')
    const awkward = '/docs/a,b "quoted"\nsecond line\r\nthird'
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows([row(awkward, 3, 1, 4), row('/plain', 1, 0, 1), row('"', 0, 0, 0)])
    await file.finish(false, EXPORTED_AT)
    expect(parseCsv(readFileSync(path, 'utf8'))).toEqual([
      ['path', 'human', 'ai', 'total'],
      [awkward, '3', '1', '4'],
      ['/plain', '1', '0', '1'],
      ['"', '0', '0', '0']
    ])
  })

  it('starts text cells that a spreadsheet would run with a quote, leaving numbers as they are', async () => {
    const path = join(dir.path, 'formulas.csv')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows([row('=HYPERLINK("https://evil.example")', -1, 0, 1), row('@SUM(A1)', 2, 0, 2), row('/plain', 1, 0, 1)])
    await file.finish(false, EXPORTED_AT)
    expect(parseCsv(readFileSync(path, 'utf8'))).toEqual([
      ['path', 'human', 'ai', 'total'],
      ['\'=HYPERLINK("https://evil.example")', '-1', '0', '1'],
      ["'@SUM(A1)", '2', '0', '2'],
      ['/plain', '1', '0', '1']
    ])
  })

  it('appends many pages, one record per row', async () => {
    const path = join(dir.path, 'many.csv')
    const all = rows(1_000)
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    for (let offset = 0; offset < all.length; offset += 250) await file.rows(all.slice(offset, offset + 250))
    await file.finish(false, EXPORTED_AT)
    const records = parseCsv(readFileSync(path, 'utf8'))
    expect(records).toHaveLength(1_001)
    expect(records.slice(1)).toEqual(all.map((r) => [r.path, String(r.human), String(r.ai), String(r.total)]))
  })
})

describe('ExportFile on disk', () => {
  it('creates missing parent folders', async () => {
    const path = join(dir.path, 'reports', '2026', 'march', 'visitors.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.finish(false, EXPORTED_AT)
    expect(existsSync(path)).toBe(true)
  })

  it('writes nothing under the final name until finish, and leaves no temporary file after it', async () => {
    const path = join(dir.path, 'out.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows(rows(10))
    expect(existsSync(path)).toBe(false)
    expect(leftovers(dir.path, 'out.json')).toHaveLength(1)
    await file.finish(false, EXPORTED_AT)
    expect(existsSync(path)).toBe(true)
    expect(leftovers(dir.path, 'out.json')).toEqual([])
  })

  it('replaces an existing file at the final name on finish', async () => {
    const path = join(dir.path, 'out.csv')
    writeFileSync(path, 'old export\n')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows([row('/new', 1, 0, 1)])
    expect(readFileSync(path, 'utf8')).toBe('old export\n')
    await file.finish(false, EXPORTED_AT)
    expect(readFileSync(path, 'utf8')).toBe('path,human,ai,total\r\n/new,1,0,1\r\n')
  })

  it('abort removes the temporary file and writes nothing', async () => {
    const path = join(dir.path, 'out.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows(rows(50))
    await file.abort()
    expect(readdirSync(dir.path)).toEqual([])
  })

  it('aborts cleanly while a write is still under way (an API error right after a page)', async () => {
    // The write is not awaited before the abort: whatever happens to it must not crash the action
    // (Jest fails the test on an unhandled rejection or error) and no file may be left.
    const path = join(dir.path, 'out.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    const writing = file.rows(rows(5_000)).catch((error: unknown) => error)
    await file.abort()
    await writing
    expect(readdirSync(dir.path)).toEqual([])
  })

  it('abort before begin removes the temporary file', async () => {
    const path = join(dir.path, 'out.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.abort()
    expect(readdirSync(dir.path)).toEqual([])
  })

  it('abort leaves an existing file at the final name untouched', async () => {
    const path = join(dir.path, 'out.json')
    writeFileSync(path, '{"previous":true}\n')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    await file.begin({ ...rangeHead(RANGE), totals: TOTALS })
    await file.rows(rows(5))
    await file.abort()
    expect(readFileSync(path, 'utf8')).toBe('{"previous":true}\n')
    expect(leftovers(dir.path, 'out.json')).toEqual([])
  })

  it('fails to create a file whose folder is a file, leaving nothing behind', async () => {
    const blocker = join(dir.path, 'blocker')
    writeFileSync(blocker, '')
    await expect(ExportFile.create(join(blocker, 'out.json'), TRAFFIC_LAYOUT)).rejects.toThrow()
    expect(readdirSync(dir.path)).toEqual(['blocker'])
  })

  it('keeps the path it was created with', async () => {
    const folder = join(dir.path, 'sub')
    mkdirSync(folder)
    const path = join(folder, 'x.json')
    const file = await ExportFile.create(path, TRAFFIC_LAYOUT)
    expect(file.path).toBe(path)
    await file.abort()
  })
})
