import { siteUrl } from '../../mintlify/deployment.js'
import type { DeploymentReport } from './verdicts.js'

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
