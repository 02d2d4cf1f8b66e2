/**
 * improve/ in-process (src/main.ts as its entry runs it, against the simulator, on a virtual clock): the
 * docs-health report, then one agent job whose prompt is the instruction followed by the findings as
 * reader data; the report's outputs and the job's together; no job when the report finds nothing, in a
 * dry run, or when the report fails.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { type RecordedRequest, type Simulator, startSimulator } from '../../../simulator/index.js'
import * as core from '../../fixtures/core.js'
import { preloadToolkit } from '../../fixtures/github-client.js'
import { type InProcessRun, runInProcess } from '../../fixtures/in-process.js'
import { schedulePayload } from '../../fixtures/webhook-payloads.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../../src/main.js')

const RANGE = { 'date-from': '2026-03-01', 'date-to': '2026-03-08' }

let sim: Simulator
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startSimulator()
  sim.analytics.setData({ paths: 50 })
})
afterEach(async () => {
  await sim.close()
})

const improve = (inputs: Record<string, string> = {}): Promise<InProcessRun> =>
  runInProcess(run, sim, {
    eventName: 'schedule',
    event: schedulePayload(),
    inputs: { prompt: '', ...RANGE, ...inputs },
    subAction: 'improve'
  })

const jobsCreated = (): RecordedRequest[] =>
  sim.mintlifyRequests().filter((request) => request.method === 'POST' && request.path.endsWith('/job'))
const promptOf = (request: RecordedRequest | undefined): string => (JSON.parse(request?.body ?? '{}') as { prompt: string }).prompt

describe('with findings', () => {
  beforeEach(() => {
    sim.analytics.plantThumbsDown('/docs/page-000003', 8)
    sim.analytics.plantDeadSearch('sso saml', 30)
  })

  it('starts one job with the default instruction and the findings as reader data; the outputs are the report’s and the job’s', async () => {
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 1 })
    const result = await improve()
    expect(result.errors).toEqual([])
    expect(result.outputs.outcome).toBe('pr-opened')
    expect(result.outputs.file).toBe('docs-improve.json')
    expect((JSON.parse(result.outputs.report ?? '{}') as { fixFirst: string[] }).fixFirst[0]).toBe('/docs/page-000003')
    expect(result.outputs['pr-link']).toMatch(/\/pull\/\d+$/)
    expect(jobsCreated()).toHaveLength(1)
    const prompt = promptOf(jobsCreated()[0])
    expect(prompt).toMatch(/^Improve the documentation where readers struggled/)
    expect(prompt).toContain('<reader-data range="2026-03-01..2026-03-08">')
    expect(prompt).toContain('"sso saml"')
  })

  it('puts a given prompt first, before the findings', async () => {
    sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 0 })
    const result = await improve({ prompt: 'Fix only the billing pages.' })
    expect(result.outputs.outcome).toBe('no-changes')
    expect(promptOf(jobsCreated()[0])).toMatch(/^Fix only the billing pages\.\n\n<reader-data/)
  })

  it('a dry run reads nothing and starts no job', async () => {
    const result = await improve({ 'dry-run': 'true' })
    expect(result.outputs.outcome).toBe('dry-run')
    expect(sim.mintlifyRequests()).toEqual([])
  })
})

describe('without findings, or without a report', () => {
  it('a report that finds nothing readers struggled with starts no job: skipped, said why', async () => {
    // Readers who leave no feedback, ask the assistant nothing and search nothing.
    sim.analytics.readerVolume = { ...sim.analytics.readerVolume, feedbackPerDay: 0, conversationsPerDay: 0, searchesPerDay: 0 }
    const result = await improve()
    expect(result.outputs.outcome).toBe('skipped')
    // The report itself was made and written: only the job is left out.
    expect(result.outputs.file).toBe('docs-improve.json')
    expect(result.log).toContain('The report found nothing readers struggled with in the range: no agent job was started.')
    expect(jobsCreated()).toEqual([])
  })

  it('a report whose analytics the API refuses fails the run and starts no job', async () => {
    sim.route('GET', /^\/v1\/analytics\//, () => ({ status: 401, json: { error: 'Invalid API key' } }))
    const result = await improve()
    expect(result.outputs.outcome).toBe('failed')
    expect(jobsCreated()).toEqual([])
  })
})
