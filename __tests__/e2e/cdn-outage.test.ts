/**
 * A minute of CDN errors in front of the API, as the runner sees it: every status read answered 520 (the
 * CDN's "unknown error", with its HTML page) while the job or the deployment goes on behind it. DESIGN
 * ("Waiting", "Requests"): a GET is retried on every 5xx but 501, and a poll that still fails keeps the
 * wait going. Both runs end in success, with one warning and one recovery line.
 *
 * The two outages are real minutes of wall time, so they run side by side, each on its own simulator. They
 * poll at most a second apart: the outage lasts a minute however often it is read, and the reads after it
 * come a second apart rather than five.
 */
import { describe, expect, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { annotations, polls, runAgainst } from './harness.js'
import { runOn } from './triggers/helpers.js'

const OUTAGE_MS = 60_000
/** The longest gap between polls: short beside the outage, so the run ends soon after it. */
const POLLING = { 'poll-interval': '1s', timeout: '4m' }

/**
 * From the first status read on `pattern` after the first one, for a minute: 520 with the CDN's page.
 * Returns when the outage started and how many reads it refused.
 */
function cdnOutage(sim: Simulator, pattern: RegExp): { startedAt: () => number | null; refused: () => number } {
  let reads = 0
  let startedAt: number | null = null
  let refused = 0
  sim.route('GET', pattern, () => {
    reads++
    if (reads === 1) return undefined
    startedAt ??= Date.now()
    if (Date.now() - startedAt >= OUTAGE_MS) return undefined
    refused++
    return {
      status: 520,
      contentType: 'text/html; charset=UTF-8',
      text: '<!DOCTYPE html><html><head><title>api.mintlify.com | 520: Web server is returning an unknown error</title></head><body>Error code 520</body></html>'
    }
  })
  return { startedAt: () => startedAt, refused: () => refused }
}

async function withSimulator<T>(body: (sim: Simulator) => Promise<T>): Promise<T> {
  const sim = await startSimulator()
  try {
    return await body(sim)
  } finally {
    await sim.close()
  }
}

describe('a minute of HTTP 520 from the CDN in front of the API', () => {
  test.concurrent(
    'on a running job: the wait goes on through it and the agent pull request is reported',
    () =>
      withSimulator(async (sim) => {
        sim.scriptNextJob({ outcome: 'pr', afterPolls: 3 })
        const outage = cdnOutage(sim, /^\/v2\/agent\/[^/]+\/job\/[^/]+$/)

        const run = await runAgainst(sim, { inputs: POLLING, killAfterMs: 240_000 })

        expect(run.exitCode).toBe(0)
        expect(run.outputs.outcome).toBe('pr-opened')
        expect(run.outputs['pr-link']).toMatch(/^https:\/\/github\.com\/.+\/pull\/\d+$/)
        expect(outage.refused()).toBeGreaterThanOrEqual(5)
        expect(run.durationMs).toBeGreaterThanOrEqual(OUTAGE_MS)
        expect(annotations(run, 'warning')).toEqual([
          expect.stringMatching(
            /^Could not read agent job \S+: HTTP 520, the Mintlify API had a server error after 5 attempts\. Job \S+ runs on whether or not its status can be read/
          )
        ])
        expect(run.log).toMatch(/Job \S+: status read again after (\d+m \d\ds|[\d.]+s) of failures \(\d+ polls? failed\)\./)
        expect(run.log).not.toContain('<html')
        // Three answered reads saw the job running, then one saw it done: the outage cost no poll's answer.
        expect(polls(sim).length - outage.refused()).toBe(4)
      }),
    150_000
  )

  test.concurrent(
    'on a running deployment: the wait goes on through it and the deploy is reported',
    () =>
      withSimulator(async (sim) => {
        sim.deployments.scriptNext({ outcome: 'success', queuedMs: 300, inProgressMs: 20_000 })
        const outage = cdnOutage(sim, /^\/v1\/project\/update-status\/[^/]+$/)

        const run = await runOn(sim, 'workflow_dispatch', {}, { inputs: { operation: 'deploy', ...POLLING }, killAfterMs: 240_000 })

        expect(run.exitCode).toBe(0)
        expect(run.outputs.outcome).toBe('deployed')
        expect(run.outputs.status).toBe('success')
        expect(outage.refused()).toBeGreaterThanOrEqual(5)
        expect(run.durationMs).toBeGreaterThanOrEqual(OUTAGE_MS)
        expect(annotations(run, 'warning')).toEqual([
          expect.stringMatching(/HTTP 520, the Mintlify API had a server error after 5 attempts\./)
        ])
        expect(run.log).toMatch(/status read again after (\d+m \d\ds|[\d.]+s) of failures/)
        expect(run.log).not.toContain('<html')
      }),
    150_000
  )
})
