/**
 * `dry-run: true` for agent jobs and follow-ups: the planner plans no GitHub write, the executor reads what
 * the plan needs (permission, marker, context) and shows the prompt instead of sending it.
 */
import { issueCommentEvent, pullRequestEvent } from '../../fixtures/events.js'
import { describe, expect, it } from '@jest/globals'
import type { GitHubEvent } from '../../../src/github/event.js'
import type { Plan } from '../../../src/operations/agent/decide/run-plan.js'
import { planRun } from './merged-run-plan.js'
import { readEventAsk } from '../../../src/operations/agent/read/event-ask.js'
import { judgeSteering, whoSteers } from '../../../src/trust/gate.js'
import { renderJobSummary } from '../../../src/operations/agent/summary.js'
import { judgeDryRun } from '../../../src/operations/agent/verdicts.js'
import { runAgentWorkflow } from '../../../src/operations/agent/carry-out/executor.js'
import { jobReport } from '../../fixtures/agent-jobs.js'
import type { ClientCalls } from '../../fixtures/docs-api-client.js'
import { BOT_LOGIN, fakeGitHub, type FakeGitHub, fakePull, recordComment } from '../../fixtures/fake-github.js'
import { workflowDeps } from '../../fixtures/operation-deps.js'
import { recordingLog } from '../../fixtures/recording-log.js'
import { runOf } from '../../fixtures/run-context.js'
import { agentSettings, type AgentSettings } from '../../fixtures/step-settings.js'

const PULL: GitHubEvent = pullRequestEvent({
  number: 7,
  title: 'New endpoint',
  url: 'https://github.com/acme/docs/pull/7',
  head: { ref: '', sha: '', fork: false }
})

/** The plan of `event`, as the trust gate judges a commander (or a pull request's author) having `role`. */
function planOf(event: GitHubEvent, settings: AgentSettings, role: string | null = null, agentJob: string | null = null): Plan {
  const gate = judgeSteering(whoSteers(event), settings, { role, pull: null, shown: [] }, 'agent')
  return planRun(readEventAsk(event, settings, 'job'), settings, gate, agentJob)
}

describe('planRun in a dry run', () => {
  it('plans a step with no status comment and no introduction', () => {
    const settings = agentSettings({ 'dry-run': 'true' }, 'pull_request')
    const plan = planOf(PULL, settings, 'write')
    expect(plan).toMatchObject({
      kind: 'job',
      status: { where: 'none' },
      react: null,
      introduce: false,
      dryRun: true,
      withChangeNotes: true
    })
  })

  it.each<[string, string | null, string, Partial<Plan>]>([
    ['a command', 'write', '/docs add a page', { kind: 'job', status: { where: 'none' }, react: null, introduce: false, dryRun: true }],
    [
      'a follow-up',
      'write',
      '/docs add a page',
      { kind: 'job', request: expect.objectContaining({ action: 'message', jobId: 'job_1' }) as never }
    ],
    ['a refusal', 'read', '/docs add a page', { kind: 'deny', reply: null, react: null }],
    ['help', 'write', '/docs help', { kind: 'help', reply: null }]
  ])('plans %s without replies or reactions', (label, role, body, expected) => {
    const settings = agentSettings({ 'dry-run': 'true', prompt: '' }, 'issue_comment')
    const agentJob = label === 'a follow-up' ? 'job_1' : null
    expect(planOf(issueCommentEvent({ body: body }, { number: 30 }), settings, role, agentJob)).toMatchObject(expected)
  })

  it('is off by default', () => {
    const settings = agentSettings({ 'dry-run': 'false' }, 'pull_request')
    expect(planOf(PULL, settings, 'write')).toMatchObject({ dryRun: false, introduce: true })
  })
})

describe('the verdict and the summary of a dry run', () => {
  it('is a success with a notice saying what would have been sent', () => {
    expect(judgeDryRun('job', 'acme-docs', '', 120)).toEqual({
      outcome: 'dry-run',
      result: 'notice',
      headline:
        'Dry run: would create an agent job in project acme-docs with a 120-character prompt; nothing was sent to the Mintlify API and nothing was written to GitHub.',
      failureReason: ''
    })
    expect(judgeDryRun('message', 'acme-docs', 'job_1', 5).headline).toMatch(/^Dry run: would send a follow-up message to job job_1 with/)
  })

  it('shows the prompt and the context unfolded, and says nothing was sent', () => {
    const summary = renderJobSummary(
      jobReport({ verdict: judgeDryRun('job', 'acme-docs', '', 9), job: null, waited: false, changeNotes: '## Context\n- Event: push' })
    )
    expect(summary.split('\n')[0]).toBe('### ℹ️ Docs agent job (dry run)')
    expect(summary).toContain('| Waited | nothing sent (dry run) |')
    expect(summary).toContain('<details open><summary>Prompt (')
    expect(summary).toContain('<details open><summary>Context appended to the prompt</summary>')
  })
})

describe('runAgentWorkflow in a dry run', () => {
  const GITHUB_WRITES = ['createComment', 'updateComment', 'react']

  async function dryRun(event: GitHubEvent, github: FakeGitHub, settings: AgentSettings) {
    const requests: string[] = []
    const refuse = (name: string) => () => {
      requests.push(name)
      return Promise.reject(new Error(`${name} called in a dry run`))
    }
    const calls: ClientCalls = { createJob: refuse('createJob'), sendMessage: refuse('sendMessage'), getJob: refuse('getJob') }
    const log = recordingLog()
    const published: string[] = []
    const result = await runAgentWorkflow(
      settings,
      'job',
      runOf(event, { runUrl: null }),
      workflowDeps({ calls, github, log, publish: (outputs) => published.push(outputs.verdict.outcome) })
    )
    return { result, requests, log, published }
  }

  it('reads the context, shows the prompt with it in the log, and sends and writes nothing', async () => {
    const github = fakeGitHub({
      // The author of the pull request may write: it steers its run.
      roles: new Map([['octocat', 'write']]),
      pulls: new Map([[7, { title: 'New endpoint', url: 'https://github.com/acme/docs/pull/7', commits: ['Add limits'], files: ['a.ts'] }]])
    })
    const settings = agentSettings({ 'dry-run': 'true', prompt: 'Document the limits.\n::error::not a command' }, 'pull_request')
    const { result, requests, log, published } = await dryRun(PULL, github, settings)

    expect(requests).toEqual([])
    expect(github.calls.filter((call) => GITHUB_WRITES.includes(call.method))).toEqual([])
    expect(github.callsTo('pullCommits')).toHaveLength(1)
    expect(result.verdict.outcome).toBe('dry-run')
    expect(published).toEqual(['dry-run'])
    expect(result.job).toMatchObject({ job: null, prompt: 'Document the limits.\n::error::not a command' })
    expect(result.job?.changeNotes).toContain('New endpoint')
    expect(log.groups).toEqual([
      expect.stringMatching(/^Dry run: the prompt POST \/v2\/agent\/acme-docs\/job would carry \(\d+ characters, from prompt\)$/)
    ])
    const shown = log.messages('info')
    expect(shown.slice(0, 2)).toEqual(['| Document the limits.', '| ::error::not a command'])
    expect(shown.filter((line) => line.includes('New endpoint') || line.includes('Add limits'))).toHaveLength(2)
  })

  it('still checks the permission and finds the follow-up, then shows the message it would send', async () => {
    const github = fakeGitHub({
      roles: new Map([['octocat', 'write']]),
      pulls: new Map([[30, fakePull(30)]]),
      comments: new Map([[30, [recordComment(30, { id: 3, login: BOT_LOGIN, body: '<!-- docs-agent-action:job job_1 -->' })]]])
    })
    const { result, requests, log } = await dryRun(
      issueCommentEvent({ body: '/docs shorter intro' }, { number: 30 }),
      github,
      agentSettings({ 'dry-run': 'true', prompt: '' }, 'issue_comment')
    )

    expect(requests).toEqual([])
    // The trust gate reads the role and the pull request the command is on (a fork's waits); then the marker.
    expect(github.calls.map((call) => call.method)).toEqual(['roleOf', 'pull', 'markerComments'])
    expect(result.verdict.headline).toMatch(/^Dry run: would send a follow-up message to job job_1 with a 13-character prompt/)
    expect(log.groups[0]).toContain('POST /v2/agent/acme-docs/job/job_1/message')
  })

  it('refuses a commenter below min-permission without a reply or a reaction', async () => {
    const github = fakeGitHub({ roles: new Map([['octocat', 'read']]), pulls: new Map([[30, fakePull(30)]]) })
    const { result, requests } = await dryRun(
      issueCommentEvent({ body: '/docs shorter intro' }, { number: 30 }),
      github,
      agentSettings({ 'dry-run': 'true', prompt: '' }, 'issue_comment')
    )

    expect(result.verdict.outcome).toBe('denied')
    expect(requests).toEqual([])
    expect(github.calls.map((call) => call.method)).toEqual(['roleOf'])
  })
})
