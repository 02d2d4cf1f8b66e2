/**
 * The agent's track record in the weekly report: dist/index.js against the simulator, whose analytics
 * hold weeks of planted thumbs around the merges of labelled pull requests: the pooled verdicts, and which
 * pull requests are judged. Each test states its counts and checks the requests: one search, up to 3 files
 * reads per pull request, one feedback/by-page per week.
 */
import { describe, expect, test } from '@jest/globals'
import { output } from './harness.js'
import { date, impactOf, MONDAY, trackRecordSite, WEEK, weeksAgo, weeksOf } from './track-record-helpers.js'

const { sim, mergedPull, votes, report, analytics, weekReads, gitHub, expectOneSearch } = trackRecordSite()

describe('the pooled verdict', () => {
  test("better: the changed page's thumbs-down share fell from 38/100 to 24/100 while the rest stayed at 200/1,000", async () => {
    mergedPull(7, 6, ['guides/setup.mdx'])
    votes('/guides/setup', 6, 'before', 38, 100)
    votes('/guides/setup', 6, 'after', 24, 100)
    votes('/rest', 6, 'before', 200, 1000)
    votes('/rest', 6, 'after', 200, 1000)
    const run = await report()

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('reported')
    const impact = impactOf(run)
    expect(impact.feedback.verdict).toBe('better')
    expect(impact.feedback.changed.before).toMatchObject({ bad: 38, total: 100 })
    expect(impact.feedback.changed.after).toMatchObject({ bad: 24, total: 100 })
    expect(impact.feedback.rest.before).toMatchObject({ bad: 200, total: 1000 })
    // Ratio of odds ratios (24/76)/(38/62) over (200/800)/(200/800) = 0.515, 95% 0.269-0.986.
    expect(impact.feedback.ratioOfOddsRatios.value).toBeCloseTo(0.5152, 3)
    expect(impact.feedback.ratioOfOddsRatios.interval[1]).toBeLessThan(1)
    expect(run.summary).toContain("#### What the agent's merged pull requests did for readers")
    expect(run.summary).toContain(
      'Across 1 merged pull request (1 page) the thumbs-down share fell from 38% to 24% while the rest of the site stayed at 20%: better (ratio of odds ratios 0.52, 95% 0.27-0.99)'
    )
    expect(run.summary).toContain('```mermaid\nxychart-beta')
    expect(run.summary).toContain('bar [38, 24, 20, 20]')
    expect(JSON.parse(output(run, 'report'))).toMatchObject({ agentImpact: { feedback: { verdict: 'better', pulls: 1, pages: 1 } } })
    // The plan is logged before the first analytics request, the track record's weeks after the other sections.
    expect(run.log).toMatch(/Request plan:[\s\S]*11\. GET feedback\/by-page \S+ limit=100: thumbs by page, one week \(agentImpact\)/)
    expectOneSearch()
    expect(gitHub(/\/pulls\/7\/files$/)).toHaveLength(1)
    expect(weekReads()).toEqual(weeksOf(6))
    expect(analytics('assistant').filter((r) => r.query.dateFrom === date(weeksAgo(10)))).toHaveLength(1)
  })

  test('no clear change: changed pages 40/100 → 50/200 and the rest 200/1,000 → 125/1,000 (ratio 0.875, 95% 0.50-1.54)', async () => {
    mergedPull(7, 6, ['guides/setup.mdx'])
    votes('/guides/setup', 6, 'before', 40, 100)
    votes('/guides/setup', 6, 'after', 50, 200)
    votes('/rest', 6, 'before', 200, 1000)
    votes('/rest', 6, 'after', 125, 1000)
    const run = await report()

    const { feedback } = impactOf(run)
    expect(feedback.verdict).toBe('no clear change')
    // The verdict reads as written in the report output, for an if: condition.
    expect(JSON.parse(output(run, 'report'))).toMatchObject({ agentImpact: { feedback: { verdict: 'no clear change' } } })
    expect(feedback.ratioOfOddsRatios.value).toBeCloseTo(0.875, 4)
    expect(feedback.ratioOfOddsRatios.interval[0]).toBeCloseTo(0.4963, 3)
    expect(feedback.ratioOfOddsRatios.interval[1]).toBeCloseTo(1.5428, 3)
    expect(run.summary).toContain(
      'the thumbs-down share fell from 40% to 25% while the rest of the site went from 20% to 13%: no clear change'
    )
    expectOneSearch()
    expect(weekReads()).toHaveLength(8)
  })

  test('worse: 10/100 → 30/100 on the changed page while the rest stayed at 100/1,000 (ratio 3.86, 95% 1.68-8.88)', async () => {
    mergedPull(7, 6, ['guides/setup.mdx'])
    votes('/guides/setup', 6, 'before', 10, 100)
    votes('/guides/setup', 6, 'after', 30, 100)
    votes('/rest', 6, 'before', 100, 1000)
    votes('/rest', 6, 'after', 100, 1000)
    const run = await report()

    expect(impactOf(run).feedback.verdict).toBe('worse')
    expect(run.summary).toContain(
      'rose from 10% to 30% while the rest of the site stayed at 10%: worse (ratio of odds ratios 3.86, 95% 1.68-8.88)'
    )
    expect(JSON.parse(output(run, 'report'))).toMatchObject({ agentImpact: { feedback: { verdict: 'worse' } } })
    expectOneSearch()
    expect(gitHub(/\/pulls\/7\/files$/)).toHaveLength(1)
    expect(weekReads()).toEqual(weeksOf(6))
  })

  test('not enough data: 12 votes before and 9 after on the changed page, where 30 each are needed', async () => {
    mergedPull(7, 6, ['guides/setup.mdx'])
    votes('/guides/setup', 6, 'before', 6, 12)
    votes('/guides/setup', 6, 'after', 1, 9)
    votes('/rest', 6, 'before', 200, 1000)
    votes('/rest', 6, 'after', 100, 1000)
    const run = await report()

    const impact = impactOf(run)
    expect(impact.feedback.verdict).toBe('not enough data')
    expect(impact.thresholds).toEqual({ feedback: 30, questions: 20 })
    expect(run.summary).toContain('Not enough data yet: 12 votes before and 9 after on the changed pages; 30 each are needed.')
    // The pull request's row shows its counts and intervals, and no verdict.
    expect(impact.pulls[0]?.feedback).toMatchObject({ before: { bad: 6, total: 12 }, after: { bad: 1, total: 9 } })
    expect(impact.pulls[0]?.feedback).not.toHaveProperty('verdict')
    expectOneSearch()
    expect(weekReads()).toEqual(weeksOf(6))
  })
})

describe('which pull requests are judged', () => {
  test('one still inside its after window says "judged on <date>" and costs no analytics request', async () => {
    // Merged 2 weeks ago: its 4 weeks after end 3 weeks from this Monday.
    mergedPull(8, 2, ['guides/setup.mdx'])
    const run = await report()

    const impact = impactOf(run)
    expect(impact.pulls).toEqual([
      expect.objectContaining({ number: 8, standing: 'waiting', judgedOn: date(MONDAY + 3 * WEEK), feedback: null })
    ])
    expect(run.summary).toContain(`No merged pull request can be judged yet: the first is judged on ${date(MONDAY + 3 * WEEK)}`)
    expect(run.summary).toContain(`judged on ${date(MONDAY + 3 * WEEK)}`)
    expectOneSearch()
    expect(weekReads()).toEqual([])
  })

  test('one that changed no page is listed "no page changed" and not judged', async () => {
    mergedPull(9, 6, ['docs.json', 'images/logo.png', 'snippets/card.mdx'])
    const run = await report()

    expect(impactOf(run).pulls[0]).toMatchObject({ number: 9, standing: 'no page changed', pages: [] })
    expect(run.summary).toContain('no page changed: not judged')
    expect(gitHub(/\/pulls\/9\/files$/)).toHaveLength(1)
    expect(weekReads()).toEqual([])
  })

  test('a renamed page counts under its old path before and its new one after; an index page as its folder; pages under docs-path', async () => {
    // A monorepo: the docs live in website/. 30/60 before on /guides/setup, 10/60 after on /guides/install; /api: 5/40 → 5/40.
    mergedPull(10, 6, [
      { filename: 'website/guides/install.mdx', status: 'renamed', previousFilename: 'website/guides/setup.mdx' },
      'website/api/index.mdx',
      'packages/app/README.md'
    ])
    votes('/guides/setup', 6, 'before', 30, 60)
    votes('/guides/install', 6, 'after', 10, 60)
    votes('/api', 6, 'before', 5, 40)
    votes('/api', 6, 'after', 5, 40)
    votes('/rest', 6, 'before', 100, 500)
    votes('/rest', 6, 'after', 100, 500)
    const run = await report({ 'docs-path': 'website' })

    const impact = impactOf(run)
    expect(impact.pulls[0]?.compared).toEqual([
      { before: '/guides/setup', after: '/guides/install' },
      { before: '/api', after: '/api' }
    ])
    expect(impact.feedback.changed.before).toMatchObject({ bad: 35, total: 100 })
    expect(impact.feedback.changed.after).toMatchObject({ bad: 15, total: 100 })
    expect(impact.feedback.rest.before).toMatchObject({ bad: 100, total: 500 })
    expect(run.summary).toContain('`/guides/setup` → `/guides/install`')
    expect(gitHub(/\/pulls\/10\/files$/)).toHaveLength(1)
    expectOneSearch()
    expect(weekReads()).toEqual(weeksOf(6))
  })

  test('a page missing from a week of 100 rows makes its pull request not enough data, naming the week', async () => {
    mergedPull(11, 6, ['guides/setup.mdx'])
    votes('/guides/setup', 6, 'before', 10, 40)
    votes('/guides/setup', 6, 'after', 10, 40)
    // In the first week before the merge, 100 other pages each get 30 votes: more than /guides/setup's 10 that week.
    const crowded = weeksAgo(10)
    for (let i = 0; i < 100; i++)
      sim().analytics.plantVotes(`/busy-${i}`, { from: date(crowded), to: date(crowded + WEEK), up: 25, down: 5 })
    const run = await report()

    const impact = impactOf(run)
    expect(impact.pulls[0]?.feedback).toEqual({
      notEnoughData: `/guides/setup is not among the 100 pages the week of ${date(crowded)} lists`
    })
    expect(impact.weeks.find((week) => week.from === date(crowded))?.feedback).toBe('cut to 100 pages')
    expect(impact.feedback.pulls).toEqual([])
    expect(run.summary).toContain(`not enough data: /guides/setup is not among the 100 pages the week of ${date(crowded)} lists`)
    expectOneSearch()
    expect(weekReads()).toEqual(weeksOf(6))
  })

  test('a page two pull requests changed in overlapping windows is left out of both, and this is said', async () => {
    // #12 merged 8 weeks ago changes /guides/setup and /guides/other; #13 merged 6 weeks ago changes /guides/setup.
    mergedPull(12, 8, ['guides/setup.mdx', 'guides/other.mdx'])
    mergedPull(13, 6, ['guides/setup.mdx'])
    votes('/guides/other', 8, 'before', 20, 50)
    votes('/guides/other', 8, 'after', 10, 50)
    votes('/guides/setup', 8, 'before', 500, 1000)
    const run = await report()

    const impact = impactOf(run)
    expect(impact.overlaps).toEqual([{ path: '/guides/setup', pulls: [12, 13] }])
    expect(impact.pulls.find((pull) => pull.number === 12)?.compared).toEqual([{ before: '/guides/other', after: '/guides/other' }])
    expect(impact.pulls.find((pull) => pull.number === 13)).toMatchObject({ standing: 'left out' })
    expect(impact.feedback.changed.before).toMatchObject({ bad: 20, total: 50 })
    expect(run.summary).toContain('`/guides/setup` was changed by #12 and #13 in overlapping weeks: left out of both.')
    expectOneSearch()
    expect(gitHub(/\/pulls\/1[23]\/files$/)).toHaveLength(2)
    // Only #12 is judged: its 8 weeks.
    expect(weekReads()).toEqual(weeksOf(8))
  })
})
