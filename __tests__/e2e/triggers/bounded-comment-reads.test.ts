/**
 * Reads are bounded whatever others write: on a pull request with 2,500 comments the run looks for its
 * sticky status comment among the newest 1,000 only, at most 10 pages of 100 read from the last back (the
 * count from the event, so no older page is opened), and still finds and updates it. A count that neither
 * the event nor the issue gives is never guessed: the first page and its `Link` header decide.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { type Mark, mark, ownComments, plainText, runOn, startHelloWorld } from './helpers.js'
import { PULL, REPO, pullRequestOpened } from '../../fixtures/webhook-payloads.js'
import { only } from '../../expect-helpers.js'
import { askedAsServed, rewriteServed } from '../../fixtures/rewritten-answers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** Outsiders' comments on the pull request, as many as it takes to reach `total`. */
function commentUntil(total: number): void {
  for (let i = sim.github.comments(REPO, PULL).length; i < total; i++)
    sim.github.addComment(REPO, PULL, { user: 'mallory', body: `comment ${i + 1}` })
}

/** The pull_request opened event, saying the pull request has `comments` comments. */
function openedWith(comments: number): ReturnType<typeof pullRequestOpened> {
  const payload = pullRequestOpened()
  Object.assign(payload.pull_request, { comments })
  return payload
}

const ISSUE_PATH = `/api/v3/repos/${REPO}/issues/${PULL}`

/** The pages of the pull request's comments the run read (as asked for), and its reads of the issue itself. */
function commentReads(since: Mark): { pages: string[]; issueReads: number } {
  const requests = sim.githubRequests().slice(since.github)
  return {
    pages: requests.filter((r) => r.method === 'GET' && r.path === `${ISSUE_PATH}/comments`).map((r) => String(r.query.page)),
    issueReads: requests.filter((r) => r.method === 'GET' && r.path === ISSUE_PATH && !askedAsServed(r)).length
  }
}

/** GitHub's issue read, as the simulator serves it, with `comments` set to `count` (or left out when undefined). */
function issueServedWithCount(count: unknown): void {
  rewriteServed(sim, new RegExp(`^${ISSUE_PATH}$`), (issue) => ({ ...issue, comments: count }))
}

describe('a pull request with 2,500 comments', () => {
  test.each([
    ['the count the event gives', 2_500],
    ['a stale count (comments written since the event)', 2_300]
  ])(
    'reads at most 10 pages of comments from the last back, then the first, and updates its sticky comment, with %s',
    async (_, eventCount) => {
      commentUntil(2_400)
      await runOn(sim, 'pull_request', openedWith(2_400))
      const sticky = only(ownComments(sim, PULL), 'sticky status comment')
      commentUntil(2_500)

      const second = mark(sim)
      const run = await runOn(sim, 'pull_request', openedWith(eventCount))

      expect(run.exitCode).toBe(0)
      const reads = commentReads(second)
      // While older comments are left unread, the first page is read too (its sticky comment and early records).
      expect(reads.pages.length).toBeLessThanOrEqual(11)
      expect(reads.pages).toContain('25')
      expect(reads.pages.at(-1)).toBe('1')
      expect(reads.pages).not.toContain('2')
      expect(reads.issueReads).toBe(0)
      const updated = only(ownComments(sim, PULL), 'sticky status comment')
      expect(updated.id).toBe(sticky.id)
      expect(plainText(updated.body)).toContain('The docs agent opened a pull request')
      expect(updated.body).toContain(run.outputs['pr-link'])
      expect(sim.github.comments(REPO, PULL)).toHaveLength(2_500)
    }
  )
})

describe('a pull request whose comment count neither the event nor the issue gives', () => {
  test.each([
    ['missing', undefined],
    ['in text', '250'],
    ['a fraction', 249.5]
  ])('finds and updates its sticky comment by the first page and its Link header, with the count %s', async (_, count) => {
    commentUntil(150)
    await runOn(sim, 'pull_request', openedWith(150))
    const sticky = only(ownComments(sim, PULL), 'sticky status comment')
    commentUntil(250)
    issueServedWithCount(count)
    const payload = pullRequestOpened()
    Object.assign(payload.pull_request, { comments: count })

    const second = mark(sim)
    const run = await runOn(sim, 'pull_request', payload)

    expect(run.exitCode).toBe(0)
    // Pages 1, then 3 (the last the Link header names), then back: never a guessed page.
    expect(commentReads(second)).toEqual({ pages: ['1', '3', '2'], issueReads: 1 })
    const updated = only(ownComments(sim, PULL), 'sticky status comment')
    expect(updated.id).toBe(sticky.id)
    expect(plainText(updated.body)).toContain('The docs agent opened a pull request')
    expect(sim.github.comments(REPO, PULL)).toHaveLength(250)
  })
})
