/**
 * `npm run bench`: the figures of DESIGN.md's performance budget, measured on this machine, as one table.
 * Everything runs against the simulator on 127.0.0.1 and stops by itself.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pollGap } from '../src/wait.js'
import { startSimulator } from '../simulator/index.js'
import { measurePolling, renderPollingTable } from './bench-polling.js'
import { LARGE_SITE, measureReportRequests, TYPICAL_SITE } from './bench-report.js'
import { ACTION_ENTRY, PROJECT_ROOT, runAction } from './run-action.js'

const STARTUP_RUNS = 15

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function timeNodeBaseline(): number {
  const times: number[] = []
  for (let i = 0; i < STARTUP_RUNS; i++) {
    const started = process.hrtime.bigint()
    spawnSync(process.execPath, ['-e', '0'])
    times.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  return median(times)
}

async function timeQuickRun(): Promise<{ ms: number; octokitLoaded: boolean }> {
  const sim = await startSimulator()
  try {
    const times: number[] = []
    for (let i = 0; i < STARTUP_RUNS; i++) {
      const run = await runAction({
        inputs: {
          'api-key': sim.apiKey,
          'project-id': sim.projectId,
          'base-url': sim.url,
          prompt: 'Fix the typo',
          wait: 'false',
          comment: 'false'
        },
        githubApiUrl: `${sim.url}/api/v3`,
        env: { NODE_DEBUG: '' }
      })
      if (run.exitCode !== 0) throw new Error(`quick run failed: ${run.log}`)
      times.push(run.durationMs)
    }
    return { ms: median(times), octokitLoaded: sim.githubRequests().length > 0 }
  } finally {
    await sim.close()
  }
}

function distJavaScriptBytes(): number {
  const dist = join(PROJECT_ROOT, 'dist')
  return readdirSync(dist)
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + statSync(join(dist, name)).size, 0)
}

async function timeLargeExport(
  paths: number,
  latencyMs: number
): Promise<{ ms: number; requests: number; rows: string; summaryBytes: number }> {
  const sim = await startSimulator()
  try {
    sim.analytics.setData({ paths })
    sim.analytics.latencyMs = latencyMs
    sim.analytics.quota = 1000
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
      ms: run.durationMs,
      requests: sim.mintlifyRequests().length,
      rows: run.outputs['page-count'] ?? '',
      summaryBytes: Buffer.byteLength(run.summary)
    }
  } finally {
    await sim.close()
  }
}

/** Polls a job of `jobMs` costs with the default poll-interval, from the same schedule the action uses. */
function pollsFor(jobMs: number, pollIntervalMs = 15_000): number {
  let elapsed = 0
  let polls = 0
  while (elapsed < jobMs) {
    elapsed += pollGap(elapsed, pollIntervalMs)
    polls++
  }
  return polls
}

async function main(): Promise<void> {
  if (statSync(ACTION_ENTRY, { throwIfNoEntry: false }) === undefined) throw new Error('dist/index.js is missing: run npm run build')
  const baseline = timeNodeBaseline()
  const quick = await timeQuickRun()
  const bytes = distJavaScriptBytes()
  const large = await timeLargeExport(100_000, 20)
  const typicalReport = await measureReportRequests(TYPICAL_SITE)
  const largeReport = await measureReportRequests(LARGE_SITE)
  const rows: [string, string, string][] = [
    ['start-up: `node -e 0` (median of 15)', `${baseline.toFixed(0)} ms`, ''],
    [
      'start-up: wait false, comment false run (median of 15)',
      `${quick.ms.toFixed(0)} ms`,
      `${(quick.ms / baseline).toFixed(2)}× node -e 0 (budget 2×)${quick.octokitLoaded ? '; GitHub was called!' : ''}`
    ],
    ['dist/ JavaScript', `${(bytes / 1024).toFixed(0)} KiB`, `budget 1 MB (${((bytes / 1_000_000) * 100).toFixed(0)}%)`],
    ['export 100,000 rows, 20 ms latency: requests', String(large.requests), 'ceil(100000 / 250) = 400'],
    [
      'export 100,000 rows, 20 ms latency: wall time',
      `${(large.ms / 1000).toFixed(1)} s`,
      // The floor: the requests one after the other at the simulator's latency, nothing else (target 1.10×).
      `${(large.ms / (large.requests * 20)).toFixed(2)}× the floor of ${large.requests} × 20 ms; ${large.rows} rows written, summary ${(large.summaryBytes / 1024).toFixed(1)} KiB`
    ],
    [
      'docs-health report, typical site (250 pages, 980 conversations/week): requests',
      String(typicalReport.requests),
      `target ≤ 12; ${typicalReport.outcome}, missing: ${typicalReport.missing}`
    ],
    [
      'docs-health report, large site (5,000 pages, 20,000 conversations/week): requests',
      String(largeReport.requests),
      `${largeReport.outcome}, missing: ${largeReport.missing}`
    ],
    ['polls for a 1 min job (poll-interval 15s)', String(pollsFor(60_000)), ''],
    ['polls for a 10 min job', String(pollsFor(600_000)), ''],
    ['polls for a 30 min job', String(pollsFor(1_800_000)), '']
  ]
  const width = Math.max(...rows.map(([name]) => name.length))
  console.log(`| ${'measure'.padEnd(width)} | value | note |`)
  console.log(`|${'-'.repeat(width + 2)}|---|---|`)
  for (const [name, value, note] of rows) console.log(`| ${name.padEnd(width)} | ${value} | ${note} |`)
  console.log('\nDetection delay after a job finishes (500 jobs of 5 s to 60 min, log-spread; virtual clock):\n')
  console.log(renderPollingTable(await measurePolling()))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
