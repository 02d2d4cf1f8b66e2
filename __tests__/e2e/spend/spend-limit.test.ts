/**
 * spend-limit end to end: dist/index.js against the simulator's git references. A run that claims says so
 * in its summary and `spend`, costs the GitHub requests DESIGN.md counts, and a full window refuses the
 * request (over-budget, a warning) with the list alone; a ledger that cannot be written fails the run
 * before any agent request.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../../simulator/index.js'
import { annotations, expectNoSecret, runAgainst } from '../harness.js'

const LEDGER = 'acme/docs-ledger'
const LEDGER_TOKEN = 'ghs_LedgerAppT0kenForTheSpendLimit'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
  sim.github.addToken(LEDGER_TOKEN, { identity: 'ledger-app[bot]', repositories: { [LEDGER]: 'write' } })
  // The ledger repository exists, its owner an admin.
  sim.github.setPermission(LEDGER, 'acme', 'admin')
})
afterEach(async () => {
  await sim.close()
})

function spendRun(inputs: Record<string, string> = {}) {
  return runAgainst(sim, {
    eventName: 'workflow_dispatch',
    inputs: { wait: 'false', comment: 'false', 'spend-limit': '3/day', 'spend-ledger': LEDGER, 'spend-token': LEDGER_TOKEN, ...inputs }
  })
}

/** The GitHub requests a run made to the ledger, as `METHOD path` with the ledger's prefix cut. */
function ledgerRequests(from: number): string[] {
  return sim
    .githubRequests()
    .slice(from)
    .filter((request) => request.path.includes(`/repos/${LEDGER}/`))
    .map((request) => `${request.method} ${decodeURIComponent(request.path.slice(`/api/v3/repos/${LEDGER}`.length))}`)
}

const today = (): string => new Date().toISOString().slice(0, 10)

describe('spend-limit', () => {
  test('a run that claims: the list, the head, the creation and the clean-up; the summary line and the spend output', async () => {
    sim.github.gitRefs.add(LEDGER, 'refs/docs-agent/spend/day/2026-01-01/004')
    const run = await spendRun()
    expect(run.outputs.outcome).toBe('started')
    expect(sim.jobs.size).toBe(1)
    expect(ledgerRequests(0)).toEqual([
      `GET /git/matching-refs/docs-agent/spend/day/${today()}/`,
      'GET /commits/HEAD',
      'POST /git/refs',
      expect.stringMatching(/^DELETE \/git\/refs\/docs-agent\/spend\/day\/\d{4}-\d{2}-\d{2}\/000$/),
      'GET /git/matching-refs/docs-agent/spend/day/',
      'DELETE /git/refs/docs-agent/spend/day/2026-01-01/004'
    ])
    expect(sim.github.gitRefs.list(LEDGER)).toEqual([`refs/docs-agent/spend/day/${today()}/000`])
    expect(run.summary).toContain(`Agent requests today: 1 of 3 (ledger ${LEDGER})`)
    expect(JSON.parse(run.outputs.spend ?? '')).toMatchObject({ used: 1, limit: 3, window: `day/${today()}` })

    // The next run: 3 requests while slots are free (the sha from the listed slot).
    const before = sim.githubRequests().length
    await spendRun()
    expect(ledgerRequests(before)).toEqual([
      `GET /git/matching-refs/docs-agent/spend/day/${today()}/`,
      'POST /git/refs',
      expect.stringMatching(/^DELETE \/git\/refs\/docs-agent\/spend\/day\/.*\/001$/)
    ])
    // The ledger token never shows.
    expectNoSecret(run, LEDGER_TOKEN)
  }, 60_000)

  test('a full window: the request is not sent, the list alone, over-budget with a warning', async () => {
    for (const slot of ['000', '001', '002']) sim.github.gitRefs.add(LEDGER, `refs/docs-agent/spend/day/${today()}/${slot}`)
    const run = await spendRun()
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('over-budget')
    expect(sim.jobs.size).toBe(0)
    expect(ledgerRequests(0)).toEqual([`GET /git/matching-refs/docs-agent/spend/day/${today()}/`])
    const warning = `Spend limit reached: 3 of 3 agent requests today (spend-limit 3/day, ledger ${LEDGER}); the next window starts `
    expect(annotations(run, 'warning').some((line) => line.startsWith(warning))).toBe(true)
    expect(JSON.parse(run.outputs.spend ?? '')).toMatchObject({ used: 3, limit: 3, refused: 1 })
  }, 60_000)

  test.each([
    [
      'a read-only token',
      () => sim.github.addToken('ghs_read', { identity: 'reader', repositories: { [LEDGER]: 'read' } }),
      'ghs_read',
      /HTTP 403.*spend-token needs contents: write on acme\/docs-ledger/
    ],
    [
      'an empty ledger repository',
      () => sim.github.gitRefs.markEmpty(LEDGER),
      LEDGER_TOKEN,
      /HTTP 409.*the ledger repository is empty: push a first commit to acme\/docs-ledger/
    ]
  ])(
    'fails closed with %s, before any agent request',
    async (_, setUp, token, reason) => {
      setUp()
      const run = await spendRun({ 'spend-token': token })
      expect(run.exitCode).not.toBe(0)
      expect(run.outputs.outcome).toBe('failed')
      expect(run.outputs['failure-reason']).toMatch(
        /^spend-limit 3\/day cannot claim a slot in the ledger acme\/docs-ledger, so no agent request was sent: /
      )
      expect(run.outputs['failure-reason']).toMatch(reason)
      expect(sim.jobs.size).toBe(0)
    },
    60_000
  )
})
