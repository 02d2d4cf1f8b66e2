/**
 * Who steers `reopened` (DESIGN "Who may steer the agent"): the one who reopened the pull request as well as
 * its author. A triage user may reopen a writer's pull request, and is no writer.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { COMMENTER, pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { mintlifyCalls, runOn, startHelloWorld } from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.github.setPermission(REPO, 'triager', 'triage')
})
afterEach(async () => {
  await sim.close()
})

/** The writer's pull request #2, reopened by `login`. */
function reopenedBy(login: string): Record<string, unknown> {
  return { ...pullRequestOpened(), action: 'reopened', sender: { login, type: 'User' } }
}

test("a triage user's reopening of a writer's pull request starts no job: it waits for a maintainer", async () => {
  const run = await runOn(sim, 'pull_request_target', reopenedBy('triager'))

  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('skipped')
  expect(mintlifyCalls(sim)).toEqual([])
  expect(annotations(run, 'notice').join('\n')).toContain('Waiting for a maintainer')
})

test('the writer reopening their own pull request steers it as before', async () => {
  const run = await runOn(sim, 'pull_request_target', reopenedBy(COMMENTER))

  expect(run.outputs.outcome).toBe('pr-opened')
})
