import { describe, expect, it } from '@jest/globals'
import { readSettings } from '../../../src/settings.js'
import { runEnvironment, stepInputs } from '../factories.js'

describe('settings of report and improve', () => {
  it('write docs-<operation>.json unless output-file names another file', () => {
    expect(readSettings(stepInputs({ operation: 'report', prompt: '' }), runEnvironment()).settings.outputFile).toBe('docs-report.json')
    expect(readSettings(stepInputs({ operation: 'improve', prompt: '' }), runEnvironment()).settings.outputFile).toBe('docs-improve.json')
    expect(readSettings(stepInputs({ operation: 'report', 'output-file': 'health/week.json' }), runEnvironment()).settings.outputFile).toBe(
      'health/week.json'
    )
  })

  it('need no prompt: improve has a default instruction', () => {
    expect(readSettings(stepInputs({ operation: 'improve', prompt: '' }), runEnvironment()).settings.prompt).toBe('')
  })

  it('read the date range', () => {
    const { settings } = readSettings(
      stepInputs({ operation: 'report', 'date-from': '2026-03-01', 'date-to': '2026-03-08' }),
      runEnvironment()
    )
    expect(settings.range).toEqual({ from: '2026-03-01', to: '2026-03-08' })
  })
})
