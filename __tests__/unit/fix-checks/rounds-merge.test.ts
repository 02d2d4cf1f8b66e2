/**
 * The rounds of `fix-checks` read as a merge (DESIGN, "Records are ordered by what is signed"): runs for
 * different heads cannot share one group, so each may write its own record from the same one read. The
 * heads answered are the union of every signed rounds record; the rounds count from the newest fresh
 * budget. The records come in the order they were written (CommentRecords.verified), the newest last. Pure.
 */
import { describe, expect, it } from '@jest/globals'
import { freshBudgetRecord, mergedRounds, newestRoundsComment } from '../../../src/operations/fix-checks/fresh-budget.js'
import { parseRoundsRecord, renderRoundsRecord, type Round, type RoundsRecord } from '../../../src/operations/fix-checks/rounds-record.js'
import { defined } from '../../expect-helpers.js'

const [H1, H2, H3, H4] = ['a1', 'b2', 'c3', 'd4'].map((pair) => pair.repeat(20)) as [string, string, string, string]
const round = (head: string, fingerprint = '0123456789abcdef'): Round => ({ head, fingerprint })
/** A comment holding a rounds record (and a job marker beside it, as the action's comments may). */
const holding = (record: RoundsRecord): { records: string } => ({
  records: `<!-- docs-agent-action:job job_1 -->\n${defined(renderRoundsRecord(record), 'the rounds record')}`
})
const JOB_ONLY = { records: '<!-- docs-agent-action:job job_1 -->' }

describe('the rounds, merged from every signed rounds record', () => {
  it.each<[string, RoundsRecord[], RoundsRecord]>([
    ['one record is read as it is', [{ heads: [H1], rounds: [round(H1)] }], { heads: [H1], rounds: [round(H1)] }],
    [
      'two runs that read the same record: both heads answered, both rounds counted',
      [
        { heads: [H1, H2], rounds: [round(H1), round(H2)] },
        { heads: [H1, H3], rounds: [round(H1), round(H3)] }
      ],
      { heads: [H1, H2, H3], rounds: [round(H1), round(H2), round(H3)] }
    ],
    [
      "a person's fresh budget after rounds: no round counts, every head stays answered",
      [
        { heads: [H1, H2], rounds: [round(H1), round(H2)] },
        { heads: [H1, H2], rounds: [] }
      ],
      { heads: [H1, H2], rounds: [] }
    ],
    [
      'rounds count from the newest fresh budget, in every record written after it',
      [
        { heads: [H1], rounds: [round(H1)] },
        { heads: [H1], rounds: [] },
        { heads: [H1, H2], rounds: [round(H2)] },
        { heads: [H1, H3], rounds: [round(H3)] }
      ],
      { heads: [H1, H2, H3], rounds: [round(H2), round(H3)] }
    ],
    [
      'of two fresh budgets the newer counts',
      [
        { heads: [H1], rounds: [] },
        { heads: [H1, H2], rounds: [round(H2)] },
        { heads: [H1, H2], rounds: [] },
        { heads: [H1, H2, H3], rounds: [round(H3)] }
      ],
      { heads: [H1, H2, H3], rounds: [round(H3)] }
    ],
    [
      'a record older than the fresh budget still answers its head, whatever rounds it held',
      [
        { heads: [H4], rounds: [round(H4)] },
        { heads: [H1], rounds: [] }
      ],
      { heads: [H4, H1], rounds: [] }
    ],
    [
      'a head answered in two records, and its round, count once',
      [
        { heads: [H1], rounds: [round(H1, 'aaaaaaaaaaaaaaaa')] },
        { heads: [H1, H2], rounds: [round(H1, 'aaaaaaaaaaaaaaaa'), round(H2)] }
      ],
      { heads: [H1, H2], rounds: [round(H1, 'aaaaaaaaaaaaaaaa'), round(H2)] }
    ]
  ])('%s', (_, records, merged) => {
    expect(mergedRounds(records.map(holding))).toEqual(merged)
  })

  it('passes over comments without a rounds record, and is null where there is none', () => {
    const record = { heads: [H1], rounds: [round(H1)] }
    expect(mergedRounds([JOB_ONLY, holding(record), JOB_ONLY])).toEqual(record)
    expect(mergedRounds([JOB_ONLY])).toBeNull()
    expect(mergedRounds([])).toBeNull()
  })

  it("writes a person's fresh budget from the merge: every head answered, no round", () => {
    const written = freshBudgetRecord([
      holding({ heads: [H1, H2], rounds: [round(H1), round(H2)] }),
      holding({ heads: [H1, H3], rounds: [round(H1), round(H3)] })
    ])
    expect(parseRoundsRecord(written)).toEqual({ heads: [H1, H2, H3], rounds: [] })
  })

  it('finds the comment holding the newest record: the last in the order written', () => {
    const older = holding({ heads: [H1], rounds: [round(H1)] })
    const newer = holding({ heads: [H2], rounds: [round(H2)] })
    expect(newestRoundsComment([older, newer, JOB_ONLY])).toBe(newer)
  })
})
