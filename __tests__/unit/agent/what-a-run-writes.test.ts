import { describe, expect, it } from '@jest/globals'
import type { GitHubEvent, IssueRef } from '../../../src/github/event.js'
import { DEFAULT_ISSUE_PROMPT } from '../../../src/operations/agent/inputs.js'
import { runAgentWorkflow } from '../../../src/operations/agent/carry-out/executor.js'
import { agentJob } from '../../fixtures/agent-jobs.js'
import { issueCommentEvent } from '../../fixtures/events.js'
import type { ClientCalls } from '../../fixtures/docs-api-client.js'
import { fakeGitHub, type FakeGitHub, fakePull } from '../../fixtures/fake-github.js'
import { workflowDeps } from '../../fixtures/operation-deps.js'
import { recordingLog } from '../../fixtures/recording-log.js'
import { runOf } from '../../fixtures/run-context.js'
import { settled } from '../../fixtures/settled.js'
import { agentSettings, type AgentSettings } from '../../fixtures/step-settings.js'

const PR_LINK = 'https://github.com/acme/docs/pull/30'

/** The executor in-process: a fake docs API that completes every job at once with a PR, and a fake GitHub. */
async function execute(event: GitHubEvent, github: FakeGitHub, settings = agentSettings({ prompt: '' })) {
  const requests: string[] = []
  const done = agentJob({ id: 'job_1', status: 'completed', prLink: PR_LINK })
  const calls: ClientCalls = {
    createJob: (_, prompt) => settled(() => (requests.push(`create ${prompt.split('\n')[0] ?? ''}`), done)),
    sendMessage: (_, jobId, prompt) => settled(() => (requests.push(`message ${jobId} ${prompt}`), done)),
    getJob: () => settled(() => done)
  }
  const log = recordingLog()
  // The pull requests the commands are on, which the trust gate reads: #7 (code) and #30 (the agent's), both the repository's own.
  for (const number of [7, 30]) if (!github.state.pulls.has(number)) github.state.pulls.set(number, fakePull(number))
  // Each publish of the outputs, with how many GitHub calls had been made by then.
  const published: { outcome: string; githubCallsBefore: number }[] = []
  const result = await runAgentWorkflow(
    settings,
    'job',
    runOf(event, { runUrl: null }),
    workflowDeps({
      calls,
      github,
      log,
      publish: (outputs) => published.push({ outcome: outputs.verdict.outcome, githubCallsBefore: github.calls.length })
    })
  )
  return { result, requests, log, published }
}

describe('runAgentWorkflow carries out the plan', () => {
  it('publishes the outputs before the last GitHub calls (result comment, reaction, introduction)', async () => {
    const github = fakeGitHub({ roles: new Map([['octocat', 'write']]) })
    const { result, published } = await execute(issueCommentEvent({ body: '/docs fix it' }), github)

    expect(result.verdict.outcome).toBe('pr-opened')
    expect(published.map((entry) => entry.outcome)).toEqual(['pr-opened'])
    const [entry] = published
    const resultComment = github.calls.findIndex((call) => call.method === 'updateComment' && String(call.args[2]).includes(PR_LINK))
    expect(resultComment).toBeGreaterThanOrEqual(0)
    expect(entry?.githubCallsBefore).toBeLessThanOrEqual(resultComment)
  })

  it('answers help with the usage and sends nothing', async () => {
    const github = fakeGitHub({ roles: new Map([['octocat', 'write']]) })
    const { result, requests } = await execute(issueCommentEvent({ body: '/docs help' }), github)

    expect(result.verdict.outcome).toBe('skipped')
    expect(requests).toEqual([])
    expect(github.callsTo('createComment')).toHaveLength(1)
    expect(github.callsTo('react')).toEqual([])
  })

  it('touches GitHub not at all for a comment without the trigger', async () => {
    const github = fakeGitHub()
    const { result } = await execute(issueCommentEvent({ body: 'Nice work' }), github)

    expect(result.verdict.outcome).toBe('skipped')
    expect(github.calls).toEqual([])
  })

  it('after a job, introduces the agent pull request once with the job marker', async () => {
    const github = fakeGitHub({ roles: new Map([['octocat', 'write']]) })
    await execute(issueCommentEvent({ body: '/docs add a page' }), github)
    await execute(issueCommentEvent({ body: '/docs add a page' }), github)

    const onAgentPull = github.callsTo('createComment').filter((call) => (call.args[0] as IssueRef).number === 30)
    expect(onAgentPull).toHaveLength(1)
    expect(String(onAgentPull[0]?.args[1])).toContain('<!-- docs-agent-action:job job_1 -->')
  })
})

describe('runAgentWorkflow for a label and for a listed bot', () => {
  function issueLabeled(login = 'octocat', isBot = false): GitHubEvent {
    return {
      kind: 'issues',
      name: 'issues',
      action: 'labeled',
      issue: {
        number: 12,
        title: 'Explain retries',
        url: 'https://github.com/acme/docs/issues/12',
        isPullRequest: false,
        body: 'How many?'
      },
      sender: { login, isBot },
      labeled: { label: 'docs', sender: { login, isBot }, at: '2026-03-01T12:00:00Z' }
    }
  }
  const labelSettings = (overrides: Record<string, string> = {}): AgentSettings =>
    agentSettings({ prompt: '', label: 'docs', ...overrides }, 'issues')

  it('starts a job from the issue, replies on it, and removes the label at the end', async () => {
    const github = fakeGitHub({ roles: new Map([['octocat', 'write']]) })
    const { result, requests } = await execute(issueLabeled(), github, labelSettings())

    expect(result.verdict.outcome).toBe('pr-opened')
    // The default instruction first (the label input's prompt is empty); the issue follows as data.
    expect(requests).toEqual([`create ${DEFAULT_ISSUE_PROMPT}`])
    // The status reply on the issue, then the introduction on the agent's pull request.
    expect(github.callsTo('createComment').map((call) => (call.args[0] as IssueRef).number)).toEqual([12, 30])
    expect(github.callsTo('react')).toEqual([])
    expect(github.callsTo('removeLabel').map((call) => call.args)).toEqual([[{ number: 12, kind: 'issue' }, 'docs']])
    expect(github.calls.at(-1)?.method).toBe('removeLabel')
  })

  it('removes the label of a denied labeller too, after the refusal', async () => {
    const github = fakeGitHub({ roles: new Map([['octocat', 'read']]) })
    const { result, requests } = await execute(issueLabeled(), github, labelSettings())

    expect(result.verdict.outcome).toBe('denied')
    expect(requests).toEqual([])
    expect(String(github.callsTo('createComment')[0]?.args[1])).toContain('`docs` needs the `write` permission')
    expect(github.callsTo('removeLabel')).toHaveLength(1)
  })

  it('leaves the label in a dry run, which writes nothing to GitHub', async () => {
    const github = fakeGitHub({ roles: new Map([['octocat', 'write']]) })
    const { result } = await execute(issueLabeled(), github, labelSettings({ 'dry-run': 'true' }))

    expect(result.verdict.outcome).toBe('dry-run')
    expect(github.callsTo('removeLabel')).toEqual([])
    expect(github.callsTo('createComment')).toEqual([])
  })

  it('does not look up the permission of a bot listed in allowed-bots', async () => {
    const github = fakeGitHub({ roles: new Map() })
    const { result, log } = await execute(issueLabeled('renovate[bot]', true), github, labelSettings({ 'allowed-bots': 'renovate[bot]' }))

    expect(result.verdict.outcome).toBe('pr-opened')
    expect(github.callsTo('roleOf')).toEqual([])
    expect(log.messages('info')).toContain('renovate[bot] is listed in allowed-bots: its permission is not looked up.')
  })
})
