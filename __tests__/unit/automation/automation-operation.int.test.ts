/**
 * runAutomationOperation in-process: the real API client against the simulator, on the test's fake clock.
 * What a trigger sends and reports, refused, cancelled and in a dry run.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { type Simulator, startSimulator } from '../../../simulator/index.js'
import { only } from '../../expect-helpers.js'
import { T0 } from '../../fixtures/agent-jobs.js'
import { type OperationRun, runOnSimulator, type RunOptions } from '../../fixtures/operation-on-simulator.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

let sim: Simulator
let clock: VirtualClock
beforeEach(async () => {
  clock = new VirtualClock(T0)
  sim = await startSimulator({ repository: 'https://github.com/acme/docs', now: () => clock.now() })
})
afterEach(async () => {
  await sim.close()
})

/** Runs `automation` with `inputs` the way main.ts would, against the simulator. */
const run = (operation: 'automation', inputs: Record<string, string> = {}, options: RunOptions = {}): Promise<OperationRun> =>
  runOnSimulator(sim, clock, operation, inputs, options)
const mintlify = (): string[] => sim.mintlifyRequests().map((r) => `${r.method} ${r.path}`)

describe('automation', () => {
  it('triggers once and reports the queued run with where to follow it', async () => {
    const automation = sim.deployments.addAutomation()
    const { result } = await run('automation', { 'automation-id': automation.id })

    const queued = only(automation.runs)
    expect(result.verdict).toMatchObject({ outcome: 'started', result: 'notice' })
    expect(result.outputs).toEqual({
      outcome: 'started',
      'failure-reason': '',
      'automation-run': queued.instanceId,
      'job-id': queued.jobId
    })
    expect(result.summary).toContain('Follow the run in the run history on the Automations page of the Mintlify dashboard.')
    expect(result).not.toHaveProperty('statusComment')
    expect(mintlify()).toEqual([`POST /v1/workflow/${sim.projectId}/${automation.id}/trigger`])
  })

  it('reports a refused trigger as failed with its documented causes', async () => {
    const automation = sim.deployments.addAutomation({ active: false })
    const { result } = await run('automation', { 'automation-id': automation.id })

    expect(result.verdict.outcome).toBe('failed')
    expect(result.verdict.failureReason).toMatch(/HTTP 400, the API refused to run it: .*not active or not on a custom schedule/)
    expect(result.outputs['automation-run']).toBe('')
    expect(result.summary).not.toContain('Follow the run')
  })

  it('reports a trigger the cancel stopped as cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    const { result } = await run('automation', { 'automation-id': 'a'.repeat(24) }, { signal: controller.signal })

    expect(result.verdict.outcome).toBe('cancelled')
    expect(result.verdict.failureReason).toMatch(/the workflow was cancelled before the request was sent/)
    expect(sim.requests).toEqual([])
  })

  it('in a dry run, shows the request and sends nothing', async () => {
    const { result } = await run('automation', { 'automation-id': 'a'.repeat(24), 'dry-run': 'true' })

    expect(result.verdict).toMatchObject({ outcome: 'dry-run', result: 'notice' })
    expect(result.verdict.headline).toContain(`POST /v1/workflow/${sim.projectId}/${'a'.repeat(24)}/trigger`)
    expect(sim.requests).toEqual([])
  })
})
