/**
 * A cancelled workflow: the runner sends SIGINT, then SIGTERM 7.5 s later (either may be the first the
 * action sees). The action stops at once in whatever phase it is, reports what it knows and exits within
 * 5 s (a DESIGN.md promise). The GitHub phases (permission check, status comment, result comment) are in
 * cancel-github.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { expectFailedWith, runAgainst } from './harness.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

describe.each(['SIGINT', 'SIGTERM'] as const)('%s', (signal) => {
  test('while waiting stops at once with outputs and summary set', async () => {
    sim.scriptNextJob({ outcome: 'never' })
    const run = await runAgainst(sim, {
      inputs: { 'poll-interval': '10s', timeout: '5m' },
      cancelWhenLogHas: '::group::Waiting for job',
      cancelSignal: signal
    })
    const id = [...sim.jobs.keys()][0]

    expect(run.exitAfterSignalMs).not.toBeNull()
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expectFailedWith(run, 'cancelled', new RegExp(`cancelled while waiting; job ${id} may still be running`))
    expect(run.outputs['job-id']).toBe(id)
    expect(run.outputs.status).toBe('active')
    expect(run.summary).toContain('cancelled while waiting')
  })

  test('during a retry back-off (a 429 asking for 30 s) stops at once, with no job created', async () => {
    sim.injectFault({ route: 'create', status: 429, retryAfter: '30' })
    const run = await runAgainst(sim, { inputs: { timeout: '5m' }, cancelWhenLogHas: 'retrying in', cancelSignal: signal })

    expect(run.exitAfterSignalMs).not.toBeNull()
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expectFailedWith(run, 'cancelled', /Could not create the agent job: the workflow was cancelled/)
    expect(run.outputs['job-id'] ?? '').toBe('')
    expect(sim.jobs.size).toBe(0)
    expect(sim.mintlifyRequests()).toHaveLength(1)
  })

  test('while the create is in flight says the job may exist', async () => {
    sim.injectFault({ route: 'create', delayMs: 3000 })
    const run = await runAgainst(sim, { cancelWhenLogHas: 'Creating an agent job', cancelSignal: signal })

    expect(run.exitAfterSignalMs).not.toBeNull()
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expectFailedWith(
      run,
      'cancelled',
      /Could not create the agent job: the workflow was cancelled while the request was in flight; the job may have been created anyway/
    )
  })
})
