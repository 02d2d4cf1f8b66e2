/**
 * The docs check's plan: event × record × paths × skip × the gate's decision, one row per case.
 * docs-check-plan-rules.test.ts checks the rules that hold across every combination.
 */
import { describe, expect, it } from '@jest/globals'
import type { DocsCheckPlan, CommitStatusNow } from '../../../../src/operations/agent/decide/docs-check-plan.js'
import {
  type Case,
  closed,
  command,
  factsOf,
  HEAD,
  label,
  pullEvent,
  RECORDS,
  skipCommand,
  TOO_EARLY,
  WAITING,
  planDocsCheck
} from './plan-factories.js'

/** The status in a few words: none, working, a situation's kind, or the carried status. */
function statusWords(status: CommitStatusNow): string {
  if (status.kind !== 'write') return status.kind
  const { situation } = status
  if (situation.kind === 'carried') return `carried ${situation.status.state}: ${situation.status.description}`
  if (situation.kind === 'skipped') return `skipped by @${situation.skip.login}: ${situation.skip.reason}`
  return situation.kind
}

function summary(plan: DocsCheckPlan): Record<string, unknown> {
  return {
    job: plan.job,
    status: statusWords(plan.statusNow),
    record: plan.record.kind,
    outcome: plan.outcome,
    ...(plan.reply ? { reply: plan.reply } : {}),
    ...(plan.sticky ? { sticky: plan.sticky } : {}),
    ...(plan.note ? { note: plan.note.text } : {})
  }
}

const job = (status = 'working', record = 'keep'): Record<string, unknown> => ({ job: 'start', status, record, outcome: null })
const none = (outcome: string, status = 'none', extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  job: 'none',
  status,
  record: 'keep',
  outcome,
  ...extra
})
const CARRIED_SKIP = 'carried success: Docs skipped by @maintainer at f00dcaf: tests only'
/** A fork's pull request waiting for a maintainer by itself: its head shown in the sticky comment. */
const waiting = (status = 'waiting-for-maintainer'): Record<string, unknown> => ({
  ...none('skipped', status, { sticky: 'waiting' }),
  record: 'show-head'
})
/** A maintainer's command that came before the fork's head was shown: shown now, and the reply asks to repeat it. */
const tooEarly = (status = 'waiting-for-maintainer'): Record<string, unknown> => ({
  ...none('skipped', status, { reply: 'repeat-for-head' }),
  record: 'show-head'
})

const ROWS: [string, Case, Record<string, unknown>][] = [
  // A pull request opened, reopened or pushed to.
  ['opened, nothing recorded', { event: pullEvent('opened') }, job()],
  ['reopened with a documented record', { event: pullEvent('reopened'), record: 'documented' }, job()],
  ['synchronize, a documented file changed', { event: pullEvent('synchronize'), paths: 'matched' }, job()],
  [
    'synchronize after a failure, a documented file changed',
    { event: pullEvent('synchronize'), record: 'failed', paths: 'matched' },
    job()
  ],
  [
    'synchronize, no documented file, nothing recorded',
    { event: pullEvent('synchronize'), paths: 'unmatched' },
    none('skipped', 'nothing-documented')
  ],
  [
    'synchronize, no documented file, documented before',
    { event: pullEvent('synchronize'), record: 'documented', paths: 'unmatched' },
    none('skipped', 'carried success: Documented in acme/docs#42')
  ],
  [
    'synchronize, no documented file, failed before: the failure stays',
    { event: pullEvent('synchronize'), record: 'failed', paths: 'unmatched' },
    none('skipped', 'carried failure: The docs agent job job-41 failed.')
  ],
  [
    'synchronize, no documented file, nothing documented before',
    { event: pullEvent('synchronize'), record: 'nothing documented yet', paths: 'unmatched' },
    none('skipped', 'carried success: No documented files changed')
  ],
  [
    'synchronize after a skip, a documented file changed: the push clears the skip',
    { event: pullEvent('synchronize'), record: 'skipped', paths: 'matched' },
    job('working', 'clear-skip')
  ],
  [
    'edited after a skip, paths matched (the push run replaced or cancelled): the change clears the skip',
    { event: pullEvent('edited'), record: 'skipped', paths: 'matched' },
    job('working', 'clear-skip')
  ],
  [
    'reopened after a skip, paths matched: the change clears the skip',
    { event: pullEvent('reopened'), record: 'skipped', paths: 'matched' },
    job('working', 'clear-skip')
  ],
  [
    'edited after a skip, nothing new since the judged head: the skip holds',
    { event: pullEvent('edited'), record: 'skipped', paths: 'unchanged' },
    none('skipped', CARRIED_SKIP)
  ],
  ['edited, nothing recorded', { event: pullEvent('edited') }, job()],
  ['synchronize after a skip, paths not set', { event: pullEvent('synchronize'), record: 'skipped' }, none('skipped', CARRIED_SKIP)],
  [
    'synchronize after a skip, no documented file',
    { event: pullEvent('synchronize'), record: 'skipped', paths: 'unmatched' },
    none('skipped', CARRIED_SKIP)
  ],
  [
    'synchronize after a skip recorded with no status',
    { event: pullEvent('synchronize'), record: 'skipped before status-context' },
    none('skipped', 'skipped by @maintainer: tests only')
  ],
  // Forks: the gate says a fork's pull request waits for a maintainer.
  ["a fork's pull request opened", { event: pullEvent('opened'), gate: WAITING }, waiting()],
  ["a fork's, a documented file changed", { event: pullEvent('opened'), gate: WAITING, paths: 'matched' }, waiting()],
  [
    "a fork's, no documented file: paths first",
    { event: pullEvent('opened'), gate: WAITING, paths: 'unmatched' },
    none('skipped', 'nothing-documented')
  ],
  [
    "a fork's, only a status recorded: still waiting",
    { event: pullEvent('synchronize'), gate: WAITING, record: 'nothing documented yet' },
    waiting()
  ],
  [
    "a fork's pushed to after a maintainer's /docs: waits again",
    { event: pullEvent('synchronize'), gate: WAITING, record: 'documented' },
    waiting()
  ],
  ["a fork's pushed to after a failed job: waits again", { event: pullEvent('synchronize'), gate: WAITING, record: 'failed' }, waiting()],
  [
    "a fork's pushed to after a maintainer's skip: waits again",
    { event: pullEvent('synchronize'), gate: WAITING, record: 'skipped' },
    waiting()
  ],
  [
    "a fork's, its head unknown: waiting, nothing shown",
    { event: pullEvent('opened'), gate: WAITING, head: null },
    { ...waiting(), record: 'keep' }
  ],
  // Pushes.
  ['a push, nothing recorded', { event: { kind: 'push' } }, job()],
  ['a push, a documented file changed', { event: { kind: 'push' }, paths: 'matched' }, job()],
  ['a push, no documented file', { event: { kind: 'push' }, paths: 'unmatched' }, none('skipped', 'nothing-documented')],
  ["a push to a skipped pull request's branch", { event: { kind: 'push' }, record: 'skipped' }, none('skipped', CARRIED_SKIP)],
  [
    "a push to a skipped pull request's branch, a documented file changed: clears the skip",
    { event: { kind: 'push' }, record: 'skipped', paths: 'matched' },
    job('working', 'clear-skip')
  ],
  // Without status-context: the same decisions, no status.
  ['opened, no status-context', { event: pullEvent('opened'), statusContext: false }, job('none')],
  ['no documented file, no status-context', { event: pullEvent('synchronize'), paths: 'unmatched', statusContext: false }, none('skipped')],
  ["a fork's, no status-context", { event: pullEvent('opened'), gate: WAITING, statusContext: false }, waiting('none')],
  ['after a skip, no status-context', { event: pullEvent('synchronize'), record: 'skipped', statusContext: false }, none('skipped')],
  // Closed.
  [
    'merged, with an agent pull request',
    { event: closed(true), record: 'documented' },
    none('noted', 'none', { note: 'acme/app#7 was merged (a1b2c3d): this documentation can ship with it' })
  ],
  [
    'merged, no merge commit known',
    { event: closed(true, null), record: 'documented' },
    none('noted', 'none', { note: 'acme/app#7 was merged: this documentation can ship with it' })
  ],
  [
    'closed unmerged, with an agent pull request',
    { event: closed(false), record: 'documented' },
    none('noted', 'none', { note: 'acme/app#7 was closed without merging: this documentation may no longer apply' })
  ],
  [
    'merged after a skip, with an agent pull request',
    { event: closed(true), record: 'skipped' },
    none('noted', 'none', { note: 'acme/app#7 was merged (a1b2c3d): this documentation can ship with it' })
  ],
  [
    "a fork's merged, with an agent pull request",
    { event: closed(true), record: 'documented', fork: true },
    none('noted', 'none', { note: 'acme/app#7 was merged (a1b2c3d): this documentation can ship with it' })
  ],
  ['merged, nothing recorded', { event: closed(true) }, none('skipped')],
  ['closed unmerged, nothing recorded', { event: closed(false) }, none('skipped')],
  ['merged, a record without an agent pull request', { event: closed(true), record: 'failed' }, none('skipped')],
  ['merged, only a skip recorded', { event: closed(true), record: 'skipped before status-context' }, none('skipped')],
  // Slash commands with a prompt.
  ['/docs on a code pull request', { event: command('code-pull') }, job()],
  ['/docs on a code pull request, no documented file changed', { event: command('code-pull'), paths: 'unmatched' }, job()],
  ['/docs on a skipped pull request clears the skip', { event: command('code-pull'), record: 'skipped' }, job('working', 'clear-skip')],
  ["/docs on a fork's pull request, after its head was shown", { event: command('code-pull'), fork: true }, job()],
  ["/docs on a fork's pull request, before its head was shown", { event: command('code-pull'), gate: TOO_EARLY }, tooEarly()],
  [
    "/docs on a fork's pull request, before its head was shown, no status-context",
    { event: command('code-pull'), gate: TOO_EARLY, statusContext: false },
    tooEarly('none')
  ],
  ['/docs on a code pull request, no status-context', { event: command('code-pull'), statusContext: false }, job('none')],
  ['/docs on the agent pull request: a follow-up, no status there', { event: command('agent-pull'), record: 'documented' }, job('none')],
  ['/docs on an issue', { event: command('issue') }, job('none')],
  // /docs skip.
  [
    '/docs skip on a code pull request',
    { event: skipCommand('code-pull') },
    { ...none('skipped', 'skipped by @octocat: refactor only', { reply: 'skip-recorded' }), record: 'set-skip' }
  ],
  [
    '/docs skip without a reason',
    { event: skipCommand('code-pull', '') },
    { ...none('skipped', 'skipped by @octocat: ', { reply: 'skip-recorded' }), record: 'set-skip' }
  ],
  [
    "/docs skip on a fork's pull request, after its head was shown",
    { event: skipCommand('code-pull'), fork: true },
    { ...none('skipped', 'skipped by @octocat: refactor only', { reply: 'skip-recorded' }), record: 'set-skip' }
  ],
  [
    '/docs skip after a documented run',
    { event: skipCommand('code-pull'), record: 'documented' },
    { ...none('skipped', 'skipped by @octocat: refactor only', { reply: 'skip-recorded' }), record: 'set-skip' }
  ],
  [
    '/docs skip again replaces the skip',
    { event: skipCommand('code-pull'), record: 'skipped' },
    { ...none('skipped', 'skipped by @octocat: refactor only', { reply: 'skip-recorded' }), record: 'set-skip' }
  ],
  [
    '/docs skip, no status-context: recorded all the same',
    { event: skipCommand('code-pull'), statusContext: false },
    { ...none('skipped', 'none', { reply: 'skip-recorded' }), record: 'set-skip' }
  ],
  ["/docs skip on a fork's pull request, before its head was shown", { event: skipCommand('code-pull'), gate: TOO_EARLY }, tooEarly()],
  ['/docs skip on an issue', { event: skipCommand('issue') }, none('skipped', 'none', { reply: 'usage' })],
  [
    '/docs skip on the agent pull request',
    { event: skipCommand('agent-pull'), record: 'documented' },
    none('skipped', 'none', { reply: 'usage' })
  ],
  [
    "/docs skip on the agent pull request, too early for a fork's head: the usage first",
    { event: skipCommand('agent-pull'), gate: TOO_EARLY },
    none('skipped', 'none', { reply: 'usage' })
  ],
  // The label.
  ['the label on a code pull request', { event: label('code-pull') }, job()],
  ['the label on a skipped pull request clears the skip', { event: label('code-pull'), record: 'skipped' }, job('working', 'clear-skip')],
  ["the label on a fork's pull request, after its head was shown", { event: label('code-pull'), fork: true }, job()],
  ["the label on a fork's pull request, before its head was shown", { event: label('code-pull'), gate: TOO_EARLY }, tooEarly()],
  ['the label on an issue', { event: label('issue') }, job('none')],
  ['the label on the agent pull request', { event: label('agent-pull') }, job('none')],
  // Schedule and dispatch.
  ['a schedule or a dispatch', { event: { kind: 'scheduled' } }, job('none')],
  ['a schedule or a dispatch, no status-context', { event: { kind: 'scheduled' }, statusContext: false }, job('none')]
]

describe('planDocsCheck: one row per case', () => {
  it.each(ROWS)('%s', (_, c, expected) => {
    expect(summary(planDocsCheck(factsOf(c)))).toEqual(expected)
  })
})

describe('planDocsCheck: the details of a plan', () => {
  it('records a skip with who, why, when and on which head, and writes its status', () => {
    const skip = { login: 'octocat', reason: 'refactor only', at: '2026-03-01T12:00:00.000Z', sha: HEAD }
    expect(planDocsCheck(factsOf({ event: skipCommand('code-pull', 'refactor only') }))).toEqual({
      job: 'none',
      statusNow: { kind: 'write', situation: { kind: 'skipped', skip } },
      record: { kind: 'set-skip', skip },
      note: null,
      reply: 'skip-recorded',
      sticky: null,
      outcome: 'skipped',
      why: 'Docs were skipped by @octocat at 5ca1ab1 (refactor only); no docs job will run on this pull request until /docs asks for one.',
      quiet: false,
      dryRun: false
    })
  })

  it('carries the recorded status over exactly, link included', () => {
    const plan = planDocsCheck(factsOf({ event: pullEvent('synchronize'), record: 'failed', paths: 'unmatched' }))
    expect(plan.statusNow).toEqual({ kind: 'write', situation: { kind: 'carried', status: RECORDS.failed.status } })
  })

  it('notes the closing on the recorded agent pull request', () => {
    expect(planDocsCheck(factsOf({ event: closed(true), record: 'documented' })).note).toEqual({
      pull: { repository: 'acme/docs', number: 42 },
      text: 'acme/app#7 was merged (a1b2c3d): this documentation can ship with it'
    })
  })

  it('records a skip given where the head is unknown without one', () => {
    const plan = planDocsCheck(factsOf({ event: skipCommand('code-pull', ''), head: null }))
    expect(plan.record).toEqual({ kind: 'set-skip', skip: { login: 'octocat', reason: '', at: '2026-03-01T12:00:00.000Z', sha: '' } })
    expect(plan.why).toBe('Docs were skipped by @octocat; no docs job will run on this pull request until /docs asks for one.')
  })

  it('asks a fork for a maintainer with the trigger word, and shows its head as of now', () => {
    const plan = planDocsCheck({ ...factsOf({ event: pullEvent('opened'), gate: WAITING }), trigger: '/mintlify' })
    expect(plan.statusNow).toEqual({ kind: 'write', situation: { kind: 'waiting-for-maintainer', trigger: '/mintlify' } })
    expect(plan.record).toEqual({ kind: 'show-head', head: { sha: HEAD, at: '2026-03-01T12:00:00.000Z' } })
    expect(plan.why).toBe('Waiting for a maintainer: /mintlify to document it, /mintlify skip if it needs none (5ca1ab1 shown now).')
  })

  it.each([
    [
      { event: pullEvent('synchronize'), paths: 'unmatched' },
      'None of the changed files matches paths, so no docs job was started.',
      false
    ],
    [
      { event: pullEvent('synchronize'), record: 'skipped' },
      'Docs were skipped by @maintainer at f00dcaf (tests only), so no docs job was started; /docs with a prompt runs one.',
      false
    ],
    [{ event: closed(true) }, 'The pull request was closed, and no agent pull request is recorded for it to tell.', true],
    [{ event: closed(false), record: 'documented' }, 'acme/app#7 was closed without merging; acme/docs#42 is told so.', false],
    [
      { event: pullEvent('synchronize'), record: 'skipped', paths: 'matched' },
      'This push changes files that match paths, which clears the skip by @maintainer.',
      false
    ],
    [
      { event: pullEvent('opened'), gate: WAITING, head: null },
      'Waiting for a maintainer: /docs to document it, /docs skip if it needs none.',
      false
    ],
    [{ event: skipCommand('issue') }, '/docs skip applies to code pull requests, not to an issue; the usage was posted.', false],
    [
      { event: skipCommand('agent-pull') },
      "/docs skip applies to code pull requests, not to the docs agent's own pull request; the usage was posted.",
      false
    ],
    [{ event: command('code-pull'), record: 'skipped' }, 'octocat asked for docs, which clears the skip by @maintainer.', false],
    [{ event: command('code-pull') }, '', false]
  ] satisfies [Case, string, boolean][])('says why: %j', (c, why, quiet) => {
    expect(planDocsCheck(factsOf(c))).toMatchObject({ why, quiet })
  })
})
