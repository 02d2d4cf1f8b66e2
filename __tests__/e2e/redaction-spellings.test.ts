/**
 * The sixth review's spellings of the key that passed redaction into the log, the outputs, the summary and a
 * comment: a named HTML reference, a second percent-encoding, `\x5f`, `\u{5f}`, hex, a key split by a line
 * break or a zero-width space, and a run of 16 of its characters. A server echoes each in its 401; the action
 * quotes it with the key cut, everywhere it shows it.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { pullRequestOpened, REPO, PULL } from '../fixtures/webhook-payloads.js'
import type { Simulator } from '../../simulator/index.js'
import { expectFailedWith } from './harness.js'
import { runOn, startHelloWorld } from './triggers/helpers.js'
import { at } from '../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const hex = (key: string): string => Buffer.from(key).toString('hex')

test.each([
  ['as a named HTML reference', (key: string) => key.replace(/_/g, '&lowbar;')],
  ['percent-encoded twice', (key: string) => key.replace(/_/g, '%255F')],
  ['with a JavaScript hex escape', (key: string) => key.replace(/_/g, '\\x5f')],
  ['with a code point escape', (key: string) => key.replace(/_/g, '\\u{5f}')],
  ['in hex', hex],
  ['in hex capitals, 16 digits of it', (key: string) => hex(key).toUpperCase().slice(4, 20)],
  ['split by a line break', (key: string) => `${key.slice(0, 12)}\n${key.slice(12)}`],
  ['split by zero-width spaces', (key: string) => [...key].join('\u200b')],
  ['as a run of 16 of its characters', (key: string) => key.slice(5, 21)]
])('a server echo of the key %s is cut from the output, the summary and the PR comment', async (_form, spell) => {
  const echo = `Key ${spell(sim.apiKey)} is revoked`
  sim.route('POST', /\/v2\/agent\/[^/]+\/job$/, () => ({ status: 401, text: echo, contentType: 'text/plain' }))
  const run = await runOn(sim, 'pull_request', pullRequestOpened(), { env: { RUNNER_DEBUG: '1' } })
  expectFailedWith(run, 'failed', /HTTP 401, the API key is invalid or expired.*\(server: "Key \*\*\* is revoked"\)/)
  expect(at(sim.github.comments(REPO, PULL), 0, 'status comment').body).toContain('Key \\*\\*\\* is revoked')
  for (const text of [run.log, run.stderr, run.summary, JSON.stringify(run.outputs)]) {
    expect(text).not.toContain(spell(sim.apiKey).replace(/\s/g, ' '))
  }
})
