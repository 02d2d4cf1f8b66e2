/**
 * `dry-run: true` on deploy, preview and automation: the request that would be sent (with the branch and
 * the environment) is shown, and nothing is sent to Mintlify or written to GitHub.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { annotations } from '../harness.js'
import { plainText, runOn } from '../triggers/helpers.js'
import { gitHubWrites, PULL_BRANCH, runDeploy, runPreviewOnPull, startHelloWorld } from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const NOTHING_SENT = '; nothing was sent to the Mintlify API and nothing was written to GitHub.'

describe('dry-run', () => {
  test('deploy shows the POST and the environment, and sends nothing', async () => {
    const run = await runDeploy(sim, { 'dry-run': 'true', environment: 'docs' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ outcome: 'dry-run', 'status-id': '', 'docs-url': '', 'failure-reason': '' })
    const headline = `Dry run: would send POST /v1/project/update/${sim.projectId} (a deployment from the project's deployment branch), recorded in the GitHub environment docs${NOTHING_SENT}`
    expect(annotations(run, 'notice')).toEqual([headline])
    expect(plainText(run.summary)).toContain('Docs deployment (dry run)')
    expect(sim.mintlifyRequests()).toEqual([])
    expect(gitHubWrites(sim)).toEqual([])
    expect(sim.github.deployments('Codertocat/Hello-World')).toEqual([])
  })

  test('preview on a pull request shows the POST with its branch, and posts no comment', async () => {
    const run = await runPreviewOnPull(sim, { 'dry-run': 'true', environment: 'docs-preview' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ outcome: 'dry-run', 'preview-url': '', 'status-id': '' })
    expect(annotations(run, 'notice')).toEqual([
      `Dry run: would send POST /v1/project/preview/${sim.projectId} with {"branch":"${PULL_BRANCH}"} (a preview of branch ${PULL_BRANCH}), recorded in the GitHub environment docs-preview${NOTHING_SENT}`
    ])
    expect(sim.mintlifyRequests()).toEqual([])
    expect(gitHubWrites(sim)).toEqual([])
  })

  test('automation shows the POST with its id, and sends nothing', async () => {
    const automation = sim.deployments.addAutomation()
    const run = await runOn(sim, 'push', {}, { inputs: { operation: 'automation', 'automation-id': automation.id, 'dry-run': 'true' } })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ outcome: 'dry-run', 'automation-run': '', 'job-id': '' })
    expect(annotations(run, 'notice')).toEqual([
      `Dry run: would send POST /v1/workflow/${sim.projectId}/${automation.id}/trigger (a run of automation ${automation.id} now)${NOTHING_SENT}`
    ])
    expect(sim.mintlifyRequests()).toEqual([])
    expect(automation.runs).toEqual([])
  })
})
