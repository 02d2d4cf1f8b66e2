/**
 * What a person reads of fix-checks on the agent's pull request (the sticky comment's round lines and
 * hand-over), how a person's follow-up starts the budget afresh, and the `fix-checks` input. Pure.
 */
import { describe, expect, it } from '@jest/globals'
import { InputError } from '../../../src/errors.js'
import { readSettingsOf } from '../../../src/operations/registry.js'
import { freshBudgetRecord, mergedRounds } from '../../../src/operations/fix-checks/fresh-budget.js'
import {
  earlierRoundLines,
  renderHandOverComment,
  renderRoundsComment,
  roundLine
} from '../../../src/operations/fix-checks/rounds-comment.js'
import { parseRoundsRecord, renderRoundsRecord, type RoundsRecord } from '../../../src/operations/fix-checks/rounds-record.js'
import { AGENT, runEnvironment, stepInputs } from '../../fixtures/step-settings.js'
import { defined } from '../../expect-helpers.js'

const HEAD = 'a1'.repeat(20)
const OTHER = 'b2'.repeat(20)
const MARKER = '<!-- docs-agent-action:status Fix_checks_fix -->'
const RECORD: RoundsRecord = { heads: [HEAD], rounds: [{ head: HEAD, fingerprint: '0123456789abcdef' }] }

describe('a round line', () => {
  it.each([
    [null, 'waiting for its answer'],
    ['The docs agent finished the follow-up on its pull request: https://github.com/a/b/pull/1', 'The docs agent finished']
  ])('says the round, the head, the failed checks and the answer (%j)', (answer, shown) => {
    const line = roundLine({ round: 1, of: 2, head: HEAD, failed: ['link-rot', 'CI / test'], jobId: 'job_1', answer })
    expect(line).toMatch(/^- Round 1 of 2 at `a1a1a1a`: `link-rot`, `CI \/ test` failed\. Job `job_1`: /)
    expect(line).toContain(shown)
  })

  it('keeps check names from outside inert: no mention, no marker, no code span escape', () => {
    const line = roundLine({
      round: 1,
      of: 1,
      head: HEAD,
      failed: ['@org/team `x` <!-- docs-agent-action:job j -->'],
      jobId: 'j',
      answer: '@all'
    })
    expect(line).not.toContain('<!--')
    expect(line).not.toMatch(/(^|[^`\u200B])@all/)
  })

  it('is found again in the comment a later run updates, markers left behind', () => {
    const body = renderRoundsComment(
      MARKER,
      [roundLine({ round: 1, of: 2, head: HEAD, failed: ['x'], jobId: 'j', answer: 'done' })],
      renderRoundsRecord(RECORD) ?? ''
    )
    expect(earlierRoundLines(body)).toEqual(['- Round 1 of 2 at `a1a1a1a`: `x` failed. Job `j`: done'])
    expect(earlierRoundLines('- Round 1 of 2 at x <!-- docs-agent-action:job j -->\n- Round one')).toEqual([])
  })
})

describe('the hand-over comment', () => {
  it("says DESIGN's words and mentions the requested reviewers, users and teams", () => {
    const body = renderHandOverComment(
      MARKER,
      { rounds: 2, failed: ['link-rot'], reviewers: ['octocat', 'acme/docs-team'] },
      ['- Round 1 of 2 at …'],
      ''
    )
    expect(body).toContain('Checks still fail after 2 automatic rounds: `link-rot`. A person needs to look.')
    expect(body).toContain('Requested reviewers: @octocat, @acme/docs-team.')
    expect(body.startsWith(MARKER)).toBe(true)
    expect(body).toContain('- Round 1 of 2 at …')
  })

  it('mentions only names GitHub could have given, and says when nobody is asked', () => {
    const odd = renderHandOverComment(MARKER, { rounds: 1, failed: ['x'], reviewers: ['a b', '@x', 'a/b/c'] }, [], '')
    expect(odd).toContain('Nobody is requested to review this pull request yet.')
    expect(odd).toContain('after 1 automatic round: ')
  })
})

describe("a person's follow-up starts a fresh budget", () => {
  const holding = (record: RoundsRecord): { records: string } => ({ records: renderRoundsRecord(record) ?? '' })

  it('forgets the rounds and keeps every head answered, of every rounds record', () => {
    const older = holding({ heads: [OTHER], rounds: [] })
    const written = freshBudgetRecord([older, { records: '<!-- docs-agent-action:job j -->' }, holding(RECORD)])
    expect(written.startsWith('\n')).toBe(true)
    expect(parseRoundsRecord(written)).toEqual({ heads: [OTHER, HEAD], rounds: [] })
  })

  it('writes nothing where no round was ever recorded', () => {
    expect(freshBudgetRecord([{ records: '<!-- docs-agent-action:job j -->' }])).toBe('')
    expect(mergedRounds([])).toBeNull()
  })
})

describe('fix-checks (input)', () => {
  const read = (value: string) => readSettingsOf(AGENT, stepInputs({ 'fix-checks': value }), runEnvironment()).settings.fixChecks

  it.each([
    ['', 2],
    ['0', 0],
    [' 5 ', 5]
  ])('reads %j as %d', (value, expected) => {
    expect(read(value)).toBe(expected)
  })

  it.each(['-1', '1.5', 'two'])('refuses %j in one sentence naming it', (value) => {
    expect(() => read(value)).toThrow(InputError)
    expect(() => read(value)).toThrow(/^Input 'fix-checks' must be a whole number of at least 0; got '.*'\.$/)
  })

  it('needs no prompt under a check event, where the run writes its own message', () => {
    const settings = readSettingsOf(AGENT, stepInputs({ prompt: '' }), runEnvironment({ eventName: 'check_suite' })).settings
    expect(settings.prompt).toBe('')
    expect(defined(settings.fixChecks, 'fix-checks')).toBe(2)
  })
})
