/**
 * The one front on loopback between the action and the Prism mocks. Each run gets its own prefix
 * (`/run/<id>/mintlify`, `/run/<id>/github`), which carries its seed to Prism and collects what it sent.
 * Prism ignores a document's server path (`/v1`, `/discovery`), so the front finds the document that
 * describes a request, strips that server path and forwards it. It also keeps every answer on loopback:
 * a `bundleUrl` becomes a local download, and GitHub's `Link` (whose example says "next: page 2" on every
 * page) is dropped, or, for a run that asks for it, points at page 2 of the same read again: a `next` that
 * never advances. GitHub's GraphQL, which no REST description covers, gets one fixed answer. Without
 * Mintlify's documents (a clone with no ../shared beside it), Mintlify's requests go to the simulator.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'

/** One Prism server's document: the operations it routes (server path included) and where Prism listens. */
export interface MockedDocument {
  name: string
  /** The document's server path, which Prism does not serve: '' or '/v1'. */
  serverPath: string
  /** `METHOD /path/{param}` of each operation, without the server path. */
  operations: string[]
  url: string
}

export type LinkMode = 'dropped' | 'never-advancing'

/**
 * Fields a run sets in the answers of one route (`METHOD /path`, the query left out) to values the
 * description allows, merged into the random answer: a writer's permission, so the run goes past the trust
 * gate; the pull request at the event's head. Everything else stays random.
 */
export interface Pin {
  route: RegExp
  fields: Record<string, unknown>
}

export interface RunRecord {
  seed: string
  link: LinkMode
  pins: Pin[]
  github: string[]
  mintlify: string[]
  /** What Prism (or the front) found wrong in a request: the run's contract failures. */
  violations: string[]
}

interface Route {
  document: MockedDocument
  method: string
  pattern: RegExp
}

/** An empty tar archive, gzipped: what a rewritten `bundleUrl` downloads. */
const EMPTY_BUNDLE = gzipSync(Buffer.alloc(1024))

export class Front {
  private readonly runs = new Map<string, RunRecord>()
  private readonly routes: Route[]
  private server: Server | undefined
  url = ''

  /**
   * `mintlify` holds Prism's servers of the official documents, or, in a clone without them, the URL of the
   * simulator's Mintlify: its requests are forwarded there unchecked, while GitHub's side is still Prism's.
   */
  constructor(
    private readonly mintlify: MockedDocument[] | { simulatorUrl: string },
    private readonly github: MockedDocument | undefined
  ) {
    this.routes = Array.isArray(mintlify)
      ? mintlify.flatMap((document) => document.operations.map((operation) => route(document, operation)))
      : []
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res))
    this.server = server
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    const server = this.server
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** A new run's record and the base URLs the action is given. */
  open(id: string, seed: string, link: LinkMode, pins: Pin[] = []): { record: RunRecord; mintlifyUrl: string; githubUrl: string } {
    const record: RunRecord = { seed, link, pins, github: [], mintlify: [], violations: [] }
    this.runs.set(id, record)
    return { record, mintlifyUrl: `${this.url}/run/${id}/mintlify`, githubUrl: `${this.url}/run/${id}/github` }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/run\/([^/]+)\/(mintlify|github|download)(\/.*)?$/.exec(req.url ?? '')
    const record = this.runs.get(match?.[1] ?? '')
    const rest = match?.[3] ?? '/'
    const method = req.method ?? 'GET'
    if (!match || !record) return answer(res, 404, 'not a run of the front')
    if (match[2] === 'download') return answer(res, 200, EMPTY_BUNDLE)
    const body = await readBody(req)
    if (match[2] === 'github') {
      record.github.push(`${method} ${rest}`)
      // GraphQL is outside the REST description: the one query the action sends (the token's account) is answered here.
      if (rest === '/graphql') return answer(res, 200, JSON.stringify({ data: { viewer: { login: 'github-actions[bot]' } } }))
      if (!this.github) return answer(res, 502, 'no GitHub mock')
      return this.forward(req, res, { record, target: this.github.url + rest, body, prefix: `${this.url}/run/${match[1]}` })
    }
    record.mintlify.push(`${method} ${rest}`)
    if (!Array.isArray(this.mintlify))
      return this.forward(req, res, { record, target: this.mintlify.simulatorUrl + rest, body, prefix: `${this.url}/run/${match[1]}` })
    const path = rest.split('?')[0] ?? ''
    const found = this.routes.find((r) => r.method === method && r.pattern.test(path))
    if (!found) {
      record.violations.push(`${method} ${path}: no operation of the mocked documents`)
      return answer(res, 404, '{"error":"no such operation"}')
    }
    const target = found.document.url + rest.slice(found.document.serverPath.length)
    return this.forward(req, res, { record, target, body, prefix: `${this.url}/run/${match[1]}` })
  }

  private async forward(
    req: IncomingMessage,
    res: ServerResponse,
    to: { record: RunRecord; target: string; body: Buffer; prefix: string }
  ) {
    const { record, target, body, prefix } = to
    const headers = { ...req.headers, host: new URL(target).host, prefer: `dynamic=true, seed=${record.seed}` }
    // GitHub's media types (`application/vnd.github.v3+json`) are its JSON; its description says application/json.
    if (headers.accept) headers.accept = headers.accept.replace(/application\/vnd\.github[^,;]*\+json/g, 'application/json')
    const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
      const sent = httpRequest(target, { method: req.method, headers }, resolve)
      sent.on('error', reject)
      sent.end(body)
    }).catch(() => undefined)
    if (!upstream) return answer(res, 502, 'the mock did not answer')
    let payload = await readBody(upstream)
    violations(upstream, payload).forEach((v) => record.violations.push(`${req.method} ${new URL(target).pathname}: ${v}`))
    const out: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(upstream.headers)) {
      if (value !== undefined && !['content-length', 'transfer-encoding', 'link', 'sl-violations', 'connection'].includes(name))
        out[name] = value
    }
    if (upstream.headers.link && record.link === 'never-advancing') out.link = nextPageTwo(prefix, target)
    if (String(upstream.headers['content-type']).includes('json'))
      payload = Buffer.from(localBundles(payload.toString('utf8'), `${prefix}/download/bundle.tar.gz`))
    const route = `${req.method ?? 'GET'} ${new URL(target).pathname}`
    const pins = record.pins.filter((pin) => pin.route.test(route))
    if (pins.length > 0 && (upstream.statusCode ?? 0) < 300)
      payload = Buffer.from(JSON.stringify(pinned(JSON.parse(payload.toString('utf8')), pins)))
    res.writeHead(upstream.statusCode ?? 502, out)
    res.end(payload)
  }
}

/** A route's pattern: the server path, then the path with each `{param}` one segment. */
function route(document: MockedDocument, operation: string): Route {
  const [method = '', path = ''] = operation.split(' ')
  const source = (document.serverPath + path)
    .split('/')
    .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$(){}|[\]\\]/g, '\\$&')))
    .join('/')
  return { document, method: method.toUpperCase(), pattern: new RegExp(`^${source}$`) }
}

/** The request's violations Prism found: its `sl-violations` header, or its own error answer (no route, no key). */
function violations(upstream: IncomingMessage, payload: Buffer): string[] {
  const found: string[] = []
  const header = upstream.headers['sl-violations']
  if (typeof header === 'string') {
    const list = JSON.parse(header.replace(/^Too many violations! /, '')) as { location: string[]; severity: string; message: string }[]
    for (const v of list) if (v.location[0] === 'request' && v.severity === 'Error') found.push(v.message)
  }
  if (String(upstream.headers['content-type']).includes('problem+json')) {
    const problem = JSON.parse(payload.toString('utf8')) as { type?: string; detail?: string }
    if (problem.type?.includes('prism')) found.push(`${problem.type}: ${problem.detail ?? ''}`)
  }
  return found
}

/** The `Link` of a read whose `next` is always page 2 of the same read, through the front. */
function nextPageTwo(prefix: string, target: string): string {
  const url = new URL(target)
  url.searchParams.set('page', '2')
  return `<${prefix}/github${url.pathname}${url.search}>; rel="next"`
}

/** `answer` with the pins' fields merged in, objects field by field. */
function pinned(answer: unknown, pins: Pin[]): unknown {
  return pins.reduce((value, pin) => merged(value, pin.fields), answer)
}

function merged(value: unknown, fields: unknown): unknown {
  if (!isObject(value) || !isObject(fields)) return fields
  const result: Record<string, unknown> = { ...value }
  for (const [key, field] of Object.entries(fields)) result[key] = merged(value[key], field)
  return result
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Every `"bundleUrl": "…"` of a JSON answer, pointed at the front's download. */
function localBundles(text: string, download: string): string {
  return text.replace(/("bundleUrl"\s*:\s*)"(?:[^"\\]|\\.)*"/g, (_, key: string) => `${key}${JSON.stringify(download)}`)
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', () => resolve(Buffer.concat(chunks)))
  })
}

function answer(res: ServerResponse, status: number, body: string | Buffer): void {
  res.writeHead(status, {
    'content-type': typeof body === 'string' && body.startsWith('{') ? 'application/json' : 'application/octet-stream'
  })
  res.end(body)
}
