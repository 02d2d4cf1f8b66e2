import { describe, expect, it } from '@jest/globals'
import { GitHubError } from '../../../src/github/errors.js'
import type { OperationResult } from '../../../src/outcome.js'
import { RunSpend } from '../../../src/spend/agent-spend.js'
import type { ClaimResult, SpendLedger } from '../../../src/spend/ledger.js'
import type { SpendLimit } from '../../../src/spend/limit.js'
import { OverBudget, overBudgetStatus, overBudgetText } from '../../../src/spend/over-budget.js'
import { settleSpend } from '../../../src/spend/settle.js'
import { windowAt } from '../../../src/spend/window.js'

const WEEK = windowAt('week', Date.parse('2026-12-09T10:00:00Z'))
const LIMIT: SpendLimit = { limit: 20, kind: 'week', ledger: { owner: 'acme', repo: 'docs-ledger' }, token: 'ghs_x' }

/** A ledger answering claims in turn, and failing with `error` when given one. */
function ledgerAnswering(results: ClaimResult[], error?: Error): { ledger: SpendLedger; freed: string[] } {
  const freed: string[] = []
  const ledger = {
    claim: () =>
      error
        ? Promise.reject(error)
        : Promise.resolve(results.shift() ?? { kind: 'over', window: WEEK, used: 20, tries: 0, exhausted: false }),
    free: (ref: string) => Promise.resolve(void freed.push(ref))
  } as unknown as SpendLedger
  return { ledger, freed }
}

const claimed = (used: number): ClaimResult => ({
  kind: 'claimed',
  ref: `refs/docs-agent/spend/week/2026-W50/${used - 1}`,
  window: WEEK,
  used
})
const over = (used: number): ClaimResult => ({ kind: 'over', window: WEEK, used, tries: 0, exhausted: false })

const RESULT: OperationResult = {
  verdict: { outcome: 'swept', result: 'success', headline: 'Swept.', failureReason: '' },
  outputs: { outcome: 'swept', 'failure-reason': '' },
  summary: '## Sweep\n'
}

describe('what a run says of its spend', () => {
  it('the warning: how many of how many, the limit and ledger, and when the window starts again', () => {
    expect(overBudgetText({ limit: 20, ledger: 'acme/docs-ledger', window: WEEK, used: 20, exhausted: false, tries: 0 })).toBe(
      'Spend limit reached: 20 of 20 agent requests this week (spend-limit 20/week, ledger acme/docs-ledger); the next window starts Monday 2026-12-14 00:00 UTC.'
    )
    expect(
      overBudgetText({ limit: 5, ledger: 'acme/l', window: windowAt('day', WEEK.startsAt), used: 3, exhausted: true, tries: 10 })
    ).toBe(
      'Spend limit reached: no free slot of the spend limit found after 10 tries, 3 of 5 agent requests seen today (spend-limit 5/day, ledger acme/l); the next window starts Tuesday 2026-12-08 00:00 UTC.'
    )
    const status = overBudgetStatus(new OverBudget('x', WEEK), '/docs')
    expect(status).toBe('Spend limit reached until Mon 14 Dec 00:00 UTC: /docs or /docs skip')
    expect(status.length).toBeLessThanOrEqual(140)
  })

  it('a run that claimed: the spend output and the summary line; its outcome stands', async () => {
    const { ledger } = ledgerAnswering([claimed(7)])
    const spend = new RunSpend(LIMIT, 'acme/docs-ledger', () => Promise.resolve(ledger))
    await spend.claim()
    const settled = settleSpend(RESULT, spend)
    expect(settled.verdict).toBe(RESULT.verdict)
    expect(settled.outputs.spend).toBe('{"used":7,"limit":20,"window":"week/2026-W50","resets":"2026-12-14T00:00:00Z"}')
    expect(settled.summary).toBe('## Sweep\n\nAgent requests this week: 7 of 20 (ledger acme/docs-ledger)\n')
  })

  it('a run whose first request was refused ends over-budget, with the warning', async () => {
    const { ledger } = ledgerAnswering([over(20)])
    const spend = new RunSpend(LIMIT, 'acme/docs-ledger', () => Promise.resolve(ledger))
    await expect(spend.claim()).rejects.toBeInstanceOf(OverBudget)
    const settled = settleSpend(RESULT, spend)
    expect(settled.verdict).toMatchObject({ outcome: 'over-budget', result: 'warning' })
    expect(settled.outputs).toMatchObject({
      outcome: 'over-budget',
      spend: '{"used":20,"limit":20,"window":"week/2026-W50","resets":"2026-12-14T00:00:00Z","refused":1}'
    })
    expect(settled.summary).toContain(
      'Agent requests this week: 20 of 20 (ledger acme/docs-ledger); 1 agent request of this run was not sent'
    )
  })

  it('a later request refused leaves the outcome and says which was refused', async () => {
    const { ledger } = ledgerAnswering([claimed(19), over(20)])
    const spend = new RunSpend(LIMIT, 'acme/docs-ledger', () => Promise.resolve(ledger))
    await spend.claim()
    await expect(spend.claim()).rejects.toBeInstanceOf(OverBudget)
    const settled = settleSpend(RESULT, spend)
    expect(settled.verdict.outcome).toBe('swept')
    expect(JSON.parse(settled.outputs.spend ?? '')).toMatchObject({ used: 20, refused: 1 })
  })

  it.each([
    [409, 'the ledger repository is empty: push a first commit to acme/docs-ledger'],
    [422, "the slots must point at a commit of acme/docs-ledger's default branch"],
    [403, "spend-token needs contents: write on acme/docs-ledger (a fork's read-only token cannot claim; see docs/agent-jobs.md)"],
    [404, "spend-token needs contents: write on acme/docs-ledger (a fork's read-only token cannot claim; see docs/agent-jobs.md)"]
  ])(
    'fails closed on %s, in one sentence naming spend-limit, the ledger and what it needs; no later claim is tried',
    async (status, needs) => {
      let tries = 0
      const { ledger } = ledgerAnswering([], new GitHubError(`Could not create the reference x: HTTP ${status}, no.`, status))
      const spend = new RunSpend(LIMIT, 'acme/docs-ledger', () => Promise.resolve(void tries++).then(() => ledger))
      const message = `spend-limit 20/week cannot claim a slot in the ledger acme/docs-ledger, so no agent request was sent: could not create the reference x: HTTP ${status}, no; ${needs}.`
      await expect(spend.claim()).rejects.toThrow(message)
      await expect(spend.claim()).rejects.toThrow(message)
      expect(tries).toBe(1)
      const settled = settleSpend(RESULT, spend)
      expect(settled.verdict).toEqual({ outcome: 'failed', result: 'failure', headline: message, failureReason: message })
      expect(settled.outputs).toMatchObject({ outcome: 'failed', 'failure-reason': message, spend: '' })
    }
  )

  it('a run that claimed nothing says nothing of the spend limit', () => {
    const { ledger } = ledgerAnswering([])
    expect(settleSpend(RESULT, new RunSpend(LIMIT, 'acme/docs-ledger', () => Promise.resolve(ledger)))).toBe(RESULT)
    expect(settleSpend(RESULT, null)).toBe(RESULT)
  })
})
