import { describe, expect, it } from '@jest/globals'
import { ApiError } from '../../../src/mintlify/errors.js'
import { judgeJob } from '../../../src/operations/agent/verdicts.js'
import { judgeStartFailure } from '../../../src/outcome.js'
import { agentJob } from '../../fixtures/agent-jobs.js'

const accepted = agentJob({ status: 'active' })
const THIRTY_MINUTES = 30 * 60_000
const PR = 'https://github.com/acme/docs/pull/12'

function finished(overrides: Record<string, unknown>): ReturnType<typeof judgeJob> {
  return judgeJob({ kind: 'terminal', record: agentJob(overrides), polls: 4 }, accepted, THIRTY_MINUTES, 'job')
}

describe('Outcome → step result (DESIGN.md table)', () => {
  it('completed with prLink: pr-opened, success, with the link', () => {
    expect(finished({ status: 'completed', prLink: PR })).toEqual({
      outcome: 'pr-opened',
      result: 'success',
      headline: `The docs agent opened a pull request: ${PR}`,
      failureReason: ''
    })
  })

  it('completed without prLink: no-changes, success with a notice', () => {
    expect(finished({ status: 'completed', prLink: null })).toEqual({
      outcome: 'no-changes',
      result: 'notice',
      headline: 'The docs agent finished job job_1 without opening a pull request.',
      failureReason: ''
    })
  })

  it('failed: failure, with the reason the record gives', () => {
    expect(finished({ status: 'failed', error: 'The repository is not connected.' })).toEqual({
      outcome: 'failed',
      result: 'failure',
      headline: 'The docs agent job job_1 failed: The repository is not connected.',
      failureReason: 'The docs agent job job_1 failed: The repository is not connected.'
    })
  })

  it('failed without a reason: failure, saying the API gave none', () => {
    const verdict = finished({ status: 'failed' })
    expect(verdict.outcome).toBe('failed')
    expect(verdict.result).toBe('failure')
    expect(verdict.failureReason).toBe('The docs agent job job_1 failed (the API gave no reason).')
  })

  it('archived with prLink: archived, success with a warning, the PR in the headline', () => {
    const verdict = finished({ status: 'archived', prLink: PR })
    expect(verdict.outcome).toBe('archived')
    expect(verdict.result).toBe('warning')
    expect(verdict.headline).toBe(`Job job_1 was archived before it finished; its pull request is ${PR}`)
    // Not a success outcome, so failure-reason is set.
    expect(verdict.failureReason).toBe('Job job_1 was archived before it finished.')
  })

  it('archived without prLink: archived, failure', () => {
    expect(finished({ status: 'archived', prLink: null })).toEqual({
      outcome: 'archived',
      result: 'failure',
      headline: 'Job job_1 was archived before it finished, without a pull request.',
      failureReason: 'Job job_1 was archived before it finished, without a pull request.'
    })
  })

  it('timed out: failure, with the job id to follow it', () => {
    const verdict = judgeJob(
      { kind: 'timed-out', record: agentJob({ status: 'active' }), polls: 30, outage: null },
      accepted,
      THIRTY_MINUTES,
      'job'
    )
    expect(verdict.outcome).toBe('timed-out')
    expect(verdict.result).toBe('failure')
    expect(verdict.failureReason).toBe(
      'Job job_1 was still active after the 30m 00s timeout and may finish later: follow job job_1 in the Mintlify dashboard, or raise timeout.'
    )
    expect(verdict.headline).toBe(verdict.failureReason)
  })

  it('API error when starting: failed, failure, with the API message', () => {
    const error = new ApiError('Could not create the agent job: HTTP 401, the API key is invalid or expired.', 401, false)
    expect(judgeStartFailure(error, false)).toEqual({
      outcome: 'failed',
      result: 'failure',
      headline: 'Could not create the agent job: HTTP 401, the API key is invalid or expired.',
      failureReason: 'Could not create the agent job: HTTP 401, the API key is invalid or expired.'
    })
  })

  it('a poll that waiting cannot mend (404): failed, saying the job may still be running', () => {
    const error = new ApiError('Could not read agent job job_1: HTTP 404, job job_1 was not found in project acme-docs.', 404, false)
    const verdict = judgeJob({ kind: 'error', record: agentJob({ status: 'active' }), polls: 3, error }, accepted, THIRTY_MINUTES, 'job')
    expect(verdict.outcome).toBe('failed')
    expect(verdict.result).toBe('failure')
    expect(verdict.failureReason).toBe(
      'Could not read agent job job_1: HTTP 404, job job_1 was not found in project acme-docs; job job_1 may still be running.'
    )
  })

  it('timed out while status reads failed: says for how long and the last error', () => {
    const error = new ApiError(
      'Could not read agent job job_1: HTTP 500, the Mintlify API had a server error after 5 attempts.',
      500,
      false,
      { retryable: true, retryAfterMs: null }
    )
    const outage = { failedPolls: 46, forMs: 750_000, error, retryPastDeadline: false }
    const verdict = judgeJob(
      { kind: 'timed-out', record: agentJob({ status: 'active' }), polls: 60, outage },
      accepted,
      THIRTY_MINUTES,
      'job'
    )
    expect(verdict.outcome).toBe('timed-out')
    expect(verdict.result).toBe('failure')
    expect(verdict.failureReason).toBe(
      'Job job_1 was still active when last read, but its status could not be read for the last 12m 30s before the 30m 00s timeout ' +
        '(46 polls failed; the last: Could not read agent job job_1: HTTP 500, the Mintlify API had a server error after 5 attempts); ' +
        'it may finish later: follow job job_1 in the Mintlify dashboard.'
    )
  })

  it('timed out because the API asks to be read only after the timeout: says so with the time to retry', () => {
    const error = new ApiError(
      'Could not read agent job job_1: HTTP 429, the rate limit is reached; the API asks to wait 1h 00m, more than the 20m 00s left before the timeout, so retry after 2025-01-15 13:10 UTC.',
      429,
      false,
      { retryable: true, retryAfterMs: 3_600_000 }
    )
    const outage = { failedPolls: 1, forMs: 0, error, retryPastDeadline: true }
    const verdict = judgeJob(
      { kind: 'timed-out', record: agentJob({ status: 'active' }), polls: 12, outage },
      accepted,
      THIRTY_MINUTES,
      'job'
    )
    expect(verdict.outcome).toBe('timed-out')
    expect(verdict.failureReason).toBe(
      'Job job_1 was still active when last read, but the API asks to be read again only after the 30m 00s timeout ' +
        '(Could not read agent job job_1: HTTP 429, the rate limit is reached; the API asks to wait 1h 00m, more than the 20m 00s left before the timeout, so retry after 2025-01-15 13:10 UTC); ' +
        'it may finish later: follow job job_1 in the Mintlify dashboard.'
    )
  })
})

describe('not waiting', () => {
  it('reports a started job as a success (wait: false)', () => {
    expect(judgeJob(null, agentJob({ id: 'job_3' }), THIRTY_MINUTES, 'job')).toEqual({
      outcome: 'started',
      result: 'success',
      headline: 'The docs agent accepted job job_3; not waiting for it (wait: false).',
      failureReason: ''
    })
  })

  it('words a follow-up as such', () => {
    expect(judgeJob(null, agentJob({ id: 'job_3' }), THIRTY_MINUTES, 'message').headline).toBe(
      'The docs agent accepted the follow-up to job job_3; not waiting for it (wait: false).'
    )
  })
})

describe('cancellation', () => {
  it('while waiting: failure, saying the job may still be running', () => {
    const verdict = judgeJob({ kind: 'cancelled', record: agentJob({ status: 'active' }), polls: 2 }, accepted, THIRTY_MINUTES, 'job')
    expect(verdict.result).toBe('failure')
    expect(verdict.outcome).toBe('cancelled')
    expect(verdict.failureReason).toBe('The workflow was cancelled while waiting; job job_1 may still be running.')
  })

  it('while starting: failure with the client message', () => {
    const verdict = judgeStartFailure(
      new Error('Could not create the agent job: the workflow was cancelled while the request was in flight.'),
      true
    )
    expect(verdict.result).toBe('failure')
    expect(verdict.outcome).toBe('cancelled')
    expect(verdict.failureReason).toBe('Could not create the agent job: the workflow was cancelled while the request was in flight.')
  })
})

describe('wording', () => {
  it('uses the last record seen, not the accepted one', () => {
    const verdict = judgeJob(
      { kind: 'terminal', record: agentJob({ id: 'job_1', status: 'completed', prLink: PR }), polls: 1 },
      agentJob({ prLink: null }),
      THIRTY_MINUTES,
      'job'
    )
    expect(verdict.outcome).toBe('pr-opened')
  })

  it("says 'unknown' for a job without id", () => {
    const verdict = judgeJob(
      { kind: 'terminal', record: agentJob({ id: null, status: 'completed' }), polls: 1 },
      accepted,
      THIRTY_MINUTES,
      'job'
    )
    expect(verdict.headline).toBe('The docs agent finished job unknown without opening a pull request.')
  })

  it('words a finished follow-up as an update of the pull request, not a new one', () => {
    const verdict = judgeJob(
      { kind: 'terminal', record: agentJob({ id: 'job_1', status: 'completed', prLink: PR }), polls: 1 },
      accepted,
      THIRTY_MINUTES,
      'message'
    )
    expect(verdict).toEqual({
      outcome: 'pr-opened',
      result: 'success',
      headline: `The docs agent finished the follow-up on its pull request: ${PR}`,
      failureReason: ''
    })
  })

  it('does not double the period of a reason', () => {
    expect(finished({ status: 'failed', reason: 'Out of credits. ' }).failureReason).toBe(
      'The docs agent job job_1 failed: Out of credits.'
    )
  })
})
