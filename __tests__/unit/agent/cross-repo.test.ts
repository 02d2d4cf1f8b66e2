/**
 * Docs in another repository: where the agent's pull request is introduced (planner), whose job markers
 * are believed (markers), and the executor introducing a job across repositories with the GitHub fakes.
 */
import { issueCommentEvent, pullRequestEvent } from '../../fixtures/events.js'
import { describe, expect, it } from '@jest/globals'
import { GitHubError } from '../../../src/github/api.js'
import type { GitHubEvent, Repo } from '../../../src/github/event.js'
import { jobOfMarkers, trustsMarkerOf } from '../../../src/github/markers.js'
import { introductionFor } from '../../../src/operations/agent/carry-out/introduction.js'
import { runAgentWorkflow } from '../../../src/operations/agent/carry-out/executor.js'
import { agentJob } from '../../fixtures/agent-jobs.js'
import type { ClientCalls } from '../../fixtures/docs-api-client.js'
import { BOT_LOGIN, fakeGitHub, type FakeGitHub, fakePull, recordComment } from '../../fixtures/fake-github.js'
import { workflowDeps } from '../../fixtures/operation-deps.js'
import { recordingLog } from '../../fixtures/recording-log.js'
import { runOf } from '../../fixtures/run-context.js'
import { settled } from '../../fixtures/settled.js'
import { agentSettings, type AgentSettings } from '../../fixtures/step-settings.js'

const CODE: Repo = { owner: 'acme', repo: 'api' }
const RUN = { repo: CODE, serverUrl: 'https://github.com' }

describe('introductionFor: the agent pull request to introduce the job on', () => {
  it('is in this repository for a link into it (whatever the case of its name)', () => {
    expect(introductionFor('https://github.com/Acme/API/pull/12', RUN)).toEqual({
      repo: { owner: 'Acme', repo: 'API' },
      pull: 12,
      elsewhere: false
    })
  })

  it('is elsewhere for a link into another repository', () => {
    expect(introductionFor('https://github.com/acme/docs/pull/30', RUN)).toEqual({
      repo: { owner: 'acme', repo: 'docs' },
      pull: 30,
      elsewhere: true
    })
  })

  it('is elsewhere when the run knows no repository of its own', () => {
    expect(introductionFor('https://github.com/acme/docs/pull/30', { ...RUN, repo: null })?.elsewhere).toBe(true)
  })

  it.each([
    ['no link', null],
    ['a link to another GitHub server', 'https://ghe.example.com/acme/docs/pull/30'],
    ['an issue link', 'https://github.com/acme/docs/issues/30'],
    ['a link with a longer path', 'https://github.com/acme/docs/pull/30/files'],
    ['a plain http link', 'http://github.com/acme/docs/pull/30']
  ])('is none for %s', (_, link) => {
    expect(introductionFor(link, RUN)).toBeNull()
  })

  it('follows a GitHub Enterprise server', () => {
    expect(introductionFor('https://ghe.example.com/acme/docs/pull/3', { repo: CODE, serverUrl: 'https://GHE.example.com/' })?.pull).toBe(3)
  })
})

describe('trustsMarkerOf: whose job markers are believed', () => {
  it.each([
    ['the token identity', 'github-actions[bot]', [], true],
    ['the token identity in another case', 'GitHub-Actions[bot]', [], true],
    ['a marker author', 'docs-app[bot]', ['docs-app[bot]'], true],
    ['a marker author written in another case', 'Docs-App[bot]', ['docs-app[bot]'], true],
    ['anyone else', 'mallory', ['docs-app[bot]'], false],
    ['an empty login', '', [''], false]
  ] as const)('%s: %s', (_, login, authors, trusted) => {
    expect(trustsMarkerOf(login, 'github-actions[bot]', authors)).toBe(trusted)
  })

  it('jobOfMarkers takes the newest marker and skips comments without one', () => {
    const bodies = ['<!-- docs-agent-action:job job_1 -->', 'no marker', 'Moved. <!-- docs-agent-action:job job_2 -->', 'thanks']
    expect(jobOfMarkers(bodies.map((body) => ({ body })))).toBe('job_2')
    expect(jobOfMarkers([{ body: 'nothing' }])).toBeNull()
  })
})

const AGENT_PULL = 'https://github.com/acme/docs/pull/30'
const CODE_PULL: GitHubEvent = pullRequestEvent({
  number: 7,
  title: 'New endpoint',
  url: 'https://github.com/acme/api/pull/7',
  head: { ref: '', sha: '', fork: false }
})

/** The code repository's GitHub, with the pull request the run is on. */
function codeGitHub(): FakeGitHub {
  return fakeGitHub({
    // The pull request's author may write: it steers its run.
    roles: new Map([['octocat', 'write']]),
    pulls: new Map([
      [7, { title: 'New endpoint', url: 'https://github.com/acme/api/pull/7', commits: ['Add /v2/limits'], files: ['src/limits.ts'] }]
    ])
  })
}

/** The executor in the code repository; each repository has its own fake GitHub, the docs agent completes at once. */
async function runInCode(github: { code: FakeGitHub; docs: FakeGitHub }, settings = agentSettings({}, 'pull_request')) {
  const done = agentJob({ id: 'job_1', status: 'completed', prLink: AGENT_PULL })
  const calls: ClientCalls = {
    createJob: () => settled(() => done),
    sendMessage: () => settled(() => done),
    getJob: () => settled(() => done)
  }
  const log = recordingLog()
  const connected: string[] = []
  const published: string[] = []
  const result = await runAgentWorkflow(
    settings,
    'job',
    runOf(CODE_PULL, { repo: CODE, runUrl: 'https://github.com/acme/api/actions/runs/4' }),
    workflowDeps({
      calls,
      log,
      connectGitHub: (_, repo) =>
        settled(() => {
          connected.push(`${repo.owner}/${repo.repo}`)
          return (repo.repo === 'docs' ? github.docs : github.code).api
        }),
      publish: (outputs) => published.push(outputs.verdict.outcome)
    })
  )
  return { result, log, connected, published }
}

describe('the executor introduces the job on an agent pull request in another repository', () => {
  it('comments there once, with the marker, the origin and the status comment linked; the code PR links to the agent PR', async () => {
    // The agent's pull request, which the run reads once to tell it is the job's own before introducing it.
    const github = { code: codeGitHub(), docs: fakeGitHub({ pulls: new Map([[30, fakePull(30, { url: AGENT_PULL })]]) }) }
    const { result, connected, log } = await runInCode(github)
    await runInCode(github)

    expect(result.verdict.outcome).toBe('pr-opened')
    expect(connected).toEqual(['acme/api', 'acme/docs'])
    const intro = github.docs.callsTo('createComment')
    expect(intro).toHaveLength(1)
    expect(intro[0]?.args[0]).toEqual({ number: 30, kind: 'pull' })
    const body = String(intro[0]?.args[1])
    expect(body).toContain('<!-- docs-agent-action:job job_1 -->')
    expect(body).toContain('started by pull request [acme/api#7](https://github.com/acme/api/pull/7)')
    const status = github.code.state.comments.get(7)?.[0]
    expect(body).toContain(`[its status comment](${status?.url ?? 'missing'})`)
    expect(status?.body).toContain(AGENT_PULL)
    expect(log.messages('info')).toContain('Told acme/docs#30 that /docs replies there go to job job_1.')
  })

  it.each([403, 404])(
    'without write access there (HTTP %i): one notice naming the token that would work, the result untouched',
    async (status) => {
      const docs = fakeGitHub({ pulls: new Map([[30, fakePull(30, { url: AGENT_PULL })]]) })
      docs.state.failures.set('createComment', new GitHubError('Could not comment on #30: no.', status))
      const { result, log, published } = await runInCode({ code: codeGitHub(), docs })

      expect(result.verdict).toMatchObject({ outcome: 'pr-opened', result: 'success' })
      expect(published).toEqual(['pr-opened'])
      expect(log.messages('warning')).toEqual([])
      const [notice, ...more] = log.messages('notice')
      expect(more).toEqual([])
      expect(notice).toContain(`acme/docs#30 is in another repository, which this workflow's token cannot comment in (HTTP ${status})`)
      expect(notice).toContain('pull-request write access to acme/api and acme/docs')
      expect(notice).toContain('GitHub App installation token (e.g. from actions/create-github-app-token)')
      expect(notice).toContain('fine-grained personal access token')
    }
  )

  it('another failure there (a server error) is a warning, as in the own repository', async () => {
    const docs = fakeGitHub()
    docs.state.failures.set('markerComments', new GitHubError('Could not read the comments of #30: HTTP 502.', 502))
    const { result, log } = await runInCode({ code: codeGitHub(), docs })

    expect(result.verdict.outcome).toBe('pr-opened')
    expect(log.messages('notice')).toEqual([])
    expect(log.messages('warning')).toEqual([
      "Could not read the comments of #30: HTTP 502. Replies on the agent's pull request will start new jobs instead of follow-ups."
    ])
  })

  it('an introduction by a marker author counts: none is added', async () => {
    const docs = fakeGitHub({
      comments: new Map([[30, [recordComment(30, { id: 5, login: 'docs-app[bot]', body: '<!-- docs-agent-action:job job_1 -->' })]]])
    })
    await runInCode({ code: codeGitHub(), docs }, agentSettings({ 'marker-authors': 'docs-app[bot]' }, 'pull_request'))

    expect(docs.callsTo('createComment')).toEqual([])
    expect(docs.callsTo('markerComments')[0]?.args).toEqual([{ number: 30, kind: 'pull' }, ['docs-app[bot]']])
  })
})

describe('a command on the agent pull request, in the docs repository', () => {
  async function commandInDocs(github: FakeGitHub, settings: AgentSettings) {
    const requests: string[] = []
    const done = agentJob({ id: 'job_1', status: 'completed', prLink: AGENT_PULL })
    const calls: ClientCalls = {
      createJob: () => settled(() => (requests.push('create'), done)),
      sendMessage: (_, jobId) => settled(() => (requests.push(`message ${jobId}`), done)),
      getJob: () => settled(() => done)
    }
    await runAgentWorkflow(
      settings,
      'job',
      runOf(issueCommentEvent({ body: '/docs shorter, please' }, { number: 30 }), { runUrl: null }),
      workflowDeps({ calls, github })
    )
    return requests
  }

  const introducedBy = (login: string): FakeGitHub =>
    fakeGitHub({
      roles: new Map([['octocat', 'write']]),
      pulls: new Map([[30, fakePull(30, { url: AGENT_PULL })]]),
      comments: new Map([[30, [recordComment(30, { id: 5, login, body: 'Intro <!-- docs-agent-action:job job_1 -->' })]]])
    })

  it('becomes a follow-up when the marker was written by a marker author', async () => {
    const requests = await commandInDocs(introducedBy('docs-app[bot]'), agentSettings({ prompt: '', 'marker-authors': 'Docs-App[bot]' }))
    expect(requests).toEqual(['message job_1'])
  })

  it('starts a new job when the marker author is not listed', async () => {
    const requests = await commandInDocs(introducedBy('docs-app[bot]'), agentSettings({ prompt: '' }))
    expect(requests).toEqual(['create'])
  })

  it('still trusts its own identity without marker authors', async () => {
    const requests = await commandInDocs(introducedBy(BOT_LOGIN), agentSettings({ prompt: '' }))
    expect(requests).toEqual(['message job_1'])
  })
})
