/**
 * Every operation obeys the event's action and origin, end to end (DESIGN, "Who may steer the agent"): an
 * edited comment steers no preview; a fork's workflow run steers no deploy (a notice names the event,
 * nothing is requested); a workflow run that a push in this repository started still deploys ("deploy once
 * CI on main passed").
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { commentPayload, COMMENTER, PULL, REPO, webhookExample } from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { deploymentCalls, startHelloWorld } from '../deployments/helpers.js'
import { runOn } from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/**
 * The real completed workflow run of the examples, moved to Hello-World (where the run happens): started
 * by `startedBy`, its head in Hello-World or in a fork.
 */
function workflowRun(startedBy: string, head: string): Record<string, unknown> {
  const payload = webhookExample('workflow_run', (p) => p.action === 'completed')
  const run = payload.workflow_run as Record<string, unknown> & { head_repository: Record<string, unknown> }
  Object.assign(payload.repository as object, { full_name: REPO, name: 'Hello-World' })
  run.event = startedBy
  run.head_branch = 'main'
  run.head_repository.full_name = head
  return payload
}

describe('an edited comment steers nothing, whichever operation', () => {
  test('an edited /preview comment of a writer: skipped quietly, nothing triggered, nothing written', async () => {
    const payload = commentPayload(sim, { body: '/docs preview it', on: PULL, pullRequest: true, action: 'edited' })
    const before = sim.githubRequests().length
    const run = await runOn(sim, 'issue_comment', payload, { inputs: { operation: 'preview' } })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(run.log).toContain('The issue_comment event (edited) steers nothing: only a comment just written does.')
    expect(annotations(run, 'notice')).toEqual([])
    expect(sim.mintlifyRequests()).toEqual([])
    // Not even the commenter's permission is read: the action alone decides.
    expect(sim.githubRequests().slice(before)).toEqual([])
    expect(sim.github.comments(REPO, PULL).map((c) => c.user.login)).toEqual([COMMENTER])
  })
})

describe('a workflow run steers a deploy only when a push or the workflow started it in this repository', () => {
  test("a fork's workflow run under deploy: skipped with a notice naming the event, no request", async () => {
    const run = await runOn(sim, 'workflow_run', workflowRun('pull_request', 'stranger/Hello-World'), { inputs: { operation: 'deploy' } })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(annotations(run, 'notice')).toEqual([
      "The workflow_run event (a workflow run of a fork's branch) steers only the fix-checks rounds of operation job, not deploy: nothing was started."
    ])
    expect(sim.mintlifyRequests()).toEqual([])
    expect(sim.githubRequests()).toEqual([])
  })

  test('a workflow run of this repository that a pull request started: skipped the same way', async () => {
    const run = await runOn(sim, 'workflow_run', workflowRun('pull_request_target', REPO), { inputs: { operation: 'deploy' } })

    expect(run.outputs.outcome).toBe('skipped')
    expect(annotations(run, 'notice')).toEqual([expect.stringContaining('a workflow run started by pull_request_target')])
    expect(sim.mintlifyRequests()).toEqual([])
  })

  test('a workflow run a push to this repository started: it still deploys', async () => {
    const run = await runOn(sim, 'workflow_run', workflowRun('push', REPO), { inputs: { operation: 'deploy' } })

    expect(run.outputs.outcome).toBe('deployed')
    expect(deploymentCalls(sim)[0]).toBe('POST /update')
  })
})

describe('any other event is steered by its sender, judged by min-permission like a commenter', () => {
  /** The real `watch` (star) event, sent by `login`. */
  function starredBy(login: string): Record<string, unknown> {
    const payload = webhookExample('watch', () => true)
    Object.assign(payload.sender as object, { login, type: 'User' })
    return payload
  }

  test('a writer who starred the repository steers a job: their role is read, then the job runs', async () => {
    const run = await runOn(sim, 'watch', starredBy(COMMENTER), { inputs: { prompt: 'Thank the stargazer in the docs.' } })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(sim.githubRequests().filter((r) => r.path.endsWith(`/collaborators/${COMMENTER}/permission`))).toHaveLength(1)
  })

  test('a stranger who starred it steers nothing: one role read, no request to the docs API', async () => {
    const run = await runOn(sim, 'watch', starredBy('stranger'), { inputs: { prompt: 'Thank the stargazer in the docs.' } })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(sim.mintlifyRequests()).toEqual([])
    expect(sim.githubRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v3/repos/${REPO}/collaborators/stranger/permission`
    ])
  })
})
