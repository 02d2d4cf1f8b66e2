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
import { CREDITS_EXHAUSTED } from '../../../simulator/index.js'

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

describe('automation with automation-trigger: webhook', () => {
  it('queues the run by its webhook once, with runId as automation-run and job-id empty', async () => {
    const automation = sim.deployments.addAutomation({ webhook: true })
    const { result } = await run('automation', { 'automation-id': automation.id, 'automation-trigger': 'webhook' })

    const queued = only(automation.runs)
    expect(result.verdict).toMatchObject({ outcome: 'started', result: 'notice' })
    expect(result.outputs).toEqual({ outcome: 'started', 'failure-reason': '', 'automation-run': queued.instanceId, 'job-id': '' })
    expect(result.summary).toContain('| Trigger | `webhook` |')
    expect(mintlify()).toEqual([`POST /v2/workflow/${sim.projectId}/${automation.id}/webhook`])
    expect(only(sim.mintlifyRequests()).body).toBe('')
  })

  it('takes the whole webhook URL as automation-id, the trigger implied', async () => {
    const automation = sim.deployments.addAutomation({ webhook: true })
    const url = `https://api.mintlify.com/v2/workflow/${sim.projectId}/${automation.id}/webhook`
    const { result } = await run('automation', { 'automation-id': url })

    expect(result.verdict.outcome).toBe('started')
    expect(mintlify()).toEqual([`POST /v2/workflow/${sim.projectId}/${automation.id}/webhook`])
  })

  it('fails a 404 naming automation-trigger: schedule among its causes (a custom-schedule automation)', async () => {
    const automation = sim.deployments.addAutomation()
    const { result } = await run('automation', { 'automation-id': automation.id, 'automation-trigger': 'webhook' })

    expect(result.verdict.outcome).toBe('failed')
    expect(result.verdict.failureReason).toBe(
      `Could not trigger automation ${automation.id} by its webhook: HTTP 404, automation ${automation.id} was not found in project ${sim.projectId}, is not active, or has no webhook trigger ` +
        '(a custom-schedule automation is run with automation-trigger: schedule); check automation-id and project-id ' +
        '(server: "Automation not found, not active, or not configured with a webhook trigger").'
    )
    expect(automation.runs).toEqual([])
  })

  it('fails a schedule trigger of a webhook automation with a 400 naming automation-trigger: webhook among its causes', async () => {
    const automation = sim.deployments.addAutomation({ webhook: true })
    const { result } = await run('automation', { 'automation-id': automation.id })

    expect(result.verdict.failureReason).toMatch(/HTTP 400, .*one with a webhook trigger is run with automation-trigger: webhook\)/)
  })

  it('in a dry run, shows the webhook request and sends nothing', async () => {
    const { result } = await run('automation', { 'automation-id': 'a'.repeat(24), 'automation-trigger': 'webhook', 'dry-run': 'true' })

    expect(result.verdict.headline).toBe(
      `Dry run: would send POST /v2/workflow/${sim.projectId}/${'a'.repeat(24)}/webhook (a run of automation ${'a'.repeat(24)} by its webhook trigger); nothing was sent to the Mintlify API and nothing was written to GitHub.`
    )
    expect(sim.requests).toEqual([])
  })
})

describe('automation when the credits run out', () => {
  it.each(['schedule', 'webhook'])('ends a %s trigger answered 402 as over-budget, a warning, sent once', async (trigger) => {
    const automation = sim.deployments.addAutomation({ webhook: trigger === 'webhook' })
    sim.credits.remaining = 0
    const { result } = await run('automation', { 'automation-id': automation.id, 'automation-trigger': trigger })

    expect(result.verdict.outcome).toBe('over-budget')
    expect(result.verdict.result).toBe('warning')
    expect(result.verdict.headline).toMatch(
      new RegExp(
        `^Mintlify's AI credits are exhausted for this billing cycle: could not trigger automation ${automation.id}.*\\(HTTP 402, server: "${CREDITS_EXHAUSTED.replace(/\./g, '\\.')}"\\)`
      )
    )
    expect(result.outputs).toMatchObject({ outcome: 'over-budget', 'automation-run': '', 'job-id': '' })
    expect(result.outputs['failure-reason']).toBe(result.verdict.headline)
    expect(result.summary.split('\n')[0]).toBe('### ⚠️ Mintlify automation')
    expect(sim.mintlifyRequests()).toHaveLength(1)
    expect(automation.runs).toEqual([])
  })

  it('retries the webhook trigger after a credit-check 503, and queues one run', async () => {
    const automation = sim.deployments.addAutomation({ webhook: true })
    sim.credits.failChecks(2)
    const { result } = await run('automation', { 'automation-id': automation.id, 'automation-trigger': 'webhook' })

    expect(result.verdict.outcome).toBe('started')
    expect(sim.mintlifyRequests()).toHaveLength(3)
    expect(only(automation.runs).instanceId).toBe(result.outputs['automation-run'])
  })

  it('says a read-only key lacks the write scope the trigger needs', async () => {
    const automation = sim.deployments.addAutomation()
    sim.credits.keyScope = 'read'
    const { result } = await run('automation', { 'automation-id': automation.id })

    expect(result.verdict.outcome).toBe('failed')
    expect(result.verdict.failureReason).toMatch(
      /HTTP 403, the API key is not allowed to do this: either it lacks the write scope this POST needs/
    )
    expect(automation.runs).toEqual([])
  })
})
