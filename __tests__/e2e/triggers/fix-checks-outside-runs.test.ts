/**
 * Runs on the agent's head commit that are not its pull request's (DESIGN "When the agent's pull request fails
 * its checks", "Which checks count"): a fork's pull request opened into the agent's branch runs this
 * repository's `pull_request_target` workflows on the agent's head, and a fork's pull request pushed at the
 * agent's head commit draws other Apps' commit statuses (a CLA check). Neither starts, stalls or appears in a
 * round.
 */
import { afterEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { only } from '../../expect-helpers.js'
import { FORK_REPO, REPO, statusPayload, workflowRunPayload } from '../../fixtures/webhook-payloads.js'
import { HEAD_1, LINK_ROT, linkRotFails, messages, startWithAgentPull, stickies, suiteCompleted, wake } from './fix-checks-helpers.js'
import { githubCalls, mark, mintlifyCalls } from './helpers.js'

let sim: Simulator
afterEach(async () => {
  await sim.close()
})

/** An outsider's pull request from a fork. */
const FORK_PULL = 300
const CLA = 'license/cla'
const TARGET_CI = 'label check'

/** A fork's pull request #300 whose head is the agent's head commit (`headRef` its branch in the fork). */
function forkPullOn(sha: string): void {
  sim.github.addIssue(REPO, {
    number: FORK_PULL,
    title: 'Typo fix',
    user: 'outsider',
    pullRequest: true,
    headSha: sha,
    headRef: 'patch-1',
    headRepo: FORK_REPO
  })
}

/** A CLA App's status on the agent's head: the fork's author has not signed. */
function claFails(state: 'failure' | 'pending' = 'failure'): void {
  sim.github.addStatus(REPO, HEAD_1, {
    state,
    context: CLA,
    description: 'Contributor License Agreement is not signed yet.',
    creator: 'cla-assistant[bot]'
  })
}

describe("a pull_request_target workflow on the agent's branch, started by a fork's pull request into it", () => {
  /** The fork's pull request opened into the agent's branch ran this repository's pull_request_target workflow on HEAD_1, and it failed. */
  function targetRunFails(): void {
    sim.github.addWorkflowJob(REPO, {
      sha: HEAD_1,
      name: TARGET_CI,
      event: 'pull_request_target',
      steps: [{ name: 'Check labels', conclusion: 'failure' }],
      log: '##[group]Check labels\n##[error]The pull request into docs-agent/branch has no label'
    })
  }

  test('its workflow_run event is skipped from the payload, with no request', async () => {
    sim = await startWithAgentPull()
    targetRunFails()
    const before = mark(sim)

    const run = await wake(
      sim,
      'workflow_run',
      workflowRunPayload({ sha: HEAD_1, name: 'Labels', pulls: [], event: 'pull_request_target' })
    )

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(run.log).toContain(
      `The workflow run at ${HEAD_1.slice(0, 7)} was started by pull_request_target: no run of the agent's pull request.`
    )
    expect(githubCalls(sim, before)).toEqual([])
    expect(mintlifyCalls(sim, before)).toEqual([])
  })

  test('its failed job neither starts a round nor appears in one woken by the agent’s own checks', async () => {
    sim = await startWithAgentPull()
    targetRunFails()
    sim.github.addCheckRun(REPO, { sha: HEAD_1, name: 'Mintlify Deployment', conclusion: 'success' })

    const quiet = await suiteCompleted(sim, HEAD_1)

    expect(quiet.outputs.outcome).toBe('skipped')
    expect(quiet.log).toContain(`No check failed at ${HEAD_1.slice(0, 7)}.`)
    expect(messages(sim)).toEqual([])

    linkRotFails(sim, HEAD_1)
    const round = await suiteCompleted(sim, HEAD_1)

    expect(round.outputs.outcome).toBe('pr-opened')
    const message = only(messages(sim), 'message')
    expect(message).toContain(`Check: ${LINK_ROT}`)
    expect(message).not.toContain(TARGET_CI)
    expect(message).not.toContain('has no label')
    expect(only(stickies(sim), 'sticky comment').body).not.toContain(TARGET_CI)
  })
})

describe("a fork's pull request pushed at the agent's head commit draws a CLA App's status", () => {
  test('the failing CLA status starts no round: statuses are left out while the fork shares the head', async () => {
    sim = await startWithAgentPull()
    forkPullOn(HEAD_1)
    claFails()
    const before = mark(sim)

    const run = await wake(sim, 'status', statusPayload({ sha: HEAD_1, context: CLA }))

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(run.log).toContain(
      `Pull request #${FORK_PULL} from a fork has the same head commit ${HEAD_1.slice(0, 7)}: its commit statuses, which carry no origin, are left out; check runs count by their check suite.`
    )
    expect(run.log).toContain(`No check failed at ${HEAD_1.slice(0, 7)}.`)
    expect(githubCalls(sim, before).filter((call) => call.includes('/status'))).toEqual([])
    expect(mintlifyCalls(sim, before)).toEqual([])
    expect(messages(sim)).toEqual([])
    expect(stickies(sim)).toEqual([])
  })

  test("a pending CLA status does not stall the round the agent's own failure gets, and is not in it", async () => {
    sim = await startWithAgentPull()
    forkPullOn(HEAD_1)
    claFails('pending')
    linkRotFails(sim, HEAD_1)
    const before = mark(sim)

    // Mintlify's suite names the agent's pull request: the look-up for a fork on its head is one request more.
    const run = await suiteCompleted(sim, HEAD_1, { timeout: '20s', 'poll-interval': '1s' })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.log).not.toContain('Waiting for the checks')
    const calls = githubCalls(sim, before)
    expect(calls.filter((call) => call.endsWith('/pulls'))).toEqual([`GET /commits/${HEAD_1}/pulls`])
    const message = only(messages(sim), 'message')
    expect(message).toContain(`Check: ${LINK_ROT}`)
    expect(message).not.toContain(CLA)
  })

  test("the same CLA failure counts on the agent's pull request when no fork shares its head", async () => {
    sim = await startWithAgentPull()
    claFails()

    const run = await wake(sim, 'status', statusPayload({ sha: HEAD_1, context: CLA }))

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(only(messages(sim), 'message')).toContain(`Check: ${CLA}`)
    expect(only(stickies(sim), 'sticky comment').body).toContain(`\`${CLA}\` failed`)
  })
})
