import { pullNumberOf } from '../mintlify/job.js'
import type { JobReport } from '../operations/agent-job.js'

/** The step outputs of an agent run, all of them, empty where there is nothing to say. */
export function jobOutputs(report: JobReport): Record<string, string> {
  const { verdict, job } = report
  const prNumber = pullNumberOf(job?.prLink ?? null)
  return {
    outcome: verdict.outcome,
    'job-id': job?.id ?? '',
    status: job?.status ?? '',
    'pr-link': job?.prLink ?? '',
    'pr-number': prNumber === null ? '' : String(prNumber),
    'failure-reason': verdict.failureReason,
    job: job ? JSON.stringify(job.raw) : ''
  }
}
