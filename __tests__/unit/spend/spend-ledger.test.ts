import { describe, expect, it } from '@jest/globals'
import type { MatchingRefs, RefCreation } from '../../../src/github/calls/git-refs.js'
import { type LedgerCalls, SpendLedger } from '../../../src/spend/ledger.js'

const HEAD = 'a'.repeat(40)
const NOW = Date.parse('2026-12-09T10:00:00Z') // 2026-W50
const WEEK = 'refs/docs-agent/spend/week/2026-W50/'

/**
 * A ledger repository in memory: references by name, a list that can hide creations (`hidden`: what a
 * lagging list has not shown yet), and every request noted.
 */
class FakeLedger implements LedgerCalls {
  readonly refs = new Map<string, string>()
  readonly hidden = new Set<string>()
  readonly requests: string[] = []
  /** Names whose creation answers "Reference update failed" though nothing else holds them. */
  readonly failing = new Set<string>()
  answeredAt: number | null = NOW

  constructor(existing: string[] = []) {
    existing.forEach((ref) => this.refs.set(ref, HEAD))
  }

  matching(prefix: string): Promise<MatchingRefs> {
    this.requests.push(`list ${prefix}`)
    const refs = [...this.refs].filter(([ref]) => ref.startsWith(`refs/${prefix}`) && !this.hidden.has(ref))
    return Promise.resolve({ refs: refs.map(([ref, sha]) => ({ ref, sha })), answeredAt: this.answeredAt })
  }

  create(ref: string, sha: string): Promise<RefCreation> {
    this.requests.push(`create ${ref.slice(WEEK.length)}`)
    if (this.refs.has(ref) || this.failing.has(ref)) return Promise.resolve('refused')
    this.refs.set(ref, sha)
    return Promise.resolve('created')
  }

  remove(ref: string): Promise<void> {
    this.requests.push(`delete ${ref}`)
    this.refs.delete(ref)
    return Promise.resolve()
  }

  defaultHead(): Promise<string> {
    this.requests.push('head')
    return Promise.resolve(HEAD)
  }
}

function ledgerOf(calls: LedgerCalls, limit = 20, warnings: string[] = []): SpendLedger {
  return new SpendLedger(calls, { limit, kind: 'week', now: () => NOW, warn: (message) => warnings.push(message) })
}

const slots = (...numbers: number[]): string[] => numbers.map((slot) => `${WEEK}${String(slot).padStart(3, '0')}`)

describe('claiming a slot of the spend ledger', () => {
  it('in an empty window: the list, the head once, the creation of 000, the clean-up two back and the straggler sweep', async () => {
    const ledger = new FakeLedger(['refs/docs-agent/spend/week/2026-W40/004', 'refs/docs-agent/spend/week/2026-W49/000'])
    const claim = await ledgerOf(ledger).claim()
    expect(claim).toMatchObject({ kind: 'claimed', ref: `${WEEK}000`, used: 1 })
    expect(ledger.requests).toEqual([
      'list docs-agent/spend/week/2026-W50/',
      'head',
      'create 000',
      'delete refs/docs-agent/spend/week/2026-W48/000',
      'list docs-agent/spend/week/',
      'delete refs/docs-agent/spend/week/2026-W40/004'
    ])
    // The previous window stays, for the report.
    expect(ledger.refs.has('refs/docs-agent/spend/week/2026-W49/000')).toBe(true)
  })

  it('with slots free: 3 requests (list, create, the clean-up delete), the sha taken from a listed slot', async () => {
    const ledger = new FakeLedger(slots(0, 1, 2))
    const claim = await ledgerOf(ledger).claim()
    expect(claim).toMatchObject({ kind: 'claimed', ref: `${WEEK}003`, used: 4 })
    expect(ledger.requests).toEqual([
      'list docs-agent/spend/week/2026-W50/',
      'create 003',
      'delete refs/docs-agent/spend/week/2026-W48/003'
    ])
  })

  it('takes the lowest free slot, gaps included, and ignores other names in the namespace', async () => {
    const ledger = new FakeLedger([...slots(0, 2), `${WEEK}1`, `${WEEK}x01`, `${WEEK}001/extra`])
    expect(await ledgerOf(ledger).claim()).toMatchObject({ ref: `${WEEK}001` })
  })

  it('over the limit: the list alone', async () => {
    const ledger = new FakeLedger(slots(0, 1, 2))
    expect(await ledgerOf(ledger, 3).claim()).toMatchObject({ kind: 'over', used: 3, exhausted: false })
    expect(ledger.requests).toEqual(['list docs-agent/spend/week/2026-W50/'])
  })

  it("trusts the creation's answer, never the list: a lagging list's hidden slots are refused and the next one is tried", async () => {
    const ledger = new FakeLedger(slots(0, 1))
    slots(0, 1).forEach((ref) => ledger.hidden.add(ref))
    const claim = await ledgerOf(ledger).claim()
    expect(claim).toMatchObject({ kind: 'claimed', ref: `${WEEK}002`, used: 3 })
    expect(ledger.requests.filter((request) => request.startsWith('create'))).toEqual(['create 000', 'create 001', 'create 002'])
  })

  it('lists again after 3 refusals, adding what it shows to the refused slots and freeing none', async () => {
    const ledger = new FakeLedger(slots(0, 1, 2, 3, 4, 5))
    slots(0, 1, 2).forEach((ref) => ledger.hidden.add(ref))
    const claim = await ledgerOf(ledger).claim()
    // 0-2 refused; the re-list shows 3-5 (still not 0-2): slot 6 is next, not 0 again.
    expect(claim).toMatchObject({ kind: 'claimed', ref: `${WEEK}006` })
    expect(ledger.requests.slice(0, 6)).toEqual([
      'list docs-agent/spend/week/2026-W50/',
      'create 000',
      'create 001',
      'create 002',
      'list docs-agent/spend/week/2026-W50/',
      'create 006'
    ])
  })

  it('a refused slot stays taken for the rest of the run, on the next claim too', async () => {
    const ledger = new FakeLedger()
    ledger.failing.add(`${WEEK}000`)
    const spend = ledgerOf(ledger)
    expect(await spend.claim()).toMatchObject({ ref: `${WEEK}001` })
    ledger.failing.clear()
    expect(await spend.claim()).toMatchObject({ ref: `${WEEK}002` })
    expect(ledger.requests.filter((request) => request === 'create 000')).toHaveLength(1)
  })

  it('ends over the limit after 10 refusals, though higher slots may be free', async () => {
    const ledger = new FakeLedger(slots(...Array.from({ length: 12 }, (_, slot) => slot)))
    ledger.refs.forEach((_, ref) => ledger.hidden.add(ref))
    const claim = await ledgerOf(ledger, 20).claim()
    expect(claim).toMatchObject({ kind: 'over', tries: 10, exhausted: true, used: 10 })
    expect(ledger.requests.filter((request) => request.startsWith('create'))).toHaveLength(10)
    // A re-list after the 3rd, 6th and 9th refusal; none after the 10th.
    expect(ledger.requests.filter((request) => request.startsWith('list'))).toHaveLength(4)
  })

  it("checks the window against the list's Date: where they differ, the Date's window stands", async () => {
    const ledger = new FakeLedger()
    ledger.answeredAt = Date.parse('2026-12-14T00:00:05Z') // GitHub is already in 2026-W51
    const claim = await ledgerOf(ledger).claim()
    expect(claim).toMatchObject({ kind: 'claimed', ref: 'refs/docs-agent/spend/week/2026-W51/000', window: { name: '2026-W51' } })
    expect(ledger.requests.slice(0, 2)).toEqual(['list docs-agent/spend/week/2026-W50/', 'list docs-agent/spend/week/2026-W51/'])
  })

  it("warns once when a listed slot is at or above this run's limit", async () => {
    const warnings: string[] = []
    const ledger = new FakeLedger(slots(0, 1, 2, 3, 4, 5))
    const spend = ledgerOf(ledger, 4, warnings)
    expect(await spend.claim()).toMatchObject({ kind: 'over', used: 6 })
    await spend.claim()
    expect(warnings).toEqual([
      "The spend ledger holds slot 005, at or above this run's spend-limit of 4: a run sharing the ledger has a larger limit, and the largest limit among them bounds the count."
    ])
  })

  it('a failed clean-up is one warning and keeps the claim', async () => {
    const ledger = new FakeLedger()
    const warnings: string[] = []
    ledger.remove = () => Promise.reject(new Error('Could not delete the reference: HTTP 500.'))
    expect(await ledgerOf(ledger, 5, warnings).claim()).toMatchObject({ kind: 'claimed' })
    expect(warnings).toEqual(["The spend ledger's clean-up failed; a later run cleans up: Could not delete the reference: HTTP 500."])
  })

  it('a failed list or creation is thrown as it came: the caller fails closed', async () => {
    const ledger = new FakeLedger()
    ledger.create = () => Promise.reject(new Error('HTTP 403'))
    await expect(ledgerOf(ledger).claim()).rejects.toThrow('HTTP 403')
  })

  it('frees a slot by deleting it', async () => {
    const ledger = new FakeLedger()
    const spend = ledgerOf(ledger)
    const claim = await spend.claim()
    if (claim.kind !== 'claimed') throw new Error('expected a claim')
    await spend.free(claim.ref)
    expect(ledger.refs.has(claim.ref)).toBe(false)
  })
})

describe('counting the spend ledger without a claim (report, a dry run)', () => {
  it("this window's list and the previous window's, well-formed slots only; nothing created or deleted", async () => {
    const ledger = new FakeLedger([
      ...slots(0, 1, 2, 25),
      `${WEEK}x01`,
      ...['000', '003'].map((slot) => `refs/docs-agent/spend/week/2026-W49/${slot}`)
    ])
    const before = [...ledger.refs.keys()]
    const counts = await ledgerOf(ledger).count(true)
    expect(counts).toMatchObject({
      current: { window: { name: '2026-W50' }, used: 4 },
      previous: { window: { name: '2026-W49' }, used: 2 }
    })
    expect(ledger.requests).toEqual(['list docs-agent/spend/week/2026-W50/', 'list docs-agent/spend/week/2026-W49/'])
    expect([...ledger.refs.keys()]).toEqual(before)
  })

  it("the current window alone in one list; the list's Date names the window, as for a claim", async () => {
    const ledger = new FakeLedger(['refs/docs-agent/spend/week/2026-W51/000'])
    ledger.answeredAt = Date.parse('2026-12-14T00:00:05Z')
    expect(await ledgerOf(ledger).count(false)).toMatchObject({ current: { window: { name: '2026-W51' }, used: 1 }, previous: null })
    expect(ledger.requests).toEqual(['list docs-agent/spend/week/2026-W50/', 'list docs-agent/spend/week/2026-W51/'])
  })
})
