import { describe, expect, it } from '@jest/globals'
import { parseSpendLimit, readSpendLimit } from '../../../src/spend/limit.js'
import { refusal } from '../../fixtures/refusal.js'
import { settingsOf, stepInputs } from '../../fixtures/step-settings.js'

const read = (inputs: Record<string, string>, warnings: string[] = []) =>
  readSpendLimit((name) => inputs[name] ?? '', 'ghs_workflow', warnings)

describe('spend-limit', () => {
  it.each([
    ['20/week', 20, 'week'],
    ['1/day', 1, 'day'],
    ['1000/month', 1000, 'month'],
    [' 7 / Week ', 7, 'week']
  ])('accepts %p', (raw, limit, kind) => {
    expect(parseSpendLimit(raw)).toEqual({ limit, kind })
  })

  it.each(['0/week', '1001/day', '20', '20/year', 'week/20', '2.5/day', '-1/day', '20/weeks', '20/week/2', '1e2/day', '/day'])(
    'refuses %p in one sentence naming spend-limit and saying what is accepted',
    (raw) => {
      const error = refusal(() => read({ 'spend-limit': raw }))
      expect(error.input).toBe('spend-limit')
      expect(error.message).toBe(
        `Input 'spend-limit' must be <n>/<window>, n a whole number from 1 to 1000 and the window day, week or month, such as 20/week; got '${raw.trim()}'.`
      )
    }
  )

  it('empty is no limit', () => {
    expect(read({})).toBeNull()
  })
})

describe('spend-ledger and spend-token', () => {
  it('the ledger is spend-ledger, else docs-repository, else the workflow repository (null); the token spend-token, else github-token', () => {
    expect(
      read({ 'spend-limit': '20/week', 'spend-ledger': 'acme/docs-ledger', 'docs-repository': 'acme/docs', 'spend-token': ' ghs_ledger ' })
    ).toEqual({
      limit: 20,
      kind: 'week',
      ledger: { owner: 'acme', repo: 'docs-ledger' },
      token: 'ghs_ledger'
    })
    expect(read({ 'spend-limit': '20/week', 'docs-repository': 'acme/docs' })).toMatchObject({
      ledger: { owner: 'acme', repo: 'docs' },
      token: 'ghs_workflow'
    })
    expect(read({ 'spend-limit': '20/week' })).toMatchObject({ ledger: null })
    // A malformed docs-repository is its own reader's to tell; the ledger falls back to the workflow's repository.
    expect(read({ 'spend-limit': '20/week', 'docs-repository': 'not a repo' })).toMatchObject({ ledger: null })
  })

  it.each(['acme', 'acme/docs/ledger', 'a b/c', 'acme/..'])('spend-ledger %p is not owner/name', (raw) => {
    const error = refusal(() => read({ 'spend-limit': '20/week', 'spend-ledger': raw }))
    expect(error.message).toBe(`Input 'spend-ledger' must be a repository as owner/name, such as my-org/docs; got '${raw}'.`)
  })

  it('tells a bad spend-limit and a bad spend-ledger at once', () => {
    const error = refusal(() => settingsOf(['job'], stepInputs({ 'spend-limit': 'lots', 'spend-ledger': 'x' })))
    expect(error.message).toContain("Input 'spend-limit'")
    expect(error.message).toContain("Input 'spend-ledger'")
  })

  it('warns once that spend-ledger or spend-token do nothing without spend-limit', () => {
    const both: string[] = []
    expect(read({ 'spend-ledger': 'acme/ledger', 'spend-token': 'ghs_x' }, both)).toBeNull()
    expect(both).toEqual([
      "Inputs 'spend-ledger' and 'spend-token' do nothing without spend-limit: set spend-limit (such as 20/week) to limit agent requests across runs, or remove them."
    ])
    const one: string[] = []
    read({ 'spend-token': 'ghs_x' }, one)
    expect(one).toEqual([
      "Input 'spend-token' does nothing without spend-limit: set spend-limit (such as 20/week) to limit agent requests across runs, or remove it."
    ])
    const none: string[] = []
    read({ 'spend-limit': '3/day', 'spend-token': 'ghs_x' }, none)
    expect(none).toEqual([])
  })

  it('every operation but the gate reads the limit into its settings', () => {
    expect(settingsOf(['job'], stepInputs({ 'spend-limit': '5/day' })).spend).toMatchObject({ limit: 5, kind: 'day' })
    expect(settingsOf(['gate'], stepInputs({ operation: 'gate', 'spend-limit': '5/day' })).spend).toBeNull()
  })

  it('translations without translate: true sends no agent request: no limit to apply (not even a dry run looks), a bad one still told', () => {
    const translations = { operation: 'translations', prompt: '' }
    expect(settingsOf(['translations'], stepInputs({ ...translations, 'spend-limit': '5/day' })).spend).toBeNull()
    const translating = { ...translations, translate: 'true' }
    expect(settingsOf(['translations'], stepInputs({ ...translating, 'spend-limit': '5/day' })).spend).toMatchObject({ limit: 5 })
    expect(() => settingsOf(['translations'], stepInputs({ ...translations, 'spend-limit': 'lots' }))).toThrow(/spend-limit/)
  })
})
