/** `fix-checks-statuses`: the commit status contexts that count as the agent's own checks; empty: none. */
import { describe, expect, it } from '@jest/globals'
import { readFixChecksStatuses } from '../../../src/operations/agent/docs-check-inputs.js'
import { refusal } from '../../fixtures/refusal.js'

describe('fix-checks-statuses', () => {
  it.each<[string, string[]]>([
    ['', []],
    [' \n ', []],
    ['ci/jenkins', ['ci/jenkins']],
    ['ci/jenkins, ci/netlify', ['ci/jenkins', 'ci/netlify']],
    ['ci/jenkins\nBuild / test (node 24)\n', ['ci/jenkins', 'Build / test (node 24)']],
    ['ci/jenkins,,ci/jenkins', ['ci/jenkins']]
  ])('reads %j as %j', (raw, expected) => {
    expect(readFixChecksStatuses(raw)).toEqual(expected)
  })

  it.each([
    ['a control character', 'ci/jenkins\u0007'],
    ['more than 255 characters', 'x'.repeat(256)]
  ])('refuses %s, naming the input in one sentence', (_, raw) => {
    const error = refusal(() => readFixChecksStatuses(`ci/ok, ${raw}`))
    expect(error.input).toBe('fix-checks-statuses')
    expect(error.message).toMatch(/^Input 'fix-checks-statuses' has '.+', which is no commit status name: .+ such as docs\/publish\.$/)
  })
})
