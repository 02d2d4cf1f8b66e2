import { describe, expect, it } from '@jest/globals'
import { readSettingsOf } from '../../../src/operations/registry.js'
import { refusal } from '../../fixtures/refusal.js'
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

describe("settings of the report's track record", () => {
  const trackRecordOf = (inputs: Record<string, string>) =>
    readSettingsOf(HEALTH, stepInputs({ operation: 'report', prompt: '', ...inputs }), runEnvironment()).settings.trackRecord

  it('reads agent-label, impact-weeks, docs-path and docs-repository', () => {
    expect(
      trackRecordOf({ 'agent-label': 'docs-agent', 'impact-weeks': '6', 'docs-path': './website/', 'docs-repository': 'acme/docs' })
    ).toEqual({ agentLabel: 'docs-agent', impactWeeks: 6, docsFolder: 'website/', docsRepository: { owner: 'acme', repo: 'docs' } })
    expect(trackRecordOf({})).toEqual({ agentLabel: '', impactWeeks: 4, docsFolder: '', docsRepository: null })
  })

  it.each(['0', '8'])('takes impact-weeks %s', (weeks) => {
    expect(trackRecordOf({ 'impact-weeks': weeks }).impactWeeks).toBe(Number(weeks))
  })

  it.each([
    [{ 'impact-weeks': '9' }, 'impact-weeks', "Input 'impact-weeks' must be a whole number from 0 to 8; got '9'."],
    [{ 'impact-weeks': 'four' }, 'impact-weeks', "Input 'impact-weeks' must be a whole number from 0 to 8; got 'four'."],
    [{ 'docs-path': '../docs' }, 'docs-path', "Input 'docs-path' is '../docs', which leaves the repository"],
    [{ 'docs-repository': 'docs' }, 'docs-repository', "Input 'docs-repository' must be a repository as owner/name"]
  ])('refuses %j before any request, in one sentence naming %s', (inputs, name, message) => {
    const error = refusal(() => trackRecordOf(inputs))
    expect(error.input).toBe(name)
    expect(error.message).toContain(message)
  })
})
