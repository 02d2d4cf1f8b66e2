import { parsePullLink } from '../mintlify/job.js'
import { headline } from '../health/report.js'
import { siteUrl } from '../mintlify/deployment.js'
import type { AutomationReport, DeploymentReport, ExportReport, HealthRun, JobReport, OperationResult } from '../outcome.js'

/** The step outputs of an agent run, all of them, empty where there is nothing to say. */
export function jobOutputs(report: JobReport): Record<string, string> {
  const { verdict, job } = report
  const pull = parsePullLink(job?.prLink ?? null)
  return {
    outcome: verdict.outcome,
    'job-id': job?.id ?? '',
    status: job?.status ?? '',
    'pr-link': job?.prLink ?? '',
    'pr-number': pull ? String(pull.number) : '',
    'pr-repository': pull?.repository ?? '',
    'failure-reason': verdict.failureReason,
    job: job ? JSON.stringify(job.raw) : '',
    grouped: report.grouped?.kind ?? ''
  }
}

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

/** The step outputs of a docs-health report: the headline figures as compact JSON, the visitor totals, the file. */
export function healthOutputs(run: HealthRun): Record<string, string> {
  const visitors = run.report?.traffic?.visitors
  return {
    outcome: run.verdict.outcome,
    'failure-reason': run.verdict.failureReason,
    report: run.report ? JSON.stringify(headline(run.report)) : '',
    'total-visitors': visitors ? String(visitors.total.value) : '',
    'human-visitors': visitors ? String(visitors.human.value) : '',
    'ai-visitors': visitors ? String(visitors.ai.value) : '',
    file: run.file
  }
}

/** Every output of an operation's result: its own, and `comment-url` where the operation keeps a status comment. */
export function resultOutputs(result: OperationResult): Record<string, string> {
  return result.statusComment === undefined ? result.outputs : { ...result.outputs, 'comment-url': result.statusComment ?? '' }
}

/** The step outputs of a deploy or preview: the status id to follow it elsewhere, its last status, the link. */
export function deploymentOutputs(report: DeploymentReport): Record<string, string> {
  return {
    outcome: report.verdict.outcome,
    'failure-reason': report.verdict.failureReason,
    'status-id': report.statusId ?? '',
    status: report.status?.status ?? '',
    ...(report.kind === 'preview' ? { 'preview-url': report.previewUrl ?? '' } : { 'docs-url': siteUrl(report.status) ?? '' })
  }
}

/** The step outputs of an automation trigger: the queued run (`instanceId`) and its background job (`jobId`). */
export function automationOutputs(report: AutomationReport): Record<string, string> {
  return {
    outcome: report.verdict.outcome,
    'failure-reason': report.verdict.failureReason,
    'automation-run': report.trigger?.instanceId ?? '',
    'job-id': report.trigger?.jobId ?? ''
  }
}
