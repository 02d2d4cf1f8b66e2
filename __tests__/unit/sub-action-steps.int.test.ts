/**
 * A sub-action's step in-process (src/main.ts as its entry runs it, against the simulator): it runs its own
 * operation whatever `operation` the step gives, answers only the inputs its action.yml declares, warns once
 * naming those it ignores, and analytics/ ends on an `export` that names no export before any request.
 * Also the root action under a fork's pull request, whose run gets no secrets: skipped, not failed.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { Simulator } from '../../simulator/index.js'
import { startHelloWorld } from '../e2e/triggers/helpers.js'
import * as core from '../fixtures/core.js'
import { preloadToolkit } from '../fixtures/github-client.js'
import { type InProcessOptions, type InProcessRun, runInProcess } from '../fixtures/in-process.js'
import { pullRequestOpened, REPO, schedulePayload } from '../fixtures/webhook-payloads.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')

let sim: Simulator
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

type Step = Pick<InProcessOptions, 'subAction' | 'inputs' | 'env'> & Partial<Pick<InProcessOptions, 'eventName' | 'event'>>

const step = ({ eventName = 'schedule', event = schedulePayload(), ...rest }: Step): Promise<InProcessRun> =>
  runInProcess(run, sim, { eventName, event, repository: REPO, ...rest })

describe('a sub-action runs its own operation with its own inputs', () => {
  it('gate/ given operation: deploy still gates, warning once that it ignores operation and export-domain', async () => {
    // The runner passes every input of `with:` as INPUT_*; a blank one counts as not given.
    const result = await step({
      subAction: 'gate',
      inputs: { operation: 'deploy', 'export-domain': 'docs.example.com' },
      env: { INPUT_OPERATION: 'deploy', 'INPUT_EXPORT-DOMAIN': 'docs.example.com', INPUT_DRY_RUN: '  ' }
    })
    expect(result.outputs).toMatchObject({ outcome: 'skipped', steer: 'true' })
    expect(result.warnings).toEqual([
      "Inputs 'export-domain', 'operation' are not inputs of gate/ and are ignored: gate/ takes github-token, min-permission, allowed-bots."
    ])
    expect(sim.mintlifyRequests()).toEqual([])
  })

  it('one ignored input is named alone', async () => {
    const result = await step({ subAction: 'gate', inputs: {}, env: { INPUT_PROMPT: 'Document it' } })
    expect(result.warnings).toEqual([expect.stringMatching(/^Input 'prompt' is not an input of gate\/ and is ignored: gate\/ takes /)])
  })

  it.each([
    ['pageviews', "Input 'export' must be one of visitors, views, feedback, searches, assistant; got 'pageviews'."],
    ['', "Input 'export' is required: say what to export, one of visitors, views, feedback, searches, assistant."]
  ])('analytics/ with export %j fails before any request: %s', async (kind, message) => {
    const result = await step({ subAction: 'analytics', inputs: { export: kind } })
    expect(result.outputs).toMatchObject({ outcome: 'failed', 'failure-reason': message })
    expect(result.errors).toEqual([message])
    expect(sim.requests).toEqual([])
  })

  it('analytics/ with export: Views runs the views export', async () => {
    const result = await step({ subAction: 'analytics', inputs: { export: 'Views', 'date-from': '2026-01-01', 'date-to': '2026-01-08' } })
    expect(result.errors).toEqual([])
    expect(result.outputs.file).toBe('docs-views.json')
    expect(sim.mintlifyRequests().map((request) => request.path)).toContainEqual(expect.stringMatching(/\/views$/))
  })
})

describe("the root action under a fork's pull request, whose run gets no secrets", () => {
  it('without a key: skipped with the waiting notice, nothing read or sent', async () => {
    const payload = pullRequestOpened() as unknown as { pull_request: { head: { repo: Record<string, unknown> } } }
    payload.pull_request.head.repo.full_name = 'stranger/Hello-World'
    const result = await step({ eventName: 'pull_request', event: payload, inputs: { 'api-key': '' } })
    expect(result.outputs).toEqual({ outcome: 'skipped', 'failure-reason': '' })
    expect(result.errors).toEqual([])
    expect(core.runner.at('notice')).toEqual([
      expect.stringMatching(
        /^Waiting for a maintainer: \/docs to document it, \/docs skip if it needs none\. .* the api-key input is empty\.$/
      )
    ])
    expect(sim.requests).toEqual([])
  })

  it('with allowed-bots that cannot be read, the inputs refuse it and the empty key, each its own error, nothing sent', async () => {
    const payload = pullRequestOpened() as unknown as { pull_request: { head: { repo: Record<string, unknown> } } }
    payload.pull_request.head.repo.full_name = 'stranger/Hello-World'
    const result = await step({ eventName: 'pull_request', event: payload, inputs: { 'api-key': '', 'allowed-bots': 'not a login!' } })
    expect(result.outputs.outcome).toBe('failed')
    expect(result.errors).toEqual([
      expect.stringMatching(/^Input 'api-key' is empty: .*workflows triggered from forks get no secrets/),
      "Input 'allowed-bots' has 'login!', which is not a GitHub login: give logins separated by commas."
    ])
    expect(sim.requests).toEqual([])
  })
})
