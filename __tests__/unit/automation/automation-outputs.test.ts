/**
 * The step outputs of automation: every output the operation owns is set (empty where
 * nothing is known), so a later step's `if:` never reads a stale value.
 */
import { describe, expect, it } from '@jest/globals'
import { parseAutomationTrigger } from '../../../src/mintlify/deployment.js'
import { automationOutputs } from '../../../src/operations/automation/outputs.js'
import { judgeAutomation } from '../../../src/operations/automation/verdicts.js'
import { judgeStartFailure } from '../../../src/outcome.js'

describe('automationOutputs', () => {
  it('gives a queued run its instance id as automation-run and its job id as job-id', () => {
    const trigger = parseAutomationTrigger({ schemaId: 'a'.repeat(24), instanceId: 'b'.repeat(24), jobId: '1001' })
    if (!trigger) throw new Error('expected a trigger')
    expect(automationOutputs({ automationId: 'a'.repeat(24), trigger, verdict: judgeAutomation(trigger, 'a'.repeat(24)) })).toEqual({
      outcome: 'started',
      'failure-reason': '',
      'automation-run': 'b'.repeat(24),
      'job-id': '1001'
    })
  })

  it('empties the ids of a refused trigger and gives its reason', () => {
    const verdict = judgeStartFailure(new Error('Could not trigger automation x: HTTP 404.'), false)
    expect(automationOutputs({ automationId: 'x', trigger: null, verdict })).toEqual({
      outcome: 'failed',
      'failure-reason': 'Could not trigger automation x: HTTP 404.',
      'automation-run': '',
      'job-id': ''
    })
  })

  it('empties the ids the answer left out', () => {
    const trigger = parseAutomationTrigger({ schemaId: 'a'.repeat(24) })
    if (!trigger) throw new Error('expected a trigger')
    const outputs = automationOutputs({ automationId: 'x', trigger, verdict: judgeAutomation(trigger, 'x') })
    expect([outputs['automation-run'], outputs['job-id']]).toEqual(['', ''])
  })
})
