/**
 * `environment`: the GitHub deployment that makes the pull request show "View deployment". Created for the
 * commit the event names, transient for previews and production for deploys, then given statuses as the
 * run goes (in_progress with the run as its log, then success with the site, failure or error). GitHub
 * trouble here is one warning; the result stands.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { commentPayload, PUSH_SHA, REPO } from '../../fixtures/webhook-payloads.js'
import type { SimGitHubDeploymentStatus, Simulator } from '../../../simulator/index.js'
import { at } from '../../expect-helpers.js'
import { annotations, expectFailedWith } from '../harness.js'
import { runOn } from '../triggers/helpers.js'
import {
  GITHUB_SHA,
  onlyDeployment,
  PULL_HEAD_SHA,
  previewComments,
  previewUrlOf,
  PULL_BRANCH,
  RUN_URL,
  runDeploy,
  runPreviewOnPull,
  statusPolls,
  runPreviewOnPush,
  SITE_URL,
  startHelloWorld
} from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** A status as a reader of the environments page sees it. */
const statusOf = (status: SimGitHubDeploymentStatus): Partial<SimGitHubDeploymentStatus> => ({
  state: status.state,
  log_url: status.log_url,
  environment_url: status.environment_url
})

describe('a preview recorded in an environment', () => {
  test('is a transient deployment of the pull request head, in progress with the run as its log, then success at the preview URL', async () => {
    const run = await runPreviewOnPull(sim, { environment: 'docs-preview' })

    expect(run.outputs.outcome).toBe('deployed')
    const deployment = onlyDeployment(sim)
    expect(deployment).toMatchObject({
      sha: PULL_HEAD_SHA,
      ref: PULL_HEAD_SHA,
      environment: 'docs-preview',
      transient_environment: true,
      production_environment: false,
      required_contexts: [],
      auto_merge: false,
      creator: sim.github.identity
    })
    expect(deployment.description).toContain(PULL_BRANCH)
    expect(deployment.statuses.map(statusOf)).toEqual([
      { state: 'in_progress', log_url: RUN_URL, environment_url: '' },
      { state: 'success', log_url: RUN_URL, environment_url: previewUrlOf(PULL_BRANCH) }
    ])
    // The environment said in progress while Mintlify was still building, not afterwards: before the first
    // status read, so before the action could have seen the build end, at any speed of the machine.
    const inProgress = at(
      sim.githubRequests().filter((r) => r.method === 'POST' && r.path.endsWith('/statuses')),
      0,
      'in_progress status'
    )
    expect(inProgress.at).toBeLessThanOrEqual(at(statusPolls(sim), 0, 'first status read').at)
    expect(previewComments(sim)).toHaveLength(1)
  })

  test('on a push, is a deployment of the pushed commit', async () => {
    const run = await runPreviewOnPush(sim, { environment: 'docs-preview' })

    expect(run.outputs.outcome).toBe('deployed')
    expect(onlyDeployment(sim)).toMatchObject({ sha: PUSH_SHA, transient_environment: true })
    expect(onlyDeployment(sim).statuses.map((s) => s.environment_url)).toEqual(['', previewUrlOf('master')])
  })

  test('under a comment on a pull request, is a deployment of the head read from GitHub', async () => {
    const head = 'fee1dead'.repeat(5)
    sim.github.addIssue(REPO, { number: 5, title: 'Docs for billing', pullRequest: true, headRef: 'docs/billing', headSha: head })
    const payload = commentPayload(sim, { body: 'preview', on: 5, pullRequest: true })
    const run = await runOn(sim, 'issue_comment', payload, { inputs: { operation: 'preview', environment: 'docs-preview' } })

    expect(run.outputs.outcome).toBe('deployed')
    expect(onlyDeployment(sim)).toMatchObject({ sha: head, environment: 'docs-preview' })
    expect(onlyDeployment(sim).statuses.map((s) => s.state)).toEqual(['in_progress', 'success'])
  })

  test('a failed build leaves the deployment at failure', async () => {
    sim.deployments.scriptNext({ outcome: 'failure' })
    const run = await runPreviewOnPull(sim, { environment: 'docs-preview' })

    expect(run.outputs.outcome).toBe('failed')
    expect(onlyDeployment(sim).statuses.map(statusOf)).toEqual([
      { state: 'in_progress', log_url: RUN_URL, environment_url: '' },
      { state: 'failure', log_url: RUN_URL, environment_url: '' }
    ])
  })
})

describe('a deploy recorded in an environment', () => {
  test('is a production deployment of GITHUB_SHA, ending in success at the site URL', async () => {
    const run = await runDeploy(sim, { environment: 'docs' })

    expect(run.outputs.outcome).toBe('deployed')
    expect(onlyDeployment(sim)).toMatchObject({
      sha: GITHUB_SHA,
      environment: 'docs',
      transient_environment: false,
      production_environment: true,
      required_contexts: [],
      auto_merge: false
    })
    expect(onlyDeployment(sim).statuses.map(statusOf)).toEqual([
      { state: 'in_progress', log_url: RUN_URL, environment_url: '' },
      { state: 'success', log_url: RUN_URL, environment_url: SITE_URL }
    ])
  })

  test('on a push, is a deployment of the pushed commit', async () => {
    const run = await runOn(
      sim,
      'push',
      { ref: 'refs/heads/main', after: PUSH_SHA },
      { inputs: { operation: 'deploy', environment: 'docs' } }
    )

    expect(run.outputs.outcome).toBe('deployed')
    expect(onlyDeployment(sim).sha).toBe(PUSH_SHA)
  })

  test('a timeout leaves the deployment at error, since the build may still succeed', async () => {
    sim.deployments.scriptNext({ outcome: 'never', queuedMs: 0 })
    const run = await runDeploy(sim, { environment: 'docs', timeout: '1500ms' })

    expect(run.outputs.outcome).toBe('timed-out')
    expect(onlyDeployment(sim).statuses.map((s) => s.state)).toEqual(['in_progress', 'error'])
    // The status last read, or `running` where the timeout came before the first read (a loaded machine).
    expect(onlyDeployment(sim).statuses[1]?.description).toMatch(
      /^The deployment was still (?:in_progress|running) after the 1\.5s timeout/
    )
  })

  test('a refused trigger leaves the deployment at error, and the trigger is sent once', async () => {
    sim.injectFault({ route: 'deploy', status: 500 })
    const run = await runDeploy(sim, { environment: 'docs' })

    expectFailedWith(run, 'failed', /^Could not trigger the deployment: HTTP 500/)
    expect(onlyDeployment(sim).statuses.map((s) => s.state)).toEqual(['in_progress', 'error'])
  })

  test('wait: false leaves the deployment in progress: the run does not know more', async () => {
    const run = await runDeploy(sim, { environment: 'docs', wait: 'false' })

    expect(run.outputs.outcome).toBe('started')
    expect(onlyDeployment(sim).statuses.map((s) => s.state)).toEqual(['in_progress'])
  })
})

describe('GitHub trouble with the environment', () => {
  test('a token without deployments permission is one warning, and the deploy still succeeds', async () => {
    sim.github.forbid('deployments')
    const run = await runDeploy(sim, { environment: 'docs' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('deployed')
    expect(sim.github.deployments(REPO)).toEqual([])
    expect(annotations(run, 'warning')).toEqual([
      expect.stringMatching(
        /^Could not create a deployment in environment docs: HTTP 403.*deployments: write.*The deployment is not shown in the GitHub environment docs; the run goes on\.$/
      )
    ])
  })

  test('a failed status update is one warning, and the preview result stands', async () => {
    sim.injectFault({ route: 'github-deployment-status', status: 500, skip: 1 })
    const run = await runPreviewOnPull(sim, { environment: 'docs-preview' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('deployed')
    expect(onlyDeployment(sim).statuses.map((s) => s.state)).toEqual(['in_progress'])
    expect(annotations(run, 'warning')).toEqual([
      expect.stringMatching(
        /^Could not set the status of deployment \d+ to success: HTTP 500.*The GitHub environment docs-preview may not show this run's result\.$/
      )
    ])
  })

  test('a failed creation is one warning, no status is set, and the preview result stands', async () => {
    sim.injectFault({ route: 'github-deployment-create', status: 502 })
    const run = await runPreviewOnPull(sim, { environment: 'docs-preview' })

    expect(run.outputs.outcome).toBe('deployed')
    expect(sim.github.deployments(REPO)).toEqual([])
    expect(sim.githubRequests().filter((r) => r.path.includes('/statuses'))).toEqual([])
    expect(annotations(run, 'warning')).toHaveLength(1)
  })
})
