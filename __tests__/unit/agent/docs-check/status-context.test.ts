/** `status-context`: the name of the commit status the docs check writes; empty writes none. */
import { describe, expect, it } from '@jest/globals'
import { docsCheckInputs } from './factories.js'
import { refusal } from '../../../fixtures/refusal.js'

describe('status-context', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['docs', 'docs'],
    ['  docs  ', 'docs'],
    ['Docs / agent (required)', 'Docs / agent (required)'],
    ['x'.repeat(255), 'x'.repeat(255)],
    ['ドキュメント', 'ドキュメント']
  ])('reads %j as %j', (raw, expected) => {
    expect(docsCheckInputs({ 'status-context': raw }).statusContext).toBe(expected)
  })

  it.each([
    ['a line break', 'docs\ncheck'],
    ['a carriage return', 'docs\rcheck'],
    ['a control character', 'docs\u0007'],
    ['a line separator', 'docs\u2028check'],
    ['more than 255 characters', 'x'.repeat(256)]
  ])('refuses %s, naming the input and what it accepts', (_, raw) => {
    const error = refusal(() => docsCheckInputs({ 'status-context': raw }))
    expect(error.input).toBe('status-context')
    expect(error.message).toMatch(
      /^Input 'status-context' must be a commit status name on one line of at most 255 characters, such as docs; got '.+'\.$/
    )
    expect([...error.message].filter((character) => character < ' ' || character === '\u2028')).toEqual([])
  })

  it('echoes at most 60 characters of a long value', () => {
    expect(refusal(() => docsCheckInputs({ 'status-context': 'y'.repeat(300) })).message).toContain(`got '${'y'.repeat(59)}…'`)
  })
})
