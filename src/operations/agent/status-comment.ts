import { formatDuration } from '../../duration.js'
import { codeSpan, fitComment, safeLink } from '../../markdown.js'
import type { AgentJob } from '../../mintlify/job.js'
import { renderJobSummary } from './summary.js'
import type { JobReport } from './verdicts.js'

// The status comment a run keeps on the pull request (sticky, by its marker) or as a command's reply: working, then the result.

/** How the run follows the job: its link, and whether (and how long) it waits. */
export interface Following {
  runUrl: string | null
  timeoutMs: number
  waiting: boolean
}

/** The status comment while the job runs. */
export function renderWorkingComment(marker: string, job: AgentJob, { runUrl, timeoutMs, waiting }: Following): string {
  const id = job.id ? `job ${codeSpan(job.id)}` : 'the job'
  const run = runUrl ? safeLink('workflow run', runUrl) : 'workflow run'
  const next = waiting
    ? `The ${run} waits up to ${formatDuration(timeoutMs)} for it and updates this comment.`
    : `The ${run} does not wait for it (wait: false).`
  return fitComment(withMarker(marker, ['### ⏳ Docs agent is working', '', `The docs agent accepted ${id}. ${next}`, ''].join('\n')))
}

/** The status comment once the run has a result: the same facts as the job summary. */
export function renderResultComment(marker: string, report: JobReport): string {
  return fitComment(withMarker(marker, renderJobSummary(report)))
}

/** The sticky comment of an outsider's pull request waiting for a maintainer; it also holds the record of the head shown. */
export function renderWaitingComment(marker: string, head: string, trigger: string): string {
  const at = head ? ` at ${codeSpan(head.slice(0, 7))}` : ''
  return [
    marker,
    '### Docs: waiting for a maintainer',
    '',
    `This pull request comes from a fork, or from someone below the permission that steers the docs agent, so it starts no docs agent job by itself. Looked at it${at}? ${codeSpan(trigger)} to document it, ${codeSpan(`${trigger} skip`)} if it needs none. A later push waits for a maintainer again.`,
    ''
  ].join('\n')
}

/**
 * The words on an outsider's pull request whose head is another open pull request's head too (`why`, the
 * plan's words, with that pull request's number): no status was written. A sticky comment with `marker`; a
 * command's reply without. It also holds the record, as it was.
 */
export function renderSharedHeadComment(marker: string, why: string): string {
  return withMarker(
    marker,
    [
      '### Docs: no status written',
      '',
      `${why} A commit status belongs to the commit, not to one pull request, so this pull request writes none there and starts no docs agent job; push a commit of its own to get a docs check.`,
      ''
    ].join('\n')
  )
}

/** A sticky comment starts with its hidden marker; a reply comment has none. */
function withMarker(marker: string, body: string): string {
  return marker ? `${marker}\n${body}` : body
}
