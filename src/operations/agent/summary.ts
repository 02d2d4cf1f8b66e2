import { formatDuration } from '../../duration.js'
import {
  codeBlock,
  codeCell,
  dryRunMark,
  escapeHtml,
  escapeInline,
  escapeWithLinks,
  factsTable,
  type FactRow,
  linkWithLabel,
  plural,
  safeLink,
  summaryHeading,
  truncate
} from '../../markdown.js'
import { parsePullLink } from '../../mintlify/job.js'
import type { Verdict } from '../../outcome.js'
import type { JobReport } from './verdicts.js'

/** Long prompts are cut in the summary; the full text went to the API. */
const PROMPT_LIMIT = 20_000

/** The job summary of an agent job or follow-up: the result first, then the facts, then the prompt. */
export function renderJobSummary(report: JobReport): string {
  const { verdict, job } = report
  const dryRun = verdict.outcome === 'dry-run'
  const title = `${report.action === 'job' ? 'Docs agent job' : 'Docs agent follow-up'}${dryRunMark(verdict)}`
  // A dry run is about the prompt: shown unfolded.
  const details = dryRun ? '<details open>' : '<details>'
  const rows: FactRow[] = [
    ['Outcome', `\`${verdict.outcome}\``],
    ['Job', job?.id ? codeCell(job.id) : '–'],
    ['Status', job?.status ? escapeInline(job.status) : '–'],
    ['Pull request', job?.prLink ? pullRequestLink(job.prLink) : 'none'],
    ['Waited', waitedCell(report)],
    ['Model', job?.model ? escapeInline(job.model) : '–'],
    ['Source', job?.repository ? `${escapeWithLinks(job.repository)}${job.ref ? ` @ ${escapeInline(job.ref)}` : ''}` : '–']
  ]
  if (report.grouped) rows.push(['Grouped (group-runs)', groupedCell(report)])
  if (report.runUrl) rows.push(['Workflow run', safeLink('this run', report.runUrl)])
  return [
    ...summaryHeading(title, verdict),
    ...factsTable(rows),
    `${details}<summary>Prompt (${escapeHtml(report.promptSource.replace(/\s+/g, ' '))}, ${report.prompt.length} characters)</summary>`,
    '',
    codeBlock(truncate(report.prompt, PROMPT_LIMIT)),
    '',
    '</details>',
    ...(report.changeNotes
      ? ['', `${details}<summary>Context appended to the prompt</summary>`, '', codeBlock(report.changeNotes), '', '</details>']
      : []),
    ''
  ].join('\n')
}

/** Whether the run continued the open agent pull request of its workflow and branch (a dry run: would continue). */
function groupedCell(report: JobReport): string {
  const pull = report.grouped?.pull
  if (!pull) return '`new`: no open agent pull request of this workflow and branch to continue'
  const verb = report.verdict.outcome === 'dry-run' ? 'would send' : 'sent'
  return `\`continued\`: ${verb} a follow-up to the job of ${pullRequestLink(pull)}`
}

/** How long the run waited, or why it did not: only `started` means wait: false. */
function waitedCell(report: JobReport): string {
  if (report.waited) return `${formatDuration(report.durationMs)} (${plural(report.polls, 'poll')})`
  if (report.verdict.outcome === 'started') return 'not waited (wait: false)'
  if (report.verdict.outcome === 'dry-run') return 'nothing sent (dry run)'
  return report.job ? 'not waited: the job could not be followed' : 'not waited: no job was accepted'
}

/**
 * `owner/name#12`, linked: the agent's pull request may be in another repository than the run's, so a bare
 * `#12` could be read as one of this repository's. Both parts come from the validated URL.
 */
function pullRequestLink(prLink: string): string {
  const pull = parsePullLink(prLink)
  return pull === null ? safeLink(prLink, prLink) : linkWithLabel(`${escapeInline(pull.repository)}#${pull.number}`, prLink)
}

/** The job summary of a run that started no job (skipped, denied). */
export function renderNoticeSummary(verdict: Verdict): string {
  return summaryHeading(`Docs agent: ${verdict.outcome}`, verdict).join('\n')
}
