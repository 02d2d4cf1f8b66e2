import type { ExportReport } from './verdicts.js'

/** The step outputs of an analytics export. */
export function exportOutputs(report: ExportReport): Record<string, string> {
  const number = (value: number | undefined): string => (value === undefined ? '' : String(value))
  return {
    outcome: report.verdict.outcome,
    'failure-reason': report.verdict.failureReason,
    'total-visitors': number(report.totals?.total),
    'human-visitors': number(report.totals?.human),
    'ai-visitors': number(report.totals?.ai),
    // Visitors and views count pages; every export counts rows.
    'page-count': report.kind === 'visitors' || report.kind === 'views' ? String(report.rowCount) : '',
    'row-count': String(report.rowCount),
    file: report.file
  }
}
