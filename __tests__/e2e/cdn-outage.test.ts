/**
 * An outage of the CDN in front of the API, end to end: status reads answered 520 (the CDN's "unknown
 * error", with its HTML page) while the job or the deployment goes on behind it. DESIGN ("Waiting",
 * "Requests"): a GET is retried on every 5xx but 501, and a poll that still fails keeps the wait going.
 * Both runs end in success, with one warning and one recovery line.
 *
 * Here the outage is a count of refused reads, waited out in real time with the real back-offs: one poll's
 * five attempts and two of the next one's. A whole minute of it runs on a virtual clock, in-process
 * (__tests__/unit/cdn-outage.int.test.ts). The two runs go side by side, each on its own simulator.
 */
import { describe, expect, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import {
  cdnOutage,
  DEPLOYMENT_OUTAGE_WARNING,
  DEPLOYMENT_READ,
  JOB_OUTAGE_WARNING,
  JOB_READ,
  RECOVERY_LINE
} from '../fixtures/cdn-outage.js'
import { annotations, polls, runAgainst } from './harness.js'
import { runOn } from './triggers/helpers.js'

/** One poll's five attempts, then two of the next one's: the first fails for good, the next reads again. */
const REFUSED = 7
/** The longest gap between polls: the run ends soon after the outage. */
const POLLING = { 'poll-interval': '1s', timeout: '4m' }
/** A poll's back-offs are at most 1 + 2 + 4 + 8 s: minutes of margin on a loaded machine. */
const LIMITS = { killAfterMs: 240_000 }

async function withSimulator<T>(body: (sim: Simulator) => Promise<T>): Promise<T> {
  const sim = await startSimulator()
  try {
    return await body(sim)
  } finally {
    await sim.close()
  }
}

describe(`${REFUSED} status reads answered HTTP 520 by the CDN in front of the API`, () => {
  test.concurrent(
    'on a running job: the wait goes on through them and the agent pull request is reported',
    () =>
      withSimulator(async (sim) => {
        sim.scriptNextJob({ outcome: 'pr', afterPolls: 3 })
        const outage = cdnOutage(sim, JOB_READ, { reads: REFUSED })

        const run = await runAgainst(sim, { inputs: POLLING, ...LIMITS })

        expect(run.exitCode).toBe(0)
        expect(run.outputs.outcome).toBe('pr-opened')
        expect(run.outputs['pr-link']).toMatch(/^https:\/\/github\.com\/.+\/pull\/\d+$/)
        expect(outage.refused()).toBe(REFUSED)
        expect(run.durationMs).toBeGreaterThanOrEqual(outage.lastedMs() ?? Infinity)
        expect(annotations(run, 'warning')).toEqual([expect.stringMatching(JOB_OUTAGE_WARNING)])
        expect(run.log).toMatch(new RegExp(`Job \\S+: ${RECOVERY_LINE.source}`))
        expect(run.log).not.toContain('<html')
        // Three answered reads saw the job running, then one saw it done: the outage cost no poll's answer.
        expect(polls(sim).length - outage.refused()).toBe(4)
      }),
    300_000
  )

  test.concurrent(
    'on a running deployment: the wait goes on through them and the deploy is reported',
    () =>
      withSimulator(async (sim) => {
        sim.deployments.scriptNext({ outcome: 'success', queuedMs: 300, inProgressMs: 1_000 })
        const outage = cdnOutage(sim, DEPLOYMENT_READ, { reads: REFUSED })

        const run = await runOn(sim, 'workflow_dispatch', {}, { inputs: { operation: 'deploy', ...POLLING }, ...LIMITS })

        expect(run.exitCode).toBe(0)
        expect(run.outputs.outcome).toBe('deployed')
        expect(run.outputs.status).toBe('success')
        expect(outage.refused()).toBe(REFUSED)
        expect(run.durationMs).toBeGreaterThanOrEqual(outage.lastedMs() ?? Infinity)
        expect(annotations(run, 'warning')).toEqual([expect.stringMatching(DEPLOYMENT_OUTAGE_WARNING)])
        expect(run.log).toMatch(RECOVERY_LINE)
        expect(run.log).not.toContain('<html')
      }),
    300_000
  )
})
