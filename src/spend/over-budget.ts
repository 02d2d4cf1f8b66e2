import { describeReset, describeResetShort, type SpendWindow, windowWords } from './window.js'

/**
 * An agent request the spend limit refused: not sent. The step still succeeds, with this warning; each
 * writer says it where its users look (a commit status, a command's reply, the sweep's table).
 */
export class OverBudget extends Error {
  constructor(
    message: string,
    /** The window that is full: when it resets. */
    readonly window: SpendWindow
  ) {
    super(message)
    this.name = 'OverBudget'
  }
}

/** What the warning says: how many of how many were used, the limit and ledger, and when the window starts again. */
export interface OverBudgetFacts {
  limit: number
  ledger: string
  window: SpendWindow
  used: number
  /** The claim ended after its tries with slots perhaps still free. */
  exhausted: boolean
  tries: number
}

/**
 * "Spend limit reached: 20 of 20 agent requests this week (spend-limit 20/week, ledger acme/docs-ledger); the
 * next window starts Monday 2026-12-14 00:00 UTC."
 */
export function overBudgetText(facts: OverBudgetFacts): string {
  const { limit, ledger, window } = facts
  const terms = `(spend-limit ${limit}/${window.kind}, ledger ${ledger})`
  const what = facts.exhausted
    ? `no free slot of the spend limit found after ${facts.tries} tries, ${facts.used} of ${limit} agent requests seen ${windowWords(window.kind)} ${terms}`
    : `${facts.used} of ${limit} agent requests ${windowWords(window.kind)} ${terms}`
  return `Spend limit reached: ${what}; the next window starts ${describeReset(window)}.`
}

/** A commit status's description (GitHub keeps 140 characters): "Spend limit reached until Mon 14 Dec 00:00 UTC: /docs or /docs skip". */
export function overBudgetStatus(refusal: OverBudget, trigger: string): string {
  return `Spend limit reached until ${describeResetShort(refusal.window)}: ${trigger} or ${trigger} skip`
}
