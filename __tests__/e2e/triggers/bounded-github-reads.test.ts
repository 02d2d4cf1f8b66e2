/**
 * Whatever GitHub answers: every read bounded, every field as its description defines it. The built
 * dist/index.js against a fake GitHub whose `Link` header's next never advances (every page is the first,
 * and names page 2 as next), and whose review-thread replies come back with `user: null` (a deleted
 * account) or without their id.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { PULL, pullRequestOpened, REPO, reviewCommentPayload } from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { githubCalls, runOn, startHelloWorld } from './helpers.js'
import type { ActionRun } from '../../../scripts/run-action.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const INTERNAL = /TypeError|Cannot read properties|is not a function|is not iterable|\n\s+at .+:\d+:\d+/

/** Every place a run shows text: no internal error text in any. */
function expectNoInternalText(run: ActionRun): void {
  const comments = sim.github.comments(REPO, PULL).map((comment) => comment.body)
  for (const text of [run.log, run.stderr, run.summary, JSON.stringify(run.outputs), ...comments]) expect(text).not.toMatch(INTERNAL)
}

/** Every list of a pull request answered with a `Link` whose next never advances, for as long as it is asked. */
function stickLinks(): void {
  sim.injectFault({ route: 'github-pull-commits', stuckLink: true, times: 100_000 })
  sim.injectFault({ route: 'github-pull-files', stuckLink: true, times: 100_000 })
}

const count = (call: string): number => githubCalls(sim).filter((line) => line === call).length

describe('a Link header whose next never advances', () => {
  test('the docs check of an opened pull request reads its commits and files within their caps, and ends', async () => {
    stickLinks()
    const run = await runOn(sim, 'pull_request', pullRequestOpened(), { inputs: { 'status-context': 'docs' } })

    expect(run.exitCode).toBe(0)
    // Page 1, then page 2, whose next names page 2 again: read once, not until the job is killed.
    expect(count(`GET /pulls/${PULL}/commits`)).toBe(2)
    expect(count(`GET /pulls/${PULL}/files`)).toBe(2)
    expect(githubCalls(sim).length).toBeLessThan(30)
    expectNoInternalText(run)
  })

  test('a dispatch run commenting on pr-number reads within the caps too, and ends', async () => {
    stickLinks()
    const run = await runOn(sim, 'workflow_dispatch', {}, { inputs: { 'pr-number': String(PULL) } })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(count(`GET /pulls/${PULL}/commits`)).toBe(2)
    expect(count(`GET /pulls/${PULL}/files`)).toBe(2)
    expect(githubCalls(sim).length).toBeLessThan(30)
    expectNoInternalText(run)
  })
})

describe("a reply in a review thread, read as GitHub's description defines it", () => {
  const reviewRun = (): Promise<ActionRun> =>
    runOn(sim, 'pull_request_review_comment', reviewCommentPayload(sim, { body: '/docs Add an example for this heading' }), {
      inputs: { prompt: '' }
    })

  test('answered with user: null (a deleted account), it is written and updated with no warning', async () => {
    const deleted = (json: unknown): unknown => ({ ...(json as object), user: null })
    sim.injectFault({ route: 'github-review-reply', rewrite: deleted })
    sim.injectFault({ route: 'github-review-comment-update', rewrite: deleted, times: 10 })
    const run = await reviewRun()

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(annotations(run, 'warning')).toEqual([])
    const [, reply] = sim.github.reviewComments(REPO, PULL)
    expect(reply?.body).toContain('opened a pull request')
    expect(run.outputs['comment-url']).toBe(reply?.html_url)
    expectNoInternalText(run)
  })

  test('answered without its id, one warning says which request gave a body the action cannot read; the run goes on', async () => {
    sim.injectFault({ route: 'github-review-reply', rewrite: (json) => ({ ...(json as object), id: null }) })
    const run = await reviewRun()

    expect(run.outputs.outcome).toBe('pr-opened')
    const [, reply] = sim.github.reviewComments(REPO, PULL)
    expect(annotations(run, 'warning')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Could not reply to review comment ${String(reply?.in_reply_to_id)}: GitHub answered POST /api/v3/repos/${REPO}/pulls/${PULL}/comments/\\d+/replies with 201 and a body the action cannot read \\(id\\)\\.`
        )
      )
    ])
    expectNoInternalText(run)
  })
})
