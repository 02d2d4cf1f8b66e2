import { formatDuration } from '../../duration.js'
import type { GitHubEvent } from '../../github/event.js'
import type { Permission } from '../../github/permissions.js'
import { codeSpan, escapeInline, fitComment, linkWithLabel, plural, safeLink } from '../../markdown.js'
import type { AgentJob } from '../../mintlify/job.js'
import { clipText } from '../../text.js'
import { renderJobSummary } from './summary.js'
import type { JobReport } from './verdicts.js'

/** The status comment while the job runs. */
export function renderWorkingComment(marker: string, job: AgentJob, runUrl: string | null, timeoutMs: number, waiting: boolean): string {
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

/** Reply to `/docs` alone or `/docs help`. */
export function renderUsageReply(trigger: string, minPermission: Permission): string {
  const command = codeSpan(`${trigger} <instruction>`)
  return [
    '### Docs agent commands',
    '',
    `- ${command}: starts a docs agent job with your instruction. On a pull request the agent opened, the instruction goes to that job as a follow-up.`,
    `- ${codeSpan(`${trigger} skip [reason]`)}: on a code pull request, says it needs no docs: the docs check turns green, and no docs job runs on it until a ${codeSpan(`${trigger} <instruction>`)} there.`,
    `- ${codeSpan(`${trigger} help`)}: shows this message.`,
    '',
    `Everything after ${codeSpan(trigger)}, on the first line and below, is the instruction. Commands need the ${codeSpan(minPermission)} permission on this repository or higher.`,
    ''
  ].join('\n')
}

/** Reply to a commenter below `min-permission`; no job is started. */
export function renderDeniedReply(login: string, role: string | null, trigger: string, minPermission: Permission): string {
  const has = role ? `your permission is ${codeSpan(role)}` : 'you are not a collaborator of this repository'
  return `${escapeInline(`@${login}`)}: ${codeSpan(trigger)} needs the ${codeSpan(minPermission)} permission on this repository or higher, and ${has}, so no docs agent job was started.\n`
}

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

/** A sticky comment starts with its hidden marker; a reply comment has none. */
function withMarker(marker: string, body: string): string {
  return marker ? `${marker}\n${body}` : body
}

/** The reply to a `/docs skip`: who decided and why (the record rides along, hidden), and how to ask for docs after all. */
export function renderSkipReply(why: string, trigger: string): string {
  return [
    '### Docs skipped',
    '',
    escapeInline(why),
    '',
    `${codeSpan(`${trigger} <instruction>`)} on this pull request asks for docs after all.`,
    ''
  ].join('\n')
}

/** A maintainer's command on a fork's pull request whose head moved after the one they were shown. */
export function renderHeadMovedReply(login: string, head: string): string {
  return `${escapeInline(`@${login}`)}: The pull request changed after it was shown (now ${codeSpan(head.slice(0, 7))}): look at the new commits, then repeat the command.\n`
}

/** The sticky comment of a fork's pull request waiting for a maintainer; it also holds the record of the head shown. */
export function renderWaitingComment(marker: string, head: string, trigger: string): string {
  const at = head ? ` at ${codeSpan(head.slice(0, 7))}` : ''
  return [
    marker,
    '### Docs: waiting for a maintainer',
    '',
    `This pull request comes from a fork, so it starts no docs agent job by itself. Looked at it${at}? ${codeSpan(trigger)} to document it, ${codeSpan(`${trigger} skip`)} if it needs none. A later push waits for a maintainer again.`,
    ''
  ].join('\n')
}

/** A maintainer's command that came before the fork's head was shown as waiting: it is shown now, and the command is to be repeated. */
export function renderRepeatForHeadReply(login: string, head: string, trigger: string): string {
  return `${escapeInline(`@${login}`)}: Nothing was sent. This pull request comes from a fork, and its head ${codeSpan(head.slice(0, 7))} had not been shown as waiting for a maintainer before your command. Look at it, then repeat the command (${codeSpan(trigger)} or ${codeSpan(`${trigger} skip`)}).\n`
}
