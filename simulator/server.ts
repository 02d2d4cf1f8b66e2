// The HTTP server: records every request, applies injected faults (Mintlify and GitHub paths), and dispatches
// to the routes added with route(), then to the fake GitHub API (/api/...), then to the Mintlify API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import {
  effectOf,
  faultErrorResponse,
  FaultQueue,
  faultRoutesOf,
  isMintlifyPath,
  malformedResponse,
  rewrittenResponse,
  stuckLinkResponse,
  processesRequest,
  type Fault
} from './faults.js'
import { isGitHubPath } from './github/http.js'
import { DEFAULT_GITHUB_IDENTITY, FakeGitHubServer, SIM_GITHUB_TOKEN } from './github/server.js'
import type { AnalyticsApi } from './analytics/api.js'
import type { DeploymentsApi } from './deployments/api.js'
import type { StaticExportsApi } from './static-export/api.js'
import { sitePages } from './analytics/reader-events.js'
import { SearchApi } from './discovery/search.js'
import { isAnalyticsRequest, MintlifyApi } from './mintlify/api.js'
import { apiError } from './mintlify/request.js'
import type { FakeCredits } from './mintlify/credits.js'
import type { JobScript, SimJob } from './mintlify/types.js'
import type { Handler, RecordedRequest, RouteResponse, Simulator, SimulatorOptions } from './types.js'

export const DEFAULT_API_KEY = 'mint_sim_4f8c2d1e9a7b6c5d'
export const DEFAULT_PROJECT_ID = 'proj_sim'
export const DEFAULT_REPOSITORY = 'https://github.com/octo-org/docs'

/** Bodies above this size get a 413 (the real API has a limit too; the action caps its prompts). */
const MAX_BODY_BYTES = 1024 * 1024

interface CustomRoute {
  method: string
  pattern: RegExp
  handler: Handler
}

interface PendingSleep {
  timer: NodeJS.Timeout
  cancel(): void
}

interface ParsedRequest {
  method: string
  url: URL
  body: string
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const simulator = new SimulatorServer(options)
  await simulator.listen()
  return simulator
}

class SimulatorServer implements Simulator {
  url = ''
  readonly apiKey: string
  readonly projectId: string
  readonly requests: RecordedRequest[] = []
  readonly jobs: Map<string, SimJob>
  readonly github: FakeGitHubServer
  readonly analytics: AnalyticsApi
  readonly deployments: DeploymentsApi
  readonly staticExports: StaticExportsApi
  readonly search: SearchApi
  readonly credits: FakeCredits

  private readonly api: MintlifyApi
  private readonly faults = new FaultQueue()
  private readonly routes: CustomRoute[] = []
  private readonly server: Server
  private readonly sockets = new Set<Socket>()
  private readonly sleeps = new Set<PendingSleep>()
  private closing: Promise<void> | undefined

  constructor(options: SimulatorOptions) {
    this.apiKey = options.apiKey ?? DEFAULT_API_KEY
    this.projectId = options.projectId ?? DEFAULT_PROJECT_ID
    const repository = options.repository ?? DEFAULT_REPOSITORY
    this.api = new MintlifyApi({
      apiKey: this.apiKey,
      projectId: this.projectId,
      repository,
      prRepository: options.prRepository ?? repository,
      now: options.now ?? Date.now,
      baseUrl: () => this.url,
      // The agent's pull request exists on the fake GitHub as well, so the action can comment on it.
      onPullOpened: (prLink, jobId) => {
        const match = /^https:\/\/github\.com\/([^/]+\/[^/]+)\/pull\/(\d+)$/.exec(prLink)
        const [, fullName, number] = match ?? []
        if (fullName && number)
          this.github.addIssue(fullName, {
            number: Number(number),
            title: `Docs agent: ${jobId}`,
            pullRequest: true,
            user: 'mintlify[bot]',
            headRef: `mintlify/docs-agent-${jobId}`
          })
      }
    })
    this.jobs = this.api.jobs
    this.analytics = this.api.analytics
    this.deployments = this.api.deployments
    this.staticExports = this.api.staticExports
    this.credits = this.api.credits
    this.search = new SearchApi(() => sitePages(this.analytics.readerVolume))
    this.github = new FakeGitHubServer(
      options.githubToken ?? SIM_GITHUB_TOKEN,
      options.githubIdentity ?? DEFAULT_GITHUB_IDENTITY,
      () => this.url,
      options.now ?? Date.now
    )
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        send(res, apiError(500, `Simulator error: ${error instanceof Error ? error.message : String(error)}`))
      })
    })
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(0, '127.0.0.1', () => {
        this.server.off('error', reject)
        const { port } = this.server.address() as AddressInfo
        this.url = `http://127.0.0.1:${port}`
        resolve()
      })
    })
  }

  mintlifyRequests(): RecordedRequest[] {
    return this.requests.filter((r) => isMintlifyPath(r.path))
  }

  githubRequests(): RecordedRequest[] {
    return this.requests.filter((r) => isGitHubPath(r.path))
  }

  scriptNextJob(script: JobScript): void {
    this.api.scriptNextJob(script)
  }

  scriptNextMessage(script: JobScript): void {
    this.api.scriptNextMessage(script)
  }

  injectFault(fault: Fault): void {
    this.faults.add(fault)
  }

  route(method: string, pattern: RegExp, handler: Handler): void {
    this.routes.push({ method: method.toUpperCase(), pattern, handler })
  }

  close(): Promise<void> {
    this.closing ??= new Promise((resolve) => {
      for (const sleep of this.sleeps) {
        clearTimeout(sleep.timer)
        sleep.cancel()
      }
      this.sleeps.clear()
      this.faults.clear()
      // Keep-alive and in-flight connections would hold server.close() open: end them now.
      for (const socket of this.sockets) socket.destroy()
      this.server.close(() => resolve())
    })
    return this.closing
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = Date.now()
    const arrived = performance.now()
    const method = (req.method ?? 'GET').toUpperCase()
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const { text: body, tooLarge } = await readBody(req)
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      body,
      at,
      faulted: false
    }
    this.requests.push(recorded)
    if (tooLarge) return send(res, apiError(413, `Request body larger than ${MAX_BODY_BYTES} bytes`))

    const request: ParsedRequest = { method, url, body }
    // Empty for the routes added with route(): those are the test's own.
    const routes = faultRoutesOf(method, url.pathname)
    const fault = this.faults.take(routes, `${method} ${url.pathname}${url.search} ${body}`)
    if (!fault) return send(res, await this.dispatch(request, req, arrived))
    recorded.faulted = true

    if (fault.delayMs !== undefined && fault.delayMs > 0) {
      const completed = await this.sleep(fault.delayMs)
      if (!completed) return // closed meanwhile: the socket is gone
    }
    // Carried out even if the client gave up during the delay: the server cannot tell.
    const real = processesRequest(fault) ? await this.dispatch(request, req, arrived) : undefined
    if (this.closing) return

    switch (effectOf(fault)) {
      case 'reset':
        if (!req.socket.destroyed) req.socket.resetAndDestroy()
        return
      case 'malformed':
        return send(res, malformedResponse(fault, routes[0], real))
      case 'error':
        return send(res, faultErrorResponse(fault))
      case 'none':
        return send(res, real ?? (await this.dispatch(request, req, arrived)))
      case 'rewrite':
        return send(res, rewrittenResponse(fault, real ?? (await this.dispatch(request, req, arrived))))
      case 'stuck-link': {
        // Every page is answered as the first: the rows never end, and neither does the Link's next.
        const first = new URL(url)
        first.searchParams.delete('page')
        return send(res, stuckLinkResponse(await this.dispatch({ ...request, url: first }, req, arrived), url, this.url))
      }
    }
  }

  /**
   * Added routes first (in order), then the fake GitHub API, then the built-in Mintlify API, else 404.
   * An analytics answer is computed and rendered at once and sent `latencyMs` after the request arrived
   * (`arrived`, from performance.now()): the latency is the server's whole time, not added to its work.
   */
  private async dispatch(request: ParsedRequest, req: IncomingMessage, arrived: number): Promise<RouteResponse> {
    const path = request.url.pathname
    for (const route of this.routes) {
      if (route.method !== '*' && route.method !== request.method) continue
      route.pattern.lastIndex = 0 // a /g or /y pattern would otherwise carry state between requests
      const match = route.pattern.exec(path)
      if (!match) continue
      try {
        const response = await route.handler({
          method: request.method,
          url: request.url,
          path,
          query: Object.fromEntries(request.url.searchParams),
          headers: req.headers,
          body: request.body,
          match
        })
        if (response) return response
      } catch (error) {
        return apiError(500, `Simulator route ${route.pattern} failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    const plain = { method: request.method, url: request.url, path, headers: req.headers, body: request.body }
    const response =
      (await this.github.handle(plain)) ?? this.search.handle(plain) ?? (await this.api.handle(plain)) ?? apiError(404, 'Not found')
    if (this.analytics.latencyMs <= 0 || !isAnalyticsRequest(request.method, path)) return response
    const rendered = render(response)
    // Closed meanwhile: the socket is gone, whatever is answered here goes nowhere.
    if (!(await this.sleepUntil(arrived + this.analytics.latencyMs))) return apiError(503, 'Simulator closed')
    return rendered
  }

  /**
   * Resolves true at `target` (performance.now() time), or false at once if the simulator closes first.
   * A timer fires up to a millisecond late, so the last millisecond is waited in setImmediate steps: a
   * latency of 20 ms is 20 ms, and a benchmark's floor is the server's time, not the timer's slack.
   */
  private async sleepUntil(target: number): Promise<boolean> {
    if (!(await this.sleep(Math.max(0, Math.floor(target - performance.now()) - 1)))) return false
    while (performance.now() < target) {
      await new Promise((resolve) => setImmediate(resolve))
      if (this.closing) return false
    }
    return true
  }

  /** Resolves true after `ms`, or false at once if the simulator closes first. */
  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const sleep: PendingSleep = {
        timer: setTimeout(() => {
          this.sleeps.delete(sleep)
          resolve(true)
        }, ms),
        cancel: () => resolve(false)
      }
      this.sleeps.add(sleep)
    })
  }
}

async function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buffer = chunk as Buffer
    size += buffer.length
    // Keep draining past the limit so the 413 can still be delivered.
    if (size <= MAX_BODY_BYTES) chunks.push(buffer)
  }
  return { text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY_BYTES }
}

/** A JSON answer as its text, so that sending it later costs nothing but the write. */
function render(response: RouteResponse): RouteResponse {
  if (response.text !== undefined) return response
  return { ...response, json: undefined, text: JSON.stringify(response.json ?? null), contentType: response.contentType ?? JSON_TYPE }
}

const JSON_TYPE = 'application/json; charset=utf-8'

function send(res: ServerResponse, response: RouteResponse): void {
  if (res.headersSent || res.destroyed || res.socket?.destroyed) return
  if (response.stream) return response.stream(res)
  const isText = response.text !== undefined
  const payload = isText ? (response.text ?? '') : JSON.stringify(response.json ?? null)
  const contentType = response.contentType ?? (isText ? 'text/plain; charset=utf-8' : JSON_TYPE)
  res.writeHead(response.status, {
    ...response.headers,
    'content-type': contentType,
    'content-length': Buffer.byteLength(payload)
  })
  res.end(payload)
}
