import type { SweepReport } from './verdicts.js'
import { countDecisions } from './verdicts.js'

/** The step outputs of a sweep: the outcome, the file, and `report`, each decision counted (compact JSON). */
export function sweepOutputs(report: SweepReport, file: string | null): Record<string, string> {
  const { verdict, swept, leftForLater } = report
  const counts = { listed: report.listed ?? 0, visited: swept.length, leftForLater: leftForLater.length, ...countDecisions(swept) }
  return {
    outcome: verdict.outcome,
    'failure-reason': verdict.failureReason,
    report: report.listed === null ? '' : JSON.stringify(counts),
    file: file ?? ''
  }
}
