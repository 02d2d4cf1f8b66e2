import { failure, judgeOverBudget, type OperationResult, type Verdict } from '../outcome.js'
import type { RunSpend, SpendAccount, SpendLook } from './agent-spend.js'
import { previousWindowWords, resetStamp, type SpendWindow, windowWords } from './window.js'

/**
 * The spend limit's word on a run's result, in the one place every run ends: the `spend` output and the
 * summary's line for every run that claimed; `over-budget` when its first agent request was refused (else
 * the operation's own outcome stands); a failure when the ledger could not be used (it fails closed).
 */
export function settleSpend(result: OperationResult, spend: RunSpend | null, dryLook: SpendLook | null = null): OperationResult {
  const account = spend?.account()
  if (!account) return dryLook ? { ...result, summary: `${result.summary.trimEnd()}\n\n${dryRunLine(dryLook)}\n` } : result
  const verdict = spendVerdict(result.verdict, account)
  const outputs = { ...result.outputs, spend: spendOutput(account) }
  if (verdict !== result.verdict) Object.assign(outputs, { outcome: verdict.outcome, 'failure-reason': verdict.failureReason })
  const line = spendLine(account)
  return { ...result, verdict, outputs, summary: line ? `${result.summary.trimEnd()}\n\n${line}\n` : result.summary }
}

/**
 * settleSpend where every run ends. A dry run that would have sent agent requests claims nothing but lists
 * the ledger once, so that it tells how many are used (unless the operation read it already: `report`); a
 * ledger it cannot read is a warning.
 */
export async function settleRunSpend(
  result: OperationResult,
  spend: RunSpend | null,
  run: { dryRun: boolean; warn: (message: string) => void }
): Promise<OperationResult> {
  const look = run.dryRun && spend && !spend.looked && result.verdict.outcome === 'dry-run' ? await spend.look(false) : null
  if (look?.failure) run.warn(look.failure)
  return settleSpend(result, spend, look)
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

/**
 * A dry run's look at the ledger (it claims nothing): "Agent requests this week: 7 of 20 (ledger
 * acme/docs-ledger); this dry run claimed none."
 */
export function dryRunLine(look: SpendLook): string {
  if (look.failure !== null || !look.current) return look.failure ?? ''
  return `${countLine(look, look.current.window, look.current.used)}; this dry run claimed none.`
}

/**
 * What `report` adds: "Agent requests this week: 7 of 20 (ledger acme/docs-ledger); last week: 12.", or
 * the sentence saying why the ledger could not be read.
 */
export function lookLine(look: SpendLook): string {
  if (look.failure !== null || !look.current) return look.failure ?? ''
  const line = countLine(look, look.current.window, look.current.used)
  return look.previous ? `${line}; ${previousWindowWords(look.previous.window.kind)}: ${look.previous.used}.` : `${line}.`
}

/** The counts as `report` keeps them (the `spend` output, the file's `spend` adds the ledger); null when unread. */
export function lookFigures(look: SpendLook): LookFigures | null {
  const { current, previous } = look
  if (!current) return null
  return {
    used: current.used,
    limit: look.limit.limit,
    window: windowName(current.window),
    resets: resetStamp(current.window),
    previous: previous ? { used: previous.used, window: windowName(previous.window) } : null
  }
}

/** `{"used":7,"limit":20,"window":"week/2026-W50","resets":"2026-12-14T00:00:00Z","previous":{"used":12,"window":"week/2026-W49"}}`. */
export interface LookFigures {
  used: number
  limit: number
  window: string
  resets: string
  previous: { used: number; window: string } | null
}

function countLine(look: SpendLook, window: SpendWindow, used: number): string {
  return `Agent requests ${windowWords(window.kind)}: ${used} of ${look.limit.limit} (ledger ${look.ledger})`
}

function windowName(window: SpendWindow): string {
  return `${window.kind}/${window.name}`
}
