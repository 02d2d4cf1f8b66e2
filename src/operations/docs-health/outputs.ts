import { lookFigures } from '../../spend/settle.js'
import { headline } from './health-report.js'
import type { HealthRun } from './verdicts.js'

/**
 * The step outputs of a docs-health report: the headline figures as compact JSON (what readers wrote in it
 * shell-safe, see `headline`), the visitor totals, the file.
 */
export function healthOutputs(run: HealthRun): Record<string, string> {
  const visitors = run.report?.traffic?.visitors
  return {
    outcome: run.verdict.outcome,
    'failure-reason': run.verdict.failureReason,
    report: run.report ? JSON.stringify(headline(run.report)) : '',
    // A figure Mintlify answered outside its domain is left out: empty, as when it was not read.
    'total-visitors': visitors?.total ? String(visitors.total.value) : '',
    'human-visitors': visitors?.human ? String(visitors.human.value) : '',
    'ai-visitors': visitors?.ai ? String(visitors.ai.value) : '',
    file: run.file,
    // With spend-limit: the ledger's counts (this window's, and the previous one's), read without a claim.
    ...(run.spend ? { spend: spendOutput(run) } : {})
  }
}

function spendOutput(run: HealthRun): string {
  const figures = run.spend && lookFigures(run.spend)
  return figures ? JSON.stringify(figures) : ''
}
