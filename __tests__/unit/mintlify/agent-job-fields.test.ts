import { describe, expect, it } from '@jest/globals'
import { isKnownStatus, isTerminal, parseJob, parsePullLink, pullNumberOf } from '../../../src/mintlify/job.js'
import { jobRecord } from '../../fixtures/agent-jobs.js'

describe('parseJob', () => {
  it('reads every documented field', () => {
    const record = jobRecord({
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/12',
      archivedAt: '2025-01-15T13:00:00.000Z'
    })
    expect(parseJob(record)).toEqual({
      id: 'job_1',
      status: 'completed',
      repository: 'https://github.com/acme/docs',
      ref: 'main',
      model: 'claude-sonnet-4',
      prLink: 'https://github.com/acme/docs/pull/12',
      createdAt: '2025-01-15T12:00:00.000Z',
      archivedAt: '2025-01-15T13:00:00.000Z',
      reason: null,
      raw: record
    })
  })

  it('keeps fields the API adds later in raw', () => {
    const job = parseJob(jobRecord({ costCents: 12, title: 'Docs for --dry-run' }))
    expect(job.raw.costCents).toBe(12)
    expect(job.raw.title).toBe('Docs for --dry-run')
  })

  it('tolerates a record with no fields at all', () => {
    const job = parseJob({})
    expect([job.id, job.status, job.repository, job.ref, job.model, job.prLink, job.reason]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null
    ])
  })

  it.each([null, 'text', 42, ['a']])('reads %j as an empty record', (body) => {
    const job = parseJob(body)
    expect(job.id).toBeNull()
    expect(job.raw).toEqual({})
  })

  it('treats blank strings as absent', () => {
    const job = parseJob(jobRecord({ prLink: '   ', model: '' }))
    expect(job.prLink).toBeNull()
    expect(job.model).toBeNull()
  })

  it('reads a numeric id as text', () => {
    expect(parseJob(jobRecord({ id: 1234 })).id).toBe('1234')
  })

  it('ignores a source that is not an object', () => {
    const job = parseJob(jobRecord({ source: 'https://github.com/acme/docs' }))
    expect(job.repository).toBeNull()
    expect(job.ref).toBeNull()
  })

  it('takes a reason from error, then message, then reason', () => {
    expect(parseJob(jobRecord({ error: 'Build failed', message: 'm', reason: 'r' })).reason).toBe('Build failed')
    expect(parseJob(jobRecord({ message: 'Repository not connected', reason: 'r' })).reason).toBe('Repository not connected')
    expect(parseJob(jobRecord({ reason: 'Out of credits' })).reason).toBe('Out of credits')
  })
})

describe('statuses', () => {
  it.each(['completed', 'archived', 'failed'])('%s is terminal', (status) => {
    expect(isTerminal(status)).toBe(true)
    expect(isKnownStatus(status)).toBe(true)
  })

  it('active is known and not terminal', () => {
    expect(isTerminal('active')).toBe(false)
    expect(isKnownStatus('active')).toBe(true)
  })

  it.each(['queued', 'COMPLETED', null])('%j is neither known nor terminal', (status) => {
    expect(isTerminal(status)).toBe(false)
    expect(isKnownStatus(status)).toBe(false)
  })
})

describe('pullNumberOf', () => {
  it.each([
    ['https://github.com/acme/docs/pull/12', 12],
    ['https://github.example.com/acme/docs.site/pull/12', 12],
    ['https://GitHub.com/Acme/Docs_-.site/pull/9007199254740991', 9007199254740991]
  ])('reads %j as #%i', (link, number) => {
    expect(pullNumberOf(link)).toBe(number)
  })

  it.each([
    null,
    '',
    'https://github.com/acme/docs/issues/12',
    'https://github.com/acme/docs/pull/12abc',
    'https://github.com/acme/docs/pulls',
    'https://github.com/acme/docs/pull/12/files',
    'https://github.com/acme/docs/pull/12/',
    'https://github.com/acme/docs/pull/7?notification=1',
    'https://github.com/acme/docs/pull/7#discussion',
    'https://github.com/acme/docs/pull/7?',
    'https://github.com/acme/docs/pull/7#',
    'javascript:alert(1)//github.com/acme/docs/pull/5',
    'http://github.com/acme/docs/pull/5',
    'HTTPS://github.com/acme/docs/pull/5 ',
    ' https://github.com/acme/docs/pull/5',
    'https://user:pass@github.com/acme/docs/pull/5',
    'https://github.com@evil.example/acme/docs/pull/5',
    'https://github.com:443/acme/docs/pull/5',
    'https://github.com:8443/acme/docs/pull/5',
    'https://github.com./acme/docs/pull/5',
    'https://127.0.0.1:3000/acme/docs/pull/5',
    'https://[::1]/acme/docs/pull/5',
    'https://github.com/evil/../acme/docs/pull/5x',
    'https://github.com/acme/../pull/5',
    'https://github.com/acme/%2e%2e/pull/5',
    'https://github.com/acme/docs/extra/pull/5',
    'https://github.com/acme/docs/pull/0',
    'https://github.com/acme/docs/pull/05',
    'https://github.com/acme/docs/pull/99999999999999999999',
    'https://github.com/acme/docs/pull/9007199254740993',
    'https://github.com/-acme/docs/pull/5',
    'https://github.com/acme/do cs/pull/5',
    'https://github.com/acme/docs/pull/1$(touch /tmp/x)',
    'https://github.com/acme/docs$(id)/pull/1',
    'https://github.com/acme/`id`/pull/1',
    'https://github.com/acme/docs;id/pull/1',
    'https://github.com/acme/docs/pull/\n1',
    'https://github.com/acme/docs/pull/1\n',
    'https://git\thub.com/acme/docs/pull/1',
    'not a url /pull/5'
  ])('finds no number in %j', (link) => {
    expect(pullNumberOf(link)).toBeNull()
  })
})

describe('parsePullLink', () => {
  it('names the repository and number of a well-formed pull request link, in any repository', () => {
    expect(parsePullLink('https://github.com/octo-org/docs-site/pull/101')).toEqual({ repository: 'octo-org/docs-site', number: 101 })
    expect(parsePullLink('https://ghe.example.com/Team/api.docs/pull/3')).toEqual({ repository: 'Team/api.docs', number: 3 })
  })

  it('names nothing for a javascript: link that merely contains /pull/N', () => {
    expect(parsePullLink('javascript:fetch("//evil.example/acme/docs/pull/5")')).toBeNull()
  })
})
