/**
 * A file list that may be cut counts as a match (DESIGN "The docs check on code pull requests"): a
 * compare GitHub answers without `files` is not "no files changed", so it can never turn the `docs`
 * status green with "No documented files changed" on code nobody documented.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { rewriteServed } from '../../fixtures/rewritten-answers.js'
import { commentPayload, PULL, pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'
import { runOn, startHelloWorld } from './helpers.js'

const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'
const NEXT_HEAD = 'b1f2c3d4e5f60718293a4b5c6d7e8f9012345678'
const INPUTS = { 'status-context': 'docs', paths: 'src/**' }

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** The synchronize event of the pull request, its head moved from HEAD to NEXT_HEAD. */
function pushed(): ReturnType<typeof pullRequestOpened> {
  const payload = pullRequestOpened()
  Object.assign(payload, { action: 'synchronize', before: HEAD, after: NEXT_HEAD })
  const pull = payload.pull_request as Record<string, unknown>
  pull.head = { ...(pull.head as object), sha: NEXT_HEAD }
  return payload
}

test('a push whose compare comes without its files is judged as touching documented files: the agent documents it', async () => {
  // A maintainer's skip at HEAD: what the next push changed since HEAD is what is judged.
  const skip = await runOn(sim, 'issue_comment', commentPayload(sim, { body: '/docs skip tests only', on: PULL, pullRequest: true }), {
    inputs: INPUTS
  })
  expect(skip.outputs.outcome).toBe('skipped')
  sim.github.setCompare(REPO, HEAD, NEXT_HEAD, { commits: ['Add the invoices API'], files: ['src/invoices.ts'] })
  // As GitHub answers a comparison too large to diff.
  rewriteServed(sim, /\/compare\//, ({ files: _files, ...comparison }) => comparison)

  const run = await runOn(sim, 'pull_request_target', pushed(), { inputs: INPUTS })

  expect(run.exitCode).toBe(0)
  expect(run.log).toContain('This push changes files that match paths, which clears the skip')
  expect(sim.github.statuses(REPO, NEXT_HEAD).map((status) => status.description)).not.toContain('No documented files changed')
  expect(sim.jobs.size).toBe(1)
  expect(run.outputs.outcome).toBe('pr-opened')
})
