/**
 * When GitHub misbehaves the job still runs and reports: no guessing whose comments are ours, no
 * waiting on GitHub past the 5 s the runner allows after a cancel.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { PULL, pullRequestOpened, REPO } from '../../scripts/webhook-payloads.js'
import type { Simulator } from '../../simulator/index.js'
import { annotations, expectFailedWith } from './harness.js'
import { runOn, startHelloWorld } from './triggers/helpers.js'
import { at } from '../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

test('when the token identity cannot be told, no comment is trusted as ours: the result goes to a new comment', async () => {
  // An earlier run's status comment, by the token's identity and with this workflow's marker.
  const earlier = sim.github.addComment(REPO, PULL, {
    user: sim.github.identity,
    userType: 'Bot',
    body: '<!-- docs-agent-action:status Docs_agent_docs -->\nold status'
  })
  sim.route('POST', /^\/api\/graphql$/, () => ({ status: 502, json: { message: 'Bad gateway' } }))
  const run = await runOn(sim, 'pull_request', pullRequestOpened())

  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('pr-opened')
  const comments = sim.github.comments(REPO, PULL)
  expect(comments).toHaveLength(2)
  expect(comments[0]).toMatchObject({ id: earlier.id, body: earlier.body })
  expect(at(comments, 1, 'new status comment').body).toContain(run.outputs['pr-link'])
  expect(sim.githubRequests().filter((r) => r.method === 'PATCH' && r.path.endsWith(`/comments/${earlier.id}`))).toEqual([])
  expect(annotations(run, 'warning')[0]).toMatch(
    /^Could not tell which account the token belongs to: .*A new status comment is posted instead of updating an earlier one\.$/
  )
  // The agent's PR gets no introduction: without the identity, a second one could not be ruled out.
  expect(sim.github.comments(REPO, Number(run.outputs['pr-number']))).toEqual([])
})

test('a cancel while GitHub hangs still ends within 5 s with outputs and summary', async () => {
  sim.scriptNextJob({ outcome: 'never' })
  // GitHub accepts the "working" comment, then never answers its update.
  sim.route('PATCH', /\/issues\/comments\/\d+$/, () => new Promise(() => undefined))
  const run = await runOn(sim, 'pull_request', pullRequestOpened(), {
    inputs: { 'poll-interval': '5s' },
    cancelWhenLogHas: '::group::Waiting for job'
  })

  expect(run.exitAfterSignalMs).not.toBeNull()
  expect(run.exitAfterSignalMs).toBeLessThan(5000)
  expectFailedWith(run, 'cancelled', /cancelled while waiting; job job_0001 may still be running/)
  expect(run.summary).toContain('cancelled while waiting')
  expect(annotations(run, 'warning')).toContainEqual(
    expect.stringMatching(/^Could not update comment \d+: no response from GitHub within 2\.5s/)
  )
})

test('GitHub out of reach is a warning in plain words, not an HTTP 500, and the job still reports', async () => {
  const run = await runOn(sim, 'pull_request', pullRequestOpened(), {
    githubApiUrl: 'http://127.0.0.1:9/api/v3',
    inputs: { context: 'false' }
  })

  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('pr-opened')
  const [warning] = annotations(run, 'warning')
  expect(warning).toMatch(
    /^Could not (tell which account the token belongs to|read the comments of #2): the request to GitHub failed \(.+\)\./
  )
  expect(warning).not.toMatch(/HTTP 500/)
})
