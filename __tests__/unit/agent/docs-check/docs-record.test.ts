/**
 * The docs state of a code pull request, in a hidden marker: rendered, read back, and chosen among the
 * comments of the pull request. No comment text can break the marker or forge a record.
 */
import { describe, expect, it } from '@jest/globals'
import {
  type DocsRecord,
  EMPTY_RECORD,
  MAX_SHOWN,
  newestRecord,
  parseRecord,
  type RecordComment,
  type RecordUpdate,
  recordWith,
  renderRecord,
  updateRecord
} from '../../../../src/operations/agent/decide/docs-record.js'
import { MAX_SKIP_REASON } from '../../../../src/operations/agent/decide/skip-command.js'

const FULL: DocsRecord = {
  agentPull: { repository: 'acme/docs', number: 42 },
  jobId: 'job-41',
  status: { state: 'success', description: 'Documented in acme/docs#42', targetUrl: 'https://github.com/acme/docs/pull/42' },
  skip: null,
  shown: []
}
const SKIPPED: DocsRecord = {
  ...FULL,
  status: {
    state: 'success',
    description: 'Docs skipped by @octocat at 5ca1ab1: tests only',
    targetUrl: 'https://github.com/acme/app/actions/runs/9'
  },
  skip: { login: 'octocat', reason: 'tests only', at: '2026-03-01T12:00:00.000Z', sha: '5ca1ab1e'.repeat(5) }
}
/** A fork's pull request shown as waiting for a maintainer at two heads. */
const SHOWN: DocsRecord = {
  ...EMPTY_RECORD,
  shown: [
    { sha: 'a'.repeat(40), at: '2026-03-01T10:00:00.000Z' },
    { sha: 'b'.repeat(40), at: '2026-03-01T11:00:00.000Z' }
  ]
}

function rendered(record: DocsRecord): string {
  const marker = renderRecord(record)
  if (marker === null) throw new Error('the record did not render')
  return marker
}

function encoded(value: unknown): string {
  return `<!-- docs-agent-action:docs-state v1 ${Buffer.from(JSON.stringify(value)).toString('base64url')} -->`
}

describe('docs record: render and read back', () => {
  it.each([
    ['an empty record', EMPTY_RECORD],
    ['a documented pull request', FULL],
    ['a skip', SKIPPED],
    [
      'a pending status without a link',
      { ...EMPTY_RECORD, jobId: 'a.b:c_d-1', status: { state: 'pending', description: 'x', targetUrl: null } }
    ],
    ['a bot that skipped', { ...EMPTY_RECORD, skip: { login: 'renovate[bot]', reason: '', at: '2026-01-31T23:59:59.999Z', sha: '' } }],
    ["a fork's heads shown as waiting", SHOWN],
    ['a loopback link', { ...EMPTY_RECORD, status: { state: 'error', description: 'Timed out', targetUrl: 'http://127.0.0.1:8080/run/1' } }]
  ] satisfies [string, DocsRecord][])('reads %s back exactly', (_, record) => {
    expect(parseRecord(`Status comment\n\n${rendered(record)}\n`)).toEqual(record)
  })

  it('writes one line of letters a comment cannot end or reach', () => {
    expect(rendered(SKIPPED)).toMatch(/^<!-- docs-agent-action:docs-state v1 [A-Za-z0-9_-]+ -->$/)
  })

  const hostile: [string, string, string][] = [
    ['an HTML comment end', 'fine --> <img src=x onerror=alert(1)>', 'fine --> <img src=x onerror=alert(1)>'],
    ['a forged marker', '<!-- docs-agent-action:docs-state v1 e30 -->', '<!-- docs-agent-action:docs-state v1 e30 -->'],
    ['line breaks', 'one\ntwo\r\nthree\u2028four', 'one two three four'],
    ['control characters', 'bell\u0007 and\u0000nul\u009b', 'bell and nul'],
    ['mentions', '@acme/everyone @octocat please', '@acme/everyone @octocat please'],
    ['a lone surrogate', 'broken \ud800 pair', 'broken \ud800 pair'],
    ['markdown and quotes', '**bold** `code` "quoted" \\ back', '**bold** `code` "quoted" \\ back']
  ]
  it.each(hostile)('keeps a reason with %s to itself', (_, reason, kept) => {
    const record = { ...SKIPPED, skip: { ...SKIPPED.skip!, reason } }
    const marker = rendered(record)
    expect(marker).toMatch(/^<!-- docs-agent-action:docs-state v1 [A-Za-z0-9_-]+ -->$/)
    expect(parseRecord(`${marker}\n${reason}`)?.skip?.reason).toBe(kept)
  })

  it('cuts a very long reason to its limit, and a long description to 140, and still reads them back', () => {
    const long = {
      ...SKIPPED,
      status: { ...FULL.status!, description: 'd'.repeat(500) },
      skip: { ...SKIPPED.skip!, reason: 'r'.repeat(10_000) }
    }
    const read = parseRecord(rendered(long))
    expect(read?.skip?.reason).toBe(`${'r'.repeat(MAX_SKIP_REASON - 1)}…`)
    expect(read?.status?.description).toBe(`${'d'.repeat(139)}…`)
  })

  it(`keeps the newest ${MAX_SHOWN} shown heads`, () => {
    const shown = Array.from({ length: MAX_SHOWN + 2 }, (_, i) => ({ sha: String(i).repeat(40), at: `2026-03-01T1${i}:00:00.000Z` }))
    expect(parseRecord(rendered({ ...EMPTY_RECORD, shown }))?.shown).toEqual(shown.slice(-MAX_SHOWN))
  })

  it('renders only the fields of a record, whatever else its objects carry', () => {
    const wide = { ...FULL, agentPull: { repository: 'acme/docs', number: 42, url: 'https://x' }, extra: true } as DocsRecord
    expect(parseRecord(rendered(wide))).toEqual(FULL)
  })

  it.each([
    ['a job id with a space', { ...FULL, jobId: 'job 41' }],
    ['a job id too long', { ...FULL, jobId: 'j'.repeat(121) }],
    ['a javascript: link', { ...FULL, status: { ...FULL.status!, targetUrl: 'javascript:alert(1)' } }],
    ['a repository without its owner', { ...FULL, agentPull: { repository: 'docs', number: 42 } }],
    ['a pull request number 0', { ...FULL, agentPull: { repository: 'acme/docs', number: 0 } }],
    ['a skip time that is no ISO time', { ...SKIPPED, skip: { ...SKIPPED.skip!, at: 'yesterday' } }],
    ['a login with a space', { ...SKIPPED, skip: { ...SKIPPED.skip!, login: 'octo cat' } }],
    ['a skip head that is no commit', { ...SKIPPED, skip: { ...SKIPPED.skip!, sha: 'main' } }],
    ['a shown head that is no commit', { ...SHOWN, shown: [{ sha: 'HEAD', at: '2026-03-01T10:00:00.000Z' }] }],
    ['a shown time that is no ISO time', { ...SHOWN, shown: [{ sha: 'a'.repeat(40), at: 'now' }] }]
  ] satisfies [string, DocsRecord][])('renders nothing for %s, which would not read back', (_, record) => {
    expect(renderRecord(record)).toBeNull()
  })
})

describe('docs record: anything malformed reads as no record', () => {
  const plain = { agentPull: null, jobId: null, status: null, skip: null, shown: [] }
  const skip = { login: 'a', reason: '', at: '2026-03-01T12:00:00.000Z', sha: '' }
  const head = { sha: 'a'.repeat(40), at: '2026-03-01T12:00:00.000Z' }
  it.each([
    ['no marker', 'Just a comment'],
    ['the job marker of an agent pull request', '<!-- docs-agent-action:job job-41 -->'],
    ['another version', encoded(plain).replace(' v1 ', ' v2 ')],
    ['an empty payload', '<!-- docs-agent-action:docs-state v1  -->'],
    ['letters outside base64url', '<!-- docs-agent-action:docs-state v1 e30+/= -->'],
    ['a payload that is no JSON', `<!-- docs-agent-action:docs-state v1 ${Buffer.from('{nope').toString('base64url')} -->`],
    ['JSON that is no object', encoded([1, 2])],
    ['null', encoded(null)],
    ['a missing field', encoded({ agentPull: null, jobId: null, status: null, skip: null })],
    ['a record from before shown heads', encoded({ agentPull: null, jobId: null, status: null, skip: null })],
    ['an extra field', encoded({ ...plain, admin: true })],
    ['a number as job id', encoded({ ...plain, jobId: 41 })],
    ['an unknown state', encoded({ ...plain, status: { state: 'neutral', description: '', targetUrl: null } })],
    ['a description over 140', encoded({ ...plain, status: { state: 'success', description: 'x'.repeat(141), targetUrl: null } })],
    ['a description with a line break', encoded({ ...plain, status: { state: 'success', description: 'a\nb', targetUrl: null } })],
    ['a ftp link', encoded({ ...plain, status: { state: 'success', description: 'x', targetUrl: 'ftp://x/y' } })],
    ['a number in a string', encoded({ ...plain, agentPull: { repository: 'acme/docs', number: '42' } })],
    ['a fractional number', encoded({ ...plain, agentPull: { repository: 'acme/docs', number: 4.2 } })],
    ['a reason over the limit', encoded({ ...plain, skip: { ...skip, reason: 'r'.repeat(301) } })],
    ['a time in another form', encoded({ ...plain, skip: { ...skip, at: '2026-03-01 12:00' } })],
    ['a skip without its login', encoded({ ...plain, skip: { reason: '', at: '2026-03-01T12:00:00.000Z', sha: '' } })],
    ['a skip without its head', encoded({ ...plain, skip: { login: 'a', reason: '', at: '2026-03-01T12:00:00.000Z' } })],
    ['a skip head in capitals', encoded({ ...plain, skip: { ...skip, sha: 'A'.repeat(40) } })],
    ['shown heads that are no list', encoded({ ...plain, shown: head })],
    [`more than ${MAX_SHOWN} shown heads`, encoded({ ...plain, shown: Array.from({ length: MAX_SHOWN + 1 }, () => head) })],
    ['a shown head with an extra field', encoded({ ...plain, shown: [{ ...head, by: 'mallory' }] })],
    ['a shown head without its time', encoded({ ...plain, shown: [{ sha: head.sha }] })]
  ])('%s', (_, body) => {
    expect(parseRecord(body)).toBeNull()
  })

  it('never throws, whatever follows the marker', () => {
    const samples = ['', '-', '_', 'AAAA', '____', 'e30', 'W10', 'bnVsbA', 'x'.repeat(20_000), 'x'.repeat(20_001)]
    for (const sample of samples) expect(() => parseRecord(`<!-- docs-agent-action:docs-state v1 ${sample} -->`)).not.toThrow()
  })
})

describe('docs record: the newest trusted record', () => {
  const ME = 'github-actions[bot]'
  let nextId = 1
  /** A comment of an earlier version: its record carries no sequence. Ids rise in the order of the list. */
  function comment(author: string, record: DocsRecord | string, createdAt: string, updatedAt: string | null = null): RecordComment {
    const body = typeof record === 'string' ? record : `Docs check\n${rendered(record)}`
    return { id: nextId++, sequence: null, author, body, createdAt, updatedAt }
  }
  const older = { ...FULL, jobId: 'job-1' }
  const newer = { ...FULL, jobId: 'job-2' }

  describe('by the signed sequence and time, never by GitHub times', () => {
    const sequenced = (record: DocsRecord, number: number, at: string, updatedAt: string): RecordComment => ({
      ...comment(ME, record, '2026-03-01T09:00:00Z', updatedAt),
      sequence: { number, at }
    })

    it('takes the higher sequence, whatever either comment was last edited', () => {
      const skip = sequenced(SKIPPED, 1, '2026-03-01T10:00:00.000Z', '2026-03-09T00:00:00Z')
      const cleared = sequenced(FULL, 2, '2026-03-01T11:00:00.000Z', '2026-03-01T11:00:00Z')
      expect(newestRecord([skip, cleared], ME)).toEqual(FULL)
      expect(newestRecord([cleared, skip], ME)).toEqual(FULL)
    })

    it('counts any sequence above a record of an earlier version, however much later that one was edited', () => {
      const legacy = comment(ME, SKIPPED, '2026-03-01T09:00:00Z', '2026-03-09T00:00:00Z')
      expect(newestRecord([sequenced(FULL, 1, '2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00Z'), legacy], ME)).toEqual(FULL)
    })
  })

  it('among records of earlier versions, takes the newest comment by when it was last written', () => {
    const comments = [comment(ME, older, '2026-03-01T10:00:00Z', '2026-03-01T12:00:00Z'), comment(ME, newer, '2026-03-01T11:00:00Z')]
    expect(newestRecord(comments, ME)).toEqual(older)
  })

  it('among records of earlier versions, takes the creation time of a comment never updated', () => {
    const comments = [comment(ME, newer, '2026-03-02T10:00:00Z'), comment(ME, older, '2026-03-01T10:00:00Z', '2026-03-01T11:00:00Z')]
    expect(newestRecord(comments, ME)).toEqual(newer)
  })

  it('among records of earlier versions, takes the later comment in the list on a tie', () => {
    const at = '2026-03-01T10:00:00Z'
    expect(newestRecord([comment(ME, older, at), comment(ME, newer, at)], ME)).toEqual(newer)
  })

  it("ignores a marker in anyone else's comment, however new", () => {
    const forged = { ...SKIPPED, skip: { login: 'mallory', reason: 'no docs', at: '2026-03-09T00:00:00.000Z', sha: '' } }
    const comments = [comment(ME, older, '2026-03-01T10:00:00Z'), comment('mallory', forged, '2026-03-09T00:00:00Z')]
    expect(newestRecord(comments, ME)).toEqual(older)
  })

  it('compares logins as GitHub does, without case', () => {
    expect(newestRecord([comment('GitHub-Actions[bot]', older, '2026-03-01T10:00:00Z')], ME)).toEqual(older)
  })

  it('passes over a newer comment whose marker is unreadable', () => {
    const comments = [comment(ME, older, '2026-03-01T10:00:00Z'), comment(ME, encoded({ nope: true }), '2026-03-02T10:00:00Z')]
    expect(newestRecord(comments, ME)).toEqual(older)
  })

  it('passes over the newer comments of its own that hold no record', () => {
    const comments = [comment(ME, newer, '2026-03-01T10:00:00Z'), comment(ME, 'A usage reply', '2026-03-02T10:00:00Z')]
    expect(newestRecord(comments, ME)).toEqual(newer)
  })

  it('finds nothing without comments, without an identity, or without a record', () => {
    expect(newestRecord([], ME)).toBeNull()
    expect(newestRecord([comment(ME, older, '2026-03-01T10:00:00Z')], '')).toBeNull()
    expect(newestRecord([comment(ME, 'Nothing here', '2026-03-01T10:00:00Z')], ME)).toBeNull()
  })

  it('counts a comment with an unreadable time as the oldest', () => {
    const comments = [comment(ME, newer, '2026-03-01T10:00:00Z'), comment(ME, older, 'not a time')]
    expect(newestRecord(comments, ME)).toEqual(newer)
  })
})

describe('docs record: updates', () => {
  const skip = { login: 'octocat', reason: 'refactor', at: '2026-03-01T12:00:00.000Z', sha: 'c'.repeat(40) }
  const head = { sha: 'c'.repeat(40), at: '2026-03-01T12:00:00.000Z' }
  const full = Array.from({ length: MAX_SHOWN }, (_, i) => ({ sha: String(i).repeat(40), at: `2026-03-01T0${i}:00:00.000Z` }))

  it.each([
    ['keep leaves a record as it is', FULL, { kind: 'keep' }, FULL],
    ['keep leaves no record as none', null, { kind: 'keep' }, null],
    ['set-skip adds the skip to a record', FULL, { kind: 'set-skip', skip }, { ...FULL, skip }],
    ['set-skip starts a record', null, { kind: 'set-skip', skip }, { ...EMPTY_RECORD, skip }],
    ['set-skip replaces an earlier skip', SKIPPED, { kind: 'set-skip', skip }, { ...SKIPPED, skip }],
    ['clear-skip removes the skip and keeps the rest', SKIPPED, { kind: 'clear-skip' }, { ...SKIPPED, skip: null }],
    ['clear-skip leaves no record as none', null, { kind: 'clear-skip' }, null],
    ['show-head starts a record', null, { kind: 'show-head', head }, { ...EMPTY_RECORD, shown: [head] }],
    ['show-head adds a new head after the others', SHOWN, { kind: 'show-head', head }, { ...SHOWN, shown: [...SHOWN.shown, head] }],
    [
      'show-head of the newest head again keeps its first time',
      SHOWN,
      { kind: 'show-head', head: { sha: 'b'.repeat(40), at: '2026-03-02T00:00:00.000Z' } },
      SHOWN
    ],
    [
      `show-head keeps the newest ${MAX_SHOWN}`,
      { ...EMPTY_RECORD, shown: full },
      { kind: 'show-head', head },
      { ...EMPTY_RECORD, shown: [...full.slice(1), head] }
    ]
  ] satisfies [string, DocsRecord | null, RecordUpdate, DocsRecord | null][])('%s', (_, record, update, expected) => {
    expect(updateRecord(record, update)).toEqual(expected)
  })

  it('changes the given fields only', () => {
    const status = { state: 'pending', description: 'The docs agent is working (job job-9)', targetUrl: null } as const
    expect(recordWith(SKIPPED, { jobId: 'job-9', status })).toEqual({ ...SKIPPED, jobId: 'job-9', status })
    expect(recordWith(null, { jobId: 'job-9' })).toEqual({ ...EMPTY_RECORD, jobId: 'job-9' })
  })
})
