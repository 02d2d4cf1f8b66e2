/**
 * Docs in another repository: a run in the code repository (Hello-World) whose agent opens its pull
 * request in the docs repository introduces the job there; a `/docs` reply there, run by the docs
 * repository's own workflow, becomes a follow-up when the marker's author is trusted.
 */
import { afterEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { annotations } from '../harness.js'
import { githubCalls, mark, mintlifyCalls, runOn, startHelloWorld } from './helpers.js'
import { COMMENTER, commentPayload, PULL, pullRequestOpened, REPO, REPO_URL } from '../../fixtures/webhook-payloads.js'
import { at, only } from '../../expect-helpers.js'
import { runAgainst } from '../harness.js'

const DOCS = 'Codertocat/docs'
const DOCS_URL = `https://github.com/${DOCS}`
/** A GitHub App installation token of both repositories, as actions/create-github-app-token hands out. */
const APP_TOKEN = 'ghs_app_installation_token'
const APP_LOGIN = 'docs-agent-app[bot]'

let sim: Simulator
afterEach(async () => {
  await sim.close()
})

async function startTwoRepositories(): Promise<Simulator> {
  const started = await startHelloWorld({ prRepository: DOCS_URL })
  started.github.setPermission(DOCS, COMMENTER, 'write')
  return started
}

/** The code repository's pull_request run, with `token`. */
function codeRun(token?: string) {
  return runOn(sim, 'pull_request', pullRequestOpened(), { inputs: token ? { 'github-token': token } : {} })
}

/** A `/docs` reply on the agent's pull request, run by the docs repository's workflow with its own token. */
function docsReply(body: string, inputs: Record<string, string> = {}) {
  const payload = commentPayload(sim, { body, on: 101, pullRequest: true, repo: DOCS })
  return runAgainst(sim, { eventName: 'issue_comment', event: payload, repository: DOCS, inputs: { prompt: '', ...inputs } })
}

describe('a job from the code repository whose pull request opens in the docs repository', () => {
  test('is introduced there once, with the job marker, linked to the code pull request, the run and the status comment', async () => {
    sim = await startTwoRepositories()
    const run = await codeRun()

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      outcome: 'pr-opened',
      'pr-link': `${DOCS_URL}/pull/101`,
      'pr-repository': DOCS,
      'pr-number': '101'
    })
    const status = only(sim.github.comments(REPO, PULL), 'status comment')
    expect(status.body).toContain(`${DOCS_URL}/pull/101`)
    const intro = only(sim.github.comments(DOCS, 101), 'introduction')
    expect(intro.user.login).toBe(sim.github.identity)
    expect(intro.body).toContain('<!-- docs-agent-action:job job_0001 -->')
    expect(intro.body).toContain(`started by pull request [${REPO}#${PULL}](${REPO_URL}/pull/${PULL})`)
    expect(intro.body).toContain(`[this workflow run](${REPO_URL}/actions/runs/4242)`)
    expect(intro.body).toContain(`[its status comment](${status.html_url})`)
    expect(githubCalls(sim).filter((call) => call.includes(DOCS))).toEqual([
      `GET /api/v3/repos/${DOCS}/issues/101`,
      `GET /api/v3/repos/${DOCS}/issues/101/comments`,
      `GET /api/v3/repos/${DOCS}/pulls/101`,
      `POST /api/v3/repos/${DOCS}/issues/101/comments`,
      `POST /api/v3/repos/${DOCS}/issues/101/labels`,
      // The run that introduced it asks the code pull request's author to review it there.
      `POST /api/v3/repos/${DOCS}/pulls/101/requested_reviewers`
    ])
    expect(annotations(run, 'warning')).toEqual([])
  })

  test.each([
    ['read access to the docs repository', { [REPO]: 'write', [DOCS]: 'read' } as const, 403],
    ['no access to the docs repository', { [REPO]: 'write' } as const, 404]
  ])('with %s: one notice names the token that would work, and the result is untouched', async (_, repositories, status) => {
    sim = await startTwoRepositories()
    sim.github.addToken('ghs_code_only', { identity: 'github-actions[bot]', repositories })
    const run = await codeRun('ghs_code_only')

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'pr-link': `${DOCS_URL}/pull/101`, 'failure-reason': '' })
    expect(annotations(run, 'warning')).toEqual([])
    const notice = only(annotations(run, 'notice'), 'notice')
    expect(notice).toContain(`${DOCS}#101 is in another repository, which this workflow's token cannot comment in (HTTP ${status})`)
    expect(notice).toContain('GitHub App installation token (e.g. from actions/create-github-app-token)')
    expect(notice).toContain(`pull-request write access to ${REPO} and ${DOCS}`)
    expect(sim.github.comments(DOCS, 101)).toEqual([])
    expect(sim.github.comments(REPO, PULL)).toHaveLength(1)
  })
})

describe("a /docs reply on the agent's pull request, in the docs repository", () => {
  /** The code repository's workflow runs with the App's token, so the App's bot writes the introduction. */
  async function introducedByTheApp(): Promise<void> {
    sim = await startTwoRepositories()
    sim.github.addToken(APP_TOKEN, { identity: APP_LOGIN, repositories: { [REPO]: 'write', [DOCS]: 'write' } })
    await codeRun(APP_TOKEN)
    expect(only(sim.github.comments(DOCS, 101), 'introduction').user.login).toBe(APP_LOGIN)
  }

  test('becomes a follow-up to the job when the marker author is in marker-authors', async () => {
    await introducedByTheApp()
    const before = mark(sim)
    const run = await docsReply('/docs Also document the retry headers', { 'marker-authors': APP_LOGIN })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ outcome: 'pr-opened', 'job-id': 'job_0001' })
    expect(mintlifyCalls(sim, before)[0]).toBe('POST /job/job_0001/message')
    expect(sim.jobs.get('job_0001')?.messages).toEqual(['Also document the retry headers'])
    expect(sim.jobs.size).toBe(1)
    const reply = at(sim.github.comments(DOCS, 101), 2, 'status reply')
    expect(reply.user.login).toBe(sim.github.identity)
    expect(reply.body).toMatch(/Docs agent follow-up/)
  })

  test('starts a new job when the marker was written by a login nobody listed', async () => {
    await introducedByTheApp()
    const before = mark(sim)
    const run = await docsReply('/docs Also document the retry headers')

    expect(run.outputs['job-id']).toBe('job_0002')
    expect(mintlifyCalls(sim, before)[0]).toBe('POST /job')
    expect(sim.jobs.get('job_0001')?.messages).toEqual([])
  })
})
