import { describe, expect, it } from '@jest/globals'
import { GitHubError } from '../../../src/github/errors.js'
import type { OperationResult } from '../../../src/outcome.js'
import { RunSpend } from '../../../src/spend/agent-spend.js'
import type { ClaimResult, SpendLedger } from '../../../src/spend/ledger.js'
import type { SpendLimit } from '../../../src/spend/limit.js'
import { OverBudget, overBudgetStatus, overBudgetText } from '../../../src/spend/over-budget.js'
import { lookFigures, lookLine, settleRunSpend, settleSpend } from '../../../src/spend/settle.js'
import { windowAt, windowBefore } from '../../../src/spend/window.js'

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

describe('what a look at the ledger says (report, a dry run)', () => {
  const counted = (current: number, previous: number | null) =>
    ({
      count: () =>
        Promise.resolve({
          current: { window: WEEK, used: current },
          previous: previous === null ? null : { window: windowBefore(WEEK, 1), used: previous }
        })
    }) as unknown as SpendLedger

  it("report: this week's and last week's counts, in the summary's words and as figures; nothing claimed", async () => {
    const spend = new RunSpend(LIMIT, 'acme/docs-ledger', () => Promise.resolve(counted(7, 12)))
    const look = await spend.look(true)
    expect(lookLine(look)).toBe('Agent requests this week: 7 of 20 (ledger acme/docs-ledger); last week: 12.')
    expect(lookFigures(look)).toEqual({
      used: 7,
      limit: 20,
      window: 'week/2026-W50',
      resets: '2026-12-14T00:00:00Z',
      previous: { used: 12, window: 'week/2026-W49' }
    })
    expect(spend.looked).toBe(true)
    expect(spend.account()).toBeNull()
    const day = { ...LIMIT, kind: 'day' as const, limit: 3 }
    const daily = {
      count: () => Promise.resolve({ current: { window: windowAt('day', WEEK.startsAt), used: 1 }, previous: null })
    } as unknown as SpendLedger
    expect(lookLine(await new RunSpend(day, 'acme/l', () => Promise.resolve(daily)).look(false))).toBe(
      'Agent requests today: 1 of 3 (ledger acme/l).'
    )
  })

  it('a dry run: one line added to the summary, no spend output, the outcome as it was', async () => {
    const spend = new RunSpend(LIMIT, 'acme/docs-ledger', () => Promise.resolve(counted(2, null)))
    const settled = settleSpend(RESULT, spend, await spend.look(false))
    expect(settled.summary).toBe('## Sweep\n\nAgent requests this week: 2 of 20 (ledger acme/docs-ledger); this dry run claimed none.\n')
    expect(settled.outputs).toBe(RESULT.outputs)
    expect(settled.verdict).toBe(RESULT.verdict)
  })

  it.each([
    [404, 'spend-token needs contents: read on acme/docs-ledger to count (contents: write to claim; see docs/agent-jobs.md)'],
    [409, 'the ledger repository is empty: push a first commit to acme/docs-ledger'],
    [500, 'a run that claims fails closed on the same answer']
  ])('a ledger it cannot read (%s) is one sentence, never a failure', async (status, needs) => {
    const failing = { count: () => Promise.reject(new GitHubError(`Could not list the references x: HTTP ${status}, no.`, status)) }
    const spend = new RunSpend(LIMIT, 'acme/docs-ledger', () => Promise.resolve(failing as unknown as SpendLedger))
    const look = await spend.look(true)
    const sentence = `spend-limit 20/week cannot read the ledger acme/docs-ledger, so its counts are not shown: could not list the references x: HTTP ${status}, no; ${needs}.`
    expect(look).toMatchObject({ current: null, previous: null, failure: sentence })
    expect(lookLine(look)).toBe(sentence)
    expect(lookFigures(look)).toBeNull()
    expect(settleSpend(RESULT, spend, look).summary).toBe(`## Sweep\n\n${sentence}\n`)
  })

  it("at the run's end: only a dry run that would have sent a request looks, once, and a ledger it cannot read is a warning", async () => {
    let looks = 0
    const ledger = { count: () => Promise.resolve(void looks++).then(() => ({ current: { window: WEEK, used: 4 }, previous: null })) }
    const spend = () => new RunSpend(LIMIT, 'acme/docs-ledger', () => Promise.resolve(ledger as unknown as SpendLedger))
    const warnings: string[] = []
    const run = { dryRun: true, warn: (message: string) => void warnings.push(message) }
    const dry: OperationResult = { ...RESULT, verdict: { ...RESULT.verdict, outcome: 'dry-run' } }
    expect((await settleRunSpend(dry, spend(), run)).summary).toContain(
      'Agent requests this week: 4 of 20 (ledger acme/docs-ledger); this dry run claimed none.'
    )
    expect(looks).toBe(1)
    // A dry run that would have sent nothing (skipped, denied), a run that is no dry run, no spend-limit: no look.
    expect(await settleRunSpend(RESULT, spend(), run)).toBe(RESULT)
    expect(await settleRunSpend(dry, spend(), { ...run, dryRun: false })).toBe(dry)
    expect(await settleRunSpend(dry, null, run)).toBe(dry)
    // The operation read the ledger itself (report): not again.
    const looked = spend()
    await looked.look(true)
    expect(await settleRunSpend(dry, looked, run)).toBe(dry)
    expect(looks).toBe(2)
    const failing = new RunSpend(LIMIT, 'acme/docs-ledger', () => Promise.reject(new GitHubError('Could not list: HTTP 404.', 404)))
    await settleRunSpend(dry, failing, run)
    expect(warnings).toEqual([expect.stringMatching(/^spend-limit 20\/week cannot read the ledger acme\/docs-ledger/)])
  })
})
