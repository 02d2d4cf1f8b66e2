/**
 * The spend limit's one rule: every agent request (a job, a follow-up, an automation trigger) claims a
 * slot first. These tests fail when a request reaches the docs API without the claim: a new client method,
 * a new caller building its own request, a client made without the run's spend limit.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { DocsApiClient } from '../../../src/mintlify/client.js'
import { ApiError } from '../../../src/mintlify/errors.js'
import type { HttpRequest, HttpResponse, Transport } from '../../../src/mintlify/transport.js'
import { type AgentSpend, spent } from '../../../src/spend/agent-spend.js'
import { OverBudget } from '../../../src/spend/over-budget.js'
import { windowAt } from '../../../src/spend/window.js'
import { T0 } from '../../fixtures/agent-jobs.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

/** The docs API's agent requests: what spends credits and the agent quota. */
const AGENT_REQUEST = [
  /^\/v2\/agent\/[^/]+\/job$/,
  /^\/v2\/agent\/[^/]+\/job\/[^/]+\/message$/,
  /^\/v1\/workflow\/[^/]+\/[^/]+\/trigger$/,
  /^\/v2\/workflow\/[^/]+\/[^/]+\/webhook$/
]

const isAgentRequest = (request: HttpRequest): boolean =>
  request.method === 'POST' && AGENT_REQUEST.some((path) => path.test(new URL(request.url).pathname))

function recording(answer: HttpResponse): Transport & { requests: HttpRequest[] } {
  const requests: HttpRequest[] = []
  return Object.assign(
    (request: HttpRequest) => {
      requests.push(request)
      return Promise.resolve(answer)
    },
    { requests }
  )
}

const JOB = { status: 201, headers: { 'content-type': 'application/json' }, body: '{"id":"job_1","status":"active"}' }

/** A spend limit that counts claims and frees, refusing every claim when `full`. */
function countingSpend(full: boolean): AgentSpend & { claims: number; frees: number } {
  const spend = {
    claims: 0,
    frees: 0,
    claim: () => {
      spend.claims++
      if (full) return Promise.reject(new OverBudget('Spend limit reached.', windowAt('week', T0)))
      return Promise.resolve({ free: () => Promise.resolve(void spend.frees++) })
    }
  }
  return spend
}

function clientWith(spend: AgentSpend, transport: Transport): DocsApiClient {
  const clock = new VirtualClock(T0)
  return new DocsApiClient(
    { baseUrl: 'https://api.example.test', apiKey: 'mint_test', transport, clock, random: () => 0.5, deadline: T0 + 60_000 },
    spend
  )
}

/** Every public method of the client (not `agentRequest`, the claim's own path), called with stand-in arguments (an object where one is taken). */
async function callEveryMethod(client: DocsApiClient): Promise<string[]> {
  const names = Object.getOwnPropertyNames(DocsApiClient.prototype).filter(
    (name) =>
      !['constructor', 'agentRequest'].includes(name) &&
      typeof Object.getOwnPropertyDescriptor(DocsApiClient.prototype, name)?.value === 'function'
  )
  for (const name of names) {
    const method = (client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[name]
    const args = ['acme-docs', 'job_1', 'Document it.', 'x'].map((arg, index) =>
      index === 0 && name.toLowerCase().includes('export') ? { domain: 'docs.acme.test' } : arg
    )
    await method?.apply(client, args).catch(() => undefined)
  }
  return names
}

describe('every agent request claims a slot of the spend limit first', () => {
  it('a full spend limit stops every agent request the client can send, before it reaches the API', async () => {
    const transport = recording(JOB)
    const spend = countingSpend(true)
    const methods = await callEveryMethod(clientWith(spend, transport))
    expect(methods).toEqual(expect.arrayContaining(['createJob', 'sendMessage', 'triggerAutomation', 'triggerAutomationWebhook']))
    expect(transport.requests.filter(isAgentRequest)).toEqual([])
    // The reads and the other triggers still went out: this test sees requests when they are sent.
    expect(transport.requests.length).toBeGreaterThan(0)
    expect(spend.claims).toBeGreaterThanOrEqual(4)
  })

  it('with room, each agent request claims exactly once and is sent; no other request claims', async () => {
    const transport = recording(JOB)
    const spend = countingSpend(false)
    await callEveryMethod(clientWith(spend, transport))
    const agentRequests = transport.requests.filter(isAgentRequest)
    expect(agentRequests.length).toBeGreaterThanOrEqual(4)
    expect(spend.claims).toBe(agentRequests.length)
  })

  it('frees the slot when the answer says nothing was created, keeps it when the request may have been taken', async () => {
    const spend = countingSpend(false)
    await expect(spent(spend, () => Promise.reject(new ApiError('HTTP 400', 400, false)))).rejects.toThrow('HTTP 400')
    expect(spend.frees).toBe(1)
    await expect(spent(spend, () => Promise.reject(new ApiError('timed out', null, true)))).rejects.toThrow('timed out')
    expect(spend.frees).toBe(1)
    await expect(spent(spend, () => Promise.resolve('sent'))).resolves.toBe('sent')
    expect([spend.claims, spend.frees]).toEqual([3, 1])
  })

  it('no module but the client builds a docs API request, and the client is made in one place, with the run spend limit', () => {
    const src = join(process.cwd(), 'src')
    const files = listFiles(src).filter((file) => file.endsWith('.ts'))
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      const name = relative(src, file)
      const problems: string[] = []
      // Only the clients send requests: RequestSender is theirs (a type or error class import is fine).
      if (/\bnew RequestSender\(/.test(text) && !['mintlify/client.ts', 'mintlify/search.ts'].includes(name)) problems.push(name)
      // A transport of its own would reach the API beside the clients.
      if (/\bcreateNodeTransport\(/.test(text) && !['main.ts', 'mintlify/transport.ts'].includes(name))
        problems.push(`${name} makes a transport`)
      if (/\bnew DocsApiClient\(/.test(text) && name !== 'main.ts') problems.push(`${name} makes a client of its own`)
      return problems
    })
    expect(offenders).toEqual([])
    // The one client the operations get carries the run's spend limit.
    expect(readFileSync(join(src, 'main.ts'), 'utf8')).toMatch(/new DocsApiClient\(\{[^)]*\}, spend \?\? NO_SPEND_LIMIT\)/)
    // In the client, every method that sends a POST of the agent's sends it as an agent request, which claims through `spent`.
    const client = readFileSync(join(src, 'mintlify/client.ts'), 'utf8')
    const methods = client.split(/\n {2}(?=[a-zA-Z]+\([^)]*\): Promise<)/).slice(1)
    const agentPosts = methods.filter(
      (body) => body.includes("method: 'POST'") && /family: 'agent'|DEPLOYMENT_PATHS\.(automation|webhook)/.test(body)
    )
    expect(agentPosts.length).toBeGreaterThanOrEqual(4)
    for (const body of agentPosts) expect(body).toMatch(/return this\.agentRequest\(/)
    expect(client).toMatch(
      /agentRequest<T>\(.*\): Promise<T> \{\n\s*return spent\(this\.spend, \(\) => this\.requests\.call\(call, parse\)\)/
    )
  })
})

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(folder, entry.name)) : [join(folder, entry.name)]
  )
}
