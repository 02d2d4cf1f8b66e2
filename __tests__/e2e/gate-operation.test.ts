/**
 * `operation: gate` end to end: the `steer` output says whether the event's steerer may steer a run, the
 * outcome is `skipped` either way, and the run reads only what the gate needs (a commander's role), writes
 * nothing to GitHub, sends nothing to Mintlify and needs no `api-key`. So a first job can keep outsiders'
 * runs out of a later job's `concurrency` group.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../scripts/run-action.js'
import type { Simulator } from '../../simulator/index.js'
import { commentPayload, COMMENTER, PULL, pullRequestOpened, REPO } from '../fixtures/webhook-payloads.js'
import { annotations } from './harness.js'
import { githubCalls, runOn, startHelloWorld } from './triggers/helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.github.setPermission(REPO, 'reader', 'read')
})
afterEach(async () => {
  await sim.close()
})

/** A gate step under `eventName`, with no key (a gate needs none) and the inputs given. */
function gate(eventName: string, payload: unknown, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runOn(sim, eventName, payload, { inputs: { operation: 'gate', 'api-key': '', ...inputs } })
}

/** A `/docs` comment on pull request #2 by `login`, already in the fake GitHub; the requests after it are the run's. */
function commentBy(login: string, userType: 'User' | 'Bot' = 'User'): { payload: unknown; since: number } {
  const payload = commentPayload(sim, { body: '/docs document the new option', on: PULL, pullRequest: true, login, userType })
  return { payload, since: sim.githubRequests().length }
}

function expectNothingWrittenOrSent(run: ActionRun): void {
  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('skipped')
  expect(sim.mintlifyRequests()).toEqual([])
  expect(sim.githubRequests().filter((request) => request.method !== 'GET')).toEqual([])
}

describe('operation: gate', () => {
  test("a permitted commenter: steer true, one read of the commenter's role, nothing written", async () => {
    const { payload, since } = commentBy(COMMENTER)
    const run = await gate('issue_comment', payload)

    expect(run.outputs.steer).toBe('true')
    expect(run.outputs['failure-reason']).toBe('')
    expect(githubCalls(sim).slice(since)).toEqual([`GET /collaborators/${COMMENTER}/permission`])
    expectNothingWrittenOrSent(run)
    expect(run.log).toContain(`steer is true: ${COMMENTER}'s comment may steer this run.`)
  })

  test('a refused commenter: steer false, one role read, no reply, no reaction', async () => {
    const { payload, since } = commentBy('reader')
    const run = await gate('issue_comment', payload)

    expect(run.outputs.steer).toBe('false')
    expect(githubCalls(sim).slice(since)).toEqual(['GET /collaborators/reader/permission'])
    expectNothingWrittenOrSent(run)
    expect(annotations(run, 'notice')).toEqual([
      'steer is false: reader has read permission on this repository; the comment needs write or higher.'
    ])
  })

  test("a fork's pull request: steer true (its run waits for a maintainer by itself), without any read or key", async () => {
    const payload = pullRequestOpened() as unknown as { pull_request: { head: { repo: Record<string, unknown> } } }
    payload.pull_request.head.repo.full_name = 'stranger/Hello-World'
    const run = await gate('pull_request', payload)

    expect(run.outputs.steer).toBe('true')
    expect(sim.githubRequests()).toEqual([])
    expectNothingWrittenOrSent(run)
    expect(annotations(run, 'error')).toEqual([])
  })

  test('an edited comment: steer false, nothing read', async () => {
    const payload = commentPayload(sim, { body: '/docs go', on: PULL, pullRequest: true, action: 'edited' })
    const since = sim.githubRequests().length
    const run = await gate('issue_comment', payload)

    expect(run.outputs.steer).toBe('false')
    expect(sim.githubRequests().slice(since)).toEqual([])
    expectNothingWrittenOrSent(run)
  })
})

describe("allowed-bots: '*'", () => {
  test('lets any bot steer, and the run says so in one warning', async () => {
    const { payload, since } = commentBy('helper[bot]', 'Bot')
    const run = await gate('issue_comment', payload, { 'allowed-bots': '*' })

    expect(run.outputs.steer).toBe('true')
    expect(githubCalls(sim).slice(since)).toEqual([])
    expect(annotations(run, 'warning')).toEqual([expect.stringMatching(/^Input 'allowed-bots' is '\*': every GitHub App installed/)])
  })

  test('a list of bots gives no warning', async () => {
    const { payload } = commentBy('helper[bot]', 'Bot')
    const run = await gate('issue_comment', payload, { 'allowed-bots': 'helper[bot]' })

    expect(run.outputs.steer).toBe('true')
    expect(annotations(run, 'warning')).toEqual([])
  })
})
