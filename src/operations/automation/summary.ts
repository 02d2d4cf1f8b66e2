import { codeCell, codeSpan, dryRunMark, factsTable, type FactRow, summaryHeading } from '../../markdown.js'
import type { AutomationReport } from './verdicts.js'

/** The job summary of an automation trigger: the queued run's ids and where to follow it. */
export function renderAutomationSummary(report: AutomationReport): string {
  const { trigger } = report
  const rows: FactRow[] = [
    ['Outcome', codeSpan(report.verdict.outcome)],
    ['Automation', codeCell(report.automationId)],
    ['Trigger', codeCell(report.kind)],
    ['Run', trigger?.instanceId ? codeCell(trigger.instanceId) : null],
    ['Job', trigger?.jobId ? `${codeCell(trigger.jobId)} (the background job processing the run, not a docs agent job)` : null],
    ['Automation schema', trigger?.schemaId ? codeCell(trigger.schemaId) : null]
  ]
  const follow =
    'Follow the run in the run history on the Automations page of the Mintlify dashboard. ' +
    'Nothing documents a way to follow it through the API, so this step does not wait for it.'
  return [
    ...summaryHeading(`Mintlify automation${dryRunMark(report.verdict)}`, report.verdict),
    ...factsTable(rows),
    ...(trigger ? [follow, ''] : [])
  ].join('\n')
}
