import { siteUrl } from '../../mintlify/deployment.js'
import { shellSafeUrl } from '../../trust/shell-safe-outputs.js'
import type { DeploymentReport } from './verdicts.js'

/**
 * The step outputs of a deploy or preview: the status id to follow it elsewhere, its last status, the link
 * (shell-safe: the API wrote it, and later steps may paste it into a script).
 */
export function deploymentOutputs(report: DeploymentReport): Record<string, string> {
  return {
    outcome: report.verdict.outcome,
    'failure-reason': report.verdict.failureReason,
    'status-id': report.statusId ?? '',
    status: report.status?.status ?? '',
    ...(report.kind === 'preview'
      ? { 'preview-url': shellSafeUrl(report.previewUrl ?? '') }
      : { 'docs-url': shellSafeUrl(siteUrl(report.status) ?? '') })
  }
}
