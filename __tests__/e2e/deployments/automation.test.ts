/**
 * `operation: automation`: one trigger, reported as started with the run's ids and where to follow it;
 * the API's documented refusals named by their causes; a missing automation-id is bad input.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { at, only } from '../../expect-helpers.js'
import { annotations, expectFailedWith, expectNoSecret } from '../harness.js'
import { plainText, runOn } from '../triggers/helpers.js'
import { deploymentCalls, startHelloWorld } from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const runAutomation = (automationId: string, inputs: Record<string, string> = {}): ReturnType<typeof runOn> =>
  runOn(sim, 'push', {}, { inputs: { operation: 'automation', 'automation-id': automationId, ...inputs } })

describe('an automation that is queued', () => {
  test('is started with automation-run and job-id, and the notice says where to follow the run', async () => {
    const automation = sim.deployments.addAutomation({ name: 'Changelog' })
    const run = await runAutomation(automation.id)

    expect(run.exitCode).toBe(0)
    const queued = only(automation.runs, 'automation run')
    expect(run.outputs).toEqual(
      expect.objectContaining({ outcome: 'started', 'automation-run': queued.instanceId, 'job-id': queued.jobId, 'failure-reason': '' })
    )
    expect(deploymentCalls(sim)).toEqual([`POST /workflow/${automation.id}/trigger`])
    expect(annotations(run, 'notice')).toEqual([
      `Automation ${automation.id} is queued as run ${queued.instanceId}: follow it in the run history on the Automations page of the Mintlify dashboard.`
    ])
    const summary = plainText(run.summary)
    expect(summary).toContain(`| Run | \`${queued.instanceId}\` |`)
    expect(summary).toContain(`| Job | \`${queued.jobId}\` (the background job processing the run, not a docs agent job) |`)
    expect(summary).toContain('Follow the run in the run history on the Automations page of the Mintlify dashboard.')
    // Nothing documents how to follow a run through the API: the action does not poll anything.
    expect(sim.mintlifyRequests().filter((r) => r.method === 'GET')).toEqual([])
  })

  test('wait: true (the default) changes nothing: the run is not waited on', async () => {
    const automation = sim.deployments.addAutomation()
    const run = await runAutomation(automation.id, { wait: 'true', timeout: '1m' })

    expect(run.outputs.outcome).toBe('started')
    expect(sim.mintlifyRequests()).toHaveLength(1)
  })
})

describe('an automation the API refuses', () => {
  test.each([
    ['inactive', { active: false }, 'Automation is not active'],
    ['not on a custom schedule', { customSchedule: false }, 'Automation is not configured with a custom schedule']
  ])('(%s) fails with the 400 and its documented causes', async (_name, init, server) => {
    const automation = sim.deployments.addAutomation(init)
    const run = await runAutomation(automation.id)

    expectFailedWith(
      run,
      'failed',
      new RegExp(
        `^Could not trigger automation ${automation.id}: HTTP 400, the API refused to run it: the automation id may be malformed, or the automation is not active or not on a custom schedule \\(only those can be run on demand; one with a webhook trigger is run with automation-trigger: webhook\\) \\(server: "${server}"\\)\\.$`
      )
    )
    expect(run.outputs['automation-run']).toBe('')
    expect(automation.runs).toEqual([])
  })

  test('a malformed id fails with the 400 and its documented causes', async () => {
    const run = await runAutomation('not-an-id')

    expectFailedWith(
      run,
      'failed',
      /^Could not trigger automation not-an-id: HTTP 400, the API refused to run it: the automation id may be malformed/
    )
    expect(run.outputs['failure-reason']).toContain('Invalid automation ID: expected 24 hexadecimal characters')
  })

  test('an automation of another project fails with the 404 naming automation-id and project-id', async () => {
    const elsewhere = sim.deployments.addAutomation({ projectId: 'proj_other' })
    const run = await runAutomation(elsewhere.id)

    expectFailedWith(
      run,
      'failed',
      new RegExp(
        `^Could not trigger automation ${elsewhere.id}: HTTP 404, automation ${elsewhere.id} was not found in project ${sim.projectId}; check automation-id and project-id \\(server: "Automation not found"\\)\\.$`
      )
    )
    expect(elsewhere.runs).toEqual([])
  })
})

describe('the automation-id input', () => {
  test('missing, it is bad input naming automation-id, before any request', async () => {
    const run = await runOn(sim, 'push', {}, { inputs: { operation: 'automation' } })

    expectFailedWith(run, 'failed', /^Input 'automation-id' is required when operation is 'automation': copy the automation's id/)
    expect(sim.mintlifyRequests()).toEqual([])
  })

  test('with a slash, it is bad input naming automation-id, before any request', async () => {
    const run = await runAutomation('abc/def')

    expectFailedWith(run, 'failed', /^Input 'automation-id' must be an automation id without spaces, slashes/)
    expect(sim.mintlifyRequests()).toEqual([])
  })
})

describe('a trigger whose answer is lost', () => {
  test('a 5xx on the trigger is not retried, and says the run may have started', async () => {
    const automation = sim.deployments.addAutomation()
    sim.injectFault({ route: 'automation', status: 502, process: true })
    const run = await runAutomation(automation.id)

    expectFailedWith(
      run,
      'failed',
      /HTTP 502, the Mintlify API had a server error.*; the automation run may have started anyway, so check the run history on the Automations page of the Mintlify dashboard before running again\.$/
    )
    expect(sim.mintlifyRequests()).toHaveLength(1)
    expect(at(automation.runs, 0).schemaId).toBe(automation.id)
  })
})

describe('an automation with a webhook trigger', () => {
  const webhookUrl = (projectId: string, id: string): string => `https://api.mintlify.com/v2/workflow/${projectId}/${id}/webhook`

  test('given its webhook URL, is queued once by the webhook: runId as automation-run, job-id empty', async () => {
    const automation = sim.deployments.addAutomation({ webhook: true })
    const run = await runAutomation(webhookUrl(sim.projectId, automation.id))

    expect(run.exitCode).toBe(0)
    const queued = only(automation.runs, 'automation run')
    expect(run.outputs).toEqual(
      expect.objectContaining({ outcome: 'started', 'automation-run': queued.instanceId, 'job-id': '', 'failure-reason': '' })
    )
    expect(deploymentCalls(sim)).toEqual([`POST /v2/workflow/${automation.id}/webhook`])
    expect(only(sim.mintlifyRequests()).body).toBe('')
    expect(annotations(run, 'notice')).toEqual([
      `Automation ${automation.id} is queued as run ${queued.instanceId}: follow it in the run history on the Automations page of the Mintlify dashboard.`
    ])
    expect(plainText(run.summary)).toContain('| Trigger | `webhook` |')
    expectNoSecret(run, sim.apiKey)
  })

  test('with automation-trigger: webhook and a custom-schedule automation, fails the 404 naming automation-trigger: schedule', async () => {
    const automation = sim.deployments.addAutomation()
    const run = await runAutomation(automation.id, { 'automation-trigger': 'webhook' })

    expectFailedWith(
      run,
      'failed',
      new RegExp(
        `^Could not trigger automation ${automation.id} by its webhook: HTTP 404, .*\\(a custom-schedule automation is run with automation-trigger: schedule\\); check automation-id and project-id`
      )
    )
    expect(automation.runs).toEqual([])
  })

  test('run by the schedule trigger, fails the 400 naming automation-trigger: webhook', async () => {
    const automation = sim.deployments.addAutomation({ webhook: true })
    const run = await runAutomation(automation.id)

    expectFailedWith(run, 'failed', /HTTP 400, .*one with a webhook trigger is run with automation-trigger: webhook\)/)
  })

  test('when the credits are exhausted, ends over-budget with a warning, the step green', async () => {
    const automation = sim.deployments.addAutomation({ webhook: true })
    sim.credits.remaining = 0
    const run = await runAutomation(automation.id, { 'automation-trigger': 'webhook' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual(expect.objectContaining({ outcome: 'over-budget', 'automation-run': '', 'job-id': '' }))
    expect(annotations(run, 'warning')).toEqual([
      expect.stringMatching(
        /^Mintlify's AI credits are exhausted for this billing cycle: could not trigger automation \S+ by its webhook \(HTTP 402, server: "/
      )
    ])
    expect(sim.mintlifyRequests()).toHaveLength(1)
  })

  test('a webhook URL of another project is bad input naming automation-id, before any request', async () => {
    const run = await runAutomation(webhookUrl('proj_other', '0123456789abcdef01234567'))

    expectFailedWith(
      run,
      'failed',
      new RegExp(`^Input 'automation-id' is the webhook URL of an automation of project proj_other, not of project-id ${sim.projectId}`)
    )
    expect(sim.mintlifyRequests()).toEqual([])
  })

  test('automation-trigger other than its two words is bad input, before any request', async () => {
    const run = await runAutomation('0123456789abcdef01234567', { 'automation-trigger': 'cron' })

    expectFailedWith(run, 'failed', /^Input 'automation-trigger' must be one of schedule, webhook; got 'cron'\.$/)
    expect(sim.mintlifyRequests()).toEqual([])
  })
})
