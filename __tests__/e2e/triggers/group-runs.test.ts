/**
 * `group-runs: true` end to end: pushes of one workflow on one branch share one agent pull request (one
 * job, follow-ups, a timeline in the introduction); another branch, another workflow or a merged pull
 * request gives a new job; docs in another repository with an App token; a dry run; and a token that
 * cannot write in the docs repository.
 */
import { afterEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import { pullRequestOpened, PUSH_SHA, pushPayload, REPO, REPO_URL } from '../../fixtures/webhook-payloads.js'
import type { Simulator } from '../../../simulator/index.js'
import { jobMarker } from '../../../src/github/markers.js'
import { TIMELINE_HEADING } from '../../../src/operations/agent/agent-pull-comment.js'
import { at, defined, only } from '../../expect-helpers.js'
import { signedComment } from '../../fixtures/signed-comments.js'
import { annotations } from '../harness.js'
import { expectCalls, githubCalls, mark, mintlifyCalls, plainText, runOn, startHelloWorld } from './helpers.js'

const DOCS = 'Codertocat/docs'
const DOCS_URL = `https://github.com/${DOCS}`
const APP_TOKEN = 'ghs_app_installation_token'
const APP_LOGIN = 'docs-agent-app[bot]'
const GROUPED = { 'group-runs': 'true' }

let sim: Simulator
afterEach(async () => {
  await sim.close()
})

/** A push of `subject` to `branch` (the example's one commit, reworded). */
function push(subject: string, branch = 'master'): ReturnType<typeof pushPayload> {
  const payload = pushPayload()
  payload.ref = `refs/heads/${branch}`
  defined(payload.commits[0], 'the commit').message = subject
  return payload
}

function pushRun(
  subject: string,
  options: { branch?: string; workflow?: string; inputs?: Record<string, string> } = {}
): Promise<ActionRun> {
  return runOn(sim, 'push', push(subject, options.branch), {
    inputs: { ...GROUPED, ...options.inputs },
    env: options.workflow ? { GITHUB_WORKFLOW: options.workflow } : {}
  })
}

/** A request to the simulator's Mintlify API, as another client would send it. */
async function mintlify(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sim.url}/v2/agent/${sim.projectId}${path}`, {
    method,
    headers: { authorization: `Bearer ${sim.apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return response.json()
}

/** The introduction of pull request `number`, signed as a run of `workflow` on master in Hello-World writes it. */
function introductionOf(jobId: string, workflow: string, number: number): string {
  const marker = defined(jobMarker(jobId, { repository: REPO, workflow, branch: 'master' }), 'marker')
  return signedComment(marker, { repository: REPO, number }, sim.apiKey)
}

/** The timeline entries of an introduction, as a reader sees them. */
function timeline(body: string): string[] {
  return plainText(body.slice(body.indexOf(TIMELINE_HEADING)))
    .split('\n')
    .filter((line) => line.startsWith('- '))
}

describe('two pushes to one branch, with group-runs', () => {
  test('give one job, one pull request, and a two-line timeline in its introduction', async () => {
    sim = await startHelloWorld()
    const first = await pushRun('Add the limits endpoint')
    expect(first.outputs).toMatchObject({ outcome: 'pr-opened', grouped: 'new', 'job-id': 'job_0001', 'pr-number': '101' })

    const before = mark(sim)
    const second = await pushRun('Document the retry headers')

    expect(second.exitCode).toBe(0)
    expect(second.outputs).toMatchObject({
      outcome: 'pr-opened',
      grouped: 'continued',
      'job-id': 'job_0001',
      'pr-link': `${REPO_URL}/pull/101`
    })
    expect(sim.jobs.size).toBe(1)
    expect(mintlifyCalls(sim, before).filter((call) => call.startsWith('POST'))).toEqual(['POST /job/job_0001/message'])
    const [message] = defined(sim.jobs.get('job_0001'), 'the job').messages
    expect(defined(message, 'the follow-up')).toMatch(
      /^Document the new rate limits\n\n---\nNew changes since this pull request was opened, from the GitHub workflow that sent this request:\n[\s\S]*<untrusted-data source="change">\n[\s\S]*\nCommit: 6113728 Document the retry headers\n/
    )
    const intro = only(sim.github.comments(REPO, 101), 'introduction')
    expect(intro.body).toContain('<!-- docs-agent-action:origin codertocat%2Fhello-world Docs%20agent master -->')
    expect(timeline(intro.body)).toEqual([
      `- a push to master (workflow run): 1 commit, Add the limits endpoint`,
      `- a push to master (workflow run): 1 commit, Document the retry headers`
    ])
    expect(plainText(second.summary)).toContain('Docs agent follow-up')
    expect(annotations(second, 'warning')).toEqual([])
  })

  test('a third push after the pull request was merged opens a new job and pull request', async () => {
    sim = await startHelloWorld()
    await pushRun('Add the limits endpoint')
    sim.github.closePull(REPO, 101, { merged: true })

    const run = await pushRun('Document the retry headers')

    expect(run.outputs).toMatchObject({ grouped: 'new', 'job-id': 'job_0002', 'pr-link': `${REPO_URL}/pull/102` })
    expect(sim.jobs.get('job_0001')?.messages).toEqual([])
    expect(timeline(only(sim.github.comments(REPO, 101), 'first introduction').body)).toHaveLength(1)
    expect(timeline(only(sim.github.comments(REPO, 102), 'second introduction').body)).toHaveLength(1)
  })

  test('a push after the job failed opens a new job', async () => {
    sim = await startHelloWorld()
    await pushRun('Add the limits endpoint')
    // The agent's pull request stays open while its job failed afterwards (a follow-up from elsewhere, say).
    sim.scriptNextMessage({ outcome: 'failed', afterPolls: 0 })
    await mintlify('POST', '/job/job_0001/message', { prompt: 'Rewrite everything' })
    expect(await mintlify('GET', '/job/job_0001')).toMatchObject({ status: 'failed' })

    const run = await pushRun('Document the retry headers')
    expect(run.outputs).toMatchObject({ grouped: 'new', 'job-id': 'job_0002' })
    expect(run.log).toContain('is failed: a new job, with a pull request of its own')
  })
})

describe('a grouped run whose follow-up fails', () => {
  test('is reported as failed and never turns into a second job', async () => {
    sim = await startHelloWorld()
    await pushRun('Add the limits endpoint')
    const intro = only(sim.github.comments(REPO, 101), 'introduction').body
    sim.injectFault({ route: 'message', status: 400, message: 'Job cannot take messages' })
    const before = mark(sim)

    const run = await pushRun('Document the retry headers')

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toMatchObject({ outcome: 'failed', grouped: 'continued' })
    expect(run.outputs['failure-reason']).toContain('Could not send the follow-up message to job job_0001: HTTP 400')
    expect(mintlifyCalls(sim, before).filter((call) => call.startsWith('POST'))).toEqual(['POST /job/job_0001/message'])
    expect(sim.jobs.size).toBe(1)
    // The follow-up never reached the job: the timeline stays as it was.
    expect(only(sim.github.comments(REPO, 101), 'introduction').body).toBe(intro)
  })
})

describe('runs that do not share a pull request', () => {
  test.each([
    ['another branch', { branch: 'release' }],
    ['another workflow', { workflow: 'Nightly docs' }]
  ])('a push to %s gets a job and a pull request of its own', async (_, other) => {
    sim = await startHelloWorld()
    await pushRun('Add the limits endpoint')
    const run = await pushRun('Document the retry headers', other)

    expect(run.outputs).toMatchObject({ grouped: 'new', 'job-id': 'job_0002', 'pr-number': '102' })
    expect(sim.jobs.size).toBe(2)
    expect(sim.jobs.get('job_0001')?.messages).toEqual([])
  })

  test('without group-runs, every push opens a new job and the output grouped stays empty', async () => {
    sim = await startHelloWorld()
    await runOn(sim, 'push', push('Add the limits endpoint'))
    const run = await runOn(sim, 'push', push('Document the retry headers'))
    expect(run.outputs).toMatchObject({ 'job-id': 'job_0002', grouped: '' })
  })
})

describe('a dry run with group-runs', () => {
  test('says which pull request would be continued, and sends nothing', async () => {
    sim = await startHelloWorld()
    await pushRun('Add the limits endpoint')
    const before = mark(sim)
    const intro = only(sim.github.comments(REPO, 101), 'introduction').body

    const run = await pushRun('Document the retry headers', { inputs: { 'dry-run': 'true' } })

    expect(run.outputs).toMatchObject({ outcome: 'dry-run', grouped: 'continued' })
    expect(mintlifyCalls(sim, before)).toEqual([])
    expect(githubCalls(sim, before).filter((call) => !call.startsWith('GET ') && call !== 'POST /api/graphql')).toEqual([])
    expect(run.log).toContain(`${REPO}#101 (${REPO_URL}/pull/101) is the open agent pull request of workflow "Docs agent" on branch master`)
    expect(run.log).toContain('a run would continue its job job_0001 with a follow-up message')
    expect(run.log).toContain(`Dry run: the prompt POST /v2/agent/${sim.projectId}/job/job_0001/message would carry`)
    expect(only(sim.github.comments(REPO, 101), 'introduction').body).toBe(intro)
  })
})

describe('docs in another repository, with group-runs and docs-repository', () => {
  async function startTwoRepositories(): Promise<void> {
    sim = await startHelloWorld({ prRepository: DOCS_URL })
    sim.github.addToken(APP_TOKEN, { identity: APP_LOGIN, repositories: { [REPO]: 'write', [DOCS]: 'write' } })
  }
  const codeRun = (inputs: Record<string, string>): Promise<ActionRun> =>
    runOn(sim, 'pull_request', pullRequestOpened(), { inputs: { ...GROUPED, 'docs-repository': DOCS, ...inputs } })

  test('with the App token: the second run of the code pull request continues the docs pull request', async () => {
    await startTwoRepositories()
    const first = await codeRun({ 'github-token': APP_TOKEN })
    expect(first.outputs).toMatchObject({ grouped: 'new', 'pr-link': `${DOCS_URL}/pull/101` })
    const before = mark(sim)

    const second = await codeRun({ 'github-token': APP_TOKEN })

    expect(second.outputs).toMatchObject({ grouped: 'continued', 'job-id': 'job_0001', 'pr-link': `${DOCS_URL}/pull/101` })
    expect(sim.jobs.size).toBe(1)
    const intro = only(sim.github.comments(DOCS, 101), 'introduction')
    expect(intro.user.login).toBe(APP_LOGIN)
    expect(timeline(intro.body)).toEqual([`- pull request ${REPO}#2 (workflow run)`, `- pull request ${REPO}#2 (workflow run)`])
    // The look-up and the timeline: the pull requests, the comments of #101, one edit; all in the docs repository.
    const inDocs = githubCalls(sim, before).filter((call) => call.includes(`/repos/${DOCS}/`))
    expect(inDocs).toEqual([
      `GET /api/v3/repos/${DOCS}/pulls`,
      `GET /api/v3/repos/${DOCS}/issues/101/comments`,
      `PATCH /api/v3/repos/${DOCS}/issues/comments/${intro.id}`
    ])
    expect(annotations(second, 'warning')).toEqual([])
  })

  test('with a token that cannot write there: one warning names the token that would do, and each run opens a job', async () => {
    await startTwoRepositories()
    sim.github.addToken('ghs_code_only', { identity: 'github-actions[bot]', repositories: { [REPO]: 'write', [DOCS]: 'read' } })
    await codeRun({ 'github-token': 'ghs_code_only' })
    const run = await codeRun({ 'github-token': 'ghs_code_only' })

    expect(run.outputs).toMatchObject({ grouped: 'new', 'job-id': 'job_0002' })
    expect(annotations(run, 'notice')).toEqual([])
    const warning = only(annotations(run, 'warning'), 'warning')
    expect(warning).toContain(`group-runs cannot group runs in ${DOCS}: this workflow's token cannot write there (HTTP 403)`)
    expect(warning).toContain(`pull-request write access to ${REPO} and ${DOCS}`)
    expect(sim.github.comments(DOCS, 102)).toEqual([])
  })
})

describe('the cost of a grouped run', () => {
  test("in a docs repository with 30 open pull requests, two agent ones of other workflows updated since: 5 requests there and the token's identity", async () => {
    sim = await startHelloWorld()
    // With #2 (a person's) and the agent's #101, 30 open pull requests: every third of the others a person's,
    // the rest the agent's, introduced by runs of other workflows.
    const others = Array.from({ length: 28 }, (_, i) => 201 + i)
    for (const number of others) {
      const person = number % 3 === 0
      sim.github.addIssue(REPO, { number, title: `PR ${number}`, pullRequest: true, user: person ? 'octocat' : 'mintlify[bot]' })
      if (!person)
        sim.github.addComment(REPO, number, {
          user: sim.github.identity,
          body: introductionOf(`job_${number}`, `Workflow ${number}`, number)
        })
    }
    await pushRun('Add the limits endpoint')
    // Two agent pull requests of other workflows see activity after the first push: the look-up reads them first.
    for (const number of [226, 205]) sim.github.addComment(REPO, number, { user: 'octocat', body: 'Looks good' })
    const before = mark(sim)

    const run = await pushRun('Document the retry headers')

    expect(run.outputs.grouped).toBe('continued')
    // The introductions read on the way are signed as the action signs them: none is noticed as forged.
    expect(annotations(run, 'notice').filter((notice) => notice.includes(' record in '))).toEqual([])
    const intro = at(sim.github.comments(REPO, 101), 0, 'introduction')
    // The status comment's look-up of the pushed commit's pull request comes first; it is no part of grouping.
    expectCalls(githubCalls(sim, before), [
      `GET /commits/${PUSH_SHA}/pulls`,
      'GET /pulls',
      ['POST /api/graphql', 'GET /issues/205/comments'],
      'GET /issues/226/comments',
      'GET /issues/101/comments',
      `PATCH /issues/comments/${intro.id}`
    ])
  })
})
