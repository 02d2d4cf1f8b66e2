import { parsePullLink } from '../../../mintlify/job.js'
import type { JobReport } from '../verdicts.js'
import { type CommitStatus, recordWith, renderRecord, updateRecord } from './docs-record.js'
import type { DocsCheckPlan } from './docs-check-rules.js'
import type { DocsFacts } from './facts.js'

/**
 * The hidden docs record a comment on the code pull request carries: the record read, changed as the plan
 * says (a skip set or cleared, a head shown), with the status written last and, once known, the job and
 * its pull request. '' where there is no code pull request to keep it on.
 */
export function docsRecordMarker(
  docs: { plan: DocsCheckPlan; facts: DocsFacts },
  status: CommitStatus | null,
  report: JobReport | null
): string {
  if (!docs.facts.target.pull) return ''
  const pull = parsePullLink(report?.job?.prLink ?? null)
  const record = recordWith(updateRecord(docs.facts.record, docs.plan.record), {
    ...(report?.job ? { jobId: report.job.id } : {}),
    ...(pull ? { agentPull: pull } : {}),
    status
  })
  const marker = renderRecord(record)
  return marker ? `\n${marker}` : ''
}
