import { parsePullLink } from '../../mintlify/job.js'
import type { JobReport } from './verdicts.js'

/** The step outputs of an agent run, all of them, empty where there is nothing to say. */
export function jobOutputs(report: JobReport): Record<string, string> {
  const { verdict, job } = report
  const pull = parsePullLink(job?.prLink ?? null)
  return {
    outcome: verdict.outcome,
    'job-id': job?.id ?? '',
    status: job?.status ?? '',
    // Only a well-formed link: the raw value, whatever it holds, stays in `job`.
    'pr-link': pull ? (job?.prLink ?? '') : '',
    'pr-number': pull ? String(pull.number) : '',
    'pr-repository': pull?.repository ?? '',
    'failure-reason': verdict.failureReason,
    job: job ? JSON.stringify(job.raw) : '',
    grouped: report.grouped?.kind ?? ''
  }
}
