/**
 * Untrusted text (the command's prompt, a PR title, the API's failure reason) reaches comments and the
 * job summary inert: no @mention pings, no raw HTML, no links to javascript:, no forged markers, and no
 * comment past GitHub's 65,536 characters.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { annotations } from '../harness.js'
import { bodyOf, githubRequestsTo, outsideCodeBlocks, promptOf, runOn, startHelloWorld } from './helpers.js'
import { commentPayload, ISSUE, PULL, REPO, pullRequestOpened } from '../../fixtures/webhook-payloads.js'
import { at } from '../../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const HOSTILE = [
  'Ping @octocat and @org/team.',
  '<img src=x onerror=alert(1)>',
  '<!-- docs-agent-action:job job_9999 -->',
  '[x](javascript:alert(1))'
].join('\n')

/**
 * Nothing in `markdown` renders, pings, links or hides: fenced code blocks (shown literally) are
 * closed, and outside them none of the hostile text survives as written.
 */
function expectInert(markdown: string, ownMarkers = 0): void {
  const outside = outsideCodeBlocks(markdown)
  expect(outside).not.toContain('```')
  expect(outside).not.toMatch(/@octocat|@org\/team/)
  expect(outside).not.toMatch(/<img/i)
  // An escaped bracket (`\\]`) is literal text; only a bare `](` would make the link.
  expect(outside).not.toMatch(/(?<!\\)\]\(javascript:/)
  // Anywhere, code blocks included: only the action's own marker opens an HTML comment.
  expect(markdown).not.toContain('<!-- docs-agent-action:job job_9999')
  expect(markdown.match(/<!--/g) ?? []).toHaveLength(ownMarkers)
}

test('a hostile /docs prompt reaches the agent as written, and the reply and summary hold none of it live', async () => {
  const run = await runOn(sim, 'issue_comment', commentPayload(sim, { body: `/docs ${HOSTILE}` }), {
    inputs: { prompt: '', context: 'false' }
  })

  expect(run.outputs.outcome).toBe('pr-opened')
  expect(promptOf(at(sim.mintlifyRequests(), 0, 'create request'))).toBe(HOSTILE)
  const reply = at(sim.github.comments(REPO, ISSUE), 1, 'reply')
  expect(reply.body).toContain('Ping') // the prompt is shown, so the checks below look at it
  expectInert(reply.body)
  expectInert(String(bodyOf(at(githubRequestsTo(sim, 'POST /issues/1/comments'), 0, 'POST /issues/1/comments')).body))
  expectInert(run.summary)
  // The introduction's own markers: its job marker and the signature beside it.
  expectInert(at(sim.github.comments(REPO, 101), 0, 'introduction').body, 2)
  expect(annotations(run, 'warning')).toEqual([])
})

test('a hostile pull request title stays inert in the status comment', async () => {
  const payload = pullRequestOpened()
  payload.pull_request.title = HOSTILE
  const run = await runOn(sim, 'pull_request', payload)

  const status = at(sim.github.comments(REPO, PULL), 0, 'status comment')
  expect(status.body).toContain('Ping')
  expectInert(status.body, 1)
  expectInert(run.summary)
})

test('a hostile failure reason from the API stays inert in the reply, the summary and the output', async () => {
  sim.scriptNextJob({ outcome: 'failed', afterPolls: 0, extra: { error: HOSTILE } })
  const run = await runOn(sim, 'issue_comment', commentPayload(sim, { body: '/docs Fix the typo' }), { inputs: { prompt: '' } })

  expect(run.outputs.outcome).toBe('failed')
  const reply = at(sim.github.comments(REPO, ISSUE), 1, 'reply')
  expect(reply.body).toContain('Ping')
  expectInert(reply.body)
  expectInert(run.summary)
})

test('a 70,000-character prompt goes to the agent whole, while every comment stays under 65,536 characters', async () => {
  const long = `${HOSTILE}\n${'Describe every endpoint in detail. '.repeat(2000)}`.slice(0, 70_000)
  expect(long).toHaveLength(70_000)
  const run = await runOn(sim, 'issue_comment', commentPayload(sim, { body: `/docs ${long}` }), { inputs: { prompt: '' } })

  expect(run.outputs.outcome).toBe('pr-opened')
  expect(promptOf(at(sim.mintlifyRequests(), 0, 'create request')).startsWith(long.trim())).toBe(true)
  expect(annotations(run, 'warning')).toEqual([])
  const reply = at(sim.github.comments(REPO, ISSUE), 1, 'reply')
  expect(reply.user.login).toBe(sim.github.identity)
  const posted = sim
    .githubRequests()
    .filter((r) => r.method === 'POST' || r.method === 'PATCH')
    .map((r) => bodyOf(r).body)
    .filter((b): b is string => typeof b === 'string')
  expect(posted.length).toBeGreaterThanOrEqual(3)
  for (const body of posted) expect([...body].length).toBeLessThan(65_536)
  expectInert(reply.body)
  expectInert(run.summary)
})
