/**
 * The GitHub module against the fake GitHub on 127.0.0.1 with injected faults: what is retried, what is
 * not, how long it waits, and what the user reads when GitHub is down. Time is a fake clock: waits are
 * recorded, not slept.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Clock } from '../../../src/clock.js'
import { startSimulator, type Simulator } from '../../../simulator/index.js'
import {
  type ConnectOptions,
  connectTo,
  failureOf,
  fakeClock,
  preloadToolkit,
  requestsTo as requestsIn
} from '../../fixtures/github-client.js'
import { closedPort } from '../../fixtures/loopback-api.js'

let sim: Simulator
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startSimulator()
  sim.github.addIssue('octo-org/docs', { number: 7, title: 'Add page', pullRequest: true })
})
afterEach(async () => {
  await sim.close()
})

const connect = (options: ConnectOptions = {}): ReturnType<typeof connectTo> => connectTo(sim, options)
const requestsTo = (method: string, pattern: RegExp): number => requestsIn(sim, method, pattern)

describe('reads and updates', () => {
  it('retries a comment update after an HTML 502 page and a 503, with full-jitter backoff', async () => {
    const clock = fakeClock()
    const { api } = await connect({ clock })
    const comment = await api.createComment({ number: 7, kind: 'pull' }, 'working')
    sim.injectFault({ route: 'github-comment-update', html: true, status: 502 })
    sim.injectFault({ route: 'github-comment-update', status: 503 })

    const updated = await api.updateComment({ number: 7, kind: 'pull' }, comment.id, 'done')

    expect(updated.body).toBe('done')
    expect(requestsTo('PATCH', /comments\/\d+$/)).toBe(3)
    // random 0.5: half of 1 s, then half of 2 s.
    expect(clock.waits).toEqual([500, 1000])
  })

  it('retries the permission look-up after a 5xx burst, so one outage does not fail the command', async () => {
    sim.github.setPermission('octo-org/docs', 'alice', 'write')
    sim.injectFault({ route: 'github-permission', status: 500, times: 3 })
    const { api } = await connect()

    expect(await api.roleOf('alice')).toBe('write')
    expect(requestsTo('GET', /permission$/)).toBe(4)
  })

  it.each([502, 505, 520, 521, 522, 523, 524, 525, 526, 527, 528, 529, 530, 599])(
    'retries a read after HTTP %i, as every 5xx but 501 (a CDN in front of GitHub answers 520-530 while the origin is down)',
    async (code) => {
      sim.github.setPermission('octo-org/docs', 'alice', 'write')
      sim.injectFault({ route: 'github-permission', status: code, times: 2 })
      const { api } = await connect()

      expect(await api.roleOf('alice')).toBe('write')
      expect(requestsTo('GET', /permission$/)).toBe(3)
    }
  )

  it.each([400, 404, 409, 422, 501])('does not retry a read after HTTP %i, which waiting cannot change', async (code) => {
    sim.injectFault({ route: 'github-commit-pulls', status: code })
    const { api } = await connect()

    const error = await failureOf(api.pullsForCommit('0123456789abcdef'))

    expect(requestsTo('GET', /pulls$/)).toBe(1)
    expect(error.status).toBe(code)
  })

  it('waits as long as retry-after asks on a 429', async () => {
    sim.github.setPermission('octo-org/docs', 'alice', 'admin')
    sim.injectFault({ route: 'github-permission', status: 429, retryAfter: '7' })
    const clock = fakeClock()
    const { api } = await connect({ clock })

    expect(await api.roleOf('alice')).toBe('admin')
    expect(clock.waits).toEqual([7000])
  })

  it('treats a secondary rate limit 403 as a wait until x-ratelimit-reset, not as a missing permission', async () => {
    const clock = fakeClock()
    const { api } = await connect({ clock })
    const comment = await api.createComment({ number: 7, kind: 'pull' }, 'working')
    sim.injectFault({ route: 'github-comment-update', rateLimitResetSeconds: 30 })

    await api.updateComment({ number: 7, kind: 'pull' }, comment.id, 'done')

    expect(requestsTo('PATCH', /comments\/\d+$/)).toBe(2)
    // The reset is a whole epoch second, 30 s after the simulator answered.
    expect(clock.waits).toHaveLength(1)
    expect(clock.waits[0]).toBeGreaterThanOrEqual(29_000)
    expect(clock.waits[0]).toBeLessThanOrEqual(31_000)
  })

  it('retries the GraphQL identity query after a reset connection', async () => {
    sim.github.addComment('octo-org/docs', 7, { user: 'github-actions[bot]', body: 'mine' })
    sim.injectFault({ route: 'github-viewer', reset: true })
    const { api } = await connect()

    expect((await api.ownComments({ number: 7, kind: 'pull' })).map((c) => c.body)).toEqual(['mine'])
    expect(requestsTo('POST', /graphql$/)).toBe(2)
  })

  it('gives up after five attempts with the status and GitHub meaning, never the HTML page', async () => {
    sim.injectFault({ route: 'github-commit-pulls', html: true, status: 503, times: 5 })
    const { api } = await connect()

    const error = await failureOf(api.pullsForCommit('0123456789abcdef'))

    expect(requestsTo('GET', /pulls$/)).toBe(5)
    expect(error.message).toBe('Could not find the pull request of commit 0123456: HTTP 503, GitHub had a server error.')
    expect(error.status).toBe(503)
  })

  it("stops when the wait GitHub asks for does not fit in the run's time left", async () => {
    sim.injectFault({ route: 'github-permission', status: 429, retryAfter: '120' })
    const clock = fakeClock()
    const { api } = await connect({ clock, timeoutMs: 60_000 })

    const error = await failureOf(api.roleOf('alice'))

    expect(clock.waits).toEqual([])
    expect(error.message).toMatch(/HTTP 429, GitHub's rate limit for this token is reached/)
  })
})

describe('labels', () => {
  it('removes a label, and takes one already gone as done', async () => {
    sim.github.addIssue('octo-org/docs', { number: 12, title: 'Explain retries', labels: ['docs', 'bug'] })
    const { api } = await connect()

    await api.removeLabel({ number: 12, kind: 'issue' }, 'docs')
    expect(sim.github.labels('octo-org/docs', 12)).toEqual(['bug'])
    await expect(api.removeLabel({ number: 12, kind: 'issue' }, 'docs')).resolves.toBeUndefined()
    expect(requestsTo('DELETE', /labels\/docs$/)).toBe(2)
  })

  it('names the permission a token lacks to remove it', async () => {
    sim.github.addIssue('octo-org/docs', { number: 12, title: 'Explain retries', labels: ['docs'] })
    sim.github.forbid('labels')
    const { api } = await connect()
    await expect(api.removeLabel({ number: 12, kind: 'issue' }, 'docs')).rejects.toThrow(/remove the label docs from #12.*issues: write/)
  })
})

describe('review threads', () => {
  it('replies in the thread of a review comment, updates the reply and reacts to the comment', async () => {
    const comment = sim.github.addReviewComment('octo-org/docs', 7, { user: 'alice', body: '/docs explain' })
    const { api } = await connect()

    const reply = await api.replyInReviewThread(7, comment.id, 'working')
    await api.updateReviewComment(reply.id, 'done')
    await api.reactToReviewComment(comment.id, 'eyes')

    const thread = sim.github.reviewComments('octo-org/docs', 7)
    expect(thread.map((c) => [c.body, c.in_reply_to_id])).toEqual([
      ['/docs explain', null],
      ['done', comment.id]
    ])
    expect(thread[0]?.reactions).toEqual(['eyes'])
    expect(reply.url).toMatch(/#discussion_r\d+$/)
  })
})

describe('comment creation (not idempotent)', () => {
  it('is not repeated after a 5xx, where the comment may exist', async () => {
    sim.injectFault({ route: 'github-comment-create', status: 502, process: true })
    const { api } = await connect()

    const error = await failureOf(api.createComment({ number: 7, kind: 'pull' }, 'working'))

    expect(requestsTo('POST', /issues\/7\/comments$/)).toBe(1)
    expect(sim.github.comments('octo-org/docs', 7)).toHaveLength(1)
    expect(error.message).toMatch(/^Could not comment on #7: HTTP 502, GitHub had a server error \(server: "Bad Gateway"\)\.$/)
  })

  it('is not repeated after a reset', async () => {
    sim.injectFault({ route: 'github-comment-create', reset: true })
    const { api } = await connect()

    await failureOf(api.createComment({ number: 7, kind: 'pull' }, 'working'))

    expect(requestsTo('POST', /issues\/7\/comments$/)).toBe(1)
    expect(sim.github.comments('octo-org/docs', 7)).toHaveLength(1)
  })

  it('is repeated after a 429 with retry-after, and posts exactly one comment', async () => {
    sim.injectFault({ route: 'github-comment-create', status: 429, retryAfter: '3' })
    const clock = fakeClock()
    const { api } = await connect({ clock })

    await api.createComment({ number: 7, kind: 'pull' }, 'working')

    expect(clock.waits).toEqual([3000])
    expect(sim.github.comments('octo-org/docs', 7)).toHaveLength(1)
  })

  it('is repeated when the connection was refused, since nothing was sent', async () => {
    const clock = fakeClock()
    const port = await closedPort()
    const { api } = await connect({ clock, baseUrl: `http://127.0.0.1:${port}/api/v3` })

    const error = await failureOf(api.createComment({ number: 7, kind: 'pull' }, 'working'))

    expect(clock.waits).toHaveLength(4)
    // The host, and the likely causes in the same sentence.
    expect(error.message).toMatch(
      new RegExp(
        `^Could not comment on #7: the connection to 127\\.0\\.0\\.1:${port} was refused; check what keeps this runner from 127\\.0\\.0\\.1:${port}: a proxy it must use \\(set HTTPS_PROXY\\), .*GitHub Enterprise Server.*IP allowlist[^.]*\\.$`
      )
    )
  })

  // It waits out a real 3 s deadline against the simulator, so it keeps a limit of its own above the unit project's 15 s.
  it('is bounded by the run deadline when GitHub hangs, not by 30 s', async () => {
    sim.injectFault({ route: 'github-comment-create', delayMs: 60_000, status: 503 })
    const { api } = await connect({ timeoutMs: 3_000 })

    const error = await failureOf(api.createComment({ number: 7, kind: 'pull' }, 'working'))

    expect(error.message).toBe('Could not comment on #7: no response from GitHub within 3s.')
  }, 20_000)
})

describe('error texts', () => {
  it("quotes GitHub's own message, cut to 300 characters", async () => {
    sim.injectFault({ route: 'github-reaction', status: 422, message: `Validation failed: ${'x'.repeat(500)}` })
    const { api } = await connect()
    const comment = await api.createComment({ number: 7, kind: 'pull' }, 'hi')

    const error = await failureOf(api.react({ number: 7, kind: 'pull' }, comment.id, 'eyes'))

    const quoted = /\(server: "(.*)"\)\.$/.exec(error.message)?.[1] ?? ''
    expect(quoted.startsWith('Validation failed: xxx')).toBe(true)
    expect(quoted.length).toBeLessThanOrEqual(300)
  })

  it('still names the missing permission on a plain 403', async () => {
    sim.github.forbid('reactions')
    const { api } = await connect()
    const comment = await api.createComment({ number: 7, kind: 'pull' }, 'hi')

    const error = await failureOf(api.react({ number: 7, kind: 'pull' }, comment.id, 'eyes'))

    expect(error.missingPermission).toBe('pull-requests: write')
    expect(requestsTo('POST', /reactions$/)).toBe(1)
  })
})

describe('cancel', () => {
  it('marks a call stopped by the cancel as cancelled, and does not retry it', async () => {
    const controller = new AbortController()
    const clock: Clock = {
      now: () => 0,
      // The workflow is cancelled during the back-off.
      sleep: () => {
        controller.abort()
        return Promise.resolve()
      }
    }
    sim.injectFault({ route: 'github-permission', status: 503 })
    const { api } = await connect({ clock, cancel: controller.signal })

    const error = await failureOf(api.roleOf('alice'))

    expect(error.cancelled).toBe(true)
    expect(requestsTo('GET', /permission$/)).toBe(1)
  })
})

describe('pull request heads', () => {
  /** Pull request #9, answered as GitHub would with `head` and `base` as given. */
  function plantPull(head: Record<string, unknown>, baseRepo = 'octo-org/docs'): void {
    sim.route('GET', /^\/api\/v3\/repos\/octo-org\/docs\/pulls\/9$/, () => ({
      status: 200,
      json: {
        number: 9,
        title: 'Docs',
        html_url: 'https://github.com/octo-org/docs/pull/9',
        head,
        base: { ref: 'main', repo: { full_name: baseRepo, fork: false } }
      }
    }))
  }
  const HEAD = { ref: 'docs/billing', sha: 'c0ffee'.padEnd(40, '0') }

  it('reads the head branch and sha of a pull request from the same repository as no fork', async () => {
    sim.github.addIssue('octo-org/docs', { number: 8, title: 'Billing', pullRequest: true, headRef: HEAD.ref, headSha: HEAD.sha })
    const { api } = await connect()

    expect(await api.pull(8)).toEqual({
      number: 8,
      title: 'Billing',
      url: 'https://github.com/octo-org/docs/pull/8',
      head: { ...HEAD, fork: false },
      author: { login: 'octocat', isBot: false },
      merged: false,
      mergeSha: '',
      changedFiles: 0,
      baseRef: 'main',
      baseSha: expect.stringMatching(/^[0-9a-f]{40}$/)
    })
  })

  it('reads the head of a branch of the base repository as no fork, even when that repository is a fork (head.repo.fork)', async () => {
    plantPull({ ...HEAD, repo: { full_name: 'octo-org/docs', fork: true } })
    const { api } = await connect()

    expect((await api.pull(9)).head).toEqual({ ...HEAD, fork: false })
  })

  it.each([
    ['another repository than the base', { ...HEAD, repo: { full_name: 'someone/docs', fork: false } }],
    ['another repository than the base, itself a fork', { ...HEAD, repo: { full_name: 'someone/docs', fork: true } }],
    ['a deleted fork (head.repo null)', { ...HEAD, repo: null }]
  ])('reads the head of %s as a fork', async (_name, head) => {
    plantPull(head)
    const { api } = await connect()

    expect((await api.pull(9)).head).toEqual({ ...HEAD, fork: true })
  })
})

describe('pull request files', () => {
  it('lists each changed file with how it changed', async () => {
    sim.github.setPullFiles('octo-org/docs', 7, [
      { filename: 'billing.mdx', status: 'added' },
      'quickstart.mdx',
      { filename: 'old.mdx', status: 'removed' },
      { filename: 'api/intro.mdx', status: 'renamed', previousFilename: 'intro.mdx' }
    ])
    const { api } = await connect()

    expect(await api.pullFileChanges(7, 300)).toEqual([
      { filename: 'billing.mdx', status: 'added' },
      { filename: 'quickstart.mdx', status: 'modified' },
      { filename: 'old.mdx', status: 'removed' },
      { filename: 'api/intro.mdx', status: 'renamed', previousFilename: 'intro.mdx' }
    ])
  })

  it('reads only the pages needed for `max` files, 100 at a time', async () => {
    sim.github.setPullFiles(
      'octo-org/docs',
      7,
      Array.from({ length: 350 }, (_, i) => `page-${i}.mdx`)
    )
    const { api } = await connect()

    const files = await api.pullFileChanges(7, 150)
    expect(files).toHaveLength(150)
    expect(files.at(-1)?.filename).toBe('page-149.mdx')
    expect(requestsTo('GET', /pulls\/7\/files$/)).toBe(2)
  })

  it('names the permission a token lacks to read them', async () => {
    sim.github.forbid('pulls')
    const { api } = await connect()

    const error = await failureOf(api.pullFileChanges(7, 10))
    expect(error.message).toMatch(/^Could not read the files of pull request #7: HTTP 403/)
    expect(error.missingPermission).toBe('pull-requests: read')
  })
})

describe('deployments', () => {
  const SHA = 'c0ffee'.padEnd(40, '0')
  const request = {
    ref: SHA,
    environment: 'docs-preview',
    description: 'Mintlify docs preview of docs/billing',
    transient: true,
    production: false
  }

  it('creates a deployment without required contexts or auto-merge, and returns its id', async () => {
    const { api } = await connect()

    const id = await api.createDeployment(request)

    const [deployment] = sim.github.deployments('octo-org/docs')
    expect(deployment).toMatchObject({
      id,
      sha: SHA,
      ref: SHA,
      environment: 'docs-preview',
      description: 'Mintlify docs preview of docs/billing',
      transient_environment: true,
      production_environment: false,
      required_contexts: [],
      auto_merge: false
    })
  })

  it('sets statuses with the run as log and the site as environment URL, leaving out what is unknown', async () => {
    const { api } = await connect()
    const id = await api.createDeployment({ ...request, environment: 'docs', transient: false, production: true })

    await api.setDeploymentStatus(id, {
      state: 'in_progress',
      description: 'Building.',
      logUrl: 'https://github.com/x/runs/1',
      environmentUrl: null
    })
    await api.setDeploymentStatus(id, {
      state: 'success',
      description: 'Deployed.',
      logUrl: null,
      environmentUrl: 'https://acme.mintlify.site'
    })

    const statuses = sim.github.deployments('octo-org/docs')[0]?.statuses ?? []
    expect(statuses.map((s) => [s.state, s.description, s.log_url, s.environment_url])).toEqual([
      ['in_progress', 'Building.', 'https://github.com/x/runs/1', ''],
      ['success', 'Deployed.', '', 'https://acme.mintlify.site']
    ])
  })

  it('cuts a description to the 140 characters GitHub keeps, instead of being refused', async () => {
    const { api } = await connect()
    const id = await api.createDeployment(request)

    await api.setDeploymentStatus(id, {
      state: 'failure',
      description: `The preview failed: ${'x'.repeat(300)}`,
      logUrl: null,
      environmentUrl: null
    })

    const [status] = sim.github.deployments('octo-org/docs')[0]?.statuses ?? []
    expect(status?.description.length).toBeLessThanOrEqual(140)
    expect(status?.description.startsWith('The preview failed: xxx')).toBe(true)
  })

  it('names deployments: write when the token lacks it', async () => {
    sim.github.forbid('deployments')
    const { api } = await connect()

    const error = await failureOf(api.createDeployment(request))
    expect(error.message).toMatch(/^Could not create a deployment in environment docs-preview: HTTP 403/)
    expect(error.missingPermission).toBe('deployments: write')
  })

  it('does not repeat a creation or a status after a 5xx, where it may exist', async () => {
    const { api } = await connect()
    const id = await api.createDeployment(request)
    sim.injectFault({ route: 'github-deployment-create', status: 502 })
    sim.injectFault({ route: 'github-deployment-status', status: 503 })

    expect((await failureOf(api.createDeployment(request))).message).toMatch(/HTTP 502/)
    const status = await failureOf(api.setDeploymentStatus(id, { state: 'error', description: 'x', logUrl: null, environmentUrl: null }))
    expect(status.message).toMatch(/^Could not set the status of deployment \d+ to error: HTTP 503/)
    expect(requestsTo('POST', /deployments$/)).toBe(2)
    expect(requestsTo('POST', /statuses$/)).toBe(1)
  })
})
