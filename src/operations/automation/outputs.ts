import type { AutomationReport } from './verdicts.js'

/**
 * The step outputs of an automation trigger: the queued run (`instanceId`, or a webhook trigger's `runId`) and
 * its background job (`jobId`; a webhook trigger names none).
 */
export function automationOutputs(report: AutomationReport): Record<string, string> {
  return {
    outcome: report.verdict.outcome,
    'failure-reason': report.verdict.failureReason,
    'automation-run': report.trigger?.instanceId ?? '',
    'job-id': report.trigger?.jobId ?? ''
  }
}
