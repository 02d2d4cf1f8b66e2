/**
 * The sweep's record in its sticky comment (record.ts): what it renders reads back, anything malformed reads
 * as no record (never a throw), the base heads it keeps stay few, and each write's change applies once.
 */
import { describe, expect, it } from '@jest/globals'
import {
  EMPTY_SWEEP_RECORD,
  parseSweepRecord,
  renderSweepRecord,
  type SweepRecord,
  withChange
} from '../../../src/operations/sweep/record.js'

const sha = (n: number): string => n.toString(16).padStart(40, '0')
const marker = (value: unknown): string =>
  `<!-- docs-agent-action:sweep v1 ${Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')} -->`

describe('render and parse', () => {
  it('reads back what it renders, inside a comment among other lines', () => {
    const record: SweepRecord = { followedUp: [sha(1)], staleAt: '2026-06-15T12:00:00.000Z', orphanNoted: true, supersededNoted: false }
    const line = renderSweepRecord(record)
    expect(line).toMatch(/^<!-- docs-agent-action:sweep v1 [A-Za-z0-9_-]+ -->$/)
    expect(parseSweepRecord(`🧹 The sweep looks after this.\n${line}\n`)).toEqual(record)
  })

  it('keeps the newest 20 base heads of a longer list', () => {
    const bases = Array.from({ length: 25 }, (_, i) => sha(i))
    const line = renderSweepRecord({ ...EMPTY_SWEEP_RECORD, followedUp: bases }) ?? ''
    expect(parseSweepRecord(line)?.followedUp).toEqual(bases.slice(-20))
  })

  it('renders nothing for a record that would not read back', () => {
    expect(renderSweepRecord({ ...EMPTY_SWEEP_RECORD, staleAt: 'yesterday' })).toBeNull()
    expect(renderSweepRecord({ ...EMPTY_SWEEP_RECORD, followedUp: ['main'] })).toBeNull()
  })

  it.each([
    ['no marker', 'just a comment'],
    ['not JSON', '<!-- docs-agent-action:sweep v1 bm90IGpzb24 -->'],
    ['not an object', marker([1, 2])],
    ['a key missing', marker({ followedUp: [], staleAt: null, orphanNoted: false })],
    ['a key too many', marker({ ...EMPTY_SWEEP_RECORD, closed: true })],
    ['a base that is no commit', marker({ ...EMPTY_SWEEP_RECORD, followedUp: ['main'] })],
    ['more than 20 bases', marker({ ...EMPTY_SWEEP_RECORD, followedUp: Array.from({ length: 21 }, (_, i) => sha(i)) })],
    ['a time without its zone', marker({ ...EMPTY_SWEEP_RECORD, staleAt: '2026-06-15T12:00:00' })],
    ['a flag that is a string', marker({ ...EMPTY_SWEEP_RECORD, orphanNoted: 'yes' })]
  ])('reads %s as no record', (_, text) => {
    expect(parseSweepRecord(text)).toBeNull()
  })

  it('takes a SHA-256 base head too', () => {
    const record = { ...EMPTY_SWEEP_RECORD, followedUp: ['a'.repeat(64)] }
    expect(parseSweepRecord(marker(record))).toEqual(record)
  })
})

describe('withChange', () => {
  it('moves a base followed up again to the end, once', () => {
    const record = withChange({ ...EMPTY_SWEEP_RECORD, followedUp: [sha(1), sha(2)] }, { kind: 'followed-up', base: sha(1) })
    expect(record.followedUp).toEqual([sha(2), sha(1)])
  })

  it.each([
    [{ kind: 'stale', at: '2026-06-15T12:00:00.000Z' }, { staleAt: '2026-06-15T12:00:00.000Z' }],
    [{ kind: 'orphan-noted' }, { orphanNoted: true }],
    [{ kind: 'superseded-noted' }, { supersededNoted: true }]
  ] as const)('%j sets %j and nothing else', (change, set) => {
    expect(withChange(EMPTY_SWEEP_RECORD, change)).toEqual({ ...EMPTY_SWEEP_RECORD, ...set })
  })
})
