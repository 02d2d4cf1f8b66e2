/**
 * fix-checks over budget (issue 49, "Over budget": "fix-checks spends no round and records nothing for that
 * head"): a round's follow-up refused by the spend limit's ledger, or by Mintlify's 402, is no round. The
 * sticky comment and the rounds record stay as they were, the run says so in a warning and its summary, and
 * a later run for the same head, once the budget allows, sends the round.
 */
import { afterEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { only } from '../../expect-helpers.js'
import { annotations } from '../harness.js'
import { HEAD_1, LINK_ROT, linkRotFails, messages, startWithAgentPull, stickies, suiteCompleted } from '../triggers/fix-checks-helpers.js'

const LEDGER = 'acme/docs-ledger'
const LEDGER_TOKEN = 'ghs_LedgerAppT0kenForFixChecksRounds'
const SPEND = { 'spend-limit': '2/day', 'spend-ledger': LEDGER, 'spend-token': LEDGER_TOKEN }
const NO_ROUND = `fix-checks sent no round for ${HEAD_1.slice(0, 7)} and recorded nothing for it: a later run for this head tries again.`

let sim: Simulator
afterEach(async () => {
  await sim.close()
})

const today = (): string => new Date().toISOString().slice(0, 10)

/** The agent's pull request #101 failing Mintlify's link-rot check at HEAD_1, with a ledger of its own. */
async function failingAgentPull(): Promise<void> {
  sim = await startWithAgentPull()
  sim.github.addToken(LEDGER_TOKEN, { identity: 'ledger-app[bot]', repositories: { [LEDGER]: 'write' } })
  sim.github.setPermission(LEDGER, 'acme', 'admin')
  linkRotFails(sim, HEAD_1)
}

/** What a refused round leaves: no follow-up, no sticky comment (so no rounds record), and the run saying why. */
function expectNoRound(run: ActionRun): void {
  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('over-budget')
  expect(messages(sim)).toEqual([])
  expect(stickies(sim)).toEqual([])
  expect(annotations(run, 'warning').some((line) => line.endsWith(NO_ROUND))).toBe(true)
  expect(run.summary).toContain(NO_ROUND)
}

describe('a fix-checks round the spend limit refuses', () => {
  test('by the ledger: no round is spent and nothing recorded; once a slot is free, the next run for that head sends it', async () => {
    await failingAgentPull()
    for (const slot of ['000', '001']) sim.github.gitRefs.add(LEDGER, `refs/docs-agent/spend/day/${today()}/${slot}`)

    const refused = await suiteCompleted(sim, HEAD_1, SPEND)

    expectNoRound(refused)
    expect(annotations(refused, 'warning').some((line) => line.startsWith('Spend limit reached: 2 of 2 agent requests today'))).toBe(true)

    // The limit raised: a slot is free.
    const again = await suiteCompleted(sim, HEAD_1, { ...SPEND, 'spend-limit': '3/day' })

    expect(again.outputs.outcome).toBe('pr-opened')
    expect(only(messages(sim), 'message')).toContain(`Check: ${LINK_ROT}`)
    expect(only(stickies(sim), 'sticky comment').body).toContain(`- Round 1 of 2 at \`${HEAD_1.slice(0, 7)}\``)
  }, 90_000)

  test("by Mintlify's 402 (credits exhausted): no round is spent and nothing recorded; once credits renew, the next run sends it", async () => {
    await failingAgentPull()
    sim.credits.remaining = 0

    const refused = await suiteCompleted(sim, HEAD_1)

    expectNoRound(refused)

    sim.credits.remaining = null
    const again = await suiteCompleted(sim, HEAD_1)

    expect(again.outputs.outcome).toBe('pr-opened')
    expect(only(stickies(sim), 'sticky comment').body).toContain(`- Round 1 of 2 at \`${HEAD_1.slice(0, 7)}\``)
  }, 90_000)
})
