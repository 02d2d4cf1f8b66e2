/**
 * The searches asked again when the search API fails: a refused key is one warning naming assistant-key,
 * a 429 is waited out once, a 5xx leaves its term `not asked` after the read retries; the report still
 * ends `reported`. And the inputs: one without the other, or an admin key, fail before any request.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../simulator/index.js'
import { annotations, expectFailedWith, output } from './harness.js'
import {
  answers,
  askingRun as askingRunOn,
  queries,
  readReport,
  searchRequests,
  searchSite,
  TERMS
} from './searches-asked-again-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await searchSite()
})
afterEach(async () => {
  await sim.close()
})

/** Without the track record, whose GitHub search the fake GitHub does not answer here: the warnings are the searches' own. */
function askingRun(simulator: Simulator, inputs: Record<string, string> = {}): ReturnType<typeof askingRunOn> {
  return askingRunOn(simulator, { 'impact-weeks': '0', ...inputs })
}

const FOUND = { results: 1, topPage: '/guides/sso' }
const NOTHING = { results: 0, topPage: null }

describe('the search API fails', () => {
  test('a refused assistant key is one warning naming assistant-key, and every term is not asked', async () => {
    const given = sim.search.assistantKey
    sim.search.assistantKey = 'mint_dsc_rotated_since'
    const run = await askingRun(sim, { 'assistant-key': given })
    expect(run.outputs.outcome).toBe('reported')
    expect(searchRequests(sim)).toHaveLength(1)
    const warnings = annotations(run, 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /HTTP 401, the assistant key \(assistant-key\) is invalid or expired.*The 3 searches left are not asked again\./
    )
    expect(answers(run)).toEqual([null, null, null])
    expect(readReport(run).askedAgain).toEqual({ asked: 0, found: 0, stillNothing: 0, scoreThreshold: 0.5 })
    expect(run.summary).toContain('0 now find a page, 0 still find nothing, 3 not asked.')
  })

  test('a 429 is waited out once, as its Retry-After asks', async () => {
    sim.injectFault({ route: 'search', status: 429, retryAfter: '1', message: 'Rate limit exceeded' })
    const run = await askingRun(sim)
    expect(run.outputs.outcome).toBe('reported')
    expect(queries(sim)).toEqual([TERMS[0], ...TERMS])
    const [limited, retry] = searchRequests(sim)
    expect((retry?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000)
    expect(run.log).toMatch(/HTTP 429; retrying in 1s/)
    expect(annotations(run, 'warning')).toEqual([])
    expect(answers(run)).toEqual([FOUND, NOTHING, NOTHING])
  })

  test('a second 429 ends the asking: the rest are not asked, in one warning', async () => {
    sim.injectFault({ route: 'search', status: 429, retryAfter: '0', times: 2 })
    const run = await askingRun(sim)
    expect(run.outputs.outcome).toBe('reported')
    expect(queries(sim)).toEqual([TERMS[0], TERMS[0]])
    const warnings = annotations(run, 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/10,000 search requests per organization per hour.*The 3 searches left are not asked again\./)
    expect(answers(run)).toEqual([null, null, null])
  })

  test('a 5xx that lasts leaves its term not asked after the read retries; the others are asked', async () => {
    sim.injectFault({ route: 'search', skip: 1, status: 503, retryAfter: '0', times: 5 })
    const run = await askingRun(sim)
    expect(run.outputs.outcome).toBe('reported')
    expect(queries(sim)).toEqual([TERMS[0], ...Array<string>(5).fill(TERMS[1]), TERMS[2]])
    const warnings = annotations(run, 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^1 search of 3 could not be asked again, marked not asked: Could not ask search 2 of 3 again: HTTP 503/)
    expect(answers(run)).toEqual([FOUND, null, NOTHING])
    expect(JSON.parse(output(run, 'report'))).toMatchObject({ askedAgain: { asked: 2, found: 1, stillNothing: 1 } })
  })

  test('another 4xx is never retried', async () => {
    sim.injectFault({ route: 'search', status: 400, message: 'Invalid query' })
    const run = await askingRun(sim)
    expect(queries(sim)).toEqual([...TERMS])
    expect(answers(run)).toEqual([null, NOTHING, NOTHING])
    expect(annotations(run, 'warning')[0]).toMatch(/HTTP 400.*Invalid query/)
  })
})

describe('bad input, before any request', () => {
  test.each([
    [{ subdomain: '' }, /^Input 'subdomain' is required with 'assistant-key'/],
    [{ 'assistant-key': '' }, /^Input 'assistant-key' is required with 'subdomain'/],
    [{ subdomain: 'acme.mintlify.site' }, /^Input 'subdomain' must be one DNS label/]
  ])('%j', async (inputs, reason) => {
    const run = await askingRun(sim, inputs)
    expectFailedWith(run, 'failed', reason)
    expect(sim.requests).toEqual([])
  })

  test('an admin key in assistant-key is refused, and shown nowhere', async () => {
    const run = await askingRun(sim, { 'assistant-key': sim.apiKey })
    expectFailedWith(run, 'failed', /^Input 'assistant-key' must be an assistant key \(mint_dsc_…, one line\)/)
    expect(sim.requests).toEqual([])
  })
})
