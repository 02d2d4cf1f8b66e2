/**
 * The static export's figures: a 200 MB bundle from the simulator on 127.0.0.1, downloaded with the same
 * proof by the action's own download code (SHA-256, gzip and tar read to the end, in one pass) and by the
 * shell pipeline a user would run for it (`curl -sf "$URL" | tee out.tar.gz | sha256sum`, then
 * `tar -tzf out.tar.gz > /dev/null`), in turn, each a process of its own timed from its start to its exit;
 * and the whole operation (`dist/index.js` with `job-id`: the job read with its link, download, gzip and tar
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
import { median } from './median.js'

/** 200 pages of 1 MB of random bytes: a gzip that barely shrinks, so the bundle is about 200 MB. */
const PAGES = 200
const PAGE_BYTES = 1_000_000
/** Downloads of each client, in turn; the median is reported. */
const ROUNDS = 3
const DOWNLOADER = join(dirname(fileURLToPath(import.meta.url)), 'bench-static-download.js')

export interface StaticExportFigures {
  bundleBytes: number
  /** The action's download with its SHA-256 and archive checks, a process from start to exit, median. */
  downloadMs: number
  /** The shell pipeline on the same link, median. */
  pipelineMs: number
  /** dist/index.js from process start to exit, checks included. */
  operationMs: number
  /** The operation's peak resident set, in bytes. */
  peakRssBytes: number
  outcome: string
}

/** A fresh link to the planted export's bundle, read as the action reads it (GET of the completed job). */
async function bundleLink(sim: Simulator, jobId: string): Promise<{ url: string; sizeBytes: number }> {
  const response = await fetch(`${sim.url}/v1/static-export/${sim.projectId}/jobs/${jobId}`, {
    headers: { authorization: `Bearer ${sim.apiKey}` }
  })
  const body = (await response.json()) as { bundleUrl: string; sizeBytes: number }
  return { url: body.bundleUrl, sizeBytes: body.sizeBytes }
}

/** What a process printed on its standard output once it exited with 0, and how long it ran. */
async function timedOutput(command: string, args: string[]): Promise<{ out: string; ms: number }> {
  const started = performance.now()
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  if (code !== 0) throw new Error(`${command} exited with ${code}`)
  return { out, ms: performance.now() - started }
}

/** The user's pipeline: the bundle through tee to the file and sha256sum, then tar lists it to the end. */
async function timePipeline(url: string, file: string): Promise<{ ms: number; sha256: string }> {
  const script = 'set -o pipefail; curl -sf "$0" | tee "$1" | sha256sum && tar -tzf "$1" > /dev/null'
  const { out, ms } = await timedOutput('bash', ['-c', script, url, file])
  return { ms, sha256: out.split(' ')[0] ?? '' }
}

async function timeDownload(url: string, sizeBytes: number, file: string): Promise<{ ms: number; sha256: string }> {
  const { out, ms } = await timedOutput(process.execPath, [DOWNLOADER, url, String(sizeBytes), file])
  return { ms, sha256: (JSON.parse(out) as { sha256: string }).sha256 }
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
    const pipeline: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      // A file of its own each round: the download creates its file exclusively, as the action does.
      const file = join(dir, `action-${round}.tar.gz`)
      const action = await timeDownload(url, sizeBytes, file)
      rmSync(file, { force: true })
      const shell = await timePipeline(url, join(dir, 'out.tar.gz'))
      if (action.sha256 !== shell.sha256) throw new Error(`the action's SHA-256 ${action.sha256} is not sha256sum's ${shell.sha256}`)
      download.push(action.ms)
      pipeline.push(shell.ms)
    }
    const operation = await timeOperation(sim, planted.jobId)
    return {
      bundleBytes: sizeBytes,
      downloadMs: median(download),
      pipelineMs: median(pipeline),
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
  const ratio = figures.downloadMs / figures.pipelineMs
  return [
    [
      `static export, ${mb(figures.bundleBytes)} bundle: download with SHA-256, gzip and tar checks, process start to exit (median of ${ROUNDS}, in turn with the shell pipeline)`,
      seconds(figures.downloadMs),
      `${ratio.toFixed(2)}× the ${seconds(figures.pipelineMs)} of \`curl -sf | tee | sha256sum\` then \`tar -tzf\` on the same link (target 1.10×: ${ratio <= 1.1 ? 'reached' : 'not reached'})`
    ],
    [
      `static export, ${mb(figures.bundleBytes)} bundle: the whole operation (the job read with its link, download, gzip and tar checks)`,
      seconds(figures.operationMs),
      `peak RSS ${mb(figures.peakRssBytes)} (budget 150 MB: ${figures.peakRssBytes <= 150_000_000 ? 'kept' : 'exceeded'}); ${figures.outcome}`
    ]
  ]
}
