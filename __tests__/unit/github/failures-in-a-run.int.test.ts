/**
 * When GitHub fails past its retries the job still runs and reports: no guessing whose comments are ours,
 * a warning in plain words. In-process on a virtual clock (src/main.ts against the simulator): GitHub's
 * retries back off for seconds each, which cost no real time here.
 */
import { afterEach, beforeAll, beforeEach, expect, jest, test } from '@jest/globals'
import { COMMENTER, PULL, pullRequestOpened, pushPayload, REPO } from '../../fixtures/webhook-payloads.js'
import type { Simulator } from '../../../simulator/index.js'
import { startHelloWorld } from '../../e2e/triggers/helpers.js'
import { at } from '../../expect-helpers.js'
import * as core from '../../fixtures/core.js'
import { runInProcess } from '../../fixtures/in-process.js'
import { preloadToolkit } from '../../fixtures/github-client.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../../src/main.js')

let sim: Simulator
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const onPullRequest = (inputs: Record<string, string> = {}, githubApiUrl?: string) =>
  runInProcess(run, sim, {
    eventName: 'pull_request',
    event: pullRequestOpened(),
    inputs,
    repository: REPO,
    githubApiUrl
  })

test('when the token identity cannot be told, no comment is trusted as ours: the result goes to a new comment', async () => {
  // An earlier run's status comment, by the token's identity and with this workflow's marker.
  const earlier = sim.github.addComment(REPO, PULL, {
    user: sim.github.identity,
    userType: 'Bot',
    body: '<!-- docs-agent-action:status Docs_agent_docs -->\nold status'
  })
  sim.route('POST', /^\/api\/graphql$/, () => ({ status: 502, json: { message: 'Bad gateway' } }))
  const result = await onPullRequest()

  expect(result.errors).toEqual([])
  expect(result.outputs.outcome).toBe('pr-opened')
  const comments = sim.github.comments(REPO, PULL)
  expect(comments).toHaveLength(2)
  expect(comments[0]).toMatchObject({ id: earlier.id, body: earlier.body })
  expect(at(comments, 1, 'new status comment').body).toContain(result.outputs['pr-link'])
  expect(sim.githubRequests().filter((r) => r.method === 'PATCH' && r.path.endsWith(`/comments/${earlier.id}`))).toEqual([])
  // The docs check, which reads the pull request's record first, warns too; this is the status comment's warning.
  expect(result.warnings).toContainEqual(
    expect.stringMatching(
      /^Could not tell which account the token belongs to: .*A new status comment is posted instead of updating an earlier one\.$/
    )
  )
  // The agent's PR gets no introduction: without the identity, a second one could not be ruled out.
  expect(sim.github.comments(REPO, Number(result.outputs['pr-number']))).toEqual([])
})

test("GitHub out of reach is a warning in plain words, not an HTTP 500, and a push's job still reports", async () => {
  // GitHub's retries before the job is waited for (the status comment's pull request) spend the run's time
  // budget, virtual here: a timeout that leaves the job room after them. A push's pusher steers without a read.
  const result = await runInProcess(run, sim, {
    eventName: 'push',
    event: pushPayload(),
    inputs: { context: 'false', timeout: '2m' },
    repository: REPO,
    githubApiUrl: 'http://127.0.0.1:9/api/v3'
  })

  expect(result.errors).toEqual([])
  expect(result.outputs.outcome).toBe('pr-opened')
  const [warning] = result.warnings
  expect(warning).toMatch(
    /^Could not (tell which account the token belongs to|find the pull request of commit \w+)[:.].*the request to GitHub failed \(.+\)/
  )
  expect(warning).not.toMatch(/HTTP 500/)
})

test("GitHub out of reach on a pull request: its author's permission cannot be checked, so nothing is sent, in plain words", async () => {
  const result = await onPullRequest({ context: 'false', timeout: '2m' }, 'http://127.0.0.1:9/api/v3')

  expect(result.errors).toEqual([
    `Could not check the repository permission of ${COMMENTER}: the request to GitHub failed (TypeError: fetch failed).`
  ])
  expect(result.outputs.outcome).not.toBe('pr-opened')
  expect(sim.mintlifyRequests()).toEqual([])
})
