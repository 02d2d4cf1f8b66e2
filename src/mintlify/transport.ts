import * as http from 'node:http'
import * as https from 'node:https'
import { HttpClient } from '@actions/http-client'

export interface HttpRequest {
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  body?: string
  timeoutMs: number
  signal?: AbortSignal
}

export interface HttpResponse {
  status: number
  headers: Record<string, string | undefined>
  body: string
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>

/**
 * `sent: false` only for failures before any connection existed (refused, DNS): the server cannot have
 * seen the request, so even a POST may be repeated.
 */
export type NetworkKind = 'timeout' | 'reset' | 'refused' | 'dns' | 'aborted' | 'too-large' | 'other'

export class TransportError extends Error {
  constructor(
    readonly kind: NetworkKind,
    readonly code: string,
    readonly sent: boolean
  ) {
    super(`${kind} (${code})`)
    this.name = 'TransportError'
  }
}

const NOT_SENT_CODES: Record<string, NetworkKind> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EHOSTUNREACH: 'refused',
  ENETUNREACH: 'refused'
}
const MAX_BODY_BYTES = 8 * 1024 * 1024

/**
 * One HTTP exchange with Node's http/https. The agents come from @actions/http-client so that runner
 * proxy settings (https_proxy, no_proxy) apply; retries are the client's business, not this one's.
 * GETs (polls, analytics pages) reuse one kept-alive connection: a page costs no new handshake. A POST
 * (create, message) always opens its own: on a reused socket the server may have just closed, a reset
 * could not tell "never arrived" from "done, answer lost", and a create is never repeated in doubt.
 * Idle kept-alive sockets do not keep the process alive.
 */
export function createNodeTransport(): Transport {
  const reusing = new HttpClient('docs-agent-action', [], { keepAlive: true })
  const fresh = new HttpClient('docs-agent-action')
  // The kept-alive agent of each origin, looked up once (the proxy settings do not change during a run):
  // the lookup parses the URL and the proxy variables, on the path between one page and the next request.
  const kept = new Map<string, http.Agent>()
  const agentFor = (method: HttpRequest['method'], url: URL): http.Agent => {
    if (method !== 'GET') return fresh.getAgent(url.href)
    let agent = kept.get(url.origin)
    if (!agent) kept.set(url.origin, (agent = reusing.getAgent(url.href)))
    return agent
  }
  return (request) =>
    new Promise<HttpResponse>((resolve, reject) => {
      // Cancelled before it started: nothing is sent.
      if (request.signal?.aborted) return reject(new TransportError('aborted', 'ABORT_ERR', false))
      const url = new URL(request.url)
      const module = url.protocol === 'https:' ? https : http
      let settled = false
      const fail = (error: TransportError): void => {
        if (settled) return
        settled = true
        cleanup()
        req.destroy()
        reject(error)
      }
      const req = module.request(url, { method: request.method, headers: request.headers, agent: agentFor(request.method, url) }, (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > MAX_BODY_BYTES) fail(new TransportError('too-large', 'EBODYTOOLARGE', true))
          else chunks.push(chunk)
        })
        res.on('error', (error: NodeJS.ErrnoException) => fail(classify(error)))
        res.on('end', () => {
          if (settled) return
          settled = true
          cleanup()
          resolve({ status: res.statusCode ?? 0, headers: flattenHeaders(res.headers), body: Buffer.concat(chunks).toString('utf8') })
        })
      })
      const timer = setTimeout(() => fail(new TransportError('timeout', 'ETIMEDOUT', true)), request.timeoutMs)
      const onAbort = (): void => fail(new TransportError('aborted', 'ABORT_ERR', true))
      request.signal?.addEventListener('abort', onAbort, { once: true })
      const cleanup = (): void => {
        clearTimeout(timer)
        request.signal?.removeEventListener('abort', onAbort)
      }
      req.on('error', (error: NodeJS.ErrnoException) => fail(classify(error)))
      req.end(request.body)
    })
}

function classify(error: NodeJS.ErrnoException): TransportError {
  if (error instanceof TransportError) return error
  const code = error.code ?? 'ERROR'
  const notSent = NOT_SENT_CODES[code]
  if (notSent) return new TransportError(notSent, code, false)
  if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(error.message)) {
    return new TransportError('reset', code, true)
  }
  return new TransportError('other', code, true)
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(headers)) flat[name] = Array.isArray(value) ? value.join(', ') : value
  return flat
}
