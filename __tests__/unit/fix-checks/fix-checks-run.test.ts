/**
 * The fix-checks run in-process on a virtual clock (src/main.ts against the simulator): what a round reads
 * (at most 14 requests of check data whatever fails), and a wait for running checks that reaches the
 * deadline, which costs no real time here.
 */
import { afterEach, beforeAll, beforeEach, expect, jest, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { startHelloWorld } from '../../e2e/triggers/helpers.js'
import * as core from '../../fixtures/core.js'
import { runInProcess } from '../../fixtures/in-process.js'
import { checkSuitePayload, REPO, workflowDispatchPayload } from '../../fixtures/webhook-payloads.js'
import { preloadToolkit } from '../../fixtures/github-client.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../../src/main.js')

const AGENT_PULL = 101
const HEAD = 'd4'.repeat(20)

let sim: Simulator
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startHelloWorld()
  await runInProcess(run, sim, { eventName: 'workflow_dispatch', event: workflowDispatchPayload(), inputs: {}, repository: REPO })
  sim.github.pushToPull(REPO, AGENT_PULL, HEAD)
})
afterEach(async () => {
  await sim.close()
})

const suiteCompleted = (inputs: Record<string, string> = {}) =>
  runInProcess(run, sim, {
    eventName: 'check_suite',
    event: checkSuitePayload({ sha: HEAD, pulls: [{ number: AGENT_PULL }] }),
    inputs: { prompt: '', ...inputs },
    repository: REPO
  })

/** The requests of check data a run made: check runs, statuses, annotations, jobs and logs. */
function checkDataRequests(since: number): string[] {
  return sim
    .githubRequests()
    .slice(since)
    .map((request) => request.path)
    .filter((path) => /\/check-runs|\/status$|\/commits\/[^/]+\/pulls$|\/annotations|\/actions\/(?!runs$)/.test(path))
}

/** The requests that tell whose check runs they are: the head's check suites and workflow runs. */
function originRequests(since: number): string[] {
  return sim
    .githubRequests()
    .slice(since)
    .map((request) => request.path)
    .filter((path) => /\/check-suites$|\/actions\/runs$/.test(path))
}

test('a round reads at most 14 requests of check data (12 of runs, statuses and the pull requests at the head, annotations, jobs and logs), however many checks and jobs fail', async () => {
  for (let i = 0; i < 6; i++)
    sim.github.addCheckRun(REPO, {
      sha: HEAD,
      name: `Mintlify Validation (acme) - check ${i}`,
      conclusion: 'failure',
      annotations: [{ path: `page-${i}.mdx`, startLine: 1, message: `Broken link ${i}` }]
    })
  for (let i = 0; i < 5; i++)
    sim.github.addWorkflowJob(REPO, {
      sha: HEAD,
      name: `test ${i}`,
      steps: [{ name: 'Run npm test', conclusion: 'failure' }],
      log: `##[group]Run npm test\n##[error]Job ${i} failed`
    })
  const before = sim.githubRequests().length

  // A status context named: the combined status, and the pull requests at the head, are two of the round's reads.
  const result = await suiteCompleted({ 'fix-checks-statuses': 'ci/jenkins' })

  expect(result.outputs.outcome).toBe('pr-opened')
  const reads = checkDataRequests(before)
  expect(reads).toHaveLength(12)
  expect(originRequests(before)).toHaveLength(2)
  expect(reads.filter((path) => path.endsWith('/annotations'))).toHaveLength(5)
  const message = sim.jobs.get('job_0001')?.messages[0] ?? ''
  expect(message).toContain('Check: Mintlify Validation (acme) - check 5')
  // Listed newest first: the logs of the last two jobs fit in what the annotations left.
  expect(message).toContain('##[error]Job 4 failed')
  expect(message).toContain('##[error]Job 3 failed')
  expect(message).not.toContain('##[error]Job 2 failed')
})

test("without actions: read, Actions jobs count by their suite's branch alone: a fork's still does not, with one warning", async () => {
  sim.github.addIssue(REPO, { number: 300, title: 'Typo', pullRequest: true, headSha: HEAD, headRepo: 'outsider/Hello-World' })
  sim.github.addWorkflowJob(REPO, { sha: HEAD, name: 'test', steps: [{ name: 'Run npm test', conclusion: 'failure' }] })
  sim.github.addWorkflowJob(REPO, {
    sha: HEAD,
    name: 'test (fork)',
    fork: 'outsider/Hello-World',
    steps: [{ name: 'Run npm test', conclusion: 'failure' }]
  })
  sim.github.forbid('actions')
  const before = sim.githubRequests().length

  const result = await suiteCompleted()

  expect(result.outputs.outcome).toBe('pr-opened')
  expect(result.warnings).toHaveLength(1)
  expect(result.warnings[0]).toContain("the token lacks the 'actions: read' permission")
  const message = sim.jobs.get('job_0001')?.messages[0] ?? ''
  expect(message).toContain('Check: test\n')
  expect(message).not.toContain('test (fork)')
  expect(originRequests(before)).toHaveLength(2)
})

test('checks still running at the deadline end the run skipped, naming them; nothing is sent', async () => {
  sim.github.addCheckRun(REPO, { sha: HEAD, name: 'Mintlify Deployment', conclusion: 'failure', completesAfterSeconds: 3600 })

  const result = await suiteCompleted({ timeout: '2m', 'poll-interval': '10s' })

  expect(result.outputs.outcome).toBe('skipped')
  expect(result.log).toContain('notice: Checks still running at the deadline: Mintlify Deployment. Their completion starts another run.')
  expect(sim.jobs.get('job_0001')?.messages).toEqual([])
  expect(result.durationMs).toBeGreaterThanOrEqual(120_000)
})

test('a hand-over whose reviewers cannot be read mentions nobody, with one warning', async () => {
  sim.github.addCheckRun(REPO, { sha: HEAD, name: 'link-rot', conclusion: 'failure', title: '1 broken link' })
  const record = `<!-- docs-agent-action:fix-checks v1 ${Buffer.from(JSON.stringify({ heads: [], rounds: [{ head: 'e5'.repeat(20), fingerprint: '0123456789abcdef' }] })).toString('base64url')} -->`
  const { signedComment } = await import('../../fixtures/signed-comments.js')
  sim.github.addComment(REPO, AGENT_PULL, {
    user: sim.github.identity,
    userType: 'Bot',
    body: signedComment(
      `<!-- docs-agent-action:status Docs_agent_docs -->\nrounds\n${record}`,
      { repository: REPO, number: AGENT_PULL },
      sim.apiKey
    )
  })
  sim.route('GET', /\/requested_reviewers$/, () => ({ status: 403, json: { message: 'Resource not accessible by integration' } }))

  const result = await suiteCompleted({ 'fix-checks': '1' })

  expect(result.outputs.outcome).toBe('skipped')
  expect(result.warnings).toHaveLength(1)
  const sticky = sim.github
    .comments(REPO, AGENT_PULL)
    .filter((comment) => comment.body.includes('Docs_agent_docs'))
    .at(-1)
  expect(sticky?.body).toContain('Checks still fail after 1 automatic round: `link-rot`. A person needs to look.')
  expect(sticky?.body).toContain('Nobody is requested to review this pull request yet.')
})
