/**
 * What the spend limit reads and what it costs, end to end on dist/index.js against the simulator's git
 * references: `report` adds this window's and the previous window's counts (two lists, never a claim);
 * a dry run lists the window once and creates or deletes no reference; a claim costs DESIGN's GitHub
 * requests, one more per slot another run took first.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Simulator, startSimulator } from '../../../simulator/index.js'
import type { HealthReport } from '../../../src/operations/docs-health/health-report.js'
import { windowAt, windowBefore } from '../../../src/spend/window.js'
import { annotations, runAgainst } from '../harness.js'

const LEDGER = 'acme/docs-ledger'
const LEDGER_TOKEN = 'ghs_LedgerAppT0kenForTheSpendCounts'
const NAMESPACE = 'refs/docs-agent/spend'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
  sim.github.addToken(LEDGER_TOKEN, { identity: 'ledger-app[bot]', repositories: { [LEDGER]: 'write' } })
  sim.github.setPermission(LEDGER, 'acme', 'admin')
})
afterEach(async () => {
  await sim.close()
})

const SPEND = { 'spend-ledger': LEDGER, 'spend-token': LEDGER_TOKEN }

/** The GitHub requests made to the ledger, as `METHOD path` with the ledger's prefix cut and `%2F` read as `/`. */
function ledgerRequests(from = 0): string[] {
  return sim
    .githubRequests()
    .slice(from)
    .filter((request) => request.path.includes(`/repos/${LEDGER}/`))
    .map((request) => `${request.method} ${decodeURIComponent(request.path.slice(`/api/v3/repos/${LEDGER}`.length))}`)
}

/** The window of `kind` now and the one before, as the ledger names them. */
function windows(kind: 'day' | 'week'): { now: string; before: string } {
  const now = windowAt(kind, Date.now())
  return { now: now.name, before: windowBefore(now, 1).name }
}

function slots(kind: string, window: string, count: number): void {
  for (let slot = 0; slot < count; slot++) sim.github.gitRefs.add(LEDGER, `${NAMESPACE}/${kind}/${window}/${String(slot).padStart(3, '0')}`)
}

describe('report with spend-limit', () => {
  test("adds this week's and last week's counts to the summary, the spend output and the file, with two lists and no claim", async () => {
    sim.analytics.setData({ paths: 20 })
    const week = windows('week')
    slots('week', week.now, 7)
    slots('week', week.before, 12)
    // Another kind's slots and a stale window's count for nothing here.
    slots('day', '2026-01-01', 2)
    const before = sim.github.gitRefs.list(LEDGER)
    const run = await runAgainst(sim, {
      inputs: { operation: 'report', prompt: '', 'impact-weeks': '0', 'spend-limit': '20/week', ...SPEND }
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('reported')
    expect(ledgerRequests()).toEqual([
      `GET /git/matching-refs/docs-agent/spend/week/${week.now}/`,
      `GET /git/matching-refs/docs-agent/spend/week/${week.before}/`
    ])
    expect(sim.github.gitRefs.list(LEDGER)).toEqual(before)
    expect(sim.jobs.size).toBe(0)
    const line = `Agent requests this week: 7 of 20 (ledger ${LEDGER}); last week: 12.`
    expect(run.summary).toContain(line)
    expect(run.log).toContain(line)
    const spend = { used: 7, limit: 20, window: `week/${week.now}`, previous: { used: 12, window: `week/${week.before}` } }
    expect(JSON.parse(run.outputs.spend ?? '')).toEqual({ ...spend, resets: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/) })
    const file = JSON.parse(readFileSync(join(run.workspace, run.outputs.file ?? ''), 'utf8')) as HealthReport
    expect(file.spend).toMatchObject({ ...spend, ledger: LEDGER })
  }, 60_000)

  test('without spend-limit: no ledger read, no spend output, the file says null', async () => {
    sim.analytics.setData({ paths: 20 })
    const run = await runAgainst(sim, { inputs: { operation: 'report', prompt: '', 'impact-weeks': '0' } })
    expect(run.outputs.outcome).toBe('reported')
    expect(ledgerRequests()).toEqual([])
    expect(run.outputs.spend ?? '').toBe('')
    expect(run.summary).not.toContain('Agent requests')
    const file = JSON.parse(readFileSync(join(run.workspace, run.outputs.file ?? ''), 'utf8')) as HealthReport
    expect(file.spend).toBeNull()
  }, 60_000)

  test('a dry run reads the counts too, and a ledger it cannot read is a warning, never the report failing', async () => {
    const day = windows('day')
    slots('day', day.now, 1)
    const dry = await runAgainst(sim, {
      inputs: { operation: 'report', prompt: '', 'impact-weeks': '0', 'dry-run': 'true', 'spend-limit': '5/day', ...SPEND }
    })
    expect(dry.outputs.outcome).toBe('dry-run')
    expect(ledgerRequests()).toEqual([
      `GET /git/matching-refs/docs-agent/spend/day/${day.now}/`,
      `GET /git/matching-refs/docs-agent/spend/day/${day.before}/`
    ])
    expect(dry.summary).toContain(`Agent requests today: 1 of 5 (ledger ${LEDGER}); yesterday: 0.`)

    sim.analytics.setData({ paths: 20 })
    const unread = await runAgainst(sim, {
      inputs: {
        operation: 'report',
        prompt: '',
        'impact-weeks': '0',
        'spend-limit': '5/day',
        'spend-ledger': 'acme/elsewhere',
        'spend-token': LEDGER_TOKEN
      }
    })
    expect(unread.exitCode).toBe(0)
    expect(unread.outputs.outcome).toBe('reported')
    const warning = annotations(unread, 'warning').find((text) =>
      text.startsWith('spend-limit 5/day cannot read the ledger acme/elsewhere')
    )
    expect(warning).toMatch(/HTTP 404.*spend-token needs contents: read on acme\/elsewhere to count/)
    expect(unread.outputs.spend ?? '').toBe('')
  }, 60_000)
})

describe('dry-run with spend-limit', () => {
  test('lists the window once, tells how many are used, and creates or deletes no reference', async () => {
    const day = windows('day')
    slots('day', day.now, 2)
    const before = sim.github.gitRefs.list(LEDGER)
    const run = await runAgainst(sim, {
      eventName: 'workflow_dispatch',
      inputs: { wait: 'false', comment: 'false', 'dry-run': 'true', 'spend-limit': '3/day', ...SPEND }
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('dry-run')
    expect(ledgerRequests()).toEqual([`GET /git/matching-refs/docs-agent/spend/day/${day.now}/`])
    const writes = sim.githubRequests().filter((request) => request.method !== 'GET' && request.path.includes('/git/'))
    expect(writes).toEqual([])
    expect(sim.github.gitRefs.list(LEDGER)).toEqual(before)
    expect(sim.jobs.size).toBe(0)
    expect(run.summary).toContain(`Agent requests today: 2 of 3 (ledger ${LEDGER}); this dry run claimed none.`)
    // It claimed nothing, so it has no claim's `spend` output.
    expect(run.outputs.spend ?? '').toBe('')
  }, 60_000)

  test('a dry run of a full window is still a dry run: nothing is refused, for nothing was to be sent', async () => {
    const day = windows('day')
    slots('day', day.now, 3)
    const run = await runAgainst(sim, {
      eventName: 'workflow_dispatch',
      inputs: { wait: 'false', comment: 'false', 'dry-run': 'true', 'spend-limit': '3/day', ...SPEND }
    })
    expect(run.outputs.outcome).toBe('dry-run')
    expect(run.summary).toContain(`Agent requests today: 3 of 3 (ledger ${LEDGER}); this dry run claimed none.`)
    expect(ledgerRequests()).toEqual([`GET /git/matching-refs/docs-agent/spend/day/${day.now}/`])
  }, 60_000)
})

describe("a claim's GitHub requests", () => {
  test('one more per slot another run took first: the list, the head, two creations, the clean-up', async () => {
    const day = windows('day')
    // Another run's slot 000, created but not yet in the list (GitHub's list may lag behind creations).
    sim.github.gitRefs.options.listLagMs = 60_000
    const created = await fetch(`${sim.url}/api/v3/repos/${LEDGER}/git/refs`, {
      method: 'POST',
      headers: { authorization: `token ${LEDGER_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ref: `${NAMESPACE}/day/${day.now}/000`, sha: 'a'.repeat(40) })
    })
    expect(created.status).toBe(201)
    const from = sim.githubRequests().length
    const run = await runAgainst(sim, {
      eventName: 'workflow_dispatch',
      inputs: { wait: 'false', comment: 'false', 'spend-limit': '3/day', ...SPEND }
    })
    expect(run.outputs.outcome).toBe('started')
    expect(sim.jobs.size).toBe(1)
    // 3 for the claim, 1 for the head (the window looked empty), 1 for the refusal; no straggler sweep (not slot 000).
    expect(ledgerRequests(from)).toEqual([
      `GET /git/matching-refs/docs-agent/spend/day/${day.now}/`,
      'GET /commits/HEAD',
      'POST /git/refs',
      'POST /git/refs',
      `DELETE /git/refs/docs-agent/spend/day/${windowBefore(windowAt('day', Date.now()), 2).name}/001`
    ])
    expect(run.summary).toContain(`Agent requests today: 2 of 3 (ledger ${LEDGER})`)
  }, 60_000)
})
