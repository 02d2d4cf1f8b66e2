/**
 * Every file the action writes is made under a random name of its own, opened exclusively, then renamed: the
 * sixth review planted symlinks in the checkout under the names the report's and the sweep's temporary files
 * would take (`<file>.<pid>.tmp`; an export's `<file>.tmp-<pid>`), and the action wrote through them, outside the workspace. Here links for
 * the next few thousand process ids point outside the workspace; the run writes nothing there, and its file
 * is a file of its own, not a link.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { schedulePayload } from '../fixtures/webhook-payloads.js'
import type { Simulator } from '../../simulator/index.js'
import { runAgainst } from './harness.js'
import { runOn, startHelloWorld } from './triggers/helpers.js'

/** How many process ids after the last one given out get a planted link: others fork processes meanwhile. */
const PIDS_AHEAD = 4_000

let sim: Simulator
let outside: string
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.analytics.setData({ paths: 20 })
  outside = mkdtempSync(join(tmpdir(), 'outside-'))
})
afterEach(async () => {
  await sim.close()
  rmSync(outside, { recursive: true, force: true })
})

/** Links named `name(pid)` → a file outside the workspace, for the process ids the run's process may get. */
function plantedLinks(name: (pid: number) => string): Record<string, string> {
  const last = Number(readFileSync('/proc/sys/kernel/ns_last_pid', 'utf8'))
  const max = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'))
  const links: Record<string, string> = {}
  for (let ahead = 1; ahead <= PIDS_AHEAD; ahead++) {
    // Linux gives out ids up to pid_max, then starts again at 300.
    const pid = last + ahead < max ? last + ahead : last + ahead - max + 300
    links[name(pid)] = join(outside, `written-through-${pid}`)
  }
  return links
}

function expectWrittenInPlace(workspace: string, file: string): void {
  expect(readdirSync(outside)).toEqual([])
  expect(lstatSync(join(workspace, file)).isFile()).toBe(true)
  expect(JSON.parse(readFileSync(join(workspace, file), 'utf8'))).toBeTruthy()
}

test('the report file is written in place, never through a link planted under a temporary name', async () => {
  const run = await runAgainst(sim, {
    inputs: { operation: 'report', prompt: '', 'date-from': '2026-03-01', 'date-to': '2026-03-08' },
    symlinks: plantedLinks((pid) => `docs-report.json.${pid}.tmp`)
  })
  expect(run.exitCode).toBe(0)
  expectWrittenInPlace(run.workspace, 'docs-report.json')
})

test('the sweep file is written in place, never through a link planted under a temporary name', async () => {
  const run = await runOn(sim, 'schedule', schedulePayload(), {
    inputs: { operation: 'sweep', prompt: '' },
    env: { GITHUB_RUN_NUMBER: '1', GITHUB_WORKFLOW: 'Sweep', GITHUB_JOB: 'sweep' },
    symlinks: plantedLinks((pid) => `docs-sweep.json.${pid}.tmp`)
  })
  expect(run.exitCode).toBe(0)
  expectWrittenInPlace(run.workspace, 'docs-sweep.json')
})

test('an analytics export is written in place, never through a link planted under a temporary name', async () => {
  const run = await runAgainst(sim, {
    inputs: { operation: 'visitors', prompt: '', 'date-from': '2026-03-01', 'date-to': '2026-04-01' },
    symlinks: plantedLinks((pid) => `docs-visitors.json.tmp-${pid}`)
  })
  expect(run.exitCode).toBe(0)
  expectWrittenInPlace(run.workspace, 'docs-visitors.json')
})
