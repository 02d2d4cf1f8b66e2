import { describe, expect, it } from '@jest/globals'
import { tableRow } from '../../fixtures/markdown.js'
import { ApiError } from '../../../src/mintlify/errors.js'
import { renderAutomationSummary } from '../../../src/operations/automation/summary.js'
import { judgeAutomation } from '../../../src/operations/automation/verdicts.js'
import { judgeStartFailure } from '../../../src/outcome.js'

describe('renderAutomationSummary', () => {
  const trigger = { schemaId: 'sch_1', instanceId: 'run_1', jobId: 'bg_1', raw: {} }

  it('shows the queued run, its ids and where to follow it', () => {
    const summary = renderAutomationSummary({
      automationId: 'auto_1',
      kind: 'schedule',
      trigger,
      verdict: judgeAutomation(trigger, 'auto_1')
    })
    expect(summary.split('\n')[0]).toBe('### ℹ️ Mintlify automation')
    expect(summary).toContain('Automation auto\\_1 is queued as run run\\_1')
    expect(tableRow(summary, 'Outcome')).toBe('| Outcome | `started` |')
    expect(tableRow(summary, 'Automation')).toBe('| Automation | `auto_1` |')
    expect(tableRow(summary, 'Run')).toBe('| Run | `run_1` |')
    expect(tableRow(summary, 'Job')).toBe('| Job | `bg_1` (the background job processing the run, not a docs agent job) |')
    expect(tableRow(summary, 'Automation schema')).toBe('| Automation schema | `sch_1` |')
    expect(summary).toContain('Follow the run in the run history on the Automations page of the Mintlify dashboard.')
  })

  it('leaves out the ids the answer did not give', () => {
    const bare = { schemaId: null, instanceId: null, jobId: null, raw: {} }
    const summary = renderAutomationSummary({
      automationId: 'auto_1',
      kind: 'schedule',
      trigger: bare,
      verdict: judgeAutomation(bare, 'auto_1')
    })
    expect(tableRow(summary, 'Run')).toBeUndefined()
    expect(tableRow(summary, 'Job')).toBeUndefined()
  })

  it('shows a failed trigger without claiming a run to follow', () => {
    const verdict = judgeStartFailure(new ApiError('Could not trigger automation auto_1: HTTP 404, …', 404, false), false)
    const summary = renderAutomationSummary({ automationId: 'auto_1', kind: 'schedule', trigger: null, verdict })
    expect(summary.split('\n')[0]).toBe('### ❌ Mintlify automation')
    expect(summary).not.toContain('Follow the run')
    expect(tableRow(summary, 'Run')).toBeUndefined()
  })

  it('keeps a hostile id inside its table cell', () => {
    const odd = { ...trigger, instanceId: 'run|`1`' }
    expect(
      tableRow(renderAutomationSummary({ automationId: 'a', kind: 'schedule', trigger: odd, verdict: judgeAutomation(odd, 'a') }), 'Run')
    ).toBe('| Run | `run\\| 1` |')
  })
})
