/**
 * Signed records (DESIGN, "Who may steer the agent": "Records are signed"): the record key's derivation
 * (RFC 5869), what a signature covers (every record, the repository and the number), what breaks it, and
 * that the key shows itself nowhere.
 */
import { describe, expect, it } from '@jest/globals'
import { createHmac } from 'node:crypto'
import { inspect } from 'node:util'
import { jobMarker, stickyMarker } from '../../../src/github/markers.js'
import { hkdfSha256, readSignedRecords, recordKey, type RecordSubject, sealRecords } from '../../../src/trust/signed-records.js'
import { renderRecord } from '../../../src/operations/agent/decide/docs-record.js'
import type { IssueComment } from '../../../src/github/api.js'
import { CommentRecords, recordSubject } from '../../../src/operations/agent/comment-records.js'
import { fetchDocsRecord } from '../../../src/operations/agent/read/docs-check-reads.js'
import { defined } from '../../expect-helpers.js'
import { BOT_LOGIN, fakeGitHub, recordComment } from '../../fixtures/fake-github.js'
import { recordingLog } from '../../fixtures/recording-log.js'
import { signedComment } from '../../fixtures/signed-comments.js'
import { API_KEY } from '../../fixtures/step-settings.js'
import { VIRTUAL_T0, VirtualClock } from '../../fixtures/virtual-clock.js'

const KEY = recordKey(API_KEY)
const ABOUT: RecordSubject = { repository: 'acme/docs', number: 30 }
const JOB = defined(jobMarker('job_7', { repository: 'acme/api', workflow: 'Docs agent', branch: 'main' }))
const DOCS_STATE = defined(
  renderRecord({
    agentPull: { repository: 'acme/docs', number: 30 },
    jobId: 'job_7',
    status: { state: 'success', description: 'Documented in acme/docs#30', targetUrl: null },
    skip: null,
    shown: []
  })
)
/** A comment as the action writes it: a sticky marker (no record), text, a job marker with its origin, a docs state. */
const BODY = `${stickyMarker('docs/agent')}\n### ✅ Done\n\n${JOB}\nSome text.\n${DOCS_STATE}\n`
const SIGNATURE = /<!-- docs-agent-action:signature v1 ([0-9a-f]{32}) -->/g

const hex = (text: string): Buffer => Buffer.from(text.replace(/\s+/g, ''), 'hex')

describe('the record key', () => {
  // RFC 5869, appendix A: the derivation recordKey runs, against the RFC's own vectors.
  it.each([
    [
      'test case 1',
      '000102030405060708090a0b0c',
      'f0f1f2f3f4f5f6f7f8f9',
      '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865'
    ],
    [
      'test case 3 (empty salt and info, as recordKey uses an empty salt)',
      '',
      '',
      '8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8'
    ]
  ])('HKDF-SHA256 gives RFC 5869 %s', (_, salt, info, okm) => {
    expect(hkdfSha256(Buffer.alloc(22, 0x0b), hex(salt), hex(info), 42).toString('hex')).toBe(okm)
  })

  it('is HKDF-SHA256 of the API key (empty salt, info "docs-agent-action record v1", 32 bytes), keying HMAC-SHA256 cut to 128 bits', () => {
    const derived = hkdfSha256(Buffer.from(API_KEY), Buffer.alloc(0), Buffer.from('docs-agent-action record v1'), 32)
    const signed = JSON.stringify(['acme/docs', 30, JOB.split('\n')[0], JOB.split('\n')[1], DOCS_STATE])
    const expected = createHmac('sha256', derived).update(signed).digest().subarray(0, 16).toString('hex')

    expect([...sealRecords(BODY, KEY, ABOUT).matchAll(SIGNATURE)].map((match) => match[1])).toEqual([expected])
  })

  it('shows itself as [record key] in every text form, never its bytes nor the API key', () => {
    const derived = hkdfSha256(Buffer.from(API_KEY), Buffer.alloc(0), Buffer.from('docs-agent-action record v1'), 32)
    const forms = [
      String(KEY),
      [KEY].join(),
      JSON.stringify(KEY),
      JSON.stringify({ key: KEY }),
      inspect(KEY),
      inspect(KEY, { showHidden: true, depth: Infinity }),
      inspect({ nested: { key: KEY } }, { showHidden: true }),
      inspect(KEY, { customInspect: false, showHidden: true }),
      Object.keys(KEY).join(','),
      Object.getOwnPropertyNames(KEY).join(',')
    ]
    expect(forms.slice(0, 5)).toEqual(['[record key]', '[record key]', '"[record key]"', '{"key":"[record key]"}', '[record key]'])
    const secrets = [
      API_KEY,
      derived.toString('hex'),
      derived.toString('base64'),
      derived.toString('base64url'),
      derived.toString('latin1')
    ]
    for (const form of [...forms, sealRecords(BODY, KEY, ABOUT)]) for (const secret of secrets) expect(form.includes(secret)).toBe(false)
  })
})

describe('sealing and reading back', () => {
  it('verifies what it sealed, handing back the records alone, in order', () => {
    const sealed = sealRecords(BODY, KEY, ABOUT)

    expect(sealed.startsWith(BODY)).toBe(true)
    expect(sealed.slice(BODY.length)).toMatch(/^<!-- docs-agent-action:signature v1 [0-9a-f]{32} -->$/)
    expect(readSignedRecords(sealed, KEY, ABOUT)).toEqual({ kind: 'verified', body: `${JOB}\n${DOCS_STATE}` })
  })

  it('verifies under the same API key derived again, and the repository in any letter case', () => {
    const sealed = sealRecords(BODY, KEY, ABOUT)
    expect(readSignedRecords(sealed, recordKey(API_KEY), { repository: 'ACME/Docs', number: 30 }).kind).toBe('verified')
  })

  it('signs a kind of record added later (the rounds of fix-checks) with no change', () => {
    const rounds = '<!-- docs-agent-action:fix-checks v1 2 -->'
    const sealed = sealRecords(`${JOB}\n${rounds}\n`, KEY, ABOUT)

    expect(readSignedRecords(sealed, KEY, ABOUT)).toEqual({ kind: 'verified', body: `${JOB}\n${rounds}` })
    expect(readSignedRecords(sealed.replace('v1 2', 'v1 0'), KEY, ABOUT).kind).toBe('rejected')
  })

  it('leaves a body without records as it is, and reads none there', () => {
    for (const body of ['Looks good to me.', `${stickyMarker('docs/agent')}\n### ⏳ Docs agent is working\n`, '']) {
      expect(sealRecords(body, KEY, ABOUT)).toBe(body)
      expect(readSignedRecords(body, KEY, ABOUT)).toEqual({ kind: 'none' })
    }
  })

  it('reads none where only a signature is left (its records were deleted)', () => {
    const sealed = sealRecords(`${JOB}\n`, KEY, ABOUT)
    expect(readSignedRecords(sealed.replace(JOB, ''), KEY, ABOUT)).toEqual({ kind: 'none' })
  })

  it('replaces the signature when sealing again, so an edited comment is signed for what it now holds', () => {
    const sealed = sealRecords(BODY, KEY, ABOUT)
    const grown = `${sealed}\n- one more line\n<!-- docs-agent-action:origin acme%2Fapi Nightly main -->\n`
    const resealed = sealRecords(grown, KEY, ABOUT)

    expect(sealRecords(sealed, KEY, ABOUT)).toBe(sealed)
    expect(resealed.match(SIGNATURE)).toHaveLength(1)
    expect(readSignedRecords(grown, KEY, ABOUT).kind).toBe('rejected')
    expect(readSignedRecords(resealed, KEY, ABOUT)).toEqual({
      kind: 'verified',
      body: `${JOB}\n${DOCS_STATE}\n<!-- docs-agent-action:origin acme%2Fapi Nightly main -->`
    })
  })

  it('verifies a signature moved within the comment: it covers the records wherever it stands', () => {
    const sealed = sealRecords(BODY, KEY, ABOUT)
    const signature = defined(sealed.match(SIGNATURE)?.[0])
    const moved = `${signature}\n${sealed.replace(`\n${signature}`, '')}`
    expect(moved.startsWith(signature)).toBe(true)
    expect(readSignedRecords(moved, KEY, ABOUT)).toEqual(readSignedRecords(sealed, KEY, ABOUT))
  })

  it('keeps the sticky marker out of what it signs: that comment is found by it, nothing is decided by it', () => {
    const sealed = sealRecords(BODY, KEY, ABOUT)
    expect(readSignedRecords(sealed.replace('docs/agent', 'other/job'), KEY, ABOUT).kind).toBe('verified')
  })
})

describe('what a signature does not survive', () => {
  const sealed = sealRecords(BODY, KEY, ABOUT)

  it('any changed character of any record', () => {
    const records = [...JOB.split('\n'), DOCS_STATE]
    let tried = 0
    for (const record of records) {
      const from = sealed.indexOf(record)
      for (let at = from; at < from + record.length; at++) {
        const changed = sealed.slice(0, at) + (sealed[at] === 'x' ? 'y' : 'x') + sealed.slice(at + 1)
        // A change that leaves a marker breaks the signature; one that unmakes it leaves the other records signed for three.
        expect(readSignedRecords(changed, KEY, ABOUT).kind).toBe('rejected')
        tried++
      }
    }
    expect(tried).toBe(records.join('').length)
  })

  it.each<[string, string]>([
    ['a record added', `${sealed}\n<!-- docs-agent-action:job job_forged -->`],
    ['a record removed', sealed.replace(`${DOCS_STATE}\n`, '')],
    ['two records swapped', sealed.replace(JOB, '@@').replace(DOCS_STATE, JOB).replace('@@', DOCS_STATE)],
    ['a record written twice', sealed.replace(DOCS_STATE, `${DOCS_STATE}\n${DOCS_STATE}`)],
    ['the signature changed', sealed.replace(/v1 ([0-9a-f])/, (_, c: string) => `v1 ${c === '0' ? '1' : '0'}`)],
    ['the signature in capitals', sealed.replace(/[0-9a-f]{32} -->$/, (signature) => signature.toUpperCase())],
    ['the signature cut short', sealed.replace(/([0-9a-f]{31})[0-9a-f] -->$/, '$1 -->')],
    ['the signature removed', sealed.replace(SIGNATURE, '')],
    ['the signature written twice', `${sealed}\n${defined(sealed.match(SIGNATURE)?.[0])}`],
    ['a second, other signature', `${sealed}\n<!-- docs-agent-action:signature v1 ${'0'.repeat(32)} -->`],
    ['a signature of another version', sealed.replace('signature v1', 'signature v2')]
  ])('%s', (_, body) => {
    expect(readSignedRecords(body, KEY, ABOUT)).toEqual({ kind: 'rejected' })
  })

  it('another pull request, another repository, another API key', () => {
    expect(readSignedRecords(sealed, KEY, { ...ABOUT, number: 31 }).kind).toBe('rejected')
    expect(readSignedRecords(sealed, KEY, { ...ABOUT, repository: 'acme/api' }).kind).toBe('rejected')
    expect(readSignedRecords(sealed, recordKey(`${API_KEY}x`), ABOUT).kind).toBe('rejected')
  })

  it('a record written before records were signed: rejected, never read as it stands', () => {
    expect(readSignedRecords(BODY, KEY, ABOUT)).toEqual({ kind: 'rejected' })
    expect(readSignedRecords(`Agent job\n${defined(jobMarker('job_1'))}\n`, KEY, ABOUT)).toEqual({ kind: 'rejected' })
  })
})

describe("a run's comments (CommentRecords)", () => {
  const url = (id: number): string => `https://github.com/acme/docs/pull/30#issuecomment-${id}`
  const comment = (id: number, body: string) => ({ id, url: url(id), body })

  it('keeps the comments whose records verify, in order, each with its records; one notice per rejected comment, however often read', () => {
    const log = recordingLog()
    const records = new CommentRecords(API_KEY, log, new VirtualClock())
    const about = recordSubject({ owner: 'acme', repo: 'docs' }, 30)
    const comments = [
      comment(1, signedComment(`${JOB}\n`, ABOUT, API_KEY)),
      comment(2, 'No record here.'),
      comment(3, `Agent job\n${JOB}\n`),
      comment(4, signedComment(`${DOCS_STATE}\n`, ABOUT, API_KEY)),
      comment(5, signedComment(`${JOB}\n`, { ...ABOUT, number: 29 }, API_KEY))
    ]

    const first = records.verified(comments, about)
    records.verified(comments, about)

    expect(first.map((c) => [c.id, c.records])).toEqual([
      [1, JOB],
      [4, DOCS_STATE]
    ])
    expect(log.messages('notice')).toEqual([
      `1 record in ${url(3)} was not written by this action, or with another API key: ignored`,
      `1 record in ${url(5)} was not written by this action, or with another API key: ignored`
    ])
  })

  it('says once when older comments than the newest 1,000 went unread, and not otherwise', () => {
    const log = recordingLog()
    const records = new CommentRecords(API_KEY, log, new VirtualClock())
    const about = recordSubject({ owner: 'acme', repo: 'docs' }, 30)
    const read = Object.assign([comment(1, signedComment(`${JOB}\n`, ABOUT, API_KEY))], { olderUnread: true })

    expect(records.verified(read, about).map((c) => c.id)).toEqual([1])
    records.verified(read, about)
    records.verified(Object.assign([], { olderUnread: false }), recordSubject({ owner: 'acme', repo: 'docs' }, 31))

    expect(log.messages('notice')).toEqual([
      '#30 has more than 1,000 comments: only the newest 1,000 were read, so an older record of this action there was not found.'
    ])
  })

  it('seals a body for the issue or pull request it goes on, placed at the time of writing (in seconds, with nothing read there)', () => {
    const records = new CommentRecords(API_KEY, recordingLog(), new VirtualClock())
    const sealed = records.seal(BODY, recordSubject({ owner: 'acme', repo: 'docs' }, 30))
    const at = { number: Math.floor(VIRTUAL_T0 / 1000), at: new Date(VIRTUAL_T0).toISOString() }
    expect(sealed).toBe(signedComment(BODY, ABOUT, API_KEY, at))
    expect(readSignedRecords(sealed, KEY, ABOUT).kind).toBe('verified')
  })
})

describe("the docs check's record (fetchDocsRecord)", () => {
  const PULL = { repository: 'acme/docs', number: 7, fork: false }
  const stateOf = (jobId: string): string =>
    defined(renderRecord({ agentPull: null, jobId, status: null, skip: null, shown: [] }), 'the docs state')
  const read = async (comments: IssueComment[]) => {
    const log = recordingLog()
    const github = fakeGitHub({ comments: new Map([[7, comments]]) })
    const { record, own } = await fetchDocsRecord(github.api, PULL, new CommentRecords(API_KEY, log, new VirtualClock()), {
      kind: 'other',
      name: 'schedule'
    })
    return { jobId: record?.jobId ?? null, own: own.map((comment) => comment.id), notices: log.messages('notice') }
  }

  it('is the newest signed record of the pull request; an edited or copied one is ignored with its notice, and every own comment is kept', async () => {
    const comments = [
      recordComment(7, { id: 1, login: BOT_LOGIN, body: stateOf('job_1'), updatedAt: '2024-05-01T10:00:00Z' }),
      recordComment(8, { id: 2, login: BOT_LOGIN, body: stateOf('job_copied'), updatedAt: '2024-05-01T11:00:00Z' }),
      recordComment(7, { id: 3, login: BOT_LOGIN, body: stateOf('job_3'), updatedAt: '2024-05-01T12:00:00Z' }),
      recordComment(7, { id: 4, login: 'mallory', body: stateOf('job_mallory'), updatedAt: '2024-05-01T13:00:00Z' })
    ]
    const edited = defined(comments[2])
    edited.body = edited.body.replace(stateOf('job_3'), stateOf('job_edited'))

    expect(await read(comments)).toEqual({
      jobId: 'job_1',
      own: [1, 2, 3],
      notices: [2, 3].map(
        (id) => `1 record in ${defined(comments[id - 1]).url} was not written by this action, or with another API key: ignored`
      )
    })
  })
})
