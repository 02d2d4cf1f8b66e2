/**
 * planSweep, the sweep's one pure decision (DESIGN, "The agent's pull requests, looked after"): for each
 * visited pull request the first rule that applies (orphan, conflict or working, stale, superseded, fine;
 * unknown where a needed fact is missing) and the writes it makes, with `max-follow-ups` counted over the run.
 */
import { describe, expect, it } from '@jest/globals'
import type { PullReview, PullStanding } from '../../../src/github/api.js'
import type { CodePullRecord } from '../../../src/github/markers.js'
import type {
  CodePullState,
  Fact,
  IntroductionComment,
  JobState,
  KeptRecord,
  PullComments,
  SweepFacts,
  VisitedPull
} from '../../../src/operations/sweep/facts.js'
import { type PlannedPull, planSweep, type SweepPlanSettings } from '../../../src/operations/sweep/plan.js'
import { EMPTY_SWEEP_RECORD, type SweepRecord } from '../../../src/operations/sweep/record.js'

const NOW = Date.parse('2026-06-15T12:00:00Z')
const DAY = 86_400_000
const BASE = 'b'.repeat(40)
const HEAD = 'c'.repeat(40)
const at = (days: number): string => new Date(NOW - days * DAY).toISOString()

const SETTINGS: SweepPlanSettings = {
  staleDays: 7,
  orphans: 'comment',
  maxFollowUps: 3,
  reviewers: { author: true, users: [], teams: [] },
  identity: 'docs-bot[bot]'
}

function read<T>(value: T): Fact<T> {
  return { read: true, value }
}
const refused: Fact<never> = { read: false, why: 'HTTP 404' }

function standing(overrides: Partial<PullStanding> = {}): PullStanding {
  return {
    number: 1,
    url: 'https://github.com/acme/docs/pull/1',
    open: true,
    merged: false,
    draft: false,
    mergeable: true,
    mergeableState: 'clean',
    author: 'mintlify[bot]',
    baseRef: 'main',
    baseSha: BASE,
    headRef: 'mintlify/docs-1',
    headSha: HEAD,
    requested: { users: [], teams: [] },
    createdAt: at(2),
    updatedAt: at(1),
    ...overrides
  }
}

const CODE: CodePullRecord = { repository: 'acme/app', number: 7, author: 'alice', reviewers: ['alice'] }
const INTRODUCTION: IntroductionComment = {
  id: 50,
  body: '<!-- docs-agent-action:job job_1 -->\nIntroduced.',
  ours: true,
  login: 'docs-bot[bot]'
}

function comments(overrides: Partial<PullComments> = {}): PullComments {
  return {
    introduction: INTRODUCTION,
    jobId: 'job_1',
    codePull: CODE,
    recordId: null,
    record: EMPTY_SWEEP_RECORD,
    stickyId: null,
    orphanNoteSeen: false,
    ...overrides
  }
}

interface VisitInit {
  number?: number
  createdAt?: string
  standing?: Partial<PullStanding> | Fact<PullStanding>
  comments?: Partial<PullComments> | Fact<PullComments>
  reviews?: Fact<PullReview[]>
  job?: Fact<JobState>
  codePull?: Fact<CodePullState>
  record?: Fact<KeptRecord>
}

function visit(init: VisitInit = {}): VisitedPull {
  const number = init.number ?? 1
  const s = init.standing && 'read' in init.standing ? init.standing : read(standing({ number, ...init.standing! }))
  const c = init.comments && 'read' in init.comments ? init.comments : read(comments(init.comments))
  return {
    listed: {
      number,
      title: `PR ${number}`,
      url: `https://github.com/acme/docs/pull/${number}`,
      createdAt: init.createdAt ?? at(2),
      updatedAt: at(1)
    },
    standing: s,
    comments: c,
    ...(init.reviews ? { reviews: init.reviews } : {}),
    ...(init.job ? { job: init.job } : {}),
    ...(init.record ? { record: init.record } : {}),
    codePull: init.codePull ?? read('open')
  }
}

function plan(
  visits: VisitedPull[],
  settings: Partial<SweepPlanSettings> = {},
  list: Partial<Pick<SweepFacts, 'leftForLater' | 'listCut'>> = {}
): PlannedPull[] {
  const leftForLater = list.leftForLater ?? []
  const listed = visits.length + leftForLater.length
  const facts: SweepFacts = { repository: 'acme/docs', now: NOW, listed, listCut: false, visited: visits, leftForLater, ...list }
  return planSweep(facts, { ...SETTINGS, ...settings })
}

function one(init: VisitInit, settings: Partial<SweepPlanSettings> = {}): PlannedPull {
  const [planned] = plan([visit(init)], settings)
  if (!planned) throw new Error('nothing planned')
  return planned
}

const STALE = { updatedAt: at(8), createdAt: at(10), requested: { users: ['alice'], teams: [] } }
const NOTE = 'acme/app#7 was closed without merging: this documentation may no longer apply.'

describe('orphan: its code pull request was closed without merging', () => {
  it.each([
    ['keep', []],
    ['comment', [{ kind: 'comment', text: NOTE, change: { kind: 'orphan-noted' } }]],
    ['close', [{ kind: 'comment', text: NOTE, change: { kind: 'orphan-noted' } }, { kind: 'close' }]]
  ] as const)('orphans: %s', (orphans, writes) => {
    expect(one({ codePull: read('closed') }, { orphans })).toMatchObject({ decision: 'orphan', writes })
  })

  it.each([
    ['the record says the note was written', { record: { ...EMPTY_SWEEP_RECORD, orphanNoted: true } }],
    ["the docs check's note is there", { orphanNoteSeen: true }]
  ])('writes the note once: nothing when %s, closing still', (_, said) => {
    expect(one({ codePull: read('closed'), comments: said }).writes).toEqual([])
    expect(one({ codePull: read('closed'), comments: said }, { orphans: 'close' }).writes).toEqual([{ kind: 'close' }])
  })

  it('comes first: a closed code pull request decides over a conflict and staleness', () => {
    expect(one({ codePull: read('closed'), standing: { ...STALE, mergeable: false } }).decision).toBe('orphan')
  })

  it('a merged or open code pull request is no orphan', () => {
    expect(one({ codePull: read('merged') }).decision).toBe('fine')
    expect(one({ codePull: read('open') }).decision).toBe('fine')
  })

  it('a code pull request that cannot be read is unknown, never an orphan', () => {
    expect(one({ codePull: refused })).toMatchObject({ decision: 'unknown', writes: [] })
  })

  it('an introduction without its code pull request: neither orphan nor superseded judged, and said', () => {
    const planned = one({ comments: { codePull: null } })
    expect(planned).toMatchObject({ decision: 'fine', notJudged: expect.stringContaining('orphan and superseded not judged') })
    expect(one({}).notJudged).toBeNull()
  })
})

describe('conflict and working', () => {
  const ended = read<JobState>({ status: 'completed' })
  const PROMPT =
    'The base branch main has moved and this pull request no longer merges cleanly. Merge main into mintlify/docs-1 and resolve the conflicts, keeping the intent of both changes.'

  it.each([
    ['mergeable false', { mergeable: false, mergeableState: 'blocked' }],
    ['mergeable_state dirty', { mergeable: null, mergeableState: 'dirty' }],
    ['mergeable_state DIRTY in capitals', { mergeable: null, mergeableState: 'DIRTY' }]
  ])('%s: a follow-up to its ended job, recording the base head', (_, merge) => {
    expect(one({ standing: merge, job: ended })).toMatchObject({
      decision: 'conflict',
      writes: [{ kind: 'follow-up', jobId: 'job_1', prompt: PROMPT, change: { kind: 'followed-up', base: BASE } }]
    })
  })

  it.each(['failed', 'archived', 'completed', 'something new'])('a job %s is messaged', (status) => {
    expect(one({ standing: { mergeable: false }, job: read({ status }) }).writes).toHaveLength(1)
  })

  it('an active job is working: never messaged', () => {
    expect(one({ standing: { mergeable: false }, job: read({ status: 'active' }) })).toMatchObject({ decision: 'working', writes: [] })
  })

  it('once per base head: a base already followed up sends nothing', () => {
    const record: SweepRecord = { ...EMPTY_SWEEP_RECORD, followedUp: [BASE] }
    expect(one({ standing: { mergeable: false }, job: ended, comments: { record } })).toMatchObject({ decision: 'conflict', writes: [] })
    const moved = one({ standing: { mergeable: false, baseSha: 'd'.repeat(40) }, job: ended, comments: { record } })
    expect(moved.writes).toHaveLength(1)
  })

  it('max-follow-ups counts over the run: past it the conflict is listed, nothing sent or recorded', () => {
    const visits = [1, 2, 3].map((number) => visit({ number, standing: { mergeable: false }, job: ended }))
    const planned = plan(visits, { maxFollowUps: 2 })
    expect(planned.map((pull) => [pull.decision, pull.writes.length])).toEqual([
      ['conflict', 1],
      ['conflict', 1],
      ['conflict', 0]
    ])
    expect(planned[2]?.why).toContain('over max-follow-ups (2 this run)')
    expect(plan(visits, { maxFollowUps: 0 }).every((pull) => pull.writes.length === 0)).toBe(true)
  })

  it('a dry run reads no job: conflict, job not read, nothing sent', () => {
    expect(one({ standing: { mergeable: false }, job: read({ notRead: 'dry-run' }) })).toMatchObject({
      decision: 'conflict',
      why: expect.stringContaining('not read (dry run)'),
      writes: []
    })
  })

  it.each([
    ['its job cannot be read', { standing: { mergeable: false }, job: refused }],
    ['no introduction names its job', { standing: { mergeable: false }, comments: { introduction: null, jobId: null }, job: ended }],
    ['GitHub named no base commit', { standing: { mergeable: false, baseSha: '' }, job: ended }],
    ['mergeable is still null, not dirty', { standing: { mergeable: null, mergeableState: 'unknown' } }],
    ['mergeable is null with a state outside GitHub’s list', { standing: { mergeable: null, mergeableState: 'frobnicated' } }]
  ] as [string, VisitInit][])('unknown when %s', (_, init) => {
    expect(one(init)).toMatchObject({ decision: 'unknown', writes: [] })
  })

  it('a known mergeable with a state outside the list is judged on mergeable', () => {
    expect(one({ standing: { mergeable: true, mergeableState: 'frobnicated' } }).decision).toBe('fine')
  })

  it('decides before staleness', () => {
    expect(one({ standing: { ...STALE, mergeable: false }, job: ended }).decision).toBe('conflict')
  })
})

describe('stale: waiting for review, idle for stale-days', () => {
  const review = (login: string, state = 'COMMENTED', commitId = HEAD): PullReview => ({ login, state, commitId })
  const comment = { kind: 'comment', text: 'Waiting for review for 10 days.', change: { kind: 'stale', at: new Date(NOW).toISOString() } }

  it('comments, and asks again only those who reviewed and are not pending', () => {
    const planned = one({ standing: STALE, reviews: read([review('bob'), review('alice'), review('bob')]) })
    expect(planned).toMatchObject({ decision: 'stale', writes: [comment, { kind: 'ask-reviewers', users: ['bob'], teams: [] }] })
  })

  it('never asks the author, a bot or the token’s identity', () => {
    const reviews = read([review('mintlify[bot]'), review('renovate[bot]'), review('DOCS-BOT[bot]'), review('carol')])
    expect(one({ standing: STALE, reviews }).writes[1]).toEqual({ kind: 'ask-reviewers', users: ['carol'], teams: [] })
  })

  it('with only pending reviewers and a recorded request: the comment alone', () => {
    expect(one({ standing: STALE, reviews: read([]) }).writes).toEqual([comment])
  })

  it('with no reviewers recorded, asks `reviewers` (author, logins, teams of the docs organisation)', () => {
    const reviewers = {
      author: true,
      users: ['dave'],
      teams: [
        { org: 'acme', slug: 'writers' },
        { org: 'other', slug: 'x' }
      ]
    }
    const nobody = { ...CODE, reviewers: [] }
    const erinPending = { ...STALE, requested: { users: ['erin'], teams: [] } }
    expect(one({ standing: erinPending, reviews: read([]), comments: { codePull: nobody } }, { reviewers }).writes[1]).toEqual({
      kind: 'ask-reviewers',
      users: ['alice', 'dave'],
      teams: ['writers']
    })
    // An introduction of an earlier version records nobody either; its author is unknown.
    expect(one({ standing: STALE, reviews: read([]), comments: { codePull: null } }, { reviewers }).writes[1]).toEqual({
      kind: 'ask-reviewers',
      users: ['dave'],
      teams: ['writers']
    })
  })

  it('at most once per stale-days: a recent stale comment writes nothing', () => {
    const record: SweepRecord = { ...EMPTY_SWEEP_RECORD, staleAt: at(3) }
    expect(one({ standing: STALE, reviews: read([]), comments: { record } })).toMatchObject({ decision: 'stale', writes: [] })
    const older: SweepRecord = { ...EMPTY_SWEEP_RECORD, staleAt: at(7) }
    expect(one({ standing: STALE, reviews: read([]), comments: { record: older } }).writes).toHaveLength(1)
  })

  it("the sweep's own comment is no one's activity; someone else's after it is", () => {
    const record: SweepRecord = { ...EMPTY_SWEEP_RECORD, staleAt: at(1) }
    const own = { ...STALE, updatedAt: new Date(Date.parse(at(1)) + 60_000).toISOString() }
    expect(one({ standing: own, reviews: read([]), comments: { record } })).toMatchObject({ decision: 'stale', writes: [] })
    const theirs = { ...STALE, updatedAt: new Date(Date.parse(at(1)) + 3_600_000).toISOString() }
    expect(one({ standing: theirs, reviews: read([]), comments: { record } }).decision).toBe('fine')
  })

  it.each([
    ['approved on its head', { standing: STALE, reviews: read([review('bob', 'APPROVED')]) }],
    ['a draft', { standing: { ...STALE, draft: true }, reviews: read([]) }],
    ['nobody asked and no review', { standing: { ...STALE, requested: { users: [], teams: [] } }, reviews: read([]) }],
    ['active within stale-days', { standing: { ...STALE, updatedAt: at(6) }, reviews: read([]) }]
  ] as [string, VisitInit][])('not stale when %s', (_, init) => {
    expect(one(init).decision).toBe('fine')
  })

  it('an approval of an older commit leaves it waiting', () => {
    expect(one({ standing: STALE, reviews: read([review('bob', 'APPROVED', 'e'.repeat(40))]) }).decision).toBe('stale')
  })

  it('stale-days 0: never stale', () => {
    expect(one({ standing: STALE, reviews: read([]) }, { staleDays: 0 }).decision).toBe('fine')
  })

  it('reviews that cannot be read: unknown', () => {
    expect(one({ standing: STALE, reviews: refused }).decision).toBe('unknown')
  })

  it('a team already asked is not asked again', () => {
    const requested = { users: [], teams: ['acme/writers'] }
    const reviewers = { author: false, users: [], teams: [{ org: 'acme', slug: 'writers' }] }
    expect(one({ standing: { ...STALE, requested }, reviews: read([]), comments: { codePull: null } }, { reviewers }).writes).toEqual([
      comment
    ])
  })
})

describe('superseded', () => {
  it('the older of two for one code pull request links the newer, once; the newer is fine', () => {
    const planned = plan([visit({ number: 1, createdAt: at(5) }), visit({ number: 2, createdAt: at(3) })])
    expect(planned.map((pull) => pull.decision)).toEqual(['superseded', 'fine'])
    expect(planned[0]?.writes).toEqual([
      {
        kind: 'comment',
        text: 'acme/docs#2 is a newer agent pull request for acme/app#7, and may replace this one. The sweep leaves this pull request open: close it if acme/docs#2 covers it.',
        change: { kind: 'superseded-noted' }
      }
    ])
    const noted = { record: { ...EMPTY_SWEEP_RECORD, supersededNoted: true } }
    expect(plan([visit({ number: 1, createdAt: at(5), comments: noted }), visit({ number: 2, createdAt: at(3) })])[0]?.writes).toEqual([])
  })

  it('on equal creation times the higher number is the newer; another code pull request is no sibling', () => {
    expect(plan([visit({ number: 5 }), visit({ number: 4 })]).map((pull) => pull.decision)).toEqual(['fine', 'superseded'])
    const other = { codePull: { ...CODE, number: 8 } }
    expect(plan([visit({ number: 1 }), visit({ number: 2, comments: other })]).map((pull) => pull.decision)).toEqual(['fine', 'fine'])
  })

  it('comes after staleness', () => {
    const planned = plan([visit({ number: 1, standing: STALE, reviews: read([]) }), visit({ number: 2 })])
    expect(planned[0]?.decision).toBe('stale')
  })
})

describe('unknown', () => {
  it.each([
    ['the pull request cannot be read', { standing: refused }],
    ['its comments cannot be read', { comments: refused }]
  ] as [string, VisitInit][])('when %s', (_, init) => {
    expect(one(init)).toMatchObject({ decision: 'unknown', writes: [], why: expect.stringContaining('HTTP 404') })
  })
})

describe("only the agent's pull requests: a trusted introduction", () => {
  it('a labelled pull request without one is unknown, "no introduction", and nothing is written on it', () => {
    const label = { introduction: null, jobId: null, codePull: null }
    for (const init of [
      { comments: label, codePull: read<CodePullState>('closed') },
      { comments: label, standing: STALE, reviews: read([]) },
      { comments: label, standing: { mergeable: false }, job: read<JobState>({ status: 'completed' }) }
    ] as VisitInit[]) {
      const planned = one(init, { orphans: 'close' })
      expect(planned).toMatchObject({ decision: 'unknown', writes: [], keep: { kind: 'none' } })
      expect(planned.why).toMatch(/^no introduction/)
    }
  })
})

describe("the sweep's record, by the id its introduction holds", () => {
  const kept = (record: SweepRecord, ours = true): Fact<KeptRecord> =>
    read({ commentId: 900, record, ours, login: ours ? 'docs-bot[bot]' : 'other-bot[bot]' })

  it('the record read by its id decides what was said already, and is updated by that id', () => {
    const said = kept({ ...EMPTY_SWEEP_RECORD, orphanNoted: true })
    expect(one({ codePull: read('closed'), comments: { recordId: 900 }, record: said })).toMatchObject({
      decision: 'orphan',
      writes: [],
      keep: { kind: 'update', commentId: 900 }
    })
    // An earlier version's record on the first page counts for nothing once the introduction names another.
    const first = { recordId: 900, record: { ...EMPTY_SWEEP_RECORD, orphanNoted: true } }
    expect(one({ codePull: read('closed'), comments: first, record: kept(EMPTY_SWEEP_RECORD) }).writes).toHaveLength(1)
  })

  it('a record id that does not answer is unknown: no note, no follow-up, no stale comment', () => {
    const gone: Fact<KeptRecord> = { read: false, why: 'Could not read comment 900 of #1: HTTP 404.' }
    for (const init of [
      { codePull: read<CodePullState>('closed') },
      { standing: { mergeable: false }, job: read<JobState>({ status: 'completed' }) },
      { standing: STALE, reviews: read([]) }
    ] as VisitInit[]) {
      const planned = one({ ...init, comments: { recordId: 900 }, record: gone })
      expect(planned).toMatchObject({ decision: 'unknown', writes: [] })
      expect(planned.why).toMatch(/^the sweep's record \(comment 900\), which its introduction names, could not be read: .*HTTP 404/)
    }
  })

  it("before the first write: a new record named in the introduction, or the earlier version's sticky comment updated", () => {
    expect(one({ codePull: read('closed') }).keep).toEqual({
      kind: 'first',
      stickyId: null,
      introduction: { id: INTRODUCTION.id, body: INTRODUCTION.body }
    })
    expect(one({ codePull: read('closed'), comments: { stickyId: 77 } }).keep).toMatchObject({ kind: 'first', stickyId: 77 })
  })

  it('a record the token may not keep (another identity wrote the introduction, or the record) writes nothing it would stop', () => {
    const theirs = { ...INTRODUCTION, ours: false, login: 'code-bot[bot]' }
    const planned = one({ codePull: read('closed'), comments: { introduction: theirs } })
    expect(planned).toMatchObject({ decision: 'unknown', writes: [] })
    expect(planned.why).toMatch(/^orphan, but its introduction was written by code-bot\[bot\]/)
    const other = one({ codePull: read('closed'), comments: { recordId: 900 }, record: kept(EMPTY_SWEEP_RECORD, false) })
    expect(other).toMatchObject({ decision: 'unknown', writes: [] })
    // Nothing to write: the decision stands.
    expect(one({ codePull: read('merged'), comments: { introduction: theirs } }).decision).toBe('fine')
  })
})

describe('not judged: superseded, where a newer one was not visited in this run', () => {
  const listed = (number: number, createdAt: string): SweepFacts['leftForLater'][number] => ({
    number,
    title: `PR ${number}`,
    url: `https://github.com/acme/docs/pull/${number}`,
    createdAt,
    updatedAt: createdAt
  })

  it('a newer listed pull request left for later: not judged, never fine, and nothing written', () => {
    const planned = plan([visit({ number: 1, createdAt: at(5) })], {}, { leftForLater: [listed(2, at(3)), listed(3, at(9))] })
    expect(planned[0]).toMatchObject({ decision: 'not judged', writes: [] })
    expect(planned[0]?.why).toBe(
      'superseded not judged: 1 newer labelled pull request not visited in this run (#2) may record acme/app#7 too; they are judged together when one run visits them'
    )
  })

  it('only older ones left for later: fine; a list cut at its cap: not judged', () => {
    expect(plan([visit({ number: 5, createdAt: at(1) })], {}, { leftForLater: [listed(2, at(3))] })[0]?.decision).toBe('fine')
    const cut = plan([visit({ number: 5, createdAt: at(1) })], {}, { listCut: true })[0]
    expect(cut).toMatchObject({ decision: 'not judged', why: expect.stringContaining('the newer ones beyond the list') })
  })

  it('a newer one visited decides: superseded; an earlier rule still comes first', () => {
    const visits = [visit({ number: 1, createdAt: at(5) }), visit({ number: 2, createdAt: at(3) })]
    expect(plan(visits, {}, { leftForLater: [listed(3, at(1))] }).map((pull) => pull.decision)).toEqual(['superseded', 'not judged'])
    const stale = plan(
      [visit({ number: 1, createdAt: at(5), standing: STALE, reviews: read([]) })],
      {},
      { leftForLater: [listed(2, at(3))] }
    )
    expect(stale[0]?.decision).toBe('stale')
  })

  it('without a recorded code pull request superseded cannot be judged anyway: fine, and the old note says why', () => {
    const planned = plan([visit({ number: 1, createdAt: at(5), comments: { codePull: null } })], {}, { leftForLater: [listed(2, at(3))] })
    expect(planned[0]).toMatchObject({ decision: 'fine', notJudged: expect.stringContaining('orphan and superseded not judged') })
  })
})
