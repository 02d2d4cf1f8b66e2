/**
 * A cancelled workflow: the runner sends SIGINT, then SIGTERM 7.5 s later. The action stops waiting at
 * once, reports what it knows and exits within 5 s.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { expectFailedWith, runAgainst } from './harness.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

test('SIGINT while waiting stops at once with outputs and summary set', async () => {
  sim.scriptNextJob({ outcome: 'never' })
  const run = await runAgainst(sim, { inputs: { 'poll-interval': '10s', timeout: '5m' }, cancelWhenLogHas: '::group::Waiting for job' })
  const id = [...sim.jobs.keys()][0]

  expect(run.exitAfterSignalMs).not.toBeNull()
  expect(run.exitAfterSignalMs).toBeLessThan(5000)
  expectFailedWith(run, 'cancelled', new RegExp(`cancelled while waiting; job ${id} may still be running`))
  expect(run.outputs['job-id']).toBe(id)
  expect(run.outputs.status).toBe('active')
  expect(run.summary).toContain('cancelled while waiting')
})

test('SIGINT while the create is in flight says the job may exist', async () => {
  sim.injectFault({ route: 'create', delayMs: 3000 })
  const run = await runAgainst(sim, { cancelWhenLogHas: 'Creating an agent job' })
  expect(run.exitAfterSignalMs).toBeLessThan(2000)
  expectFailedWith(
    run,
    'cancelled',
    /Could not create the agent job: the workflow was cancelled while the request was in flight; the job may have been created anyway/
  )
})
