import type { ChangedPages } from '../deploy/pages.js'
import { formatDuration } from '../duration.js'
import { messageOf } from '../errors.js'
import { buildDurationMs, type DeploymentCommit, type DeploymentStatus, httpsUrl, siteUrl } from '../mintlify/deployment.js'
import type { AutomationReport, DeploymentReport, Verdict } from '../outcome.js'
import { clipText, firstLine } from '../text.js'
import { fitComment } from './comment.js'
import { codeBlock, codeCell, codeSpan, escapeInline, escapeWithLinks, httpsImage, linkWithLabel, safeLink } from './markdown.js'
import { ICONS } from './summary.js'

/** The log lines shown for a failure: the end of the build, where the error is. */
const LOG_TAIL_LINES = 30
/** A longer log line is cut: one minified bundle in the log must not fill the summary. */
const LOG_LINE_LIMIT = 500
const SUBJECT_LIMIT = 120

/** A row of a two-column facts table; rows without a value are left out. */
type Row = [name: string, value: string | null]

/**
 * The job summary of a deploy or preview, for a docs lead: the result, then the status and the time it
 * took, the commit, the source, the link, the screenshot of a success and the log tail of a failure.
 */
export function renderDeploymentSummary(report: DeploymentReport): string {
  const { status } = report
  return [
    ...heading(report.kind === 'deploy' ? 'Docs deployment' : 'Docs preview', report.verdict),
    ...table(deploymentRows(report)),
    ...screenshot(status),
    ...(status?.status === 'failure' ? logTail(status.logs) : [])
  ].join('\n')
}

/** The job summary of an automation trigger: the queued run's ids and where to follow it. */
export function renderAutomationSummary(report: AutomationReport): string {
  const { trigger } = report
  const rows: Row[] = [
    ['Outcome', codeSpan(report.verdict.outcome)],
    ['Automation', codeCell(report.automationId)],
    ['Run', trigger?.instanceId ? codeCell(trigger.instanceId) : null],
    ['Job', trigger?.jobId ? `${codeCell(trigger.jobId)} (the background job processing the run, not a docs agent job)` : null],
    ['Automation schema', trigger?.schemaId ? codeCell(trigger.schemaId) : null]
  ]
  const follow =
    'Follow the run in the run history on the Automations page of the Mintlify dashboard. ' +
    'Nothing documents a way to follow it through the API, so this step does not wait for it.'
  return [...heading('Mintlify automation', report.verdict), ...table(rows), ...(trigger ? [follow, ''] : [])].join('\n')
}

function heading(title: string, verdict: Verdict): string[] {
  const dryRun = verdict.outcome === 'dry-run' ? ' (dry run)' : ''
  return [`### ${ICONS[verdict.result]} ${title}${dryRun}`, '', escapeWithLinks(verdict.headline), '']
}

function table(rows: readonly Row[]): string[] {
  const shown = rows.filter((row): row is [string, string] => row[1] !== null)
  return ['| | |', '|---|---|', ...shown.map(([name, value]) => `| ${name} | ${value} |`), '']
}

function deploymentRows(report: DeploymentReport): Row[] {
  const { status } = report
  return [
    ['Outcome', codeSpan(report.verdict.outcome)],
    ['Status', status?.status ? escapeInline(status.status) : null],
    ['Status id', report.statusId ? codeCell(report.statusId) : null],
    ['Branch', report.branch ? codeCell(report.branch) : null],
    ['Time', timeCell(report)],
    ['Commit', status?.commit ? commitCell(status.commit) : null],
    ['Author', status?.author ? escapeInline(status.author) : null],
    ['Source', status?.source ? escapeInline(status.source) : null],
    [report.kind === 'deploy' ? 'Site' : 'Preview', siteCell(report)],
    ['Workflow run', report.runUrl ? safeLink('this run', report.runUrl) : null]
  ]
}

/** Mintlify's own build time when the record gives both ends, and how long this run waited. */
function timeCell(report: DeploymentReport): string | null {
  const build = buildDurationMs(report.status)
  const waited =
    report.ended === null ? null : `waited ${formatDuration(report.durationMs)} (${report.polls} ${report.polls === 1 ? 'poll' : 'polls'})`
  if (build !== null) return waited ? `${formatDuration(build)}; ${waited}` : formatDuration(build)
  if (waited) return waited
  return report.statusId ? 'not waited (wait: false)' : null
}

/** `0123abc` subject (2 added, 1 modified, 0 removed). */
function commitCell(commit: DeploymentCommit): string | null {
  const files = commit.filesChanged
  const parts = [
    commit.sha ? codeCell(commit.sha.slice(0, 7)) : null,
    commit.message ? escapeInline(clipText(firstLine(commit.message), SUBJECT_LIMIT)) : null,
    files ? `(${files.added.length} added, ${files.modified.length} modified, ${files.removed.length} removed)` : null
  ].filter((part) => part !== null)
  return parts.length > 0 ? parts.join(' ') : null
}

/** The site or preview link; until the status says success it serves an older build, or nothing yet. */
function siteCell(report: DeploymentReport): string | null {
  const url = report.kind === 'deploy' ? siteUrl(report.status) : report.previewUrl
  if (url === null) return null
  return report.status?.status === 'success' ? safeLink(url, url) : `${safeLink(url, url)} (this build is not live)`
}

/** A success's screenshot, only from an `https://` address; a failure's would show the old site. */
function screenshot(status: DeploymentStatus | null): string[] {
  if (status?.status !== 'success') return []
  const url = [status.screenshot, status.screenshotLight, status.screenshotDark].map(httpsUrl).find((candidate) => candidate !== null)
  const image = url ? httpsImage('Screenshot of the deployed docs', url) : null
  return image ? [image, ''] : []
}

/** The end of the build log in a code block: log text is the server's, shown literally and unable to ping. */
function logTail(logs: readonly string[]): string[] {
  if (logs.length === 0) return ['Mintlify sent no log lines.', '']
  const tail = logs.slice(-LOG_TAIL_LINES).map((line) => clipText(line, LOG_LINE_LIMIT))
  return [`**Last log lines** (${tail.length} of ${logs.length})`, '', codeBlock(tail.join('\n')), '']
}

/**
 * What the sticky preview comment of a branch says, by phase. `building`: `timeoutMs` is how long the run
 * waits (null with wait: false). `ready`: `pages` is null when the pull request's files could not be read.
 * `unfollowed`: the status could not be read (the wait ended on an error), so the result is unknown.
 */
export type PreviewCommentState = PreviewFacts &
  (
    | { phase: 'building'; timeoutMs: number | null }
    | { phase: 'ready'; pages: ChangedPages | null }
    | { phase: 'failed'; reason: string; logs: readonly string[] }
    | { phase: 'timed-out'; timeoutMs: number }
    | { phase: 'cancelled' }
    | { phase: 'unfollowed'; reason: string }
  )

/** What every phase of the preview comment shows. */
export interface PreviewFacts {
  branch: string
  previewUrl: string | null
  /** Null when the trigger failed. */
  statusId: string | null
  runUrl: string | null
}

/**
 * The sticky comment of a branch's preview on its pull request. It says ready only in the `ready` phase,
 * which `previewCommentState` gives only when the status says success.
 */
export function renderPreviewComment(marker: string, state: PreviewCommentState): string {
  const footer = previewFooter(state)
  const lines = [...(marker ? [marker] : []), `### ${previewHeading(state)}`, '', ...previewBody(state), ...(footer ? [footer, ''] : [])]
  return fitComment(lines.join('\n'))
}

function previewHeading(state: PreviewCommentState): string {
  const preview = `Docs preview of ${codeSpan(state.branch)}`
  switch (state.phase) {
    case 'building':
      return `⏳ ${preview} is building`
    case 'ready':
      return `✅ ${preview} is ready`
    case 'failed':
      return `❌ ${preview} failed`
    case 'timed-out':
      return `⚠️ ${preview} is still building`
    case 'cancelled':
      return `⚠️ ${preview}: the workflow was cancelled`
    case 'unfollowed':
      return `⚠️ ${preview}: status unknown`
  }
}

function previewBody(state: PreviewCommentState): string[] {
  switch (state.phase) {
    case 'building':
      return [
        `Mintlify is building the preview of this branch; ${whereItWillBe(state)}. ${waitSentence(state.timeoutMs, state.runUrl)}`,
        ''
      ]
    case 'ready':
      return [
        state.previewUrl ? `The preview is live at ${safeLink(state.previewUrl, state.previewUrl)}.` : 'The API gave no preview URL.',
        '',
        ...pageList(state.pages)
      ]
    case 'failed':
      return [escapeInline(state.reason), '', ...(state.logs.length > 0 ? logTail(state.logs) : [])]
    case 'timed-out':
      return [`The workflow run stopped waiting after ${formatDuration(state.timeoutMs)}. ${continues(state)}`, '']
    case 'cancelled':
      return [`The workflow was cancelled while waiting. ${continues(state)}`, '']
    case 'unfollowed':
      return [`The workflow run could not read the deployment's status: ${escapeInline(state.reason)} ${continues(state)}`, '']
  }
}

function whereItWillBe(state: PreviewFacts): string {
  return state.previewUrl
    ? `it will be at ${safeLink(state.previewUrl, state.previewUrl)} once the build succeeds`
    : 'the API gave no preview URL'
}

function waitSentence(timeoutMs: number | null, runUrl: string | null): string {
  const run = runUrl ? safeLink('workflow run', runUrl) : 'workflow run'
  return timeoutMs === null
    ? `The ${run} does not wait for it (wait: false), so this comment is not updated when the build ends.`
    : `The ${run} waits up to ${formatDuration(timeoutMs)} for it and updates this comment.`
}

function continues(state: PreviewFacts): string {
  return `The deployment continues at Mintlify; ${whereItWillBe(state)}.`
}

/** The changed pages as links into the preview, then how many more there are. */
function pageList(pages: ChangedPages | null): string[] {
  if (pages === null) return []
  if (pages.pages.length === 0) return ['This pull request changes no page under docs-path.', '']
  const more = pages.more > 0 ? [`- and ${pages.more} more`] : []
  return ['**Changed pages**', '', ...pages.pages.map((page) => `- ${linkWithLabel(codeSpan(page.path), page.url)}`), ...more, '']
}

function previewFooter(state: PreviewFacts): string {
  const parts = [
    state.statusId ? `Status id ${codeSpan(state.statusId)}` : null,
    state.runUrl ? safeLink('workflow run', state.runUrl) : null
  ]
  return parts.filter((part) => part !== null).join(' · ')
}

/**
 * The comment's state once the run is over, from its report; null where no comment is due (a dry run
 * writes nothing, a skipped fork triggers nothing).
 */
export function previewCommentState(report: DeploymentReport, pages: ChangedPages | null): PreviewCommentState | null {
  const facts: PreviewFacts = {
    branch: report.branch ?? '',
    previewUrl: report.previewUrl,
    statusId: report.statusId,
    runUrl: report.runUrl
  }
  const { outcome, failureReason } = report.verdict
  if (outcome === 'dry-run' || outcome === 'skipped') return null
  if (outcome === 'deployed') return { ...facts, phase: 'ready', pages }
  // Cancelled before the trigger answered: the preview may be building at Mintlify, or not at all.
  if (report.statusId === null && outcome === 'cancelled') return { ...facts, phase: 'cancelled' }
  if (report.statusId === null) return { ...facts, phase: 'failed', reason: failureReason, logs: [] }
  switch (report.ended) {
    case null:
      return { ...facts, phase: 'building', timeoutMs: null }
    case 'terminal':
      return {
        ...facts,
        phase: 'failed',
        reason: report.status?.summary ?? 'The build failed; Mintlify gave no summary.',
        logs: report.status?.logs ?? []
      }
    case 'timed-out':
      return { ...facts, phase: 'timed-out', timeoutMs: report.timeoutMs }
    case 'cancelled':
      return { ...facts, phase: 'cancelled' }
    case 'error':
      return { ...facts, phase: 'unfollowed', reason: messageOf(report.error) }
  }
}
