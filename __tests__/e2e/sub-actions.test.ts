/**
 * Each sub-action end to end through its own action.yml (DESIGN: "One action per job: the sub-actions"):
 * the workflow its README shows, its step's `with:` as written, the rest that folder's defaults as the
 * runner fills them, run by its dist/ entry against the simulator. Its outputs are only those its
 * action.yml declares; an input it does not declare changes nothing and is said once.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import type { Simulator } from '../../simulator/index.js'
import type { SubActionName } from '../../src/sub-action-names.js'
import { declaredInputs, SUB_ACTIONS } from '../../src/sub-actions.js'
import { GitSite, twoLanguageDocsJson } from '../fixtures/git-site.js'
import {
  checkSuitePayload,
  COMMENTER,
  commentPayload,
  PULL,
  PULL_HEAD_SHA,
  pullRequestOpened,
  PUSH_SHA,
  pushPayload,
  REPO,
  REPO_URL,
  schedulePayload,
  webhookExample
} from '../fixtures/webhook-payloads.js'
import { annotations, output } from './harness.js'
import { actionRun, gateRun, pageWorkflows, type Workflow } from './readme-helpers.js'
import { runOn, startHelloWorld } from './triggers/helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.deployments.defaultScript = { queuedMs: 50, inProgressMs: 200 }
})
afterEach(async () => {
  await sim.close()
})

/** The one workflow of `name/README.md`. */
function readmeWorkflow(name: SubActionName): Workflow {
  const [workflow] = pageWorkflows(`${name}/README.md`)
  if (!workflow) throw new Error(`${name}/README.md shows no workflow`)
  return workflow
}

/** A data window from 60 days ago to tomorrow, so the READMEs' relative ranges find data. */
function dataAroundToday(): { from: string; to: string } {
  const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  return { from: day(-60), to: day(2) }
}

/** A code pull request whose changed file the docs check's paths count. */
function codePullOpened(): unknown {
  const number = 7
  sim.github.addIssue(REPO, {
    number,
    title: 'Raise the rate limits',
    user: COMMENTER,
    pullRequest: true,
    headRef: 'limits',
    headSha: PULL_HEAD_SHA,
    files: ['src/limits.ts']
  })
  const payload = pullRequestOpened()
  payload.number = number
  Object.assign(payload.pull_request, { number, html_url: `${REPO_URL}/pull/${number}` })
  return payload
}

/** Each sub-action's run: its README's event, what the simulator needs for it, the outcome it ends with. */
const CASES: Record<
  SubActionName,
  () => Promise<{
    event: string
    payload: unknown
    expressions?: Record<string, string>
    outcome: string
    prepare?: (workspace: string) => void
  }>
> = {
  agent: () => Promise.resolve({ event: 'push', payload: pushPayload(), outcome: 'pr-opened' }),
  message: async () => {
    const first = await runOn(sim, 'push', pushPayload(), actionRun(readmeWorkflow('agent'), sim))
    const expressions = { 'inputs.job-id': output(first, 'job-id'), 'inputs.prompt': 'Add an example.' }
    return { event: 'workflow_dispatch', payload: {}, expressions, outcome: 'pr-opened' }
  },
  'docs-check': () => Promise.resolve({ event: 'pull_request_target', payload: codePullOpened(), outcome: 'pr-opened' }),
  // A suite on a head that is no agent pull request's: nothing to hand back.
  'fix-checks': () => Promise.resolve({ event: 'check_suite', payload: checkSuitePayload(), outcome: 'skipped' }),
  analytics: () => {
    sim.analytics.setData({ paths: 60, ...dataAroundToday() })
    return Promise.resolve({ event: 'schedule', payload: schedulePayload(), outcome: 'exported' })
  },
  report: () => {
    sim.analytics.setData({ paths: 60, ...dataAroundToday() })
    return Promise.resolve({ event: 'schedule', payload: schedulePayload(), outcome: 'reported' })
  },
  improve: () => {
    sim.analytics.setData({ paths: 60, ...dataAroundToday() })
    sim.analytics.plantThumbsDown('/docs/page-000002', 5)
    return Promise.resolve({ event: 'schedule', payload: schedulePayload(), outcome: 'pr-opened' })
  },
  deploy: () =>
    Promise.resolve({ event: 'release', payload: webhookExample('release', (p) => p.action === 'published'), outcome: 'deployed' }),
  preview: () => {
    sim.github.linkCommit(REPO, PUSH_SHA, [PULL])
    return Promise.resolve({ event: 'push', payload: { ...pushPayload(), ref: 'refs/heads/docs-rate-limits' }, outcome: 'deployed' })
  },
  automation: () => {
    const automation = sim.deployments.addAutomation()
    return Promise.resolve({
      event: 'workflow_dispatch',
      payload: {},
      expressions: { 'vars.MINTLIFY_AUTOMATION_ID': automation.id },
      outcome: 'started'
    })
  },
  'static-export': () => Promise.resolve({ event: 'workflow_dispatch', payload: {}, outcome: 'exported' }),
  sweep: () => Promise.resolve({ event: 'schedule', payload: schedulePayload(), outcome: 'swept' }),
  // The weekly report, from the checkout's history: no key needed, no request sent.
  translations: () =>
    Promise.resolve({
      event: 'schedule',
      payload: schedulePayload(),
      expressions: { 'inputs.translate': '' },
      outcome: 'reported',
      prepare: (workspace: string) =>
        void new GitSite(workspace).change({ 'docs.json': twoLanguageDocsJson(['a'], ['fr/a']), 'a.mdx': '# A\n' }, 'English')
    }),
  gate: () =>
    Promise.resolve({
      event: 'issue_comment',
      payload: commentPayload(sim, { body: '/docs Add an example', on: PULL, pullRequest: true }),
      outcome: 'skipped'
    })
}

/** The declared list of `name/action.yml`, read as the runner reads it. */
function declaredOutputs(name: SubActionName): string[] {
  const text = readFileSync(join(PROJECT_ROOT, name, 'action.yml'), 'utf8')
  return [...(text.split('\noutputs:\n')[1]?.split('\nruns:')[0] ?? '').matchAll(/^ {2}([\w-]+):$/gm)].map((match) => match[1] ?? '')
}

describe('each sub-action, through its own action.yml', () => {
  test.each(Object.keys(CASES) as SubActionName[])('%s/ runs its README’s workflow and sets only the outputs it declares', async (name) => {
    const { event, payload, expressions = {}, outcome, prepare } = await CASES[name]()
    // gate/'s README shows the gate job in front of an agent/ job: its step is the gate's.
    const step = name === 'gate' ? gateRun(readmeWorkflow(name), sim) : actionRun(readmeWorkflow(name), sim, {}, expressions)
    expect(step.action).toBe(name)
    const run = await runOn(sim, event, payload, { ...step, prepare })
    expect([run.exitCode, run.outputs.outcome, run.outputs['failure-reason']]).toEqual([0, outcome, ''])
    const set = Object.entries(run.outputs)
      .filter(([, value]) => value !== '')
      .map(([key]) => key)
    expect(set.filter((key) => !declaredOutputs(name).includes(key))).toEqual([])
    // It was given only what it declares: no input of it was ignored.
    expect(annotations(run, 'warning').filter((warning) => warning.includes('is not an input of'))).toEqual([])
    if (name === 'gate') expect(run.outputs.steer).toBe('true')
    if (name === 'docs-check') expect(run.outputs['docs-state']).toBe('success')
  })
})

describe('an input a sub-action does not declare', () => {
  test('operation: gate given to agent/ changes nothing: it still needs api-key', async () => {
    const run = await runOn(sim, 'push', pushPayload(), { action: 'agent', inputs: { operation: 'gate', 'api-key': '' } })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.outcome).toBe('failed')
    expect(run.outputs['failure-reason']).toMatch(/^Input 'api-key' is empty/)
    expect(annotations(run, 'warning')).toContain(
      `Input 'operation' is not an input of agent/ and is ignored: agent/ takes ${declaredInputs('agent').join(', ')}.`
    )
    expect(sim.mintlifyRequests()).toEqual([])
  })

  test('export-domain given to docs-check/ changes nothing and is said once', async () => {
    const plain = await runOn(sim, 'pull_request_target', codePullOpened(), actionRun(readmeWorkflow('docs-check'), sim))
    const jobsBefore = sim.jobs.size
    await sim.close()
    sim = await startHelloWorld()
    const step = actionRun(readmeWorkflow('docs-check'), sim)
    const given = await runOn(sim, 'pull_request_target', codePullOpened(), {
      ...step,
      inputs: { ...step.inputs, 'export-domain': 'docs.example.com' }
    })
    expect([given.exitCode, given.outputs.outcome, given.outputs['docs-state']]).toEqual([
      plain.exitCode,
      plain.outputs.outcome,
      plain.outputs['docs-state']
    ])
    expect(sim.jobs.size).toBe(jobsBefore)
    const ignored = annotations(given, 'warning').filter((warning) => warning.includes('export-domain'))
    expect(ignored).toEqual([
      `Input 'export-domain' is not an input of docs-check/ and is ignored: docs-check/ takes ${declaredInputs('docs-check').join(', ')}.`
    ])
    expect(SUB_ACTIONS['docs-check'].inputs).not.toHaveProperty('export-domain')
  })
})
