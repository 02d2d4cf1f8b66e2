import { describe, expect, it } from '@jest/globals'
import { ApiError } from '../../../src/mintlify/errors.js'
import type { AgentJob } from '../../../src/mintlify/job.js'
import { type AgentJobDeps, type AgentJobRequest, runAgentJob } from '../../../src/operations/agent/carry-out/job-run.js'
import { agentJob, T0 } from '../../fixtures/agent-jobs.js'
import { type ClientCalls, fakeClient } from '../../fixtures/docs-api-client.js'
import { recordingLog, type RecordingLog } from '../../fixtures/recording-log.js'
import { settled } from '../../fixtures/settled.js'
import { PROJECT_ID } from '../../fixtures/step-settings.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

const PROMPT = 'Document the new --dry-run flag of the CLI.'

function request(overrides: Partial<AgentJobRequest> = {}): AgentJobRequest {
  return {
    action: 'job',
    projectId: PROJECT_ID,
    jobId: '',
    prompt: PROMPT,
    promptSource: 'prompt',
    changeNotes: '',
    wait: true,
    timeoutMs: 30 * 60_000,
    pollIntervalMs: 15_000,
    deadline: T0 + 30 * 60_000,
    runUrl: 'https://github.com/acme/docs/actions/runs/42',
    ...overrides
  }
}

interface Harness {
  deps: AgentJobDeps
  clock: VirtualClock
  log: RecordingLog
  /** Every client call and callback, in order. */
  events: string[]
}

/**
 * A run against a scripted API: create/message answer with `accepted` (or throw it), each poll answers
 * with the next of `polls` (repeating the last).
 */
function harness(options: { accepted: AgentJob | Error; polls?: AgentJob[]; signal?: AbortSignal }): Harness {
  const clock = new VirtualClock(T0)
  const log = recordingLog(clock)
  const events: string[] = []
  const polls = options.polls ?? []
  let pollCount = 0
  const answer = (): Promise<AgentJob> =>
    settled(() => {
      if (options.accepted instanceof Error) throw options.accepted
      return options.accepted
    })
  const calls: ClientCalls = {
    createJob: async (projectId, prompt) => {
      events.push(`createJob ${projectId} ${prompt}`)
      return answer()
    },
    sendMessage: async (projectId, jobId, prompt) => {
      events.push(`sendMessage ${projectId} ${jobId} ${prompt}`)
      return answer()
    },
    getJob: (projectId, jobId) =>
      settled(() => {
        events.push(`getJob ${projectId} ${jobId}`)
        const job = polls[Math.min(pollCount, polls.length - 1)]
        pollCount++
        if (!job) throw new Error('the test gave no poll answers')
        return job
      })
  }
  const deps: AgentJobDeps = {
    client: fakeClient(calls),
    clock,
    signal: options.signal ?? new AbortController().signal,
    log,
    onAccepted: (job) =>
      settled(() => {
        events.push(`onAccepted ${job.id ?? 'no id'}`)
      })
  }
  return { deps, clock, log, events }
}

describe('runAgentJob', () => {
  it('creates a job, waits for it and reports the pull request', async () => {
    const prLink = 'https://github.com/acme/docs/pull/12'
    const { deps, events, log } = harness({
      accepted: agentJob({ status: 'active' }),
      polls: [agentJob({ status: 'active' }), agentJob({ status: 'completed', prLink })]
    })
    const report = await runAgentJob(request(), deps)

    expect(report.verdict.outcome).toBe('pr-opened')
    expect(report.job?.prLink).toBe(prLink)
    expect(report.waited).toBe(true)
    expect(report.polls).toBe(2)
    expect(report.durationMs).toBe(4_000)
    expect(report.prompt).toBe(PROMPT)
    expect(report.promptSource).toBe('prompt')
    expect(report.runUrl).toBe('https://github.com/acme/docs/actions/runs/42')
    expect(events).toEqual([`createJob acme-docs ${PROMPT}`, 'onAccepted job_1', 'getJob acme-docs job_1', 'getJob acme-docs job_1'])
    expect(log.groups).toEqual(['Waiting for job job_1'])
  })

  it('tells onAccepted about the job before the first poll', async () => {
    const { deps, events } = harness({ accepted: agentJob({ id: 'job_4' }), polls: [agentJob({ id: 'job_4', status: 'completed' })] })
    await runAgentJob(request(), deps)

    expect(events.indexOf('onAccepted job_4')).toBeGreaterThanOrEqual(0)
    expect(events.indexOf('onAccepted job_4')).toBeLessThan(events.indexOf('getJob acme-docs job_4'))
  })

  it('reports started right after the job is accepted when wait is false', async () => {
    const { deps, events, clock } = harness({ accepted: agentJob({ id: 'job_3', status: 'active' }) })
    const report = await runAgentJob(request({ wait: false }), deps)

    expect(report.verdict).toMatchObject({ outcome: 'started', result: 'success' })
    expect(report.job?.id).toBe('job_3')
    expect(report.waited).toBe(false)
    expect(report.polls).toBe(0)
    expect(events).toEqual([`createJob acme-docs ${PROMPT}`, 'onAccepted job_3'])
    expect(clock.sleeps).toEqual([])
  })

  it('fails without waiting when the create fails', async () => {
    const error = new ApiError('Could not create the agent job: HTTP 401, the API key is invalid or expired.', 401, false)
    const { deps, events, log } = harness({ accepted: error })
    const report = await runAgentJob(request(), deps)

    expect(report.verdict).toEqual({ outcome: 'failed', result: 'failure', headline: error.message, failureReason: error.message })
    expect(report.job).toBeNull()
    expect(report.waited).toBe(false)
    expect(report.polls).toBe(0)
    expect(events).toEqual([`createJob acme-docs ${PROMPT}`])
    expect(log.groups).toEqual([])
  })

  it('reports cancelled when the run was cancelled during the create', async () => {
    const cancel = new AbortController()
    cancel.abort()
    const error = new ApiError('Could not create the agent job: the workflow was cancelled while the request was in flight.', null, true)
    const { deps } = harness({ accepted: error, signal: cancel.signal })
    const report = await runAgentJob(request(), deps)

    expect(report.verdict.outcome).toBe('cancelled')
    expect(report.verdict.result).toBe('failure')
  })

  it('sends a follow-up with sendMessage, never creating a job', async () => {
    const { deps, events } = harness({
      accepted: agentJob({ id: 'job_5', status: 'active' }),
      polls: [agentJob({ id: 'job_5', status: 'completed' })]
    })
    const report = await runAgentJob(request({ action: 'message', jobId: 'job_5', prompt: 'Also update the FAQ.' }), deps)

    expect(events).toEqual(['sendMessage acme-docs job_5 Also update the FAQ.', 'onAccepted job_5', 'getJob acme-docs job_5'])
    expect(report.action).toBe('message')
    expect(report.verdict.outcome).toBe('no-changes')
  })

  it('keeps following the addressed job when a follow-up answer carries no id', async () => {
    const { deps, events } = harness({
      accepted: agentJob({ id: null, status: 'active' }),
      polls: [agentJob({ id: null, status: 'completed' })]
    })
    const report = await runAgentJob(request({ action: 'message', jobId: 'job_5' }), deps)

    expect(events).toContain('onAccepted job_5')
    expect(events).toContain('getJob acme-docs job_5')
    expect(report.job?.id).toBe('job_5')
  })

  it('fails, pointing to the dashboard, when a created job has no id to follow', async () => {
    const { deps, events } = harness({ accepted: agentJob({ id: null, status: 'active' }) })
    const report = await runAgentJob(request(), deps)

    expect(report.verdict.outcome).toBe('failed')
    expect(report.verdict.failureReason).toContain('carries no job id')
    expect(report.verdict.failureReason).toContain('Mintlify dashboard')
    expect(events).toEqual([`createJob acme-docs ${PROMPT}`, 'onAccepted no id'])
  })

  it('reports a timeout with the last record seen', async () => {
    const { deps } = harness({ accepted: agentJob({ status: 'active' }), polls: [agentJob({ status: 'active', model: 'latest-model' })] })
    const report = await runAgentJob(request({ deadline: T0 + 5_000, timeoutMs: 5_000 }), deps)

    expect(report.verdict.outcome).toBe('timed-out')
    expect(report.polls).toBe(3)
    expect(report.job?.model).toBe('latest-model')
    expect(report.durationMs).toBe(5_000)
  })

  it('appends the context block to the prompt of a new job, keeping both apart in the report', async () => {
    const context = '## Context\n- Repository: acme/docs\n- Event: push'
    const { deps, events, log } = harness({ accepted: agentJob({ status: 'active' }) })
    const report = await runAgentJob(request({ wait: false, changeNotes: context }), deps)

    expect(events[0]).toBe(`createJob acme-docs ${PROMPT}\n\n${context}`)
    expect(report.prompt).toBe(PROMPT)
    expect(report.changeNotes).toBe(context)
    expect(log.messages('info')[0]).toBe(
      `Creating an agent job in project acme-docs (prompt from prompt, 43 characters, plus a ${context.length}-character context block).`
    )
  })

  it('sends a follow-up with the block it is given (group-runs: the changes since the pull request was opened)', async () => {
    const { deps, events, log } = harness({ accepted: agentJob({ id: 'job_5' }) })
    const context = '---\nNew changes since this pull request was opened …\nEvent: push to main'
    await runAgentJob(request({ action: 'message', jobId: 'job_5', prompt: 'Shorter, please.', changeNotes: context, wait: false }), deps)

    expect(events[0]).toBe(`sendMessage acme-docs job_5 Shorter, please.\n\n${context}`)
    expect(log.messages('info')[0]).toBe(
      `Sending a follow-up message to job job_5 (prompt from prompt, 16 characters, plus a ${context.length}-character context block).`
    )
  })

  it('sends a follow-up alone when it is given no block (a slash command continues a conversation that has one)', async () => {
    const { deps, events } = harness({ accepted: agentJob({ id: 'job_5' }) })
    await runAgentJob(request({ action: 'message', jobId: 'job_5', prompt: 'Shorter, please.', changeNotes: '', wait: false }), deps)
    expect(events[0]).toBe('sendMessage acme-docs job_5 Shorter, please.')
  })

  it('logs the project, the prompt source and its length, then the accepted job', async () => {
    const { deps, log } = harness({ accepted: agentJob({ status: 'active' }) })
    await runAgentJob(request({ wait: false, prompt: 'secret plans', promptSource: 'prompt-file p.md' }), deps)

    expect(log.messages('info')).toEqual([
      'Creating an agent job in project acme-docs (prompt from prompt-file p.md, 12 characters).',
      'Accepted: job job_1 is active.'
    ])
  })
})
