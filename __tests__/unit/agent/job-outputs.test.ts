import { describe, expect, it } from '@jest/globals'
import { jobOutputs } from '../../../src/operations/agent/outputs.js'
import { defined } from '../../expect-helpers.js'
import { agentJob, jobRecord, jobReport } from '../../fixtures/agent-jobs.js'

describe('jobOutputs', () => {
  it('sets every output from the last job record', () => {
    const record = jobRecord({ status: 'completed', prLink: 'https://github.com/acme/docs/pull/12', extra: 1 })
    const report = jobReport({ job: agentJob(record) })
    expect(jobOutputs(report)).toEqual({
      outcome: 'pr-opened',
      'job-id': 'job_1',
      status: 'completed',
      'pr-link': 'https://github.com/acme/docs/pull/12',
      'pr-number': '12',
      'pr-repository': 'acme/docs',
      'failure-reason': '',
      job: JSON.stringify(record),
      grouped: ''
    })
  })

  it('keeps fields the API adds later in the job output', () => {
    const report = jobReport({ job: agentJob({ costCents: 12 }) })
    expect(JSON.parse(defined(jobOutputs(report).job, 'job output'))).toMatchObject({ id: 'job_1', costCents: 12 })
  })

  it('leaves pr-link and pr-number empty without a pull request', () => {
    const outputs = jobOutputs(jobReport({ job: agentJob({ status: 'completed', prLink: null }) }))
    expect(outputs['pr-link']).toBe('')
    expect(outputs['pr-number']).toBe('')
  })

  it('gives pr-number and pr-repository for a well-formed https pull request link, in any repository', () => {
    const elsewhere = jobOutputs(
      jobReport({ job: agentJob({ status: 'completed', prLink: 'https://github.com/octo-org/docs-site/pull/7' }) })
    )
    expect([elsewhere['pr-link'], elsewhere['pr-number'], elsewhere['pr-repository']]).toEqual([
      'https://github.com/octo-org/docs-site/pull/7',
      '7',
      'octo-org/docs-site'
    ])
  })

  it.each([
    'javascript:alert(1)//x/acme/docs/pull/5',
    'https://github.com/o/r/pull/1$(touch /tmp/x)',
    'https://github.com/o/r/pull/1?`id`',
    'https://github.com/o/r/pull/1\nrm -rf ~'
  ])('leaves pr-link, pr-number and pr-repository empty for %j, whose raw value stays in job', (prLink) => {
    const outputs = jobOutputs(jobReport({ job: agentJob({ status: 'completed', prLink }) }))
    expect([outputs['pr-link'], outputs['pr-number'], outputs['pr-repository']]).toEqual(['', '', ''])
    expect(JSON.parse(defined(outputs.job, 'job output'))).toMatchObject({ prLink })
  })

  it('sets failure-reason and empties the job outputs when the API never accepted the request', () => {
    const reason = 'Could not create the agent job: HTTP 401, the API key is invalid or expired.'
    const outputs = jobOutputs(
      jobReport({ verdict: { outcome: 'failed', result: 'failure', headline: reason, failureReason: reason }, job: null })
    )
    expect(outputs).toEqual({
      outcome: 'failed',
      'job-id': '',
      status: '',
      'pr-link': '',
      'pr-number': '',
      'pr-repository': '',
      'failure-reason': reason,
      job: '',
      grouped: ''
    })
  })

  it('says whether a group-runs run continued the open agent pull request or opened a new job', () => {
    const pull = 'https://github.com/acme/docs/pull/12'
    expect(jobOutputs(jobReport({ grouped: { kind: 'continued', pull } })).grouped).toBe('continued')
    expect(jobOutputs(jobReport({ grouped: { kind: 'new', pull: null } })).grouped).toBe('new')
  })
})
