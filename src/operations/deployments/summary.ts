import { formatDuration } from '../../duration.js'
import {
  codeBlock,
  codeCell,
  codeSpan,
  dryRunMark,
  escapeInline,
  factsTable,
  type FactRow,
  httpsImage,
  plural,
  safeLink,
  summaryHeading
} from '../../markdown.js'
import { buildDurationMs, type DeploymentCommit, type DeploymentStatus, httpsUrl, siteUrl } from '../../mintlify/deployment.js'
import { clipText, firstLine } from '../../text.js'
import type { DeploymentReport } from './verdicts.js'

/** The log lines shown for a failure: the end of the build, where the error is. */
const LOG_TAIL_LINES = 30
/** A longer log line is cut: one minified bundle in the log must not fill the summary. */
const LOG_LINE_LIMIT = 500
const SUBJECT_LIMIT = 120

/**
 * The job summary of a deploy or preview, for a docs lead: the result, then the status and the time it
 * took, the commit, the source, the link, the screenshot of a success and the log tail of a failure.
 */
export function renderDeploymentSummary(report: DeploymentReport): string {
  const { status } = report
  return [
    ...summaryHeading(`${report.kind === 'deploy' ? 'Docs deployment' : 'Docs preview'}${dryRunMark(report.verdict)}`, report.verdict),
    ...factsTable(deploymentRows(report)),
    ...screenshot(status),
    ...(status?.status === 'failure' ? logTail(status.logs) : [])
  ].join('\n')
}

function deploymentRows(report: DeploymentReport): FactRow[] {
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
  const waited = report.ended === null ? null : `waited ${formatDuration(report.durationMs)} (${plural(report.polls, 'poll')})`
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
export function logTail(logs: readonly string[]): string[] {
  if (logs.length === 0) return ['Mintlify sent no log lines.', '']
  const tail = logs.slice(-LOG_TAIL_LINES).map((line) => clipText(line, LOG_LINE_LIMIT))
  return [`**Last log lines** (${tail.length} of ${logs.length})`, '', codeBlock(tail.join('\n')), '']
}
