/**
 * A cancelled workflow while GitHub is slow or down: the run still ends `cancelled`, with its outputs,
 * the status comment says so, and the process is gone within 5 s, for the runner's SIGINT and SIGTERM alike.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../simulator/index.js'
import { commentPayload, PULL, pullRequestOpened } from '../../scripts/webhook-payloads.js'
import { expectFailedWith } from './harness.js'
import { ownComments, runOn, startHelloWorld } from './triggers/helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

describe.each(['SIGINT', 'SIGTERM'] as const)('%s', (signal) => {
  test('during the permission check (GitHub answering 503, then hanging) ends cancelled, not failed', async () => {
    sim.injectFault({ route: 'github-permission', status: 503 })
    sim.injectFault({ route: 'github-permission', delayMs: 60_000, status: 503 })
    const payload = commentPayload(sim, { body: '/docs fix the typo' })

    const run = await runOn(sim, 'issue_comment', payload, { cancelWhenLogHas: 'retrying in', cancelSignal: signal })

    expect(run.exitAfterSignalMs).not.toBeNull()
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expectFailedWith(run, 'cancelled', /Could not check the repository permission of Codertocat: the workflow was cancelled/)
    expect(sim.mintlifyRequests()).toHaveLength(0)
  })

  test('while the status comment update is in flight, the comment still ends up saying cancelled', async () => {
    sim.scriptNextJob({ outcome: 'never' })
    // The previous run's sticky comment, which this run's "working" update is writing over when GitHub hangs.
    await runOn(sim, 'pull_request', pullRequestOpened(), { inputs: { wait: 'false' } })
    sim.scriptNextJob({ outcome: 'never' })
    // The "working" update fails once: the signal comes during its back-off (up to 1 s), which it cuts short.
    sim.injectFault({ route: 'github-comment-update', status: 503 })

    const run = await runOn(sim, 'pull_request', pullRequestOpened(), {
      inputs: { 'poll-interval': '10s', timeout: '5m' },
      cancelWhenLogHas: 'retrying in',
      cancelSignal: signal
    })

    const id = [...sim.jobs.keys()].at(-1)
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expectFailedWith(run, 'cancelled', new RegExp(`cancelled while waiting; job ${id} may still be running`))
    const comments = ownComments(sim, PULL)
    expect(comments).toHaveLength(1)
    expect(comments[0]?.body).toMatch(new RegExp(`cancelled while waiting[\\s\\S]*${String(id).replace(/_/g, '\\\\?_')}`))
  })

  test('while GitHub hangs on the cancelled comment, the outputs are already written and the process is gone in 5 s', async () => {
    sim.scriptNextJob({ outcome: 'never' })
    await runOn(sim, 'pull_request', pullRequestOpened(), { inputs: { wait: 'false' } })
    sim.scriptNextJob({ outcome: 'never' })
    // The "working" update passes; the "cancelled" one hangs.
    sim.injectFault({ route: 'github-comment-update', skip: 1, delayMs: 60_000 })

    const run = await runOn(sim, 'pull_request', pullRequestOpened(), {
      inputs: { 'poll-interval': '10s', timeout: '5m' },
      cancelWhenLogHas: '::group::Waiting for job',
      cancelSignal: signal
    })

    const id = [...sim.jobs.keys()].at(-1)
    expect(run.exitAfterSignalMs).not.toBeNull()
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expect(run.outputs.outcome).toBe('cancelled')
    expect(run.outputs['job-id']).toBe(id)
  })
})
