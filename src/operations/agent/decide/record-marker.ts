import { parsePullLink } from '../../../mintlify/job.js'
import type { JobReport } from '../verdicts.js'
import { type CommitStatus, recordWith, renderRecord, updateRecord } from './docs-record.js'
import type { DocsCheckPlan } from './docs-check-plan.js'
import type { DocsFacts } from '../read/docs-facts.js'
import { renderStatuses, statusesWith } from './context-statuses.js'
import { type JudgedHeads, judgedWith, renderJudged } from './judged.js'

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
  if (!marker) return ''
  const { statuses, judged } = docs.facts
  const byContext = renderStatuses(status ? statusesWith(statuses, judged.key, status) : statuses)
  const heads = renderJudged(judgedAfter(docs))
  return [`\n${marker}`, heads, byContext].filter(Boolean).join('\n')
}

/**
 * The judged heads to keep: this key's set to the run's head and base when the run judged the pull
 * request's files (a pull-request event), starts a job for its head (a command's or a label's too), or
 * records a maintainer's skip for it (a skip holds for what changed after it, and only that is judged next).
 */
function judgedAfter({ plan, facts }: { plan: DocsCheckPlan; facts: DocsFacts }): JudgedHeads {
  const { target, judged, event } = facts
  const commanded = event.kind === 'command' || event.kind === 'label'
  const judges = event.kind === 'pull-request' || (commanded && (plan.job === 'start' || plan.record.kind === 'set-skip'))
  if (!judges || !target.sha || !target.base) return judged.heads
  return judgedWith(judged.heads, judged.key, { head: target.sha, base: target.base.ref })
}
