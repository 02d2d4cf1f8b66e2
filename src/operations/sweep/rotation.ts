import type { ListedPull } from './facts.js'

/**
 * Which of the listed pull requests one run visits, and what a visit may cost: the rotation that reaches
 * every one of them within ceil(n / k) runs with no stored cursor, and the budget of `operations-per-run`
 * GitHub requests it is paid from (DESIGN, "The agent's pull requests, looked after").
 */

/**
 * c: the most one visit can cost in GitHub requests, its reads and its writes together. Reads: the pull
 * request, the first page of its comments, the sweep's record by the id the introduction holds, its
 * reviews, its code pull request (5). Writes: a note, a review request or a close (at most 2 on one pull
 * request), and its record (1: the record updated by its id; on the first write the record is created and
 * its id written into the introduction, 2, when no record was read). So 5 + 2 + 1 = 4 + 2 + 2 = 8.
 * `operations-per-run` below it is bad input: no visit would fit.
 */
export const VISIT_COST = 8
/** The writes of one visit that are not its record: a note, and a review request or a close. */
export const MAX_VISIT_WRITES = 2

/** k: the visits one run's budget surely holds, each carried out whole, writes included. */
export function visitsPerRun(operationsPerRun: number): number {
  return Math.floor(operationsPerRun / VISIT_COST)
}

/**
 * The listed pull requests one run visits: by number, k = floor(operations-per-run / c) of them starting
 * at (run number × k) mod n; the rest wait for a later run. Consecutive runs visit consecutive stretches,
 * so every one is visited within ceil(n / k) runs.
 */
export function visitOrder(
  pulls: readonly ListedPull[],
  runNumber: number,
  operationsPerRun: number
): { visit: ListedPull[]; later: ListedPull[] } {
  const byNumber = [...pulls].sort((a, b) => a.number - b.number)
  const n = byNumber.length
  const k = visitsPerRun(operationsPerRun)
  if (n === 0 || k === 0) return { visit: [], later: byNumber }
  const start = (((runNumber * k) % n) + n) % n
  const rotated = [...byNumber.slice(start), ...byNumber.slice(0, start)]
  return { visit: rotated.slice(0, Math.min(k, n)), later: rotated.slice(Math.min(k, n)) }
}

/**
 * GitHub requests one run may still spend. A visit is begun only when its whole cost c is left; what its
 * reads leave of c is held for its writes, so that nothing read later (a second read of `mergeable`) can
 * take it. Once the plan says what a visit writes, what its writes do not need goes back (`settle`); the
 * writes are paid from what is held for them (`pay`).
 */
export class Budget {
  private readonly held = new Map<number, number>()

  constructor(private left: number) {}

  /** What is left besides what is held for writes. */
  get remaining(): number {
    return this.left
  }

  /** Takes `count` requests when that many are left. */
  take(count = 1): boolean {
    if (count < 0 || this.left < count) return false
    this.left -= count
    return true
  }

  /** Holds `count` requests for the writes of pull request `pull`. */
  hold(pull: number, count: number): boolean {
    if (!this.take(count)) return false
    this.held.set(pull, (this.held.get(pull) ?? 0) + count)
    return true
  }

  /** What is held for `pull` beyond `needed` goes back to the run. */
  settle(pull: number, needed: number): void {
    const held = this.held.get(pull) ?? 0
    const kept = Math.max(0, Math.min(held, needed))
    this.left += held - kept
    this.held.set(pull, kept)
  }

  /** Pays `count` requests of `pull`'s writes from what is held for them. */
  pay(pull: number, count: number): boolean {
    const held = this.held.get(pull) ?? 0
    if (count < 0 || held < count) return false
    this.held.set(pull, held - count)
    return true
  }
}
