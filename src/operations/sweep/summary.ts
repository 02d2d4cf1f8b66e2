import { escapeInline, linkWithLabel, summaryHeading } from '../../markdown.js'
import { clipText } from '../../text.js'
import type { SweptPull } from './carry-out.js'
import type { SweepReport } from './verdicts.js'

/**
 * The sweep's job summary: one row per visited pull request (its link and title, its age, the decision
 * with the facts it rests on, what was done), then those left for later runs. Titles are data from
 * whoever opened the pull request: escaped, never a link or a ping.
 */
export function renderSweepSummary(report: SweepReport, now: number): string {
  const { verdict, swept, leftForLater, repository } = report
  const lines = summaryHeading(`Sweep of ${escapeInline(repository)}`, verdict)
  if (swept.length > 0) {
    lines.push('| Pull request | Age | Decision | What was done |', '|---|---|---|---|')
    for (const pull of swept) lines.push(row(pull, now))
    lines.push('')
  }
  const notJudged = swept.filter((pull) => pull.notJudged !== null)
  if (notJudged.length > 0)
    lines.push(
      `Orphan and superseded were not judged for ${notJudged.map((pull) => `#${pull.number}`).join(', ')}: their introductions record no code pull request (written by an earlier version, or a job no pull request started).`,
      ''
    )
  const unjudged = swept.filter((pull) => pull.decision === 'not judged')
  if (unjudged.length > 0)
    lines.push(
      `Superseded was not judged for ${unjudged.map((pull) => `#${pull.number}`).join(', ')}: a newer labelled pull request was not visited in this run, and only the visited ones' introductions say which code pull request they document.`,
      ''
    )
  if (leftForLater.length > 0)
    lines.push(
      `Left for later runs (the rotation reaches them): ${leftForLater.map((pull) => linkWithLabel(`#${pull.number}`, pull.url)).join(', ')}.`,
      ''
    )
  return `${lines.join('\n')}\n`
}

function row(pull: SweptPull, now: number): string {
  const title = escapeInline(clipText(pull.title, 80)).replace(/\|/g, '\\|')
  const age = ageOf(pull.createdAt, now)
  const decision = `**${pull.decision}**: ${escapeInline(pull.why).replace(/\|/g, '\\|')}`
  const done = pull.done.length > 0 ? escapeInline(pull.done.join('; ')).replace(/\|/g, '\\|') : 'nothing'
  return `| ${linkWithLabel(`#${pull.number}`, pull.url)} ${title} | ${age} | ${decision} | ${done} |`
}

function ageOf(createdAt: string, now: number): string {
  const time = Date.parse(createdAt)
  if (Number.isNaN(time)) return '?'
  const days = Math.max(0, Math.floor((now - time) / 86_400_000))
  return `${days} d`
}
