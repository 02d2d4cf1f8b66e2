/**
 * The step outputs of automation: every output the operation owns is set (empty where
 * nothing is known), so a later step's `if:` never reads a stale value.
 */
import { describe, expect, it } from '@jest/globals'
import { parseAutomationTrigger, parseWebhookRun } from '../../../src/mintlify/deployment.js'
import { CreditsExhausted } from '../../../src/mintlify/errors.js'
import { automationOutputs } from '../../../src/operations/automation/outputs.js'
import { judgeAutomation } from '../../../src/operations/automation/verdicts.js'
import { judgeStartFailure } from '../../../src/outcome.js'

describe('automationOutputs', () => {
  it('gives a queued run its instance id as automation-run and its job id as job-id', () => {
    const trigger = parseAutomationTrigger({ schemaId: 'a'.repeat(24), instanceId: 'b'.repeat(24), jobId: '1001' })
    if (!trigger) throw new Error('expected a trigger')
    expect(
      automationOutputs({ automationId: 'a'.repeat(24), kind: 'schedule', trigger, verdict: judgeAutomation(trigger, 'a'.repeat(24)) })
    ).toEqual({
      outcome: 'started',
      'failure-reason': '',
      'automation-run': 'b'.repeat(24),
      'job-id': '1001'
    })
  })

  it('empties the ids of a refused trigger and gives its reason', () => {
    const verdict = judgeStartFailure(new Error('Could not trigger automation x: HTTP 404.'), false)
    expect(automationOutputs({ automationId: 'x', kind: 'schedule', trigger: null, verdict })).toEqual({
      outcome: 'failed',
      'failure-reason': 'Could not trigger automation x: HTTP 404.',
      'automation-run': '',
      'job-id': ''
    })
  })

  it('empties the ids the answer left out', () => {
    const trigger = parseAutomationTrigger({ schemaId: 'a'.repeat(24) })
    if (!trigger) throw new Error('expected a trigger')
    const outputs = automationOutputs({ automationId: 'x', kind: 'schedule', trigger, verdict: judgeAutomation(trigger, 'x') })
    expect([outputs['automation-run'], outputs['job-id']]).toEqual(['', ''])
  })
})

describe('a webhook trigger', () => {
  it('gives its runId as automation-run and leaves job-id empty', () => {
    const trigger = parseWebhookRun({ success: true, runId: 'run_7' })
    if (!trigger) throw new Error('expected a trigger')
    expect(automationOutputs({ automationId: 'x', kind: 'webhook', trigger, verdict: judgeAutomation(trigger, 'x') })).toEqual({
      outcome: 'started',
      'failure-reason': '',
      'automation-run': 'run_7',
      'job-id': ''
    })
  })

  it('reads an answer without success as queued, and one with success: false as no answer the API documents', () => {
    expect(parseWebhookRun({ runId: 'run_7' })?.instanceId).toBe('run_7')
    expect(parseWebhookRun({ success: false, runId: 'run_7' })).toBeNull()
    expect(parseWebhookRun('queued')).toBeNull()
  })
})

describe('a trigger refused for credits', () => {
  it('is over-budget, a warning whose reason is the 402 sentence, with no run', () => {
    const error = new CreditsExhausted('trigger automation x', 'AI credits exhausted')
    const verdict = judgeStartFailure(error, false)
    expect(verdict).toEqual({ outcome: 'over-budget', result: 'warning', headline: error.message, failureReason: error.message })
    expect(automationOutputs({ automationId: 'x', kind: 'webhook', trigger: null, verdict })).toEqual({
      outcome: 'over-budget',
      'failure-reason': error.message,
      'automation-run': '',
      'job-id': ''
    })
  })
})
