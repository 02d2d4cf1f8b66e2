import type { GitHubEvent } from '../../github/event.js'
import { codeSpan, escapeInline, fitComment, linkWithLabel, plural, safeLink } from '../../markdown.js'
import { clipText } from '../../text.js'

// The comment on the pull request the agent opened: where its job came from, how to talk to it, and (`group-runs`) the timeline of the runs grouped into it.

/** What the comment on the agent's pull request says about where its job came from. */
export interface AgentPullIntroduction {
  jobId: string
  event: GitHubEvent
  /** `owner/name` of the run's repository when the agent's pull request is in another one: references then name it. */
  fromRepository: string | null
  runUrl: string | null
  /** The run's status comment, which links back to this pull request. */
  statusUrl: string | null
  trigger: string
  /** `group-runs`: the comment starts the timeline of the runs grouped into this pull request with this run. */
  timeline: boolean
}

/** Posted once on a pull request the agent opened, in whichever repository: which job, from where, and how to talk to it. */
export function renderAgentPullComment(marker: string, intro: AgentPullIntroduction): string {
  const run = intro.runUrl ? ` in ${safeLink('this workflow run', intro.runUrl)}` : ''
  const status = intro.statusUrl ? ` The run reports on the job in ${safeLink('its status comment', intro.statusUrl)}.` : ''
  const body = [
    marker,
    `🤖 The Mintlify docs agent opened this pull request as job ${codeSpan(intro.jobId)}, started by ${describeStartingEvent(intro.event, intro.fromRepository)}${run}.${status}`,
    '',
    `Reply with ${codeSpan(`${intro.trigger} <instruction>`)} to send the agent a follow-up on this job; it updates this pull request.`,
    ''
  ].join('\n')
  return intro.timeline ? withTimelineEntry(body, renderTimelineEntry(intro)) : body
}

/** A run as the timeline of a grouped pull request names it. */
export interface TimelineRun {
  event: GitHubEvent
  /** `owner/name` of the run's repository when the pull request is in another one. */
  fromRepository: string | null
  runUrl: string | null
}

/** Heads the list of runs (`group-runs`) at the end of the introduction; each later run adds its line below. */
export const TIMELINE_HEADING = 'Runs of this workflow on this branch, grouped into this pull request (`group-runs`):'
/** The newest entries kept: a pull request open for months stays far below GitHub's comment size limit. */
const TIMELINE_ENTRIES = 100
const TIMELINE_COMMITS = 3

/** One line of the timeline: the trigger, the run, and for a push its commits (the first few, by subject). */
export function renderTimelineEntry(run: TimelineRun): string {
  const link = run.runUrl ? ` (${safeLink('workflow run', run.runUrl)})` : ''
  const commits = run.event.kind === 'push' ? run.event.commits.map((commit) => commit.subject) : []
  const shown = commits.slice(0, TIMELINE_COMMITS).map((subject) => escapeInline(clipText(subject, 80)))
  if (commits.length > TIMELINE_COMMITS) shown.push(`and ${commits.length - TIMELINE_COMMITS} more`)
  const listed = shown.length > 0 ? `: ${plural(commits.length, 'commit')}, ${shown.join('; ')}` : ''
  return `- ${describeStartingEvent(run.event, run.fromRepository)}${link}${listed}`
}

/**
 * The introduction with one more timeline entry at its end (and the heading, when an introduction
 * written without one is continued). Only the newest entries are kept.
 */
export function withTimelineEntry(body: string, entry: string): string {
  const at = body.indexOf(TIMELINE_HEADING)
  const head = at === -1 ? `${body.trimEnd()}\n\n${TIMELINE_HEADING}` : body.slice(0, at + TIMELINE_HEADING.length)
  const entries =
    at === -1
      ? []
      : body
          .slice(at + TIMELINE_HEADING.length)
          .split('\n')
          .filter((line) => line.startsWith('- '))
  return fitComment([head, ...[...entries, entry].slice(-TIMELINE_ENTRIES), ''].join('\n'))
}

/** A grouped run's line as a comment of its own: the introduction was written by another identity, which only it may edit. */
export function renderGroupedRunComment(jobId: string, entry: string): string {
  return [
    `🤖 This run was grouped into this pull request (\`group-runs\`): it sent job ${codeSpan(jobId)} a follow-up.`,
    '',
    entry,
    ''
  ].join('\n')
}

/** The event that started the run; `repository` qualifies references that would otherwise point into the wrong repository. */
function describeStartingEvent(event: GitHubEvent, repository: string | null): string {
  // The number is the payload's integer and the repository the run's: the label is markdown as it stands.
  const where = (number: number, url: string): string => reference(`${repository ? escapeInline(repository) : ''}#${number}`, url)
  switch (event.kind) {
    case 'push':
      return `a push to ${escapeInline(event.ref.replace(/^refs\/heads\//, ''))}${repository ? ` in ${escapeInline(repository)}` : ''}`
    case 'pull_request':
      return event.labeled
        ? `the label ${codeSpan(event.labeled.label)} on pull request ${where(event.pull.number, event.pull.url)}`
        : `pull request ${where(event.pull.number, event.pull.url)}`
    case 'issues':
      return `the label ${codeSpan(event.labeled?.label ?? '')} on issue ${where(event.issue.number, event.issue.url)}`
    case 'pull_request_review_comment':
      return `a review comment by ${escapeInline(`@${event.comment.login}`)} on ${where(event.pull.number, event.pull.url)}`
    case 'pull_request_review':
      return `a review by ${escapeInline(`@${event.comment.login}`)} on ${where(event.pull.number, event.pull.url)}`
    case 'issue_comment':
      return `a comment by ${escapeInline(`@${event.comment.login}`)} on ${where(event.issue.number, event.issue.url)}`
    case 'checks':
      return `a ${escapeInline(event.name)} event on commit ${codeSpan(event.headSha.slice(0, 7))}`
    case 'other': {
      const what =
        event.name === 'schedule'
          ? 'a scheduled run'
          : event.name === 'workflow_dispatch'
            ? 'a manual run'
            : `a ${escapeInline(event.name)} event`
      return repository ? `${what} of ${escapeInline(repository)}` : what
    }
  }
}

/** `owner/name#12`, linked to its page when the payload gave a web address. */
function reference(label: string, url: string): string {
  return url.startsWith('https://') ? linkWithLabel(label, url) : label
}
