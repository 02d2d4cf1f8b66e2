/**
 * Text from outside that the action logs is one line of the log and never starts it (DESIGN "Who may
 * steer the agent", the log): a check run's name or a commit status's context written to issue workflow
 * commands (`\n::warning::…`, the older `##[…]` form) reaches the log of dist/index.js inert.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { only } from '../../expect-helpers.js'
import { checkSuitePayload, REPO, workflowDispatchPayload } from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { runOn, startHelloWorld } from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** The agent's pull request: #101, opened by job_0001 of a manual run, at HEAD. */
const AGENT_PULL = 101
const HEAD = 'a1'.repeat(20)

const HOSTILE_CHECK = 'lint\n::warning::forged by a check name\n##[error]forged in the older form'
/** A status counts only where fix-checks-statuses names its context, one a line: so its commands sit mid-line. */
const HOSTILE_CONTEXT = 'ci/netlify ::add-mask::Round ::notice::forged by a status context'

/** Whether the runner would read `line` of the step's output as a workflow command. */
function isCommand(line: string): boolean {
  return /^\s*::/.test(line) || line.includes('##[')
}

test('a check name and a status context holding workflow commands are logged on one line each, issuing none', async () => {
  await runOn(sim, 'workflow_dispatch', workflowDispatchPayload())
  sim.github.pushToPull(REPO, AGENT_PULL, HEAD)
  sim.github.addCheckRun(REPO, { sha: HEAD, name: HOSTILE_CHECK, conclusion: 'failure', title: 'lint failed' })
  sim.github.addStatus(REPO, HEAD, { state: 'failure', context: HOSTILE_CONTEXT, description: 'Deploy preview failed' })

  const run = await runOn(sim, 'check_suite', checkSuitePayload({ sha: HEAD, pulls: [{ number: AGENT_PULL }] }), {
    inputs: { prompt: '', 'fix-checks-statuses': HOSTILE_CONTEXT },
    env: { GITHUB_WORKFLOW: 'Fix checks', GITHUB_JOB: 'fix' }
  })

  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('pr-opened')
  // The round's line names both, folded into it.
  const round = only(
    run.log.split('\n').filter((line) => line.startsWith('Round 1 of ')),
    'round line'
  )
  expect(round).toContain('lint ::warning::forged by a check name ## [error]forged in the older form')
  expect(round).toContain('ci/netlify ::add-mask::Round ::notice::forged by a status context')
  // No line the action wrote is a command it did not mean: only its own group markers are.
  const commands = run.log.split('\n').filter(isCommand)
  expect(commands.filter((line) => !/^::(?:group|endgroup)::/.test(line) && !line.startsWith('::debug::'))).toEqual([])
  expect(annotations(run, 'warning')).toEqual([])
  expect(annotations(run, 'notice')).toEqual([])
  expect(run.log).not.toMatch(/^\s*::add-mask::/m)
})
