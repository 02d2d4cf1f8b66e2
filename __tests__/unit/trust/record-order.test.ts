/**
 * Records ordered by what is signed (DESIGN, "Who may steer the agent": "Records are ordered by what is
 * signed, never by GitHub's times"): the sequence marker, the order it gives, and how a run's record keeper
 * (CommentRecords) places what it writes after what it read.
 */
import { describe, expect, it } from '@jest/globals'
import { jobIdInMarker, jobMarker, stickyMarker } from '../../../src/github/markers.js'
import { CommentRecords, recordSubject } from '../../../src/operations/agent/comment-records.js'
import { fetchDocsRecord } from '../../../src/operations/agent/read/docs-check-reads.js'
import { type DocsRecord, parseRecord, renderRecord } from '../../../src/operations/agent/decide/docs-record.js'
import {
  highestSequence,
  inWritingOrder,
  nextSequence,
  type Placed,
  type Sequence,
  sequenceMarker,
  sequenceOf,
  withoutSequence
} from '../../../src/trust/record-order.js'
import { readSignedRecords, recordKey, type RecordSubject } from '../../../src/trust/signed-records.js'
import { defined } from '../../expect-helpers.js'
import { BOT_LOGIN, fakeGitHub, issueComment } from '../../fixtures/fake-github.js'
import { recordingLog } from '../../fixtures/recording-log.js'
import { signedComment } from '../../fixtures/signed-comments.js'
import { API_KEY } from '../../fixtures/step-settings.js'
import { VIRTUAL_T0, VirtualClock } from '../../fixtures/virtual-clock.js'

const T = '2026-03-01T10:00:00.000Z'
const LATER = '2026-03-01T10:00:00.001Z'

describe('the sequence marker', () => {
  it('reads back what it writes: <!-- docs-agent-action:seq <n> <time> -->', () => {
    const marker = sequenceMarker({ number: 12, at: T })
    expect(marker).toBe(`<!-- docs-agent-action:seq 12 ${T} -->`)
    expect(sequenceOf(`<!-- docs-agent-action:job job_1 -->\n${marker}`)).toEqual({ number: 12, at: T })
    const largest = { number: Number.MAX_SAFE_INTEGER, at: T }
    expect(sequenceOf(sequenceMarker(largest))).toEqual(largest)
  })

  it.each<[string, string]>([
    ['no marker (a record of an earlier version)', '<!-- docs-agent-action:job job_1 -->'],
    ['two markers', `${sequenceMarker({ number: 1, at: T })}\n${sequenceMarker({ number: 2, at: T })}`],
    ['the number 0', `<!-- docs-agent-action:seq 0 ${T} -->`],
    ['a leading zero', `<!-- docs-agent-action:seq 01 ${T} -->`],
    ['a negative number', `<!-- docs-agent-action:seq -1 ${T} -->`],
    ['a number past 2^53', `<!-- docs-agent-action:seq 9999999999999999 ${T} -->`],
    ['no time', '<!-- docs-agent-action:seq 3 -->'],
    ['a time without milliseconds', '<!-- docs-agent-action:seq 3 2026-03-01T10:00:00Z -->'],
    ['a time not in UTC', '<!-- docs-agent-action:seq 3 2026-03-01T10:00:00.000+01:00 -->'],
    ['a day that does not exist', '<!-- docs-agent-action:seq 3 2026-02-30T10:00:00.000Z -->'],
    ['a part too many', `<!-- docs-agent-action:seq 3 ${T} x -->`]
  ])('counts as no sequence: %s', (_, records) => {
    expect(sequenceOf(records)).toBeNull()
  })

  it('is taken out of a body written again, with the line it stood on', () => {
    const body = `Text\n<!-- docs-agent-action:job job_1 -->\n${sequenceMarker({ number: 4, at: T })}\n<!-- docs-agent-action:signature v1 ${'0'.repeat(32)} -->`
    expect(withoutSequence(body)).toBe(
      `Text\n<!-- docs-agent-action:job job_1 -->\n<!-- docs-agent-action:signature v1 ${'0'.repeat(32)} -->`
    )
  })
})

describe('the order records were written in', () => {
  type Row = Placed & { name: string }
  const at = (number: number, time: string, id: number, name: string): Row => ({ sequence: { number, at: time }, id, name })
  const legacy = (id: number, name: string): Row => ({ sequence: null, id, name })

  it.each<[string, Row, Row]>([
    ['the higher sequence, though written earlier and with a lower id', at(1, LATER, 9, 'older'), at(2, T, 1, 'newer')],
    ['on the same sequence, the later signed time', at(3, T, 9, 'older'), at(3, LATER, 1, 'newer')],
    ['on the same sequence and time, the higher comment id', at(3, T, 7, 'older'), at(3, T, 8, 'newer')],
    ['any sequence over a record of an earlier version', legacy(99, 'older'), at(1, T, 1, 'newer')]
  ])('the newest is %s, in whatever order the comments come', (_, older, newer) => {
    expect(inWritingOrder([older, newer]).map((row) => row.name)).toEqual(['older', 'newer'])
    expect(inWritingOrder([newer, older]).map((row) => row.name)).toEqual(['older', 'newer'])
  })

  it("keeps earlier versions' records in the order given, or in the order they gave them", () => {
    const [a, b, c] = [legacy(3, 'a'), legacy(1, 'b'), legacy(2, 'c')]
    expect(inWritingOrder([a, b, c]).map((row) => row.name)).toEqual(['a', 'b', 'c'])
    expect(inWritingOrder([a, b, c], (x, y) => x.id - y.id).map((row) => row.name)).toEqual(['b', 'c', 'a'])
  })

  it('puts every record of an earlier version before the first with a sequence, and leaves the list given alone', () => {
    const given = [at(2, T, 1, 'two'), legacy(2, 'old-1'), at(1, T, 3, 'one'), legacy(4, 'old-2')]
    expect(inWritingOrder(given).map((row) => row.name)).toEqual(['old-1', 'old-2', 'one', 'two'])
    expect(given.map((row) => row.name)).toEqual(['two', 'old-1', 'one', 'old-2'])
  })

  it('knows the highest sequence read, 0 for none', () => {
    expect(highestSequence([])).toBe(0)
    expect(highestSequence([legacy(1, 'x')])).toBe(0)
    expect(highestSequence([at(4, T, 1, 'x'), legacy(2, 'y'), at(7, T, 3, 'z')])).toBe(7)
  })
})

describe("a run's record keeper places what it writes after what it read", () => {
  const ABOUT: RecordSubject = { repository: 'acme/docs', number: 30 }
  const JOB = defined(jobMarker('job_7'))
  const DOCS_STATE = defined(renderRecord({ agentPull: null, jobId: 'job_7', status: null, skip: null, shown: [] }))
  const BODY = `${stickyMarker('docs/agent')}\nDone.\n${JOB}\n${DOCS_STATE}\n`
  const url = (id: number): string => `https://github.com/acme/docs/pull/30#issuecomment-${id}`
  const comment = (id: number, body: string) => ({ id, url: url(id), body })
  const signedAt = (number: number, time = T): string => signedComment(BODY, ABOUT, API_KEY, { number, at: time })
  // A clock at the epoch: the time puts no floor under the sequence, so what was read decides alone.
  const keeper = (clock = new VirtualClock(0)) => {
    const log = recordingLog()
    return { records: new CommentRecords(API_KEY, log, clock), log, clock }
  }
  const sequenceIn = (body: string): Sequence | null => {
    const read = readSignedRecords(body, recordKey(API_KEY), ABOUT)
    return read.kind === 'verified' ? sequenceOf(read.body) : null
  }
  const subject = recordSubject({ owner: 'acme', repo: 'docs' }, 30)

  it('writes 1 first, at the time of its clock, and one above its own last record after that', () => {
    const { records, clock } = keeper()
    const first = records.seal(BODY, subject)
    clock.advance(1500)
    const second = records.seal(BODY, subject)

    expect(sequenceIn(first)).toEqual({ number: 1, at: new Date(0).toISOString() })
    expect(sequenceIn(second)).toEqual({ number: 2, at: new Date(1500).toISOString() })
    expect(second.match(/docs-agent-action:seq /g)).toHaveLength(1)
  })

  it('writes at least the current time in whole seconds, so a record written later outranks one it could not read', () => {
    const { records, clock } = keeper(new VirtualClock())
    const now = Math.floor(VIRTUAL_T0 / 1000)
    expect(sequenceIn(records.seal(BODY, subject))).toEqual({ number: now, at: new Date(VIRTUAL_T0).toISOString() })
    expect(sequenceIn(records.seal(BODY, subject))?.number).toBe(now + 1)
    clock.advance(60_000)
    expect(sequenceIn(records.seal(BODY, subject))?.number).toBe(now + 60)
    // A record read with a sequence raised above the time (quick runs in one second) still gets one above it.
    records.verified([comment(1, signedAt(now + 500))], subject)
    expect(sequenceIn(records.seal(BODY, subject))?.number).toBe(now + 501)
  })

  it('writes one above the highest sequence it verified on that issue or pull request, and only there', () => {
    const { records } = keeper()
    records.verified([comment(1, signedAt(4)), comment(2, signedAt(9)), comment(3, signedAt(2))], subject)

    expect(sequenceIn(records.seal(BODY, subject))?.number).toBe(10)
    expect(sequenceIn(records.seal(BODY, { repository: 'ACME/Docs', number: 30 }))?.number).toBe(11)
    const other = recordSubject({ owner: 'acme', repo: 'docs' }, 31)
    const read = readSignedRecords(records.seal(BODY, other), recordKey(API_KEY), other)
    expect(read.kind === 'verified' && sequenceOf(read.body)?.number).toBe(1)
  })

  it('lists the verified comments in the order written: earlier versions first as given, then by sequence', () => {
    const { records } = keeper()
    const listed = records.verified(
      [comment(1, signedAt(2)), comment(2, signedComment(BODY, ABOUT, API_KEY)), comment(3, signedAt(1)), comment(4, signedAt(1, LATER))],
      subject
    )
    expect(listed.map((c) => c.id)).toEqual([2, 3, 4, 1])
    expect(listed.map((c) => c.sequence?.number ?? 0)).toEqual([0, 1, 1, 2])
  })

  it('does not count a sequence raised by an edit: the comment is ignored with its notice', () => {
    const { records, log } = keeper()
    const raised = signedAt(3).replace('docs-agent-action:seq 3 ', 'docs-agent-action:seq 300 ')

    expect(records.verified([comment(1, signedAt(2)), comment(2, raised)], subject).map((c) => c.id)).toEqual([1])
    expect(log.messages('notice')).toEqual([`1 record in ${url(2)} was not written by this action, or with another API key: ignored`])
    expect(sequenceIn(records.seal(BODY, subject))?.number).toBe(3)
  })

  it('does not count a sequence added to a record of an earlier version, nor one in an unsigned comment', () => {
    const { records, log } = keeper()
    const added = signedComment(BODY, ABOUT, API_KEY).replace(JOB, `${JOB}\n${sequenceMarker({ number: 50, at: T })}`)
    const unsigned = `${BODY}${sequenceMarker({ number: 60, at: T })}\n`

    expect(records.verified([comment(1, added), comment(2, unsigned)], subject)).toEqual([])
    expect(log.messages('notice')).toHaveLength(2)
    expect(sequenceIn(records.seal(BODY, subject))?.number).toBe(1)
  })

  it('replaces the sequence of a comment it writes again, and leaves a body without records alone', () => {
    const { records } = keeper()
    records.verified([comment(1, signedAt(5))], subject)
    const again = records.seal(signedAt(5), subject)

    expect(sequenceIn(again)?.number).toBe(6)
    expect(again.match(/docs-agent-action:seq /g)).toHaveLength(1)
    expect(records.seal('A usage reply.', subject)).toBe('A usage reply.')
    expect(sequenceIn(records.seal(BODY, subject))?.number).toBe(7)
  })

  it('leaves the records an earlier version reads as they were: it verifies the comment and reads the same docs state and job', () => {
    const { records } = keeper()
    const sealed = records.seal(BODY, subject)
    // An earlier version signs and verifies every record marker, the sequence among them, and reads its own kinds alone.
    const read = readSignedRecords(sealed, recordKey(API_KEY), ABOUT)

    expect(read.kind).toBe('verified')
    const body = read.kind === 'verified' ? read.body : ''
    expect(parseRecord(body)).toEqual(parseRecord(DOCS_STATE))
    expect(jobIdInMarker(body)).toBe('job_7')
  })
})

describe("the docs state as a run reads it from the pull request's comments", () => {
  const PULL = 7
  const ABOUT: RecordSubject = { repository: 'acme/docs', number: PULL }
  const state = (jobId: string, skip: DocsRecord['skip'] = null): string =>
    defined(renderRecord({ agentPull: null, jobId, status: null, skip, shown: [] }), 'the docs state')
  const SKIP = { login: 'octocat', reason: 'tests only', at: T, sha: '' }
  const written = (id: number, login: string, body: string, updatedAt: string, sequence: Sequence | null) =>
    issueComment({ id, login, body: signedComment(`${body}\n`, ABOUT, API_KEY, sequence), createdAt: '2026-03-01T09:00:00Z', updatedAt })

  async function read(comments: ReturnType<typeof written>[]): Promise<{ jobId: string | null; skip: boolean; next: number | null }> {
    const records = new CommentRecords(API_KEY, recordingLog(), new VirtualClock(0))
    const github = fakeGitHub({ comments: new Map([[PULL, comments]]) })
    const { record } = await fetchDocsRecord(github.api, { repository: 'acme/docs', number: PULL, fork: false }, records, {
      kind: 'other',
      name: 'schedule'
    })
    const next = readSignedRecords(records.seal(`${state('job_next')}\n`, ABOUT), recordKey(API_KEY), ABOUT)
    return {
      jobId: record?.jobId ?? null,
      skip: (record?.skip ?? null) !== null,
      next: next.kind === 'verified' ? (sequenceOf(next.body)?.number ?? null) : null
    }
  }

  it('an old skip reply edited last (its updated_at the newest) rolls nothing back: the higher sequence holds', async () => {
    const comments = [
      written(1, BOT_LOGIN, state('job_1', SKIP), '2026-03-09T00:00:00Z', { number: 1, at: T }),
      written(2, BOT_LOGIN, state('job_2'), '2026-03-01T11:00:00Z', { number: 2, at: LATER })
    ]
    expect(await read(comments)).toEqual({ jobId: 'job_2', skip: false, next: 3 })
  })

  it("a copy of the action's signed comment with a higher sequence, in someone else's comment, is ignored and raises nothing", async () => {
    const comments = [
      written(1, BOT_LOGIN, state('job_1'), '2026-03-01T10:00:00Z', { number: 4, at: T }),
      written(2, 'mallory', state('job_mallory', SKIP), '2026-03-09T00:00:00Z', { number: 99, at: LATER })
    ]
    expect(await read(comments)).toEqual({ jobId: 'job_1', skip: false, next: 5 })
  })

  it('records of an earlier version keep their order among themselves (by when last written), and any sequence goes after them', async () => {
    const legacy = [
      written(1, BOT_LOGIN, state('job_sticky'), '2026-03-01T12:00:00Z', null),
      written(2, BOT_LOGIN, state('job_reply', SKIP), '2026-03-01T11:00:00Z', null)
    ]
    expect(await read(legacy)).toEqual({ jobId: 'job_sticky', skip: false, next: 1 })
    const after = written(3, BOT_LOGIN, state('job_new', SKIP), '2026-03-01T10:00:00Z', { number: 1, at: T })
    expect(await read([...legacy, after])).toEqual({ jobId: 'job_new', skip: true, next: 2 })
  })
})

describe('nextSequence', () => {
  it.each([
    ['the first record at the epoch', 0, 0, 1],
    ['one above the highest read when that is past the time', 2_000_000_000, 1_900_000_000_999, 2_000_000_001],
    ['the time in whole seconds when that is higher', 5, 1_795_348_800_999, 1_795_348_800],
    ['one above a highest read equal to the time', 1_795_348_800, 1_795_348_800_000, 1_795_348_801]
  ])('%s', (_, highest, now, expected) => {
    expect(nextSequence(highest, now)).toBe(expected)
  })
})
