/**
 * The introduction's marker naming the sweep's record by its comment id (github/markers.ts): what it
 * renders reads back, anything else reads as none, and naming it in an introduction keeps every other
 * marker, signed again with its sequence, so the introduction still verifies and still names its job.
 */
import { describe, expect, it } from '@jest/globals'
import {
  codePullMarker,
  jobIdInMarker,
  jobMarker,
  readCodePullMarker,
  readSweepRecordId,
  sweepRecordMarker,
  withSweepRecordMarker
} from '../../../src/github/markers.js'
import { CommentRecords } from '../../../src/operations/agent/comment-records.js'
import { sequenceOf } from '../../../src/trust/record-order.js'
import { readSignedRecords, recordKey } from '../../../src/trust/signed-records.js'

const ABOUT = { repository: 'acme/docs', number: 201 }
const KEY = 'mint_dsc_0123456789abcdef'

describe('the marker', () => {
  it('reads back what it renders, and only a whole positive id', () => {
    expect(sweepRecordMarker(1000004)).toBe('<!-- docs-agent-action:sweep-record 1000004 -->')
    expect(readSweepRecordId(`a\n${sweepRecordMarker(1000004) ?? ''}\nb`)).toBe(1000004)
    for (const id of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2]) expect(sweepRecordMarker(id)).toBeNull()
    for (const body of ['', '<!-- docs-agent-action:sweep-record 0012 -->', '<!-- docs-agent-action:sweep-record x -->'])
      expect(readSweepRecordId(body)).toBeNull()
  })

  it('two markers name no record: which one would be a guess', () => {
    expect(readSweepRecordId(`${sweepRecordMarker(5) ?? ''}\n${sweepRecordMarker(6) ?? ''}`)).toBeNull()
  })
})

describe('named in an introduction', () => {
  const records = new CommentRecords(KEY, { notice: () => undefined }, { now: () => Date.parse('2026-06-15T12:00:00Z') })
  const code = codePullMarker({ repository: 'acme/app', number: 7, author: 'alice', reviewers: ['alice'] }) ?? ''
  const origin = jobMarker('job_a', { repository: 'acme/app', workflow: 'Docs', branch: 'main' }) ?? ''
  const introduction = records.seal(`${origin}\n${code}\n🤖 The Mintlify docs agent opened this pull request as job \`job_a\`.\n`, ABOUT)

  it('keeps the job, its origin, the code pull request and the sequence; the introduction verifies again', () => {
    const named = records.reseal(withSweepRecordMarker(introduction, 1000004) ?? '', ABOUT)
    const read = readSignedRecords(named, recordKey(KEY), ABOUT)
    expect(read.kind).toBe('verified')
    const body = read.kind === 'verified' ? read.body : ''
    expect(readSweepRecordId(body)).toBe(1000004)
    expect(jobIdInMarker(body)).toBe('job_a')
    expect(body).toContain('<!-- docs-agent-action:origin acme%2Fapp Docs main -->')
    expect(readCodePullMarker(body)).toMatchObject({ repository: 'acme/app', number: 7 })
    const before = readSignedRecords(introduction, recordKey(KEY), ABOUT)
    expect(sequenceOf(body)).toEqual(sequenceOf(before.kind === 'verified' ? before.body : ''))
    // The words a person reads are the same.
    expect(named.replace(/<!--[^\n]*-->\n?/g, '')).toBe(introduction.replace(/<!--[^\n]*-->\n?/g, ''))
  })

  it('names one record: a second naming replaces the first', () => {
    const once = withSweepRecordMarker(introduction, 5) ?? ''
    const twice = withSweepRecordMarker(once, 6) ?? ''
    expect(twice.match(/sweep-record/g)).toHaveLength(1)
    expect(readSweepRecordId(twice)).toBe(6)
    expect(withSweepRecordMarker(introduction, 0)).toBeNull()
  })

  it('an edit by anyone else (or another pull request) does not verify', () => {
    const named = records.reseal(withSweepRecordMarker(introduction, 1000004) ?? '', ABOUT)
    expect(readSignedRecords(named.replace('1000004', '1000005'), recordKey(KEY), ABOUT).kind).toBe('rejected')
    expect(readSignedRecords(named, recordKey(KEY), { ...ABOUT, number: 202 }).kind).toBe('rejected')
  })
})
