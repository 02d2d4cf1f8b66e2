/**
 * The static export's figures: a 200 MB bundle from the simulator on 127.0.0.1, downloaded with its
 * SHA-256 by the action's own download code beside `curl` on the same link, in turn, each in a process of
 * its own and each timed by itself (curl's `time_total`; curl only writes the file: the floor), and the
 * whole operation (`dist/index.js` with `job-id`: status read, bundle request, download, gzip and tar
 * checks) with its peak RSS, which the run reports itself at exit (`VmHWM`: `maxRSS` would count the
 * parent's memory, which Linux carries over a fork).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startSimulator, type Simulator } from '../simulator/index.js'
import { runAction } from './run-action.js'

/** 200 pages of 1 MB of random bytes: a gzip that barely shrinks, so the bundle is about 200 MB. */
const PAGES = 200
const PAGE_BYTES = 1_000_000
/** Downloads of each client, in turn; the median is reported. */
const ROUNDS = 3
const DOWNLOADER = join(dirname(fileURLToPath(import.meta.url)), 'bench-static-download.js')

export interface StaticExportFigures {
  bundleBytes: number
  /** The action's download with its SHA-256, median. */
  downloadMs: number
  /** curl on the same link, median. */
  curlMs: number
  /** dist/index.js from process start to exit, checks included. */
  operationMs: number
  /** The operation's peak resident set, in bytes. */
  peakRssBytes: number
  outcome: string
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** A fresh link to the planted export's bundle, asked as the action asks (POST …/bundle). */
async function bundleLink(sim: Simulator, jobId: string): Promise<{ url: string; sizeBytes: number }> {
  const response = await fetch(`${sim.url}/v1/static-export/jobs/${jobId}/bundle`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.apiKey}` }
  })
  const body = (await response.json()) as { bundleUrl: string; sizeBytes: number }
  return { url: body.bundleUrl, sizeBytes: body.sizeBytes }
}

/** What a process printed on its standard output, once it exited with 0. */
async function outputOf(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  if (code !== 0) throw new Error(`${command} exited with ${code}`)
  return out
}

async function timeCurl(url: string, file: string): Promise<number> {
  const seconds = await outputOf('curl', ['--silent', '--show-error', '--fail', '--output', file, '--write-out', '%{time_total}', url])
  return Number(seconds) * 1000
}

async function timeDownload(url: string, sizeBytes: number, file: string): Promise<number> {
  const printed = JSON.parse(await outputOf(process.execPath, [DOWNLOADER, url, String(sizeBytes), file])) as { ms: number }
  return printed.ms
}

/** The whole operation on dist/index.js, its peak RSS reported by the process itself as it exits. */
async function timeOperation(sim: Simulator, jobId: string): Promise<{ ms: number; peakRssBytes: number; outcome: string }> {
  const report =
    "import{readFileSync}from'node:fs';process.on('exit',()=>process.stderr.write('peak-rss '+Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status','utf8'))[1])*1024+'\\n'))"
  const run = await runAction({
    inputs: { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.url, operation: 'static-export', 'job-id': jobId },
    env: { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(report)}` },
    killAfterMs: 300_000
  })
  rmSync(dirname(run.workspace), { recursive: true, force: true })
  const peak = /peak-rss (\d+)/.exec(run.stderr)?.[1]
  if (peak === undefined) throw new Error(`the run reported no peak RSS: ${run.stderr.slice(0, 300)}`)
  return { ms: run.durationMs, peakRssBytes: Number(peak), outcome: run.outputs.outcome ?? '' }
}

export async function measureStaticExport(): Promise<StaticExportFigures> {
  const sim = await startSimulator()
  const dir = mkdtempSync(join(tmpdir(), 'docs-static-bench-'))
  try {
    const planted = sim.staticExports.plant({ createdAt: Date.now() - 60_000, pageCount: PAGES, pageBytes: PAGE_BYTES })
    // The first link builds the bundle (once); every download after it reads the same bytes.
    const { url, sizeBytes } = await bundleLink(sim, planted.jobId)
    const download: number[] = []
    const curl: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      download.push(await timeDownload(url, sizeBytes, join(dir, 'action.tar.gz')))
      curl.push(await timeCurl(url, join(dir, 'curl.tar.gz')))
    }
    const operation = await timeOperation(sim, planted.jobId)
    return {
      bundleBytes: sizeBytes,
      downloadMs: median(download),
      curlMs: median(curl),
      operationMs: operation.ms,
      peakRssBytes: operation.peakRssBytes,
      outcome: operation.outcome
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await sim.close()
  }
}

/** The rows of the bench's table. */
export function staticExportRows(figures: StaticExportFigures): [string, string, string][] {
  const mb = (bytes: number): string => `${(bytes / 1_000_000).toFixed(0)} MB`
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
  const ratio = figures.downloadMs / figures.curlMs
  return [
    [
      `static export, ${mb(figures.bundleBytes)} bundle: download with SHA-256 (median of ${ROUNDS}, in turn with curl)`,
      seconds(figures.downloadMs),
      `${ratio.toFixed(2)}× curl's ${seconds(figures.curlMs)} on the same link (target 1.10×: ${ratio <= 1.1 ? 'reached' : 'not reached'})`
    ],
    [
      `static export, ${mb(figures.bundleBytes)} bundle: the whole operation (status, bundle request, download, gzip and tar checks)`,
      seconds(figures.operationMs),
      `peak RSS ${mb(figures.peakRssBytes)} (budget 150 MB: ${figures.peakRssBytes <= 150_000_000 ? 'kept' : 'exceeded'}); ${figures.outcome}`
    ]
  ]
}
