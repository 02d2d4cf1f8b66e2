/**
 * The agent pull request's comment: where its job came from and how to talk to it, and (`group-runs`) the
 * timeline of the runs grouped into it (src/operations/agent/agent-pull-comment.ts).
 */
import { describe, expect, it } from '@jest/globals'
import type { GitHubEvent } from '../../../src/github/event.js'
import { jobIdInMarker, jobMarker } from '../../../src/github/markers.js'
import { COMMENT_LIMIT } from '../../../src/markdown.js'
import {
  type AgentPullIntroduction,
  renderAgentPullComment,
  renderGroupedRunComment,
  renderTimelineEntry,
  TIMELINE_HEADING,
  withTimelineEntry
} from '../../../src/operations/agent/agent-pull-comment.js'
import { issueCommentEvent, pullRequestEvent, pushEvent } from '../../fixtures/events.js'

const ZWSP = '\u200B'
const RUN_URL = 'https://github.com/acme/docs/actions/runs/42'

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
