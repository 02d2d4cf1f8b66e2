/**
 * A workflow cancelled while a deploy or preview is waited on: the run stops within 5 s, says the
 * deployment continues at Mintlify, marks the GitHub deployment `error` and the preview comment cancelled.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { only } from '../../expect-helpers.js'
import { expectFailedWith } from '../harness.js'
import { plainText } from '../triggers/helpers.js'
import {
  onlyDeployment,
  PULL_BRANCH,
  previewComments,
  previewUrlOf,
  runDeploy,
  runPreviewOnPull,
  startHelloWorld,
  triggers
} from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** Slow polling and a long timeout, so a cancelled wait is told from a finished or timed-out one. */
const WAITING = { 'poll-interval': '10s', timeout: '5m' }
const WHILE_WAITING = { cancelWhenLogHas: '::group::Waiting for deployment' }

describe('cancelled while waiting', () => {
  test.each(['SIGINT', 'SIGTERM'] as const)(
    'a deploy with an environment (%s): cancelled within 5 s, the environment at error',
    async (signal) => {
      sim.deployments.scriptNext({ outcome: 'never' })
      const run = await runDeploy(sim, { ...WAITING, environment: 'docs' }, { ...WHILE_WAITING, cancelSignal: signal })

      const statusId = only(sim.deployments.list(), 'deployment').statusId
      expectFailedWith(
        run,
        'cancelled',
        new RegExp(`^The workflow was cancelled while waiting; the deployment continues at Mintlify \\(status id ${statusId}\\)\\.$`)
      )
      expect(run.exitAfterSignalMs).not.toBeNull()
      expect(run.exitAfterSignalMs).toBeLessThan(5000)
      expect(run.outputs['status-id']).toBe(statusId)
      expect(onlyDeployment(sim).statuses.map((s) => s.state)).toEqual(['in_progress', 'error'])
      expect(onlyDeployment(sim).statuses[1]?.description).toMatch(/^The workflow was cancelled while waiting/)
      expect(triggers(sim)).toHaveLength(1)
    }
  )

  test('a preview on a pull request: the comment says cancelled and that the build continues, the preview URL is an output', async () => {
    sim.deployments.scriptNext({ outcome: 'never' })
    const run = await runPreviewOnPull(sim, { ...WAITING, environment: 'docs-preview' }, WHILE_WAITING)

    expect(run.outputs.outcome).toBe('cancelled')
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expect(run.outputs['preview-url']).toBe(previewUrlOf(PULL_BRANCH))
    expect(run.outputs['failure-reason']).toMatch(/the preview of branch changes continues at Mintlify/)
    const text = plainText(only(previewComments(sim), 'preview comment').body)
    expect(text).toContain(`Docs preview of \`${PULL_BRANCH}\`: the workflow was cancelled`)
    expect(text).toContain('The workflow was cancelled while waiting. The deployment continues at Mintlify')
    expect(text).not.toMatch(/is ready|is building/)
    expect(onlyDeployment(sim).statuses.map((s) => s.state)).toEqual(['in_progress', 'error'])
  })

  test('GitHub hanging on the last words does not keep the run past 5 s, and the outputs are already set', async () => {
    sim.deployments.scriptNext({ outcome: 'never' })
    // The environment's last status never gets an answer.
    sim.injectFault({ route: 'github-deployment-status', skip: 1, delayMs: 60_000 })
    const run = await runDeploy(sim, { ...WAITING, environment: 'docs' }, WHILE_WAITING)

    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expect(run.outputs.outcome).toBe('cancelled')
    expect(run.outputs['status-id']).toBe(only(sim.deployments.list()).statusId)
  })
})
