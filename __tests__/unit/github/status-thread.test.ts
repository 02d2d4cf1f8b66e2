import { describe, expect, it } from '@jest/globals'
import { GitHubError } from '../../../src/github/api.js'
import type { IssueRef } from '../../../src/github/event.js'
import { stickyMarker } from '../../../src/github/markers.js'
import { StatusThread, type ThreadTarget } from '../../../src/github/status-thread.js'
import { at } from '../../expect-helpers.js'
import { BOT_LOGIN, fakeGitHub, issueComment } from '../../fixtures/fake-github.js'

const MARKER = stickyMarker('Docs agent/agent')
const STICKY: ThreadTarget = { on: { number: 7, kind: 'pull' }, mode: 'sticky', marker: MARKER }
const REPLY: ThreadTarget = { on: { number: 9, kind: 'issue' }, mode: 'reply', marker: '' }

const CONSEQUENCE = 'The run goes on without a status comment.'

/** A thread whose failures are collected as `message + consequence`, as the run would warn them. */
function thread(github: ReturnType<typeof fakeGitHub>, target: ThreadTarget) {
  const warnings: string[] = []
  const errors: unknown[] = []
  const onError = (error: unknown, consequence: string): void => {
    errors.push(error)
    warnings.push(`${error instanceof Error ? error.message : String(error)} ${consequence}`)
  }
  return { status: new StatusThread(github.api, target, onError), warnings, errors }
}

/** The writes to GitHub, as [method, comment id or issue, body]. */
function writes(github: ReturnType<typeof fakeGitHub>): unknown[][] {
  return github.calls
    .filter((c) => c.method === 'createComment' || c.method === 'updateComment')
    .map((c) => (c.method === 'createComment' ? [c.method, (c.args[0] as IssueRef).number, c.args[1]] : [c.method, c.args[1], c.args[2]]))
}

describe('sticky status comment', () => {
  it('updates the newest comment of its own identity that carries the marker', async () => {
    const github = fakeGitHub()
    github.state.comments.set(7, [
      issueComment({ id: 1, login: BOT_LOGIN, body: `${MARKER}\nold run` }),
      issueComment({ id: 2, login: 'octocat', body: 'LGTM' }),
      issueComment({ id: 3, login: BOT_LOGIN, body: `${MARKER}\nnewer run` }),
      issueComment({ id: 4, login: BOT_LOGIN, body: 'another bot message' })
    ])
    const { status, warnings } = thread(github, STICKY)
    await status.post(`${MARKER}\nworking`)
    expect(writes(github)).toEqual([['updateComment', 3, `${MARKER}\nworking`]])
    expect(at(github.callsTo('ownComments'), 0, 'ownComments call').args).toEqual([{ number: 7, kind: 'pull' }])
    expect(status.url).toBe('https://github.com/acme/docs/pull/7#issuecomment-3')
    expect(warnings).toEqual([])
  })

  it('ignores a comment with the marker written by someone else', async () => {
    const github = fakeGitHub()
    github.state.comments.set(7, [issueComment({ id: 5, login: 'mallory', body: `${MARKER}\nforged` })])
    const { status } = thread(github, STICKY)
    await status.post(`${MARKER}\nworking`)
    expect(writes(github)).toEqual([['createComment', 7, `${MARKER}\nworking`]])
    expect(github.state.comments.get(7)?.find((c) => c.id === 5)?.body).toBe(`${MARKER}\nforged`)
  })

  it('ignores its own comments with the marker of another workflow job', async () => {
    const github = fakeGitHub()
    github.state.comments.set(7, [issueComment({ id: 6, login: BOT_LOGIN, body: `${stickyMarker('Other/job')}\nresult` })])
    const { status } = thread(github, STICKY)
    await status.post(`${MARKER}\nworking`)
    expect(writes(github)).toEqual([['createComment', 7, `${MARKER}\nworking`]])
  })

  it('trusts the identity the token reports, not a fixed bot name', async () => {
    const github = fakeGitHub({ identity: 'docs-app[bot]' })
    github.state.comments.set(7, [
      issueComment({ id: 7, login: BOT_LOGIN, body: `${MARKER}\nby the default token` }),
      issueComment({ id: 8, login: 'docs-app[bot]', body: `${MARKER}\nby the app` })
    ])
    const { status } = thread(github, STICKY)
    await status.post('next')
    expect(writes(github)).toEqual([['updateComment', 8, 'next']])
  })

  it('creates the comment when there is none, then updates that one', async () => {
    const github = fakeGitHub()
    const { status } = thread(github, STICKY)
    await status.post(`${MARKER}\nworking`)
    await status.post(`${MARKER}\ndone`)
    const created = github.state.comments.get(7)?.[0]
    expect(writes(github)).toEqual([
      ['createComment', 7, `${MARKER}\nworking`],
      ['updateComment', created?.id, `${MARKER}\ndone`]
    ])
    expect(github.callsTo('ownComments')).toHaveLength(1)
    expect(status.url).toBe(created?.url)
  })

  it('searches for the sticky comment once per run', async () => {
    const github = fakeGitHub()
    github.state.comments.set(7, [issueComment({ id: 3, login: BOT_LOGIN, body: MARKER })])
    const { status } = thread(github, STICKY)
    await status.post('one')
    await status.post('two')
    await status.post('three')
    expect(github.callsTo('ownComments')).toHaveLength(1)
    expect(writes(github)).toEqual([
      ['updateComment', 3, 'one'],
      ['updateComment', 3, 'two'],
      ['updateComment', 3, 'three']
    ])
  })
})

describe('reply status comment', () => {
  it('creates a reply without looking for earlier comments, then updates the same one', async () => {
    const github = fakeGitHub()
    github.state.comments.set(9, [issueComment({ id: 3, login: BOT_LOGIN, body: 'an earlier reply' })])
    const { status } = thread(github, REPLY)
    await status.post('working')
    const id = github.state.comments.get(9)?.[1]?.id
    await status.post('done')
    expect(writes(github)).toEqual([
      ['createComment', 9, 'working'],
      ['updateComment', id, 'done']
    ])
    expect(at(github.callsTo('createComment'), 0, 'createComment call').args[0]).toEqual({ number: 9, kind: 'issue' })
    expect(github.callsTo('ownComments')).toEqual([])
  })

  it('sets the url of the comment it posted', async () => {
    const github = fakeGitHub()
    const { status } = thread(github, REPLY)
    expect(status.url).toBeNull()
    await status.post('working')
    expect(status.url).toMatch(/^https:\/\/github\.com\/acme\/docs\/issues\/9#issuecomment-\d+$/)
  })
})

describe('when GitHub refuses', () => {
  const forbidden =
    "Could not comment on #7: HTTP 403, the token lacks the 'pull-requests: write' permission; add it to the workflow's permissions: block (Resource not accessible by integration)."

  it('reports the first failure once, with what it costs, and goes quiet', async () => {
    const github = fakeGitHub()
    const failure = new Error(forbidden)
    github.state.failures.set('createComment', failure)
    const { status, warnings, errors } = thread(github, STICKY)
    await status.post('working')
    await status.post('done')
    await status.post('really done')
    expect(errors).toEqual([failure])
    expect(errors[0]).toBe(failure)
    expect(warnings).toEqual([`${forbidden} ${CONSEQUENCE}`])
    expect(github.callsTo('createComment')).toHaveLength(1)
    expect(github.callsTo('ownComments')).toHaveLength(1)
    expect(status.url).toBeNull()
  })

  it('goes quiet after a failed update, keeping the url of the comment posted earlier', async () => {
    const github = fakeGitHub()
    const { status, warnings } = thread(github, REPLY)
    await status.post('working')
    const url = status.url
    github.state.failures.set('updateComment', new Error('Could not update comment 1000: HTTP 500 (Server Error).'))
    await status.post('done')
    await status.post('done again')
    expect(warnings).toEqual([`Could not update comment 1000: HTTP 500 (Server Error). ${CONSEQUENCE}`])
    expect(github.callsTo('updateComment')).toHaveLength(1)
    expect(status.url).toBe(url)
  })

  it('warns and posts nothing when the comments cannot be listed', async () => {
    const github = fakeGitHub()
    github.state.failures.set('ownComments', new Error('Could not read the comments of #7: HTTP 404 (Not Found).'))
    const { status, warnings } = thread(github, STICKY)
    await status.post('working')
    await status.post('done')
    expect(warnings).toEqual([`Could not read the comments of #7: HTTP 404 (Not Found). ${CONSEQUENCE}`])
    expect(writes(github)).toEqual([])
  })

  it('never throws to the run', async () => {
    const github = fakeGitHub()
    github.state.failures.set('createComment', new Error('boom'))
    const { status } = thread(github, REPLY)
    await expect(status.post('working')).resolves.toBeUndefined()
  })
})

describe('when the workflow is cancelled with a call in flight', () => {
  const stopped = (): GitHubError =>
    new GitHubError('Could not update comment 3: the workflow was cancelled while the request was under way.', null, { cancelled: true })

  /** Each failure strikes once: the cancel stops the call under way, and the calls after it reach GitHub. */
  class FailingOnce extends Map<string, Error> {
    override get(method: string): Error | undefined {
      const failure = super.get(method)
      this.delete(method)
      return failure
    }
  }

  it('stays usable after a stopped progress update, without warning or writing it again', async () => {
    const github = fakeGitHub({ failures: new FailingOnce([['updateComment', stopped()]]) })
    github.state.comments.set(7, [issueComment({ id: 3, login: BOT_LOGIN, body: `${MARKER}\nprevious run` })])
    const { status, warnings } = thread(github, STICKY)
    await status.post('working')
    await status.conclude('cancelled while waiting')
    expect(github.callsTo('updateComment').map((call) => call.args[2])).toEqual(['working', 'cancelled while waiting'])
    expect(github.state.comments.get(7)?.[0]?.body).toBe('cancelled while waiting')
    expect(warnings).toEqual([])
  })

  it('writes the last word once more when the cancel stopped it, so the comment does not say "working" for good', async () => {
    const github = fakeGitHub()
    const { status, warnings } = thread(github, STICKY)
    await status.post('working')
    github.state.failures = new FailingOnce([['updateComment', stopped()]])
    await status.conclude('opened the pull request')
    expect(writes(github)).toEqual([
      ['createComment', 7, 'working'],
      ['updateComment', 1000, 'opened the pull request'],
      ['updateComment', 1000, 'opened the pull request']
    ])
    expect(github.state.comments.get(7)?.map((comment) => comment.body)).toEqual(['opened the pull request'])
    expect(warnings).toEqual([])
  })

  it('looks a sticky comment up again when the cancel stopped its creation, so there is never a second one', async () => {
    const github = fakeGitHub({ failures: new FailingOnce([['ownComments', stopped()]]) })
    const { status } = thread(github, STICKY)
    await status.conclude(`${MARKER}\ncancelled`)
    expect(github.callsTo('ownComments')).toHaveLength(2)
    expect(writes(github)).toEqual([['createComment', 7, `${MARKER}\ncancelled`]])
  })

  it("does not send a reply's creation again: GitHub may have posted it", async () => {
    const github = fakeGitHub({ failures: new FailingOnce([['createComment', stopped()]]) })
    const { status, warnings } = thread(github, REPLY)
    await status.conclude('denied')
    expect(github.callsTo('createComment')).toHaveLength(1)
    expect(warnings).toEqual([])
  })

  it('writes once when nothing stopped it, and not at all once GitHub has failed for real', async () => {
    const github = fakeGitHub()
    const { status, warnings } = thread(github, REPLY)
    await status.conclude('done')
    expect(writes(github)).toHaveLength(1)
    github.state.failures.set('updateComment', new Error('Could not update comment 1000: HTTP 500 (Server Error).'))
    await status.conclude('done again')
    await status.conclude('and again')
    expect(github.callsTo('updateComment')).toHaveLength(1)
    expect(warnings).toEqual([`Could not update comment 1000: HTTP 500 (Server Error). ${CONSEQUENCE}`])
  })
})
