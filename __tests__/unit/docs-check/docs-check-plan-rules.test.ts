/** The docs check's plan: the rules that hold across every combination of event, record, paths, fork and status-context. */
import { describe, expect, it } from '@jest/globals'
import { type DocsEvent, planDocsCheck } from '../../../src/operations/agent/docs-check/plan.js'
import { closed, command, factsOf, label, pullEvent, type RecordName, RECORDS, skipCommand } from './plan-factories.js'

describe('planDocsCheck: rules across every combination', () => {
  const events: DocsEvent[] = [
    pullEvent('opened'),
    pullEvent('reopened'),
    pullEvent('synchronize'),
    closed(true),
    closed(false),
    { kind: 'push' },
    { kind: 'scheduled' },
    ...(['code-pull', 'agent-pull', 'issue'] as const).flatMap((on) =>
      [true, false].flatMap((permitted) => [command(on, permitted), skipCommand(on, 'why', permitted), label(on, permitted)])
    )
  ]
  const cases = events.flatMap((event) =>
    (Object.keys(RECORDS) as RecordName[]).flatMap((record) =>
      (['unset', 'matched', 'unmatched'] as const).flatMap((paths) =>
        [false, true].flatMap((fork) => [false, true].map((statusContext) => ({ event, record, paths, fork, statusContext })))
      )
    )
  )
  const planned = cases.map((c) => ({ c, plan: planDocsCheck(factsOf(c)) }))

  it('covers every combination', () => {
    expect(planned).toHaveLength(events.length * 6 * 3 * 2 * 2)
  })

  it('ends a run without a job with an outcome, and leaves a job run to its verdict', () => {
    for (const { plan } of planned) expect([plan.job, plan.outcome === null]).toEqual([plan.job, plan.job === 'start'])
  })

  it('never starts a job, writes a status or changes the record when a pull request closes', () => {
    for (const { c, plan } of planned.filter(({ c }) => c.event.kind === 'pull-request-closed'))
      expect([c, plan.job, plan.statusNow.kind, plan.record.kind]).toEqual([c, 'none', 'none', 'keep'])
  })

  it('writes no status and changes no record for a denied command or label', () => {
    for (const { c, plan } of planned.filter(({ plan }) => plan.outcome === 'denied'))
      expect([c, plan.statusNow.kind, plan.record.kind, plan.reply]).toEqual([c, 'none', 'keep', null])
  })

  it('denies exactly the commands and labels of those without permission', () => {
    for (const { c, plan } of planned) {
      const unpermitted = (c.event.kind === 'command' || c.event.kind === 'label') && !c.event.actor.permitted
      expect([c, plan.outcome === 'denied']).toEqual([c, unpermitted])
    }
  })

  it('writes no status without status-context, and none on a schedule or dispatch', () => {
    for (const { c, plan } of planned.filter(({ c }) => !c.statusContext || c.event.kind === 'scheduled'))
      expect([c, plan.statusNow]).toEqual([c, { kind: 'none' }])
  })

  it('starts a job on a skipped pull request only when someone permitted asks for it there, clearing the skip', () => {
    for (const { c, plan } of planned.filter(
      ({ c, plan }) => RECORDS[c.record]?.skip && plan.job === 'start' && c.event.kind !== 'scheduled'
    )) {
      const asked = (c.event.kind === 'command' && c.event.ask.kind === 'run') || c.event.kind === 'label'
      const onCodePull = 'on' in c.event && c.event.on === 'code-pull'
      expect([c, asked, plan.record.kind]).toEqual([c, true, onCodePull ? 'clear-skip' : 'keep'])
    }
  })

  it("never starts a job by itself on a fork's pull request no maintainer has decided on", () => {
    const undecided = ['none', 'nothing documented yet'] as RecordName[]
    for (const { c, plan } of planned.filter(({ c }) => c.fork && c.event.kind === 'pull-request' && undecided.includes(c.record)))
      expect([c, plan.job]).toEqual([c, 'none'])
  })

  it('changes nothing but the dry-run flag in a dry run', () => {
    for (const { c, plan } of planned) expect(planDocsCheck({ ...factsOf(c), dryRun: true })).toEqual({ ...plan, dryRun: true })
  })
})
