/**
 * The two static export workflows of docs/static-export.md, tested as written: each is valid against the
 * workflow schema (action-validator), its event, permissions and `with:` inputs are used as they stand, the
 * run leaves the file its next step uploads, and that step reads the outputs through `env:` only.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { validateWorkflow } from '@action-validator/core'
import { stringify } from 'yaml'
import { startSimulator, type Simulator } from '../../simulator/index.js'
import { webhookExample } from '../fixtures/webhook-payloads.js'
import { actionRun, pageWorkflows, type Workflow, workflowNamed } from './readme-helpers.js'
import { fileSha256, filesBeside } from './static-export-helpers.js'
import { runOn } from './triggers/helpers.js'

const PAGE = 'docs/static-export.md'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
  sim.staticExports.defaultScript = { queuedMs: 50, runningMs: 300 }
})
afterEach(async () => {
  await sim.close()
})

/** The steps after the action's, as the page shows them. */
function laterSteps(workflow: Workflow): { uses?: string; run?: string; env?: Record<string, string>; with?: Record<string, unknown> }[] {
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps) as { uses?: string; run?: string; env?: Record<string, string> }[]
  return steps.slice(steps.findIndex((step) => step.uses?.startsWith('your-org/docs-agent-action/')) + 1)
}

test('docs/static-export.md holds exactly the workflows tested below, each valid against the workflow schema', () => {
  const workflows = pageWorkflows(PAGE)
  expect(workflows.map((workflow) => workflow.name)).toEqual(['Attach the static docs to the release', 'Static docs bundle'])
  for (const workflow of workflows) {
    const problems = validateWorkflow(stringify(workflow)).errors.map((error) => error.title)
    expect({ name: workflow.name, problems }).toEqual({ name: workflow.name, problems: [] })
  }
})

describe('attach the static docs to the release', () => {
  const workflow = workflowNamed(PAGE, 'Attach the static docs to the release')

  test('a published release exports once, leaves the file and its SHA-256 for the upload step', async () => {
    expect(workflow.on).toEqual({ release: { types: ['published'] } })
    expect(workflow.permissions).toEqual({ contents: 'write' })

    const run = await runOn(
      sim,
      'release',
      webhookExample('release', (p) => p.action === 'published'),
      actionRun(workflow, sim)
    )
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ outcome: 'exported', file: 'docs-static.tar.gz' })
    expect(run.outputs.sha256).toBe(fileSha256(run, 'docs-static.tar.gz'))
    expect(filesBeside(run, 'docs-static.tar.gz')).toContain('docs-static.tar.gz')
    expect(sim.mintlifyRequests().filter((request) => request.path === `/v1/static-export/${sim.projectId}/jobs`)).toHaveLength(1)
  })

  test('uploads with gh release upload, the tag, file and checksum through env:, no expression in the script', () => {
    const [upload] = laterSteps(workflow)
    expect(upload?.env).toEqual({
      GH_TOKEN: '${{ github.token }}',
      TAG: '${{ github.event.release.tag_name }}',
      FILE: '${{ steps.export.outputs.file }}',
      SHA256: '${{ steps.export.outputs.sha256 }}'
    })
    expect(upload?.run).toContain('gh release upload "$TAG" "$FILE"')
    expect(upload?.run).not.toContain('${{')
  })
})

describe('keep a bundle as a workflow artifact', () => {
  const workflow = workflowNamed(PAGE, 'Static docs bundle')

  test('a scheduled run exports the bundle that upload-artifact picks up from the file output', async () => {
    expect(workflow.permissions).toEqual({ contents: 'read' })
    const [upload] = laterSteps(workflow)
    expect(upload).toMatchObject({ uses: 'actions/upload-artifact@v4', with: { path: '${{ steps.export.outputs.file }}' } })

    const run = await runOn(sim, 'schedule', { schedule: '0 6 * * 1' }, actionRun(workflow, sim))
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ outcome: 'exported', file: 'docs-static-export.tar.gz' })
    expect(filesBeside(run, 'docs-static-export.tar.gz')).toContain('docs-static-export.tar.gz')
  })
})
