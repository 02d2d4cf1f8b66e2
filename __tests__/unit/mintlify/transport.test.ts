import { afterEach, describe, expect, it } from '@jest/globals'
import { createNodeTransport, type HttpRequest, TransportError } from '../../../src/mintlify/transport.js'
import { closeApis, closedPort, hang, json, resetConnection, startApi } from '../../fixtures/loopback-api.js'

afterEach(closeApis)

function post(url: string, overrides: Partial<HttpRequest> = {}): HttpRequest {
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
    body: '{"prompt":"x"}',
    timeoutMs: 5_000,
    ...overrides
  }
}

/** The TransportError a request rejects with; fails the test if it resolves. */
async function transportError(request: HttpRequest): Promise<TransportError> {
  try {
    await createNodeTransport()(request)
  } catch (error) {
    if (error instanceof TransportError) return error
    throw error
  }
  throw new Error('the request succeeded')
}

describe('createNodeTransport', () => {
  it('sends method, headers and body, and returns status, headers and body', async () => {
    const api = await startApi((_req, res) => {
      res.setHeader('x-multi', ['a', 'b'])
      json(418, { error: 'teapot' }, { 'retry-after': '3' })(_req, res)
    })
    const response = await createNodeTransport()(post(`${api.url}/v2/agent/p/job`))

    expect(api.received).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/v2/agent/p/job',
        body: '{"prompt":"x"}',
        headers: expect.objectContaining({ authorization: 'Bearer k' })
      })
    ])
    expect(response.status).toBe(418)
    expect(response.body).toBe('{"error":"teapot"}')
    expect(response.headers['content-type']).toBe('application/json')
    expect(response.headers['retry-after']).toBe('3')
    expect(response.headers['x-multi']).toBe('a, b')
  })

  it('reuses one kept-alive connection for GETs, and opens a fresh one for every POST', async () => {
    const api = await startApi(json(200, { ok: true }))
    const transport = createNodeTransport()
    for (let i = 0; i < 5; i++)
      await transport({ method: 'GET', url: `${api.url}/v1/analytics/p/visitors?offset=${i}`, headers: {}, timeoutMs: 5_000 })
    expect(api.connections()).toBe(1)
    for (let i = 0; i < 3; i++) await transport(post(`${api.url}/v2/agent/p/job`))
    expect(api.connections()).toBe(4)
    expect(api.received).toHaveLength(8)
  })

  it('keeps one connection per origin when GETs alternate between two servers', async () => {
    const first = await startApi(json(200, { ok: 1 }))
    const second = await startApi(json(200, { ok: 2 }))
    const transport = createNodeTransport()
    const bodies: string[] = []
    for (let i = 0; i < 3; i++)
      for (const api of [first, second])
        bodies.push(
          (await transport({ method: 'GET', url: `${api.url}/v1/analytics/p/views?offset=${i}`, headers: {}, timeoutMs: 5_000 })).body
        )
    expect(bodies).toEqual(['{"ok":1}', '{"ok":2}', '{"ok":1}', '{"ok":2}', '{"ok":1}', '{"ok":2}'])
    expect([first.connections(), second.connections()]).toEqual([1, 1])
    expect([first.received.length, second.received.length]).toEqual([3, 3])
  })

  it('reports a server that never answers as a timeout, after the request was sent', async () => {
    const api = await startApi(hang)
    const error = await transportError(post(api.url, { timeoutMs: 150 }))

    expect(error).toMatchObject({ kind: 'timeout', code: 'ETIMEDOUT', sent: true })
    expect(api.received).toHaveLength(1)
  })

  it('reports a refused connection as not sent', async () => {
    const port = await closedPort()
    const error = await transportError(post(`http://127.0.0.1:${port}/`))

    expect(error).toMatchObject({ kind: 'refused', code: 'ECONNREFUSED', sent: false })
  })

  it('reports a connection closed before the answer as a reset, after the request was sent', async () => {
    const api = await startApi(resetConnection)
    const error = await transportError(post(api.url))

    expect(error.kind).toBe('reset')
    expect(error.sent).toBe(true)
    expect(api.received).toHaveLength(1)
  })

  it('stops a request in flight when the run is cancelled', async () => {
    const cancel = new AbortController()
    const api = await startApi(() => cancel.abort())
    const error = await transportError(post(api.url, { signal: cancel.signal }))

    expect(error).toMatchObject({ kind: 'aborted', sent: true })
    // The server sees the connection close only after the client tore its socket down: any 'error' event
    // that socket emits without a listener would have crashed the test by now.
    await api.idle()
    expect(api.connections()).toBe(1)
  })

  it('sends nothing, and crashes nothing, when the run was cancelled before the request', async () => {
    const cancel = new AbortController()
    cancel.abort()
    const api = await startApi(json(201, { id: 'job_1' }))
    const error = await transportError(post(api.url, { signal: cancel.signal }))

    expect(error.kind).toBe('aborted')
    // A request sent afterwards is accepted after any connection the cancelled one could have opened
    // (loopback accepts in order), so the server holding just this one shows the first was never sent.
    await createNodeTransport()(post(api.url))
    expect(api.connections()).toBe(1)
    expect(api.received).toHaveLength(1)
  })

  it('refuses an answer larger than 8 MB', async () => {
    const api = await startApi((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('x'.repeat(9 * 1024 * 1024))
    })
    const error = await transportError({ method: 'GET', url: api.url, headers: {}, timeoutMs: 5_000 })

    expect(error).toMatchObject({ kind: 'too-large', sent: true })
  })
})
