/**
 * `npm run bench`: the figures of DESIGN.md's performance budget, measured on this machine, as one table.
 * Everything runs against the simulator on 127.0.0.1 and stops by itself.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pollGap } from '../src/wait.js'
import { measureDeploys, renderDeployTable } from './bench-deploy.js'
import { measurePolling, renderPollingTable } from './bench-polling.js'
import { measureExport } from './bench-export.js'
import { fixChecksRows, measureFixChecksRound } from './bench-fix-checks.js'
import { LARGE_SITE, measureReportRequests, measureTrackRecordRequests, TYPICAL_SITE } from './bench-report.js'
import { measureStaticExport, staticExportRows } from './bench-static-export.js'
import { measureAskedAgainRequests } from './bench-asked-again.js'
import { measureStartup, startupRows } from './bench-startup.js'
import { measureSweep, sweepRows } from './bench-sweep.js'
import { measureTranslations, translationsRows } from './bench-translations.js'
import { measureRedaction, redactionRows } from './bench-redaction.js'
import { ACTION_ENTRY, PROJECT_ROOT } from './run-action.js'

const STARTUP_RUNS = 15
/** DESIGN.md's budget for dist/: every JavaScript file, chunks and entry included. */
const DIST_BUDGET = 1_300_000
/** Runs of the large export for each client (action, bare), alternating; the median is reported. */
const EXPORT_RUNS = 3
/** DESIGN.md's target for the large export: its time within this factor of the floor. */
const EXPORT_TARGET = 1.1

function distJavaScriptBytes(): number {
  const dist = join(PROJECT_ROOT, 'dist')
  return readdirSync(dist)
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + statSync(join(dist, name)).size, 0)
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
  const startup = await measureStartup(STARTUP_RUNS)
  const bytes = distJavaScriptBytes()
  const large = await measureExport(EXPORT_RUNS)
  const ratio = (ms: number): string => `${(ms / large.floorMs).toFixed(3)}×`
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
  const typicalReport = await measureReportRequests(TYPICAL_SITE)
  const largeReport = await measureReportRequests(LARGE_SITE)
  const trackRecord = await measureTrackRecordRequests({ pages: 250, conversationsPerWeek: 1_000 })
  const fixChecksRound = await measureFixChecksRound()
  const staticExport = await measureStaticExport()
  const askedAgain = await measureAskedAgainRequests()
  const sweepCost = await measureSweep()
  const translations = measureTranslations()
  const rows: [string, string, string][] = [
    ...startupRows(startup),
    [
      'dist/ JavaScript, chunks and entry',
      `${bytes.toLocaleString('en-US')} bytes`,
      `budget ${DIST_BUDGET.toLocaleString('en-US')} bytes (${((bytes / DIST_BUDGET) * 100).toFixed(0)}%)`
    ],
    [
      'export 100,000 rows, 20 ms latency: requests',
      String(large.action.requests),
      `ceil(100000 / 250) = 400; ${large.action.rows} rows written`
    ],
    [
      `export 100,000 rows, 20 ms latency: the export, first request to last answer (median of ${large.runs})`,
      seconds(large.action.exportMs),
      `${ratio(large.action.exportMs)} the floor of ${large.action.requests} × 20 ms (target ${EXPORT_TARGET.toFixed(2)}×: ${large.action.exportMs <= large.floorMs * EXPORT_TARGET ? 'reached' : 'not reached'}); a bare client ${seconds(large.bare.exportMs)}, ${ratio(large.bare.exportMs)}`
    ],
    [
      `export 100,000 rows, 20 ms latency: the whole run, process start to exit (median of ${large.runs})`,
      seconds(large.action.wallMs),
      `${ratio(large.action.wallMs)} the floor (target ${EXPORT_TARGET.toFixed(2)}×: ${large.action.wallMs <= large.floorMs * EXPORT_TARGET ? 'reached' : 'not reached'}); a bare client ${seconds(large.bare.wallMs)}, ${ratio(large.bare.wallMs)}; summary ${(large.summaryBytes / 1024).toFixed(1)} KiB`
    ],
    [
      'export 100,000 rows: the action above a bare client, per request',
      `${((large.action.exportMs - large.bare.exportMs) / large.action.requests).toFixed(2)} ms`,
      'parsing, checking and writing that a bare GET + JSON.parse loop does not do'
    ],
    [
      'docs-health report asking 20 searches again (assistant-key): requests',
      `${askedAgain.searches} search + ${askedAgain.analytics} analytics`,
      `without assistant-key ${askedAgain.analyticsWithout} analytics (${askedAgain.analytics - askedAgain.analyticsWithout} added); ${askedAgain.found} of 20 found a page; ${askedAgain.outcome}`
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
    [
      "docs-health report with the agent's track record (250 pages, 1,000 conversations/week, impact-weeks 4, 4 pull requests judged, 2 waiting): analytics requests",
      String(trackRecord.requests),
      `of which ${trackRecord.weeks} feedback/by-page (one a week) and ${trackRecord.questionPages} pages of questions; GitHub: ${trackRecord.searches} search, ${trackRecord.fileReads} files reads; ${trackRecord.outcome}, missing: ${trackRecord.missing}`
    ],
    ...fixChecksRows(fixChecksRound),
    ...staticExportRows(staticExport),
    ...sweepRows(sweepCost),
    ...translationsRows(translations),
    ...redactionRows(measureRedaction()),
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
  console.log(
    '\nRequests per deploy or preview (one trigger plus polls) and seconds from the deployment finishing to the step ending (virtual clock):\n'
  )
  console.log(renderDeployTable(await measureDeploys()))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
