/**
 * What a new user meets first (issue 35), on the bundled action: every input error at once with a job
 * summary, files kept inside the workspace, a base-url with the API's path, a trigger without its slash,
 * pr-number's new name, and an API that cannot be reached, named with the likely causes.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { closedPort } from '../fixtures/loopback-api.js'
import { annotations, expectFailedWith, runAgainst } from './harness.js'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator()
})
afterAll(async () => {
  await sim.close()
})

const TROUBLESHOOTING = /\[Troubleshooting\]\(https:\/\/github\.com\/[^)]+\/docs\/troubleshooting\.md\)/

test('both required inputs missing: both named, one error annotation each, and a job summary; nothing is sent', async () => {
  const before = sim.requests.length
  const run = await runAgainst(sim, { inputs: { 'api-key': '', 'project-id': '' }, eventName: 'workflow_dispatch' })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.outcome).toBe('failed')
  const errors = annotations(run, 'error')
  expect(errors).toHaveLength(2)
  expect(errors[0]).toMatch(/^Input 'api-key' is empty: /)
  expect(errors[1]).toMatch(/^Input 'project-id' is required: /)
  expect(run.outputs['failure-reason']).toBe(errors.join(' '))
  expect(run.summary).toContain('| Inputs to fix | `api-key`, `project-id` |')
  expect(run.summary).toContain('| Outcome | `failed` |')
  expect(run.summary).toContain('| api-key | empty |')
  expect(run.summary).toMatch(TROUBLESHOOTING)
  expect(sim.requests.length).toBe(before)
})

test.each<[string, Record<string, string>, RegExp]>([
  [
    'a base-url copied with /v2',
    { 'base-url': '{sim}/v2' },
    /^Input 'base-url' must be the API root, .*: drop '\/v2', which the action adds itself\.$/
  ],
  [
    'prompt-file /etc/passwd',
    { prompt: '', 'prompt-file': '/etc/passwd' },
    /^Input 'prompt-file' names \/etc\/passwd, which is outside the workspace /
  ],
  [
    'output-file /etc/x.json',
    { operation: 'visitors', 'output-file': '/etc/x.json' },
    /^Input 'output-file' names \/etc\/x\.json, which is outside the workspace /
  ],
  [
    'a prompt-file symlink leading out of the workspace',
    { prompt: '', 'prompt-file': 'prompts/linked.md' },
    /^Input 'prompt-file' names prompts\/linked\.md, which is outside the workspace \(.+\), symlinks followed: /
  ],
  ['a trigger without its slash', { trigger: 'docs' }, /^Input 'trigger' must be one word starting with \/, such as \/docs; got 'docs'\.$/]
])('refuses %s before any request, with a summary', async (_name, given, reason) => {
  const before = sim.requests.length
  const inputs = Object.fromEntries(Object.entries(given).map(([name, value]) => [name, value.replace('{sim}', sim.url)]))
  const run = await runAgainst(sim, { inputs, symlinks: { 'prompts/linked.md': '/etc/passwd' }, files: { 'prompts/.keep': '' } })
  expectFailedWith(run, 'failed', reason)
  expect(run.summary).toMatch(TROUBLESHOOTING)
  expect(sim.requests.length).toBe(before)
})

test('the old input name pr-number still works, with one warning naming comment-pr-number', async () => {
  const run = await runAgainst(sim, { inputs: { 'pr-number': '7', 'dry-run': 'true' }, eventName: 'workflow_dispatch' })
  expect(run.exitCode).toBe(0)
  const renamed = annotations(run, 'warning').filter((warning) => warning.includes("'pr-number'"))
  expect(renamed).toEqual([expect.stringMatching(/^Input 'pr-number' is now called 'comment-pr-number' /)])
})

test('an API that cannot be reached is named with the likely causes, and the summary links the troubleshooting page', async () => {
  const port = await closedPort()
  const run = await runAgainst(sim, { inputs: { 'base-url': `http://127.0.0.1:${port}`, wait: 'false', timeout: '1s' } })
  expect(run.exitCode).toBe(1)
  expect(run.outputs.outcome).toBe('failed')
  const reason = run.outputs['failure-reason'] ?? ''
  expect(reason).toMatch(new RegExp(`^Could not create the agent job: the connection to 127\\.0\\.0\\.1:${port} was refused`))
  for (const cause of [`check what keeps this runner from 127.0.0.1:${port}`, 'HTTPS_PROXY', 'GitHub Enterprise Server', 'IP allowlist'])
    expect(reason).toContain(cause)
  expect(run.summary).toMatch(TROUBLESHOOTING)
})
