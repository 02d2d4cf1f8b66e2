/**
 * Fifty workflow runs at once against one simulator that answers every fourth docs-API request with a
 * 429 and `Retry-After: 1`: every run still ends with its pull request, the simulator sees exactly fifty
 * jobs created (a 429 is retried, never doubled), and the totals are printed for the closing figures.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import type { ActionRun } from '../../scripts/run-action.js'
import { startSimulator, type Simulator } from '../../simulator/index.js'
import { runAgainst } from './harness.js'

const RUNS = 50
/** Every Nth request to the docs API is answered 429. */
const EVERY = 4

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator()
})
afterAll(async () => {
  await sim.close()
})

test(`${RUNS} concurrent runs with every ${EVERY}th request rate-limited all open their pull request, with ${RUNS} jobs`, async () => {
  sim.injectFault({ route: 'any', every: EVERY, times: 100_000, status: 429, retryAfter: '1', message: 'Rate limit exceeded' })
  const started = Date.now()
  const runs: ActionRun[] = await Promise.all(
    Array.from({ length: RUNS }, (_, index) =>
      runAgainst(sim, {
        eventName: 'workflow_dispatch',
        inputs: { prompt: `Document endpoint ${index + 1}`, comment: 'false', 'poll-interval': '500ms', timeout: '3m' }
      })
    )
  )
  const seconds = (Date.now() - started) / 1000

  const requests = sim.mintlifyRequests()
  const createRequests = requests.filter((request) => request.method === 'POST' && request.path.endsWith('/job'))
  // Each 429 a run saw, as it logged the retry.
  const rateLimited = runs.reduce((sum, run) => sum + (run.log.match(/HTTP 429/g) ?? []).length, 0)
  console.log(
    `load: ${RUNS} runs in ${seconds.toFixed(1)} s; ${requests.length} requests to the docs API ` +
      `(${createRequests.length} creates sent), ${rateLimited} answered 429 and retried; ${sim.jobs.size} jobs created`
  )

  // A run that did not end with its pull request says why.
  const outcomes = runs.map((run) =>
    run.outputs.outcome === 'pr-opened' ? 'pr-opened' : `${run.outputs.outcome}: ${run.outputs['failure-reason']} ${run.stderr}`
  )
  expect(outcomes).toEqual(Array.from({ length: RUNS }, () => 'pr-opened'))
  expect(sim.jobs.size).toBe(RUNS)
  // The share of 429s the simulator sent reached the runs and each was retried after its Retry-After.
  expect(rateLimited).toBe(Math.floor(requests.length / EVERY))
  const prompts = new Set([...sim.jobs.values()].map((job) => job.prompt.split('\n')[0]))
  expect(prompts.size).toBe(RUNS)
}, 300_000)
