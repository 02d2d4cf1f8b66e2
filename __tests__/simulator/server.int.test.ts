import { describe, expect, it } from '@jest/globals'
import { at } from '../expect-helpers.js'
import { simulatorPerTest } from './harness.js'

const { start, current } = simulatorPerTest()

interface Reply {
  status: number
  headers: Headers
  text: string
  json: Record<string, unknown>
}

interface CallOptions {
  body?: unknown
  rawBody?: string
  key?: string | null
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** A request to the running simulator; a `path` starting with /job is relative to /v2/agent/{projectId}. */
async function call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const s = current()
  const url = path.startsWith('/job') ? `${s.url}/v2/agent/${s.projectId}${path}` : `${s.url}${path}`
  const headers: Record<string, string> = { ...options.headers }
  const key = options.key === undefined ? s.apiKey : options.key
  if (key !== null) headers.authorization = `Bearer ${key}`
  let body: string | undefined = options.rawBody
  if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  const res = await fetch(url, { method, headers, body, signal: options.signal })
  const text = await res.text()
  let json: Record<string, unknown> = {}
  try {
    json = JSON.parse(text) as Record<string, unknown>
  } catch {
    // Not JSON: tests look at `text`.
  }
  return { status: res.status, headers: res.headers, text, json }
}

const create = (prompt: unknown = 'Document the new endpoint', options: CallOptions = {}): Promise<Reply> =>
  call('POST', '/job', { body: { prompt }, ...options })
const poll = (id: string): Promise<Reply> => call('GET', `/job/${id}`)
const message = (id: string, prompt: unknown = 'Also fix the typo'): Promise<Reply> =>
  call('POST', `/job/${id}/message`, { body: { prompt } })

async function pollUntilFinal(id: string, max = 10): Promise<{ record: Record<string, unknown>; statuses: unknown[] }> {
  const statuses: unknown[] = []
  for (let i = 0; i < max; i++) {
    const { json } = await poll(id)
    statuses.push(json.status)
    if (json.status !== 'active' && json.status !== 'paused') return { record: json, statuses }
  }
  throw new Error(`job ${id} still running after ${max} polls: ${statuses.join(',')}`)
}

/** Waits (briefly) until the simulator has recorded `count` requests. */
async function recorded(count: number): Promise<void> {
  for (let i = 0; i < 100 && current().requests.length < count; i++) await new Promise((r) => setTimeout(r, 5))
}

async function fetchError(promise: Promise<unknown>): Promise<{ name: string; code: unknown }> {
  try {
    await promise
  } catch (error) {
    const err = error as Error & { cause?: { code?: unknown } }
    return { name: err.name, code: err.cause?.code }
  }
  throw new Error('expected the request to fail')
}

describe('agent jobs', () => {
  it('creates a job with 201 and reports the PR after two polls', async () => {
    const s = await start()
    const created = await create('Document the new endpoint')
    expect(created.status).toBe(201)
    expect(created.headers.get('content-type')).toMatch(/^application\/json/)
    expect(created.json).toEqual({
      id: expect.stringMatching(/^job_/),
      status: 'active',
      source: { repository: 'https://github.com/octo-org/docs', ref: null },
      model: expect.any(String),
      prLink: null,
      createdAt: expect.any(String),
      archivedAt: null
    })
    expect(new Date(created.json.createdAt as string).toISOString()).toBe(created.json.createdAt)
    const id = created.json.id as string

    const first = await poll(id)
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({ status: 'active', prLink: null, source: { ref: `mintlify/docs-agent-${id}` } })
    expect((await poll(id)).json.status).toBe('active')
    const done = await poll(id)
    expect(done.json).toMatchObject({ id, status: 'completed', prLink: 'https://github.com/octo-org/docs/pull/101', archivedAt: null })

    const job = s.jobs.get(id)
    expect(job).toMatchObject({ id, projectId: 'proj_sim', prompt: 'Document the new endpoint', messages: [], polls: 3 })
    expect(job?.record()).toEqual(done.json)
    expect(job?.polls).toBe(3) // record() is not a poll
  })

  it("numbers pull requests from 101 in the PR repository, which is the jobs' source repository, as Mintlify has it", async () => {
    await start({ prRepository: 'https://github.com/octo-org/docs-fork' })
    const a = (await create()).json.id as string
    const b = (await create()).json.id as string
    expect(a).not.toBe(b)
    expect((await pollUntilFinal(a)).record.prLink).toBe('https://github.com/octo-org/docs-fork/pull/101')
    const { record } = await pollUntilFinal(b)
    expect(record.prLink).toBe('https://github.com/octo-org/docs-fork/pull/102')
    expect(record.source).toMatchObject({ repository: 'https://github.com/octo-org/docs-fork' })
  })

  it('follows queued scripts in order, then the default', async () => {
    const s = await start()
    s.scriptNextJob({ outcome: 'no-changes', afterPolls: 0 })
    s.scriptNextJob({ outcome: 'failed', afterPolls: 1, extra: { error: 'Agent crashed' } })
    const noChanges = await pollUntilFinal((await create()).json.id as string)
    expect(noChanges.statuses).toEqual(['completed'])
    expect(noChanges.record).toMatchObject({ status: 'completed', prLink: null })

    const failed = await pollUntilFinal((await create()).json.id as string)
    expect(failed.statuses).toEqual(['active', 'failed'])
    expect(failed.record).toMatchObject({ status: 'failed', prLink: null, error: 'Agent crashed' })

    const normal = await pollUntilFinal((await create()).json.id as string)
    expect(normal.statuses).toEqual(['active', 'active', 'completed'])
    expect(normal.record.prLink).toBe('https://github.com/octo-org/docs/pull/101')
  })

  it('archives jobs, with and without a PR', async () => {
    const s = await start()
    s.scriptNextJob({ outcome: 'archived', afterPolls: 1 })
    s.scriptNextJob({ outcome: 'archived-with-pr', afterPolls: 1 })
    const plain = await pollUntilFinal((await create()).json.id as string)
    expect(plain.record).toMatchObject({ status: 'archived', prLink: null, archivedAt: expect.any(String) })
    const withPr = await pollUntilFinal((await create()).json.id as string)
    expect(withPr.record).toMatchObject({ status: 'archived', prLink: expect.stringMatching(/\/pull\/101$/) })
  })

  it("keeps a 'never' job active and reports 'paused' for an unknown-status job", async () => {
    const s = await start()
    s.scriptNextJob({ outcome: 'never' })
    s.scriptNextJob({ outcome: 'unknown-status', afterPolls: 2 })
    const never = (await create()).json.id as string
    for (let i = 0; i < 6; i++) expect((await poll(never)).json.status).toBe('active')

    const created = await create()
    expect(created.json.status).toBe('active')
    const { statuses, record } = await pollUntilFinal(created.json.id as string)
    expect(statuses).toEqual(['paused', 'paused', 'completed'])
    expect(record.prLink).toMatch(/\/pull\/101$/)
  })

  it('gives minimal records only id and status', async () => {
    const s = await start()
    s.scriptNextJob({ outcome: 'failed', afterPolls: 1, minimal: true, extra: { reason: 'quota' } })
    const created = await create()
    expect(created.json).toEqual({ id: created.json.id, status: 'active' })
    const id = created.json.id as string
    expect((await poll(id)).json).toEqual({ id, status: 'active' })
    expect((await poll(id)).json).toEqual({ id, status: 'failed', reason: 'quota' })
  })

  it('sends a follow-up message: 200 with the job as it was (processed asynchronously), then active, prLink kept, done after one poll', async () => {
    const s = await start()
    const id = (await create()).json.id as string
    const first = await pollUntilFinal(id)
    const sent = await message(id, 'Also fix the typo')
    expect(sent.status).toBe(200)
    expect(sent.json).toMatchObject({ id, status: 'completed', prLink: first.record.prLink, archivedAt: null })
    expect(s.jobs.get(id)?.record()).toMatchObject({ status: 'active', prLink: first.record.prLink })
    const again = await pollUntilFinal(id)
    expect(again.statuses).toEqual(['active', 'completed'])
    expect(again.record.prLink).toBe(first.record.prLink)
    expect(s.jobs.get(id)?.messages).toEqual(['Also fix the typo'])
    expect(s.jobs.get(id)?.polls).toBe(5)
  })

  it('follows scripted message rounds and sets a prLink on a job that had none', async () => {
    const s = await start()
    s.scriptNextJob({ outcome: 'no-changes', afterPolls: 0 })
    s.scriptNextMessage({ outcome: 'failed', afterPolls: 0, extra: { message: 'Branch deleted' } })
    const id = (await create()).json.id as string
    expect((await pollUntilFinal(id)).record.prLink).toBeNull()

    expect((await message(id, 'one')).json.status).toBe('completed')
    expect((await pollUntilFinal(id)).record).toMatchObject({ status: 'failed', message: 'Branch deleted' })

    const back = await message(id, 'two')
    expect(back.json).toMatchObject({ status: 'failed', message: 'Branch deleted' }) // the answer shows the round before
    expect(s.jobs.get(id)?.record()).not.toHaveProperty('message') // extra belongs to the final state of its round
    expect((await pollUntilFinal(id)).record).toMatchObject({ status: 'completed', prLink: expect.stringMatching(/\/pull\/101$/) })
    expect(s.jobs.get(id)?.messages).toEqual(['one', 'two'])
  })
})

describe('auth, routing and validation', () => {
  it('refuses a wrong or missing key with 401', async () => {
    const s = await start()
    const wrong = await create('x', { key: 'mint_wrong' })
    expect(wrong.status).toBe(401)
    expect(wrong.json).toEqual({ error: 'Unauthorized' })
    expect((await create('x', { key: null })).status).toBe(401)
    expect((await call('GET', '/job/job_0001', { key: null })).status).toBe(401)
    expect((await call('POST', '/job', { body: { prompt: 'x' }, key: null, headers: { authorization: s.apiKey } })).status).toBe(401)
    expect(s.jobs.size).toBe(0)
    // The scheme is case-insensitive.
    expect(
      (await call('POST', '/job', { body: { prompt: 'x' }, key: null, headers: { authorization: `bearer ${s.apiKey}` } })).status
    ).toBe(201)
  })

  it('accepts the configured key and project only', async () => {
    await start({ apiKey: 'mint_custom', projectId: 'proj_42', repository: 'https://github.com/a/b' })
    const ok = await create()
    expect(ok.status).toBe(201)
    expect(ok.json.source).toEqual({ repository: 'https://github.com/a/b', ref: null })
    const other = await call('POST', '/v2/agent/proj_other/job', { body: { prompt: 'x' } })
    expect(other.status).toBe(404)
    expect(other.json).toEqual({ error: 'Project not found' })
    expect((await call('GET', `/v2/agent/proj_other/job/${ok.json.id as string}`)).json).toEqual({ error: 'Project not found' })
  })

  it('answers 404 Not found for unknown routes and methods', async () => {
    await start()
    for (const [method, path] of [
      ['GET', '/v2/agent/proj_sim/jobs'],
      ['DELETE', '/v2/agent/proj_sim/job/job_0001'],
      ['GET', '/v2/agent/proj_sim/job'],
      ['GET', '/nothing/here']
    ] as const) {
      const reply = await call(method, path)
      expect([method, path, reply.status, reply.json]).toEqual([method, path, 404, { error: 'Not found' }])
    }
  })

  it('404 for unknown job on get and message', async () => {
    await start()
    expect(await poll('job_missing')).toMatchObject({ status: 404, json: { error: 'Job not found' } })
    expect(await message('job_missing')).toMatchObject({ status: 404, json: { error: 'Job not found' } })
  })

  it('400 for empty prompt', async () => {
    const s = await start()
    const reply = await create('')
    expect(reply.status).toBe(400)
    expect(reply.json).toEqual({ error: "Field 'prompt' must not be empty" })
    const id = (await create()).json.id as string
    expect((await message(id, '')).status).toBe(400)
    expect(s.jobs.get(id)?.messages).toEqual([])
    expect(s.jobs.size).toBe(1)
  })

  it('400 with a helpful error for other invalid bodies', async () => {
    const s = await start()
    const cases: [CallOptions, RegExp][] = [
      [{ body: {} }, /Missing required field 'prompt'/],
      [{ body: { prompt: 42 } }, /'prompt' must be a string/],
      [{ body: ['x'] }, /must be a JSON object/],
      [{ body: null }, /must be a JSON object/],
      [{ rawBody: '{"prompt": "x"', headers: { 'content-type': 'application/json' } }, /not valid JSON/],
      [{ rawBody: '', headers: { 'content-type': 'application/json' } }, /not valid JSON/],
      [{ rawBody: '{"prompt":"x"}', headers: { 'content-type': 'text/plain' } }, /Content-Type must be application\/json/],
      [{ rawBody: '{"prompt":"x"}' }, /Content-Type must be application\/json/]
    ]
    for (const [options, error] of cases) {
      const reply = await call('POST', '/job', options)
      expect(reply.status).toBe(400)
      expect(reply.json.error).toMatch(error)
    }
    expect(s.jobs.size).toBe(0)
    // charset parameters are fine
    expect(
      (await call('POST', '/job', { body: { prompt: 'x' }, headers: { 'content-type': 'application/json; charset=utf-8' } })).status
    ).toBe(201)
  })

  it('records every request in order', async () => {
    const s = await start()
    const before = Date.now()
    await create('hello')
    await call('GET', '/elsewhere?a=1&b=two')
    expect(s.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v2/agent/proj_sim/job', 'GET /elsewhere'])
    const first = at(s.requests, 0, 'create request')
    const second = at(s.requests, 1, 'GET request')
    expect(first.body).toBe('{"prompt":"hello"}')
    expect(first.headers.authorization).toBe(`Bearer ${s.apiKey}`)
    expect(first.at).toBeGreaterThanOrEqual(before)
    expect(second.query).toEqual({ a: '1', b: 'two' })
    expect(s.mintlifyRequests()).toEqual([first])
  })
})

describe('faults', () => {
  it('answers with an error status and does not create the job by default', async () => {
    const s = await start()
    s.injectFault({ route: 'create', status: 500, message: 'Internal failure' })
    const reply = await create()
    expect(reply.status).toBe(500)
    expect(reply.json).toEqual({ error: 'Internal failure' })
    expect(s.jobs.size).toBe(0)
    expect((await create()).status).toBe(201) // consumed
    expect(s.requests).toHaveLength(2) // the faulty one is recorded too
  })

  it('creates the job before the error when process is true', async () => {
    const s = await start()
    s.injectFault({ route: 'create', status: 502, process: true })
    const reply = await create()
    expect(reply).toMatchObject({ status: 502, json: { error: 'Bad Gateway' } })
    expect(s.jobs.size).toBe(1)
  })

  it('applies a message fault with and without processing', async () => {
    const s = await start()
    const id = (await create()).json.id as string
    s.injectFault({ route: 'message', status: 503 })
    s.injectFault({ route: 'message', status: 504, process: true })
    expect((await message(id, 'lost')).status).toBe(503)
    expect((await message(id, 'applied')).status).toBe(504)
    expect(s.jobs.get(id)?.messages).toEqual(['applied'])
  })

  it('sends Retry-After, plain-text 429s and HTML error pages', async () => {
    const s = await start()
    s.injectFault({ route: 'create', status: 429, retryAfter: '7' })
    s.injectFault({ route: 'create', status: 429, plainText: true, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' })
    s.injectFault({ route: 'get', html: true })
    const json429 = await create()
    expect(json429).toMatchObject({ status: 429, json: { error: 'Too Many Requests' } })
    expect(json429.headers.get('retry-after')).toBe('7')

    const text429 = await create()
    expect(text429.status).toBe(429)
    expect(text429.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(text429.text).toBe('Too Many Requests')
    expect(text429.headers.get('retry-after')).toBe('Wed, 21 Oct 2026 07:28:00 GMT')

    const html = await poll('job_any')
    expect(html.status).toBe(502)
    expect(html.headers.get('content-type')).toMatch(/^text\/html/)
    expect(html.text).toMatch(/^<!DOCTYPE html>[\s\S]*502 Bad Gateway/)
    expect(s.jobs.size).toBe(0)
  })

  it('answers 429 for a bare retryAfter fault', async () => {
    const s = await start()
    s.injectFault({ route: 'create', retryAfter: '1' })
    const reply = await create()
    expect(reply.status).toBe(429)
    expect(reply.headers.get('retry-after')).toBe('1')
  })

  it('sends a truncated JSON body for malformed, processing the request by default', async () => {
    const s = await start()
    s.injectFault({ route: 'create', malformed: true })
    s.injectFault({ route: 'create', malformed: true, process: false })
    const res = await fetch(`${s.url}/v2/agent/${s.projectId}/job`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'x' })
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    // (SyntaxError comes from another realm under Jest's VM modules: match the message instead.)
    await expect(res.json()).rejects.toThrow(/JSON/)
    expect(s.jobs.size).toBe(1)

    const second = await create()
    expect(second.status).toBe(201)
    expect(() => JSON.parse(second.text) as unknown).toThrow(/JSON/)
    expect(s.jobs.size).toBe(1)
  })

  it('counts a malformed poll as a poll', async () => {
    const s = await start()
    const id = (await create()).json.id as string
    s.injectFault({ route: 'get', malformed: true })
    const bad = await poll(id)
    expect(bad.status).toBe(200)
    expect(bad.text).toMatch(/^\{"id":"job_/)
    expect(s.jobs.get(id)?.polls).toBe(1)
  })

  it('resets the connection (ECONNRESET), creating the job unless process is false', async () => {
    const s = await start()
    s.injectFault({ route: 'create', reset: true })
    s.injectFault({ route: 'create', reset: true, process: false })
    expect(await fetchError(create())).toEqual({ name: 'TypeError', code: 'ECONNRESET' })
    expect(s.jobs.size).toBe(1)
    expect(await fetchError(create())).toEqual({ name: 'TypeError', code: 'ECONNRESET' })
    expect(s.jobs.size).toBe(1)
    expect(s.requests).toHaveLength(2)
    expect((await create()).status).toBe(201)
  })

  it('delays a request and still carries it out after the client gave up', async () => {
    const s = await start()
    s.injectFault({ route: 'create', delayMs: 200 })
    // The client gives up only once the server has the request, however slow the machine.
    const giveUp = new AbortController()
    const pending = fetchError(create('slow', { signal: giveUp.signal }))
    await recorded(1)
    giveUp.abort()
    const error = await pending
    expect(error.name).toBe('AbortError')
    expect(s.jobs.size).toBe(0)
    for (let i = 0; i < 50 && s.jobs.size === 0; i++) await new Promise((r) => setTimeout(r, 10))
    expect([...s.jobs.values()].map((j) => j.prompt)).toEqual(['slow'])
  })

  it('delays and then applies the status', async () => {
    const s = await start()
    s.injectFault({ route: 'get', delayMs: 60, status: 503 })
    const started = Date.now()
    expect((await poll('job_0001')).status).toBe(503)
    expect(Date.now() - started).toBeGreaterThanOrEqual(55)
  })

  it('skips matching requests first: a 404 in the middle of polling', async () => {
    const s = await start()
    const id = (await create()).json.id as string
    s.injectFault({ route: 'get', skip: 1, status: 404, message: 'Job not found', times: 2 })
    expect((await poll(id)).status).toBe(200)
    expect((await poll(id)).json).toEqual({ error: 'Job not found' })
    expect((await poll(id)).status).toBe(404)
    const after = await poll(id)
    expect(after.status).toBe(200)
    expect(after.json.status).toBe('active') // faulted polls did not count
    expect(s.jobs.get(id)?.polls).toBe(2)
  })

  it('hits every Nth matching request with `every`: a share of the traffic, `times` in all', async () => {
    const s = await start()
    const id = (await create()).json.id as string
    s.injectFault({ route: 'get', every: 3, times: 2, status: 429, retryAfter: '1' })
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await poll(id)).status)
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429, 200, 200])
  })

  it('hits the same request at most `maxInARow` times in a row, the next passing uncounted; other requests keep the share', async () => {
    const s = await start()
    s.injectFault({ route: 'create', maxInARow: 2, times: 100, status: 429, retryAfter: '1' })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await create('Same prompt')).status)
    statuses.push((await create('Another prompt')).status)
    expect(statuses).toEqual([429, 429, 201, 429, 429])
    expect(s.requests.map((r) => r.faulted)).toEqual([true, true, false, true, true])
  })

  it('consumes faults in injection order, matched by route', async () => {
    const s = await start()
    s.injectFault({ route: 'get', status: 500 })
    s.injectFault({ route: 'create', status: 429 })
    s.injectFault({ route: 'get', status: 503 })
    expect((await create()).status).toBe(429)
    expect((await create()).status).toBe(201)
    expect((await poll('job_0001')).status).toBe(500)
    expect((await poll('job_0001')).status).toBe(503)
    expect((await poll('job_0001')).status).toBe(200)
  })

  it("'any' hits Mintlify routes (including unknown ones) but not other APIs", async () => {
    const s = await start()
    s.route('GET', /^\/repos\//, () => ({ status: 200, json: { ok: true } }))
    s.injectFault({ route: 'any', status: 500, times: 2 })
    expect((await call('GET', '/repos/octo-org/docs')).status).toBe(200)
    expect((await call('GET', '/v2/unknown')).status).toBe(500)
    expect((await create()).status).toBe(500)
    expect((await create()).status).toBe(201)
  })

  it("'analytics' hits /v1/analytics routes, served by an added route", async () => {
    const s = await start()
    s.route('GET', /^\/v1\/analytics\/([^/]+)\/visitors$/, (req) => ({
      status: 200,
      json: { project: req.match[1], limit: req.query.limit }
    }))
    s.injectFault({ route: 'analytics', status: 500, skip: 1 })
    const first = await call('GET', '/v1/analytics/proj_sim/visitors?limit=250')
    expect(first.json).toEqual({ project: 'proj_sim', limit: '250' })
    expect((await call('GET', '/v1/analytics/proj_sim/visitors')).status).toBe(500)
    expect((await create()).status).toBe(201)
  })
})

describe('added routes', () => {
  it('are tried before the built-ins, in order, and may fall through', async () => {
    const s = await start()
    const seen: string[] = []
    s.route('*', /^\/v2\//, (req) => {
      seen.push(`${req.method} ${req.path}`)
      return undefined
    })
    s.route('post', /\/job$/, (req) =>
      req.body.includes('teapot') ? { status: 418, text: 'teapot', headers: { 'x-sim': '1' } } : undefined
    )
    const tea = await create('teapot')
    expect(tea.status).toBe(418)
    expect(tea.text).toBe('teapot')
    expect(tea.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(tea.headers.get('x-sim')).toBe('1')
    expect((await create('docs')).status).toBe(201)
    expect(seen).toEqual(['POST /v2/agent/proj_sim/job', 'POST /v2/agent/proj_sim/job'])
  })

  it('turn a throwing handler into a 500', async () => {
    const s = await start()
    s.route('GET', /^\/boom$/, () => {
      throw new Error('kaput')
    })
    const reply = await call('GET', '/boom')
    expect(reply.status).toBe(500)
    expect(reply.json.error).toMatch(/kaput/)
  })
})

describe('close()', () => {
  it('stops listening, ends pending requests and leaves no server handles', async () => {
    const servers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length
    const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
    const baseline = servers()
    const s = await start()
    expect(servers()).toBe(baseline + 1)
    s.injectFault({ route: 'create', delayMs: 10_000 })
    const pending = fetchError(create())
    await recorded(1)
    const timersWhileWaiting = timers()
    await s.close()
    await s.close() // idempotent
    expect(await pending).toMatchObject({ name: 'TypeError' })
    expect(servers()).toBe(baseline)
    expect(timers()).toBeLessThan(timersWhileWaiting)
    expect(s.jobs.size).toBe(0) // the delayed create was abandoned
    expect((await fetchError(fetch(`${s.url}/v2/agent/proj_sim/job/x`))).code).toBe('ECONNREFUSED')
  })
})
