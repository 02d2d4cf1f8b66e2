/**
 * The agent's track record within max-requests, its questions, and the track record turned off or in a dry
 * run: dist/index.js against the simulator. Each test states its counts and checks the requests.
 */
import { describe, expect, test } from '@jest/globals'
import { annotations, output } from './harness.js'
import { date, impactOf, trackRecordSite, WEEK, weeksAgo, weeksOf } from './track-record-helpers.js'

const { sim, mergedPull, votes, report, analytics, weekReads, gitHub, expectOneSearch } = trackRecordSite()

describe('within max-requests', () => {
  test('the other sections are paid first; weeks the rest cannot pay for are "not fetched", and the outcome is partial', async () => {
    mergedPull(7, 6, ['guides/setup.mdx'])
    votes('/guides/setup', 6, 'before', 38, 100)
    votes('/guides/setup', 6, 'after', 24, 100)
    // The other sections plan 10 requests: 13 leaves 3 weeks, newest first, and nothing for the questions.
    const run = await report({ 'max-requests': '13' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('partial')
    expect(sim().mintlifyRequests().length).toBeLessThanOrEqual(13)
    expect(weekReads()).toEqual(weeksOf(6).slice(0, 3))
    const impact = impactOf(run)
    expect(impact.weeks.filter((week) => week.feedback === 'not fetched').map((week) => week.from)).toEqual(weeksOf(6).slice(3).reverse())
    expect(impact.pulls[0]?.feedback).toEqual({ notEnoughData: `the week of ${date(weeksAgo(10))} was not fetched` })
    expect(JSON.parse(output(run, 'report'))).toMatchObject({ missing: ['agentImpact'] })
    expect(run.summary).toContain('**Not fetched** (max-requests could not pay for them)')
    expect(run.log).toContain('Not paid for by max-requests 13: the weeks of')
    expect(annotations(run, 'warning').join('\n')).toContain('never counted as zero')
  })
})

describe('questions, and a track record turned off or dry', () => {
  test('counts questions that start on a changed page (15/30 → 3/30 unanswered) against those that start elsewhere (40/200 each side)', async () => {
    mergedPull(7, 6, ['guides/setup.mdx'])
    const window = (side: 'before' | 'after'): { from: string; to: string } => {
      const from = side === 'before' ? weeksAgo(10) : weeksAgo(5)
      return { from: date(from), to: date(from + 4 * WEEK) }
    }
    // Clarifying turns are no questions; questions citing the page are counted apart.
    sim().analytics.plantQuestions({ ...window('before'), pagePath: '/guides/setup', answered: 15, unanswered: 15, clarifying: 5 })
    sim().analytics.plantQuestions({ ...window('after'), pagePath: '/guides/setup', answered: 27, unanswered: 3, cites: ['/guides/setup'] })
    sim().analytics.plantQuestions({ ...window('before'), pagePath: null, answered: 160, unanswered: 40 })
    sim().analytics.plantQuestions({ ...window('after'), pagePath: null, answered: 160, unanswered: 40 })
    const run = await report()

    const { questions } = impactOf(run)
    expect(questions.changed.before).toMatchObject({ bad: 15, total: 30 })
    expect(questions.changed.after).toMatchObject({ bad: 3, total: 30 })
    expect(questions.rest.before).toMatchObject({ bad: 40, total: 200 })
    expect(questions.cited).toEqual({ before: 0, after: 30 })
    // Ratio (3/27)/(15/15) over 1 = 0.11, 95% 0.03-0.49.
    expect(questions.verdict).toBe('better')
    expectOneSearch()
    expect(weekReads()).toEqual(weeksOf(6))
    expect(run.summary).toMatch(/\| Unanswered \(questions started on the page\) \| 50% \(15 of 30, 95% 33-67%\) \| 10% \(3 of 30/)
    // The assistant's rows are read once for the whole span: one page here.
    expect(analytics('assistant').filter((r) => r.query.dateFrom === date(weeksAgo(10)))).toHaveLength(1)
  })

  test('an empty agent-label turns it off with one notice, and nothing is searched', async () => {
    mergedPull(7, 6, ['guides/setup.mdx'])
    const run = await report({ 'agent-label': '' })
    expect(run.outputs.outcome).toBe('reported')
    expect(annotations(run, 'notice')).toEqual([
      "Input 'agent-label' is empty: the report has no track record of the agent's pull requests."
    ])
    expect(gitHub(/\/search\/issues$/)).toEqual([])
    expect(run.summary).not.toContain("What the agent's merged pull requests did")
  })

  test('impact-weeks: 0 turns it off quietly', async () => {
    mergedPull(7, 6, ['guides/setup.mdx'])
    const run = await report({ 'impact-weeks': '0' })
    expect(annotations(run, 'notice')).toEqual([])
    expect(gitHub(/\/search\/issues$/)).toEqual([])
    expect(JSON.parse(output(run, 'report'))).toMatchObject({ agentImpact: null })
  })

  test('a dry run reads GitHub and shows the weeks it would fetch, sending nothing to the analytics API', async () => {
    mergedPull(7, 6, ['guides/setup.mdx'])
    const run = await report({ 'dry-run': 'true' })
    expect(run.outputs.outcome).toBe('dry-run')
    expect(sim().mintlifyRequests()).toEqual([])
    expectOneSearch()
    expect(run.summary).toContain(`11. GET feedback/by-page ${weeksOf(6)[0]}..`)
    expect(run.summary).toContain('Track record: 1 judged pull request(s) need 8 week(s): 9 requests or more')
  })
})
