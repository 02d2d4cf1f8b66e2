import { describe, expect, it } from '@jest/globals'
import { judgeAutomation, judgeAutomationDryRun } from '../../../src/operations/automation/verdicts.js'

describe('judgeAutomation', () => {
  it('a queued run: started with a notice, the run id and where to follow it', () => {
    expect(judgeAutomation({ schemaId: 'sch_1', instanceId: 'run_1', jobId: 'bg_1', raw: {} }, 'auto_1')).toEqual({
      outcome: 'started',
      result: 'notice',
      headline: 'Automation auto_1 is queued as run run_1: follow it in the run history on the Automations page of the Mintlify dashboard.',
      failureReason: ''
    })
  })

  it('a queued run without a run id says so', () => {
    expect(judgeAutomation({ schemaId: null, instanceId: null, jobId: null, raw: {} }, 'auto_1').headline).toBe(
      'Automation auto_1 is queued (the API named no run id): follow it in the run history on the Automations page of the Mintlify dashboard.'
    )
  })
})

describe('judgeAutomationDryRun', () => {
  it('shows the request of an automation trigger and that nothing was sent', () => {
    const headline =
      'Dry run: would send POST /v1/workflow/acme-docs/auto%2F1/trigger (a run of automation auto/1 now); nothing was sent to the Mintlify API and nothing was written to GitHub.'
    expect(judgeAutomationDryRun('acme-docs', 'auto/1', 'schedule')).toEqual({
      outcome: 'dry-run',
      result: 'notice',
      headline,
      failureReason: ''
    })
  })
})
