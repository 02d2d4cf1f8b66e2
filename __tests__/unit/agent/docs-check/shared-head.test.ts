/**
 * A commit status belongs to the commit (DESIGN "The docs check on code pull requests"): an outsider's pull
 * request whose head is another open pull request's head writes no status there, whoever asks, and says so.
 */
import { describe, expect, it } from '@jest/globals'
import { type DocsEvent, needsHeadOwners } from '../../../../src/operations/agent/decide/docs-check-rules.js'
import type { SharedHead } from '../../../../src/operations/agent/decide/shared-head.js'
import {
  type Case,
  closed,
  command,
  factsOf,
  HEAD,
  label,
  mergedPlan,
  planDocsCheck,
  pullEvent,
  skipCommand,
  STEER,
  TOO_EARLY,
  WAITING
} from './plan-factories.js'

const OTHER: SharedHead = { kind: 'pull', number: 12 }
const SHARED_WORDS = `${HEAD.slice(0, 7)} is also the head of #12: its docs check stands.`

describe('needsHeadOwners', () => {
  it.each<[string, DocsEvent, boolean, boolean, boolean]>([
    ["an outsider's pull request opened, status-context set", pullEvent('opened'), true, true, true],
    ["an outsider's push to its pull request", pullEvent('synchronize'), true, true, true],
    ["a maintainer's /docs skip on an outsider's pull request", skipCommand('code-pull'), true, true, true],
    ["a maintainer's label on an outsider's pull request", label('code-pull'), true, true, true],
    ['without status-context: no status is written, so nothing is asked', pullEvent('opened'), true, false, false],
    ["a writer's own pull request", pullEvent('opened'), false, true, false],
    ["an outsider's pull request closed (no status)", closed(false), true, true, false]
  ])('%s', (_, event, outsiders, statusContext, expected) => {
    expect(needsHeadOwners(event, outsiders, statusContext)).toBe(expected)
  })
})

describe("an outsider's pull request at another pull request's head", () => {
  it.each<[string, Case]>([
    ['opened, which would write "waiting for a maintainer"', { event: pullEvent('opened'), gate: WAITING }],
    [
      'pushed with nothing documented, which would carry a green status over',
      { event: pullEvent('synchronize'), gate: WAITING, paths: 'unmatched', record: 'nothing documented yet' }
    ],
    ["a maintainer's /docs skip, which would write success", { event: skipCommand('code-pull'), gate: STEER, outsiders: true }],
    ["a maintainer's /docs, which would start a job and write pending", { event: command('code-pull'), gate: STEER, outsiders: true }],
    ["a maintainer's command before the head was shown", { event: command('code-pull'), gate: TOO_EARLY }]
  ])('%s: no status, no job, no record change, skipped', (_, c) => {
    const plan = planDocsCheck(factsOf({ ...c, sharedHead: OTHER }))
    expect(plan).toMatchObject({
      job: 'none',
      statusNow: { kind: 'none' },
      record: { kind: 'keep' },
      outcome: 'skipped',
      why: SHARED_WORDS
    })
  })

  it('says so in the sticky comment for its own event, and writes nothing on the commit', () => {
    const merged = mergedPlan(factsOf({ event: pullEvent('opened'), gate: WAITING, sharedHead: OTHER }))
    expect(merged.before).toEqual([{ kind: 'sticky-comment', says: 'shared-head', pull: 7, head: HEAD, why: SHARED_WORDS, stickyId: null }])
    expect(merged.end).toMatchObject({ outcome: 'skipped' })
  })

  it("says so in the reply to a maintainer's /docs skip, with no commit status among its writes", () => {
    const merged = mergedPlan(factsOf({ event: skipCommand('code-pull'), gate: STEER, outsiders: true, sharedHead: OTHER }))
    expect(merged.before.map((write) => write.kind)).toEqual(['react', 'reply', 'react'])
    const reply = merged.before.find((write) => write.kind === 'reply')
    expect(reply).toMatchObject({ text: expect.stringContaining(SHARED_WORDS) })
    expect(merged.job).toBeNull()
  })

  it('writes no status either when the look-up failed', () => {
    const plan = planDocsCheck(factsOf({ event: pullEvent('opened'), gate: WAITING, sharedHead: { kind: 'unknown' } }))
    expect(plan).toMatchObject({ job: 'none', statusNow: { kind: 'none' }, sticky: 'shared-head' })
    expect(plan.why).toContain(`Which open pull requests have ${HEAD.slice(0, 7)} as their head could not be read`)
  })

  it("leaves a writer's pull request and a closed one to their own rules", () => {
    expect(planDocsCheck(factsOf({ event: pullEvent('opened'), gate: STEER, outsiders: false, sharedHead: OTHER })).job).toBe('start')
    expect(planDocsCheck(factsOf({ event: closed(true), gate: WAITING, record: 'documented', sharedHead: OTHER }))).toMatchObject({
      outcome: 'noted'
    })
  })

  it('without status-context, waits for a maintainer as before', () => {
    const plan = planDocsCheck(factsOf({ event: pullEvent('opened'), gate: WAITING, statusContext: false, sharedHead: OTHER }))
    expect(plan).toMatchObject({ sticky: 'waiting', record: { kind: 'show-head' } })
  })
})

describe("a head that only outsiders' pull requests share", () => {
  const FORKS: SharedHead = { kind: 'pull', number: 12, closable: [12, 15] }
  const ADVICE = " Only outsiders share it: close #12 and #15 (forks' pull requests at the same head), then /docs again here."

  it.each<[string, Case]>([
    ["a maintainer's /docs", { event: command('code-pull'), gate: STEER, outsiders: true }],
    ["a maintainer's /docs before the head was shown", { event: command('code-pull'), gate: TOO_EARLY }],
    ["a maintainer's label", { event: label('code-pull'), gate: STEER, outsiders: true }]
  ])('%s is told which pull requests to close, and the head counts as shown to them', (_, c) => {
    const plan = planDocsCheck(factsOf({ ...c, sharedHead: FORKS }))
    expect(plan).toMatchObject({ job: 'none', statusNow: { kind: 'none' }, reply: 'shared-head', why: SHARED_WORDS + ADVICE })
    expect(plan.record).toMatchObject({ kind: 'show-head', head: { sha: HEAD } })
  })

  it('names the one pull request to close', () => {
    const plan = planDocsCheck(
      factsOf({ event: command('code-pull'), gate: STEER, outsiders: true, sharedHead: { ...FORKS, closable: [12] } })
    )
    expect(plan.why).toBe(
      `${SHARED_WORDS} Only outsiders share it: close #12 (a fork's pull request at the same head), then /docs again here.`
    )
  })

  it('names ten pull requests and counts the rest, however many forks open at the head', () => {
    const closable = Array.from({ length: 300 }, (_, index) => 100 + index)
    const plan = planDocsCheck(factsOf({ event: command('code-pull'), gate: STEER, outsiders: true, sharedHead: { ...FORKS, closable } }))
    const named = closable.slice(0, 10).map((number) => `#${number}`)
    expect(plan.why).toBe(
      `${SHARED_WORDS} Only outsiders share it: close ${named.join(', ')} and 290 more (forks' pull requests at the same head), then /docs again here.`
    )
  })

  it("the pull request's own event says nothing to close: no maintainer asked", () => {
    const plan = planDocsCheck(factsOf({ event: pullEvent('opened'), gate: WAITING, sharedHead: FORKS }))
    expect(plan).toMatchObject({ sticky: 'shared-head', why: SHARED_WORDS, record: { kind: 'keep' } })
  })

  it('names nothing to close where closing would not free the head (the look-up names none)', () => {
    const plan = planDocsCheck(
      factsOf({ event: command('code-pull'), gate: STEER, outsiders: true, sharedHead: { ...FORKS, closable: [] } })
    )
    expect(plan).toMatchObject({ why: SHARED_WORDS, record: { kind: 'keep' } })
  })
})
