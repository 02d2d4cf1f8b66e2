import { messageOf } from '../errors.js'
import type { MatchingRefs, RefCreation } from '../github/calls/git-refs.js'
import { kindPrefix, listedSlots, MAX_TRIES, nextSlot, RELIST_AFTER, slotRef, stragglers, windowPrefix } from './slots.js'
import { type SpendWindow, type WindowKind, windowAt, windowBefore } from './window.js'

/** The ledger repository's git references, as the claim uses them (github/calls/git-refs.ts; a test's stand-in). */
export interface LedgerCalls {
  matching(prefix: string): Promise<MatchingRefs>
  create(ref: string, sha: string): Promise<RefCreation>
  remove(ref: string): Promise<void>
  defaultHead(): Promise<string>
}

/** What a claim is made against: the limit, the window's kind, the runner's clock, and where clean-up failures are told. */
export interface LedgerTerms {
  limit: number
  kind: WindowKind
  now: () => number
  /** A clean-up that failed (it never stops a claim), or a listed slot above this run's limit. */
  warn: (message: string) => void
}

/** What a claim got: a slot of its own, or none (every slot below the limit taken, or MAX_TRIES refusals). */
export type ClaimResult =
  | { kind: 'claimed'; ref: string; window: SpendWindow; used: number }
  | { kind: 'over'; window: SpendWindow; used: number; tries: number; exhausted: boolean }

/** One window's count as its list shows it: its well-formed slots, any run's limit (a lagging list may show fewer). */
export interface WindowCount {
  window: SpendWindow
  used: number
}

/** The ledger's counts, read and never claimed: the current window's, and the previous one's when asked. */
export interface LedgerCounts {
  current: WindowCount
  previous: WindowCount | null
}

/**
 * The claim of one slot, the rule every agent request obeys. One list (never paged), then a creation of the
 * lowest slot below the limit that is neither listed nor refused in this run; the creation's answer decides,
 * never the list, which may lag behind creations. A refused slot stays taken for the run (a re-list after
 * RELIST_AFTER refusals adds taken slots and never frees one); after MAX_TRIES the claim ends over the limit.
 * So no race, however many runs and however late the list, makes more than `limit` claims in a window.
 * A GitHub failure is thrown as it came: the caller fails closed.
 */
export class SpendLedger {
  /** Slots refused in this run, by window name. */
  private readonly refused = new Map<string, Set<number>>()
  /** The default branch's head, read once per window when no slot listed one. */
  private readonly heads = new Map<string, string>()
  /** Windows whose stragglers this run swept (the winner of 000 does it once). */
  private readonly swept = new Set<string>()
  private toldAbove = false

  constructor(
    private readonly calls: LedgerCalls,
    private readonly terms: LedgerTerms
  ) {}

  async claim(): Promise<ClaimResult> {
    const { limit } = this.terms
    const { window, listing } = await this.listWindow()
    const refused = this.refusedIn(window)
    const listed = new Set(listedSlots(listing.refs, window))
    this.tellAbove(listed)
    let sha = listing.refs.find((ref) => ref.sha)?.sha ?? this.heads.get(window.name) ?? null
    let tries = 0
    for (;;) {
      const taken = new Set([...listed, ...refused])
      const slot = nextSlot(limit, taken)
      if (slot === null || tries >= MAX_TRIES) {
        const used = Math.max(listed.size, [...taken].filter((one) => one < limit).length)
        return { kind: 'over', window, used, tries, exhausted: slot !== null }
      }
      sha ??= await this.head(window)
      const ref = slotRef(window, slot)
      if ((await this.calls.create(ref, sha)) === 'created') {
        await this.cleanUp(window, slot)
        return { kind: 'claimed', ref, window, used: Math.max(listed.size, slot + 1) }
      }
      refused.add(slot)
      tries++
      if (tries % RELIST_AFTER === 0 && tries < MAX_TRIES)
        listedSlots((await this.calls.matching(windowPrefix(window))).refs, window).forEach((one) => listed.add(one))
    }
  }

  /**
   * The counts without a claim (`report`, a dry run): the current window's list, `Date`-checked as a
   * claim's, and with `previous` the previous window's list. Creates and deletes nothing.
   */
  async count(previous: boolean): Promise<LedgerCounts> {
    const { window, listing } = await this.listWindow()
    const current = { window, used: listedSlots(listing.refs, window).length }
    if (!previous) return { current, previous: null }
    const before = windowBefore(window, 1)
    const listed = await this.calls.matching(windowPrefix(before))
    return { current, previous: { window: before, used: listedSlots(listed.refs, before).length } }
  }

  /** Gives a claimed slot back: its request's answer says nothing was created. */
  free(ref: string): Promise<void> {
    return this.calls.remove(ref)
  }

  /**
   * The window by the runner's clock and its list; where the list's `Date` names another window, that
   * window's list, once, stands (a runner's clock may be off; GitHub's is the ledger's).
   */
  private async listWindow(): Promise<{ window: SpendWindow; listing: MatchingRefs }> {
    const byClock = windowAt(this.terms.kind, this.terms.now())
    const listing = await this.calls.matching(windowPrefix(byClock))
    if (listing.answeredAt === null) return { window: byClock, listing }
    const byDate = windowAt(this.terms.kind, listing.answeredAt)
    if (byDate.name === byClock.name) return { window: byClock, listing }
    return { window: byDate, listing: await this.calls.matching(windowPrefix(byDate)) }
  }

  private refusedIn(window: SpendWindow): Set<number> {
    const known = this.refused.get(window.name) ?? new Set<number>()
    this.refused.set(window.name, known)
    return known
  }

  private async head(window: SpendWindow): Promise<string> {
    const sha = this.heads.get(window.name) ?? (await this.calls.defaultHead())
    this.heads.set(window.name, sha)
    return sha
  }

  /** A listed slot at or above this run's limit: another run sharing the ledger has a larger one. Told once. */
  private tellAbove(listed: ReadonlySet<number>): void {
    const highest = Math.max(-1, ...listed)
    if (this.toldAbove || highest < this.terms.limit) return
    this.toldAbove = true
    this.terms.warn(
      `The spend ledger holds slot ${String(highest).padStart(3, '0')}, at or above this run's spend-limit of ${this.terms.limit}: a run sharing the ledger has a larger limit, and the largest limit among them bounds the count.`
    )
  }

  /**
   * Clean-up keeps pace with claims: the winner of slot s deletes slot s of the window two back, and the
   * winner of 000 deletes up to 10 stragglers older than the previous window. It never stops the claim.
   */
  private async cleanUp(window: SpendWindow, slot: number): Promise<void> {
    try {
      await this.calls.remove(slotRef(windowBefore(window, 2), slot))
      if (slot !== 0 || this.swept.has(window.name)) return
      this.swept.add(window.name)
      const all = await this.calls.matching(kindPrefix(window.kind))
      for (const ref of stragglers(all.refs, window.kind, windowBefore(window, 1))) await this.calls.remove(ref)
    } catch (error) {
      this.terms.warn(`The spend ledger's clean-up failed; a later run cleans up: ${messageOf(error)}`)
    }
  }
}
