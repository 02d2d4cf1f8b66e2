/** `judged`: the head a docs check last judged, what a run judges from it, and the plan's new rules around it. */
import { describe, expect, it } from '@jest/globals'
import { judgeFrom } from '../../../../src/operations/agent/decide/judging.js'
import { judgedWith, MAX_JUDGED, parseJudged, renderJudged } from '../../../../src/operations/agent/decide/judged.js'
import { factsOf, HEAD, planDocsCheck, pullEvent, RECORDS, WAITING } from './plan-factories.js'

const JUDGED = 'f00dcafe'.repeat(5)

describe('judgeFrom: what a run judges, from the head last judged', () => {
  it.each([
    ['nothing judged yet', null, HEAD, 'main', { kind: 'pull-files' }],
    ['judged against another base (a retargeted pull request)', { head: HEAD, base: 'main' }, HEAD, 'release', { kind: 'pull-files' }],
    ['the head is the judged head (an edit, a reopening)', { head: HEAD, base: 'main' }, HEAD, 'main', { kind: 'unchanged' }],
    ['a new head: what changed since the judged one', { head: JUDGED, base: 'main' }, HEAD, 'main', { kind: 'compare', from: JUDGED }],
    ['no head read: every file', { head: JUDGED, base: 'main' }, '', 'main', { kind: 'pull-files' }]
  ] as const)('%s', (_, judged, head, base, expected) => {
    expect(judgeFrom(judged, head, base)).toEqual(expected)
  })
})

describe('the judged marker', () => {
  it('reads back what it wrote, one head per status context', () => {
    const heads = judgedWith(judgedWith({}, 'status docs', { head: JUDGED, base: 'main' }), 'job CI/docs', { head: HEAD, base: 'release' })
    expect(parseJudged(`x\n${renderJudged(heads)}\ny`)).toEqual({
      'status docs': { head: JUDGED, base: 'main' },
      'job CI/docs': { head: HEAD, base: 'release' }
    })
  })

  it(`keeps the newest ${MAX_JUDGED} keys, and a key set again moves to the end`, () => {
    let heads = {}
    for (let i = 0; i < MAX_JUDGED + 2; i++) heads = judgedWith(heads, `status c${i}`, { head: HEAD, base: 'main' })
    heads = judgedWith(heads, 'status c3', { head: JUDGED, base: 'main' })
    expect(Object.keys(heads)).toHaveLength(MAX_JUDGED)
    expect(Object.keys(heads).at(-1)).toBe('status c3')
    expect(Object.keys(heads)).not.toContain('status c0')
  })

  it.each([
    ['no marker', 'no marker here'],
    ['not base64url JSON', '<!-- docs-agent-action:judged v1 %%% -->'],
    ['a head that is no sha', marker([{ key: 'status docs', head: 'main', base: 'main' }])],
    ['a key with a line break', marker([{ key: 'status a\nb', head: HEAD, base: 'main' }])],
    ['an extra field', marker([{ key: 'status docs', head: HEAD, base: 'main', skip: true }])],
    ['too many keys', marker(Array.from({ length: MAX_JUDGED + 1 }, (_, i) => ({ key: `k${i}`, head: HEAD, base: 'main' })))]
  ])('reads %s as nothing judged', (_, body) => {
    expect(parseJudged(body)).toEqual({})
  })

  it('writes nothing for nothing judged, or for a head that would not read back', () => {
    expect(renderJudged({})).toBe('')
    expect(renderJudged({ 'status docs': { head: 'not-a-sha', base: 'main' } })).toBe('')
  })
})

function marker(entries: unknown[]): string {
  return `<!-- docs-agent-action:judged v1 ${Buffer.from(JSON.stringify(entries), 'utf8').toString('base64url')} -->`
}

describe('planDocsCheck: the rules around the judged head', () => {
  it("waits for a maintainer on a fork's pull request whose record cannot be found, whatever paths says", () => {
    for (const paths of ['unset', 'matched', 'unmatched', 'unchanged'] as const) {
      const plan = planDocsCheck({ ...factsOf({ event: pullEvent('synchronize'), gate: WAITING, paths }), recordKnown: false })
      expect([paths, plan.job, plan.statusNow, plan.record.kind]).toEqual([
        paths,
        'none',
        { kind: 'write', situation: { kind: 'waiting-for-maintainer', trigger: '/docs' } },
        'show-head'
      ])
    }
  })

  it('carries the recorded status when nothing changed since the judged head, naming that head', () => {
    const plan = planDocsCheck(factsOf({ event: pullEvent('edited'), record: 'documented', paths: 'unchanged' }))
    expect(plan).toMatchObject({ job: 'none', outcome: 'skipped', record: { kind: 'keep' } })
    expect(plan.statusNow).toEqual({ kind: 'write', situation: { kind: 'carried', status: RECORDS.documented.status } })
    expect(plan.why).toBe(`Nothing changed since ${HEAD.slice(0, 7)} was judged, so no docs job was started.`)
  })

  it('lets a recorded skip speak when nothing changed since the judged head', () => {
    const plan = planDocsCheck(factsOf({ event: pullEvent('edited'), record: 'skipped', paths: 'unchanged' }))
    expect(plan.why).toMatch(/^Docs were skipped by @maintainer at f00dcaf/)
  })

  it("shows a fork's new head as waiting when its waiting state is carried onto it, so a maintainer's command holds", () => {
    const waitingRecord = {
      agentPull: null,
      jobId: null,
      skip: null,
      status: null,
      shown: [{ sha: JUDGED, at: '2026-02-28T00:00:00.000Z' }]
    }
    const base = factsOf({ event: pullEvent('synchronize'), gate: WAITING, paths: 'unmatched' })
    const plan = planDocsCheck({ ...base, record: waitingRecord })
    expect(plan).toMatchObject({ job: 'none', sticky: 'waiting', record: { kind: 'show-head', head: { sha: HEAD } } })
    // A documented fork's pull request stays documented: nothing waits, nothing is shown.
    const documented = planDocsCheck(factsOf({ event: pullEvent('synchronize'), gate: WAITING, paths: 'unmatched', record: 'documented' }))
    expect(documented).toMatchObject({ sticky: null, record: { kind: 'keep' } })
  })
})
