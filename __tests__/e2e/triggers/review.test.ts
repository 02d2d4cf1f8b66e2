/**
 * Review threads (real payloads): a `pull_request_review_comment` (created) and a `pull_request_review`
 * (submitted) starting with the trigger run like a comment, under the same permission, bot and reaction
 * rules. A review comment's prompt carries its file, lines and diff hunk; its status is a reply in its
 * thread, updated in place, and its reactions go on it. A review has no reactions; its status is a reply
 * on the pull request. On the agent's pull request both are follow-ups to its job.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { PULL, pullRequestOpened, REPO, reviewCommentPayload, reviewPayload } from '../../fixtures/webhook-payloads.js'
import { mark, mintlifyCalls, ownComments, plainText, promptOf, runOn, startHelloWorld } from './helpers.js'
import { at, only } from '../../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const INPUTS = { prompt: '' }

describe('a review comment', () => {
  test('starts a job whose prompt carries the file, line and diff hunk; the status is a reply in its thread', async () => {
    const payload = reviewCommentPayload(sim, { body: '/docs Add an example for this heading' })
    const run = await runOn(sim, 'pull_request_review_comment', payload, { inputs: INPUTS })

    expect(run.outputs.outcome).toBe('pr-opened')
    const prompt = promptOf(
      only(
        sim.mintlifyRequests().filter((request) => request.method === 'POST'),
        'create'
      )
    )
    expect(prompt).toMatch(
      /^Add an example for this heading\n\nThe comment is on line 265 of the file below, in the part of the diff below\.\n<untrusted-data source="review-comment">\n.*\nFile: README\.md\nDiff hunk:\n\| @@ -1 \+1 @@\n\| -# Hello-World\n(?:\| .*\n)*<\/untrusted-data>\n\n---\n/
    )
    const [comment, ...replies] = sim.github.reviewComments(REPO, PULL)
    const reply = only(replies, 'status reply')
    expect(reply.in_reply_to_id).toBe(comment?.id)
    expect(plainText(reply.body)).toContain('opened a pull request')
    expect(comment?.reactions).toEqual(['eyes', 'rocket'])
    // Nothing went to the pull request's conversation but the introduction on the agent's own pull request.
    expect(ownComments(sim, PULL)).toEqual([])
    expect(run.outputs['comment-url']).toBe(reply.html_url)
  })

  test('an edited review comment, or one by an unlisted bot, is skipped without a request', async () => {
    for (const options of [
      { body: '/docs Add an example', action: 'edited' },
      { body: '/docs Add an example', login: 'renovate[bot]', userType: 'Bot' as const }
    ]) {
      const before = sim.requests.length
      const run = await runOn(sim, 'pull_request_review_comment', reviewCommentPayload(sim, options), { inputs: INPUTS })
      expect(run.outputs.outcome).toBe('skipped')
      expect(sim.requests.length).toBe(before)
    }
  })

  test('a reviewer below min-permission gets the refusal in the thread and 😕', async () => {
    sim.github.setPermission(REPO, 'Codertocat', 'read')
    const run = await runOn(sim, 'pull_request_review_comment', reviewCommentPayload(sim, { body: '/docs Add an example' }), {
      inputs: INPUTS
    })

    expect(run.outputs.outcome).toBe('denied')
    expect(mintlifyCalls(sim)).toEqual([])
    const [comment, reply] = sim.github.reviewComments(REPO, PULL)
    expect(reply?.body).toContain('needs the `write` permission')
    expect(comment?.reactions).toEqual(['confused'])
  })
})

describe('a review', () => {
  test('whose body starts with the trigger starts a job; the status is a reply on the pull request, no reactions', async () => {
    const run = await runOn(sim, 'pull_request_review', reviewPayload({ body: '/docs Document the new flag' }), { inputs: INPUTS })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(promptOf(at(sim.mintlifyRequests(), 0, 'create'))).toMatch(/^Document the new flag\n\n---/)
    expect(plainText(only(ownComments(sim, PULL), 'status reply').body)).toContain('opened a pull request')
  })

  test('without the trigger, or dismissed, starts nothing', async () => {
    for (const payload of [reviewPayload({ body: 'Looks good' }), reviewPayload({ body: '/docs go', action: 'dismissed' })]) {
      const run = await runOn(sim, 'pull_request_review', payload, { inputs: INPUTS })
      expect(run.outputs.outcome).toBe('skipped')
    }
    expect(sim.requests).toHaveLength(0)
  })
})

describe("on the agent's pull request", () => {
  test('a review comment and a review are follow-ups to its job', async () => {
    await runOn(sim, 'pull_request', pullRequestOpened())
    const agentPull = 101
    const second = mark(sim)
    const run = await runOn(sim, 'pull_request_review_comment', reviewCommentPayload(sim, { body: '/docs Shorten this', on: agentPull }), {
      inputs: INPUTS
    })
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(mintlifyCalls(sim, second)[0]).toBe('POST /job/job_0001/message')
    expect(sim.jobs.get('job_0001')?.messages).toEqual([
      expect.stringMatching(/^Shorten this\n\nThe comment is on line \d+ of the file below[^]*\nFile: README\.md\n/)
    ])

    const third = mark(sim)
    const review = await runOn(sim, 'pull_request_review', reviewPayload({ body: '/docs Also fix the title', on: agentPull }), {
      inputs: INPUTS
    })
    expect(review.outputs.outcome).toBe('pr-opened')
    expect(mintlifyCalls(sim, third)[0]).toBe('POST /job/job_0001/message')
    expect(sim.jobs.size).toBe(1)
  })
})
