/**
 * When GitHub hangs after a cancel, the run still ends within the 5 s the runner allows. (GitHub failing
 * past its retries is tested in-process on a virtual clock: __tests__/unit/github-trouble.test.ts.)
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { pullRequestOpened } from '../fixtures/webhook-payloads.js'
import type { Simulator } from '../../simulator/index.js'
import { annotations, expectFailedWith } from './harness.js'
import { runOn, startHelloWorld } from './triggers/helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
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
