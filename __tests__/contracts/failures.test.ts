/** What a contract run must hold (contract.ts), on made-up runs: each break is named, a clean run has none. */
import { describe, expect, test } from '@jest/globals'
import { type ActionRun } from '../../scripts/run-action.js'
import { contractFailures } from './contract.js'
import { type RunRecord } from './front.js'

function run(overrides: Partial<ActionRun> = {}): ActionRun {
  return {
    exitCode: 1,
    log: '::error::Job job_1 was archived before it finished, without a pull request.',
    stderr: '',
    outputs: { outcome: 'archived', 'failure-reason': 'Job job_1 was archived before it finished.' },
    summary: '### Docs health\n\n1,204 visitors, 2026-03-01 up to 2026-03-08',
    durationMs: 900,
    exitAfterSignalMs: null,
    workspace: '/tmp/w',
    masked: [],
    ...overrides
  }
}

function record(overrides: Partial<RunRecord> = {}): RunRecord {
  return { seed: '1', link: 'dropped', pins: [], github: [], mintlify: [], violations: [], ...overrides }
}

describe('the contract of a run', () => {
  test('a run that ends 1 with readable words, valid requests and few reads holds', () => {
    expect(contractFailures(run(), record({ github: ['GET /repos/o/r/pulls/2/commits?per_page=100'] }))).toEqual([])
  })

  test.each([
    ['a request Prism found invalid', run(), record({ violations: ['POST /v2/agent/p/job: body must have prompt'] }), /^Prism found/],
    ['a killed run', run({ exitCode: null, durationMs: 20_000 }), record(), /^the run ended with null after 20000 ms/],
    [
      'a TypeError in a warning',
      run({ log: "::warning::failed (Cannot read properties of null (reading 'login'))" }),
      record(),
      /internal.*log/
    ],
    ['a stack on stderr', run({ stderr: 'Error: x\n    at read (file:///a/index.js:1:2)' }), record(), /internal.*stderr/],
    ['undefined in an output', run({ outputs: { 'pr-url': 'undefined' } }), record(), /'undefined' in the outputs/],
    ['NaN in the summary', run({ summary: 'NaN% of views' }), record(), /'NaN' in the summary/],
    ['[object Object] in the summary', run({ summary: 'Job [object Object]' }), record(), /'\[object Object\]' in the summary/],
    [
      'a negative count printed as a fact',
      run({ summary: 'Docs health: -82,027,539.922 visitors' }),
      record(),
      /impossible figure in the summary/
    ],
    [
      'four pages of commits',
      run(),
      record({ github: Array.from({ length: 4 }, (_, i) => `GET /repos/o/r/pulls/2/commits?per_page=100&page=${String(i + 1)}`) }),
      /^4 GitHub requests matching .*commits.*more than 3$/
    ]
  ])('%s breaks it', (_, ran, recorded, failure) => {
    const failures = contractFailures(ran, recorded)
    expect(failures).toHaveLength(1)
    expect(failures[0]).toMatch(failure)
  })
})
