/**
 * The `fix-checks` planner as a table: what the payload says, the pull request found, the agent's marks on it
 * (its job and rounds record), the head's checks and the budget give one decision.
 */
import { describe, expect, it } from '@jest/globals'
import type { CheckedPullFacts, FixChecksFacts, PullMarks } from '../../../src/operations/fix-checks/facts.js'
import { type FixChecksPlan, handOverText, planFixChecks } from '../../../src/operations/fix-checks/plan.js'
import { withRound, type RoundsRecord } from '../../../src/operations/fix-checks/rounds-record.js'

const HEAD = '1'.repeat(40)
const OLD = '2'.repeat(40)
const FP = 'aaaaaaaaaaaaaaaa'
const OTHER_FP = 'bbbbbbbbbbbbbbbb'
const MESSAGE = 'The checks on your pull request … failed at 1111111.'
const FAILED = { pending: [], failed: ['link-rot'], failures: { fingerprint: FP, message: MESSAGE }, unreadable: [] }
const PULL: CheckedPullFacts = {
  number: 9,
  url: 'https://github.com/acme/docs/pull/9',
  head: HEAD,
  branch: 'docs-agent/limits',
  fork: false
}
const MARKS: PullMarks = { jobId: 'job_1', record: null, stickyId: null, earlierLines: [] }

/** An agent pull request at HEAD, woken for HEAD by a run of this repository, no record, the default budget, the failures read. */
function facts(change: Partial<FixChecksFacts> = {}): FixChecksFacts {
  return {
    budget: 2,
    dryRun: false,
    eventHead: HEAD,
    payload: { forkRun: false, ownNamed: 9, forkNamed: null, otherRunEvent: null },
    pull: PULL,
    marks: MARKS,
    checks: FAILED,
    waitedOut: false,
    ...change
  }
}

/** The agent's marks with this rounds record. */
function record(rounds: RoundsRecord): Partial<FixChecksFacts> {
  return { marks: { ...MARKS, record: rounds } }
}

const afterOneRound: RoundsRecord = { heads: [OLD], rounds: [{ head: OLD, fingerprint: OTHER_FP }] }
const sameFailureAgain: RoundsRecord = { heads: [OLD], rounds: [{ head: OLD, fingerprint: FP }] }
const spent: RoundsRecord = withRound(afterOneRound, { head: '3'.repeat(40), fingerprint: OTHER_FP })

const cases: [string, Partial<FixChecksFacts>, Partial<FixChecksPlan>][] = [
  ['fix-checks 0', { budget: 0 }, { kind: 'skip', reason: 'disabled', quiet: true }],
  [
    "a fork's run, as the payload says",
    { payload: { forkRun: true, ownNamed: null, forkNamed: null, otherRunEvent: null }, pull: 'unread', marks: null, checks: null },
    { kind: 'skip', reason: 'fork', quiet: true, why: "The checks at 1111111 ran for a fork's pull request." }
  ],
  [
    "an event naming only a fork's pull request",
    { payload: { forkRun: false, ownNamed: null, forkNamed: 7, otherRunEvent: null }, pull: 'unread', marks: null, checks: null },
    { kind: 'skip', reason: 'fork', quiet: true, why: 'Pull request #7 comes from a fork.' }
  ],
  ['the pull request not read yet', { pull: 'unread', marks: null, checks: null }, { kind: 'read', what: 'pull' }],
  [
    'the pull request not read yet, the event naming none',
    { payload: { forkRun: false, ownNamed: null, forkNamed: null, otherRunEvent: null }, pull: 'unread', marks: null, checks: null },
    { kind: 'read', what: 'pull' }
  ],
  ['no pull request found', { pull: null }, { kind: 'skip', reason: 'no-agent-pull', quiet: true }],
  ['its marks not read yet', { marks: null, checks: null }, { kind: 'read', what: 'marks' }],
  ['a pull request without a trusted job marker', { marks: { ...MARKS, jobId: '' } }, { kind: 'skip', reason: 'no-agent-pull' }],
  ['a fork', { pull: { ...PULL, fork: true } }, { kind: 'skip', reason: 'fork', quiet: true }],
  [
    "a fork's pull request, its marks unread",
    { pull: { ...PULL, fork: true }, marks: null, checks: null },
    { kind: 'skip', reason: 'fork' }
  ],
  ['a stale event', { eventHead: OLD }, { kind: 'skip', reason: 'stale', quiet: true }],
  ['a stale event, its marks unread', { eventHead: OLD, marks: null, checks: null }, { kind: 'skip', reason: 'stale' }],
  ['a head answered already', record({ heads: [HEAD], rounds: [] }), { kind: 'skip', reason: 'answered', quiet: true }],
  ['checks not read yet', { checks: null }, { kind: 'read', what: 'checks' }],
  [
    "a pull_request_target run on the agent's branch, as the payload says",
    {
      payload: { forkRun: false, ownNamed: null, forkNamed: null, otherRunEvent: 'pull_request_target' },
      pull: 'unread',
      marks: null,
      checks: null
    },
    {
      kind: 'skip',
      reason: 'other-run',
      quiet: true,
      why: "The workflow run at 1111111 was started by pull_request_target: no run of the agent's pull request."
    }
  ],
  [
    'checks still running',
    { checks: { pending: ['build'], failed: ['link-rot'], failures: null, unreadable: [] } },
    { kind: 'wait', pending: ['build'] }
  ],
  [
    'checks still running at the deadline',
    { checks: { pending: ['build', 'vale'], failed: [], failures: null, unreadable: [] }, waitedOut: true },
    {
      kind: 'skip',
      reason: 'still-running',
      quiet: false,
      why: 'Checks still running at the deadline: build, vale. Their completion starts another run.'
    }
  ],
  [
    'nothing failed',
    { checks: { pending: [], failed: [], failures: null, unreadable: [] } },
    { kind: 'skip', reason: 'nothing-failed', quiet: true }
  ],
  [
    'nothing failed that could be read',
    { checks: { pending: [], failed: [], failures: null, unreadable: ['checks: read'] } },
    {
      kind: 'fail',
      why: "Nothing could be read of what failed at 1111111: the token lacks checks: read; add it to the workflow's permissions: block."
    }
  ],
  [
    'nothing failed that could be read, two permissions refused',
    { checks: { pending: [], failed: [], failures: null, unreadable: ['checks: read', 'statuses: read'] } },
    {
      kind: 'fail',
      why: "Nothing could be read of what failed at 1111111: the token lacks checks: read and statuses: read; add them to the workflow's permissions: block."
    }
  ],
  [
    'a failure read although a permission was refused',
    { checks: { ...FAILED, unreadable: ['statuses: read'] } },
    { kind: 'send', round: 1, of: 2 }
  ],
  [
    'failures not read yet',
    { checks: { pending: [], failed: ['link-rot'], failures: null, unreadable: [] } },
    { kind: 'read', what: 'failures' }
  ],
  [
    'a first failure',
    {},
    {
      kind: 'send',
      round: 1,
      of: 2,
      failed: ['link-rot'],
      message: MESSAGE,
      record: { heads: [HEAD], rounds: [{ head: HEAD, fingerprint: FP }] }
    }
  ],
  [
    'a new failure after a round',
    record(afterOneRound),
    { kind: 'send', round: 2, of: 2, record: withRound(afterOneRound, { head: HEAD, fingerprint: FP }) }
  ],
  ['a first failure, dry run', { dryRun: true }, { kind: 'dry-run', round: 1, of: 2, failed: ['link-rot'], message: MESSAGE }],
  [
    'the budget spent',
    record(spent),
    { kind: 'hand-over', rounds: 2, failed: ['link-rot'], record: { heads: [...spent.heads, HEAD], rounds: spent.rounds } }
  ],
  ['the budget spent, dry run', { ...record(spent), dryRun: true }, { kind: 'hand-over', rounds: 2 }],
  [
    'the same failure on the next head',
    record(sameFailureAgain),
    { kind: 'hand-over', rounds: 1, record: { heads: [OLD, HEAD], rounds: sameFailureAgain.rounds } }
  ],
  ['a budget of 5 after one round', { budget: 5, ...record(afterOneRound) }, { kind: 'send', round: 2, of: 5 }],
  ['a fresh budget (no rounds) after answered heads', record({ heads: [OLD], rounds: [] }), { kind: 'send', round: 1, of: 2 }]
]

describe('planFixChecks', () => {
  it.each(cases)('%s', (_, change, expected) => {
    expect(planFixChecks(facts(change))).toMatchObject(expected)
  })

  it('skips before anything else: fix-checks 0 even on a fork with nothing read', () => {
    expect(planFixChecks(facts({ budget: 0, pull: null, checks: null }))).toMatchObject({ reason: 'disabled' })
    expect(
      planFixChecks(
        facts({
          budget: 0,
          payload: { forkRun: true, ownNamed: null, forkNamed: 3, otherRunEvent: null },
          pull: 'unread',
          marks: null,
          checks: null
        })
      )
    ).toMatchObject({ reason: 'disabled' })
  })

  it("decides a fork's run from the payload before the event's pull requests, and reads nothing for it", () => {
    const plan = planFixChecks(
      facts({ payload: { forkRun: true, ownNamed: 9, forkNamed: null, otherRunEvent: null }, pull: 'unread', marks: null, checks: null })
    )
    expect(plan).toMatchObject({ kind: 'skip', reason: 'fork' })
  })

  it('says why a stale event is skipped, with both commits', () => {
    expect(planFixChecks(facts({ eventHead: OLD }))).toMatchObject({
      why: 'The event is about 2222222; pull request #9 is at 1111111 now.'
    })
  })
})

describe('handOverText', () => {
  it.each([
    [1, ['link-rot'], 'Checks still fail after 1 automatic round: link-rot. A person needs to look.'],
    [2, ['link-rot', 'vale'], 'Checks still fail after 2 automatic rounds: link-rot, vale. A person needs to look.']
  ])('after %i round(s) of %p', (rounds, names, text) => {
    expect(handOverText(rounds, names)).toBe(text)
  })
})
