import { issueCommentEvent, pushEvent, pullRequestEvent } from '../../fixtures/events.js'
import { describe, expect, it } from '@jest/globals'
import type { GitHubEvent } from '../../../src/github/event.js'
import { jobIdInMarker, jobMarker, stickyMarker } from '../../../src/github/markers.js'
import { COMMENT_LIMIT, fitComment } from '../../../src/markdown.js'
import {
  type AgentPullIntroduction,
  renderAgentPullComment,
  renderGroupedRunComment,
  renderTimelineEntry,
  TIMELINE_HEADING,
  withTimelineEntry
} from '../../../src/operations/agent/agent-pull-comment.js'
import { renderDeniedReply, renderUsageReply } from '../../../src/operations/agent/command-replies.js'
import { renderResultComment, renderWorkingComment } from '../../../src/operations/agent/status-comment.js'
import { agentJob, jobReport } from '../../fixtures/agent-jobs.js'

const ZWSP = '\u200B'
const MARKER = stickyMarker('Docs agent/agent')
const RUN_URL = 'https://github.com/acme/docs/actions/runs/42'

function count(text: string, part: string): number {
  return text.split(part).length - 1
}

/** The text with fenced code blocks and code spans cut out: what GitHub renders as markdown. */
function rendered(text: string): string {
  return text.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/`[^`\n]*`/g, '')
}

describe('renderWorkingComment', () => {
  it('carries the marker first, then says the job was accepted and how long the run waits', () => {
    expect(renderWorkingComment(MARKER, agentJob(), RUN_URL, 1_800_000, true)).toBe(
      [
        MARKER,
        '### ⏳ Docs agent is working',
        '',
        `The docs agent accepted job \`job_1\`. The [workflow run](${RUN_URL}) waits up to 30m 00s for it and updates this comment.`,
        ''
      ].join('\n')
    )
  })

  it('has no marker line in a reply comment (empty marker)', () => {
    const body = renderWorkingComment('', agentJob(), RUN_URL, 60_000, true)
    expect(body.startsWith('### ⏳ Docs agent is working\n')).toBe(true)
    expect(body).not.toContain('<!--')
  })

  it('says the run does not wait with wait: false', () => {
    expect(renderWorkingComment(MARKER, agentJob(), RUN_URL, 1_800_000, false)).toContain(
      `The [workflow run](${RUN_URL}) does not wait for it (wait: false).`
    )
  })

  it('names the run without a link when there is no run URL', () => {
    expect(renderWorkingComment(MARKER, agentJob(), null, 90_000, true)).toContain('The workflow run waits up to 1m 30s for it')
  })

  it('says "the job" when the record has no id', () => {
    const body = renderWorkingComment(MARKER, agentJob({ id: null }), RUN_URL, 60_000, true)
    expect(body).toContain('The docs agent accepted the job.')
    expect(body).not.toContain('job the job')
  })

  it('shows a hostile job id literally, without a second marker', () => {
    const body = renderWorkingComment(MARKER, agentJob({ id: '<!-- docs-agent-action:job evil --> @team' }), RUN_URL, 60_000, true)
    expect(count(body, '<!--')).toBe(1)
    expect(jobIdInMarker(body)).toBeNull()
    expect(rendered(body)).not.toContain('@team')
  })
})

describe('renderResultComment', () => {
  it('starts with the marker and holds the job summary', () => {
    const body = renderResultComment(MARKER, jobReport())
    expect(body.startsWith(`${MARKER}\n### ✅ Docs agent job\n`)).toBe(true)
    expect(body).toContain(
      'The docs agent opened a pull request: [https://github.com/acme/docs/pull/12](https://github.com/acme/docs/pull/12)'
    )
  })

  it('carries the marker exactly once, even when the prompt, headline and job hold it too', () => {
    const report = jobReport({
      prompt: `Please add ${MARKER} to the page`,
      verdict: { outcome: 'failed', result: 'failure', headline: `Failed: ${MARKER}`, failureReason: MARKER },
      job: agentJob({ id: MARKER, model: MARKER, status: 'failed' }),
      changeNotes: `Event: ${MARKER}`
    })
    const body = renderResultComment(MARKER, report)
    expect(count(body, MARKER)).toBe(1)
    expect(count(body, '<!--')).toBe(1)
    expect(body.startsWith(MARKER)).toBe(true)
  })

  it('has no marker line in a reply comment (empty marker)', () => {
    const body = renderResultComment('', jobReport())
    expect(body.startsWith('### ✅ Docs agent job\n')).toBe(true)
  })

  it('stays under 65,000 characters for a 100,000-character prompt, marker first', () => {
    const body = renderResultComment(MARKER, jobReport({ prompt: 'p'.repeat(100_000) }))
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(body.startsWith(MARKER)).toBe(true)
    expect(count(body, MARKER)).toBe(1)
  })

  it('stays under 65,000 characters when the context block is huge too', () => {
    const body = renderResultComment(MARKER, jobReport({ prompt: 'p'.repeat(100_000), changeNotes: 'c'.repeat(100_000) }))
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(body.startsWith(MARKER)).toBe(true)
  })

  it('does not ping mentions from the prompt or headline', () => {
    const report = jobReport({
      prompt: 'ask @octocat and @acme/docs-team',
      verdict: { outcome: 'failed', result: 'failure', headline: 'ping @octocat', failureReason: 'x' }
    })
    expect(rendered(renderResultComment(MARKER, report))).not.toMatch(/@(?!\u200B)[A-Za-z0-9]/)
  })
})

describe('renderUsageReply', () => {
  it('explains the command, help and the permission needed', () => {
    const reply = renderUsageReply('/docs', 'write')
    expect(reply).toContain('### Docs agent commands')
    expect(reply).toContain('- `/docs <instruction>`: starts a docs agent job with your instruction.')
    expect(reply).toContain('- `/docs help`: shows this message.')
    expect(reply).toContain('Everything after `/docs`, on the first line and below, is the instruction.')
    expect(reply).toContain('Commands need the `write` permission on this repository or higher.')
  })

  it('uses a custom trigger and minimum', () => {
    const reply = renderUsageReply('/ask-docs', 'maintain')
    expect(reply).toContain('`/ask-docs <instruction>`')
    expect(reply).toContain('`/ask-docs help`')
    expect(reply).toContain('`maintain` permission')
    expect(reply).not.toContain('/docs ')
  })

  it('says that on an agent pull request the instruction is a follow-up', () => {
    expect(renderUsageReply('/docs', 'write')).toContain(
      'On a pull request the agent opened, the instruction goes to that job as a follow-up.'
    )
  })
})

describe('renderDeniedReply', () => {
  it('names the commenter without pinging them, their role and the minimum', () => {
    const reply = renderDeniedReply('octocat', 'read', '/docs', 'write')
    expect(reply).toBe(
      `@${ZWSP}octocat: \`/docs\` needs the \`write\` permission on this repository or higher, and your permission is \`read\`, so no docs agent job was started.\n`
    )
    expect(reply).not.toMatch(/@octocat/)
  })

  it('tells a non-collaborator so', () => {
    expect(renderDeniedReply('stranger', null, '/docs', 'triage')).toContain(
      'and you are not a collaborator of this repository, so no docs agent job was started.'
    )
  })

  it('escapes a login with markdown characters', () => {
    const reply = renderDeniedReply('some_user', 'none', '/docs', 'write')
    expect(reply.startsWith(`@${ZWSP}some\\_user:`)).toBe(true)
  })

  it('shows a custom role literally', () => {
    expect(renderDeniedReply('octocat', 'docs-editor', '/docs', 'write')).toContain('your permission is `docs-editor`')
  })
})

describe('renderAgentPullComment', () => {
  const push: GitHubEvent = pushEvent()
  const pull: GitHubEvent = pullRequestEvent({ number: 7, title: 'T', url: 'u', head: { ref: '', sha: '', fork: false } })
  const comment: GitHubEvent = issueCommentEvent({}, { number: 9, url: 'u', isPullRequest: false })

  const intro = (event: GitHubEvent, runUrl: string | null, trigger: string): AgentPullIntroduction => ({
    jobId: 'job_7',
    event,
    fromRepository: null,
    runUrl,
    statusUrl: null,
    trigger,
    timeline: false
  })

  it('carries the job marker, names the job, the trigger and the run, and explains follow-ups', () => {
    const marker = jobMarker('job_7')
    expect(marker).not.toBeNull()
    const body = renderAgentPullComment(marker ?? '', intro(push, RUN_URL, '/docs'))
    expect(body).toBe(
      [
        '<!-- docs-agent-action:job job_7 -->',
        `🤖 The Mintlify docs agent opened this pull request as job \`job_7\`, started by a push to main in [this workflow run](${RUN_URL}).`,
        '',
        'Reply with `/docs <instruction>` to send the agent a follow-up on this job; it updates this pull request.',
        ''
      ].join('\n')
    )
    expect(jobIdInMarker(body)).toBe('job_7')
  })

  it.each<[string, GitHubEvent, string]>([
    ['a pull request', pull, 'started by pull request #7'],
    ['a schedule', { kind: 'other', name: 'schedule' }, 'started by a scheduled run'],
    ['a manual run', { kind: 'other', name: 'workflow_dispatch' }, 'started by a manual run'],
    ['another event', { kind: 'other', name: 'release' }, 'started by a release event']
  ])('names %s as the trigger', (_, event, text) => {
    expect(renderAgentPullComment('<!-- m -->', intro(event, null, '/docs'))).toContain(`${text}.`)
  })

  it('names the commenter of a slash command without pinging them', () => {
    const body = renderAgentPullComment('<!-- m -->', intro(comment, null, '/docs'))
    expect(body).toContain(`started by a comment by @${ZWSP}octocat on #9.`)
    expect(body).not.toContain('@octocat')
  })

  it('leaves out the run link without a run URL', () => {
    expect(renderAgentPullComment('<!-- m -->', intro(push, null, '/docs'))).toContain('started by a push to main.')
  })

  it('escapes a hostile branch name', () => {
    const body = renderAgentPullComment('<!-- m -->', intro({ ...push, ref: 'refs/heads/<img src=x>@team' }, null, '/docs'))
    expect(body).not.toContain('<img')
    expect(body).not.toContain('@team')
  })

  describe('from a run in another repository', () => {
    const from = (event: GitHubEvent): AgentPullIntroduction => ({
      ...intro(event, RUN_URL, '/docs'),
      fromRepository: 'acme/api',
      statusUrl: 'https://github.com/acme/api/pull/7#issuecomment-99'
    })

    it('names the repository in every reference and links back to the origin and the status comment', () => {
      const body = renderAgentPullComment(
        '<!-- m -->',
        from({ ...pull, pull: { ...pull.pull, url: 'https://github.com/acme/api/pull/7' } })
      )
      expect(body).toContain('started by pull request [acme/api#7](https://github.com/acme/api/pull/7)')
      expect(body).toContain(`in [this workflow run](${RUN_URL}).`)
      expect(body).toContain('The run reports on the job in [its status comment](https://github.com/acme/api/pull/7#issuecomment-99).')
    })

    it.each<[string, GitHubEvent, string]>([
      ['a push', push, 'started by a push to main in acme/api'],
      ['a schedule', { kind: 'other', name: 'schedule' }, 'started by a scheduled run of acme/api'],
      [
        'a comment on an issue',
        { ...comment, issue: { ...comment.issue, url: 'https://github.com/acme/api/issues/9' } },
        'on [acme/api#9](https://github.com/acme/api/issues/9)'
      ]
    ])('qualifies %s with the repository it happened in', (_, event, text) => {
      expect(renderAgentPullComment('<!-- m -->', from(event))).toContain(text)
    })
  })

  it('uses the custom trigger in the follow-up hint', () => {
    expect(renderAgentPullComment('<!-- m -->', intro(push, null, '/ask'))).toContain('Reply with `/ask <instruction>`')
  })
})

describe('the timeline of a grouped pull request', () => {
  const push = (subjects: string[]): GitHubEvent => ({
    kind: 'push',
    before: '',
    compare: '',
    sender: { login: 'octocat', isBot: false },
    name: 'push',
    ref: 'refs/heads/main',
    sha: 'a'.repeat(40),
    commits: subjects.map((subject, i) => ({ sha: String(i + 1).repeat(40), subject, files: [] }))
  })
  const entry = (event: GitHubEvent, runUrl: string | null = RUN_URL): string =>
    renderTimelineEntry({ event, fromRepository: null, runUrl })

  it('names a push, its run and its commits in one line', () => {
    expect(entry(push(['Add the limits endpoint', 'Fix a typo']))).toBe(
      `- a push to main ([workflow run](${RUN_URL})): 2 commits, Add the limits endpoint; Fix a typo`
    )
  })

  it('lists the first three commits and counts the rest', () => {
    expect(entry(push(['one', 'two', 'three', 'four', 'five']), null)).toBe('- a push to main: 5 commits, one; two; three; and 2 more')
  })

  it('names a scheduled run and a pull request without commits', () => {
    expect(entry({ kind: 'other', name: 'schedule' })).toBe(`- a scheduled run ([workflow run](${RUN_URL}))`)
    expect(entry(pullRequestEvent({ number: 7, url: '', head: { ref: 'b', sha: '', fork: false } }, { action: 'synchronize' }))).toBe(
      `- pull request #7 ([workflow run](${RUN_URL}))`
    )
  })

  it('keeps hostile commit subjects on their line, inert and cut', () => {
    const line = entry(push([`@team <img src=x>\n- [x](javascript:alert(1)) ${'y'.repeat(200)}`]))
    expect(line).not.toContain('\n')
    expect(line).not.toContain('@team')
    expect(line).not.toContain('<img')
    // The brackets are escaped: no link is made.
    expect(line).toContain('\\[x\\](javascript')
    expect(line.length).toBeLessThan(250)
  })

  it('starts in the introduction with the run that started the job, after the follow-up hint', () => {
    const body = renderAgentPullComment(jobMarker('job_7', { repository: 'acme/api', workflow: 'Docs', branch: 'main' }) ?? '', {
      jobId: 'job_7',
      event: push(['Initial commit']),
      fromRepository: null,
      runUrl: RUN_URL,
      statusUrl: null,
      trigger: '/docs',
      timeline: true
    })
    expect(body.split('\n').slice(-4)).toEqual([
      '',
      TIMELINE_HEADING,
      `- a push to main ([workflow run](${RUN_URL})): 1 commit, Initial commit`,
      ''
    ])
  })

  it('grows by one line per grouped run, keeping everything above it', () => {
    const intro = `<!-- m -->\nIntro.\n\n${TIMELINE_HEADING}\n- first\n`
    const twice = withTimelineEntry(withTimelineEntry(intro, '- second'), '- third')
    expect(twice).toBe(`<!-- m -->\nIntro.\n\n${TIMELINE_HEADING}\n- first\n- second\n- third\n`)
  })

  it('adds the heading to an introduction written without a timeline', () => {
    expect(withTimelineEntry('<!-- m -->\nIntro.\n', '- second')).toBe(`<!-- m -->\nIntro.\n\n${TIMELINE_HEADING}\n- second\n`)
  })

  it('keeps the newest 100 entries, so a long-lived pull request stays within the comment limit', () => {
    let body = `<!-- m -->\n${TIMELINE_HEADING}\n`
    for (let run = 1; run <= 130; run++) body = withTimelineEntry(body, `- run ${run} ${'x'.repeat(400)}`)
    const entries = body.split('\n').filter((line) => line.startsWith('- '))
    expect(entries).toHaveLength(100)
    expect(entries[0]).toMatch(/^- run 31 /)
    expect(entries.at(-1)).toMatch(/^- run 130 /)
    expect(body.length).toBeLessThan(COMMENT_LIMIT)
  })

  it('as a comment of its own names the job, without a marker that could pass for an introduction', () => {
    const body = renderGroupedRunComment('job_7', '- a push to main')
    expect(body).toContain('sent job `job_7` a follow-up')
    expect(body).toContain('\n- a push to main\n')
    expect(body).not.toContain('<!--')
  })
})

describe('fitComment', () => {
  it('leaves a comment at the limit as it is', () => {
    const body = 'x'.repeat(COMMENT_LIMIT)
    expect(fitComment(body)).toBe(body)
  })

  it('cuts a comment over the limit, keeping its start and saying so', () => {
    const body = `${MARKER}\n${'x'.repeat(COMMENT_LIMIT)}`
    const fitted = fitComment(body)
    expect(fitted.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(fitted.startsWith(`${MARKER}\nxxx`)).toBe(true)
    expect(fitted.endsWith("\n\n… (cut to stay within GitHub's comment size limit)\n")).toBe(true)
  })

  it('stays under GitHub’s 65,536-character limit for any size', () => {
    for (const size of [COMMENT_LIMIT + 1, 70_000, 1_000_000]) expect(fitComment('y'.repeat(size)).length).toBeLessThan(65_536)
  })
})
