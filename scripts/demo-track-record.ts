/**
 * The demo's track record: merged agent pull requests in the docs repository, labelled as the run that
 * introduced them labels them, and weeks of analytics around their merges in which readers voted the
 * changed pages down less often after the merge, while the rest of the site stayed where it was.
 */
import type { Simulator } from '../simulator/index.js'

const DAY = 86_400_000
const WEEK = 7 * DAY

/** This week's Monday (UTC): the report's run day is today, so the merges are placed in whole weeks before it. */
function thisMonday(): number {
  const day = Math.floor(Date.now() / DAY)
  return (day - ((((day - 4) % 7) + 7) % 7)) * DAY
}

const date = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/**
 * Four merged pull requests in `docs`: #201 (10 weeks ago) and #202 (7 weeks ago, a renamed page) are
 * judged; #203 changed no page; #204 (2 weeks ago) waits for its weeks after the merge. Thumbs: the changed
 * pages 70 down of 170 before, 34 of 170 after; the rest of the site about a fifth down throughout.
 */
export function plantTrackRecord(sim: Simulator, docs: string): void {
  const monday = thisMonday()
  const weeksAgo = (n: number): number => monday - n * WEEK
  sim.analytics.setData({
    paths: 200,
    from: date(Math.min(weeksAgo(20), Date.parse('2026-01-01'))),
    to: date(Math.max(monday + WEEK, Date.parse('2027-01-01')))
  })
  const merged: [number, number, (string | { filename: string; status: 'renamed'; previousFilename: string })[]][] = [
    [201, 10, ['guides/setup.mdx', 'api/authentication.mdx']],
    [202, 7, [{ filename: 'guides/webhooks.mdx', status: 'renamed', previousFilename: 'guides/hooks.mdx' }]],
    [203, 6, ['docs.json']],
    [204, 2, ['guides/billing.mdx']]
  ]
  for (const [number, weeks, files] of merged) {
    sim.github.addIssue(docs, {
      number,
      title: `Docs agent ${number}`,
      pullRequest: true,
      user: 'mintlify[bot]',
      labels: ['docs-agent'],
      files
    })
    sim.github.closePull(docs, number, { merged: true, at: `${date(weeksAgo(weeks) + 2 * DAY)}T15:00:00Z` })
  }
  const votes = (path: string, from: number, down: number, total: number): void =>
    sim.analytics.plantVotes(path, { from: date(from), to: date(from + 4 * WEEK), up: total - down, down })
  votes('/guides/setup', weeksAgo(14), 13, 30)
  votes('/api/authentication', weeksAgo(14), 12, 30)
  votes('/guides/setup', weeksAgo(9), 6, 30)
  votes('/api/authentication', weeksAgo(9), 6, 30)
  votes('/guides/hooks', weeksAgo(11), 45, 110)
  votes('/guides/webhooks', weeksAgo(6), 22, 110)
  sim.analytics.plantVotes('/quickstart', { from: date(weeksAgo(14)), to: date(monday), up: 8_000, down: 2_000 })
  sim.analytics.plantQuestions({
    from: date(weeksAgo(14)),
    to: date(weeksAgo(10)),
    pagePath: '/guides/setup',
    answered: 18,
    unanswered: 12
  })
  sim.analytics.plantQuestions({
    from: date(weeksAgo(9)),
    to: date(weeksAgo(5)),
    pagePath: '/guides/setup',
    answered: 25,
    unanswered: 5,
    cites: ['/guides/setup']
  })
}
