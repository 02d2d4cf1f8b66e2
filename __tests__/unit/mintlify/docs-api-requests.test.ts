import { NO_SPEND_LIMIT } from '../../../src/spend/agent-spend.js'
import { afterEach, describe, expect, it } from '@jest/globals'
import type { Clock } from '../../../src/clock.js'
import { ApiError, CreditsExhausted } from '../../../src/mintlify/errors.js'
import { type ClientOptions, RequestBudgetSpent } from '../../../src/mintlify/request.js'
import { DocsApiClient } from '../../../src/mintlify/client.js'
import { createNodeTransport, type HttpRequest, type Transport } from '../../../src/mintlify/transport.js'
import { jobRecord, T0 } from '../../fixtures/agent-jobs.js'
import { deploymentRecord } from '../../fixtures/deployment-records.js'
import { settled } from '../../fixtures/settled.js'
import { API_KEY, PROJECT_ID } from '../../fixtures/step-settings.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'
import { type Answer, closeApis, closedPort, hang, json, resetConnection, startApi, text } from '../../fixtures/loopback-api.js'
import { at, only } from '../../expect-helpers.js'

afterEach(closeApis)

const HTML_502 = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>nginx</p></body></html>'

interface TestClient {
  client: DocsApiClient
  clock: VirtualClock
  retries: string[]
}

/** A client with the real Node transport, a fake clock (backoff takes no time) and jitter fixed at 0.5. */
function clientFor(baseUrl: string, options: Partial<ClientOptions> = {}): TestClient {
  const clock = new VirtualClock(T0)
  const retries: string[] = []
  const client = new DocsApiClient(
    {
      baseUrl,
      apiKey: API_KEY,
      transport: createNodeTransport(),
      clock,
      random: () => 0.5,
      deadline: clock.now() + 30 * 60_000,
      onRetry: (message) => retries.push(message),
      ...options
    },
    NO_SPEND_LIMIT
  )
  return { client, clock, retries }
}

/** The ApiError a call rejects with; fails the test if it resolves. */
async function apiError(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('the call succeeded')
}

describe('requests', () => {
  it('sends the admin key as a bearer token and the prompt as JSON', async () => {
    const api = await startApi(json(201, jobRecord()))
    await clientFor(api.url).client.createJob(PROJECT_ID, 'Document the --dry-run flag.')

    expect(api.received).toHaveLength(1)
    const request = only(api.received, 'request')
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/v2/agent/acme-docs/job')
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers.accept).toBe('application/json')
    expect(JSON.parse(request.body)).toEqual({ prompt: 'Document the --dry-run flag.' })
  })

  it('parses the job of a 201 answer, keeping the whole record', async () => {
    const record = jobRecord({ id: 'job_77', status: 'active', extra: { note: 'new field' } })
    const api = await startApi(json(201, record))
    const job = await clientFor(api.url).client.createJob(PROJECT_ID, 'Go')

    expect(job.id).toBe('job_77')
    expect(job.status).toBe('active')
    expect(job.repository).toBe('https://github.com/acme/docs')
    expect(job.ref).toBe('main')
    expect(job.raw).toEqual(record)
  })

  it('polls a job with a GET that has no body, encoding the ids into the path', async () => {
    const api = await startApi(json(200, jobRecord({ id: 'job/1', status: 'completed' })))
    const job = await clientFor(api.url).client.getJob(PROJECT_ID, 'job/1')

    expect(job.status).toBe('completed')
    const request = at(api.received, 0, 'request')
    expect(request.method).toBe('GET')
    expect(request.url).toBe('/v2/agent/acme-docs/job/job%2F1')
    expect(request.body).toBe('')
    expect(request.headers['content-type']).toBeUndefined()
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`)
  })

  it('sends a follow-up message to the job it names', async () => {
    const api = await startApi(json(200, jobRecord({ id: 'job_5' })))
    const job = await clientFor(api.url).client.sendMessage(PROJECT_ID, 'job_5', 'Also update the FAQ.')

    expect(job.id).toBe('job_5')
    const request = at(api.received, 0, 'request')
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/v2/agent/acme-docs/job/job_5/message')
    expect(JSON.parse(request.body)).toEqual({ prompt: 'Also update the FAQ.' })
  })
})

describe('retries', () => {
  it('retries a GET after 503 and then succeeds', async () => {
    const api = await startApi(json(503, { error: 'Service Unavailable' }), json(200, jobRecord({ status: 'completed' })))
    const { client, clock, retries } = clientFor(api.url)
    const job = await client.getJob(PROJECT_ID, 'job_1')

    expect(job.status).toBe('completed')
    expect(api.received.map((r) => r.method)).toEqual(['GET', 'GET'])
    expect(clock.sleeps).toEqual([500])
    expect(retries).toEqual(['GET /v2/agent/acme-docs/job/job_1: HTTP 503; retrying in 500ms (attempt 2 of 5).'])
  })

  it('gives up a GET after 5 attempts, the backoff doubling each time', async () => {
    const api = await startApi(json(503, { error: 'Service Unavailable' }))
    const { client, clock } = clientFor(api.url)
    const error = await apiError(client.getJob(PROJECT_ID, 'job_1'))

    expect(api.received).toHaveLength(5)
    expect(clock.sleeps).toEqual([500, 1_000, 2_000, 4_000])
    expect(error.message).toBe(
      'Could not read agent job job_1: HTTP 503, the Mintlify API had a server error (server: "Service Unavailable") after 5 attempts.'
    )
    expect(error.status).toBe(503)
    expect(error.uncertain).toBe(false)
  })

  it('retries a GET whose connection was reset', async () => {
    const api = await startApi(resetConnection, json(200, jobRecord()))
    const { client, clock } = clientFor(api.url)
    await expect(client.getJob(PROJECT_ID, 'job_1')).resolves.toMatchObject({ id: 'job_1' })
    expect(api.received).toHaveLength(2)
    expect(clock.sleeps).toEqual([500])
  })

  it('does not retry a GET after 404', async () => {
    const api = await startApi(json(404, { error: 'Job not found' }))
    const { client, clock } = clientFor(api.url)
    const error = await apiError(client.getJob(PROJECT_ID, 'job_9'))

    expect(api.received).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(error.status).toBe(404)
    expect(error.message).toBe(
      'Could not read agent job job_9: HTTP 404, job job_9 was not found in project acme-docs (server: "Job not found").'
    )
  })

  it('sends a create exactly once after a 500 and says the job may have been created', async () => {
    const api = await startApi(json(500, { error: 'Internal Server Error' }))
    const { client, clock } = clientFor(api.url)
    const error = await apiError(client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(error.status).toBe(500)
    expect(error.uncertain).toBe(true)
    expect(error.message).toBe(
      'Could not create the agent job: HTTP 500, the Mintlify API had a server error (server: "Internal Server Error"); ' +
        'the job may have been created anyway, so check the agent jobs in the Mintlify dashboard before running again.'
    )
  })

  it('never retries a POST after a timeout', async () => {
    const api = await startApi(hang)
    const { client, clock } = clientFor(api.url, { requestTimeoutMs: 200 })
    const error = await apiError(client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(error.status).toBeNull()
    expect(error.uncertain).toBe(true)
    expect(error.message).toBe(
      'Could not create the agent job: no response within 200ms; ' +
        'the job may have been created anyway, so check the agent jobs in the Mintlify dashboard before running again.'
    )
  })

  it('never retries a POST after the connection is reset', async () => {
    const api = await startApi(resetConnection)
    const { client, clock } = clientFor(api.url)
    const error = await apiError(client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(error.uncertain).toBe(true)
    expect(error.message).toContain('the connection was closed before a response arrived')
    expect(error.message).toContain('the job may have been created anyway')
  })

  it('never retries a follow-up message after a timeout and says it may have been delivered', async () => {
    const api = await startApi(hang)
    const { client } = clientFor(api.url, { requestTimeoutMs: 200 })
    const error = await apiError(client.sendMessage(PROJECT_ID, 'job_5', 'More'))

    expect(api.received).toHaveLength(1)
    expect(error.message).toContain('the message may have been delivered anyway, so check job job_5')
  })

  it('retries a POST after 429, waiting as long as Retry-After says', async () => {
    const api = await startApi(text(429, 'Too Many Requests', 'text/plain', { 'retry-after': '7' }), json(201, jobRecord({ id: 'job_2' })))
    const { client, clock, retries } = clientFor(api.url)
    const job = await client.createJob(PROJECT_ID, 'Go')

    expect(job.id).toBe('job_2')
    expect(api.received).toHaveLength(2)
    expect(clock.sleeps).toEqual([7_000])
    expect(retries).toEqual(['POST /v2/agent/acme-docs/job: HTTP 429; retrying in 7s (attempt 2 of 5).'])
  })

  it('honours a Retry-After given as an HTTP date', async () => {
    const clock = new VirtualClock(T0)
    const retryAt = new Date(clock.now() + 45_000).toUTCString()
    const api = await startApi(json(429, { error: 'Rate limit exceeded' }, { 'retry-after': retryAt }), json(201, jobRecord()))
    const { client } = clientFor(api.url, { clock, deadline: clock.now() + 30 * 60_000 })
    await client.createJob(PROJECT_ID, 'Go')

    expect(clock.sleeps).toEqual([45_000])
    expect(api.received).toHaveLength(2)
  })

  it('retries a POST whose connection was refused, and never claims the job may exist', async () => {
    const port = await closedPort()
    const { client, clock } = clientFor(`http://127.0.0.1:${port}`)
    const error = await apiError(client.createJob(PROJECT_ID, 'Go'))

    expect(clock.sleeps).toEqual([500, 1_000, 2_000, 4_000])
    expect(error.uncertain).toBe(false)
    expect(error.status).toBeNull()
    expect(error.message).toMatch(
      new RegExp(
        `^Could not create the agent job: the connection to 127\\.0\\.0\\.1:${port} was refused after 5 attempts; check what keeps this runner from 127\\.0\\.0\\.1:${port}: a proxy .*HTTPS_PROXY`
      )
    )
    expect(error.message).not.toContain('may have been')
  })

  it('ends with the time to retry when Retry-After is beyond the deadline', async () => {
    const api = await startApi(json(429, { error: 'Rate limit exceeded' }, { 'retry-after': '3600' }))
    const clock = new VirtualClock(T0)
    const { client } = clientFor(api.url, { clock, deadline: clock.now() + 60_000 })
    const error = await apiError(client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(error.status).toBe(429)
    expect(error.uncertain).toBe(false)
    expect(error.message).toBe(
      'Could not create the agent job: HTTP 429, the rate limit is reached (100 job creations and messages per project per hour) (server: "Rate limit exceeded"); ' +
        'the API asks to wait 1h 00m, more than the 1m 00s left before the timeout, so retry after 2025-01-15 13:00 UTC.'
    )
  })

  it('ends a GET when the next backoff would outlast the deadline, saying so', async () => {
    const api = await startApi(json(503, { error: 'Service Unavailable' }))
    const clock = new VirtualClock(T0)
    const { client } = clientFor(api.url, { clock, deadline: clock.now() + 700 })
    const error = await apiError(client.getJob(PROJECT_ID, 'job_1'))

    // First backoff 500 ms fits in 700 ms; the second (1 s) does not fit in the 200 ms left.
    expect(api.received).toHaveLength(2)
    expect(clock.sleeps).toEqual([500])
    expect(error.message).toBe(
      'Could not read agent job job_1: HTTP 503, the Mintlify API had a server error (server: "Service Unavailable") after 2 attempts; ' +
        'the next retry would not fit in the 200ms left before the timeout.'
    )
  })

  it('still explains a 429 whose Retry-After is absurdly far away', async () => {
    const api = await startApi(json(429, { error: 'Rate limit exceeded' }, { 'retry-after': '99999999999999' }))
    const error = await apiError(clientFor(api.url).client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(error.status).toBe(429)
    expect(error.message).toMatch(/^Could not create the agent job: HTTP 429, the rate limit is reached/)
  })
})

describe('credits', () => {
  it('ends a create at once on a 402, credits exhausted, never sent again', async () => {
    const api = await startApi(json(402, { error: 'AI credits exhausted for this billing cycle' }))
    const { client, clock } = clientFor(api.url)
    const error = await apiError(client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(error).toBeInstanceOf(CreditsExhausted)
    expect(error.uncertain).toBe(false)
    expect(error.message).toBe(
      `Mintlify's AI credits are exhausted for this billing cycle: could not create the agent job (HTTP 402, server: "AI credits exhausted for this billing cycle"); they renew with the next billing cycle, or upgrade the plan.`
    )
  })

  it('ends a GET at once on a 402 too: waiting does not renew credits', async () => {
    const api = await startApi(json(402, { error: 'Payment Required' }))
    const error = await apiError(clientFor(api.url).client.getJob(PROJECT_ID, 'job_1'))

    expect(api.received).toHaveLength(1)
    expect(error).toBeInstanceOf(CreditsExhausted)
  })

  it('retries a create after a 503 "Credit check failed", with backoff, and creates the job once', async () => {
    const api = await startApi(json(503, { error: 'Credit check failed. Retry the request.' }), json(201, jobRecord({ id: 'job_5' })))
    const { client, clock, retries } = clientFor(api.url)
    const job = await client.createJob(PROJECT_ID, 'Go')

    expect(job.id).toBe('job_5')
    expect(api.received.map((r) => r.method)).toEqual(['POST', 'POST'])
    expect(clock.sleeps).toEqual([500])
    expect(retries).toEqual(['POST /v2/agent/acme-docs/job: HTTP 503; retrying in 500ms (attempt 2 of 5).'])
  })

  it('gives up after 5 credit-check 503s, saying nothing was queued and not that the job may exist', async () => {
    const api = await startApi(json(503, { error: 'Credit check failed. Retry the request.' }))
    const error = await apiError(clientFor(api.url).client.triggerAutomation(PROJECT_ID, 'auto_1'))

    expect(api.received).toHaveLength(5)
    expect(error.uncertain).toBe(false)
    expect(error.message).toBe(
      `Could not trigger automation auto_1: HTTP 503, Mintlify's credit check failed, so nothing was queued (server: "Credit check failed. Retry the request.") after 5 attempts.`
    )
  })

  it('still sends a create once after any other 503', async () => {
    const api = await startApi(json(503, { error: 'Service Unavailable' }))
    const error = await apiError(clientFor(api.url).client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(error.uncertain).toBe(true)
  })
})

describe('error texts', () => {
  it('explains a 401 as an invalid or expired key', async () => {
    const api = await startApi(json(401, { error: 'Invalid API key' }))
    const error = await apiError(clientFor(api.url).client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(error.status).toBe(401)
    expect(error.uncertain).toBe(false)
    expect(error.message).toMatch(
      /^Could not create the agent job: HTTP 401, the API key is invalid or expired, or the organization's plan has no API access .*\(server: "Invalid API key"\)\.$/
    )
  })

  it('explains a 403 as a missing scope or an IP allowlist, without retrying the GET', async () => {
    const api = await startApi(json(403, { error: 'Forbidden' }))
    const error = await apiError(clientFor(api.url).client.getJob(PROJECT_ID, 'job_1'))

    expect(api.received).toHaveLength(1)
    expect(error.status).toBe(403)
    expect(error.message).toContain('HTTP 403')
    expect(error.message).toContain('lacks the read scope this GET needs')
    expect(error.message).toContain('IP allowlist')
    expect(error.message).toContain('(server: "Forbidden")')
  })

  it('says the project was not found on a 404 to create', async () => {
    const api = await startApi(json(404, { error: 'Project not found' }))
    const error = await apiError(clientFor(api.url).client.createJob('nope', 'Go'))

    expect(error.message).toBe(
      'Could not create the agent job: HTTP 404, project nope was not found; check project-id (server: "Project not found").'
    )
    expect(error.uncertain).toBe(false)
  })

  it('does not dump an HTML error page', async () => {
    const api = await startApi(text(502, HTML_502, 'text/html'))
    const error = await apiError(clientFor(api.url).client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(error.message).toBe(
      'Could not create the agent job: HTTP 502, the Mintlify API had a server error; ' +
        'the job may have been created anyway, so check the agent jobs in the Mintlify dashboard before running again.'
    )
    expect(error.message).not.toContain('<')
    expect(error.message).not.toContain('nginx')
  })

  it('treats malformed JSON on a 2xx as an unreadable answer and does not send the create again', async () => {
    const api = await startApi(text(201, '{"id": "job_1", "status": ', 'application/json'))
    const error = await apiError(clientFor(api.url).client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(error.status).toBeNull()
    expect(error.uncertain).toBe(true)
    expect(error.message).toBe(
      'Could not create the agent job: the response was not the JSON the API documents; ' +
        'the job may have been created anyway, so check the agent jobs in the Mintlify dashboard before running again.'
    )
  })

  it('polls again when a GET answer is not JSON', async () => {
    const api = await startApi(text(200, 'OK', 'text/plain'), json(200, jobRecord({ status: 'failed' })))
    const job = await clientFor(api.url).client.getJob(PROJECT_ID, 'job_1')

    expect(job.status).toBe('failed')
    expect(api.received).toHaveLength(2)
  })

  it('gives an unreadable GET answer the same five attempts as a 5xx, then says how many it took', async () => {
    const api = await startApi(text(200, 'OK', 'text/plain'))
    const error = await apiError(clientFor(api.url).client.getJob(PROJECT_ID, 'job_1'))

    expect(error.message).toBe('Could not read agent job job_1: the response was not the JSON the API documents after 5 attempts.')
    expect(api.received).toHaveLength(5)
  })

  it('reads the job after two unreadable answers in a row', async () => {
    const api = await startApi(
      text(200, '{"id":', 'application/json'),
      text(200, '<html>', 'text/html'),
      json(200, jobRecord({ status: 'completed' }))
    )
    expect((await clientFor(api.url).client.getJob(PROJECT_ID, 'job_1')).status).toBe('completed')
    expect(api.received).toHaveLength(3)
  })
})

describe('the request budget', () => {
  it('stops retrying when the budget is spent, naming the failure that spent it', async () => {
    const api = await startApi(json(503, { error: 'Upstream unavailable' }))
    const { client } = clientFor(api.url, { requestBudget: 3 })
    const error = await client
      .getAnalyticsPage('visitors', PROJECT_ID, { dateFrom: null, dateTo: null, limit: 250, offset: 0 })
      .catch((e: unknown) => e)

    expect(error).toBeInstanceOf(RequestBudgetSpent)
    expect((error as RequestBudgetSpent).lastFailure).toBe(
      'Could not read the visitors analytics (offset 0): HTTP 503, the Mintlify API had a server error (server: "Upstream unavailable") after 3 attempts.'
    )
    expect(api.received).toHaveLength(3)
    expect(client.requestsSent).toBe(3)
  })

  it('sends nothing once the budget is spent', async () => {
    const api = await startApi(json(200, { totals: { human: 1, ai: 0, total: 1 }, visitors: [], hasMore: false }))
    const { client } = clientFor(api.url, { requestBudget: 1 })
    await client.getAnalyticsPage('visitors', PROJECT_ID, { dateFrom: null, dateTo: null, limit: 250, offset: 0 })
    const error = await client
      .getAnalyticsPage('visitors', PROJECT_ID, { dateFrom: null, dateTo: null, limit: 250, offset: 250 })
      .catch((e: unknown) => e)

    expect(error).toBeInstanceOf(RequestBudgetSpent)
    expect((error as RequestBudgetSpent).lastFailure).toBeNull()
    expect(api.received).toHaveLength(1)
  })
})

describe('the key never leaks', () => {
  it.each<[string, Answer]>([
    ['a 401 JSON error', json(401, { error: `Invalid API key: ${API_KEY}` })],
    ['a 400 JSON message and details', json(400, { message: `Bad header Bearer ${API_KEY}`, details: [{ message: API_KEY }] })],
    ['a 403 plain-text page', text(403, `Key ${API_KEY} is not allowed from this IP`)],
    ['a 404 with the key in text', text(404, `no project for token ${API_KEY}`)]
  ])('keeps the key out of the message when the server echoes it in %s', async (_name, answer) => {
    const api = await startApi(answer)
    const error = await apiError(clientFor(api.url).client.createJob(PROJECT_ID, 'Go'))

    expect(error.message).toContain('***')
    expect(error.message).not.toContain(API_KEY)
    expect(error.message).not.toContain(API_KEY.slice(5))
  })

  it('keeps the key out of a job record that echoes it (a reason, any text field)', async () => {
    const api = await startApi(json(200, jobRecord({ status: 'failed', error: `Agent could not use ${API_KEY}`, model: API_KEY })))
    const job = await clientFor(api.url).client.getJob(PROJECT_ID, 'job_1')

    expect(job.reason).toBe('Agent could not use ***')
    expect(JSON.stringify(job.raw)).not.toContain(API_KEY)
  })

  it('keeps the key out of the retry log and the final message of a GET', async () => {
    const api = await startApi(json(503, { error: `upstream rejected ${API_KEY}` }))
    const { client, retries } = clientFor(api.url)
    const error = await apiError(client.getJob(PROJECT_ID, 'job_1'))

    expect(retries).toHaveLength(4)
    for (const line of [...retries, error.message]) expect(line).not.toContain(API_KEY)
  })
})

describe('time limits', () => {
  /** A transport that records each request and answers with a job. */
  function recordingTransport(requests: HttpRequest[]): Transport {
    return (request) =>
      settled(() => {
        requests.push(request)
        return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(jobRecord()) }
      })
  }

  it('gives each request 30 s by default', async () => {
    const requests: HttpRequest[] = []
    const { client } = clientFor('https://api.mintlify.com', { transport: recordingTransport(requests) })
    await client.getJob(PROJECT_ID, 'job_1')
    expect(at(requests, 0, 'request').timeoutMs).toBe(30_000)
    expect(at(requests, 0, 'request').url).toBe('https://api.mintlify.com/v2/agent/acme-docs/job/job_1')
  })

  it('cuts the request timeout to the time left before the deadline', async () => {
    const requests: HttpRequest[] = []
    const clock = new VirtualClock(T0)
    const { client } = clientFor('https://api.mintlify.com', {
      clock,
      deadline: clock.now() + 5_000,
      transport: recordingTransport(requests)
    })
    await client.getJob(PROJECT_ID, 'job_1')
    expect(at(requests, 0, 'request').timeoutMs).toBe(5_000)
  })

  it('still gives a request at the deadline one second to answer', async () => {
    const requests: HttpRequest[] = []
    const clock = new VirtualClock(T0)
    const { client } = clientFor('https://api.mintlify.com', {
      clock,
      deadline: clock.now() + 200,
      transport: recordingTransport(requests)
    })
    await client.getJob(PROJECT_ID, 'job_1')
    expect(at(requests, 0, 'request').timeoutMs).toBe(1_000)
  })

  it('does not claim a create may have happened when cancelled while waiting to retry after a 429', async () => {
    const cancel = new AbortController()
    const api = await startApi(json(429, { error: 'Rate limit exceeded' }, { 'retry-after': '30' }), json(201, jobRecord()))
    const base = new VirtualClock(T0)
    // The workflow is cancelled while the client waits out Retry-After: the create was refused and not sent again.
    const clock: Clock = {
      now: base.now,
      sleep: async (ms, signal) => {
        cancel.abort()
        return base.sleep(ms, signal)
      }
    }
    const { client } = clientFor(api.url, { clock, signal: cancel.signal })
    const error = await apiError(client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(error.uncertain).toBe(false)
    expect(error.message).toContain('cancelled')
    expect(error.message).not.toContain('may have been created')
  })

  it('stops at once when the workflow is cancelled during a create, saying the job may exist', async () => {
    const cancel = new AbortController()
    const api = await startApi(() => cancel.abort())
    const { client, clock } = clientFor(api.url, { signal: cancel.signal })
    const error = await apiError(client.createJob(PROJECT_ID, 'Go'))

    expect(api.received).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(error.uncertain).toBe(true)
    expect(error.message).toBe(
      'Could not create the agent job: the workflow was cancelled while the request was in flight; ' +
        'the job may have been created anyway, so check the agent jobs in the Mintlify dashboard before running again.'
    )
  })
})

describe('deployments, previews and automations', () => {
  const PREVIEW = { statusId: 'st_2', previewUrl: 'https://acme-feature-x.mintlify.app' }
  const AUTOMATION = { schemaId: 'sch_1', instanceId: 'run_1', jobId: 'bg_1' }

  it('triggers a deploy with one bodyless POST and reads the status id of the 202', async () => {
    const api = await startApi(json(202, { statusId: 'st_1' }))
    const trigger = await clientFor(api.url).client.triggerDeploy(PROJECT_ID)

    expect(trigger.statusId).toBe('st_1')
    const request = only(api.received, 'request')
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/v1/project/update/acme-docs')
    expect(request.body).toBe('')
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`)
  })

  it('triggers a preview of the branch it names and reads the status id and preview URL of the 202', async () => {
    const api = await startApi(json(202, PREVIEW))
    const trigger = await clientFor(api.url).client.triggerPreview(PROJECT_ID, 'feature/x')

    expect(trigger).toMatchObject({ statusId: 'st_2', previewUrl: 'https://acme-feature-x.mintlify.app' })
    const request = only(api.received, 'request')
    expect(request.url).toBe('/v1/project/preview/acme-docs')
    expect(request.headers['content-type']).toBe('application/json')
    expect(JSON.parse(request.body)).toEqual({ branch: 'feature/x' })
  })

  it('reads a deployment status with a GET, encoding the status id into the path', async () => {
    const api = await startApi(json(200, deploymentRecord({ _id: 'st/1', status: 'in_progress' })))
    const status = await clientFor(api.url).client.getDeploymentStatus('st/1')

    expect(status).toMatchObject({ id: 'st/1', status: 'in_progress', subdomain: 'acme' })
    const request = only(api.received, 'request')
    expect(request.method).toBe('GET')
    expect(request.url).toBe('/v1/project/update-status/st%2F1')
  })

  it('triggers an automation and reads the queued run of the 202', async () => {
    const api = await startApi(json(202, AUTOMATION))
    const trigger = await clientFor(api.url).client.triggerAutomation(PROJECT_ID, 'auto 1')

    expect(trigger).toMatchObject(AUTOMATION)
    const request = only(api.received, 'request')
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/v1/workflow/acme-docs/auto%201/trigger')
    expect(request.body).toBe('')
  })

  it.each<[string, (client: DocsApiClient) => Promise<unknown>, string]>([
    ['deploy', (client) => client.triggerDeploy(PROJECT_ID), 'the deployment may have started anyway'],
    ['preview', (client) => client.triggerPreview(PROJECT_ID, 'feature-x'), 'the preview deployment may have started anyway'],
    ['automation', (client) => client.triggerAutomation(PROJECT_ID, 'auto_1'), 'the automation run may have started anyway']
  ])('never retries a %s trigger after a 5xx, and says it may have started', async (_name, trigger, doubt) => {
    const api = await startApi(json(503, { error: 'Service Unavailable' }), json(202, { ...PREVIEW, ...AUTOMATION }))
    const { client, clock } = clientFor(api.url)
    const error = await apiError(trigger(client))

    expect(api.received).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(error.uncertain).toBe(true)
    expect(error.message).toContain(doubt)
  })

  it('says where to check before deploying again after a 500', async () => {
    const api = await startApi(json(500, { error: 'Internal Server Error' }))
    const error = await apiError(clientFor(api.url).client.triggerDeploy(PROJECT_ID))

    expect(error.message).toBe(
      'Could not trigger the deployment: HTTP 500, the Mintlify API had a server error (server: "Internal Server Error"); ' +
        'the deployment may have started anyway, so check the deployments in the Mintlify dashboard before running again.'
    )
  })

  it('never sends a trigger again after a timeout', async () => {
    const api = await startApi(hang)
    const { client, clock } = clientFor(api.url, { requestTimeoutMs: 200 })
    const error = await apiError(client.triggerPreview(PROJECT_ID, 'feature-x'))

    expect(api.received).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
    expect(error.message).toBe(
      'Could not trigger the preview of branch feature-x: no response within 200ms; the preview deployment may have started anyway, ' +
        'so check the previews of branch feature-x in the Mintlify dashboard before running again.'
    )
  })

  it('treats a 202 without a status id as an answer in doubt, not sent again', async () => {
    const api = await startApi(json(202, { queued: true }))
    const error = await apiError(clientFor(api.url).client.triggerDeploy(PROJECT_ID))

    expect(api.received).toHaveLength(1)
    expect(error.uncertain).toBe(true)
    expect(error.message).toContain('the response was not the JSON the API documents; the deployment may have started anyway')
  })

  it('retries a deploy trigger after 429, once Retry-After has passed, and deploys once', async () => {
    const api = await startApi(json(429, { error: 'Rate limit exceeded' }, { 'retry-after': '10' }), json(202, { statusId: 'st_1' }))
    const { client, clock, retries } = clientFor(api.url)
    const trigger = await client.triggerDeploy(PROJECT_ID)

    expect(trigger.statusId).toBe('st_1')
    expect(api.received).toHaveLength(2)
    expect(clock.sleeps).toEqual([10_000])
    expect(retries).toEqual(['POST /v1/project/update/acme-docs: HTTP 429; retrying in 10s (attempt 2 of 5).'])
  })

  it.each<[string, (client: DocsApiClient) => Promise<unknown>, string]>([
    ['deploy', (client) => client.triggerDeploy(PROJECT_ID), 'deploys and automation triggers share 10 per 10 seconds per organization'],
    [
      'automation',
      (client) => client.triggerAutomation(PROJECT_ID, 'auto_1'),
      'deploys and automation triggers share 10 per 10 seconds per organization'
    ],
    ['preview', (client) => client.triggerPreview(PROJECT_ID, 'feature-x'), '5 preview deployments per minute per organization']
  ])('names the documented rate limit of a %s trigger on a 429 it cannot wait out', async (_name, trigger, limit) => {
    const api = await startApi(json(429, { error: 'Rate limit exceeded' }, { 'retry-after': '3600' }))
    const clock = new VirtualClock(T0)
    const error = await apiError(trigger(clientFor(api.url, { clock, deadline: clock.now() + 60_000 }).client))

    expect(api.received).toHaveLength(1)
    expect(error.uncertain).toBe(false)
    expect(error.message).toContain(`HTTP 429, the rate limit is reached (${limit})`)
    expect(error.message).not.toContain('may have started')
  })

  it("says a 403 on a preview may be the plan's, besides the key's scope and IP allowlist", async () => {
    const api = await startApi(json(403, { error: 'Preview deployments are not available on your current plan' }))
    const error = await apiError(clientFor(api.url).client.triggerPreview(PROJECT_ID, 'feature-x'))

    expect(api.received).toHaveLength(1)
    expect(error.uncertain).toBe(false)
    expect(error.message).toMatch(
      /^Could not trigger the preview of branch feature-x: HTTP 403, the organization's plan may not include preview deployments, or the API key is not allowed to do this: either it lacks the write scope .* or its IP allowlist excludes this runner/
    )
  })

  it('does not blame the plan for a 403 on a deploy', async () => {
    const api = await startApi(json(403, { error: 'Forbidden' }))
    const error = await apiError(clientFor(api.url).client.triggerDeploy(PROJECT_ID))
    expect(error.message).not.toContain('plan')
    expect(error.message).toContain('lacks the write scope this POST needs')
  })

  it('names the documented causes of a 400 on an automation', async () => {
    const api = await startApi(json(400, { error: 'Automation is not active' }))
    const error = await apiError(clientFor(api.url).client.triggerAutomation(PROJECT_ID, 'auto_1'))

    expect(api.received).toHaveLength(1)
    expect(error.message).toBe(
      'Could not trigger automation auto_1: HTTP 400, the API refused to run it: the automation id may be malformed, or the automation is not active ' +
        'or not on a custom schedule (only those can be run on demand; one with a webhook trigger is run with automation-trigger: webhook) (server: "Automation is not active").'
    )
  })

  it('says a 404 on an automation means no such automation in this project', async () => {
    const api = await startApi(json(404, { error: 'Automation not found' }))
    const error = await apiError(clientFor(api.url).client.triggerAutomation(PROJECT_ID, 'auto_1'))

    expect(error.message).toBe(
      'Could not trigger automation auto_1: HTTP 404, automation auto_1 was not found in project acme-docs; check automation-id and project-id (server: "Automation not found").'
    )
  })

  it('says a 400 on a preview concerns the branch', async () => {
    const api = await startApi(json(400, { error: 'branch is required' }))
    const error = await apiError(clientFor(api.url).client.triggerPreview(PROJECT_ID, 'feature-x'))
    expect(error.message).toBe(
      'Could not trigger the preview of branch feature-x: HTTP 400, the API refused branch feature-x as invalid (server: "branch is required").'
    )
  })

  it('retries a status read after 503, as any GET', async () => {
    const api = await startApi(json(503, { error: 'Service Unavailable' }), json(200, deploymentRecord({ status: 'success' })))
    const { client, clock } = clientFor(api.url)
    expect((await client.getDeploymentStatus('st_1')).status).toBe('success')
    expect(api.received).toHaveLength(2)
    expect(clock.sleeps).toEqual([500])
  })

  it('says which status was not found on a 404, without retrying', async () => {
    const api = await startApi(json(404, { error: 'Not found' }))
    const error = await apiError(clientFor(api.url).client.getDeploymentStatus('st_9'))
    expect(api.received).toHaveLength(1)
    expect(error.message).toBe(
      'Could not read deployment status st_9: HTTP 404, deployment status st_9 was not found (server: "Not found").'
    )
  })

  it('keeps the key out of logs and summaries a status record echoes', async () => {
    const api = await startApi(json(200, deploymentRecord({ status: 'failure', summary: `auth ${API_KEY}`, logs: [`token=${API_KEY}`] })))
    const status = await clientFor(api.url).client.getDeploymentStatus('st_1')

    expect(status.summary).toBe('auth ***')
    expect(status.logs).toEqual(['token=***'])
    expect(JSON.stringify(status.raw)).not.toContain(API_KEY)
  })
})
