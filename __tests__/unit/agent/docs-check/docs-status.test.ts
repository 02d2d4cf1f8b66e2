/**
 * The docs check's commit status: the state, description and link of each situation, in DESIGN's words,
 * as plain text cut to GitHub's 140 characters, with the API key never in it.
 */
import { describe, expect, it } from '@jest/globals'
import { type DocsSituation, docsStatus, type JobEnding, situationAfterJob } from '../../../../src/operations/agent/decide/commit-status.js'
import { redact } from '../../../../src/redaction.js'

const RUN = 'https://github.com/acme/app/actions/runs/9'
const PR = 'https://github.com/acme/docs/pull/42'
const keep = (text: string): string => text

describe('docs status: each situation', () => {
  const cases: [string, DocsSituation, string, string, string | null][] = [
    ['a job at work', { kind: 'working', jobId: 'job-41' }, 'pending', 'The docs agent is working (job job-41)', RUN],
    [
      'the agent opened its pull request',
      { kind: 'documented', pull: { repository: 'acme/docs', number: 42 }, url: PR },
      'success',
      'Documented in acme/docs#42',
      PR
    ],
    [
      'a pull request link of another shape',
      { kind: 'documented', pull: null, url: 'https://gitlab.example/docs/-/merge_requests/3' },
      'success',
      'Documented in https://gitlab.example/docs/-/merge_requests/3',
      'https://gitlab.example/docs/-/merge_requests/3'
    ],
    ['the agent changed nothing', { kind: 'no-changes' }, 'success', 'No docs change needed: the agent changed nothing', RUN],
    [
      'the job failed',
      { kind: 'failed', reason: 'The docs agent job job-41 failed: out of credits.' },
      'failure',
      'The docs agent job job-41 failed: out of credits.',
      RUN
    ],
    ['a failure without a reason', { kind: 'failed', reason: '' }, 'failure', 'The docs agent job failed.', RUN],
    [
      'the wait timed out',
      { kind: 'errored', reason: 'Job job-41 was still active after the 30m timeout.' },
      'error',
      'Job job-41 was still active after the 30m timeout.',
      RUN
    ],
    ['an error without a reason', { kind: 'errored', reason: '' }, 'error', 'The docs check could not see the job end.', RUN],
    [
      'a skip with a reason, on a known head',
      { kind: 'skipped', skip: { login: 'octocat', reason: 'tests only', at: '2026-03-01T12:00:00.000Z', sha: '5ca1ab1e'.repeat(5) } },
      'success',
      'Docs skipped by @octocat at 5ca1ab1: tests only',
      RUN
    ],
    [
      'a skip without a reason, on a known head',
      { kind: 'skipped', skip: { login: 'octocat', reason: '', at: '2026-03-01T12:00:00.000Z', sha: '5ca1ab1e'.repeat(5) } },
      'success',
      'Docs skipped by @octocat at 5ca1ab1',
      RUN
    ],
    [
      'a skip with a reason, its head unknown',
      { kind: 'skipped', skip: { login: 'octocat', reason: 'tests only', at: '2026-03-01T12:00:00.000Z', sha: '' } },
      'success',
      'Docs skipped by @octocat: tests only',
      RUN
    ],
    [
      'a skip without a reason, its head unknown',
      { kind: 'skipped', skip: { login: 'octocat', reason: '', at: '2026-03-01T12:00:00.000Z', sha: '' } },
      'success',
      'Docs skipped by @octocat',
      RUN
    ],
    ['no documented file changed', { kind: 'nothing-documented' }, 'success', 'No documented files changed', RUN],
    [
      "a fork's pull request",
      { kind: 'waiting-for-maintainer', trigger: '/docs' },
      'pending',
      'Waiting for a maintainer: /docs to document it, /docs skip if it needs none',
      RUN
    ],
    [
      "a fork's pull request with another trigger",
      { kind: 'waiting-for-maintainer', trigger: '/mintlify' },
      'pending',
      'Waiting for a maintainer: /mintlify to document it, /mintlify skip if it needs none',
      RUN
    ],
    [
      'a recorded status carried over, with its own link',
      {
        kind: 'carried',
        status: {
          state: 'failure',
          description: 'The docs agent job job-41 failed.',
          targetUrl: 'https://github.com/acme/app/actions/runs/7'
        }
      },
      'failure',
      'The docs agent job job-41 failed.',
      'https://github.com/acme/app/actions/runs/7'
    ]
  ]

  it.each(cases)('%s', (_, situation, state, description, targetUrl) => {
    expect(docsStatus(situation, RUN, keep)).toEqual({ state, description, targetUrl })
  })

  it('links to nothing when the run has no URL, except the agent pull request', () => {
    expect(docsStatus({ kind: 'no-changes' }, null, keep).targetUrl).toBeNull()
    expect(docsStatus({ kind: 'documented', pull: null, url: PR }, null, keep).targetUrl).toBe(PR)
  })
})

describe('docs status: descriptions are one plain line of at most 140 characters', () => {
  const failed = (reason: string): string => docsStatus({ kind: 'failed', reason }, RUN, keep).description

  it('keeps exactly 140 characters as they are', () => {
    expect(failed('x'.repeat(140))).toBe('x'.repeat(140))
  })

  it('cuts a longer text to 139 characters and an ellipsis', () => {
    expect(failed('x'.repeat(141))).toBe(`${'x'.repeat(139)}…`)
  })

  it('cuts at a space without leaving it before the ellipsis', () => {
    expect(failed(`${'x'.repeat(138)} yyyy`)).toBe(`${'x'.repeat(138)}…`)
  })

  it('never splits a surrogate pair', () => {
    const description = failed(`${'x'.repeat(138)}😀😀`)
    expect(description).toBe(`${'x'.repeat(138)}…`)
    expect(description.length).toBeLessThanOrEqual(140)
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(description)).toBe(false)
  })

  it('keeps a surrogate pair that fits whole', () => {
    expect(failed(`${'x'.repeat(137)}😀yyyy`)).toBe(`${'x'.repeat(137)}😀…`)
  })

  it('puts line breaks and control characters on one line', () => {
    expect(failed('first line\n\nsecond\tline\r\n\u0000third\u2028fourth')).toBe('first line second line third fourth')
  })

  it('cuts the longest skip reason to 140', () => {
    const skip = { login: 'a'.repeat(39), reason: 'r'.repeat(300), at: '2026-03-01T12:00:00.000Z', sha: 'f'.repeat(40) }
    const { description } = docsStatus({ kind: 'skipped', skip }, RUN, keep)
    expect(description).toBe(`Docs skipped by @${'a'.repeat(39)} at fffffff: ${'r'.repeat(139 - 30 - 39)}…`)
    expect(description).toHaveLength(140)
  })

  it('re-cuts a carried description that is too long', () => {
    const status = { state: 'success', description: 'd'.repeat(200), targetUrl: null } as const
    expect(docsStatus({ kind: 'carried', status }, RUN, keep).description).toBe(`${'d'.repeat(139)}…`)
  })
})

describe('docs status: the API key never appears', () => {
  const KEY = 'mint_0123456789abcdefSECRET'
  const clean = (text: string): string => redact(text, KEY)

  it.each([
    ['plain', `401: key ${KEY} is invalid`],
    ['URL-encoded', `401: key ${encodeURIComponent(KEY).replace('_', '%5F')} is invalid`],
    ['JSON-escaped', `401: key ${KEY.replace('_', '\\u005f')} is invalid`]
  ])('cuts a %s key out of a reason', (_, reason) => {
    for (const kind of ['failed', 'errored'] as const) {
      const { description } = docsStatus({ kind, reason }, RUN, clean)
      expect(description).toBe('401: key *** is invalid')
    }
  })

  it('cuts the key before cutting the text, so no part of it is left at the end', () => {
    const reason = `${'x'.repeat(130)} ${KEY}`
    const { description } = docsStatus({ kind: 'failed', reason }, RUN, clean)
    expect(description).toBe(`${'x'.repeat(130)} ***`)
    expect(description).not.toContain('mint_')
  })

  it('cleans a carried description too', () => {
    const status = { state: 'error', description: `key ${KEY}`, targetUrl: RUN } as const
    expect(docsStatus({ kind: 'carried', status }, RUN, clean).description).toBe('key ***')
  })
})

describe('docs status: over budget', () => {
  it('is pending with the reset and the commands, within 140 characters', () => {
    const description = 'Spend limit reached until Mon 14 Dec 00:00 UTC: /docs or /docs skip'
    expect(docsStatus({ kind: 'over-budget', description }, RUN, (text) => text)).toEqual({ state: 'pending', description, targetUrl: RUN })
  })
})

describe('docs status: after the job', () => {
  const pull = { repository: 'acme/docs', number: 42 }
  const base: JobEnding = { outcome: 'pr-opened', reason: '', prLink: PR, pull, apiError: false, overBudget: '' }
  const untilMonday = 'Spend limit reached until Mon 14 Dec 00:00 UTC: /docs or /docs skip'

  it.each([
    ['pr-opened', base, { kind: 'documented', pull, url: PR }],
    ['pr-opened with a link of another shape', { ...base, pull: null }, { kind: 'documented', pull: null, url: PR }],
    ['no-changes', { ...base, outcome: 'no-changes', prLink: null, pull: null }, { kind: 'no-changes' }],
    ['failed', { ...base, outcome: 'failed', reason: 'Job failed.', prLink: null }, { kind: 'failed', reason: 'Job failed.' }],
    [
      'failed by the API',
      { ...base, outcome: 'failed', reason: '401 …', prLink: null, apiError: true },
      { kind: 'errored', reason: '401 …' }
    ],
    [
      'archived without a pull request',
      { ...base, outcome: 'archived', reason: 'Archived.', prLink: null },
      { kind: 'failed', reason: 'Archived.' }
    ],
    ['archived with a pull request', { ...base, outcome: 'archived', reason: 'Archived.' }, { kind: 'documented', pull, url: PR }],
    ['timed-out', { ...base, outcome: 'timed-out', reason: 'Still active.', prLink: null }, { kind: 'errored', reason: 'Still active.' }],
    ['cancelled', { ...base, outcome: 'cancelled', reason: 'Cancelled.', prLink: null }, { kind: 'errored', reason: 'Cancelled.' }],
    ['started (wait: false) leaves the status pending', { ...base, outcome: 'started', prLink: null }, null],
    [
      'over-budget: pending until the window resets, never success',
      { ...base, outcome: 'over-budget', reason: 'Spend limit reached: …', prLink: null, pull: null, overBudget: untilMonday },
      { kind: 'over-budget', description: untilMonday }
    ]
  ] satisfies [string, JobEnding, DocsSituation | null][])('%s', (_, ending, situation) => {
    expect(situationAfterJob(ending)).toEqual(situation)
  })
})
