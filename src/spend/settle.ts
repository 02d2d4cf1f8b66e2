import { failure, judgeOverBudget, type OperationResult, type Verdict } from '../outcome.js'
import type { RunSpend, SpendAccount } from './agent-spend.js'
import { resetStamp, windowWords } from './window.js'

/**
 * The spend limit's word on a run's result, in the one place every run ends: the `spend` output and the
 * summary's line for every run that claimed; `over-budget` when its first agent request was refused (else
 * the operation's own outcome stands); a failure when the ledger could not be used (it fails closed).
 */
export function settleSpend(result: OperationResult, spend: RunSpend | null): OperationResult {
  const account = spend?.account()
  if (!account) return result
  const verdict = spendVerdict(result.verdict, account)
  const outputs = { ...result.outputs, spend: spendOutput(account) }
  if (verdict !== result.verdict) Object.assign(outputs, { outcome: verdict.outcome, 'failure-reason': verdict.failureReason })
  const line = spendLine(account)
  return { ...result, verdict, outputs, summary: line ? `${result.summary.trimEnd()}\n\n${line}\n` : result.summary }
}

function spendVerdict(verdict: Verdict, account: SpendAccount): Verdict {
  if (account.failure) return failure('failed', account.failure.message)
  if (account.firstRefused && verdict.outcome !== 'over-budget') return judgeOverBudget(account.firstRefused.message)
  return verdict
}

/** `{"used":7,"limit":20,"window":"week/2026-W50","resets":"2026-12-14T00:00:00Z"}`, with `refused` when any was. */
export function spendOutput(account: SpendAccount): string {
  const { window } = account
  if (!window) return ''
  return JSON.stringify({
    used: account.used,
    limit: account.limit.limit,
    window: `${window.kind}/${window.name}`,
    resets: resetStamp(window),
    ...(account.refused > 0 ? { refused: account.refused } : {})
  })
}

/** "Agent requests this week: 7 of 20 (ledger acme/docs-ledger)", and how many of this run's were not sent. */
export function spendLine(account: SpendAccount): string {
  if (!account.window) return ''
  const line = `Agent requests ${windowWords(account.window.kind)}: ${account.used} of ${account.limit.limit} (ledger ${account.ledger})`
  if (account.refused === 0) return line
  const requests = account.refused === 1 ? '1 agent request of this run was' : `${account.refused} agent requests of this run were`
  return `${line}; ${requests} not sent: the spend limit is reached.`
}
