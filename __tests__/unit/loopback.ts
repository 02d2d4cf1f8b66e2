/**
 * A real HTTP server on 127.0.0.1 standing in for the docs API, with scripted answers, so the client and
 * transport are tested over real sockets: timeouts, resets and refused connections included.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { at } from '../expect-helpers.js'

/** One request as the loopback server received it. */
export interface Received {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

/** How the server answers one request; `res` may be left unanswered to simulate a hung server. */
export type Answer = (req: IncomingMessage, res: ServerResponse) => void

export interface FakeApi {
  url: string
  received: Received[]
  /** Connections the server accepted so far. */
  connections(): number
  /** Resolves once every connection the server accepted has closed. */
  idle(): Promise<void>
}

const servers: Server[] = []

/** Closes every server started since the last call, dropping open connections (call it in afterEach). */
export async function closeApis(): Promise<void> {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        })
    )
  )
}

/** A real HTTP server on 127.0.0.1 that gives `answers` in order, repeating the last one. */
export async function startApi(...answers: Answer[]): Promise<FakeApi> {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      at(answers, Math.min(received.length, answers.length) - 1, 'answer')(req, res)
    })
  })
  const open: Promise<void>[] = []
  server.on('connection', (socket) => open.push(new Promise<void>((resolve) => socket.once('close', () => resolve()))))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    connections: () => open.length,
    idle: async () => {
      await Promise.all(open)
    }
  }
}

/** A port on 127.0.0.1 where nothing listens: connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }

export const text =
  (status: number, body: string, contentType = 'text/plain', headers: Record<string, string> = {}): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': contentType, ...headers })
    res.end(body)
  }

export const hang: Answer = () => {
  // Never answers: the client's own timeout has to end the request.
}

export const resetConnection: Answer = (req) => {
  req.socket.destroy()
}
