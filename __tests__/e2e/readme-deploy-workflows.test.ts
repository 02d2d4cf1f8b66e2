/**
 * The deployment workflows, tested as written: each is read from docs/deployments.md, its event,
 * permissions and `with:` inputs used as they stand, and the run must do what the page promises.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { PULL, pullRequestOpened, PUSH_SHA, pushPayload, REPO } from '../fixtures/webhook-payloads.js'
import type { Simulator } from '../../simulator/index.js'
import { at, only } from '../expect-helpers.js'
import { actionRun, pageWorkflows, workflowNamed } from './readme-helpers.js'
import { ownComments, runOn, startHelloWorld } from './triggers/helpers.js'

/** A real example payload of another event than the helpers cover, as GitHub sends it. */
function example(event: string, action: string): Record<string, unknown> {
  const index = JSON.parse(
    readFileSync(join(PROJECT_ROOT, 'node_modules/@octokit/webhooks-examples/api.github.com/index.json'), 'utf8')
  ) as { name: string; examples: Record<string, unknown>[] }[]
  const payload = index.find((entry) => entry.name === event)?.examples.find((p) => p.action === action)
  if (!payload) throw new Error(`no ${event} ${action} example`)
  return structuredClone(payload)
}

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
  // Quick builds: the page's timeouts stand, the simulator's deployments take a quarter of a second.
  sim.deployments.defaultScript = { queuedMs: 50, inProgressMs: 200 }
})
afterEach(async () => {
  await sim.close()
})

test('docs/deployments.md holds exactly the workflows tested below, none left untested', () => {
  expect(pageWorkflows('docs/deployments.md').map((workflow) => workflow.name)).toEqual([
    'Redeploy the docs when the API ships',
    'Docs preview',
    'Docs automation on merge',
    'Docs webhook automation'
  ])
})

describe('docs/deployments.md: redeploy the docs when the API ships', () => {
  test('a published release deploys once, records the docs environment and ends deployed with the site', async () => {
    const workflow = workflowNamed('docs/deployments.md', 'Redeploy the docs when the API ships')
    expect(workflow.on).toEqual({ release: { types: ['published'] }, repository_dispatch: { types: ['api-released'] } })
    expect(workflow.permissions).toEqual({ contents: 'read', deployments: 'write' })

    const run = await runOn(sim, 'release', example('release', 'published'), actionRun(workflow, sim))
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('deployed')
    expect(run.outputs['docs-url']).toBe(`https://${sim.deployments.subdomain}.mintlify.site`)
    expect(sim.mintlifyRequests().filter((r) => r.method === 'POST')).toHaveLength(1)
    const deployment = only(sim.github.deployments(REPO), 'GitHub deployment')
    expect(deployment).toMatchObject({ environment: 'docs', production_environment: true, transient_environment: false })
    expect(deployment.statuses.map((status) => status.state)).toEqual(['in_progress', 'success'])
    expect(at(deployment.statuses, 1, 'success status').environment_url).toBe(`https://${sim.deployments.subdomain}.mintlify.site`)
  })

  test('a repository_dispatch from the release pipeline deploys the same way', async () => {
    const workflow = workflowNamed('docs/deployments.md', 'Redeploy the docs when the API ships')
    const payload = { ...example('repository_dispatch', 'on-demand-test'), action: 'api-released' }
    const run = await runOn(sim, 'repository_dispatch', payload, actionRun(workflow, sim))
    expect(run.outputs.outcome).toBe('deployed')
    expect(sim.deployments.list().map((d) => d.kind)).toEqual(['deploy'])
  })
})

describe('docs/deployments.md: preview every docs branch', () => {
  test('a push to a docs branch previews it, comments on its pull request with the changed pages, and records docs-preview', async () => {
    const workflow = workflowNamed('docs/deployments.md', 'Docs preview')
    expect(workflow.on).toEqual({ push: { 'branches-ignore': ['main'], paths: ['docs/**'] } })
    expect(workflow).toHaveProperty('concurrency.cancel-in-progress', true)
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write', deployments: 'write' })

    sim.github.linkCommit(REPO, PUSH_SHA, [PULL])
    sim.github.setPullFiles(REPO, PULL, [
      { filename: 'docs/quickstart.mdx', status: 'modified' },
      { filename: 'docs/api/limits.mdx', status: 'added' },
      { filename: 'src/index.ts', status: 'modified' }
    ])
    const push = { ...pushPayload(), ref: 'refs/heads/docs-rate-limits' }
    const run = await runOn(sim, 'push', push, actionRun(workflow, sim))
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('deployed')
    expect(run.outputs['preview-url']).toBe(`https://${sim.deployments.subdomain}-docs-rate-limits.mintlify.site`)
    const comment = only(ownComments(sim, PULL), 'preview comment')
    expect(comment.body).toContain('is ready')
    expect(comment.body).toContain(`https://${sim.deployments.subdomain}-docs-rate-limits.mintlify.site/quickstart`)
    expect(comment.body).toContain(`https://${sim.deployments.subdomain}-docs-rate-limits.mintlify.site/api/limits`)
    expect(comment.body).not.toContain('src/index')
    const deployment = only(sim.github.deployments(REPO), 'GitHub deployment')
    expect(deployment).toMatchObject({ sha: PUSH_SHA, environment: 'docs-preview', transient_environment: true })
    expect(deployment.statuses.map((status) => status.state)).toEqual(['in_progress', 'success'])
  })

  test('the deployment branch itself is not previewed: main is ignored by the workflow', () => {
    const workflow = workflowNamed('docs/deployments.md', 'Docs preview')
    expect((workflow.on.push as { 'branches-ignore': string[] })['branches-ignore']).toContain(sim.deployments.deploymentBranch)
  })
})

describe('docs/deployments.md: run an automation on merge', () => {
  test('a merged pull request runs the automation once and ends started with its run id', async () => {
    const workflow = workflowNamed('docs/deployments.md', 'Docs automation on merge')
    // On the default branch, where an environment limited to it admits the run.
    expect(workflow.on).toEqual({ pull_request_target: { types: ['closed'], branches: ['main'] } })
    expect(at(Object.values(workflow.jobs), 0, 'job').if).toBe('github.event.pull_request.merged == true')
    expect(workflow.permissions).toEqual({ contents: 'read' })

    const automation = sim.deployments.addAutomation()
    const merged = { ...pullRequestOpened(), action: 'closed' }
    const stepRun = actionRun(workflow, sim, {}, { 'vars.MINTLIFY_AUTOMATION_ID': automation.id })
    const run = await runOn(sim, 'pull_request_target', merged, stepRun)
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('started')
    expect(run.outputs['automation-run']).toBe(only(automation.runs, 'automation run').instanceId)
    expect(run.log).toContain('Automations page of the Mintlify dashboard')
  })
})

describe('docs/deployments.md: an automation with a webhook trigger', () => {
  test('a manual dispatch queues the webhook run once, with runId as automation-run and job-id empty', async () => {
    const workflow = workflowNamed('docs/deployments.md', 'Docs webhook automation')
    expect(workflow.permissions).toEqual({ contents: 'read' })

    const automation = sim.deployments.addAutomation({ webhook: true })
    const stepRun = actionRun(workflow, sim, {}, { 'vars.MINTLIFY_WEBHOOK_AUTOMATION_ID': automation.id })
    const run = await runOn(sim, 'workflow_dispatch', {}, stepRun)
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('started')
    expect(run.outputs['automation-run']).toBe(only(automation.runs, 'automation run').instanceId)
    expect(run.outputs['job-id']).toBe('')
    expect(sim.mintlifyRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v2/workflow/${sim.projectId}/${automation.id}/webhook`
    ])
  })
})
