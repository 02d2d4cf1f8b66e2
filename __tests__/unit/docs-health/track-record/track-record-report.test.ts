import { describe, expect, it } from '@jest/globals'
import { assembleImpact, type ImpactFacts, impactHeadline } from '../../../../src/operations/docs-health/track-record/impact.js'
import { describeTrackRecordPlan, planTrackRecord } from '../../../../src/operations/docs-health/track-record/plan.js'
import { type FoundPull, standPulls } from '../../../../src/operations/docs-health/track-record/pulls.js'
import { type ImpactSource, type QuestionRow, readImpactWeeks } from '../../../../src/operations/docs-health/track-record/reads.js'
import type { FeedbackWeek, Readings } from '../../../../src/operations/docs-health/track-record/signals.js'
import { headlineSentence, renderImpactSection } from '../../../../src/operations/docs-health/track-record/summary.js'
import * as statistics from '../../../../src/operations/docs-health/track-record/statistics.js'
import { isoDate, WEEK_MS } from '../../../../src/operations/docs-health/track-record/weeks.js'
import { outsideCodeBlocks } from '../../../fixtures/markdown.js'
import { settled } from '../../../fixtures/settled.js'

/** Friday 2026-11-27; one pull request merged Wednesday 2026-10-07 (week of 2026-10-05), 1 week each side. */
const NOW = Date.parse('2026-11-27T16:00:00Z')
const BEFORE = Date.parse('2026-09-28T00:00:00Z')
const AFTER = Date.parse('2026-10-12T00:00:00Z')

function found(number: number, mergedOn: string, files: string[]): FoundPull {
  return {
    number,
    url: `https://github.com/octo-org/docs/pull/${number}`,
    mergedAt: Date.parse(`${mergedOn}T12:00:00Z`),
    files: files.map((filename) => ({ filename, status: 'modified' })),
    filesCut: false
  }
}

function facts(pulls: FoundPull[], weeks = 1): ImpactFacts {
  return {
    label: 'docs-agent',
    repository: 'octo-org/docs',
    impactWeeks: weeks,
    now: NOW,
    since: '2026-08-28',
    found: pulls.length,
    standings: standPulls(pulls, { weeks, folder: '', now: NOW })
  }
}

const week = (thumbs: Record<string, [number, number]>, cut = false): FeedbackWeek => ({
  thumbs: new Map(Object.entries(thumbs).map(([path, [up, down]]) => [path, { up, down }])),
  cut
})

/** `/setup` bad of total before and after, the rest (`/rest`) likewise: [up, down] per week. */
function readings(setup: [[number, number], [number, number]], rest: [[number, number], [number, number]]): Readings {
  return {
    feedback: new Map([
      [BEFORE, week({ '/setup': setup[0], '/rest': rest[0] })],
      [AFTER, week({ '/setup': setup[1], '/rest': rest[1] })]
    ]),
    questions: new Map([
      [BEFORE, []],
      [AFTER, []]
    ])
  }
}

describe('the headline sentence and the section', () => {
  const one = facts([found(7, '2026-10-07', ['setup.mdx'])])
  const plan = planTrackRecord(one.standings)

  it('says what the share did on the changed pages against the rest, with the verdict and the ratio', () => {
    // 38 of 100 down before, 24 of 100 after; the rest 200 of 1,000 each side.
    const impact = assembleImpact(
      one,
      plan,
      readings(
        [
          [62, 38],
          [76, 24]
        ],
        [
          [800, 200],
          [800, 200]
        ]
      ),
      statistics
    )
    expect(headlineSentence(impact)).toBe(
      'Across 1 merged pull request (1 page) the thumbs-down share fell from 38% to 24% while the rest of the site stayed at 20%: better (ratio of odds ratios 0.52, 95% 0.27-0.99).'
    )
    const section = renderImpactSection(impact).join('\n')
    expect(section).toContain("#### What the agent's merged pull requests did for readers")
    expect(section).toContain(
      '| Thumbs down (votes) | 38% (38 of 100, 95% 29-48%) | 24% (24 of 100, 95% 17-33%) | 20% (200 of 1,000, 95% 18-23%) |'
    )
    expect(section).toContain('```mermaid\nxychart-beta\n')
    expect(section).toContain('  bar [38, 24, 20, 20]')
    // Everything the chart shows is said outside it: a summary that shows the block as code still reads.
    expect(outsideCodeBlocks(section)).toContain('38% (38 of 100')
  })

  it('says how many votes there were and how many are needed when there are too few', () => {
    const impact = assembleImpact(
      one,
      plan,
      readings(
        [
          [6, 6],
          [8, 1]
        ],
        [
          [800, 200],
          [800, 200]
        ]
      ),
      statistics
    )
    expect(headlineSentence(impact)).toBe('Not enough data yet: 12 votes before and 9 after on the changed pages; 30 each are needed.')
  })

  it('says when there is nothing yet, and when the first pull request will be judged', () => {
    const none = facts([])
    expect(
      headlineSentence(
        assembleImpact(
          none,
          planTrackRecord(none.standings),
          readings(
            [
              [0, 0],
              [0, 0]
            ],
            [
              [0, 0],
              [0, 0]
            ]
          ),
          statistics
        )
      )
    ).toBe('No pull request labelled `docs-agent` was merged in octo-org/docs since 2026-08-28: nothing to judge yet.')
    const waiting = facts([found(8, '2026-11-18', ['setup.mdx'])])
    const impact = assembleImpact(waiting, planTrackRecord(waiting.standings), { feedback: new Map(), questions: new Map() }, statistics)
    expect(headlineSentence(impact)).toBe(
      'No merged pull request can be judged yet: the first is judged on 2026-11-30, once its 1 week after the merge are over.'
    )
    expect(renderImpactSection(impact).join('\n')).toContain('| judged on 2026-11-30 |')
  })

  it('says where the 100 rows cut the rest, which weeks were not fetched, and the pages left out for overlapping', () => {
    const two = facts([found(7, '2026-10-07', ['setup.mdx']), found(8, '2026-10-08', ['setup.mdx', 'other.mdx'])])
    const cutReadings: Readings = {
      feedback: new Map([[BEFORE, week({ '/other': [9, 1], '/rest': [5, 5] }, true)]]),
      questions: new Map()
    }
    const section = renderImpactSection(assembleImpact(two, planTrackRecord(two.standings), cutReadings, statistics)).join('\n')
    expect(section).toContain('The weeks of 2026-09-28 list only the 100 pages with the most feedback')
    // The week after was not fetched, and the questions of neither week.
    expect(section).toContain('**Not fetched** (max-requests could not pay for them): the weeks of 2026-09-28, 2026-10-12.')
    expect(section).toContain('| `/setup` | not judged: every page it changed was also changed by #8 in overlapping weeks |')
    expect(section).toContain('`/setup` was changed by #7 and #8 in overlapping weeks: left out of both.')
  })

  it('gives the report output the verdicts and figures, and no page path', () => {
    const impact = assembleImpact(
      one,
      plan,
      readings(
        [
          [62, 38],
          [76, 24]
        ],
        [
          [800, 200],
          [800, 200]
        ]
      ),
      statistics
    )
    const headline = impactHeadline(impact)
    expect(headline).toMatchObject({
      feedback: { verdict: 'better', pulls: 1, pages: 1 },
      questions: { verdict: 'not enough data' },
      waiting: []
    })
    expect(JSON.stringify(headline)).not.toContain('/setup')
  })
})

describe('the plan and the budget', () => {
  const two = facts([found(7, '2026-10-07', ['setup.mdx']), found(8, '2026-10-21', ['other.mdx'])])
  const plan = planTrackRecord(two.standings)

  it('plans one feedback/by-page a week, newest first, then the questions of the whole span', () => {
    // #7 (merged in the week of 2026-10-05): 2026-09-28 before, 2026-10-12 after; #8 (2026-10-19): 2026-10-12 and 2026-10-26.
    expect(plan.weeks.map(isoDate)).toEqual(['2026-10-26', '2026-10-12', '2026-09-28'])
    const lines = describeTrackRecordPlan(plan, 11, { max: 13, left: 2 })
    expect(lines[0]).toBe('11. GET feedback/by-page 2026-10-26..2026-11-02 limit=100: thumbs by page, one week (agentImpact)')
    expect(lines[3]).toBe(
      '14. GET assistant 2026-09-28..2026-11-02 limit=1000, every page: questions of the whole span, bucketed by day (agentImpact)'
    )
    expect(lines.at(-1)).toBe('Not paid for by max-requests 13: the weeks of 2026-09-28 (agentImpact), not fetched.')
  })

  /** A source that answers every week and pages `questionPages` pages of questions, newest first, one a day. */
  function source(questionPages: number): { source: ImpactSource; calls: string[] } {
    const calls: string[] = []
    const rows = (page: number): QuestionRow[] =>
      Array.from({ length: 7 }, (_, i) => ({
        timestamp: new Date(Date.parse('2026-11-01T12:00:00Z') - (page * 7 + i) * 86_400_000).toISOString(),
        responseType: 'answer',
        resolutionStatus: 'answered',
        pageUrl: 'https://docs.acme.dev/setup',
        sources: []
      }))
    return {
      calls,
      source: {
        get requestsSent() {
          return calls.length
        },
        feedbackWeek: (range) =>
          settled(() => {
            calls.push(`by-page ${range.from}`)
            return { rows: [], hasMore: false }
          }),
        questions: (_range, cursor) =>
          settled(() => {
            const page = cursor === null ? 0 : Number(cursor)
            calls.push(`assistant ${page}`)
            return { rows: rows(page), nextCursor: page + 1 < questionPages ? String(page + 1) : null }
          })
      }
    }
  }

  it('reads every week and every page of questions when the budget allows', async () => {
    const { source: fake, calls } = source(5)
    const { readings: read, complete } = await readImpactWeeks(plan, fake, 100, two.standings.touched)
    expect(calls).toEqual([
      'by-page 2026-10-26',
      'by-page 2026-10-12',
      'by-page 2026-09-28',
      'assistant 0',
      'assistant 1',
      'assistant 2',
      'assistant 3',
      'assistant 4'
    ])
    expect(complete).toBe(true)
    expect(read.questions.get(Date.parse('2026-10-26T00:00:00Z'))?.[0]).toEqual({ start: '/setup', cites: [], unanswered: false })
  })

  it('stops where the budget ends: the newest weeks first; questions only for weeks wholly newer than the oldest row read', async () => {
    const { source: fake, calls } = source(5)
    const { readings: read, complete } = await readImpactWeeks(plan, fake, 5, two.standings.touched)
    expect(calls).toEqual(['by-page 2026-10-26', 'by-page 2026-10-12', 'by-page 2026-09-28', 'assistant 0', 'assistant 1'])
    expect(complete).toBe(false)
    // Two pages reach back 14 days from 2026-11-01 (to 2026-10-19): only the week of 2026-10-26 is whole.
    expect([...read.questions.keys()].map(isoDate)).toEqual(['2026-10-26'])
    expect(read.feedback.size).toBe(3)
    const none = await readImpactWeeks(plan, source(5).source, 2, two.standings.touched)
    expect([...none.readings.feedback.keys()].map(isoDate)).toEqual(['2026-10-26', '2026-10-12'])
    expect(none.readings.questions.size).toBe(0)
    expect(BEFORE + WEEK_MS * 2).toBe(AFTER)
  })
})
