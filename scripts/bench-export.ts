/**
 * The large export of `npm run bench`: 100,000 visitor rows at 20 ms latency against the floor of its
 * requests one after the other at that latency (400 × 20 ms = 8 s).
 *
 * Two times are taken for each run: the whole run of dist/index.js (process start to exit, as a workflow
 * step pays it) and the export itself (first request's arrival to the last answer, from the simulator's
 * log). The same export is also read by a bare client: a loop of GET and JSON.parse over one kept-alive
 * connection, in its own Node process, writing nothing. What the bare client needs above the floor is this
 * machine's (process start, loopback, waking two idle processes per request), not the action's; the
 * difference between the two is the action's own cost. Runs alternate between the two clients and the
 * median of each is reported, so a noisy moment of the machine weighs on both alike.
 */
import { spawn } from 'node:child_process'
import { startSimulator, type Simulator } from '../simulator/index.js'
import { runAction } from './run-action.js'
import { median } from './median.js'

export const EXPORT_ROWS = 100_000
export const EXPORT_LATENCY_MS = 20

export interface ExportTiming {
  /** Process start to exit. */
  wallMs: number
  /** First request's arrival to the last answer. */
  exportMs: number
  requests: number
  rows: number
}

export interface ExportBench {
  runs: number
  floorMs: number
  action: ExportTiming
  bare: ExportTiming
  summaryBytes: number
}

/**
 * The bare client, run with `node -e`: pages until `hasMore` is false, prints the rows it read. The API
 * key comes from the environment, not the command line.
 */
const BARE_CLIENT = `
const http = require('node:http')
const agent = new http.Agent({ keepAlive: true })
const { BENCH_URL: base, BENCH_KEY: key } = process.env
const page = (offset) => new Promise((resolve, reject) => {
  const req = http.get(base + '&offset=' + offset, { agent, headers: { authorization: 'Bearer ' + key } }, (res) => {
    const chunks = []
    res.on('data', (chunk) => chunks.push(chunk))
    res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))))
  })
  req.on('error', reject)
})
;(async () => {
  let rows = 0
  for (let offset = 0; ; offset += 250) {
    const body = await page(offset)
    rows += body.visitors.length
    if (!body.hasMore) break
  }
  console.log(rows)
  agent.destroy()
})()
`

async function withExportSimulator<T>(read: (sim: Simulator) => Promise<T>): Promise<T> {
  const sim = await startSimulator()
  try {
    sim.analytics.setData({ paths: EXPORT_ROWS })
    sim.analytics.latencyMs = EXPORT_LATENCY_MS
    sim.analytics.quota = 10_000
    return await read(sim)
  } finally {
    await sim.close()
  }
}

/** First arrival to the last answer, which leaves the simulator `latencyMs` after its request arrived. */
function exportTime(sim: Simulator): { exportMs: number; requests: number } {
  const requests = sim.mintlifyRequests()
  const first = requests[0]?.at ?? 0
  const last = requests.at(-1)?.at ?? 0
  return { exportMs: last - first + EXPORT_LATENCY_MS, requests: requests.length }
}

async function timeAction(): Promise<ExportTiming & { summaryBytes: number }> {
  return withExportSimulator(async (sim) => {
    const run = await runAction({
      inputs: {
        'api-key': sim.apiKey,
        'project-id': sim.projectId,
        'base-url': sim.url,
        operation: 'visitors',
        'max-requests': '1000',
        'output-file': 'visitors.csv'
      },
      githubApiUrl: `${sim.url}/api/v3`,
      killAfterMs: 120_000
    })
    if (run.exitCode !== 0) throw new Error(`export failed: ${run.log}`)
    return {
      wallMs: run.durationMs,
      ...exportTime(sim),
      rows: Number(run.outputs['row-count']),
      summaryBytes: Buffer.byteLength(run.summary)
    }
  })
}

async function timeBare(): Promise<ExportTiming> {
  return withExportSimulator(async (sim) => {
    const started = Date.now()
    const child = spawn(process.execPath, ['-e', BARE_CLIENT], {
      env: {
        PATH: process.env.PATH ?? '',
        BENCH_URL: `${sim.url}/v1/analytics/${sim.projectId}/visitors?limit=250`,
        BENCH_KEY: sim.apiKey
      },
      stdio: ['ignore', 'pipe', 'inherit']
    })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    clearTimeout(killer)
    if (code !== 0) throw new Error(`the bare client failed (exit ${code})`)
    return { wallMs: Date.now() - started, ...exportTime(sim), rows: Number(out.trim()) }
  })
}

function medianTiming(timings: ExportTiming[]): ExportTiming {
  return {
    wallMs: median(timings.map((t) => t.wallMs)),
    exportMs: median(timings.map((t) => t.exportMs)),
    requests: median(timings.map((t) => t.requests)),
    rows: median(timings.map((t) => t.rows))
  }
}

export async function measureExport(runs: number): Promise<ExportBench> {
  const action: (ExportTiming & { summaryBytes: number })[] = []
  const bare: ExportTiming[] = []
  for (let i = 0; i < runs; i++) {
    action.push(await timeAction())
    bare.push(await timeBare())
  }
  const summaryBytes = action[0]?.summaryBytes ?? 0
  const floorMs = Math.ceil(EXPORT_ROWS / 250) * EXPORT_LATENCY_MS
  return { runs, floorMs, action: medianTiming(action), bare: medianTiming(bare), summaryBytes }
}
