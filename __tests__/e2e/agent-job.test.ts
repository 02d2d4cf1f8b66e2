/**
 * The outcome table of DESIGN.md, row by row: dist/index.js against the simulator, as the runner runs it.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { annotations, creates, expectFailedWith, output, polls, runAgainst } from './harness.js'
import { at, only } from '../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

describe('operation: job', () => {
  test('a job that opens a PR succeeds with the PR link, number, status and record as outputs', async () => {
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 2 })
    const run = await runAgainst(sim)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.outputs.status).toBe('completed')
    expect(run.outputs['pr-link']).toMatch(/^https:\/\/github\.com\/octo-org\/docs\/pull\/\d+$/)
    expect(run.outputs['pr-number']).toBe(output(run, 'pr-link').split('/').pop())
    expect(run.outputs['failure-reason']).toBe('')
    const job = only([...sim.jobs.values()], 'job')
    expect(run.outputs['job-id']).toBe(job.id)
    expect(JSON.parse(output(run, 'job'))).toEqual(job.record())
    // context: true (the default) appends the context block after the user's prompt.
    expect(job.prompt).toMatch(
      /^Document the new rate limits\n\n---\nContext from the GitHub workflow that sent this request:\nRepository: octo-org\/docs\nEvent: workflow_dispatch$/
    )
    // One create, then polls until the PR: the two 'active' answers and the final one.
    expect(creates(sim)).toHaveLength(1)
    expect(polls(sim)).toHaveLength(3)
    expect(run.summary).toContain(run.outputs['pr-link'])
    expect(run.summary).toContain(job.id)
  })

  test('sends the bearer key and the prompt as the API documents', async () => {
    await runAgainst(sim, { inputs: { prompt: '  Fix the quickstart  ', context: 'false' } })
    const create = at(creates(sim), 0, 'create request')
    expect(create.headers.authorization).toBe(`Bearer ${sim.apiKey}`)
    expect(create.headers['content-type']).toBe('application/json')
    expect(JSON.parse(create.body)).toEqual({ prompt: 'Fix the quickstart' })
  })

  test('a job that finishes without opening a pull request succeeds with a notice', async () => {
    sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 1 })
    const run = await runAgainst(sim)
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('no-changes')
    expect(run.outputs['pr-link']).toBe('')
    expect(annotations(run, 'notice')).toEqual([expect.stringMatching(/finished job \S+ without opening a pull request/)])
  })

  test('a failed job fails the step with the reason the record carries', async () => {
    sim.scriptNextJob({ outcome: 'failed', afterPolls: 1, extra: { error: 'Repository is not connected' } })
    const run = await runAgainst(sim)
    expectFailedWith(run, 'failed', /failed: Repository is not connected\.$/)
    expect(run.outputs.status).toBe('failed')
  })

  test('a failed job without a reason says the API gave none', async () => {
    sim.scriptNextJob({ outcome: 'failed', afterPolls: 0 })
    const run = await runAgainst(sim)
    expectFailedWith(run, 'failed', /the API gave no reason/)
  })

  test('a job archived with a PR succeeds with a warning', async () => {
    sim.scriptNextJob({ outcome: 'archived-with-pr', afterPolls: 1 })
    const run = await runAgainst(sim)
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('archived')
    expect(run.outputs['pr-link']).not.toBe('')
    expect(annotations(run, 'warning')).toEqual([expect.stringMatching(/archived before it finished; its pull request is https:/)])
  })

  test('a job archived without a PR fails', async () => {
    sim.scriptNextJob({ outcome: 'archived', afterPolls: 1 })
    const run = await runAgainst(sim)
    expectFailedWith(run, 'archived', /archived before it finished, without a pull request/)
  })

  test('a job still running at the timeout fails with its id to follow it', async () => {
    sim.scriptNextJob({ outcome: 'never' })
    const run = await runAgainst(sim, { inputs: { timeout: '1s', 'poll-interval': '200ms' } })
    const id = at([...sim.jobs.keys()], 0, 'job id')
    expectFailedWith(
      run,
      'timed-out',
      new RegExp(
        `^Job ${id} was still active after the 1s timeout and may finish later: follow job ${id} in the Mintlify dashboard, or raise timeout\\.$`
      )
    )
    expect(run.outputs['job-id']).toBe(id)
    // Polled until the deadline with gaps capped by the interval, never in a burst: a loaded machine only
    // stretches the gaps, so the count has a ceiling (1000 / 200, plus the first and a last one cut short
    // by the deadline) and no floor beyond polling more than once.
    expect(polls(sim).length).toBeGreaterThanOrEqual(2)
    expect(polls(sim).length).toBeLessThanOrEqual(7)
  })

  test('wait: false reports the accepted job after exactly one request', async () => {
    const run = await runAgainst(sim, { inputs: { wait: 'false' } })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('started')
    expect(run.outputs.status).toBe('active')
    expect(run.outputs['job-id']).toBe([...sim.jobs.keys()][0])
    expect(sim.mintlifyRequests()).toHaveLength(1)
  })

  test('an API error fails with the status and its cause, and nothing is polled', async () => {
    sim.injectFault({ route: 'create', status: 403, message: 'Forbidden: IP not allowed' })
    const run = await runAgainst(sim)
    expectFailedWith(
      run,
      'failed',
      /^Could not create the agent job: HTTP 403, .*scope.*IP allowlist.*\(server: "Forbidden: IP not allowed"\)\.$/
    )
    expect(run.outputs['job-id']).toBe('')
    expect(polls(sim)).toHaveLength(0)
  })

  test('a wrong key is refused with 401 and the message says the key is invalid or expired', async () => {
    const run = await runAgainst(sim, { inputs: { 'api-key': 'mint_wrong_key_0000' } })
    expectFailedWith(run, 'failed', /HTTP 401, the API key is invalid or expired/)
    expect(run.log).not.toContain('mint_wrong_key_0000')
    expect(run.outputs['failure-reason']).not.toContain('mint_wrong_key_0000')
  })

  test('a job that disappears while polled fails with 404 job not found', async () => {
    sim.scriptNextJob({ outcome: 'never' })
    sim.injectFault({ route: 'get', skip: 1, status: 404, message: 'Job not found' })
    const run = await runAgainst(sim)
    expectFailedWith(
      run,
      'failed',
      /HTTP 404, job \S+ was not found in project proj_sim \(server: "Job not found"\); job \S+ may still be running\.$/
    )
    expect(polls(sim)).toHaveLength(2)
  })

  test('an unknown status counts as still running, with one warning', async () => {
    sim.scriptNextJob({ outcome: 'unknown-status', afterPolls: 3 })
    const run = await runAgainst(sim)
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(annotations(run, 'warning')).toEqual([
      expect.stringMatching(/status 'paused', which this action does not know; treating it as still running/)
    ])
  })

  test('records with only id and status still lead to a result', async () => {
    sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 1, minimal: true })
    const run = await runAgainst(sim)
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('no-changes')
    expect(run.summary).toContain('–')
  })

  test('the log has a wait group with one line per status change', async () => {
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 2 })
    const run = await runAgainst(sim)
    const id = at([...sim.jobs.keys()], 0, 'job id')
    const group = run.log.slice(run.log.indexOf(`::group::Waiting for job ${id}`), run.log.indexOf('::endgroup::'))
    expect(group.match(/active → completed/g)).toHaveLength(1)
  })
})

describe('operation: message', () => {
  test('sends the follow-up to job-id and waits for the new result', async () => {
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 0 })
    await runAgainst(sim, { inputs: { wait: 'false' } })
    const id = at([...sim.jobs.keys()], 0, 'job id')
    sim.scriptNextMessage({ outcome: 'pr', afterPolls: 1 })

    const run = await runAgainst(sim, { inputs: { operation: 'message', 'job-id': id, prompt: 'Also update the changelog' } })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.outputs['job-id']).toBe(id)
    expect(sim.jobs.get(id)?.messages).toEqual(['Also update the changelog'])
    expect(creates(sim)).toHaveLength(1)
    expect(run.summary).toContain('Docs agent follow-up')
  })

  test('a follow-up to a finished job waits for the agent to take it up, not for the old result', async () => {
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 0 })
    const first = await runAgainst(sim)
    expect(first.outputs.outcome).toBe('pr-opened')
    const id = output(first, 'job-id')
    sim.scriptNextMessage({ outcome: 'pr', afterPolls: 2 })
    const before = polls(sim).length

    // The simulator answers the message with the job as it was: completed, with the old prLink.
    const run = await runAgainst(sim, { inputs: { operation: 'message', 'job-id': id, prompt: 'Also document the new flag' } })
    expect(run.exitCode).toBe(0)
    expect(run.log).toContain(`Job ${id} still shows completed: waiting for the agent to take up the follow-up.`)
    expect(polls(sim).length - before).toBe(3)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.log).toMatch(/active → completed/)
  })

  test('a follow-up to an unknown job fails with 404 and names the job', async () => {
    const run = await runAgainst(sim, { inputs: { operation: 'message', 'job-id': 'job_missing' } })
    expectFailedWith(
      run,
      'failed',
      /^Could not send the follow-up message to job job_missing: HTTP 404, job job_missing was not found in project proj_sim; check job-id/
    )
  })
})
