import { describe, expect, it } from '@jest/globals'
import { bar } from '../../../src/markdown.js'
import { renderExportSummary } from '../../../src/operations/analytics/summary.js'
import { at } from '../../expect-helpers.js'
import { exportReport, row } from '../../fixtures/analytics-rows.js'

const FULL = '█'
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉']

/** The cells of a GFM table row, split as GitHub does: on every `|` not escaped by a backslash, code spans included. */
function cells(line: string): string[] {
  const parts = line.trim().split(/(?<!\\)\|/)
  return parts.slice(1, -1).map((cell) => cell.trim())
}

/** The table row whose first cell is `first`. */
function rowOf(summary: string, first: string): string[] | undefined {
  return summary
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map(cells)
    .find((c) => c[0] === first)
}

/** The rows of the top-pages table, as cells. */
function topRows(summary: string): string[][] {
  const lines = summary.split('\n')
  const start = lines.indexOf('| Page | Human | AI | Total |')
  if (start === -1) return []
  const body: string[][] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    body.push(cells(line))
  }
  return body
}

/** The summary with code spans cut out: what GitHub renders as markdown and HTML. */
function outsideCodeSpans(text: string): string {
  return text.replace(/`[^`\n]*`/g, '')
}

describe('bar', () => {
  it('is empty for zero', () => {
    expect(bar(0, 100)).toBe('')
  })

  it('is empty for a negative value', () => {
    expect(bar(-5, 100)).toBe('')
  })

  it('is empty when the maximum is zero', () => {
    expect(bar(5, 0)).toBe('')
  })

  it('is 16 full blocks at the maximum', () => {
    expect(bar(100, 100)).toBe(FULL.repeat(16))
  })

  it('never passes 16 blocks for a value above the maximum', () => {
    expect(bar(250, 100)).toBe(FULL.repeat(16))
  })

  it('is 8 full blocks at half the maximum', () => {
    expect(bar(50, 100)).toBe(FULL.repeat(8))
  })

  it.each([1, 2, 3, 4, 5, 6, 7])('ends in a block of %i eighths when the value asks for it', (eighths) => {
    // 128 eighths make the full bar: a value of (8 + k) / 128 of the maximum is one block and k eighths.
    expect(bar(8 + eighths, 128)).toBe(`${FULL}${EIGHTHS[eighths]}`)
  })

  it('rounds to the nearest eighth', () => {
    expect(bar(3.4, 128)).toBe(EIGHTHS[3])
    expect(bar(3.6, 128)).toBe(EIGHTHS[4])
  })

  it('shows at least a sliver for a tiny non-zero value', () => {
    expect(bar(1, 1_000_000)).toBe(EIGHTHS[1])
    expect(bar(0.001, 1)).toBe(EIGHTHS[1])
  })

  it('grows with the value', () => {
    const lengths = [1, 10, 25, 50, 75, 100].map((value) => [...bar(value, 100)].length)
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b))
    expect(new Set(lengths).size).toBeGreaterThan(3)
  })
})

describe('renderExportSummary', () => {
  it('leads with the result, the kind and the headline', () => {
    const lines = renderExportSummary(exportReport(), false).split('\n')
    expect(lines[0]).toBe('### ✅ Docs unique visitors')
    expect(lines[2]).toBe('Exported visitors: 3 pages in docs-visitors.json (1 request).')
  })

  it('names page views for a views export', () => {
    const summary = renderExportSummary(exportReport({ kind: 'views' }), false)
    expect(summary.split('\n')[0]).toBe('### ✅ Docs page views')
    expect(rowOf(summary, 'Page views')).toEqual(['Page views', '1,200', '400', '1,500'])
  })

  it('shows the range in words, with the end excluded', () => {
    expect(renderExportSummary(exportReport(), false)).toContain('**Range:** 2026-03-01 up to (not including) 2026-03-10')
  })

  it("says the API's default range applied without bounds", () => {
    expect(renderExportSummary(exportReport({ range: { from: null, to: null } }), false)).toContain("**Range:** the API's default range")
  })

  it('shows the totals in a table, with thousands separators', () => {
    const summary = renderExportSummary(exportReport({ totals: { human: 1_234_567, ai: 89_012, total: 1_300_000 } }), false)
    expect(summary).toContain('| | Human | AI | Total |\n|---|---:|---:|---:|\n')
    expect(rowOf(summary, 'Unique visitors')).toEqual(['Unique visitors', '1,234,567', '89,012', '1,300,000'])
  })

  it('gives the AI share of the deduplicated total, not of human + AI', () => {
    // 400 of 1,500 is 26.7%; of human + AI (1,600) it would be 25.0%.
    const summary = renderExportSummary(exportReport(), false)
    expect(summary).toContain('**AI share:** 26.7% of the total (a visitor seen as both human and AI counts once in the total).')
  })

  it('leaves out the visitor note for page views', () => {
    const summary = renderExportSummary(exportReport({ kind: 'views', totals: { human: 30, ai: 10, total: 40 } }), false)
    expect(summary).toContain('**AI share:** 25.0% of the total.')
  })

  it('shows a dash for the AI share of an empty range', () => {
    expect(renderExportSummary(exportReport({ totals: { human: 0, ai: 0, total: 0 }, top: [] }), false)).toContain(
      '**AI share:** – of the total'
    )
  })

  it('leaves out totals the API never sent', () => {
    const summary = renderExportSummary(exportReport({ totals: null }), false)
    expect(summary).not.toContain('AI share')
    expect(summary).not.toContain('| | Human | AI | Total |')
  })

  it('lists the top pages with human and AI bars scaled to the largest count', () => {
    const summary = renderExportSummary(exportReport(), false)
    expect(summary).toContain('**Top 3 pages**')
    expect(topRows(summary)).toEqual([
      ['`/quickstart`', `${FULL.repeat(16)} 800`, `${FULL.repeat(4)} 200`, '950'],
      ['`/api/auth`', `${FULL.repeat(6)} 300`, `${FULL.repeat(3)} 150`, '420'],
      ['`/changelog`', `${FULL.repeat(2)} 100`, '0', '100']
    ])
  })

  it('scales bars to AI counts when they are the largest', () => {
    const summary = renderExportSummary(exportReport({ top: [row('/bots', 10, 80, 85)] }), false)
    expect(topRows(summary)).toEqual([['`/bots`', `${FULL.repeat(2)} 10`, `${FULL.repeat(16)} 80`, '85']])
  })

  it('leaves the top pages out when there are none', () => {
    const summary = renderExportSummary(exportReport({ top: [], rowCount: 0 }), false)
    expect(summary).not.toContain('Top')
    expect(summary).not.toContain('| Page |')
  })

  it('says how many pages the top list holds', () => {
    expect(renderExportSummary(exportReport({ top: [row('/one', 1)] }), false)).toContain('**Top 1 pages**')
  })

  it('names the file with the row and request counts', () => {
    expect(renderExportSummary(exportReport({ rowCount: 2_600, requests: 11 }), false)).toContain(
      '**File:** `docs-visitors.json` (2600 rows, 11 requests)'
    )
  })

  it('uses the singular for one row and one request', () => {
    expect(renderExportSummary(exportReport({ rowCount: 1, requests: 1 }), false)).toContain(
      '**File:** `docs-visitors.json` (1 row, 1 request)'
    )
  })

  it('says no file was written after a failure', () => {
    const reason =
      'Could not read the visitors analytics (offset 250): HTTP 401, the API key is invalid or expired; no file was written (docs-visitors.json is unchanged).'
    const summary = renderExportSummary(
      exportReport({
        verdict: { outcome: 'failed', result: 'failure', headline: reason, failureReason: reason },
        file: '',
        totals: null,
        top: [],
        rowCount: 0
      }),
      false
    )
    expect(summary.split('\n')[0]).toBe('### ❌ Docs unique visitors')
    expect(summary).toContain('**File:** none written')
    expect(summary).not.toContain('**File:** `')
  })

  it('marks a partial export with a warning', () => {
    const headline = 'Partial export: stopped with more rows left at offset 500.'
    const summary = renderExportSummary(
      exportReport({ verdict: { outcome: 'partial', result: 'warning', headline, failureReason: headline } }),
      false
    )
    expect(summary.split('\n')[0]).toBe('### ⚠️ Docs unique visitors')
  })

  it('ends with a newline', () => {
    expect(renderExportSummary(exportReport(), false).endsWith('\n')).toBe(true)
  })
})

describe('renderExportSummary with hostile paths and names', () => {
  const hostile = ['@org/team', '<img src=x>', 'a`b', '<!-- docs-agent-action:job x -->', '[click](https://evil.example)', '**bold**']

  it('keeps every hostile path inside one code span of its own cell', () => {
    const summary = renderExportSummary(exportReport({ top: hostile.map((path, i) => row(path, 10 - i, 1, 10 - i)) }), false)
    const first = topRows(summary).map((c) => c[0])
    expect(first).toHaveLength(hostile.length)
    for (const cell of first) expect(cell).toMatch(/^`[^`]+`$/)
    expect(first[0]).toBe('`@org/team`')
    expect(first[1]).toBe('`<img src=x>`')
    expect(first[2]).toBe('`a b`')
  })

  it('renders no hostile path as markup, mention or marker outside code spans', () => {
    const summary = renderExportSummary(exportReport({ top: hostile.map((path) => row(path, 1)) }), false)
    const rendered = outsideCodeSpans(summary)
    expect(rendered).not.toMatch(/<img|<!--|@org|\]\(https:\/\/evil|\*\*bold/)
  })

  it('keeps a path holding a pipe inside its own cell', () => {
    // GitHub splits table rows on every unescaped `|`, code spans included: a raw pipe would move the
    // rest of the path, and any HTML in it, out of the code span into cells of their own.
    const summary = renderExportSummary(exportReport({ top: [row('/a|<img src=x>|b', 5, 1, 5)] }), false)
    const cells = at(topRows(summary), 0, 'top row')
    expect(cells).toHaveLength(4)
    expect(cells[3]).toBe('5')
    expect(cells.slice(1).join(' ')).not.toContain('<img')
  })

  it('escapes a hostile file name in the headline and keeps it in a code span on the file line', () => {
    const file = 'out/@org/team <img src=x>.json'
    const headline = `Exported visitors: 3 pages in ${file} (1 request).`
    const summary = renderExportSummary(
      exportReport({ file, verdict: { outcome: 'exported', result: 'success', headline, failureReason: '' } }),
      false
    )
    const lines = summary.split('\n')
    expect(lines[2]).not.toContain('<img')
    expect(lines[2]).toContain('&lt;img src=x&gt;')
    expect(lines[2]).not.toMatch(/@org/)
    expect(summary).toContain('**File:** `out/@org/team <img src=x>.json`')
  })

  it('folds a multi-line headline into one line', () => {
    const headline = 'first line\n### fake heading\n<script>'
    const summary = renderExportSummary(
      exportReport({ verdict: { outcome: 'failed', result: 'failure', headline, failureReason: headline }, file: '' }),
      false
    )
    expect(summary.split('\n')[2]).toBe('first line ### fake heading &lt;script&gt;')
  })
})

describe('renderExportSummary of what readers wrote', () => {
  const searches = exportReport({
    kind: 'searches',
    totals: null,
    summary: {
      kind: 'searches',
      totalSearches: 120,
      terms: 2,
      withoutClick: { terms: 1, hits: 30 },
      top: [
        { searchQuery: 'sso saml', hits: 30, ctr: 0, topClickedPage: null, lastSearchedAt: null },
        { searchQuery: 'install @admin', hits: 90, ctr: 0.5, topClickedPage: '/install', lastSearchedAt: null }
      ]
    }
  })
  const feedback = exportReport({
    kind: 'feedback',
    totals: null,
    summary: {
      kind: 'feedback',
      entries: 3,
      byStatus: { pending: 2, resolved: 1 },
      pages: [{ path: '/quickstart', entries: 3, thumbsDown: 2 }],
      pendingComments: [{ path: '/quickstart', comment: 'Step 3 <b>fails</b>' }]
    }
  })
  const assistant = exportReport({
    kind: 'assistant',
    totals: null,
    summary: {
      kind: 'assistant',
      conversations: 10,
      unanswered: 4,
      categories: [{ category: 'billing', conversations: 5, unanswered: 4 }],
      pages: [{ page: 'https://docs.example.com/billing', unanswered: 4 }],
      questions: ['How do I export invoices?']
    }
  })

  it('shows counts, page paths and categories, but no search term, comment or question without show-reader-text', () => {
    const text = [searches, feedback, assistant].map((report) => renderExportSummary(report, false)).join('\n')
    expect(text).toContain('**120 searches** for 2 terms; 1 term (30 searches) found nothing worth clicking.')
    expect(text).toContain('| `/quickstart` | 3 | 2 |')
    expect(text).toContain('| `billing` | 5 | 4 |')
    expect(text).toContain('4 unanswered (40.0%)')
    for (const written of ['sso saml', 'install', 'Step 3', 'export invoices']) expect(text).not.toContain(written)
    expect(text.match(/show-reader-text: true/g)).toHaveLength(3)
  })

  it('shows them, escaped, with show-reader-text', () => {
    const text = [searches, feedback, assistant].map((report) => renderExportSummary(report, true)).join('\n')
    expect(text).toContain('| `sso saml` | 30 | 0% | – |')
    expect(text).toContain('How do I export invoices?')
    expect(text).toContain('Step 3 &lt;b&gt;fails&lt;/b&gt;')
    expect(text).not.toContain('<b>')
    // In a code span an @mention pings nobody.
    expect(text).toContain('| `install @admin` | 90 | 50% | `/install` |')
  })
})
