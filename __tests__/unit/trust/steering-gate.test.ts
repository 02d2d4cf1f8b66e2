/**
 * The trust gate as a table: event × action × fork × inputs × permission × record (the heads shown to
 * maintainers). Every row is judged by `whoSteers`, `gateReads`, `needsShownHeads` and `judgeSteering`
 * together, as the executors call them.
 */
import { describe, expect, it } from '@jest/globals'
import type { GitHubEvent } from '../../../src/github/event.js'
import { parseEvent } from '../../../src/github/webhook-payload.js'
import { PERMISSIONS, type Permission } from '../../../src/github/permissions.js'
import {
  type AgentSteering,
  type GateDecision,
  type GateReading,
  type GateSettings,
  judgeSteering,
  needsAuthorRole,
  needsPull,
  needsRole,
  needsShownHeads,
  outsiders,
  type PullReading,
  type ShownHead,
  whoSteers
} from '../../../src/trust/gate.js'
import { webhookExample } from '../../fixtures/webhook-payloads.js'

const BASE = 'octo-org/app'
const HEAD_SHA = 'c0ffee0000000000000000000000000000000001'
const OLD_SHA = 'c0ffee0000000000000000000000000000000000'

type Origin = 'same' | 'fork' | 'fork-gone' | 'forked-repository'

/** A real pull_request payload, its head placed in the same repository, a fork, a deleted fork, or a repository that is itself a fork. */
function pullPayload(action: string, origin: Origin): Record<string, unknown> {
  const payload = structuredClone(webhookExample('pull_request', (p) => p.action === 'opened'))
  const pull = payload.pull_request as { head: Record<string, unknown>; base: { repo: Record<string, unknown> }; updated_at?: string }
  pull.base.repo.full_name = BASE
  pull.head.sha = HEAD_SHA
  if (origin === 'fork-gone') pull.head.repo = null
  else
    pull.head.repo = {
      ...(pull.head.repo as object),
      full_name: origin === 'fork' ? 'stranger/app' : 'Octo-Org/App',
      fork: origin !== 'same'
    }
  if (origin === 'forked-repository') pull.base.repo.fork = true
  payload.action = action === 'merged' ? 'closed' : action
  if (action === 'merged') Object.assign(pull, { merged: true, merge_commit_sha: HEAD_SHA })
  if (action === 'labeled') {
    payload.label = { name: 'docs' }
    payload.sender = { login: 'labeller', type: 'User' }
    pull.updated_at = '2026-11-20T12:00:00Z'
  }
  return payload
}

function commentEvent(onPull: boolean, author: { login: string; type: string }, createdAt = '2026-11-20T12:00:00Z'): GitHubEvent {
  const payload = structuredClone(webhookExample('issue_comment', (p) => p.action === 'created'))
  const issue = payload.issue as Record<string, unknown>
  if (onPull) issue.pull_request = { url: 'https://api.github.com/repos/octo-org/app/pulls/2' }
  else delete issue.pull_request
  payload.comment = { ...(payload.comment as object), user: author, created_at: createdAt, body: '/docs document it' }
  return parseEvent('issue_comment', payload)
}

const EVENTS: Record<string, () => GitHubEvent> = {
  push: () => parseEvent('push', webhookExample('push')),
  schedule: () => parseEvent('schedule', {}),
  workflow_dispatch: () => parseEvent('workflow_dispatch', {}),
  'review comment': () =>
    parseEvent('pull_request_review_comment', {
      ...webhookExample('pull_request_review_comment', (p) => p.action === 'created'),
      action: 'created'
    }),
  review: () => parseEvent('pull_request_review', { ...webhookExample('pull_request_review', (p) => p.action === 'submitted') }),
  'issue labeled': () =>
    parseEvent('issues', { ...webhookExample('issues', (p) => p.action === 'labeled'), sender: { login: 'labeller', type: 'User' } })
}

const SETTINGS: GateSettings = { minPermission: 'write', allowedBots: ['renovate[bot]'] }

/** A command's pull request as read: a fork's, or this repository's by `author` having `authorRole`. */
function pullOf(origin: 'same' | 'fork', author = 'writer', authorRole: string | null = 'write', isBot = false): PullReading {
  return { fork: origin === 'fork', author: { login: author, isBot }, authorRole, headSha: HEAD_SHA }
}
const NOTHING: GateReading = { role: null, pull: null, shown: [] }

/** Judged as an executor does: read what the gate asks for, from `world`. */
function judge(
  event: GitHubEvent,
  world: { role: string | null; pull: GateReading['pull']; shown: ShownHead[] },
  steering: AgentSteering = 'agent',
  settings: GateSettings = SETTINGS
): { decision: GateDecision; read: string[] } {
  const steerer = whoSteers(event)
  const read: string[] = []
  const role = needsRole(steerer) ? (read.push('role'), world.role) : null
  const pulled = needsPull(steerer, settings, role, steering) ? (read.push('pull'), world.pull) : null
  const authorRole = pulled && needsAuthorRole(steerer, pulled) ? (read.push('author role'), pulled.authorRole) : null
  const pull = pulled ? { ...pulled, authorRole } : null
  const shown = needsShownHeads(steerer, settings, role, pull) ? (read.push('record'), world.shown) : []
  return { decision: judgeSteering(steerer, settings, { role, pull, shown }, steering), read }
}

describe('who steers each event', () => {
  it.each([
    ['push', 'pusher'],
    ['schedule', 'workflow'],
    ['workflow_dispatch', 'workflow'],
    ['review comment', 'commander'],
    ['review', 'commander'],
    ['issue labeled', 'commander']
  ])('%s: the %s', (name, kind) => {
    expect(whoSteers(EVENTS[name]!()).kind).toBe(kind)
  })

  it('a comment is steered by its author, at the time it was written', () => {
    const steerer = whoSteers(commentEvent(true, { login: 'maintainer', type: 'User' }, '2026-11-21T08:00:00Z'))
    expect(steerer).toEqual({
      kind: 'commander',
      actor: { login: 'maintainer', isBot: false },
      via: 'comment',
      at: '2026-11-21T08:00:00Z',
      onPull: true
    })
  })

  it('a label on a pull request is steered by the labeller, not the author, at the pull request’s updated_at', () => {
    const steerer = whoSteers(parseEvent('pull_request_target', pullPayload('labeled', 'fork')))
    expect(steerer).toMatchObject({ kind: 'commander', actor: { login: 'labeller' }, via: 'label', at: '2026-11-20T12:00:00Z' })
  })
})

describe('a fork is a head repository other than the base (or gone)', () => {
  it.each<[Origin, boolean]>([
    ['same', false],
    ['forked-repository', false],
    ['fork', true],
    ['fork-gone', true]
  ])('%s: fork %s', (origin, fork) => {
    const event = parseEvent('pull_request_target', pullPayload('opened', origin))
    expect(event.kind === 'pull_request' && event.pull.head.fork).toBe(fork)
  })
})

describe("pull-request events: an outsider's pull request never starts anything by itself", () => {
  // `merged` is a closed pull request merged by someone with write access.
  const ACTIONS = [
    'opened',
    'reopened',
    'synchronize',
    'edited',
    'ready_for_review',
    'converted_to_draft',
    'review_requested',
    'closed',
    'merged'
  ]
  /** Who opened it: a person with a role, or a bot listed in allowed-bots or not. */
  const AUTHORS = [
    { author: 'writer', type: 'User', role: 'write' },
    { author: 'maintainer', type: 'User', role: 'maintain' },
    { author: 'reader', type: 'User', role: 'read' },
    { author: 'stranger', type: 'User', role: null },
    { author: 'renovate[bot]', type: 'Bot', role: null },
    { author: 'dependabot[bot]', type: 'Bot', role: null }
  ] as const
  const rows = ACTIONS.flatMap((action) =>
    (['same', 'fork', 'fork-gone', 'forked-repository'] as const).flatMap((origin) =>
      AUTHORS.flatMap((who) =>
        (['pull_request', 'pull_request_target'] as const).flatMap((name) =>
          (['agent', 'other'] as const).map((steering) => ({ action, origin, name, steering, ...who }))
        )
      )
    )
  )

  it.each(rows)('$name $action from $origin by $author ($steering)', ({ action, origin, name, steering, author, type, role }) => {
    const payload = pullPayload(action, origin)
    ;(payload.pull_request as Record<string, unknown>).user = { login: author, type }
    // The author's own act (a reopening by someone else is judged in reopened.test.ts).
    if (action !== 'labeled') payload.sender = { login: author, type }
    const { decision, read } = judge(parseEvent(name, payload), { role, pull: null, shown: [] }, steering)
    const fork = origin === 'fork' || origin === 'fork-gone'
    const bot = type === 'Bot'
    // One role read, of a person's pull request of this repository not merged; a fork's and a bot's need none.
    expect(read).toEqual(!fork && !bot && action !== 'merged' ? ['role'] : [])
    const mayWrite = bot ? author === 'renovate[bot]' : role === 'write' || role === 'maintain'
    if (action === 'merged' || (!fork && mayWrite)) {
      expect(decision.kind).toBe('steer')
      return
    }
    expect(decision).toMatchObject({ kind: 'wait-for-maintainer', commanded: false })
    const why = decision.kind === 'wait-for-maintainer' ? decision.why : ''
    if (fork) expect(why).toContain('comes from a fork')
    else if (bot)
      expect(why).toBe(
        `The pull request is by ${author}, a bot not listed in allowed-bots: it steers nothing by itself (pull requests need write or higher).`
      )
    else
      expect(why).toBe(
        `The pull request is by ${author}, who has ${role ?? 'no'} permission on this repository: it steers nothing by itself (pull requests need write or higher).`
      )
  })

  it('a fork waits whatever the settings say', () => {
    for (const minPermission of PERMISSIONS)
      for (const allowedBots of [[], '*'] as const) {
        const { decision } = judge(
          parseEvent('pull_request_target', pullPayload('edited', 'fork')),
          { role: 'admin', pull: null, shown: [] },
          'agent',
          {
            minPermission,
            allowedBots
          }
        )
        expect(decision.kind).toBe('wait-for-maintainer')
      }
  })

  it('min-permission decides for an author of this repository as for a commenter', () => {
    const event = parseEvent('pull_request', pullPayload('opened', 'same'))
    for (const minPermission of PERMISSIONS)
      for (const role of PERMISSIONS) {
        const { decision } = judge(event, { role, pull: null, shown: [] }, 'agent', { minPermission, allowedBots: [] })
        expect(decision.kind).toBe(PERMISSIONS.indexOf(role) >= PERMISSIONS.indexOf(minPermission) ? 'steer' : 'wait-for-maintainer')
      }
  })
})

describe("an outsider's pull-request event has something new for a run only with a new head, a new base or a close", () => {
  it.each([
    ['opened', false, true],
    ['reopened', false, true],
    ['synchronize', false, true],
    ['closed', false, true],
    ['edited', true, true],
    ['edited', false, false],
    ['ready_for_review', false, false],
    ['converted_to_draft', false, false],
    ['review_requested', false, false]
  ] as const)('%s (base changed: %s): %s', (action, baseChanged, news) => {
    const payload = pullPayload(action, 'fork')
    if (baseChanged) payload.changes = { base: { ref: { from: 'develop' }, sha: { from: OLD_SHA } } }
    else if (action === 'edited') payload.changes = { title: { from: 'An older title' } }
    const steerer = whoSteers(parseEvent('pull_request_target', payload))
    expect(steerer).toMatchObject({ kind: 'pull-author', showsNew: news })
  })
})

describe('comments, reviews and labels: the author needs min-permission', () => {
  const ROLES: (Permission | 'none' | null)[] = [...PERMISSIONS, 'none', null]
  const rows = ROLES.flatMap((role) =>
    PERMISSIONS.flatMap((minPermission) => (['agent', 'other'] as const).map((steering) => ({ role, minPermission, steering })))
  )

  it.each(rows)('role $role against $minPermission ($steering)', ({ role, minPermission, steering }) => {
    const event = commentEvent(false, { login: 'someone', type: 'User' })
    const { decision, read } = judge(event, { role, pull: null, shown: [] }, steering, { minPermission, allowedBots: [] })
    expect(read).toEqual(['role'])
    const rank = (r: string | null): number => PERMISSIONS.indexOf(r as Permission)
    if (rank(role) >= rank(minPermission)) expect(decision.kind).toBe('steer')
    else {
      expect(decision).toMatchObject({ kind: 'deny', role })
      expect(decision.kind === 'deny' && decision.why).toContain(`needs ${minPermission} or higher`)
    }
  })

  it.each(['review comment', 'review', 'issue labeled'])('%s: read-only authors are denied, writers steer', (name) => {
    expect(judge(EVENTS[name]!(), { role: 'read', pull: pullOf('same'), shown: [] }, 'other').decision.kind).toBe('deny')
    expect(judge(EVENTS[name]!(), { role: 'write', pull: pullOf('same'), shown: [] }, 'other').decision.kind).toBe('steer')
  })

  it('a bot not listed in allowed-bots is ignored without a look-up; a listed one steers without one', () => {
    const unlisted = judge(commentEvent(true, { login: 'dependabot[bot]', type: 'Bot' }), { role: 'admin', pull: null, shown: [] })
    expect(unlisted.decision.kind).toBe('ignore')
    expect(unlisted.read).toEqual([])
    const listed = judge(commentEvent(true, { login: 'renovate[bot]', type: 'Bot' }), {
      role: null,
      pull: pullOf('same'),
      shown: []
    })
    expect(listed.decision.kind).toBe('steer')
    expect(listed.read).toEqual(['pull', 'author role'])
  })

  it('a preview, deploy, export or report started by a read-only commenter is denied like a job', () => {
    const event = commentEvent(true, { login: 'reader', type: 'User' })
    expect(judge(event, { role: 'read', pull: pullOf('fork'), shown: [] }, 'other').decision.kind).toBe('deny')
  })
})

describe("a maintainer's command on a fork's pull request holds for the head shown before it", () => {
  const AT = '2026-11-20T12:00:00Z'
  const before = (sha: string): ShownHead => ({ sha, at: '2026-11-20T11:00:00Z' })
  const after = (sha: string): ShownHead => ({ sha, at: '2026-11-20T13:00:00Z' })
  const rows: { name: string; shown: ShownHead[]; expected: GateDecision['kind']; commanded?: boolean }[] = [
    { name: 'the head shown before the command', shown: [before(HEAD_SHA)], expected: 'steer' },
    { name: 'an older head shown before, the current one only after', shown: [before(OLD_SHA), after(HEAD_SHA)], expected: 'head-moved' },
    { name: 'another head shown before the command', shown: [before(OLD_SHA)], expected: 'head-moved' },
    { name: 'nothing shown before the command', shown: [after(HEAD_SHA)], expected: 'wait-for-maintainer', commanded: true },
    { name: 'nothing shown at all', shown: [], expected: 'wait-for-maintainer', commanded: true },
    { name: 'the current head shown at the very moment of the command', shown: [{ sha: HEAD_SHA, at: AT }], expected: 'steer' }
  ]

  it.each(rows)('$name: $expected', ({ shown, expected, commanded }) => {
    const { decision, read } = judge(commentEvent(true, { login: 'maintainer', type: 'User' }, AT), {
      role: 'maintain',
      pull: pullOf('fork'),
      shown
    })
    expect(read).toEqual(['role', 'pull', 'record'])
    expect(decision.kind).toBe(expected)
    if (commanded !== undefined) expect(decision).toMatchObject({ commanded, head: HEAD_SHA })
    if (decision.kind === 'head-moved') expect(decision.why).toContain(`now ${HEAD_SHA.slice(0, 7)}`)
  })

  it('a command whose time is unknown waits, as one that came too early', () => {
    const { decision } = judge(commentEvent(true, { login: 'maintainer', type: 'User' }, ''), {
      role: 'admin',
      pull: pullOf('fork'),
      shown: [before(HEAD_SHA)]
    })
    expect(decision.kind).toBe('wait-for-maintainer')
  })

  it('a denied commander on a fork costs no record read', () => {
    const { decision, read } = judge(commentEvent(true, { login: 'stranger', type: 'User' }), {
      role: 'read',
      pull: pullOf('fork'),
      shown: [before(HEAD_SHA)]
    })
    expect(decision.kind).toBe('deny')
    expect(read).toEqual(['role'])
  })

  it('operations that do not steer the agent on the code need no look at the head', () => {
    const { decision, read } = judge(
      commentEvent(true, { login: 'maintainer', type: 'User' }),
      { role: 'write', pull: pullOf('fork'), shown: [] },
      'other'
    )
    expect(decision.kind).toBe('steer')
    expect(read).toEqual(['role'])
  })

  it('on a pull request of the same repository, a permitted command steers without any record', () => {
    const { decision, read } = judge(commentEvent(true, { login: 'writer', type: 'User' }), {
      role: 'write',
      pull: pullOf('same'),
      shown: []
    })
    expect(decision.kind).toBe('steer')
    expect(read).toEqual(['role', 'pull'])
  })

  it.each([
    ['a writer', pullOf('same', 'writer', 'write'), ['role', 'pull', 'author role'], 'steer'],
    ['a reader', pullOf('same', 'reader', 'read'), ['role', 'pull', 'author role', 'record'], 'head-moved'],
    ['no collaborator', pullOf('same', 'member', null), ['role', 'pull', 'author role', 'record'], 'head-moved'],
    // A bot's branch of this repository moves only by its App's write access: the agent's own pull requests among them.
    ['a bot not in allowed-bots', pullOf('same', 'mintlify[bot]', null, true), ['role', 'pull'], 'steer'],
    ['a bot in allowed-bots', pullOf('same', 'renovate[bot]', null, true), ['role', 'pull'], 'steer'],
    ['the commander, a maintainer', pullOf('same', 'Maintainer', null), ['role', 'pull'], 'steer']
  ] as const)(
    "on this repository's pull request by %s, a maintainer's command holds for the head shown as for a fork's",
    (_who, pull, reads, expected) => {
      const { decision, read } = judge(commentEvent(true, { login: 'maintainer', type: 'User' }), {
        role: 'maintain',
        pull,
        shown: [{ sha: OLD_SHA, at: '2026-11-20T11:00:00Z' }]
      })
      expect(read).toEqual(reads)
      expect(decision.kind).toBe(expected)
    }
  )
})

describe('events and their steerers beyond comments', () => {
  it.each(['push', 'schedule', 'workflow_dispatch'])('%s steers without any read', (name) => {
    for (const steering of ['agent', 'other'] as const) {
      const { decision, read } = judge(EVENTS[name]!(), { role: null, pull: null, shown: [] }, steering)
      expect(decision.kind).toBe('steer')
      expect(read).toEqual([])
    }
  })

  it('an issue opened or edited is steered by whoever did it, who needs min-permission like a commenter', () => {
    const event = parseEvent('issues', {
      ...webhookExample('issues', (p) => p.action === 'opened'),
      sender: { login: 'stranger', type: 'User' }
    })
    const steerer = whoSteers(event)
    expect(steerer).toMatchObject({ kind: 'commander', actor: { login: 'stranger' }, via: 'issue', onPull: false })
    expect(needsRole(steerer)).toBe(true)
    expect(judgeSteering(steerer, SETTINGS, NOTHING, 'other')).toMatchObject({ kind: 'deny', role: null })
    expect(judgeSteering(steerer, SETTINGS, { ...NOTHING, role: 'maintain' }, 'other').kind).toBe('steer')
  })
})

describe("the one notion: an outsider's pull request", () => {
  const person = (login: string) => ({ login, isBot: false })
  const bot = (login: string) => ({ login, isBot: true })
  it.each([
    ['a fork, by a maintainer', true, person('maintainer'), 'maintain', true],
    ['a fork, by a listed bot', true, bot('renovate[bot]'), null, true],
    ['this repository, by a writer', false, person('writer'), 'write', false],
    ['this repository, by a reader', false, person('reader'), 'read', true],
    ['this repository, by no collaborator', false, person('member'), null, true],
    ['this repository, by a listed bot', false, bot('renovate[bot]'), null, false],
    ['this repository, by an unlisted bot', false, bot('dependabot[bot]'), null, true]
  ] as const)('%s (fork: %s)', (_, fork, author, authorRole, expected) => {
    expect(outsiders({ fork, author }, SETTINGS, authorRole)).toBe(expected)
  })
})
