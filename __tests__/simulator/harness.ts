import { afterEach } from '@jest/globals'
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator/index.js'

/**
 * One simulator per test, closed after it: the test calls `start`, its helpers `current`. Call at the
 * top of a test file (it registers the afterEach).
 */
export function simulatorPerTest(): { start: (options?: SimulatorOptions) => Promise<Simulator>; current: () => Simulator } {
  let sim: Simulator | undefined
  afterEach(async () => {
    await sim?.close()
    sim = undefined
  })
  return {
    start: async (options) => {
      sim = await startSimulator(options)
      return sim
    },
    current: () => {
      if (!sim) throw new Error('simulator not started')
      return sim
    }
  }
}

/** The path of an analytics endpoint of the simulator's project, with `query` as its query string. */
export function analyticsPath(sim: Simulator, endpoint: string, query: Record<string, string | number> = {}): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()
  return `/v1/analytics/${sim.projectId}/${endpoint}${qs ? `?${qs}` : ''}`
}

export interface SimReply<T> {
  status: number
  headers: Headers
  text: string
  /** The parsed JSON body (undefined when it is not JSON); `T` names the fields a test reads. */
  json: T
}

export interface SimRequestOptions {
  /** Sent as JSON, with content-type application/json unless `headers` say otherwise. */
  body?: unknown
  /** Sent as is. */
  rawBody?: string
  /** The Authorization header; null sends none. */
  authorization: string | null
  headers?: Record<string, string>
}

/** One request to a running simulator. */
export async function requestSimulator<T>(sim: Simulator, method: string, path: string, options: SimRequestOptions): Promise<SimReply<T>> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.authorization !== null) headers.authorization = options.authorization
  let body = options.rawBody
  if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  const res = await fetch(`${sim.url}${path}`, { method, headers, body })
  const text = await res.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    // Not JSON: the test reads `text`.
  }
  return { status: res.status, headers: res.headers, text, json: json as T }
}
