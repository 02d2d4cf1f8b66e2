/**
 * The retry rules of DESIGN.md seen from outside: what reaches the server, how often, and when.
 * A POST is repeated only when the server certainly did not act on it.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { annotations, creates, expectFailedWith, polls, runAgainst } from './harness.js'
import { at, SHOWN_DURATION } from '../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

describe('creating a job (POST, not idempotent)', () => {
  test('a create that gets 500 is sent exactly once and the error says the job may exist', async () => {
    sim.injectFault({ route: 'create', status: 500, message: 'Internal error', process: true })
    const run = await runAgainst(sim)
    expectFailedWith(
      run,
      'failed',
      /^Could not create the agent job: HTTP 500, the Mintlify API had a server error \(server: "Internal error"\); the job may have been created anyway, so check the agent jobs in the Mintlify dashboard before running again\.$/
    )
    expect(creates(sim)).toHaveLength(1)
    expect(sim.jobs.size).toBe(1)
  })

  test('a create whose connection is reset is sent exactly once', async () => {
    sim.injectFault({ route: 'create', reset: true })
    const run = await runAgainst(sim)
    expectFailedWith(run, 'failed', /the connection was closed before a response arrived; the job may have been created anyway/)
    expect(creates(sim)).toHaveLength(1)
  })

  test('a create that times out is sent exactly once', async () => {
    sim.injectFault({ route: 'create', delayMs: 4000 })
    const run = await runAgainst(sim, { inputs: { timeout: '1500ms' } })
    // The request gets what is left of the 1.5 s timeout: a loaded machine starts it a few tenths later.
    expectFailedWith(run, 'failed', /no response within 1(\.\d)?s; the job may have been created anyway/)
    expect(creates(sim)).toHaveLength(1)
  })

  test('a create whose 201 body cannot be read is not repeated', async () => {
    sim.injectFault({ route: 'create', malformed: true })
    const run = await runAgainst(sim)
    expectFailedWith(run, 'failed', /the response was not the JSON the API documents; the job may have been created anyway/)
    expect(creates(sim)).toHaveLength(1)
  })

  test('a 429 with Retry-After: 1 is sent again after at least a second, and one job results', async () => {
    sim.injectFault({ route: 'create', status: 429, retryAfter: '1', message: 'Rate limit exceeded' })
    const run = await runAgainst(sim)
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(creates(sim)).toHaveLength(2)
    const [first, second] = [at(creates(sim), 0, 'first create'), at(creates(sim), 1, 'second create')]
    expect(second.at - first.at).toBeGreaterThanOrEqual(1000)
    expect(sim.jobs.size).toBe(1)
    expect(run.log).toMatch(/POST \/v2\/agent\/proj_sim\/job: HTTP 429; retrying in 1s \(attempt 2 of 5\)/)
  })

  test('a plain-text 429 without Retry-After is retried with backoff', async () => {
    sim.injectFault({ route: 'create', status: 429, plainText: true, message: 'Too Many Requests' })
    const run = await runAgainst(sim)
    expect(run.exitCode).toBe(0)
    expect(creates(sim)).toHaveLength(2)
    expect(run.log).toMatch(/POST \/v2\/agent\/proj_sim\/job: HTTP 429; retrying in \d+(\.\d)?m?s \(attempt 2 of 5\)\./)
  })

  test('a Retry-After beyond the timeout ends the run at once with the time to retry', async () => {
    sim.injectFault({ route: 'create', status: 429, retryAfter: '3600' })
    const run = await runAgainst(sim, { inputs: { timeout: '10m' } })
    expectFailedWith(
      run,
      'failed',
      /HTTP 429, the rate limit is reached \(100 job creations and messages per project per hour\).*the API asks to wait 1h 00m, more than the 10m 00s left before the timeout, so retry after \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/
    )
    expect(creates(sim)).toHaveLength(1)
    // Ended at once: a run that waited the hour would have been stopped by the test's own time limit.
  })

  test('an HTML error page is not dumped into the message', async () => {
    sim.injectFault({ route: 'create', html: true, status: 403 })
    const run = await runAgainst(sim)
    expectFailedWith(run, 'failed', /^Could not create the agent job: HTTP 403, the API key is not allowed to do this/)
    expect(run.outputs['failure-reason']).not.toMatch(/<|html/i)
  })
})

describe('polling a job (GET, idempotent)', () => {
  test('a poll that gets 503 is retried and the wait goes on', async () => {
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 1 })
    sim.injectFault({ route: 'get', status: 503, times: 2 })
    const run = await runAgainst(sim)
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(polls(sim)).toHaveLength(4)
  })

  test('a poll whose connection is reset, or whose body is cut, is retried', async () => {
    sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 1 })
    sim.injectFault({ route: 'get', reset: true })
    sim.injectFault({ route: 'get', malformed: true })
    const run = await runAgainst(sim)
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('no-changes')
  })

  test('two unreadable poll answers in a row are retried like a 5xx, not the end of the run', async () => {
    sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 1 })
    sim.injectFault({ route: 'get', malformed: true, times: 2 })
    const run = await runAgainst(sim)
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('no-changes')
  })

  test('an outage longer than a poll’s 5 attempts is outlasted: one warning, polling goes on, the pull request, one job', async () => {
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 1 })
    // Two whole polls (5 attempts each) and two attempts of the third fail; Retry-After: 0 keeps the test quick.
    sim.injectFault({ route: 'get', status: 503, retryAfter: '0', message: 'Service Unavailable', times: 12 })
    const run = await runAgainst(sim)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(creates(sim)).toHaveLength(1)
    expect(sim.jobs.size).toBe(1)
    // 12 refused, then the job seen running and then finished.
    expect(polls(sim)).toHaveLength(14)
    expect(annotations(run, 'warning')).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^Could not read agent job job_0001: HTTP 503, the Mintlify API had a server error \(server: "Service Unavailable"\) after 5 attempts\. Job job_0001 runs on whether or not its status can be read: polling goes on until the timeout, ${SHOWN_DURATION} from now\.$`
        )
      )
    ])
    expect(run.log).toMatch(new RegExp(String.raw`Job job_0001: status reads have failed for ${SHOWN_DURATION} \(2 polls\)`))
    expect(run.log).toMatch(
      new RegExp(String.raw`Job job_0001: status read again after ${SHOWN_DURATION} of failures \(2 polls failed\)\.`)
    )
  })

  test('a poll is not retried on 401: the wait stops with the reason', async () => {
    sim.scriptNextJob({ outcome: 'never' })
    sim.injectFault({ route: 'get', status: 401, message: 'Key revoked' })
    const run = await runAgainst(sim)
    expectFailedWith(
      run,
      'failed',
      /Could not read agent job \S+: HTTP 401, the API key is invalid or expired.*"Key revoked"\); job \S+ may still be running\.$/
    )
    expect(polls(sim)).toHaveLength(1)
  })
})
