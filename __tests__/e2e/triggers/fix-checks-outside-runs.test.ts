/**
 * Runs on the agent's head commit that are not its pull request's (DESIGN "When the agent's pull request fails
 * its checks", "Which checks count"): a fork's pull request opened into the agent's branch runs this
 * repository's `pull_request_target` workflows on the agent's head, and a fork's pull request pushed at the
 * agent's head commit draws other Apps' commit statuses (a CLA check). Neither starts, stalls or appears in a
 * round.
 */
import { afterEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { only } from '../../expect-helpers.js'
import { FORK_REPO, REPO, statusPayload, workflowRunPayload } from '../../fixtures/webhook-payloads.js'
import { HEAD_1, LINK_ROT, linkRotFails, messages, startWithAgentPull, stickies, suiteCompleted, wake } from './fix-checks-helpers.js'
import { githubCalls, type Mark, mark, mintlifyCalls } from './helpers.js'

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

/**
 * A commit status carries no origin: a CLA App answers a fork's pull request on the agent's head commit, and
 * its status outlives that pull request (closed, or moved on to another commit). So statuses count only for
 * the contexts fix-checks-statuses names, whatever is open on the head when a run looks.
 */
describe("a CLA App's status on the agent's head commit, drawn by a fork's pull request", () => {
  const OTHER_HEAD = 'd4'.repeat(20)

  /** What a run must not do for a status fix-checks-statuses does not name: read the statuses, send, or comment. */
  function expectUntouched(run: ActionRun, before: Mark): void {
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(run.log).toContain(`No check failed at ${HEAD_1.slice(0, 7)}.`)
    expect(githubCalls(sim, before).filter((call) => call.includes('/status'))).toEqual([])
    expect(mintlifyCalls(sim, before)).toEqual([])
    expect(messages(sim)).toEqual([])
    expect(stickies(sim)).toEqual([])
  }

  test('its failure starts no round after the fork closed its pull request', async () => {
    sim = await startWithAgentPull()
    forkPullOn(HEAD_1)
    claFails()
    sim.github.closePull(REPO, FORK_PULL)
    const before = mark(sim)

    expectUntouched(await wake(sim, 'status', statusPayload({ sha: HEAD_1, context: CLA })), before)
  })

  test('its failure starts no round after the fork pushed another commit to its pull request', async () => {
    sim = await startWithAgentPull()
    forkPullOn(HEAD_1)
    claFails()
    sim.github.pushToPull(REPO, FORK_PULL, OTHER_HEAD)
    const before = mark(sim)

    expectUntouched(await wake(sim, 'status', statusPayload({ sha: HEAD_1, context: CLA })), before)
  })

  test("its failure is not in the round of a run that waited on the agent's own check while the fork opened its pull request", async () => {
    // The fake GitHub's clock, which completes the link-rot check: moved on by the second read of the check runs.
    let ahead = 0
    sim = await startWithAgentPull({ now: () => Date.now() + ahead })
    linkRotFails(sim, HEAD_1, 1, { completesAfterSeconds: 600 })
    let reads = 0
    sim.route('GET', /\/commits\/[0-9a-f]{40}\/check-runs$/, () => {
      reads++
      // While the run waits: the fork opens its pull request at the agent's head, and the CLA App answers it.
      if (reads === 1) {
        forkPullOn(HEAD_1)
        claFails()
      }
      if (reads === 2) ahead = 3_600_000
      return undefined
    })

    const run = await suiteCompleted(sim, HEAD_1, { 'fix-checks-statuses': 'ci/jenkins' })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.log).toContain('Waiting for the checks')
    expect(reads).toBeGreaterThanOrEqual(2)
    const message = only(messages(sim), 'message')
    expect(message).toContain(`Check: ${LINK_ROT}`)
    expect(message).not.toContain(CLA)
    expect(only(stickies(sim), 'sticky comment').body).not.toContain(CLA)
  })

  test("its pending state, left by a closed fork's pull request, stalls no run: the agent's own failure gets its round at once", async () => {
    sim = await startWithAgentPull()
    forkPullOn(HEAD_1)
    claFails('pending')
    sim.github.closePull(REPO, FORK_PULL)
    linkRotFails(sim, HEAD_1)

    const run = await suiteCompleted(sim, HEAD_1, { timeout: '5s' })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.log).not.toContain('Waiting for the checks')
    const message = only(messages(sim), 'message')
    expect(message).toContain(`Check: ${LINK_ROT}`)
    expect(message).not.toContain(CLA)
  })
})

describe('a status context fix-checks-statuses names', () => {
  const JENKINS = 'ci/jenkins'

  test('its failure starts a round, and another context beside it is not in that round', async () => {
    sim = await startWithAgentPull()
    claFails()
    sim.github.addStatus(REPO, HEAD_1, { state: 'failure', context: JENKINS, description: 'Build 12 failed', creator: 'jenkins' })

    const run = await wake(sim, 'status', statusPayload({ sha: HEAD_1, context: JENKINS }), {
      'fix-checks-statuses': `${JENKINS}\nci/other`
    })

    expect(run.outputs.outcome).toBe('pr-opened')
    const message = only(messages(sim), 'message')
    expect(message).toContain(`Check: ${JENKINS}`)
    expect(message).not.toContain(CLA)
    expect(only(stickies(sim), 'sticky comment').body).toContain(`\`${JENKINS}\` failed`)
  })

  test('its pending state is waited on until the deadline, naming it', async () => {
    sim = await startWithAgentPull()
    linkRotFails(sim, HEAD_1)
    sim.github.addStatus(REPO, HEAD_1, { state: 'pending', context: JENKINS, description: 'Build 12 running', creator: 'jenkins' })

    const run = await suiteCompleted(sim, HEAD_1, { 'fix-checks-statuses': JENKINS, timeout: '1s' })

    expect(run.outputs.outcome).toBe('skipped')
    expect(run.log).toContain(`Checks still running at the deadline: ${JENKINS}.`)
    expect(messages(sim)).toEqual([])
  })
})
