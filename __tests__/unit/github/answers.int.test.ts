/**
 * GitHub's answers as its REST description defines them: a field it marks nullable (a deleted account's
 * `user: null`) is handled where it is read, and an answer the action cannot use is said in one sentence
 * naming the request, its status and the field, never with internal error text. The real GitHub client
 * against routes on 127.0.0.1.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { GitHubApi } from '../../../src/github/api.js'
import { startSimulator, type Simulator } from '../../../simulator/index.js'
import { connectTo, failureOf, preloadToolkit, SIM_REPO } from '../../fixtures/github-client.js'

const FULL_NAME = `${SIM_REPO.owner}/${SIM_REPO.repo}`
const REPLIES = /\/pulls\/7\/comments\/41\/replies$/
const REVIEW_COMMENT = /\/pulls\/comments\/42$/
const INTERNAL = /TypeError|Cannot read properties|is not a function|is not iterable|\bat .+:\d+:\d+/

let sim: Simulator
let api: GitHubApi

const reviewComment = (fields: Record<string, unknown>): Record<string, unknown> => ({
  id: 42,
  body: 'Working on it',
  html_url: `https://github.com/${FULL_NAME}/pull/7#discussion_r42`,
  user: { login: 'docs-bot[bot]' },
  ...fields
})

describe("GitHub's answers, read as the description defines them", () => {
  beforeAll(preloadToolkit)
  beforeEach(async () => {
    sim = await startSimulator()
    api = (await connectTo(sim)).api
  })
  afterEach(async () => {
    await sim.close()
  })

  it('reads a reply in a review thread whose author is a deleted account (user: null)', async () => {
    sim.route('POST', REPLIES, () => ({ status: 201, json: reviewComment({ user: null }) }))
    sim.route('PATCH', REVIEW_COMMENT, () => ({ status: 200, json: reviewComment({ user: null, body: null }) }))
    expect(await api.replyInReviewThread(7, 41, 'Working on it')).toEqual({
      id: 42,
      body: 'Working on it',
      login: '',
      url: `https://github.com/${FULL_NAME}/pull/7#discussion_r42`
    })
    expect((await api.updateReviewComment(42, 'Done')).login).toBe('')
  })

  it('names the request, the status and the field when a reply comes back without its id', async () => {
    sim.route('POST', REPLIES, () => ({ status: 201, json: reviewComment({ id: null }) }))
    const error = await failureOf(api.replyInReviewThread(7, 41, 'Working on it'))
    expect(error.message).toBe(
      `Could not reply to review comment 41: GitHub answered POST /api/v3/repos/${FULL_NAME}/pulls/7/comments/41/replies with 201 and a body the action cannot read (id).`
    )
    expect(error.unreadable).toBe(true)
  })

  it('says a 200 whose body is not JSON is unreadable, for a single answer and for a page', async () => {
    const cut = { status: 200, text: '{"id": 4', contentType: 'application/json' }
    sim.route('PATCH', REVIEW_COMMENT, () => cut)
    sim.route('GET', /\/pulls\/7\/commits$/, () => ({ status: 200, text: '<html>proxy</html>', contentType: 'text/html' }))
    expect((await failureOf(api.updateReviewComment(42, 'Done'))).message).toBe(
      `Could not update review comment 42: GitHub answered PATCH /api/v3/repos/${FULL_NAME}/pulls/comments/42 with 200 and a body the action cannot read (not JSON).`
    )
    expect((await failureOf(api.pullCommits(7))).message).toBe(
      `Could not read the commits of pull request #7: GitHub answered GET /api/v3/repos/${FULL_NAME}/pulls/7/commits with 200 and a body the action cannot read (not JSON).`
    )
  })

  it('tells a field its reading code did not expect as the field, with no internal error text', async () => {
    // The check runs' reading code expects `output`, which the description requires: a body without it.
    sim.route('GET', /\/commits\/[0-9a-f]+\/check-runs$/, () => ({
      status: 200,
      json: { total_count: 1, check_runs: [{ id: 1, name: 'x', output: null }] }
    }))
    const error = await failureOf(api.checkRuns('b'.repeat(40)))
    expect(error.message).toBe(
      `Could not read the check runs of commit bbbbbbb: GitHub answered GET /api/v3/repos/${FULL_NAME}/commits/${'b'.repeat(40)}/check-runs with 200 and a body the action cannot read (title).`
    )
    expect(error.message).not.toMatch(INTERNAL)
  })

  it('still says a request that got no answer failed, naming the cause', async () => {
    const { api: unreachable } = await connectTo(sim, { baseUrl: 'http://127.0.0.1:1/api/v3', timeoutMs: 1 })
    const error = await failureOf(unreachable.pullCommits(7))
    expect(error.message).toMatch(/^Could not read the commits of pull request #7: /)
    expect(error.unreadable).toBe(false)
    expect(error.message).not.toMatch(INTERNAL)
  })
})
