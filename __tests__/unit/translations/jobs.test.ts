/** translate: true's plan: the stalest languages first within max-jobs, none in review, the stalest pages within max-pages; the diffs capped. */
import { describe, expect, it } from '@jest/globals'
import type { JudgedPair, State } from '../../../src/operations/translations/judge.js'
import { cappedDiff, DIFF_CAP, planJobs, translationPrompt } from '../../../src/operations/translations/jobs.js'
import type { LanguageReport, Review } from '../../../src/operations/translations/report.js'

function page(translation: string, state: State, lag = 1): JudgedPair {
  const since = Array.from({ length: lag }, (_, index) => ({
    sha: `${index}`.repeat(40).slice(0, 40),
    time: 1_700_000_000,
    author: 'w',
    email: 'w@x',
    subject: 's'
  }))
  return {
    scope: '',
    language: translation.split('/')[0] ?? '',
    source: translation.split('/').slice(1).join('/'),
    translation,
    kind: state === 'missing' ? 'missing' : state === 'orphan' ? 'orphan' : 'paired',
    rule: 'path',
    joins: state === 'missing' ? { indexPath: 'pages.0', file: 'docs.json' } : null,
    state,
    since: state === 'current' || state === 'orphan' ? [] : since,
    firstLacking: 1_700_000_000,
    translatedAt: state === 'stale' ? { sha: 'f'.repeat(40), time: 1, author: 'w', email: 'w@x', subject: 't' } : null,
    marker: null
  }
}

function language(code: string, pages: JudgedPair[], review?: Review): LanguageReport {
  return {
    scope: '',
    language: code,
    hidden: false,
    counts: { missing: 0, stale: 0, orphan: 0, current: 0 },
    lag: 0,
    oldest: null,
    pages,
    ...(review ? { review } : {})
  }
}

describe('planJobs', () => {
  const de = language('de', [page('de/a.mdx', 'missing'), page('de/b.mdx', 'stale', 3), page('de/c.mdx', 'current')])
  const fr = language('fr', [page('fr/a.mdx', 'stale')])
  const ja = language('ja', [page('ja/a.mdx', 'orphan'), page('ja/b.mdx', 'current')])

  it('takes the languages in the report’s order (stalest first) up to max-jobs, and says why the rest wait', () => {
    const plan = planJobs([de, fr, ja], { maxJobs: 1, maxPages: 20 })
    expect(plan.jobs.map((job) => [job.language.language, job.pages.map((one) => one.translation)])).toEqual([
      ['de', ['de/a.mdx', 'de/b.mdx']]
    ])
    expect(plan.waiting.map((one) => [one.language.language, one.why])).toEqual([['fr', 'max-jobs 1 reached']])
  })

  it('gives a language in review no job, and the next one its place', () => {
    const plan = planJobs([language('de', de.pages, { pull: 12 }), fr], { maxJobs: 1, maxPages: 20 })
    expect([plan.jobs.map((job) => job.language.language), plan.waiting.map((one) => one.why)]).toEqual([['fr'], ['in review (#12)']])
  })

  it('gives a language whose review is unknown no job either, saying why, and the next one its place', () => {
    const plan = planJobs([language('de', de.pages, { unknown: 'the list was cut' }), fr], { maxJobs: 1, maxPages: 20 })
    expect([plan.jobs.map((job) => job.language.language), plan.waiting]).toEqual([
      ['fr'],
      [
        {
          language: expect.objectContaining({ language: 'de' }),
          why: 'whether its last translations pull request is still open is unknown (the list was cut)',
          unknown: true
        }
      ]
    ])
  })

  it('names at most max-pages pages, counting those left out', () => {
    const [job] = planJobs([de], { maxJobs: 1, maxPages: 1 }).jobs
    expect([job?.pages.map((one) => one.translation), job?.leftOut]).toEqual([['de/a.mdx'], 1])
  })
})

describe('translationPrompt', () => {
  const [job] = planJobs([language('de', [page('de/a.mdx', 'missing'), page('de/b.mdx', 'stale', 2), page('de/c.mdx', 'stale')])], {
    maxJobs: 1,
    maxPages: 20
  }).jobs

  it('holds the action’s words, then every page in one data block, a diff where one was read and a note where not', () => {
    const prompt = translationPrompt(job!, new Map([['de/b.mdx', '-old\n+new <script>']]))
    expect(
      prompt.startsWith(
        "Update the de translation of these pages to match their source; keep the language's terminology and the page structure."
      )
    ).toBe(true)
    expect(prompt).toContain('page 1 navigation: docs.json at pages.0')
    expect(prompt).toContain('page 2 source diff since ffffffffffff:\n| -old\n| +new &lt;script&gt;')
    expect(prompt).toContain('page 3 source diff: not included (the diff cap of this prompt was reached, or the lag is unknown)')
  })

  it('never names a language code in its instruction that could be read as one', () => {
    const [odd] = planJobs([language('x <b>', [page('x/a.mdx', 'missing')])], { maxJobs: 1, maxPages: 1 }).jobs
    expect(translationPrompt(odd!, new Map()).startsWith('Update the this language translation')).toBe(true)
  })
})

describe('cappedDiff', () => {
  it('cuts a diff at the page cap, saying how much was left out', () => {
    expect(cappedDiff('x'.repeat(DIFF_CAP.page + 5))).toBe(`${'x'.repeat(DIFF_CAP.page)}\n… (5 more characters of this diff left out)`)
    expect(cappedDiff('short')).toBe('short')
  })
})
