/**
 * Bad input gets one clear sentence naming the input, and no request reaches the API.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { expectFailedWith, runAgainst } from './harness.js'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator()
})
afterAll(async () => {
  await sim.close()
})

const cases: [string, Record<string, string>, RegExp][] = [
  ['an empty api-key (a fork)', { 'api-key': '' }, /^Input 'api-key' is empty: .*forks/],
  ['an assistant key', { 'api-key': 'mint_dsc_abcdef0123456789' }, /^Input 'api-key' holds an assistant key/],
  ['a search index key', { 'api-key': 'mint_us_abcdef0123456789' }, /^Input 'api-key' holds a search index key/],
  ['an empty project-id', { 'project-id': ' ' }, /^Input 'project-id' is required/],
  [
    'an unknown operation',
    { operation: 'publish' },
    /^Input 'operation' must be one of job, message, visitors, views, feedback, searches, assistant, report, improve, deploy, preview, automation, static-export, sweep, translations, gate; got 'publish'\.$/
  ],
  [
    'a branch git would refuse',
    { operation: 'preview', branch: 'feature..x' },
    /^Input 'branch' is 'feature\.\.x', which is not a branch name git accepts: /
  ],
  ['an automation without its id', { operation: 'automation' }, /^Input 'automation-id' is required when operation is 'automation'/],
  ['a whitespace prompt', { prompt: '   \n ' }, /^Input 'prompt' is only whitespace/],
  [
    'a missing prompt-file',
    { prompt: '', 'prompt-file': 'prompts/missing.md' },
    /^Input 'prompt-file' names prompts\/missing\.md, which does not exist/
  ],
  [
    'an empty prompt-file',
    { prompt: '', 'prompt-file': 'prompts/empty.md' },
    /^Input 'prompt-file' names prompts\/empty\.md, which is empty/
  ],
  ['message without job-id', { operation: 'message' }, /^Input 'job-id' is required when operation is 'message'/],
  [
    'a timeout that is no duration',
    { timeout: 'soon' },
    /^Input 'timeout' must be a duration such as 500ms, 90s, 20m, 1h or plain seconds; got 'soon'\.$/
  ],
  ['a poll-interval under 100ms', { 'poll-interval': '50ms' }, /^Input 'poll-interval' must be at least 100ms/],
  ['a plain-http base-url off this machine', { 'base-url': 'http://api.example.com' }, /^Input 'base-url' must use https:\/\//],
  ['wait that is not a boolean', { wait: 'yes' }, /^Input 'wait' must be true or false; got 'yes'\.$/]
]

test.each(cases)('refuses %s before any request', async (_name, inputs, message) => {
  const before = sim.requests.length
  const run = await runAgainst(sim, { inputs, files: { 'prompts/empty.md': '  \n' } })
  expectFailedWith(run, 'failed', message)
  expect(sim.requests.length).toBe(before)
})

test('a key without the mint_ prefix is used, with a warning', async () => {
  const run = await runAgainst(sim, { inputs: { 'api-key': 'sk_not_a_mintlify_key' } })
  expect(run.log).toMatch(/::warning::Input 'api-key' does not start with mint_/)
  expect(run.log).not.toContain('sk_not_a_mintlify_key')
  expect(run.outputs['failure-reason']).toMatch(/HTTP 401/)
})

test('prompt-file is read relative to the workspace', async () => {
  const run = await runAgainst(sim, {
    inputs: { prompt: '', 'prompt-file': 'prompts/weekly.md', wait: 'false', context: 'false' },
    files: { 'prompts/weekly.md': 'Refresh the API reference.\n' }
  })
  expect(run.exitCode).toBe(0)
  const job = [...sim.jobs.values()].at(-1)
  expect(job?.prompt).toBe('Refresh the API reference.')
  expect(run.summary).toContain('prompt-file prompts/weekly.md')
})

test('a binary prompt-file (a PNG) is refused before any request, so no job of the hourly quota is spent', async () => {
  const before = sim.requests.length
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])
  const run = await runAgainst(sim, { inputs: { prompt: '', 'prompt-file': 'docs/logo.png' }, files: { 'docs/logo.png': png } })
  expectFailedWith(run, 'failed', /^Input 'prompt-file' names docs\/logo\.png, which holds binary data \(NUL bytes\), not text: /)
  expect(sim.requests.length).toBe(before)
})

test('an output-file below a regular file is refused naming output-file, before any request', async () => {
  const before = sim.requests.length
  const run = await runAgainst(sim, {
    inputs: { operation: 'visitors', 'output-file': 'notes.txt/visitors.json' },
    files: { 'notes.txt': 'x' }
  })
  expectFailedWith(
    run,
    'failed',
    /^Input 'output-file' names notes\.txt\/visitors\.json, which cannot be created: .*notes\.txt is a file, not a folder/
  )
  expect(run.log).not.toMatch(/ENOTDIR/)
  expect(sim.requests.length).toBe(before)
})

test('output-file is not looked at when the operation writes no file', async () => {
  const run = await runAgainst(sim, {
    inputs: { 'output-file': 'notes.txt/visitors.json', wait: 'false', context: 'false' },
    files: { 'notes.txt': 'x' }
  })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('started')
})

test('a timeout of 100000h is refused, and a 30-day Retry-After ends the run after one request instead of overflowing a timer', async () => {
  expectFailedWith(await runAgainst(sim, { inputs: { timeout: '100000h' } }), 'failed', /^Input 'timeout' must be at most 5 days \(120h\)/)
  const before = sim.mintlifyRequests().length
  sim.injectFault({ route: 'create', status: 429, retryAfter: String(30 * 24 * 3600), times: 5 })
  const run = await runAgainst(sim, { inputs: { timeout: '120h' } })
  expectFailedWith(
    run,
    'failed',
    /the API asks to wait .*, more than the .* left before the timeout, so retry after \d{4}-\d\d-\d\d \d\d:\d\d UTC/
  )
  expect(sim.mintlifyRequests().length - before).toBe(1)
  expect(run.stderr).not.toMatch(/TimeoutOverflowWarning/)
})
