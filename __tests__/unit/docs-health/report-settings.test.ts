import { describe, expect, it } from '@jest/globals'
import { readSettingsOf } from '../../../src/operations/registry.js'
import { runEnvironment, stepInputs } from '../../fixtures/step-settings.js'

const HEALTH = ['report', 'improve'] as const

describe('settings of report and improve', () => {
  it('write docs-<operation>.json unless output-file names another file', () => {
    expect(readSettingsOf(HEALTH, stepInputs({ operation: 'report', prompt: '' }), runEnvironment()).settings.outputFile).toBe(
      'docs-report.json'
    )
    expect(readSettingsOf(HEALTH, stepInputs({ operation: 'improve', prompt: '' }), runEnvironment()).settings.outputFile).toBe(
      'docs-improve.json'
    )
    expect(
      readSettingsOf(HEALTH, stepInputs({ operation: 'report', 'output-file': 'health/week.json' }), runEnvironment()).settings.outputFile
    ).toBe('health/week.json')
  })

  it('need no prompt: improve has a default instruction', () => {
    const { settings } = readSettingsOf(['improve'], stepInputs({ operation: 'improve', prompt: '' }), runEnvironment())
    expect(settings.prompt).toBe('')
    expect(settings.promptSource).toBe('none')
  })

  it('read the date range', () => {
    const { settings } = readSettingsOf(
      HEALTH,
      stepInputs({ operation: 'report', 'date-from': '2026-03-01', 'date-to': '2026-03-08' }),
      runEnvironment()
    )
    expect(settings.range).toEqual({ from: '2026-03-01', to: '2026-03-08' })
  })
})
