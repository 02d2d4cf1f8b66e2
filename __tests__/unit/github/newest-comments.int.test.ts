/**
 * Reads are bounded whatever others write: records and the sticky comment are looked for among the newest
 * 1,000 comments of an issue or pull request, at most 10 pages of 100 read from the last back, the last page
 * known from the event's count (else one read of the issue), so no older page is opened. The real GitHub
 * client against the fake GitHub over HTTP, counting the pages it asks for.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { GitHubApi } from '../../../src/github/api.js'
import { lastPageOf } from '../../../src/github/calls/comments.js'
import { DEFAULT_GITHUB_IDENTITY, startSimulator, type Simulator } from '../../../simulator/index.js'
import { connectTo, preloadToolkit, SIM_REPO } from '../../fixtures/github-client.js'

const FULL_NAME = `${SIM_REPO.owner}/${SIM_REPO.repo}`
const PULL = { number: 7, kind: 'pull' } as const

let sim: Simulator
let api: GitHubApi

/** `count` comments by outsiders, then (optionally) ours at the given positions (1-based, in creation order). */
function seed(count: number, ours: readonly number[] = []): void {
  for (let i = 1; i <= count; i++) {
    const user = ours.includes(i) ? DEFAULT_GITHUB_IDENTITY : 'mallory'
    sim.github.addComment(FULL_NAME, 7, { user, body: `comment ${i}` })
  }
}

/** The comment pages read, in order (`page` of each list request), and how many times the issue itself was read. */
function reads(): { pages: number[]; issueReads: number } {
  const requests = sim.githubRequests()
  return {
    pages: requests.filter((r) => r.path.endsWith('/issues/7/comments')).map((r) => Number(r.query.page)),
    issueReads: requests.filter((r) => r.path.endsWith('/issues/7')).length
  }
}

describe('lastPageOf', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['<https://api.github.com/repositories/1/issues/7/comments?per_page=100&page=2>; rel="next"', null],
    [
      '<https://api.github.com/repositories/1/issues/7/comments?per_page=100&page=2>; rel="next", ' +
        '<https://api.github.com/repositories/1/issues/7/comments?per_page=100&page=25>; rel="last"',
      25
    ],
    ['<https://ghe.example.com/api/v3/repos/o/r/issues/7/comments?page=3&per_page=100>; rel="last"', 3],
    ['<https://api.github.com/x?per_page=100>; rel="last"', null],
    ['<https://api.github.com/x?per_page=100&page=0>; rel="last"', null],
    ['<https://api.github.com/x?per_page=100&page=99999999999999999999>; rel="last"', null]
  ])('reads %j as last page %j', (link, page) => {
    expect(lastPageOf(link)).toBe(page)
  })
})

describe('the newest comments of an issue or pull request', () => {
  beforeAll(preloadToolkit)
  beforeEach(async () => {
    sim = await startSimulator()
    sim.github.addIssue(FULL_NAME, { number: 7, title: 'Add the billing page', pullRequest: true })
    api = (await connectTo(sim)).api
  })
  afterEach(async () => {
    await sim.close()
  })

  it('reads one page of a short thread, without reading the issue when the event gave the count', async () => {
    seed(3, [2])
    const own = await api.ownComments(PULL, 3)
    expect(own.map((c) => c.body)).toEqual(['comment 2'])
    expect(own.olderUnread).toBe(false)
    expect(reads()).toEqual({ pages: [1], issueReads: 0 })
  })

  it('reads the issue once for the count when the event gave none', async () => {
    seed(250, [250])
    const own = await api.ownComments(PULL)
    expect(own.map((c) => c.body)).toEqual(['comment 250'])
    expect(reads()).toEqual({ pages: [3, 2, 1], issueReads: 1 })
  })

  it.each([NaN, 2.5, -100, Infinity, 2 ** 60])(
    'reads the issue for the count when the one given, %p, is no count of comments',
    async (count) => {
      seed(250, [250])
      const own = await api.ownComments(PULL, count)
      expect(own.map((c) => c.body)).toEqual(['comment 250'])
      expect(reads()).toEqual({ pages: [3, 2, 1], issueReads: 1 })
    }
  )

  it.each([
    ['without a count', {}],
    ['with a count that is not a number', { comments: 'many' }],
    ['with a count that is not a whole number', { comments: 249.5 }],
    ['with a negative count', { comments: -1 }]
  ])('lets the first page and its Link header decide when the issue is read %s', async (_, fields) => {
    seed(250, [250])
    sim.route('GET', /\/issues\/7$/, () => ({ status: 200, json: { number: 7, title: 'Add the billing page', ...fields } }))
    const own = await api.ownComments(PULL)
    expect(own.map((c) => c.body)).toEqual(['comment 250'])
    expect(own.olderUnread).toBe(false)
    expect(reads().pages).toEqual([1, 3, 2])
  })

  it('reads the one page of a short thread when neither the event nor the issue gives a count', async () => {
    seed(3, [3])
    sim.route('GET', /\/issues\/7$/, () => ({ status: 200, json: { number: 7 } }))
    const own = await api.ownComments(PULL)
    expect(own.map((c) => c.body)).toEqual(['comment 3'])
    expect(reads().pages).toEqual([1])
  })

  it('reads at most 10 pages from the last back when only the Link header tells where the last page is', async () => {
    seed(2_500, [2_450])
    sim.route('GET', /\/issues\/7$/, () => ({ status: 200, json: { number: 7 } }))
    const own = await api.ownComments(PULL)
    expect(own.map((c) => c.body)).toEqual(['comment 2450'])
    expect(own.olderUnread).toBe(true)
    expect(reads().pages).toEqual([1, 25, 24, 23, 22, 21, 20, 19, 18, 17])
  })

  it('reads at most 10 pages of 2,500 comments, from the last back, then the first: ours among the newest 1,000 and the first 100 only', async () => {
    seed(2_500, [50, 1_400, 1_600, 2_450])
    const own = await api.ownComments(PULL, 2_500)
    expect(own.map((c) => c.body)).toEqual(['comment 50', 'comment 1600', 'comment 2450'])
    expect(own.olderUnread).toBe(true)
    expect(reads()).toEqual({ pages: [25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 1], issueReads: 0 })
  })

  it('reads the first page too while older ones are left unread: a record there is found, one in between is not', async () => {
    seed(2_500, [50, 500, 2_000])
    const own = await api.ownComments(PULL, 2_500)
    expect(own.map((c) => c.body)).toEqual(['comment 50', 'comment 2000'])
    expect(own.olderUnread).toBe(true)
    expect(reads().pages).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 1])
  })

  it('reads every page of 1,100 comments, the first last, and says nothing is older', async () => {
    seed(1_100, [1, 150])
    const own = await api.ownComments(PULL, 1_100)
    expect(own.map((c) => c.body)).toEqual(['comment 1', 'comment 150'])
    expect(own.olderUnread).toBe(false)
    expect(reads().pages).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
  })

  it('reads every page of exactly 1,000 comments, and says nothing is older', async () => {
    seed(1_000, [1])
    const own = await api.ownComments(PULL, 1_000)
    expect(own.map((c) => c.body)).toEqual(['comment 1'])
    expect(own.olderUnread).toBe(false)
    expect(reads().pages).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
  })

  it('still reaches the newest comment when the count is stale (comments written since the event), in 10 pages', async () => {
    seed(2_650, [2_401, 2_650])
    const own = await api.ownComments(PULL, 2_400)
    expect(own.map((c) => c.body)).toEqual(['comment 2401', 'comment 2650'])
    expect(own.olderUnread).toBe(true)
    expect(reads()).toEqual({ pages: [24, 27, 26, 25, 23, 22, 21, 20, 19, 18, 1], issueReads: 0 })
  })

  it('reads back from an empty page when the count is too high (comments deleted since the event)', async () => {
    seed(150, [1, 150])
    const own = await api.ownComments(PULL, 420)
    expect(own.map((c) => c.body)).toEqual(['comment 1', 'comment 150'])
    expect(own.olderUnread).toBe(false)
    expect(reads().pages).toEqual([5, 4, 3, 2, 1])
  })

  it('bounds the comments with trusted markers the same way, keeping the order GitHub lists them in', async () => {
    seed(1_500)
    sim.github.addComment(FULL_NAME, 7, { user: 'docs-app[bot]', body: '<!-- docs-agent-action:job job_1 -->' })
    sim.github.addComment(FULL_NAME, 7, { user: DEFAULT_GITHUB_IDENTITY, body: '<!-- docs-agent-action:job job_2 -->' })
    const markers = await api.markerComments(PULL, ['docs-app[bot]'])
    expect(markers.map((c) => [c.login, c.body])).toEqual([
      ['docs-app[bot]', '<!-- docs-agent-action:job job_1 -->'],
      [DEFAULT_GITHUB_IDENTITY, '<!-- docs-agent-action:job job_2 -->']
    ])
    expect(markers.olderUnread).toBe(true)
    expect(reads()).toEqual({ pages: [16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 1], issueReads: 1 })
  })
})
