/**
 * Every operation obeys the event's action and origin (DESIGN, "Who may steer the agent"), as one rule
 * read as a table: event × action × origin × operation. Each row is a real webhook payload of
 * @octokit/webhooks-examples, changed only where the row says, read by `parseEvent` and judged by
 * `steeringOf` as the gate of every operation calls it.
 */
import { describe, expect, it } from '@jest/globals'
import type { GitHubEvent } from '../../../src/github/event.js'
import { parseEvent } from '../../../src/github/webhook-payload.js'
import { OPERATIONS, type Operation } from '../../../src/settings.js'
import { judgeSteering, needsRole, steeringOf, steersARun, whoSteers } from '../../../src/trust/gate.js'
import { webhookExample } from '../../fixtures/webhook-payloads.js'

/** What the rule says of a run: steered by whom, or skipped (quietly, or with a notice naming the event). */
type Expected = 'workflow' | 'pusher' | 'pull-author' | 'commander' | 'agent-pull' | 'quiet' | 'notice'

interface Row {
  event: string
  action: string
  origin: string
  payload: () => Record<string, unknown>
  /** For `job`, for `gate`, and for every other operation (message, the exports, reports, deployments). */
  job: Expected
  gate: Expected
  others: Expected
}

const HERE = 'octo-org/octo-repo'

/** A real example of `name` with `action` (the first example that has it, else the first one, its action set). */
function withAction(name: string, action: string): Record<string, unknown> {
  let payload: Record<string, unknown>
  try {
    payload = webhookExample(name, (p) => p.action === action)
  } catch {
    payload = { ...webhookExample(name), action }
  }
  return payload
}

/** A completed workflow run of octo-org/octo-repo, started by `startedBy`, from `origin`. */
function workflowRun(startedBy: string, origin: 'this repository' | 'a fork' | 'a deleted fork'): Record<string, unknown> {
  const payload = webhookExample(
    'workflow_run',
    (p) => p.action === 'completed' && (p.repository as { full_name: string }).full_name === HERE
  )
  const run = payload.workflow_run as Record<string, unknown> & { head_repository: Record<string, unknown> }
  run.event = startedBy
  if (origin === 'a deleted fork') run.head_repository = null as never
  else run.head_repository.full_name = origin === 'a fork' ? 'stranger/octo-repo' : 'Octo-Org/Octo-Repo'
  return payload
}

/** A completed check suite, or a check run in one, whose suite names its branch (this repository) or not (a fork). */
function check(name: 'check_suite' | 'check_run', fork: boolean): Record<string, unknown> {
  const payload = webhookExample(name, (p) => p.action === 'completed')
  const checked = payload[name] as Record<string, unknown> & { check_suite?: Record<string, unknown> }
  const suite = name === 'check_run' ? checked.check_suite! : checked
  suite.head_branch = fork ? null : 'docs-agent/fix'
  return payload
}

function pullRequest(fork: boolean): Record<string, unknown> {
  const payload = webhookExample('pull_request', (p) => p.action === 'opened')
  const pull = payload.pull_request as { head: { repo: Record<string, unknown> } }
  if (fork) pull.head.repo.full_name = 'stranger/Hello-World'
  return payload
}

const comments = (event: string, fresh: string, stale: string[]): Row[] => [
  { event, action: fresh, origin: '', payload: () => withAction(event, fresh), job: 'commander', gate: 'commander', others: 'commander' },
  ...stale.map((action) => ({
    event,
    action,
    origin: '',
    payload: () => withAction(event, action),
    job: 'quiet' as const,
    gate: 'quiet' as const,
    others: 'quiet' as const
  }))
]

const STARTS_THAT_STEER: [string, Expected][] = [
  ['push', 'pusher'],
  ['schedule', 'workflow'],
  ['workflow_dispatch', 'workflow'],
  ['repository_dispatch', 'workflow'],
  ['release', 'workflow']
]
const STARTS_OTHERS_CAUSE = ['pull_request', 'pull_request_target', 'issue_comment', 'pull_request_review', 'workflow_run', 'merge_group']

const ROWS: Row[] = [
  ...comments('issue_comment', 'created', ['edited', 'deleted']),
  ...comments('pull_request_review_comment', 'created', ['edited', 'deleted']),
  ...comments('discussion_comment', 'created', ['edited', 'deleted']),
  ...comments('pull_request_review', 'submitted', ['edited', 'dismissed']),
  ...STARTS_THAT_STEER.flatMap(([startedBy, steerer]): Row[] => [
    {
      event: 'workflow_run',
      action: 'completed',
      origin: `this repository, started by ${startedBy}`,
      payload: () => workflowRun(startedBy, 'this repository'),
      job: steerer,
      gate: steerer,
      others: steerer
    },
    {
      event: 'workflow_run',
      action: 'completed',
      origin: `a fork, started by ${startedBy}`,
      payload: () => workflowRun(startedBy, 'a fork'),
      job: 'quiet',
      gate: 'quiet',
      others: 'notice'
    }
  ]),
  ...STARTS_OTHERS_CAUSE.map((startedBy): Row => ({
    event: 'workflow_run',
    action: 'completed',
    origin: `this repository, started by ${startedBy}`,
    payload: () => workflowRun(startedBy, 'this repository'),
    job: 'agent-pull',
    gate: 'agent-pull',
    others: 'notice'
  })),
  {
    event: 'workflow_run',
    action: 'completed',
    origin: 'a deleted fork, started by push',
    payload: () => workflowRun('push', 'a deleted fork'),
    job: 'quiet',
    gate: 'quiet',
    others: 'notice'
  },
  ...(['check_suite', 'check_run'] as const).flatMap((name): Row[] => [
    { event: name, action: 'completed', origin: 'this repository', payload: () => check(name, false), ...checkOnly('agent-pull') },
    { event: name, action: 'completed', origin: 'a fork', payload: () => check(name, true), ...checkOnly('quiet') }
  ]),
  { event: 'status', action: '', origin: 'no origin given', payload: () => webhookExample('status'), ...checkOnly('agent-pull') },
  ...['schedule', 'workflow_dispatch', 'repository_dispatch', 'release', 'merge_group'].map((event): Row => ({
    event,
    action: '',
    origin: '',
    payload: () => (event === 'schedule' ? { schedule: '0 6 * * 1' } : webhookExample(event)),
    ...everywhere('workflow')
  })),
  { event: 'push', action: '', origin: '', payload: () => webhookExample('push'), ...everywhere('pusher') },
  { event: 'pull_request', action: 'opened', origin: 'this repository', payload: () => pullRequest(false), ...everywhere('pull-author') },
  { event: 'pull_request_target', action: 'opened', origin: 'a fork', payload: () => pullRequest(true), ...everywhere('pull-author') },
  { event: 'issues', action: 'labeled', origin: '', payload: () => withAction('issues', 'labeled'), ...everywhere('commander') },
  { event: 'watch', action: 'started', origin: '', payload: () => webhookExample('watch'), ...everywhere('commander') },
  { event: 'gollum', action: '', origin: '', payload: () => webhookExample('gollum'), ...everywhere('commander') },
  { event: 'discussion', action: 'created', origin: '', payload: () => webhookExample('discussion'), ...everywhere('commander') },
  {
    event: 'deployment_status',
    action: 'created',
    origin: 'no sender',
    payload: () => withoutSender('deployment_status'),
    ...everywhere('notice')
  }
]

function checkOnly(forJob: Expected): Pick<Row, 'job' | 'gate' | 'others'> {
  return { job: forJob, gate: forJob, others: 'notice' }
}

function everywhere(expected: Expected): Pick<Row, 'job' | 'gate' | 'others'> {
  return { job: expected, gate: expected, others: expected }
}

function withoutSender(name: string): Record<string, unknown> {
  const payload = webhookExample(name)
  delete payload.sender
  return payload
}

/** A person's comment, review or label on one issue or pull request steers no sweep: skipped with a notice. */
const NO_SWEEP = new Set([
  'issue_comment created',
  'pull_request_review_comment created',
  'pull_request_review submitted',
  'issues labeled',
  'pull_request labeled'
])

const expectedFor = (row: Row, operation: Operation): Expected => {
  if (operation === 'sweep' && NO_SWEEP.has(`${row.event} ${row.action}`)) return 'notice'
  return operation === 'job' ? row.job : operation === 'gate' ? row.gate : row.others
}

const CASES = ROWS.flatMap((row) => OPERATIONS.map((operation) => ({ ...row, operation, expected: expectedFor(row, operation) })))

function ruled(event: GitHubEvent, operation: Operation): Expected {
  const steering = steeringOf(event, operation)
  if (steering.kind === 'steered') return steering.steerer.kind
  return steering.notice ? 'notice' : 'quiet'
}

describe('every operation obeys the event’s action and origin', () => {
  it.each(CASES)('$event $action ($origin) under $operation: $expected', ({ event, payload, operation, expected }) => {
    const parsed = parseEvent(event, payload())
    expect(ruled(parsed, operation)).toBe(expected)
    const steering = steeringOf(parsed, operation)
    // A skip says which event it was about, so the workflow's authors see why nothing ran.
    if (steering.kind === 'unsteered') expect(steering.why).toContain(event)
  })

  it('covers every operation, and each kind of answer for each of job, gate and the rest', () => {
    expect(new Set(CASES.map((row) => row.operation))).toEqual(new Set(OPERATIONS))
    for (const column of ['job', 'gate', 'others'] as const) {
      const answers = new Set(ROWS.map((row) => row[column]))
      expect([...answers].sort()).toEqual(
        column === 'others'
          ? ['commander', 'notice', 'pull-author', 'pusher', 'quiet', 'workflow']
          : ['agent-pull', 'commander', 'notice', 'pull-author', 'pusher', 'quiet', 'workflow']
      )
    }
  })
})

describe('the skips', () => {
  it('an edited comment steers nothing, whoever wrote it and whatever it says', () => {
    const payload = withAction('issue_comment', 'edited')
    ;(payload.comment as Record<string, unknown>).body = '/docs deploy now'
    const steering = steeringOf(parseEvent('issue_comment', payload), 'preview')
    expect(steering).toEqual({
      kind: 'unsteered',
      why: 'The issue_comment event (edited) steers nothing: only a comment just written does.',
      notice: false
    })
  })

  it("a fork's workflow run under deploy is skipped with a notice naming the event and its origin", () => {
    const steering = steeringOf(parseEvent('workflow_run', workflowRun('push', 'a fork')), 'deploy')
    expect(steering).toEqual({
      kind: 'unsteered',
      why: "The workflow_run event (a workflow run of a fork's branch) steers only the fix-checks rounds of operation job, not deploy: nothing was started.",
      notice: true
    })
  })

  it('a workflow run a pull request started names what started it', () => {
    const steering = steeringOf(parseEvent('workflow_run', workflowRun('pull_request_target', 'this repository')), 'automation')
    expect(steering.kind === 'unsteered' && steering.why).toContain('a workflow run started by pull_request_target')
  })
})

describe('who steers what the rule lets through', () => {
  it("a workflow run a push started is steered by its pusher, as the push was (the run's triggering actor)", () => {
    const payload = workflowRun('push', 'this repository')
    ;(payload.workflow_run as Record<string, unknown>).triggering_actor = { login: 'pusher', type: 'User' }
    expect(whoSteers(parseEvent('workflow_run', payload))).toEqual({ kind: 'pusher', actor: { login: 'pusher', isBot: false } })
  })

  it.each([
    ['watch', 'a star'],
    ['gollum', 'a wiki edit']
  ])('%s (%s) is steered by its sender, who needs min-permission like a commenter', (name) => {
    const event = parseEvent(name, { ...webhookExample(name), sender: { login: 'stranger', type: 'User' } })
    const steerer = whoSteers(event)
    expect(steerer).toMatchObject({ kind: 'commander', actor: { login: 'stranger', isBot: false }, via: 'event', onPull: false })
    expect(needsRole(steerer)).toBe(true)
    const settings = { minPermission: 'write' as const, allowedBots: [] }
    expect(judgeSteering(steerer, settings, { role: 'read', pull: null, shown: [] }, 'other')).toMatchObject({
      kind: 'deny',
      why: 'stranger has read permission on this repository; the event needs write or higher.'
    })
    expect(judgeSteering(steerer, settings, { role: 'write', pull: null, shown: [] }, 'other').kind).toBe('steer')
  })

  it('a bot sending another event is judged by allowed-bots, not looked up', () => {
    const event = parseEvent('watch', { ...webhookExample('watch'), sender: { login: 'stars[bot]', type: 'Bot' } })
    const steerer = whoSteers(event)
    expect(needsRole(steerer)).toBe(false)
    const reading = { role: null, pull: null, shown: [] }
    expect(judgeSteering(steerer, { minPermission: 'write', allowedBots: [] }, reading, 'other').kind).toBe('ignore')
    expect(judgeSteering(steerer, { minPermission: 'write', allowedBots: ['stars[bot]'] }, reading, 'other').kind).toBe('steer')
  })
})

describe("a pull request's own events: its author judged like a commander, an outsider's run going on only with something new", () => {
  /** A real pull_request payload with `action`, from this repository or a fork, by `author`; `changes` as an edit names them. */
  function pullEvent(action: string, fork: boolean, author: { login: string; type: string }, changes?: object): GitHubEvent {
    const payload = structuredClone(pullRequest(fork))
    payload.action = action
    ;(payload.pull_request as Record<string, unknown>).user = author
    // The author's own act (a reopening by someone else is judged in reopened.test.ts).
    payload.sender = author
    if (changes) payload.changes = changes
    return parseEvent('pull_request_target', payload)
  }
  const TITLE = { title: { from: 'An older title' } }
  const BASE = { base: { ref: { from: 'develop' }, sha: { from: 'c0ffee0000000000000000000000000000000000' } } }
  const AUTHORS = [
    { who: 'a writer', author: { login: 'writer', type: 'User' }, role: 'write', fork: false, outsider: false, reads: 1 },
    { who: 'a reader', author: { login: 'reader', type: 'User' }, role: 'read', fork: false, outsider: true, reads: 1 },
    { who: 'no collaborator', author: { login: 'member', type: 'User' }, role: null, fork: false, outsider: true, reads: 1 },
    { who: 'a listed bot', author: { login: 'renovate[bot]', type: 'Bot' }, role: null, fork: false, outsider: false, reads: 0 },
    { who: 'an unlisted bot', author: { login: 'dependabot[bot]', type: 'Bot' }, role: null, fork: false, outsider: true, reads: 0 },
    { who: "a fork's writer", author: { login: 'writer', type: 'User' }, role: 'write', fork: true, outsider: true, reads: 0 }
  ] as const
  const ACTIONS = [
    { action: 'opened', changes: undefined, news: true },
    { action: 'synchronize', changes: undefined, news: true },
    { action: 'reopened', changes: undefined, news: true },
    { action: 'edited', changes: BASE, news: true },
    { action: 'edited', changes: TITLE, news: false },
    { action: 'ready_for_review', changes: undefined, news: false },
    { action: 'closed', changes: undefined, news: true }
  ] as const
  const CASES = AUTHORS.flatMap((author) => ACTIONS.map((action) => ({ ...author, ...action, base: action.changes === BASE })))
  const settings = { minPermission: 'write' as const, allowedBots: ['renovate[bot]'] }

  it.each(CASES)('$action (base changed: $base) by $who', ({ author, role, fork, outsider, reads, action, changes, news }) => {
    const event = pullEvent(action, fork, author, changes)
    const steering = steeringOf(event, 'job')
    expect(steering.kind).toBe('steered')
    const steerer = whoSteers(event)
    // One role read, of a person's pull request of this repository; a fork's and a bot's need none.
    expect(needsRole(steerer) ? 1 : 0).toBe(reads)
    for (const operation of ['job', 'gate', 'preview'] as const) {
      const decision = judgeSteering(steerer, settings, { role, pull: null, shown: [] }, operation === 'preview' ? 'other' : 'agent')
      expect(decision.kind).toBe(outsider ? 'wait-for-maintainer' : 'steer')
      // The gate job: a writer's run always goes on; an outsider's only where it has something new to do.
      expect(steersARun(decision)).toBe(!outsider || news)
    }
  })
})
