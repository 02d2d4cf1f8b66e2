/** The part of a failed job's log the agent reads: the failed steps' last lines, errors first, cleaned. */
import { describe, expect, it } from '@jest/globals'
import { cleanLogLine, failedStepsTail, type JobStep, TAIL_LINES } from '../../../src/operations/fix-checks/log-tail.js'

const T = '2025-03-01T10:00:01.1234567Z '

function step(number: number, name: string, conclusion = 'success'): JobStep {
  return { number, name, conclusion }
}

/** A job log as the runner writes it: a timestamp before each line. */
function log(...lines: string[]): string {
  return lines.map((line) => `${T}${line}`).join('\n')
}

const SETUP = ['Current runner version: 2.320.0', '##[group]Operating System', 'Ubuntu', '##[endgroup]']
const STEPS = [
  step(1, 'Set up job'),
  step(2, 'Run actions/checkout@v4'),
  step(3, 'Check links', 'failure'),
  step(4, 'Post Run actions/checkout@v4'),
  step(5, 'Complete job')
]
const LOG = log(
  ...SETUP,
  '##[group]Run actions/checkout@v4',
  'Syncing repository',
  '##[endgroup]',
  '##[group]Run npx mint broken-links',
  'npx mint broken-links',
  '##[endgroup]',
  'Checking 120 pages',
  'guides/a.mdx: /missing is broken',
  '##[error]Process completed with exit code 1.',
  'Post job cleanup.',
  '[command]/usr/bin/git version',
  'Cleaning up orphan processes'
)

describe('cleanLogLine', () => {
  it.each([
    [`${T}plain`, 'plain'],
    ['2025-03-01T10:00:01Z no fraction', 'no fraction'],
    ['\uFEFF2025-03-01T10:00:01.1Z first line of a file', 'first line of a file'],
    ['\u001b[31;1mred\u001b[0m and \u001b[1mbold\u001b[22m', 'red and bold'],
    ['\u001b]8;;https://x.example\u0007link\u001b]8;;\u0007', 'link'],
    ['no time 2025-03-01T10:00:01Z inside', 'no time 2025-03-01T10:00:01Z inside'],
    ['trailing   ', 'trailing']
  ])('%p reads %p', (line, clean) => {
    expect(cleanLogLine(line)).toBe(clean)
  })
})

describe('failedStepsTail', () => {
  it("takes the failed step's section only, its error first, without group ends or the runner's own lines", () => {
    expect(failedStepsTail(LOG, STEPS, false)).toEqual([
      '##[error]Process completed with exit code 1.',
      '##[group]Run npx mint broken-links',
      'npx mint broken-links',
      'Checking 120 pages',
      'guides/a.mdx: /missing is broken'
    ])
  })

  it('matches a log cut at its start from its last section back', () => {
    const cut = log('Syncing repository', '##[group]Run npx mint broken-links', 'guides/a.mdx: /missing is broken', '##[error]exit 1')
    expect(failedStepsTail(cut, STEPS, true)).toEqual([
      '##[error]exit 1',
      '##[group]Run npx mint broken-links',
      'guides/a.mdx: /missing is broken'
    ])
  })

  it('also knows a failed unnamed step by its Run line, whatever the order says', () => {
    const steps = [step(1, 'Set up job'), step(2, 'Run npm test', 'failure')]
    const text = log('##[group]Run npm ci', 'installed', '##[group]Run npm test', 'FAIL a.test.ts')
    // Two sections for one step that ran: only the one named like the failed step is taken.
    expect(failedStepsTail(text, steps, false)).toEqual(['##[group]Run npm test', 'FAIL a.test.ts'])
  })

  it('takes a timed-out step as failed', () => {
    const steps = [step(1, 'Set up job'), step(2, 'Build', 'timed_out')]
    expect(failedStepsTail(log('##[group]Run make', 'building'), steps, false)).toEqual(['##[group]Run make', 'building'])
  })

  it('takes the whole log when no section can be told failed', () => {
    expect(failedStepsTail(log('no steps here', '##[error]boom'), [step(1, 'Set up job', 'failure')], false)).toEqual([
      '##[error]boom',
      'no steps here'
    ])
  })

  it(`keeps the errors and then the last lines, ${TAIL_LINES} in all, each in log order`, () => {
    const body = Array.from({ length: 100 }, (_, i) => (i % 25 === 0 ? `##[error]e${i}` : `line ${i}`))
    const tail = failedStepsTail(log('##[group]Run test', ...body), [step(1, 'Run test', 'failure')], false)
    expect(tail).toHaveLength(TAIL_LINES)
    expect(tail.slice(0, 4)).toEqual(['##[error]e0', '##[error]e25', '##[error]e50', '##[error]e75'])
    expect(tail.at(4)).toBe('line 63')
    expect(tail.at(-1)).toBe('line 99')
  })

  it(`keeps no more than ${TAIL_LINES} error lines`, () => {
    const body = Array.from({ length: 60 }, (_, i) => `##[error]e${i}`)
    const tail = failedStepsTail(log('##[group]Run test', ...body), [step(1, 'Run test', 'failure')], false)
    expect(tail).toHaveLength(TAIL_LINES)
    expect(tail.every((line) => line.startsWith('##[error]'))).toBe(true)
  })

  it('reads Windows line ends', () => {
    const text = [`${T}##[group]Run test`, `${T}##[error]boom`].join('\r\n')
    expect(failedStepsTail(text, [step(1, 'Run test', 'failure')], false)).toEqual(['##[error]boom', '##[group]Run test'])
  })
})
