import { describe, expect, it } from '@jest/globals'
import type { PullRequestFile } from '../../../../src/operations/docs-pages.js'
import { type FoundPull, MAX_JUDGED, standPulls } from '../../../../src/operations/docs-health/track-record/pulls.js'
import {
  countPull,
  type FeedbackWeek,
  pool,
  type Question,
  type Readings
} from '../../../../src/operations/docs-health/track-record/signals.js'
import { WEEK_MS } from '../../../../src/operations/docs-health/track-record/weeks.js'

/** The run's day: Friday 2026-11-27. */
const NOW = Date.parse('2026-11-27T16:00:00Z')
const day = (iso: string): number => Date.parse(`${iso}T12:00:00Z`)
const monday = (iso: string): number => Date.parse(`${iso}T00:00:00Z`)

function pull(number: number, mergedOn: string, files: (string | PullRequestFile)[] | null): FoundPull {
  return {
    number,
    url: `https://github.com/octo-org/docs/pull/${number}`,
    mergedAt: day(mergedOn),
    files: files?.map((file) => (typeof file === 'string' ? { filename: file, status: 'modified' } : file)) ?? null,
    filesCut: false
  }
}

const stand = (found: FoundPull[], weeks = 2, folder = '') => standPulls(found, { weeks, folder, now: NOW })

describe('which merged pull requests are judged', () => {
  it('waits for a pull request whose after window has not ended, saying the Monday it is judged on', () => {
    // Merged Wednesday 2026-11-11 (week of 2026-11-09); 2 weeks after: 2026-11-16 and 2026-11-23, ending 2026-11-30.
    const [waiting] = stand([pull(1, '2026-11-11', ['guides/setup.mdx'])]).pulls
    expect(waiting?.standing).toEqual({ kind: 'waiting', judgedOn: '2026-11-30' })
  })

  it('judges one whose after window ended on the Monday before the run', () => {
    // Merged 2026-11-04 (week of 2026-11-02); after window 2026-11-09..2026-11-23.
    expect(stand([pull(1, '2026-11-04', ['guides/setup.mdx'])]).pulls[0]?.standing).toEqual({ kind: 'judged' })
  })

  it.each([
    ['no page changed', ['docs.json', 'images/a.png', 'snippets/card.mdx'], { kind: 'no page changed' }],
    [
      'only a new page',
      [{ filename: 'new.mdx', status: 'added' }],
      { kind: 'left out', why: expect.stringContaining('only added or removed') }
    ],
    [
      'only a removed page',
      [{ filename: 'old.mdx', status: 'removed' }],
      { kind: 'left out', why: expect.stringContaining('only added or removed') }
    ],
    ['files that could not be read', null, { kind: 'left out', why: 'its files could not be read' }]
  ] as const)('does not judge a pull request with %s', (_name, files, standing) => {
    expect(stand([pull(1, '2026-10-07', files === null ? null : [...files])]).pulls[0]?.standing).toEqual(standing)
  })

  it('compares a renamed page under its old path before and its new path after, and an index page as its folder', () => {
    const [judged] = stand([
      pull(1, '2026-10-07', [
        { filename: 'guides/install.mdx', status: 'renamed', previousFilename: 'guides/setup.mdx' },
        'guides/index.mdx',
        'index.mdx'
      ])
    ]).pulls
    expect(judged?.compared).toEqual([
      { before: '/guides/setup', after: '/guides/install' },
      { before: '/guides', after: '/guides' },
      { before: '/', after: '/' }
    ])
  })

  it('maps the pages of a monorepo under docs-path, and leaves out what is outside it', () => {
    const [judged] = stand([pull(1, '2026-10-07', ['website/docs/guides/setup.mdx', 'README.md', 'src/app.ts'])], 2, 'website/docs/').pulls
    expect(judged?.compared).toEqual([{ before: '/guides/setup', after: '/guides/setup' }])
  })

  it(`judges only the ${MAX_JUDGED} most recently merged`, () => {
    const found = Array.from({ length: MAX_JUDGED + 2 }, (_, i) => pull(i + 1, '2026-09-02', [`page-${i + 1}.mdx`]))
    const { pulls } = stand(found)
    expect(pulls.filter((p) => p.standing.kind === 'judged')).toHaveLength(MAX_JUDGED)
    expect(pulls.filter((p) => p.standing.kind === 'left out').map((p) => p.number)).toEqual([2, 1])
  })

  it('leaves a page changed by two judged pull requests in overlapping windows out of both, and says so', () => {
    const { pulls, overlaps } = stand([pull(1, '2026-09-16', ['a.mdx', 'b.mdx']), pull(2, '2026-09-30', ['a.mdx'])])
    expect(overlaps).toEqual([{ path: '/a', pulls: [1, 2] }])
    expect(pulls.find((p) => p.number === 1)?.compared).toEqual([{ before: '/b', after: '/b' }])
    expect(pulls.find((p) => p.number === 2)?.standing).toEqual({
      kind: 'left out',
      why: 'every page it changed was also changed by #1 in overlapping weeks'
    })
  })

  it('keeps a page two pull requests changed when their windows do not overlap', () => {
    const { overlaps } = stand([pull(1, '2026-08-05', ['a.mdx']), pull(2, '2026-10-14', ['a.mdx'])], 1)
    expect(overlaps).toEqual([])
  })
})

/** Thumbs of one week by page: [up, down]; `cut` when the week's answer said hasMore. */
function week(thumbs: Record<string, [number, number]>, cut = false): FeedbackWeek {
  return { thumbs: new Map(Object.entries(thumbs).map(([path, [up, down]]) => [path, { up, down }])), cut }
}

describe('counting thumbs and questions around each merge', () => {
  // Merged 2026-10-07 (week of 2026-10-05), 1 week each side: before 2026-09-28, after 2026-10-12.
  const standings = stand(
    [pull(1, '2026-10-07', [{ filename: 'new.mdx', status: 'renamed', previousFilename: 'old.mdx' }]), pull(2, '2026-11-18', ['b.mdx'])],
    1
  )
  const before = monday('2026-09-28')
  const after = monday('2026-10-12')

  it("counts a renamed page's old path before and its new path after; the rest is every page no pull request touched", () => {
    const readings: Readings = {
      feedback: new Map([
        [before, week({ '/old': [6, 4], '/new': [100, 100], '/b': [0, 50], '/rest': [80, 20] })],
        [after, week({ '/new': [9, 1], '/old': [100, 100], '/rest': [70, 30] })]
      ]),
      questions: new Map()
    }
    expect(
      countPull(
        standings.pulls.find((p) => p.number === 1)!,
        'feedback',
        readings
      )
    ).toEqual({
      counted: true,
      changed: { before: { bad: 4, total: 10 }, after: { bad: 1, total: 10 } },
      cited: { before: 0, after: 0 }
    })
    const pooled = pool('feedback', standings, readings)
    expect(pooled.pulls).toEqual([1])
    expect(pooled.rest).toEqual({ before: { bad: 20, total: 100 }, after: { bad: 30, total: 100 } })
  })

  it('counts a page absent from a complete week as no votes, and is not enough data when a cut week leaves it out', () => {
    const complete: Readings = {
      feedback: new Map([
        [before, week({})],
        [after, week({ '/new': [1, 1] })]
      ]),
      questions: new Map()
    }
    expect(countPull(standings.pulls[1]!, 'feedback', complete)).toMatchObject({ counted: true, changed: { before: { total: 0 } } })
    const cut: Readings = {
      feedback: new Map([
        [before, week({ '/x': [5, 5] }, true)],
        [after, week({ '/new': [1, 1] })]
      ]),
      questions: new Map()
    }
    expect(countPull(standings.pulls[1]!, 'feedback', cut)).toEqual({
      counted: false,
      why: '/old is not among the 100 pages the week of 2026-09-28 lists'
    })
    expect(pool('feedback', standings, cut).pulls).toEqual([])
  })

  it('is not enough data for a week not fetched, naming it', () => {
    const readings: Readings = { feedback: new Map([[after, week({})]]), questions: new Map() }
    expect(countPull(standings.pulls[1]!, 'feedback', readings)).toEqual({ counted: false, why: 'the week of 2026-09-28 was not fetched' })
  })

  it('counts questions started on the page, unanswered ones as bad; questions citing it are counted apart; elsewhere is the rest', () => {
    const question = (start: string | null, unanswered: boolean, cites: string[] = []): Question => ({ start, unanswered, cites })
    const readings: Readings = {
      feedback: new Map(),
      questions: new Map([
        [before, [question('/old', true), question('/old', false), question(null, true), question('/b', true, ['/old'])]],
        [after, [question('/new', false), question(null, false), question(null, false, ['/new'])]]
      ])
    }
    const pooled = pool('questions', standings, readings)
    expect(pooled.changed).toEqual({ before: { bad: 1, total: 2 }, after: { bad: 0, total: 1 } })
    expect(pooled.rest).toEqual({ before: { bad: 1, total: 1 }, after: { bad: 0, total: 2 } })
    expect(pooled.cited).toEqual({ before: 1, after: 1 })
  })

  it('counts each week of the rest once per side, however many pull requests share it', () => {
    const twins = stand([pull(1, '2026-10-07', ['a.mdx']), pull(2, '2026-10-08', ['b.mdx'])], 1)
    const readings: Readings = {
      feedback: new Map([
        [before, week({ '/a': [1, 1], '/b': [1, 1], '/rest': [9, 1] })],
        [after, week({ '/a': [1, 1], '/b': [1, 1], '/rest': [8, 2] })]
      ]),
      questions: new Map()
    }
    const pooled = pool('feedback', twins, readings)
    expect(pooled.pulls).toEqual([2, 1])
    expect(pooled.changed).toEqual({ before: { bad: 2, total: 4 }, after: { bad: 2, total: 4 } })
    expect(pooled.rest).toEqual({ before: { bad: 1, total: 10 }, after: { bad: 2, total: 10 } })
    expect(before + WEEK_MS * 2).toBe(after)
  })
})
