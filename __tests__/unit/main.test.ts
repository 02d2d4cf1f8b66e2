/**
 * run() in-process, with @actions/core replaced by the typed fake in fixtures/core.ts (as in actions/typescript-action)
 * and the docs API answered by a scripted transport: what is masked, refused, sent and reported.
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { HttpRequest, HttpResponse, Transport } from '../../src/mintlify/transport.js'
import * as core from '../fixtures/core.js'
import { runner } from '../fixtures/core.js'
import { API_KEY } from '../fixtures/step-settings.js'
import { VirtualClock } from '../fixtures/virtual-clock.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')

/** Answers requests in order from `answers` (the last one repeats), recording each request. */
function scripted(...answers: HttpResponse[]): Transport & { requests: HttpRequest[] } {
  const requests: HttpRequest[] = []
  const transport = (request: HttpRequest): Promise<HttpResponse> => {
    requests.push(request)
    const answer = answers[Math.min(requests.length, answers.length) - 1]
    return answer ? Promise.resolve(answer) : Promise.reject(new Error('no answer scripted'))
  }
  return Object.assign(transport, { requests })
}

const json = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body)
})

const ENV = { GITHUB_EVENT_NAME: 'workflow_dispatch', GITHUB_REPOSITORY: 'octo-org/docs', GITHUB_WORKSPACE: '/tmp' }

beforeEach(() => {
  runner.reset({
    'api-key': API_KEY,
    'project-id': 'acme-docs',
    operation: 'job',
    prompt: 'Document the new flag.',
    context: 'false',
    wait: 'true',
    timeout: '30m',
    'poll-interval': '15s',
    'base-url': 'https://api.mintlify.com',
    comment: 'false',
    trigger: '/docs',
    'min-permission': 'write',
    'max-requests': '100',
    'dry-run': 'false',
    'show-reader-text': 'false'
  })
})

describe('run', () => {
  it('masks the key before anything else is said', async () => {
    runner.inputs['project-id'] = ''
    await run({ transport: scripted(), clock: new VirtualClock(), env: ENV })
    expect(runner.secrets).toEqual([API_KEY])
    expect(runner.maskedAfterLines).toEqual([0])
  })

  it('masks spend-token at once, whatever else is wrong', async () => {
    runner.inputs['project-id'] = ''
    runner.inputs['spend-token'] = ' ghs_LedgerT0kenOfTheSpendLimit '
    await run({ transport: scripted(), clock: new VirtualClock(), env: ENV })
    expect(runner.secrets).toEqual([API_KEY, 'ghs_LedgerT0kenOfTheSpendLimit'])
    expect(runner.maskedAfterLines).toEqual([0, 0])
  })

  it('refuses bad input in one sentence naming the input, before any request', async () => {
    runner.inputs['project-id'] = ''
    const transport = scripted()
    await run({ transport, clock: new VirtualClock(), env: ENV })
    expect(transport.requests).toEqual([])
    expect(runner.at('error')).toHaveLength(1)
    expect(runner.at('error')[0]).toMatch(/^Input 'project-id' .*\.$/)
    expect(runner.outputs).toMatchObject({ outcome: 'failed', 'failure-reason': runner.at('error')[0] })
  })

  it('creates the job, waits for it, and reports the pull request it opened', async () => {
    const prLink = 'https://github.com/octo-org/docs/pull/12'
    const transport = scripted(
      json(201, { id: 'job_1', status: 'active', prLink: null }),
      json(200, { id: 'job_1', status: 'active', prLink: null }),
      json(200, { id: 'job_1', status: 'completed', prLink })
    )
    await run({ transport, clock: new VirtualClock(), env: ENV })
    expect(transport.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /v2/agent/acme-docs/job',
      'GET /v2/agent/acme-docs/job/job_1',
      'GET /v2/agent/acme-docs/job/job_1'
    ])
    expect(transport.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(runner.at('error')).toEqual([])
    expect(runner.outputs).toMatchObject({ outcome: 'pr-opened', 'job-id': 'job_1', 'pr-link': prLink, 'pr-number': '12' })
  })

  it('never lets a key the server echoes, in any encoding, reach the outputs or the failure', async () => {
    const escaped = API_KEY.replace('_', '\\u005f')
    const transport = scripted(json(400, { error: `Invalid prompt for key ${escaped} and ${encodeURIComponent(API_KEY)}` }))
    await run({ transport, clock: new VirtualClock(), env: ENV })
    expect(runner.outputs.outcome).toBe('failed')
    const everything = JSON.stringify([runner.outputs, runner.at('error'), runner.lines])
    expect(everything).toContain('Invalid prompt')
    expect(everything).not.toContain(API_KEY)
    expect(everything).not.toContain('Zq7sEcReT0kEn4TeStS9xY')
  })

  it('logs a server message as one line that cannot pass for a workflow command, in the failure and every line', async () => {
    const transport = scripted(json(400, { error: 'Invalid prompt\n::warning::forged\r\n##[error]forged too\u2028::add-mask::x' }))
    await run({ transport, clock: new VirtualClock(), env: ENV })
    expect(runner.outputs.outcome).toBe('failed')
    const [failure] = runner.at('error')
    expect(failure).toContain('Invalid prompt ::warning::forged ## [error]forged too ::add-mask::x')
    for (const line of runner.lines) {
      expect(line).not.toMatch(/[\r\n\u2028\u2029]/)
      expect(line).not.toContain('##[')
    }
  })

  it('reports a job that is still running at the timeout as timed-out, with its id to follow', async () => {
    runner.inputs.timeout = '1m'
    const transport = scripted(json(201, { id: 'job_2', status: 'active' }), json(200, { id: 'job_2', status: 'active' }))
    await run({ transport, clock: new VirtualClock(), env: ENV })
    expect(runner.outputs).toMatchObject({ outcome: 'timed-out', 'job-id': 'job_2' })
    expect(runner.at('error')[0]).toContain('job_2')
  })
})

describe('a 402 (credits exhausted)', () => {
  it('ends a job over budget with the warning, the step not failed, the create sent once', async () => {
    const transport = scripted(json(402, { error: 'AI credits are exhausted for this billing cycle.' }))
    await run({ transport, clock: new VirtualClock(), env: ENV })
    expect(transport.requests).toHaveLength(1)
    expect(runner.at('error')).toEqual([])
    const warning = `Mintlify's AI credits are exhausted for this billing cycle: could not create the agent job (HTTP 402, server: "AI credits are exhausted for this billing cycle."); they renew with the next billing cycle, or upgrade the plan.`
    expect(runner.at('warning')).toEqual([warning])
    expect(runner.outputs).toMatchObject({ outcome: 'over-budget', 'failure-reason': warning })
  })

  it('that no operation judges itself (a docs-health read) still ends the run over budget, not failed', async () => {
    Object.assign(runner.inputs, {
      operation: 'report',
      prompt: '',
      'impact-weeks': '0',
      'date-from': '2026-03-01',
      'date-to': '2026-03-08'
    })
    const transport = scripted(json(402, { error: 'Payment Required' }))
    await run({ transport, clock: new VirtualClock(), env: ENV })
    expect(runner.at('error')).toEqual([])
    expect(runner.outputs.outcome).toBe('over-budget')
    expect(runner.at('warning').at(-1)).toMatch(
      /^Mintlify's AI credits are exhausted for this billing cycle: could not read the \S+ analytics/
    )
  })
})
