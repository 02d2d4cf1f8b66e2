/** The docs check's plan: the rules that hold across every combination of event, record, paths, the gate's decision and status-context. */
import { describe, expect, it } from '@jest/globals'
import type { DocsEvent } from '../../../../src/operations/agent/decide/docs-check-rules.js'
import {
  closed,
  command,
  factsOf,
  label,
  pullEvent,
  type RecordName,
  RECORDS,
  skipCommand,
  STEER,
  TOO_EARLY,
  WAITING,
  mergedPlan,
  planDocsCheck
} from './plan-factories.js'

describe('planDocsCheck: rules across every combination', () => {
  const events: DocsEvent[] = [
    pullEvent('opened'),
    pullEvent('reopened'),
    pullEvent('synchronize'),
    pullEvent('edited'),
    closed(true),
    closed(false),
    { kind: 'push' },
    { kind: 'scheduled' },
    ...(['code-pull', 'agent-pull', 'issue'] as const).flatMap((on) => [command(on), skipCommand(on, 'why'), label(on)])
  ]
  const cases = events.flatMap((event) =>
    (Object.keys(RECORDS) as RecordName[]).flatMap((record) =>
      (['unset', 'matched', 'unmatched'] as const).flatMap((paths) =>
        [STEER, WAITING, TOO_EARLY].flatMap((gate) => [false, true].map((statusContext) => ({ event, record, paths, gate, statusContext })))
      )
    )
  )
  const planned = cases.map((c) => ({ c, plan: planDocsCheck(factsOf(c)) }))

  it('covers every combination', () => {
    expect(planned).toHaveLength(events.length * 6 * 3 * 3 * 2)
  })

  it('ends a run without a job with an outcome, and leaves a job run to its verdict', () => {
    for (const { plan } of planned) expect([plan.job, plan.outcome === null]).toEqual([plan.job, plan.job === 'start'])
  })

  it('sends a job only where the docs check starts one and the run itself would (a waiting fork never)', () => {
    for (const { c } of planned) {
      const merged = mergedPlan(factsOf(c))
      const runs = merged.run.kind === 'job'
      expect([c, merged.job !== null, merged.end === null]).toEqual([
        c,
        runs && merged.docs?.plan.job === 'start',
        runs && merged.docs?.plan.job === 'start'
      ])
      if (c.gate.kind === 'wait') expect([c, merged.job]).toEqual([c, null])
    }
  })

  it('never starts a job, writes a status or changes the record when a pull request closes', () => {
    for (const { c, plan } of planned.filter(({ c }) => c.event.kind === 'pull-request-closed'))
      expect([c, plan.job, plan.statusNow.kind, plan.record.kind]).toEqual([c, 'none', 'none', 'keep'])
  })

  it('starts no job while the gate waits for a maintainer, except on a schedule', () => {
    for (const { c, plan } of planned.filter(({ c }) => c.gate.kind === 'wait' && c.event.kind !== 'scheduled'))
      expect([c, plan.job]).toEqual([c, 'none'])
  })

  it("shows a waiting fork's head, in the sticky comment by itself, in the reply to a command that came too early", () => {
    for (const { c, plan } of planned.filter(({ plan }) => plan.record.kind === 'show-head')) {
      const commanded = c.gate.kind === 'wait' && c.gate.commanded
      expect([c, plan.job, plan.sticky, plan.reply]).toEqual([
        c,
        'none',
        commanded ? null : 'waiting',
        commanded ? 'repeat-for-head' : null
      ])
    }
  })

  it('waits for a maintainer exactly where the gate waits, unless paths say nothing is documented or skip does not apply', () => {
    for (const { c, plan } of planned) {
      const changed = c.event.kind === 'pull-request' || c.event.kind === 'push'
      const commanded =
        c.event.kind === 'label' || (c.event.kind === 'command' && (c.event.ask.kind === 'run' || c.event.on === 'code-pull'))
      const waits = c.gate.kind === 'wait' && ((changed && c.paths !== 'unmatched') || commanded)
      expect([c, plan.record.kind === 'show-head']).toEqual([c, waits])
    }
  })

  it('writes no status without status-context, and none on a schedule or dispatch', () => {
    for (const { c, plan } of planned.filter(({ c }) => !c.statusContext || c.event.kind === 'scheduled'))
      expect([c, plan.statusNow]).toEqual([c, { kind: 'none' }])
  })

  it('starts a job on a skipped pull request only when someone asks for it there or a change it judges touches documented files, clearing the skip', () => {
    for (const { c, plan } of planned.filter(
      ({ c, plan }) => RECORDS[c.record]?.skip && plan.job === 'start' && c.event.kind !== 'scheduled'
    )) {
      const asked = (c.event.kind === 'command' && c.event.ask.kind === 'run') || c.event.kind === 'label'
      // Any pull-request event that judges the change as matched, not only a push: a push run GitHub replaced hides nothing.
      const pushed = c.paths === 'matched' && (c.event.kind === 'push' || c.event.kind === 'pull-request')
      const onCodePull = pushed || ('on' in c.event && c.event.on === 'code-pull')
      expect([c, asked || pushed, plan.record.kind]).toEqual([c, true, onCodePull ? 'clear-skip' : 'keep'])
    }
  })

  it('changes nothing but the dry-run flag in a dry run', () => {
    for (const { c, plan } of planned) expect(planDocsCheck({ ...factsOf(c), dryRun: true })).toEqual({ ...plan, dryRun: true })
  })
})
