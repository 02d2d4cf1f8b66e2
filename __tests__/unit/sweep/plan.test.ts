/**
 * planSweep, the sweep's one pure decision (DESIGN, "The agent's pull requests, looked after"): for each
 * visited pull request the first rule that applies (orphan, conflict or working, stale, superseded, fine;
 * unknown where a needed fact is missing) and the writes it makes, with `max-follow-ups` counted over the run.
 */
import { describe, expect, it } from '@jest/globals'
import type { PullReview, PullStanding } from '../../../src/github/api.js'
import type { CodePullRecord } from '../../../src/github/markers.js'
import type { CodePullState, Fact, JobState, PullComments, SweepFacts, VisitedPull } from '../../../src/operations/sweep/facts.js'
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

function comments(overrides: Partial<PullComments> = {}): PullComments {
  return { jobId: 'job_1', codePull: CODE, record: EMPTY_SWEEP_RECORD, stickyId: null, orphanNoteSeen: false, ...overrides }
}

interface VisitInit {
  number?: number
  createdAt?: string
  standing?: Partial<PullStanding> | Fact<PullStanding>
  comments?: Partial<PullComments> | Fact<PullComments>
  reviews?: Fact<PullReview[]>
  job?: Fact<JobState>
  codePull?: Fact<CodePullState>
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
    codePull: init.codePull ?? read('open')
  }
}

function plan(visits: VisitedPull[], settings: Partial<SweepPlanSettings> = {}): PlannedPull[] {
  const facts: SweepFacts = { repository: 'acme/docs', now: NOW, listed: visits.length, listCut: false, visited: visits, leftForLater: [] }
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
    ['no introduction names its job', { standing: { mergeable: false }, comments: { jobId: null }, job: ended }],
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
