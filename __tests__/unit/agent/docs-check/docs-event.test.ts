import { describe, expect, it } from '@jest/globals'
import type { GitHubEvent, PullFacts } from '../../../../src/github/event.js'
import { docsEventOf } from '../../../../src/operations/agent/decide/docs-event.js'
import type { Command } from '../../../../src/operations/agent/read/event-ask.js'
import { issueCommentEvent } from '../../../fixtures/events.js'

const PULL: PullFacts = {
  number: 7,
  title: 'Raise the limits',
  url: 'https://github.com/acme/api/pull/7',
  head: { ref: 'limits', sha: 'a'.repeat(40), fork: false },
  author: { login: 'octocat', isBot: false },
  merged: false,
  mergeSha: '',
  changedFiles: 2,
  baseRef: 'main',
  baseSha: ''
}

const pullEvent = (action: string, pull: Partial<PullFacts> = {}): GitHubEvent => ({
  kind: 'pull_request',
  name: 'pull_request_target',
  action,
  pull: { ...PULL, ...pull },
  before: '',
  after: ''
})

function command(prompt: string, on: Command['on'] = { number: 7, kind: 'pull' }, label: string | null = null): Command {
  return { login: 'alice', ask: { kind: 'run', prompt }, on, commentId: 1, inReviewThread: false, label }
}

const COMMENT: GitHubEvent = issueCommentEvent({ body: '/docs skip', login: 'alice' }, { title: 'Raise the limits', url: PULL.url })

describe('docsEventOf: the event as the docs check reads it', () => {
  it.each([
    ['opened', { kind: 'pull-request', action: 'opened' }],
    ['reopened', { kind: 'pull-request', action: 'reopened' }],
    ['synchronize', { kind: 'pull-request', action: 'synchronize' }],
    ['edited', { kind: 'pull-request', action: 'edited' }],
    ['assigned', { kind: 'pull-request', action: 'assigned' }],
    ['ready_for_review', { kind: 'pull-request', action: 'ready_for_review' }],
    ['converted_to_draft', { kind: 'pull-request', action: 'converted_to_draft' }],
    ['closed', { kind: 'pull-request-closed', merged: false, mergeSha: null }]
  ])('a pull request %s', (action, expected) => {
    expect(docsEventOf(pullEvent(action), null, false)).toEqual(expected)
  })

  it('a merged pull request, with its merge commit', () => {
    expect(docsEventOf(pullEvent('closed', { merged: true, mergeSha: 'c'.repeat(40) }), null, false)).toEqual({
      kind: 'pull-request-closed',
      merged: true,
      mergeSha: 'c'.repeat(40)
    })
  })

  it('a comment that is no command is nothing to the docs check', () => {
    expect(docsEventOf(COMMENT, null, false)).toBeNull()
  })

  it('a push, and a scheduled or dispatched run', () => {
    const push: GitHubEvent = {
      kind: 'push',
      name: 'push',
      ref: 'refs/heads/main',
      before: '',
      sha: 'b'.repeat(40),
      compare: '',
      sender: { login: 'octocat', isBot: false },
      commits: []
    }
    expect(docsEventOf(push, null, false)).toEqual({ kind: 'push' })
    expect(docsEventOf({ kind: 'other', name: 'schedule' }, null, false)).toEqual({ kind: 'scheduled' })
    expect(docsEventOf({ kind: 'other', name: 'workflow_dispatch' }, null, false)).toEqual({ kind: 'scheduled' })
  })

  it.each([
    [
      '/docs skip on a code pull request, with its reason',
      'skip internal refactor',
      false,
      { kind: 'skip', reason: 'internal refactor' },
      'code-pull'
    ],
    ['/docs skip without a reason', 'SKIP', false, { kind: 'skip', reason: '' }, 'code-pull'],
    ['a prompt on a code pull request', 'document the flag', false, { kind: 'run' }, 'code-pull'],
    ['a prompt that starts with "skipping"', 'skipping the intro, document the flag', false, { kind: 'run' }, 'code-pull'],
    ['skip on the agent pull request', 'skip', true, { kind: 'skip', reason: '' }, 'agent-pull']
  ] as const)('%s', (_name, prompt, followUp, ask, on) => {
    expect(docsEventOf(COMMENT, command(prompt), followUp)).toEqual({
      kind: 'command',
      on,
      ask,
      actor: { login: 'alice' }
    })
  })

  it('skip on an issue is a command on an issue', () => {
    expect(docsEventOf(COMMENT, command('skip', { number: 3, kind: 'issue' }), false)).toMatchObject({ kind: 'command', on: 'issue' })
  })

  it('the label on a pull request, and who added it', () => {
    expect(docsEventOf(pullEvent('labeled'), command('', { number: 7, kind: 'pull' }, 'docs'), false)).toEqual({
      kind: 'label',
      on: 'code-pull',
      actor: { login: 'alice' }
    })
  })
})
