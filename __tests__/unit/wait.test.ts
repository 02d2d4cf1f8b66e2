import { describe, expect, it } from '@jest/globals'
import type { AgentJob } from '../../src/mintlify/job.js'
import { ApiError } from '../../src/mintlify/errors.js'
import { type JobWaitOptions, pollGap, waitFor, waitForJob, type WaitSubject } from '../../src/wait.js'
import { agentJob, T0 } from '../fixtures/agent-jobs.js'
import { recordingLog, type RecordingLog } from '../fixtures/recording-log.js'
import { settled } from '../fixtures/settled.js'
import { VirtualClock } from '../fixtures/virtual-clock.js'
import { at } from '../expect-helpers.js'

describe('pollGap', () => {
  it.each([
    [0, 15_000, 2_000],
    [10_000, 15_000, 2_000],
    [14_000, 15_000, 2_100],
    [20_000, 15_000, 3_000],
    [60_000, 15_000, 9_000],
    [100_000, 15_000, 15_000],
    [3_600_000, 15_000, 15_000],
    [20_000, 2_500, 2_500],
    [0, 500, 500],
    [600_000, 500, 500],
    [0, 100, 100]
  ])('after %i ms waited with a %i ms interval, waits %i ms', (elapsed, interval, gap) => {
    expect(pollGap(elapsed, interval)).toBe(gap)
  })

  it('never shrinks as the wait goes on', () => {
    const gaps = Array.from({ length: 120 }, (_, i) => pollGap(i * 5_000, 15_000))
    gaps.slice(1).forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(at(gaps, i, 'previous gap')))
  })
})

interface Scripted {
  poll: () => Promise<AgentJob>
  /** When each poll happened, relative to the clock's start. */
  times: number[]
}

/** A poll that answers with `statuses` in order (repeating the last), remembering when it was asked. */
function scriptedPoll(clock: VirtualClock, statuses: string[], onPoll?: (count: number) => void): Scripted {
  const times: number[] = []
  return {
    times,
    poll: () =>
      settled(() => {
        times.push(clock.now() - T0)
        onPoll?.(times.length)
        return agentJob({ status: statuses[Math.min(times.length, statuses.length) - 1] })
      })
  }
}

function waitOptions(clock: VirtualClock, log: RecordingLog, overrides: Partial<JobWaitOptions> = {}): JobWaitOptions {
  return { clock, deadline: T0 + 30 * 60_000, pollIntervalMs: 15_000, signal: new AbortController().signal, log, ...overrides }
}

describe('waitForJob', () => {
  it('returns at once for a job that is already finished', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll, times } = scriptedPoll(clock, ['completed'])
    const result = await waitForJob(poll, agentJob({ status: 'completed' }), waitOptions(clock, log))

    expect(result).toMatchObject({ kind: 'terminal', polls: 0 })
    expect(result.record.status).toBe('completed')
    expect(times).toEqual([])
    expect(clock.sleeps).toEqual([])
  })

  it('polls with gaps of 2 s that grow by 15 % of the time waited, up to the interval', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const statuses = [...Array<string>(11).fill('active'), 'completed']
    const { poll, times } = scriptedPoll(clock, statuses)
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log, { pollIntervalMs: 3_000 }))

    expect(result).toMatchObject({ kind: 'terminal', polls: 12 })
    expect(result.record.status).toBe('completed')
    expect(clock.sleeps).toEqual([2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_100, 2_415, 2_777, 3_000, 3_000])
    expect(times).toEqual([2_000, 4_000, 6_000, 8_000, 10_000, 12_000, 14_000, 16_100, 18_515, 21_292, 24_292, 27_292])
  })

  it('logs one line per status change', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll } = scriptedPoll(clock, ['active', 'active', 'completed'])
    await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log))

    expect(log.messages('info')).toEqual(['Job job_1: active → completed after 6s.'])
    expect(log.messages('warning')).toEqual([])
  })

  it('logs a change from a record without status', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll } = scriptedPoll(clock, ['active', 'failed'])
    await waitForJob(poll, agentJob({ status: null }), waitOptions(clock, log))

    expect(log.messages('info')).toEqual(['Job job_1: no status → active after 2s.', 'Job job_1: active → failed after 4s.'])
  })

  it('treats an unknown status as still running and warns only once', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll, times } = scriptedPoll(clock, ['queued', 'thinking', 'thinking', 'completed'])
    const result = await waitForJob(poll, agentJob({ status: 'queued' }), waitOptions(clock, log))

    expect(result).toMatchObject({ kind: 'terminal', polls: 4 })
    expect(times).toHaveLength(4)
    expect(log.messages('warning')).toEqual([
      "Job job_1 reports status 'queued', which this action does not know; treating it as still running."
    ])
  })

  it('warns about an unknown status that first appears in a poll', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll } = scriptedPoll(clock, ['paused', 'completed'])
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log))

    expect(result.kind).toBe('terminal')
    expect(log.messages('warning')).toEqual([
      "Job job_1 reports status 'paused', which this action does not know; treating it as still running."
    ])
  })

  it('times out with a final poll right at the deadline', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll, times } = scriptedPoll(clock, ['active'])
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log, { deadline: T0 + 5_000 }))

    expect(result).toMatchObject({ kind: 'timed-out', polls: 3 })
    expect(result.record.status).toBe('active')
    expect(clock.sleeps).toEqual([2_000, 2_000, 1_000])
    expect(times).toEqual([2_000, 4_000, 5_000])
  })

  it('still reports a job that finished at the final poll as finished', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll } = scriptedPoll(clock, ['active', 'active', 'completed'])
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log, { deadline: T0 + 5_000 }))

    expect(result).toMatchObject({ kind: 'terminal', polls: 3 })
  })

  it('does not poll when the deadline has already passed', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll, times } = scriptedPoll(clock, ['completed'])
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log, { deadline: T0 }))

    expect(result).toMatchObject({ kind: 'timed-out', polls: 0 })
    expect(times).toEqual([])
  })

  it('returns cancelled as soon as the run is cancelled', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const cancel = new AbortController()
    const { poll, times } = scriptedPoll(clock, ['active'], (count) => {
      if (count === 2) cancel.abort()
    })
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log, { signal: cancel.signal }))

    expect(result).toMatchObject({ kind: 'cancelled', polls: 2 })
    expect(times).toEqual([2_000, 4_000])
  })

  it('does not poll at all when cancelled before waiting', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const cancel = new AbortController()
    cancel.abort()
    const { poll, times } = scriptedPoll(clock, ['completed'])
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log, { signal: cancel.signal }))

    expect(result).toMatchObject({ kind: 'cancelled', polls: 0 })
    expect(times).toEqual([])
  })

  it('reports a poll that fails because of the cancellation as cancelled, not as an error', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const cancel = new AbortController()
    const poll = (): Promise<AgentJob> =>
      settled(() => {
        cancel.abort()
        throw new ApiError('Could not read agent job job_1: the workflow was cancelled while the request was in flight.', null, false)
      })
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log, { signal: cancel.signal }))

    expect(result).toMatchObject({ kind: 'cancelled', polls: 0 })
  })

  it('ends at once on a poll that waiting cannot mend (404), with the last job seen', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const failure = new ApiError('Could not read agent job job_1: HTTP 404, job job_1 was not found in project acme-docs.', 404, false)
    let calls = 0
    const poll = (): Promise<AgentJob> =>
      settled(() => {
        calls++
        if (calls === 1) return agentJob({ status: 'active', model: 'seen-in-poll-1' })
        throw failure
      })
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log))

    expect(result.kind).toBe('error')
    expect(result.polls).toBe(1)
    expect(result.record.model).toBe('seen-in-poll-1')
    expect(result.kind === 'error' && result.error).toBe(failure)
  })

  it('reports a final poll that fails at the deadline as a timeout that names the failed read', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const failure = new ApiError('Could not read agent job job_1: HTTP 503, the Mintlify API had a server error.', 503, false, {
      retryable: true,
      retryAfterMs: null
    })
    const poll = (): Promise<AgentJob> =>
      settled(() => {
        if (clock.now() - T0 >= 5_000) throw failure
        return agentJob({ status: 'active' })
      })
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log, { deadline: T0 + 5_000 }))

    expect(result).toEqual({
      kind: 'timed-out',
      record: agentJob({ status: 'active' }),
      polls: 2,
      outage: { failedPolls: 1, forMs: 0, error: failure, retryPastDeadline: false }
    })
  })

  it('logs a heartbeat with the elapsed time once a minute', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll, times } = scriptedPoll(clock, ['active'])
    const result = await waitForJob(
      poll,
      agentJob({ status: 'active' }),
      waitOptions(clock, log, { pollIntervalMs: 2_000, deadline: T0 + 130_000 })
    )

    expect(result).toMatchObject({ kind: 'timed-out', polls: 65 })
    expect(times).toHaveLength(65)
    const heartbeats = log.lines.filter((line) => line.message.startsWith('Still waiting'))
    expect(heartbeats).toEqual([
      { level: 'info', at: 60_000, message: 'Still waiting: job job_1 is active after 1m 00s (30 polls).' },
      { level: 'info', at: 120_000, message: 'Still waiting: job job_1 is active after 2m 00s (60 polls).' }
    ])
  })

  it('counts the minute to the next heartbeat from the last status line', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const statuses = [...Array<string>(19).fill('active'), ...Array<string>(40).fill('queued')]
    const { poll } = scriptedPoll(clock, statuses)
    await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log, { pollIntervalMs: 2_000, deadline: T0 + 110_000 }))

    // Poll 20 (at 40 s) changes the status; the next heartbeat is a minute after that line, at 100 s, not at 60 s.
    expect(log.lines.filter((line) => line.message.startsWith('Still waiting')).map((line) => line.at)).toEqual([100_000])
    expect(log.messages('info')[0]).toBe('Job job_1: active → queued after 40s.')
  })

  it('keeps the known id when a poll answers a record without one', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const poll = (): Promise<AgentJob> => Promise.resolve(agentJob({ id: undefined, status: 'completed' }))
    const result = await waitForJob(poll, agentJob({ id: 'job_7', status: 'active' }), waitOptions(clock, log))

    expect(result.record.id).toBe('job_7')
    expect(result.record.status).toBe('completed')
  })
})

describe('waitForJob after a follow-up message (awaitRestart)', () => {
  it('does not take the final status the message was accepted with as the result', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll, times } = scriptedPoll(clock, ['active', 'completed'])
    const result = await waitForJob(poll, agentJob({ status: 'completed' }), waitOptions(clock, log, { awaitRestart: true }))

    expect(result).toMatchObject({ kind: 'terminal', polls: 2 })
    expect(times).toHaveLength(2)
    expect(log.messages('info')[0]).toBe('Job job_1 still shows completed: waiting for the agent to take up the follow-up.')
  })

  it('takes a final record that differs from the accepted one (a new prLink) at once', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const poll = (): Promise<AgentJob> => Promise.resolve(agentJob({ status: 'completed', prLink: 'https://github.com/acme/docs/pull/13' }))
    const result = await waitForJob(poll, agentJob({ status: 'completed', prLink: null }), waitOptions(clock, log, { awaitRestart: true }))

    expect(result).toMatchObject({ kind: 'terminal', polls: 1 })
    expect(result.record.prLink).toBe('https://github.com/acme/docs/pull/13')
  })

  it('reports an unchanged final state after 30 s of grace, with a warning', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll } = scriptedPoll(clock, ['completed'])
    const result = await waitForJob(poll, agentJob({ status: 'completed' }), waitOptions(clock, log, { awaitRestart: true }))

    expect(result.kind).toBe('terminal')
    expect(clock.now() - T0).toBeGreaterThanOrEqual(30_000)
    expect(clock.now() - T0).toBeLessThan(36_000)
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(/^Job job_1 still shows completed 3\d(\.\d)?s after the follow-up was accepted; reporting it as it stands\.$/)
    ])
  })

  it('changes nothing when the message was accepted with status active', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll } = scriptedPoll(clock, ['completed'])
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log, { awaitRestart: true }))

    expect(result).toMatchObject({ kind: 'terminal', polls: 1 })
    expect(log.messages('info')).toEqual([expect.stringMatching(/active → completed/)])
  })
})

/** A deployment's status record, as the deployments' wait will read it. */
interface Deployment {
  _id: string
  status: string
}

const deploymentSubject: WaitSubject<Deployment> = {
  label: 'deployment 65f0c2',
  statusOf: (deployment) => deployment.status,
  known: ['queued', 'in_progress', 'success', 'failure'],
  terminal: ['success', 'failure']
}

describe('waitFor, on any record (a deployment)', () => {
  /** A status read that answers `statuses` in order, repeating the last. */
  function deploymentPoll(statuses: string[]): () => Promise<Deployment> {
    let count = 0
    return () => settled(() => ({ _id: '65f0c2', status: statuses[Math.min(++count, statuses.length) - 1] ?? '' }))
  }

  it.each(['success', 'failure'])('waits until %s, one line per status change under its label', async (final) => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const result = await waitFor(
      deploymentPoll(['queued', 'in_progress', 'in_progress', final]),
      { _id: '65f0c2', status: 'queued' },
      deploymentSubject,
      waitOptions(clock, log)
    )

    expect(result).toEqual({ kind: 'terminal', record: { _id: '65f0c2', status: final }, polls: 4 })
    expect(log.messages('info')).toEqual([
      'Deployment 65f0c2: queued → in_progress after 4s.',
      `Deployment 65f0c2: in_progress → ${final} after 8s.`
    ])
  })

  it('treats a status it does not know as still running, warning once', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const result = await waitFor(
      deploymentPoll(['building', 'building', 'success']),
      { _id: '65f0c2', status: 'queued' },
      deploymentSubject,
      waitOptions(clock, log)
    )

    expect(result).toMatchObject({ kind: 'terminal', polls: 3 })
    expect(log.messages('warning')).toEqual([
      "Deployment 65f0c2 reports status 'building', which this action does not know; treating it as still running."
    ])
  })
})

describe('waitForJob while status reads fail', () => {
  const unavailable = (retryAfterMs: number | null = null): ApiError =>
    new ApiError('Could not read agent job job_1: HTTP 503, the Mintlify API had a server error after 5 attempts.', 503, false, {
      retryable: true,
      retryAfterMs
    })

  /** Polls that answer (a status) or fail (an error) in order, the last repeating; when each was sent. */
  function pollsOf(clock: VirtualClock, answers: (string | Error)[]): Scripted {
    const times: number[] = []
    return {
      times,
      poll: () =>
        settled(() => {
          times.push(clock.now() - T0)
          const answer = at(answers, Math.min(times.length, answers.length) - 1, 'answer')
          if (answer instanceof Error) throw answer
          return agentJob({ status: answer })
        })
    }
  }

  it('warns once for an outage, logs each further failed poll, and says once when reads work again', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll } = pollsOf(clock, ['active', unavailable(), unavailable(), unavailable(), 'active', 'completed'])
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log))

    expect(result).toMatchObject({ kind: 'terminal', polls: 3 })
    expect(log.messages('warning')).toEqual([
      'Could not read agent job job_1: HTTP 503, the Mintlify API had a server error after 5 attempts. Job job_1 runs on whether or not its status can be read: polling goes on until the timeout, 29m 56s from now.'
    ])
    expect(log.messages('info')).toEqual([
      'Job job_1: status reads have failed for 2s (2 polls); the last: Could not read agent job job_1: HTTP 503, the Mintlify API had a server error after 5 attempts.',
      'Job job_1: status reads have failed for 4s (3 polls); the last: Could not read agent job job_1: HTTP 503, the Mintlify API had a server error after 5 attempts.',
      'Job job_1: status read again after 6s of failures (3 polls failed).',
      'Job job_1: active → completed after 12s.'
    ])
  })

  it('does not warn again for a second outage', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll } = pollsOf(clock, [unavailable(), 'active', unavailable(), 'completed'])
    await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log))

    expect(log.messages('warning')).toHaveLength(1)
    expect(log.messages('info').filter((line) => line.includes('status read again'))).toHaveLength(2)
  })

  it('polls no sooner than the Retry-After of the last failed poll, and no faster than the gap rule', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll, times } = pollsOf(clock, [unavailable(40_000), unavailable(500), 'completed'])
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log))

    expect(result).toMatchObject({ kind: 'terminal', polls: 1 })
    expect(times).toEqual([2_000, 42_000, 48_300])
  })

  it('ends at once as timed out when the server asks to wait past the deadline', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const failure = unavailable(3_600_000)
    const { poll, times } = pollsOf(clock, ['active', failure])
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log))

    expect(result).toEqual({
      kind: 'timed-out',
      record: agentJob({ status: 'active' }),
      polls: 1,
      outage: { failedPolls: 1, forMs: 0, error: failure, retryPastDeadline: true }
    })
    expect(times).toEqual([2_000, 4_000])
  })

  it('ends at once as an error on a failure that is not an API error', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const defect = new TypeError('Cannot read properties of undefined')
    const { poll } = pollsOf(clock, [defect])
    const result = await waitForJob(poll, agentJob({ status: 'active' }), waitOptions(clock, log))

    expect(result).toMatchObject({ kind: 'error', polls: 0, error: defect })
  })

  it('reports a follow-up whose unchanged final state is all it could read by the deadline as it stands', async () => {
    const clock = new VirtualClock(T0)
    const log = recordingLog(clock)
    const { poll } = pollsOf(clock, [unavailable()])
    const result = await waitForJob(
      poll,
      agentJob({ status: 'completed' }),
      waitOptions(clock, log, { awaitRestart: true, deadline: T0 + 10_000 })
    )

    expect(result).toMatchObject({ kind: 'terminal', polls: 0, record: { status: 'completed' } })
    expect(log.messages('warning').at(-1)).toBe(
      'Job job_1 still shows completed 10s after the follow-up was accepted; reporting it as it stands.'
    )
  })
})
