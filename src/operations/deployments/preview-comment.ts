import { formatDuration } from '../../duration.js'
import { messageOf } from '../../errors.js'
import { codeSpan, escapeInline, fitComment, linkWithLabel, safeLink } from '../../markdown.js'
import type { ChangedPages } from '../docs-pages.js'
import { logTail } from './summary.js'
import type { DeploymentReport } from './verdicts.js'

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
