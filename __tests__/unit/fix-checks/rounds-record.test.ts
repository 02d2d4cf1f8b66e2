/** The rounds of `fix-checks` in a hidden marker: rendered, read back strictly, and updated per round. */
import { describe, expect, it } from '@jest/globals'
import {
  EMPTY_ROUNDS,
  MAX_HEADS,
  MAX_ROUNDS,
  parseRoundsRecord,
  renderRoundsRecord,
  type RoundsRecord,
  withFreshBudget,
  withHandOver,
  withRound
} from '../../../src/operations/fix-checks/rounds-record.js'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const C = 'c'.repeat(64)
const FP = '0123456789abcdef'
const RECORD: RoundsRecord = { heads: [A, B], rounds: [{ head: A, fingerprint: FP }] }

function marker(json: unknown): string {
  return `<!-- docs-agent-action:fix-checks v1 ${Buffer.from(JSON.stringify(json)).toString('base64url')} -->`
}

describe('renderRoundsRecord and parseRoundsRecord', () => {
  it.each([
    ['an empty record', EMPTY_ROUNDS],
    ['heads and rounds', RECORD],
    ['a SHA-256 head', { heads: [C], rounds: [{ head: C, fingerprint: FP }] }]
  ])('read back %s exactly, from a comment around it', (_, record) => {
    const rendered = renderRoundsRecord(record)
    expect(rendered).toMatch(/^<!-- docs-agent-action:fix-checks v1 [A-Za-z0-9_-]+ -->$/)
    expect(parseRoundsRecord(`Round 1 of 2\n\n${rendered ?? ''}\nmore`)).toEqual(record)
  })

  it('keeps the newest heads and rounds within the limits', () => {
    const heads = Array.from({ length: MAX_HEADS + 5 }, (_, i) => i.toString(16).padStart(40, '0'))
    const rounds = Array.from({ length: MAX_ROUNDS + 3 }, () => ({ head: A, fingerprint: FP }))
    const read = parseRoundsRecord(renderRoundsRecord({ heads, rounds }) ?? '')
    expect(read?.heads).toEqual(heads.slice(-MAX_HEADS))
    expect(read?.rounds).toHaveLength(MAX_ROUNDS)
  })

  it.each([
    ['a head that is no sha', { heads: ['main'], rounds: [] }],
    ['an upper-case sha', { heads: [A.toUpperCase()], rounds: [] }],
    ['a fingerprint of another length', { heads: [], rounds: [{ head: A, fingerprint: 'abc' }] }]
  ])('renders nothing for %s', (_, record) => {
    expect(renderRoundsRecord(record)).toBeNull()
  })

  it.each([
    ['no marker', 'just a comment'],
    ['another version', marker(RECORD).replace(' v1 ', ' v2 ')],
    ['not JSON', '<!-- docs-agent-action:fix-checks v1 bm90IGpzb24 -->'],
    ['an array', marker([RECORD])],
    ['a field more', marker({ ...RECORD, extra: 1 })],
    ['a field less', marker({ heads: [] })],
    ['heads not a list', marker({ heads: A, rounds: [] })],
    ['a round with a field more', marker({ heads: [], rounds: [{ head: A, fingerprint: FP, by: 'x' }] })],
    ['a round that is no object', marker({ heads: [], rounds: [A] })],
    ['a fingerprint that is no string', marker({ heads: [], rounds: [{ head: A, fingerprint: 7 }] })],
    ['too many heads', marker({ heads: Array.from({ length: MAX_HEADS + 1 }, () => A), rounds: [] })],
    ['too many rounds', marker({ heads: [], rounds: Array.from({ length: MAX_ROUNDS + 1 }, () => ({ head: A, fingerprint: FP })) })]
  ])('reads %s as no record', (_, body) => {
    expect(parseRoundsRecord(body)).toBeNull()
  })
})

describe('updates', () => {
  it('counts a round and answers its head', () => {
    expect(withRound(RECORD, { head: C, fingerprint: FP })).toEqual({
      heads: [A, B, C],
      rounds: [
        { head: A, fingerprint: FP },
        { head: C, fingerprint: FP }
      ]
    })
  })

  it('answers a handed-over head without counting a round, and lists a head once', () => {
    expect(withHandOver(RECORD, A)).toEqual({ heads: [B, A], rounds: RECORD.rounds })
  })

  it("starts a fresh budget on a person's /docs, still knowing the heads answered", () => {
    expect(withFreshBudget(RECORD)).toEqual({ heads: [A, B], rounds: [] })
  })
})
