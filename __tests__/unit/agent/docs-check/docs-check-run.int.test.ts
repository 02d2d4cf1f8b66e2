/**
 * docs-check/ on a code pull request in-process (src/main.ts as its entry runs it, against the simulator,
 * on a virtual clock): its commit status (`status-context`, docs by default) pending while the agent works
 * and then the outcome; the note on the agent's pull request once the code pull request closes; a dry run
 * that shows both instead; and a status or note GitHub refuses, each one warning while the run goes on.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { Simulator } from '../../../../simulator/index.js'
import { startHelloWorld } from '../../../e2e/triggers/helpers.js'
import * as core from '../../../fixtures/core.js'
import { preloadToolkit } from '../../../fixtures/github-client.js'
import { type InProcessRun, runInProcess } from '../../../fixtures/in-process.js'
import { PULL, PULL_HEAD_SHA, pullRequestOpened, REPO } from '../../../fixtures/webhook-payloads.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../../../src/main.js')

const CLOSED_NOTE = `${REPO}#${PULL} was closed without merging: this documentation may no longer apply.`

let sim: Simulator
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** Pull request #2's event with `action`; closed without merging for `closed`. */
function pullEvent(action: 'opened' | 'closed'): unknown {
  const payload = pullRequestOpened() as unknown as Record<string, unknown> & { pull_request: Record<string, unknown> }
  payload.action = action
  if (action === 'closed') Object.assign(payload.pull_request, { state: 'closed', merged: false })
  return payload
}

const docsCheck = (action: 'opened' | 'closed', inputs: Record<string, string> = {}): Promise<InProcessRun> =>
  runInProcess(run, sim, { eventName: 'pull_request_target', event: pullEvent(action), inputs, repository: REPO, subAction: 'docs-check' })

/** The statuses on the pull request's head, oldest first, as context, state and description. */
const statuses = (): string[][] =>
  sim.github.statuses(REPO, PULL_HEAD_SHA).map((status) => [status.context, status.state, status.description ?? ''])

describe('the commit status', () => {
  it('is pending while the agent works, then success naming the agent pull request; docs-state says success', async () => {
    const result = await docsCheck('opened')
    expect(result.outputs.outcome).toBe('pr-opened')
    expect(statuses()).toEqual([
      ['docs', 'pending', `The docs agent is working (job ${result.outputs['job-id'] ?? ''})`],
      ['docs', 'success', `Documented in ${REPO}#${result.outputs['pr-number'] ?? ''}`]
    ])
    expect(result.log).toContain(`Set the docs status of ${PULL_HEAD_SHA.slice(0, 7)}: success, "Documented in`)
    expect(result.outputs['docs-state']).toBe('success')
  })

  it('a dry run says the status it would set and sets none', async () => {
    const result = await docsCheck('opened', { 'dry-run': 'true' })
    expect(result.outputs.outcome).toBe('dry-run')
    expect(result.log).toContain(`Dry run: would set the docs status of ${PULL_HEAD_SHA.slice(0, 7)}: pending, "`)
    expect(statuses()).toEqual([])
  })

  it('a refused status is one warning; the job still runs and its pull request is reported', async () => {
    sim.github.forbid('statuses')
    const result = await docsCheck('opened')
    expect(result.outputs.outcome).toBe('pr-opened')
    expect(result.warnings).toEqual([expect.stringMatching(/statuses: write.*The docs check stays as it was on this commit\./)])
    expect(result.outputs['docs-state']).toBe('')
  })

  it('an empty status-context writes no status', async () => {
    const result = await docsCheck('opened', { 'status-context': '' })
    expect(result.outputs.outcome).toBe('pr-opened')
    expect(statuses()).toEqual([])
  })
})

describe('the note when the code pull request closes', () => {
  it('tells the agent pull request the run recorded, once, and starts no job', async () => {
    const agentPull = Number((await docsCheck('opened')).outputs['pr-number'])
    const jobs = sim.jobs.size
    const result = await docsCheck('closed')
    expect(result.outputs.outcome).toBe('noted')
    expect(sim.jobs.size).toBe(jobs)
    expect(sim.github.comments(REPO, agentPull).filter((comment) => comment.body === CLOSED_NOTE)).toHaveLength(1)
  })

  it('a dry run says the note it would write', async () => {
    const agentPull = Number((await docsCheck('opened')).outputs['pr-number'])
    const result = await docsCheck('closed', { 'dry-run': 'true' })
    expect(result.log).toContain(`Dry run: would comment on ${REPO}#${agentPull}: ${CLOSED_NOTE}`)
    expect(sim.github.comments(REPO, agentPull).map((comment) => comment.body)).not.toContain(CLOSED_NOTE)
  })

  it('a note GitHub refuses is one warning naming the pull request not told', async () => {
    const agentPull = Number((await docsCheck('opened')).outputs['pr-number'])
    sim.route('POST', new RegExp(`/repos/${REPO}/issues/${agentPull}/comments$`), () => ({
      status: 403,
      json: { message: 'Resource not accessible by integration' }
    }))
    const result = await docsCheck('closed')
    expect(result.warnings).toEqual([expect.stringContaining(`${REPO}#${agentPull} was not told.`)])
  })
})
