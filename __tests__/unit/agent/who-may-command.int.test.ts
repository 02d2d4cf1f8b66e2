/**
 * The workflow orchestration in-process: runAgentWorkflow with the real docs API client and GitHub module
 * against the simulator on 127.0.0.1. The decisions about who may do what: permission, bots, edits, and
 * which job marker is trusted.
 */
import { NO_SPEND_LIMIT } from '../../../src/spend/agent-spend.js'
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { commentPayload, type CommentOptions, PULL, REPO, REPO_URL, seedHelloWorld } from '../../fixtures/webhook-payloads.js'
import { DEFAULT_GITHUB_IDENTITY, type GitHubRole, SIM_GITHUB_TOKEN, startSimulator, type Simulator } from '../../../simulator/index.js'
import { systemClock } from '../../../src/clock.js'
import { GitHubApi } from '../../../src/github/api.js'
import { parseEvent } from '../../../src/github/webhook-payload.js'
import { jobMarker } from '../../../src/github/markers.js'
import { DocsApiClient } from '../../../src/mintlify/client.js'
import { createNodeTransport } from '../../../src/mintlify/transport.js'
import { runAgentWorkflow } from '../../../src/operations/agent/carry-out/executor.js'
import type { WorkflowResult } from '../../../src/operations/agent/means.js'
import { readSettingsOf } from '../../../src/operations/registry.js'
import { defined } from '../../expect-helpers.js'
import { signedComment } from '../../fixtures/signed-comments.js'
import { runEnvironment, stepInputs, AGENT } from '../../fixtures/step-settings.js'
import { preloadToolkit } from '../../fixtures/github-client.js'

let sim: Simulator | undefined
beforeAll(preloadToolkit)
afterEach(async () => {
  await sim?.close()
  sim = undefined
})

/** The agent pull request's introduction of `jobId` (on PULL), signed with the simulator's key as a run signs it. */
function introduction(s: Simulator, jobId: string): string {
  return signedComment(`Agent job\n${defined(jobMarker(jobId), 'marker')}`, { repository: REPO, number: PULL }, s.apiKey)
}

async function started(role: GitHubRole | null): Promise<Simulator> {
  sim = await startSimulator({ repository: REPO_URL })
  seedHelloWorld(sim, role)
  return sim
}

/** One run on an issue_comment event, as main.ts wires it, with a log kept for the test. */
async function onComment(s: Simulator, comment: CommentOptions): Promise<{ result: WorkflowResult; log: string[] }> {
  const log: string[] = []
  const { settings } = readSettingsOf(
    AGENT,
    stepInputs({
      'api-key': s.apiKey,
      'project-id': s.projectId,
      'base-url': s.url,
      'github-token': SIM_GITHUB_TOKEN,
      prompt: '',
      'poll-interval': '100ms',
      timeout: '20s'
    }),
    runEnvironment({ eventName: 'issue_comment' })
  )
  const cancel = new AbortController()
  const deadline = Date.now() + settings.timeoutMs
  const client = new DocsApiClient(
    {
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      transport: createNodeTransport(),
      clock: systemClock,
      random: Math.random,
      deadline,
      signal: cancel.signal
    },
    NO_SPEND_LIMIT
  )
  const [owner = '', repo = ''] = REPO.split('/')
  const payload = commentPayload(s, comment) as unknown as Record<string, unknown>
  const result = await runAgentWorkflow(
    settings,
    'job',
    {
      event: parseEvent('issue_comment', payload),
      repo: { owner, repo },
      serverUrl: 'https://github.com',
      runUrl: `${REPO_URL}/actions/runs/1`,
      workflow: 'docs',
      job: 'agent',
      sha: '',
      ref: 'refs/heads/main',
      actor: 'octocat',
      runNumber: 1
    },
    {
      client,
      clock: systemClock,
      signal: cancel.signal,
      deadline,
      log: {
        info: (message) => log.push(message),
        warning: (message) => log.push(`warning: ${message}`),
        notice: (message) => log.push(`notice: ${message}`),
        group: (_name, body) => body()
      },
      publish: (published) => log.push(`outputs: ${published.verdict.outcome}`),
      connectGitHub: (token, repository) =>
        GitHubApi.connect(token, repository, {
          cancel: cancel.signal,
          clock: systemClock,
          random: Math.random,
          deadline,
          apiUrl: `${s.url}/api/v3`,
          clean: (text) => text
        })
    }
  )
  return { result, log }
}

const mintlifyCalls = (s: Simulator): string[] => s.mintlifyRequests().map((request) => `${request.method} ${request.path}`)

describe('a slash command', () => {
  it('from a commenter below min-permission is denied with a reply and 😕, and nothing is sent to the agent', async () => {
    const s = await started('read')
    const { result } = await onComment(s, { body: '/docs document the new flag' })
    expect(result.verdict.outcome).toBe('denied')
    expect(result.job).toBeNull()
    expect(mintlifyCalls(s)).toEqual([])
    const [command, reply] = s.github.comments(REPO, 1)
    expect(defined(command, 'the command').reactions).toEqual(['confused'])
    expect(defined(reply, 'the reply').body).toContain('needs the `write` permission')
  })

  it('from a stranger (no collaborator) is denied the same way', async () => {
    const s = await started(null)
    const { result } = await onComment(s, { body: '/docs document the new flag' })
    expect(result.verdict.outcome).toBe('denied')
    expect(mintlifyCalls(s)).toEqual([])
  })

  it('from a bot is skipped before GitHub or the agent is asked anything', async () => {
    const s = await started('admin')
    const { result } = await onComment(s, { body: '/docs document the new flag', login: 'renovate[bot]', userType: 'Bot' })
    expect(result.verdict.outcome).toBe('skipped')
    expect(mintlifyCalls(s)).toEqual([])
    expect(s.github.comments(REPO, 1).flatMap((comment) => comment.reactions)).toEqual([])
  })

  it('in an edited comment is skipped: editing must not start the job again', async () => {
    const s = await started('write')
    const { result } = await onComment(s, { body: '/docs document the new flag', action: 'edited' })
    expect(result.verdict.outcome).toBe('skipped')
    expect(mintlifyCalls(s)).toEqual([])
  })

  it('from a writer starts a job with the command as prompt, reacting 👀 then 🚀', async () => {
    const s = await started('write')
    s.scriptNextJob({ outcome: 'no-changes', afterPolls: 1 })
    const { result } = await onComment(s, { body: '/docs document the new flag' })
    expect(result.verdict.outcome).toBe('no-changes')
    const [create] = s.mintlifyRequests()
    expect(defined(create, 'the create').path).toMatch(/\/job$/)
    expect(JSON.stringify(create?.body)).toContain('document the new flag')
    expect(defined(s.github.comments(REPO, 1)[0], 'the command').reactions).toEqual(['eyes', 'rocket'])
  })
})

describe("on the agent's pull request", () => {
  it("follows up on the job named by a marker the token's identity wrote", async () => {
    const s = await started('write')
    s.scriptNextJob({ outcome: 'no-changes', afterPolls: 1 })
    const first = await onComment(s, { body: '/docs start' })
    const jobId = defined(first.result.job?.job?.id, 'the first job')
    s.github.addComment(REPO, PULL, { user: DEFAULT_GITHUB_IDENTITY, body: introduction(s, jobId) })
    const { log } = await onComment(s, { body: '/docs also mention the default', on: PULL, pullRequest: true })
    expect(mintlifyCalls(s).filter((call) => call.startsWith('POST'))).toEqual([
      `POST /v2/agent/${s.projectId}/job`,
      `POST /v2/agent/${s.projectId}/job/${jobId}/message`
    ])
    expect(log.join('\n')).toContain(`job ${jobId}: the command becomes a follow-up message`)
  })

  it('ignores a marker written by anyone else: the command starts a new job', async () => {
    const s = await started('write')
    s.scriptNextJob({ outcome: 'no-changes', afterPolls: 1 })
    const first = await onComment(s, { body: '/docs start' })
    const jobId = defined(first.result.job?.job?.id, 'the first job')
    s.github.addComment(REPO, PULL, { user: 'mallory', body: introduction(s, jobId) })
    const { log } = await onComment(s, { body: '/docs redirect this', on: PULL, pullRequest: true })
    expect(mintlifyCalls(s).filter((call) => call.startsWith('POST'))).toEqual([
      `POST /v2/agent/${s.projectId}/job`,
      `POST /v2/agent/${s.projectId}/job`
    ])
    // Quietly: anyone can type a marker into a comment of theirs.
    expect(log.filter((line) => line.startsWith('notice: '))).toEqual([])
  })

  it.each([
    ['edited to name another job', (body: string, jobId: string) => body.replace(jobId, 'job_forged')],
    ['written before records were signed', (_: string, jobId: string) => `Agent job\n${defined(jobMarker(jobId), 'marker')}`]
  ])("ignores a marker in the token's own comment %s, with one notice: the command starts a new job", async (_, change) => {
    const s = await started('write')
    s.scriptNextJob({ outcome: 'no-changes', afterPolls: 1 })
    const first = await onComment(s, { body: '/docs start' })
    const jobId = defined(first.result.job?.job?.id, 'the first job')
    const forged = s.github.addComment(REPO, PULL, { user: DEFAULT_GITHUB_IDENTITY, body: change(introduction(s, jobId), jobId) })
    const { log } = await onComment(s, { body: '/docs redirect this', on: PULL, pullRequest: true })
    expect(mintlifyCalls(s).filter((call) => call.startsWith('POST'))).toEqual([
      `POST /v2/agent/${s.projectId}/job`,
      `POST /v2/agent/${s.projectId}/job`
    ])
    expect(log.filter((line) => line.startsWith('notice: '))).toEqual([
      `notice: 1 record in ${forged.html_url} was not written by this action, or with another API key: ignored`
    ])
  })
})
