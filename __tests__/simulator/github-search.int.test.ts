// What the track record reads and writes on the fake GitHub: the issue search of merged, labelled pull
// requests (scoped to one repository, or 422), a pull request's files with renames, and a label added to a
// pull request, created in the repository when it has none of that name.
import { describe, expect, it } from '@jest/globals'
import { SIM_GITHUB_TOKEN, type Simulator } from '../../simulator/index.js'
import { requestSimulator, simulatorPerTest, type SimReply } from './harness.js'

const REPO = 'octo-org/docs'

const { start, current } = simulatorPerTest()

function gh<T>(method: string, path: string, body?: unknown): Promise<SimReply<T>> {
  return requestSimulator<T>(current(), method, path, { authorization: `token ${SIM_GITHUB_TOKEN}`, body })
}

interface SearchItem {
  number: number
  pull_request?: { merged_at: string | null; html_url: string }
}
interface SearchAnswer {
  total_count: number
  items: SearchItem[]
}

function search(q: string, extra = ''): Promise<SimReply<SearchAnswer>> {
  return gh<SearchAnswer>('GET', `/api/v3/search/issues?q=${encodeURIComponent(q)}${extra}`)
}

/** Pull requests 1-4: 1 and 2 merged with the label (on 2026-05-04 and 2026-06-01), 3 merged without it, 4 open with it. */
async function startWithPulls(): Promise<Simulator> {
  const s = await start()
  s.github.addIssue(REPO, { number: 1, title: 'Docs for webhooks', pullRequest: true, labels: ['docs-agent'] })
  s.github.addIssue(REPO, { number: 2, title: 'Docs for SSO', pullRequest: true, labels: ['Docs-Agent', 'sso'] })
  s.github.addIssue(REPO, { number: 3, title: 'Typo', pullRequest: true })
  s.github.addIssue(REPO, { number: 4, title: 'Docs for billing', pullRequest: true, labels: ['docs-agent'] })
  s.github.addIssue(REPO, { number: 5, title: 'An issue', labels: ['docs-agent'] })
  s.github.closePull(REPO, 1, { merged: true, at: '2026-05-04T10:00:00Z' })
  s.github.closePull(REPO, 2, { merged: true, at: '2026-06-01T23:59:59Z' })
  s.github.closePull(REPO, 3, { merged: true, at: '2026-06-02T10:00:00Z' })
  return s
}

describe('GET /search/issues', () => {
  it('finds the merged pull requests with a label (any case), newest created first, each with its merged_at', async () => {
    await startWithPulls()
    const answer = await search(`repo:${REPO} is:pr is:merged label:"docs-agent"`, '&sort=created&order=desc&per_page=100')
    expect(answer.status).toBe(200)
    expect(answer.json.total_count).toBe(2)
    expect(answer.json.items.map((item) => [item.number, item.pull_request?.merged_at])).toEqual([
      [2, '2026-06-01T23:59:59Z'],
      [1, '2026-05-04T10:00:00Z']
    ])
  })

  it.each([
    ['merged:>=2026-06-01', [2]],
    ['merged:>2026-05-04', [2]],
    ['merged:<2026-06-01', [1]],
    ['merged:<=2026-06-01', [2, 1]],
    ['merged:2026-05-04', [1]],
    ['merged:2026-05-01..2026-05-31', [1]]
  ])('reads %s as GitHub does (UTC days)', async (qualifier, numbers) => {
    await startWithPulls()
    const answer = await search(`repo:${REPO} is:pr is:merged label:docs-agent ${qualifier}`)
    expect(answer.json.items.map((item) => item.number)).toEqual(numbers)
  })

  it('answers 422 to a query without repo:, and to a repository the token cannot see', async () => {
    await startWithPulls()
    expect((await search('is:pr is:merged label:docs-agent')).status).toBe(422)
    expect((await search('repo:octo-org/elsewhere is:pr')).status).toBe(422)
    expect((await search(`repo:${REPO} is:pr stars:>5`)).status).toBe(422)
  })

  it('pages by per_page and page, total_count counting every match', async () => {
    const s = await start()
    for (let n = 1; n <= 5; n++) {
      s.github.addIssue(REPO, { number: n, title: `Pull ${n}`, pullRequest: true, labels: ['docs-agent'] })
      s.github.closePull(REPO, n, { merged: true })
    }
    const second = await search(`repo:${REPO} is:pr is:merged`, '&per_page=2&page=2&order=asc')
    expect(second.json.total_count).toBe(5)
    expect(second.json.items.map((item) => item.number)).toEqual([3, 4])
  })
})

describe('POST …/issues/{n}/labels', () => {
  it('puts the label on the pull request and creates it in the repository when it has none of that name', async () => {
    const s = await startWithPulls()
    s.github.addIssue(REPO, { number: 6, title: 'Agent pull request', pullRequest: true })
    expect(s.github.repositoryLabels(REPO)).not.toContain('needs-review')
    const answer = await gh<{ name: string }[]>('POST', `/api/v3/repos/${REPO}/issues/6/labels`, { labels: ['needs-review'] })
    expect(answer.status).toBe(200)
    expect(s.github.labels(REPO, 6)).toEqual(['needs-review'])
    expect(s.github.repositoryLabels(REPO)).toContain('needs-review')
  })

  it('keeps a label once, spelled as the repository has it', async () => {
    const s = await startWithPulls()
    await gh('POST', `/api/v3/repos/${REPO}/issues/4/labels`, { labels: ['DOCS-AGENT'] })
    expect(s.github.labels(REPO, 4)).toEqual(['docs-agent'])
  })

  it('refuses with 403 when labels are forbidden (a token without issues: write)', async () => {
    const s = await startWithPulls()
    s.github.forbid('labels')
    const answer = await gh('POST', `/api/v3/repos/${REPO}/issues/4/labels`, { labels: ['x'] })
    expect(answer.status).toBe(403)
    expect(s.github.repositoryLabels(REPO)).not.toContain('x')
  })
})

describe('planted votes and questions', () => {
  it('spreads exactly the planted thumbs over the days of their span, week by week', async () => {
    const s = await start()
    s.analytics.readerVolume = { ...s.analytics.readerVolume, feedbackPerDay: 0, conversationsPerDay: 0 }
    s.analytics.plantVotes('/guides/setup', { from: '2026-03-02', to: '2026-03-16', up: 60, down: 40 })
    s.analytics.plantVotes('/guides/setup', { from: '2026-03-16', to: '2026-03-30', up: 150, down: 50 })
    const week = async (from: string, to: string) =>
      (
        await requestSimulator<{ feedback: { path: string; thumbsUp: number; thumbsDown: number }[] }>(
          s,
          'GET',
          `/v1/analytics/${s.projectId}/feedback/by-page?dateFrom=${from}&dateTo=${to}&limit=100`,
          { authorization: `Bearer ${s.apiKey}` }
        )
      ).json.feedback
    const before = [...(await week('2026-03-02', '2026-03-09')), ...(await week('2026-03-09', '2026-03-16'))]
    expect(before.reduce((n, row) => n + row.thumbsDown, 0)).toBe(40)
    expect(before.reduce((n, row) => n + row.thumbsUp, 0)).toBe(60)
    expect(await week('2026-03-16', '2026-03-30')).toEqual([
      expect.objectContaining({ path: '/guides/setup', thumbsUp: 150, thumbsDown: 50 })
    ])
  })

  it('plants questions on a page, answered, unanswered and clarifying, with the pages they cite', async () => {
    const s = await start()
    s.analytics.readerVolume = { ...s.analytics.readerVolume, feedbackPerDay: 0, conversationsPerDay: 0 }
    s.analytics.plantQuestions({
      from: '2026-03-02',
      to: '2026-03-09',
      pagePath: '/guides/setup',
      answered: 5,
      unanswered: 3,
      clarifying: 2,
      cites: ['/guides']
    })
    const answer = await requestSimulator<{
      conversations: { responseType: string; resolutionStatus: string; pageUrl: string; sources: { url: string }[] }[]
    }>(s, 'GET', `/v1/analytics/${s.projectId}/assistant?dateFrom=2026-03-02&dateTo=2026-03-09&limit=1000`, {
      authorization: `Bearer ${s.apiKey}`
    })
    const rows = answer.json.conversations
    expect(rows).toHaveLength(10)
    expect(rows.filter((row) => row.responseType === 'clarifying_question')).toHaveLength(2)
    expect(rows.filter((row) => row.resolutionStatus === 'unanswered')).toHaveLength(3)
    expect(new Set(rows.map((row) => row.pageUrl))).toEqual(new Set(['https://docs.example.com/guides/setup']))
    expect(rows[0]?.sources).toEqual([{ title: 'Page /guides', url: 'https://docs.example.com/guides' }])
  })
})
