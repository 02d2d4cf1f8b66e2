/**
 * A minute of CDN errors in front of the API, in-process on a virtual clock: src/main.ts's run() against
 * the simulator, every status read answered 520 (the CDN's "unknown error", with its HTML page) for a
 * minute while the job or the deployment goes on behind it. The checks are the end-to-end file's
 * (__tests__/e2e/cdn-outage.test.ts, which waits out a few refused reads in real time): the wait goes on
 * through the outage, one warning, one recovery line, no HTML shown; here the minute costs no real time.
 */
import { beforeAll, describe, expect, jest, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import * as core from '../fixtures/core.js'
import {
  cdnOutage,
  DEPLOYMENT_OUTAGE_WARNING,
  DEPLOYMENT_READ,
  JOB_OUTAGE_WARNING,
  JOB_READ,
  RECOVERY_LINE
} from '../fixtures/cdn-outage.js'
import { preloadToolkit } from '../fixtures/github-client.js'
import { runInProcess } from '../fixtures/in-process.js'
import { VirtualClock } from '../fixtures/virtual-clock.js'
import { polls } from '../e2e/harness.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')

const OUTAGE_MS = 60_000
const POLLING = { 'poll-interval': '1s', timeout: '4m' }

beforeAll(preloadToolkit)

/** A simulator on `clock` (its deployments move by it), closed after `body`. */
async function withSimulator<T>(clock: VirtualClock, body: (sim: Simulator) => Promise<T>): Promise<T> {
  const sim = await startSimulator({ now: clock.now })
  try {
    return await body(sim)
  } finally {
    await sim.close()
  }
}

describe('a minute of HTTP 520 from the CDN in front of the API', () => {
  test('on a running job: the wait goes on through it and the agent pull request is reported', () => {
    const clock = new VirtualClock()
    return withSimulator(clock, async (sim) => {
      sim.scriptNextJob({ outcome: 'pr', afterPolls: 3 })
      const outage = cdnOutage(sim, JOB_READ, { forMs: OUTAGE_MS, now: clock.now })

      const result = await runInProcess(run, sim, { eventName: 'workflow_dispatch', event: {}, inputs: POLLING, clock })

      expect(result.outputs.outcome).toBe('pr-opened')
      expect(result.outputs['pr-link']).toMatch(/^https:\/\/github\.com\/.+\/pull\/\d+$/)
      expect(outage.refused()).toBeGreaterThanOrEqual(5)
      expect(result.durationMs).toBeGreaterThanOrEqual(OUTAGE_MS)
      expect(result.warnings).toEqual([expect.stringMatching(JOB_OUTAGE_WARNING)])
      expect(result.log).toMatch(new RegExp(`Job \\S+: ${RECOVERY_LINE.source}`))
      expect(result.log).not.toContain('<html')
      // Three answered reads saw the job running, then one saw it done: the outage cost no poll's answer.
      expect(polls(sim).length - outage.refused()).toBe(4)
    })
  })

  test('on a running deployment: the wait goes on through it and the deploy is reported', () => {
    const clock = new VirtualClock()
    return withSimulator(clock, async (sim) => {
      sim.deployments.scriptNext({ outcome: 'success', queuedMs: 300, inProgressMs: 20_000 })
      const outage = cdnOutage(sim, DEPLOYMENT_READ, { forMs: OUTAGE_MS, now: clock.now })

      const result = await runInProcess(run, sim, {
        eventName: 'workflow_dispatch',
        event: {},
        inputs: { operation: 'deploy', ...POLLING },
        clock
      })

      expect(result.outputs.outcome).toBe('deployed')
      expect(result.outputs.status).toBe('success')
      expect(outage.refused()).toBeGreaterThanOrEqual(5)
      expect(result.durationMs).toBeGreaterThanOrEqual(OUTAGE_MS)
      expect(result.warnings).toEqual([expect.stringMatching(DEPLOYMENT_OUTAGE_WARNING)])
      expect(result.log).toMatch(RECOVERY_LINE)
      expect(result.log).not.toContain('<html')
    })
  })
})
