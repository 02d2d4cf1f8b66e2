/**
 * `agent-label`: the run that introduces the agent's pull request labels it (GitHub creating the label the
 * first time), so that the weekly report finds the agent's merged work. dist/index.js against the simulator.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import type { Simulator } from '../../simulator/index.js'
import { pullRequestOpened, REPO } from '../fixtures/webhook-payloads.js'
import { annotations, expectFailedWith } from './harness.js'
import { githubCalls, runOn, startHelloWorld } from './triggers/helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

test("labels the agent's pull request docs-agent right after introducing it, creating the label", async () => {
  const run = await runOn(sim, 'pull_request', pullRequestOpened())
  expect(run.outputs.outcome).toBe('pr-opened')
  expect(sim.github.labels(REPO, 101)).toEqual(['docs-agent'])
  expect(sim.github.repositoryLabels(REPO)).toContain('docs-agent')
  const calls = githubCalls(sim)
  expect(calls.indexOf('POST /issues/101/labels')).toBe(calls.indexOf('POST /issues/101/comments') + 1)
  expect(annotations(run, 'warning')).toEqual([])
})

test('a label GitHub refuses is one warning saying what to do; the result stands', async () => {
  sim.github.forbid('labels')
  const run = await runOn(sim, 'pull_request', pullRequestOpened(), { inputs: { 'agent-label': 'agent-work' } })
  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('pr-opened')
  expect(sim.github.labels(REPO, 101)).toEqual([])
  const warnings = annotations(run, 'warning')
  expect(warnings).toHaveLength(1)
  expect(warnings[0]).toContain("the token lacks the 'issues: write' permission")
  expect(warnings[0]).toContain(`create the label agent-work once by hand in ${REPO}, or give the token issues: write there.`)
})

test('an empty agent-label labels nothing', async () => {
  await runOn(sim, 'pull_request', pullRequestOpened(), { inputs: { 'agent-label': '' } })
  expect(githubCalls(sim)).not.toContain('POST /issues/101/labels')
})

test('agent-label equal to label is bad input naming both, before any request', async () => {
  const run = await runOn(sim, 'pull_request', pullRequestOpened(), { inputs: { 'agent-label': 'Docs', label: 'docs' } })
  expectFailedWith(run, 'failed', /^Inputs 'agent-label' and 'label' are both 'docs'/)
  expect(sim.mintlifyRequests()).toEqual([])
  expect(sim.githubRequests()).toEqual([])
})
