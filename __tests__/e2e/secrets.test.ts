/**
 * The API key is never printed: not in the log (debug logging included), an error, an output, the
 * summary or a comment, even when the server echoes it back.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { pullRequestOpened, REPO, PULL } from '../fixtures/webhook-payloads.js'
import type { Simulator } from '../../simulator/index.js'
import { expectFailedWith } from './harness.js'
import { promptOf, runOn, startHelloWorld } from './triggers/helpers.js'
import { at } from '../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

test('a server message that echoes the key is quoted with the key cut out, in the output and the PR comment', async () => {
  sim.injectFault({ route: 'create', status: 401, message: `Key ${sim.apiKey} is revoked` })
  // runOn's shared check fails the test if the key shows up anywhere, comments included.
  const run = await runOn(sim, 'pull_request', pullRequestOpened(), { env: { RUNNER_DEBUG: '1' } })
  expectFailedWith(run, 'failed', /HTTP 401, the API key is invalid or expired.*\(server: "Key \*\*\* is revoked"\)/)
  const status = at(sim.github.comments(REPO, PULL), 0, 'status comment')
  expect(status.body).toContain('Key \\*\\*\\* is revoked')
})

test('a key refused for its type is never echoed, with debug logging on', async () => {
  const assistantKey = 'mint_dsc_0123456789abcdef'
  const run = await runOn(sim, 'workflow_dispatch', {}, { inputs: { 'api-key': assistantKey }, env: { RUNNER_DEBUG: '1' } })
  expectFailedWith(run, 'failed', /^Input 'api-key' holds an assistant key/)
  for (const text of [run.log, run.stderr, run.summary, JSON.stringify(run.outputs)]) expect(text).not.toContain(assistantKey)
  expect(sim.requests).toHaveLength(0)
})

test('a key pasted into the prompt is sent to the API as written but shown nowhere, comments included', async () => {
  const run = await runOn(sim, 'pull_request', pullRequestOpened(), {
    inputs: { prompt: `Rotate the docs example key ${sim.apiKey} in the quickstart` }
  })
  expect(run.exitCode).toBe(0)
  expect(promptOf(at(sim.mintlifyRequests(), 0, 'create request'))).toContain(sim.apiKey)
  expect(run.summary).toContain('Rotate the docs example key *** in the quickstart')
  expect(at(sim.github.comments(REPO, PULL), 0, 'status comment').body).toContain('Rotate the docs example key *** in the quickstart')
})

test.each([
  ['JSON-escaped', (key: string) => ({ json: `{"error":"Key ${key.replace(/_/g, '\\u005f')} is revoked"}`, type: 'application/json' })],
  ['URL-encoded', (key: string) => ({ json: `Key ${encodeURIComponent(key).replace(/_/g, '%5F')} is revoked`, type: 'text/plain' })]
])('a server echo of the key %s is cut before the output, the summary, the log and the PR comment', async (_form, echo) => {
  const { json, type } = echo(sim.apiKey)
  sim.route('POST', /\/v2\/agent\/[^/]+\/job$/, () => ({ status: 401, text: json, contentType: type }))
  // runOn's shared check decodes every encoding and fails the test if the key shows anywhere, GitHub request bodies included.
  const run = await runOn(sim, 'pull_request', pullRequestOpened(), { env: { RUNNER_DEBUG: '1' } })
  expectFailedWith(run, 'failed', /HTTP 401, the API key is invalid or expired.*\(server: "Key \*\*\* is revoked"\)/)
  expect(at(sim.github.comments(REPO, PULL), 0, 'status comment').body).toContain('Key \\*\\*\\* is revoked')
})
