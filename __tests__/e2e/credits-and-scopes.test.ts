/**
 * Mintlify's credits and key scopes, on dist/index.js against the simulator: a 402 ends the run over budget
 * (the step succeeds with a warning), a credit-check 503 is retried for a POST too, and a read-only key's 403
 * names the write scope the POST needs. The simulator answers 402 and the credit check on the agent endpoints
 * as an extension (documented on the webhook only: simulator/mintlify/credits.ts).
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { CREDITS_EXHAUSTED, type Simulator, startSimulator } from '../../simulator/index.js'
import { annotations, creates, expectFailedWith, expectNoSecret, runAgainst } from './harness.js'
import { only } from '../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

describe('credits exhausted (402)', () => {
  test('a job creation answered 402 ends over-budget: the step succeeds with the warning, sent once', async () => {
    sim.credits.remaining = 0
    const run = await runAgainst(sim)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('over-budget')
    const sentence = `Mintlify's AI credits are exhausted for this billing cycle: could not create the agent job (HTTP 402, server: "${CREDITS_EXHAUSTED}"); they renew with the next billing cycle, or upgrade the plan.`
    expect(run.outputs['failure-reason']).toBe(sentence)
    expect(annotations(run, 'warning')).toEqual([sentence])
    expect(annotations(run, 'error')).toEqual([])
    expect(creates(sim)).toHaveLength(1)
    expect(sim.jobs.size).toBe(0)
    expect(run.summary).toContain("Mintlify's AI credits are exhausted for this billing cycle")
    expectNoSecret(run, sim.apiKey)
  })

  test('credits left let the job start, and the next run is over budget', async () => {
    sim.credits.remaining = 1
    const first = await runAgainst(sim, { inputs: { wait: 'false' } })
    const second = await runAgainst(sim, { inputs: { wait: 'false' } })

    expect([first.outputs.outcome, second.outputs.outcome]).toEqual(['started', 'over-budget'])
    expect(sim.jobs.size).toBe(1)
  })
})

describe('a failed credit check (503 "Credit check failed")', () => {
  test('the job creation is sent again, and one job is created', async () => {
    sim.credits.failChecks(1)
    const run = await runAgainst(sim, { inputs: { wait: 'false' } })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('started')
    expect(creates(sim)).toHaveLength(2)
    expect(run.outputs['job-id']).toBe(only([...sim.jobs.values()], 'job').id)
    expect(run.log).toMatch(/POST \/v2\/agent\/\S+\/job: HTTP 503; retrying in \S+ \(attempt 2 of 5\)\./)
  })

  test('any other 503 on a creation is still not sent again, and says the job may exist', async () => {
    sim.injectFault({ route: 'create', status: 503, message: 'Service Unavailable' })
    const run = await runAgainst(sim, { inputs: { wait: 'false' } })

    expectFailedWith(
      run,
      'failed',
      /^Could not create the agent job: HTTP 503, the Mintlify API had a server error.*the job may have been created anyway/
    )
    expect(creates(sim)).toHaveLength(1)
  })
})

describe('a read-only key (403)', () => {
  test.each([
    ['job', {}, 'create the agent job'],
    ['deploy', { operation: 'deploy', prompt: '' }, 'trigger the deployment']
  ])('a %s POST fails naming the write scope it needs and the IP allowlist', async (_name, inputs, action) => {
    sim.credits.keyScope = 'read'
    const run = await runAgainst(sim, { inputs })

    expectFailedWith(
      run,
      'failed',
      new RegExp(
        `^Could not ${action}: HTTP 403, the API key is not allowed to do this: either it lacks the write scope this POST needs \\(keys are read- or write-scoped, and a read-only key is refused on every POST\\) or its IP allowlist excludes this runner`
      )
    )
    expect(sim.mintlifyRequests()).toHaveLength(1)
    expectNoSecret(run, sim.apiKey)
  })
})
