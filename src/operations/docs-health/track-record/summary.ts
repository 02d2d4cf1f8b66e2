/**
 * The track record's section of the job summary, pure: one plain sentence, a table of the pooled signals,
 * a Mermaid chart of the thumbs-down shares (which still reads as code where Mermaid does not render), the
 * pull requests one by one (counts and intervals, no verdict), and what limits the figures.
 */
import { codeBlock, codeCell, codeSpan, count, escapeInline, linkWithLabel, plural } from '../../../markdown.js'
import type { AgentImpact, GroupShares, PooledImpact, PullImpact, PullSignal, Share } from './impact.js'

export const SECTION_TITLE = "What the agent's merged pull requests did for readers"

export function renderImpactSection(impact: AgentImpact): string[] {
  const lines = [`#### ${SECTION_TITLE}`, '', headlineSentence(impact), '']
  if (impact.feedback.pulls.length > 0 || impact.questions.pulls.length > 0)
    lines.push(...pooledTable(impact), '', ...chart(impact.feedback), '')
  if (impact.pulls.length > 0) lines.push(...pullTable(impact.pulls), '')
  lines.push(...notes(impact))
  return lines
}

/** The one sentence a docs lead forwards: what the thumbs-down share did on the changed pages, against the rest. */
export function headlineSentence(impact: AgentImpact): string {
  const { feedback } = impact
  if (impact.pulls.length === 0)
    return `No pull request labelled ${codeSpan(impact.label)} was merged in ${escapeInline(impact.repository)} since ${impact.mergedSince}: nothing to judge yet.`
  if (feedback.pulls.length === 0) {
    const waiting = impact.pulls.filter((pull) => pull.standing === 'waiting').map((pull) => pull.judgedOn ?? '')
    const next = waiting.sort()[0]
    return next
      ? `No merged pull request can be judged yet: the first is judged on ${next}, once its ${plural(impact.impactWeeks, 'week')} after the merge are over.`
      : "No merged pull request can be judged on readers' votes: each one's row below says why."
  }
  const { changed, rest } = feedback
  if (feedback.verdict === 'not enough data')
    return `Not enough data yet: ${plural(changed.before.total, 'vote')} before and ${count(changed.after.total)} after on the changed pages; ${feedback.threshold} each are needed.`
  const ratio = feedback.ratioOfOddsRatios
  return (
    `Across ${plural(feedback.pulls.length, 'merged pull request')} (${plural(feedback.pages, 'page')}) the thumbs-down share ${movement(changed)} ` +
    `while the rest of the site ${restMovement(rest)}: ${feedback.verdict} (ratio of odds ratios ${fixed(ratio.value)}, 95% ${fixed(ratio.interval[0])}-${fixed(ratio.interval[1])}).`
  )
}

function movement(group: GroupShares): string {
  const [before, after] = [percent(group.before.share), percent(group.after.share)]
  if (before === after) return `stayed at ${before}`
  return `${(group.after.share ?? 0) < (group.before.share ?? 0) ? 'fell' : 'rose'} from ${before} to ${after}`
}

function restMovement(group: GroupShares): string {
  const moved = movement(group)
  return moved.startsWith('stayed') ? moved : `went from ${percent(group.before.share)} to ${percent(group.after.share)}`
}

function pooledTable(impact: AgentImpact): string[] {
  const row = (name: string, pooled: PooledImpact): string => {
    const ratio = pooled.ratioOfOddsRatios
    const judged = pooled.pulls.length > 0
    return [
      name,
      shareCell(pooled.changed.before),
      shareCell(pooled.changed.after),
      shareCell(pooled.rest.before),
      shareCell(pooled.rest.after),
      judged ? `${fixed(ratio.value)} (${fixed(ratio.interval[0])}-${fixed(ratio.interval[1])})` : '–',
      judged ? pValue(ratio.pValue) : '–',
      judged ? `**${pooled.verdict}**` : 'not enough data'
    ].join(' | ')
  }
  return [
    '| Signal | Changed pages before | Changed pages after | Rest before | Rest after | Ratio of odds ratios (95%) | p | Verdict |',
    '|---|---:|---:|---:|---:|---|---:|---|',
    `| ${row('Thumbs down (votes)', impact.feedback)} |`,
    `| ${row('Unanswered (questions started on the page)', impact.questions)} |`
  ]
}

/** The two shares before and after, as a chart; its labels are the action's own words, its values numbers. */
function chart(feedback: PooledImpact): string[] {
  const value = (share: Share): string => String(Math.round((share.share ?? 0) * 1000) / 10)
  const values = [feedback.changed.before, feedback.changed.after, feedback.rest.before, feedback.rest.after].map(value)
  const mermaid = [
    'xychart-beta',
    '  title "Thumbs-down share (%), before and after the merges"',
    '  x-axis ["Changed pages, before", "Changed pages, after", "Rest of the site, before", "Rest of the site, after"]',
    '  y-axis "Thumbs down (%)" 0 --> 100',
    `  bar [${values.join(', ')}]`
  ]
  return [codeBlock(mermaid.join('\n'), 'mermaid')]
}

function pullTable(pulls: readonly PullImpact[]): string[] {
  return [
    '| Pull request | Merged | Pages | Thumbs down before → after | Unanswered before → after | Citing its pages before → after |',
    '|---|---|---|---|---|---|',
    ...pulls.map((pull) => {
      const link = linkWithLabel(`#${pull.number}`, pull.url)
      const merged = pull.mergedAt.slice(0, 10)
      const pages = pageCell(pull)
      if (pull.standing !== 'judged') return `| ${link} | ${merged} | ${pages} | ${standingCell(pull)} | | |`
      const cited =
        pull.questions && 'cited' in pull.questions && pull.questions.cited
          ? `${pull.questions.cited.before} → ${pull.questions.cited.after}`
          : '–'
      return `| ${link} | ${merged} | ${pages} | ${signalCell(pull.feedback)} | ${signalCell(pull.questions)} | ${cited} |`
    })
  ]
}

function pageCell(pull: PullImpact): string {
  if (pull.pages.length === 0) return 'no page changed'
  // The compared pages when there are any; else every page it touched (new, removed, or left out for overlapping).
  const pages =
    pull.compared.length > 0
      ? pull.compared.map((page) =>
          page.before === page.after ? codeCell(page.after) : `${codeCell(page.before)} → ${codeCell(page.after)}`
        )
      : pull.pages.map((page) => codeCell(page.after ?? page.before ?? ''))
  return [...pages.slice(0, 3), ...(pages.length > 3 ? [`and ${pages.length - 3} more`] : [])].join(', ')
}

function standingCell(pull: PullImpact): string {
  if (pull.standing === 'waiting') return `judged on ${pull.judgedOn ?? ''}`
  if (pull.standing === 'no page changed') return 'no page changed: not judged'
  // The action's own words (no path, no title): `#12` stays a link to the pull request.
  return `not judged: ${pull.why ?? ''}`
}

function signalCell(signal: PullSignal | null): string {
  if (!signal) return '–'
  if ('notEnoughData' in signal) return `not enough data: ${escapeInline(signal.notEnoughData)}`
  return `${shareCell(signal.before)} → ${shareCell(signal.after)}`
}

/** `24% (24 of 100, 95% 17-33%)`; a dash with nothing counted. */
function shareCell(share: Share): string {
  if (share.total === 0 || share.interval === null) return '– (0)'
  return `${percent(share.share)} (${count(share.bad)} of ${count(share.total)}, 95% ${percent(share.interval[0], false)}-${percent(share.interval[1])})`
}

function notes(impact: AgentImpact): string[] {
  const lines: string[] = []
  const { changed, rest } = impact.feedback
  if (impact.feedback.pulls.length > 0)
    lines.push(
      `Fisher's exact test of each group's own before and after: changed pages p ${pValue(changed.fisherP, true)}, rest of the site p ${pValue(rest.fisherP, true)} (thumbs down). ` +
        `Only the pooled figures carry a verdict; most single pages never collect ${impact.thresholds.feedback} votes in a few weeks. ` +
        `Windows: ${plural(impact.impactWeeks, 'whole UTC week')} before and after each merge, the merge week left out, as of ${impact.asOf}; recomputed every week.`
    )
  const cut = impact.weeks.filter((week) => week.feedback === 'cut to 100 pages').map((week) => week.from)
  if (cut.length > 0)
    lines.push(
      `The weeks of ${cut.join(', ')} list only the 100 pages with the most feedback: there the rest of the site is cut to those pages.`
    )
  const unfetched = impact.weeks
    .filter((week) => week.feedback === 'not fetched' || week.questions === 'not fetched')
    .map((week) => week.from)
  if (unfetched.length > 0) lines.push(`**Not fetched** (max-requests could not pay for them): the weeks of ${unfetched.join(', ')}.`)
  for (const overlap of impact.overlaps)
    lines.push(
      `${codeSpan(overlap.path)} was changed by ${overlap.pulls.map((n) => `#${n}`).join(' and ')} in overlapping weeks: left out of both.`
    )
  if (impact.found > 100)
    lines.push(`The search matched ${count(impact.found)} merged pull requests: the oldest beyond the first 100 are left out.`)
  for (const pull of impact.pulls.filter((p) => p.filesCut))
    lines.push(`#${pull.number} changed more than 300 files: it is judged on the pages among the first 300.`)
  lines.push(
    `_The questions citing a changed page are counted, not judged (a better page is cited more); views are not judged (launches move traffic)._`
  )
  return lines.flatMap((line) => [line, ''])
}

function percent(share: number | null, sign = true): string {
  if (share === null) return '–'
  const value = Math.round(share * 100)
  return sign ? `${value}%` : String(value)
}

/** A p-value as people read one: three decimals, or `< 0.001`; `= ` before a number when `sign`. */
function pValue(p: number, sign = false): string {
  if (p < 0.001) return '< 0.001'
  return `${sign ? '= ' : ''}${fixed(p, 3)}`
}

function fixed(value: number, digits = 2): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '–'
}
