import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { commentCountOf } from '../../../src/github/event.js'
import { readRunContext } from '../../../src/github/run-context.js'
import { parseEvent } from '../../../src/github/webhook-payload.js'
import { tempDir } from '../../fixtures/temp-dir.js'
import {
  checkRunPayload,
  checkSuitePayload,
  FORK_REPO,
  PULL_HEAD_SHA,
  statusPayload,
  webhookExample,
  webhookExamples,
  workflowRunPayload
} from '../../fixtures/webhook-payloads.js'

const PUSH_SHA = '6113728f27ae82c7b1a177c8d03f9e96e0adf246'

/** The example push of "Initial commit" (adding README.md) to master. */
function pushPayload(): Record<string, unknown> {
  return webhookExample(
    'push',
    (p) => p.ref === 'refs/heads/master' && Array.isArray(p.commits) && p.commits.length === 1 && p.after === PUSH_SHA
  )
}

function issueCommentPayload(action = 'created'): Record<string, unknown> {
  return webhookExample('issue_comment', (p) => p.action === action)
}

/** The same comment, made on pull request #1: GitHub adds `issue.pull_request`. */
function pullCommentPayload(): Record<string, unknown> {
  const payload = issueCommentPayload()
  const issue = payload.issue as Record<string, unknown>
  issue.pull_request = {
    url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1',
    html_url: 'https://github.com/Codertocat/Hello-World/pull/1'
  }
  issue.html_url = 'https://github.com/Codertocat/Hello-World/pull/1'
  return payload
}

function commentUser(payload: Record<string, unknown>): Record<string, unknown> {
  return (payload.comment as { user: Record<string, unknown> }).user
}

describe('parseEvent: push', () => {
  it('reads ref, head sha, commit subjects and changed files of the real payload', () => {
    expect(parseEvent('push', pushPayload())).toEqual({
      kind: 'push',
      name: 'push',
      ref: 'refs/heads/master',
      before: '0000000000000000000000000000000000000000',
      sha: PUSH_SHA,
      compare: `https://github.com/Codertocat/Hello-World/commit/${PUSH_SHA}`,
      sender: { login: 'Codertocat', isBot: false },
      commits: [{ sha: PUSH_SHA, subject: 'Initial commit', files: ['README.md'] }]
    })
  })

  it('lists added, then modified, then removed files of each commit', () => {
    const payload = pushPayload()
    payload.commits = [
      { message: 'First\n\nbody text', added: ['new.md'], modified: ['changed.md', 'other.md'], removed: ['gone.md'] },
      { message: 'Second', added: [], modified: ['changed.md'], removed: [] }
    ]
    expect(parseEvent('push', payload)).toMatchObject({
      commits: [
        { subject: 'First', files: ['new.md', 'changed.md', 'other.md', 'gone.md'] },
        { subject: 'Second', files: ['changed.md'] }
      ]
    })
  })

  it('uses the after sha, not the head commit id', () => {
    const payload = pushPayload()
    payload.after = 'a'.repeat(40)
    expect(parseEvent('push', payload)).toMatchObject({ sha: 'a'.repeat(40) })
  })

  it('falls back to the head commit id without after', () => {
    const payload = pushPayload()
    delete payload.after
    expect(parseEvent('push', payload)).toMatchObject({ sha: (payload.head_commit as { id: string }).id })
  })

  it('reads every real push example without throwing', () => {
    for (const payload of webhookExamples('push')) {
      const event = parseEvent('push', payload)
      expect(event.kind).toBe('push')
      if (event.kind === 'push') {
        expect(event.sha).toBe(payload.after)
        expect(event.commits).toHaveLength((payload.commits as unknown[]).length)
      }
    }
  })

  it('reads a tag push with no commits', () => {
    const payload = webhookExample('push', (p) => p.ref === 'refs/tags/simple-tag')
    expect(parseEvent('push', payload)).toMatchObject({ kind: 'push', ref: 'refs/tags/simple-tag', commits: [] })
  })

  it('tolerates commits and file lists of the wrong shape', () => {
    const payload = {
      ref: 'refs/heads/main',
      after: 'b'.repeat(40),
      commits: [null, 'x', { message: 5, added: 'README.md', modified: [1, 'a.md', null], removed: null }]
    }
    expect(parseEvent('push', payload)).toEqual({
      kind: 'push',
      name: 'push',
      ref: 'refs/heads/main',
      before: '',
      sha: 'b'.repeat(40),
      compare: '',
      sender: { login: '', isBot: false },
      commits: [{ sha: '', subject: '', files: ['a.md'] }]
    })
  })

  it('reads an empty push payload as a push with nothing in it', () => {
    expect(parseEvent('push', {})).toEqual({
      kind: 'push',
      name: 'push',
      ref: '',
      before: '',
      sha: '',
      compare: '',
      sender: { login: '', isBot: false },
      commits: []
    })
  })
})

describe('parseEvent: pull requests', () => {
  it('reads number, title and URL of the real pull_request opened payload', () => {
    const payload = webhookExample('pull_request', (p) => p.action === 'opened')
    expect(parseEvent('pull_request', payload)).toEqual({
      kind: 'pull_request',
      name: 'pull_request',
      action: 'opened',
      pull: {
        number: 2,
        title: 'Update the README with new information.',
        url: 'https://github.com/Codertocat/Hello-World/pull/2',
        head: { ref: 'changes', sha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821', fork: false },
        author: { login: 'Codertocat', isBot: false },
        merged: false,
        mergeSha: '',
        changedFiles: 1,
        baseRef: 'master',
        baseSha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
        comments: 0
      },
      before: '',
      after: ''
    })
  })

  it('reads pull_request_target the same way, keeping its name', () => {
    const payload = webhookExample('pull_request', (p) => p.action === 'synchronize')
    expect(parseEvent('pull_request_target', payload)).toEqual({
      kind: 'pull_request',
      name: 'pull_request_target',
      action: 'synchronize',
      pull: {
        number: 2,
        title: 'Update the README with new information.',
        url: 'https://github.com/Codertocat/Hello-World/pull/2',
        head: { ref: 'changes', sha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821', fork: false },
        author: { login: 'Codertocat', isBot: false },
        merged: false,
        mergeSha: '',
        changedFiles: 1,
        baseRef: 'master',
        baseSha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
        comments: 0
      },
      // A push to the pull request: its head before and after.
      before: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
      after: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'
    })
  })

  it('reads every real pull_request example as that pull request', () => {
    for (const payload of webhookExamples('pull_request')) {
      expect(parseEvent('pull_request', payload)).toMatchObject({ kind: 'pull_request', action: payload.action, pull: { number: 2 } })
    }
  })

  it('takes the number from the payload when the pull request object lacks it', () => {
    const payload = { action: 'opened', number: 7, pull_request: { title: 'T', html_url: 'https://github.com/a/b/pull/7' } }
    expect(parseEvent('pull_request', payload)).toMatchObject({ pull: { number: 7, title: 'T' } })
  })

  it('tolerates missing title and URL', () => {
    expect(parseEvent('pull_request', { pull_request: { number: 3 } })).toEqual({
      kind: 'pull_request',
      name: 'pull_request',
      action: '',
      pull: {
        number: 3,
        title: '',
        url: '',
        head: { ref: '', sha: '', fork: false },
        author: { login: '', isBot: false },
        merged: false,
        mergeSha: '',
        changedFiles: 0,
        baseRef: '',
        baseSha: ''
      },
      before: '',
      after: ''
    })
  })

  it('tells a pull request from a fork by its head repository', () => {
    const pull = (head: unknown, base: unknown = { repo: { full_name: 'acme/docs' } }): unknown =>
      parseEvent('pull_request', { pull_request: { number: 4, head, base } })
    const branch = { ref: 'fix-typo', sha: 'abc1234' }
    expect(pull({ ...branch, repo: { full_name: 'acme/docs', fork: false } })).toMatchObject({ pull: { head: { ...branch, fork: false } } })
    expect(pull({ ...branch, repo: { full_name: 'someone/docs', fork: true } })).toMatchObject({ pull: { head: { fork: true } } })
    // A fork's repository flag can be false when it was made from a fork of a fork: the names still differ.
    expect(pull({ ...branch, repo: { full_name: 'someone/docs', fork: false } })).toMatchObject({ pull: { head: { fork: true } } })
    // The fork was deleted: GitHub sends head.repo null, and the branch is out of reach.
    expect(pull({ ...branch, repo: null })).toMatchObject({ pull: { head: { fork: true } } })
    // A branch of the base repository itself, which is a fork of another: head.repo.fork says that, not a fork's pull request.
    expect(
      pull({ ...branch, repo: { full_name: 'acme/docs', fork: true } }, { repo: { full_name: 'acme/docs', fork: true } })
    ).toMatchObject({
      pull: { head: { fork: false } }
    })
    // Repository names compare as GitHub compares them, without case.
    expect(pull({ ...branch, repo: { full_name: 'Acme/Docs', fork: false } })).toMatchObject({ pull: { head: { fork: false } } })
  })

  it('reads when a comment was written, a review submitted and a label added', () => {
    expect(parseEvent('issue_comment', { issue: {}, comment: { created_at: '2026-03-01T12:00:00Z' } })).toMatchObject({
      comment: { createdAt: '2026-03-01T12:00:00Z' }
    })
    expect(parseEvent('pull_request_review', { pull_request: {}, review: { submitted_at: '2026-03-01T12:00:01Z' } })).toMatchObject({
      comment: { createdAt: '2026-03-01T12:00:01Z' }
    })
    expect(
      parseEvent('pull_request', {
        action: 'labeled',
        label: { name: 'docs' },
        pull_request: { number: 4, updated_at: '2026-03-01T12:00:02Z' }
      })
    ).toMatchObject({ labeled: { label: 'docs', at: '2026-03-01T12:00:02Z' } })
  })

  it('reads a closed pull request as merged, with its merge commit, only when GitHub says merged', () => {
    const closed = webhookExample('pull_request', (p) => p.action === 'closed')
    const merged = { ...closed, pull_request: { ...(closed.pull_request as object), merged: true, merge_commit_sha: 'c'.repeat(40) } }
    const unmerged = { ...closed, pull_request: { ...(closed.pull_request as object), merged: false, merge_commit_sha: 'd'.repeat(40) } }
    expect(parseEvent('pull_request', merged)).toMatchObject({ action: 'closed', pull: { merged: true, mergeSha: 'c'.repeat(40) } })
    expect(parseEvent('pull_request', unmerged)).toMatchObject({ action: 'closed', pull: { merged: false, mergeSha: '' } })
  })

  it('tells a bot author by its account type or its [bot] login', () => {
    const authored = (user: unknown): unknown => parseEvent('pull_request', { pull_request: { number: 4, user } })
    expect(authored({ login: 'renovate[bot]', type: 'Bot' })).toMatchObject({ pull: { author: { login: 'renovate[bot]', isBot: true } } })
    expect(authored({ login: 'ci-app[bot]', type: 'User' })).toMatchObject({ pull: { author: { isBot: true } } })
    expect(authored({ login: 'octocat', type: 'User' })).toMatchObject({ pull: { author: { login: 'octocat', isBot: false } } })
  })

  it('reads a pull_request event without its pull request as another event', () => {
    expect(parseEvent('pull_request', { action: 'opened' })).toEqual({ kind: 'other', name: 'pull_request', action: 'opened' })
  })
})

describe('parseEvent: issue_comment', () => {
  it('reads a comment on an issue', () => {
    expect(parseEvent('issue_comment', issueCommentPayload())).toEqual({
      kind: 'issue_comment',
      name: 'issue_comment',
      action: 'created',
      issue: {
        number: 1,
        title: 'Spelling error in the README file',
        url: 'https://github.com/Codertocat/Hello-World/issues/1',
        isPullRequest: false,
        comments: 0
      },
      comment: {
        id: 492700400,
        body: "You are totally right! I'll get this fixed right away.",
        createdAt: '2019-05-15T15:20:21Z',
        login: 'Codertocat',
        isBot: false
      }
    })
  })

  it('reads a comment on a pull request (issue.pull_request present)', () => {
    expect(parseEvent('issue_comment', pullCommentPayload())).toMatchObject({
      kind: 'issue_comment',
      issue: { number: 1, url: 'https://github.com/Codertocat/Hello-World/pull/1', isPullRequest: true }
    })
  })

  it('keeps edited and deleted actions, for the plan to skip them', () => {
    expect(parseEvent('issue_comment', issueCommentPayload('edited'))).toMatchObject({ action: 'edited' })
    expect(parseEvent('issue_comment', issueCommentPayload('deleted'))).toMatchObject({ action: 'deleted' })
  })

  it('reads a bot by its user type', () => {
    const payload = issueCommentPayload()
    commentUser(payload).type = 'Bot'
    expect(parseEvent('issue_comment', payload)).toMatchObject({ comment: { login: 'Codertocat', isBot: true } })
  })

  it('reads a bot by the [bot] suffix of its login', () => {
    const payload = issueCommentPayload()
    commentUser(payload).login = 'dependabot[bot]'
    expect(parseEvent('issue_comment', payload)).toMatchObject({ comment: { login: 'dependabot[bot]', isBot: true } })
  })

  it('reads a user whose login merely contains bot as a person', () => {
    const payload = issueCommentPayload()
    commentUser(payload).login = 'robotics-fan'
    expect(parseEvent('issue_comment', payload)).toMatchObject({ comment: { isBot: false } })
  })

  it('tolerates a comment without a user', () => {
    const payload = issueCommentPayload()
    delete (payload.comment as Record<string, unknown>).user
    expect(parseEvent('issue_comment', payload)).toMatchObject({ comment: { login: '', isBot: false } })
  })

  it('tolerates an empty issue and comment', () => {
    expect(parseEvent('issue_comment', { issue: {}, comment: {} })).toEqual({
      kind: 'issue_comment',
      name: 'issue_comment',
      action: '',
      issue: { number: 0, title: '', url: '', isPullRequest: false },
      comment: { id: 0, body: '', createdAt: '', login: '', isBot: false }
    })
  })

  it('reads an issue_comment event without its comment as another event', () => {
    const payload = issueCommentPayload()
    delete payload.comment
    expect(parseEvent('issue_comment', payload)).toEqual({
      kind: 'other',
      name: 'issue_comment',
      action: 'created',
      sender: { login: 'Codertocat', isBot: false }
    })
  })

  it('ignores numbers that are not safe integers', () => {
    const payload = issueCommentPayload()
    ;(payload.issue as Record<string, unknown>).number = '1'
    ;(payload.comment as Record<string, unknown>).id = 1.5
    expect(parseEvent('issue_comment', payload)).toMatchObject({ issue: { number: 0 }, comment: { id: 0 } })
  })
})

describe('parseEvent: check events', () => {
  const HELLO = 'Codertocat/Hello-World'
  const CODERTOCAT = { login: 'Codertocat', isBot: false }

  it('reads a completed check run: its App, name, conclusion, commit and pull requests', () => {
    expect(parseEvent('check_run', checkRunPayload({ name: 'Mintlify Validation (acme) - link-rot' }))).toEqual({
      kind: 'checks',
      name: 'check_run',
      action: 'completed',
      headSha: PULL_HEAD_SHA,
      pulls: [{ number: 2, headRepo: HELLO, baseRepo: HELLO }],
      app: 'mintlify',
      checkName: 'Mintlify Validation (acme) - link-rot',
      conclusion: 'failure',
      origin: { fork: false, startedBy: '', by: CODERTOCAT }
    })
  })

  it('reads a completed check suite without a check name of its own', () => {
    expect(parseEvent('check_suite', checkSuitePayload({ conclusion: 'success' }))).toEqual({
      kind: 'checks',
      name: 'check_suite',
      action: 'completed',
      headSha: PULL_HEAD_SHA,
      pulls: [{ number: 2, headRepo: HELLO, baseRepo: HELLO }],
      app: 'mintlify',
      checkName: '',
      conclusion: 'success',
      origin: { fork: false, startedBy: '', by: CODERTOCAT }
    })
  })

  it("reads a completed workflow run by its workflow's name, with no App", () => {
    expect(parseEvent('workflow_run', workflowRunPayload({ name: 'Docs CI' }))).toEqual({
      kind: 'checks',
      name: 'workflow_run',
      action: 'completed',
      headSha: PULL_HEAD_SHA,
      pulls: [{ number: 2, headRepo: HELLO, baseRepo: HELLO }],
      app: '',
      checkName: 'Docs CI',
      conclusion: 'failure',
      origin: { fork: false, startedBy: 'repository_dispatch', by: CODERTOCAT }
    })
  })

  it('reads a legacy status by its sha, context and state, with no action and no pull request', () => {
    expect(parseEvent('status', statusPayload({ context: 'ci/vale', state: 'error' }))).toEqual({
      kind: 'checks',
      name: 'status',
      action: '',
      headSha: PULL_HEAD_SHA,
      pulls: [],
      app: '',
      checkName: 'ci/vale',
      conclusion: 'error',
      origin: { fork: false, startedBy: '', by: CODERTOCAT }
    })
  })

  it("names a fork's head repository apart from the base, read from the repositories' API URLs", () => {
    const event = parseEvent('check_run', checkRunPayload({ pulls: [{ number: 2 }, { number: 5, fork: true }] }))
    expect(event).toMatchObject({
      pulls: [
        { number: 2, headRepo: HELLO, baseRepo: HELLO },
        { number: 5, headRepo: FORK_REPO, baseRepo: HELLO }
      ]
    })
  })

  it("reads a fork's run where GitHub says it: a suite without a branch, a workflow run from the fork", () => {
    expect(parseEvent('check_suite', checkSuitePayload({ fromFork: true }))).toMatchObject({ origin: { fork: true } })
    expect(parseEvent('check_run', checkRunPayload({ fromFork: true }))).toMatchObject({ origin: { fork: true } })
    expect(parseEvent('workflow_run', workflowRunPayload({ fromFork: true }))).toMatchObject({ origin: { fork: true } })
    expect(parseEvent('workflow_run', workflowRunPayload())).toMatchObject({ origin: { fork: false } })
  })

  it('reads a suite branch that is missing or no string as none, as for a fork', () => {
    const suite = checkSuitePayload()
    delete (suite.check_suite as Record<string, unknown>).head_branch
    const run = checkRunPayload()
    ;(run.check_run as Record<string, unknown>).check_suite = null
    const workflowRun = workflowRunPayload()
    ;(workflowRun.workflow_run as Record<string, unknown>).head_repository = 'x'
    expect(parseEvent('check_suite', suite)).toMatchObject({ origin: { fork: true } })
    expect(parseEvent('check_run', run)).toMatchObject({ origin: { fork: true } })
    expect(parseEvent('workflow_run', workflowRun)).toMatchObject({ origin: { fork: true } })
  })

  it('reads a run still without a conclusion as an empty conclusion', () => {
    expect(parseEvent('workflow_run', workflowRunPayload({ conclusion: null }))).toMatchObject({ conclusion: '' })
  })

  it('reads every real example of the four events as a check event of its commit', () => {
    for (const name of ['check_run', 'check_suite', 'workflow_run', 'status']) {
      for (const payload of webhookExamples(name)) {
        const event = parseEvent(name, payload)
        expect(event).toMatchObject({ kind: 'checks', name, headSha: expect.stringMatching(/^[0-9a-f]{40}$/) })
      }
    }
  })

  it('tolerates pull requests and repositories of the wrong shape', () => {
    const payload = checkRunPayload()
    const run = payload.check_run as Record<string, unknown>
    run.pull_requests = [null, { number: 3, head: { repo: { url: 7 } } }, 'x']
    run.app = null
    expect(parseEvent('check_run', payload)).toMatchObject({ pulls: [{ number: 3, headRepo: '', baseRepo: '' }], app: '' })
  })

  it('reads a check event without its check as another event', () => {
    expect(parseEvent('check_suite', { action: 'completed' })).toEqual({ kind: 'other', name: 'check_suite', action: 'completed' })
    expect(parseEvent('workflow_run', { action: 'completed', workflow_run: [] })).toEqual({
      kind: 'other',
      name: 'workflow_run',
      action: 'completed'
    })
  })
})

describe('parseEvent: where a check event comes from', () => {
  /** The example workflow run of Hello-World, its head repository and starting event changed. */
  function workflowRun(head: string | null, event: string): Record<string, unknown> {
    const payload = workflowRunPayload()
    const run = payload.workflow_run as Record<string, unknown> & { head_repository: Record<string, unknown> }
    run.event = event
    if (head === null) run.head_repository = null as never
    else run.head_repository.full_name = head
    return payload
  }

  it.each([
    ['this repository', 'Codertocat/Hello-World', false],
    ['this repository, named in other letter case', 'codertocat/hello-world', false],
    ['a fork', 'stranger/octo-repo', true],
    ['a deleted fork', null, true]
  ])('a workflow run whose head repository is %s: fork %s', (_, head, fork) => {
    expect(parseEvent('workflow_run', workflowRun(head, 'push'))).toMatchObject({ origin: { fork, startedBy: 'push' } })
  })

  it('a workflow run of a payload that names no repository of its own is a fork’s', () => {
    const payload = workflowRun('Codertocat/Hello-World', 'push')
    delete payload.repository
    expect(parseEvent('workflow_run', payload)).toMatchObject({ origin: { fork: true } })
  })

  it('a workflow run is started by its triggering actor, else its actor', () => {
    const payload = workflowRun('Codertocat/Hello-World', 'push')
    Object.assign(payload.workflow_run as object, { triggering_actor: { login: 'rerunner', type: 'User' }, actor: { login: 'pusher' } })
    expect(parseEvent('workflow_run', payload)).toMatchObject({ origin: { by: { login: 'rerunner' } } })
    delete (payload.workflow_run as Record<string, unknown>).triggering_actor
    expect(parseEvent('workflow_run', payload)).toMatchObject({ origin: { by: { login: 'pusher' } } })
  })

  it.each([
    ['a branch', 'docs-agent/fix', false],
    ["a fork's branch (GitHub gives none)", null, true]
  ])('a check suite on %s: fork %s, and a check run in it alike', (_, branch, fork) => {
    const suite = checkSuitePayload()
    ;(suite.check_suite as Record<string, unknown>).head_branch = branch
    expect(parseEvent('check_suite', suite)).toMatchObject({ origin: { fork, startedBy: '' } })
    const run = checkRunPayload()
    ;((run.check_run as Record<string, unknown>).check_suite as Record<string, unknown>).head_branch = branch
    expect(parseEvent('check_run', run)).toMatchObject({ origin: { fork, startedBy: '' } })
  })

  it('a check run without its suite is a fork’s: nothing says otherwise', () => {
    const run = checkRunPayload()
    delete (run.check_run as Record<string, unknown>).check_suite
    expect(parseEvent('check_run', run)).toMatchObject({ origin: { fork: true } })
  })
})

describe('parseEvent: other events', () => {
  it('reads workflow_dispatch as other, with its sender', () => {
    expect(parseEvent('workflow_dispatch', webhookExample('workflow_dispatch'))).toEqual({
      kind: 'other',
      name: 'workflow_dispatch',
      sender: { login: 'octocat', isBot: false }
    })
  })

  it('reads any other event with its action and sender, for the gate to judge', () => {
    expect(
      parseEvent(
        'discussion_comment',
        webhookExample('discussion_comment', (p) => p.action === 'edited')
      )
    ).toEqual({
      kind: 'other',
      name: 'discussion_comment',
      action: 'edited',
      sender: { login: 'Codertocat', isBot: false }
    })
  })

  it('reads schedule as other', () => {
    expect(parseEvent('schedule', { schedule: '0 6 * * 1' })).toEqual({ kind: 'other', name: 'schedule' })
  })

  it('does not take a pull request payload under another event name', () => {
    expect(parseEvent('workflow_run', webhookExample('pull_request'))).toMatchObject({ kind: 'other', name: 'workflow_run' })
  })

  it('reads an unknown event with an empty name', () => {
    expect(parseEvent('', {})).toEqual({ kind: 'other', name: '' })
  })
})

describe('readRunContext', () => {
  let dir: ReturnType<typeof tempDir>
  beforeEach(() => {
    dir = tempDir('run-context-test-')
  })
  afterEach(() => {
    dir.remove()
  })

  function eventFile(payload: unknown): string {
    const path = join(dir.path, 'event.json')
    writeFileSync(path, typeof payload === 'string' ? payload : JSON.stringify(payload))
    return path
  }

  const base = {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '1234',
    GITHUB_WORKFLOW: 'Docs agent',
    GITHUB_JOB: 'agent',
    GITHUB_SHA: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
    GITHUB_REF: 'refs/pull/2/merge',
    GITHUB_ACTOR: 'Codertocat'
  }

  it('reads the event from the event file and the run from the environment', () => {
    const context = readRunContext({ ...base, GITHUB_EVENT_PATH: eventFile(webhookExample('pull_request', (p) => p.action === 'opened')) })
    expect(context).toEqual({
      event: {
        kind: 'pull_request',
        name: 'pull_request',
        action: 'opened',
        pull: {
          number: 2,
          title: 'Update the README with new information.',
          url: 'https://github.com/Codertocat/Hello-World/pull/2',
          head: { ref: 'changes', sha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821', fork: false },
          author: { login: 'Codertocat', isBot: false },
          merged: false,
          mergeSha: '',
          changedFiles: 1,
          baseRef: 'master',
          baseSha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
          comments: 0
        },
        before: '',
        after: ''
      },
      repo: { owner: 'Codertocat', repo: 'Hello-World' },
      serverUrl: 'https://github.com',
      runUrl: 'https://github.com/Codertocat/Hello-World/actions/runs/1234',
      workflow: 'Docs agent',
      job: 'agent',
      sha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      ref: 'refs/pull/2/merge',
      actor: 'Codertocat',
      runNumber: 0
    })
  })

  it('drops trailing slashes of the server URL', () => {
    const context = readRunContext({ ...base, GITHUB_SERVER_URL: 'https://ghe.example.com//' })
    expect(context.serverUrl).toBe('https://ghe.example.com')
    expect(context.runUrl).toBe('https://ghe.example.com/Codertocat/Hello-World/actions/runs/1234')
  })

  it('defaults the server URL to github.com', () => {
    const { GITHUB_SERVER_URL: _, ...env } = base
    expect(readRunContext(env).serverUrl).toBe('https://github.com')
    expect(readRunContext({ ...env, GITHUB_SERVER_URL: '' }).serverUrl).toBe('https://github.com')
  })

  it('has no repository and no run URL without GITHUB_REPOSITORY', () => {
    const { GITHUB_REPOSITORY: _, ...env } = base
    const context = readRunContext(env)
    expect(context.repo).toBeNull()
    expect(context.runUrl).toBeNull()
  })

  it('has no repository for a GITHUB_REPOSITORY without a slash', () => {
    expect(readRunContext({ ...base, GITHUB_REPOSITORY: 'Hello-World' }).repo).toBeNull()
  })

  it('has no run URL without GITHUB_RUN_ID', () => {
    const { GITHUB_RUN_ID: _, ...env } = base
    const context = readRunContext(env)
    expect(context.repo).toEqual({ owner: 'Codertocat', repo: 'Hello-World' })
    expect(context.runUrl).toBeNull()
  })

  it('reads a missing event file as an empty payload', () => {
    const context = readRunContext({ ...base, GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: join(dir.path, 'missing.json') })
    expect(context.event).toEqual({
      kind: 'push',
      name: 'push',
      ref: '',
      before: '',
      sha: '',
      compare: '',
      sender: { login: '', isBot: false },
      commits: []
    })
  })

  it('reads an event file that is not JSON as an empty payload', () => {
    const context = readRunContext({ ...base, GITHUB_EVENT_PATH: eventFile('{not json') })
    expect(context.event).toEqual({ kind: 'other', name: 'pull_request' })
  })

  it('reads an event file holding an array as an empty payload', () => {
    const context = readRunContext({ ...base, GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: eventFile([1, 2]) })
    expect(context.event).toMatchObject({ kind: 'push', commits: [] })
  })

  it('reads an empty environment without throwing', () => {
    expect(readRunContext({})).toEqual({
      event: { kind: 'other', name: '' },
      repo: null,
      serverUrl: 'https://github.com',
      runUrl: null,
      workflow: '',
      job: '',
      sha: '',
      ref: '',
      actor: '',
      runNumber: 0
    })
  })
})

describe('labeled events', () => {
  it('reads an issue labeled: the issue with its body, the label and who added it', () => {
    const payload = webhookExample('issues', (p) => p.action === 'labeled')
    expect(parseEvent('issues', payload)).toEqual({
      kind: 'issues',
      name: 'issues',
      action: 'labeled',
      issue: {
        number: 1,
        title: 'Spelling error in the README file',
        url: 'https://github.com/Codertocat/Hello-World/issues/1',
        isPullRequest: false,
        body: "It looks like you accidently spelled 'commit' with two 't's.",
        comments: 0
      },
      sender: { login: 'Codertocat', isBot: false },
      labeled: { label: 'bug', sender: { login: 'Codertocat', isBot: false }, at: '2019-05-15T15:20:18Z' }
    })
  })

  it('reads a pull request labeled with the label, and other pull request actions without one', () => {
    const labeled = parseEvent(
      'pull_request',
      webhookExample('pull_request', (p) => p.action === 'labeled')
    )
    expect(labeled).toMatchObject({ kind: 'pull_request', action: 'labeled', pull: { number: 2 }, labeled: { label: 'bug' } })
    const opened = parseEvent(
      'pull_request',
      webhookExample('pull_request', (p) => p.action === 'opened')
    )
    expect(opened).not.toHaveProperty('labeled')
  })

  it('takes a [bot] login or type Bot as a bot', () => {
    const payload = webhookExample('issues', (p) => p.action === 'labeled')
    payload.sender = { login: 'renovate[bot]', type: 'User' }
    expect(parseEvent('issues', payload)).toMatchObject({ labeled: { sender: { login: 'renovate[bot]', isBot: true } } })
  })
})

describe('review events', () => {
  it('reads a review comment with its file, lines and diff hunk', () => {
    const payload = webhookExample('pull_request_review_comment', (p) => p.action === 'created')
    const event = parseEvent('pull_request_review_comment', payload)
    expect(event).toMatchObject({
      kind: 'pull_request_review_comment',
      action: 'created',
      pull: { number: 2, url: 'https://github.com/Codertocat/Hello-World/pull/2' },
      comment: {
        id: 284312630,
        login: 'Codertocat',
        isBot: false,
        path: 'README.md',
        body: 'Maybe you should use more emoji on this line.'
      }
    })
    expect(event.kind === 'pull_request_review_comment' && event.comment.diffHunk).toMatch(/^@@ -1 \+1 @@/)
  })

  it('takes a multi-line comment range from start_line, and none for an outdated comment', () => {
    const payload = webhookExample('pull_request_review_comment', (p) => p.action === 'created')
    const comment = payload.comment as Record<string, unknown>
    Object.assign(comment, { start_line: 260, line: 265 })
    expect(parseEvent('pull_request_review_comment', payload)).toMatchObject({ comment: { lines: { start: 260, end: 265 } } })
    Object.assign(comment, { start_line: null, line: null, original_line: null })
    expect(parseEvent('pull_request_review_comment', payload)).toMatchObject({ comment: { lines: null } })
  })

  it('reads a submitted review with its body as the comment', () => {
    const payload = webhookExample('pull_request_review', (p) => p.action === 'submitted')
    ;(payload.review as Record<string, unknown>).body = '/docs Document the flag'
    expect(parseEvent('pull_request_review', payload)).toMatchObject({
      kind: 'pull_request_review',
      action: 'submitted',
      pull: { number: 2 },
      comment: { body: '/docs Document the flag', login: 'Codertocat' }
    })
  })
})

describe('commentCountOf: how many comments the event says an issue or pull request has', () => {
  const pullOpened = (comments: unknown): Record<string, unknown> => {
    const payload = webhookExample('pull_request', (p) => p.action === 'opened')
    Object.assign(payload.pull_request as Record<string, unknown>, { comments })
    return payload
  }
  const onIssue = (comments: unknown): Record<string, unknown> => {
    const payload = issueCommentPayload()
    Object.assign(payload.issue as Record<string, unknown>, { comments })
    return payload
  }

  it.each([
    ['a pull_request event, its pull request', 'pull_request', pullOpened(2500), 2, 2500],
    ['a pull_request event, another number', 'pull_request', pullOpened(2500), 3, undefined],
    ['a pull_request event that gives no count', 'pull_request', pullOpened(undefined), 2, undefined],
    ['a pull_request event with a count that is no count', 'pull_request', pullOpened(-1), 2, undefined],
    ['a pull_request event with a count in text', 'pull_request', pullOpened('2500'), 2, undefined],
    ['a pull_request event with a fraction for a count', 'pull_request', pullOpened(2.5), 2, undefined],
    ['a pull_request event with a count past the safe integers', 'pull_request', pullOpened(2 ** 60), 2, undefined],
    ['an issue_comment event with a null count', 'issue_comment', onIssue(null), 1, undefined],
    ['an issue_comment event, its issue', 'issue_comment', onIssue(7), 1, 7],
    ['an issue_comment event on a pull request', 'issue_comment', pullCommentPayload(), 1, 0],
    ['an issue_comment event, another number', 'issue_comment', onIssue(7), 2, undefined],
    ['an issues event, its issue', 'issues', webhookExample('issues', (p) => p.action === 'labeled'), 1, 0],
    ['a review, whose pull request payload gives no count', 'pull_request_review', webhookExample('pull_request_review'), 2, undefined],
    ['a push', 'push', pushPayload(), 1, undefined]
  ])('%s', (_, name, payload, number, count) => {
    expect(commentCountOf(parseEvent(name, payload), number)).toBe(count)
  })

  it.each([NaN, 2.5, -1, Infinity])('gives no count for facts whose count is %p, however they were made', (comments) => {
    const event = parseEvent('pull_request', pullOpened(0))
    if (event.kind !== 'pull_request') throw new Error('not a pull_request event')
    expect(commentCountOf({ ...event, pull: { ...event.pull, comments } }, event.pull.number)).toBeUndefined()
  })
})
