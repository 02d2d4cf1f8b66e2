/**
 * The trust boundary end to end (DESIGN, "Who may steer the agent"): a fork's pull request starts nothing
 * by itself, for any action and without any docs-check input; a maintainer's command holds for the head
 * shown before it; a later push waits again; the empty key of a fork's `pull_request` run; a skip cleared
 * by a push to `paths` and honoured without `status-context`; a read-only commenter's preview.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { commentPayload, COMMENTER, PULL, PULL_FILES, pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { mark, mintlifyCalls, runOn, startHelloWorld } from './helpers.js'

const FORK_PULL = 3
const FORK_REPO = 'stranger/Hello-World'
const SHOWN = 'a1b2c3d4e5f60718293a4b5c6d7e8f9001234567'
const PUSHED = 'f0e1d2c3b4a5968778695a4b3c2d1e0f98765432'
const WAITING = 'Waiting for a maintainer: /docs to document it, /docs skip if it needs none'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.github.addIssue(REPO, {
    number: FORK_PULL,
    title: 'Typo fix from a stranger',
    user: 'stranger',
    pullRequest: true,
    headRepo: FORK_REPO,
    headSha: SHOWN,
    commits: ['Fix a typo'],
    files: ['README.md']
  })
  sim.github.setPermission(REPO, 'stranger', null)
  sim.github.setPermission(REPO, 'reader', 'read')
})
afterEach(async () => {
  await sim.close()
})

/** The fork's pull request event with `action`, its head as the fake GitHub has it. */
function forkEvent(action: string, head = SHOWN): Record<string, unknown> {
  const payload = pullRequestOpened() as unknown as Record<string, unknown> & { pull_request: Record<string, unknown> }
  payload.action = action
  payload.number = FORK_PULL
  const pull = payload.pull_request
  pull.number = FORK_PULL
  pull.html_url = `https://github.com/${REPO}/pull/${FORK_PULL}`
  const headPart = pull.head as Record<string, unknown>
  pull.head = { ...headPart, sha: head, repo: { ...(headPart.repo as object), full_name: FORK_REPO, fork: true } }
  pull.user = { ...(pull.user as object), login: 'stranger', type: 'User' }
  if (action === 'synchronize') Object.assign(payload, { before: SHOWN, after: head })
  return payload
}

const onFork = (action: string, inputs: Record<string, string> = {}, head = SHOWN): Promise<ActionRun> =>
  runOn(sim, 'pull_request_target', forkEvent(action, head), { inputs })

const command = (body: string, inputs: Record<string, string> = {}, login = COMMENTER, on = FORK_PULL): Promise<ActionRun> =>
  runOn(sim, 'issue_comment', commentPayload(sim, { body, on, pullRequest: true, login }), { inputs })

const comments = (on = FORK_PULL): string[] => sim.github.comments(REPO, on).map((c) => c.body)

describe("a fork's pull request never starts a job by itself", () => {
  test.each(['opened', 'edited', 'ready_for_review', 'reopened', 'synchronize'])(
    '%s, without any docs-check input: skipped, nothing sent, the head shown as waiting',
    async (action) => {
      const run = await onFork(action)

      expect(run.outputs.outcome).toBe('skipped')
      expect(mintlifyCalls(sim)).toEqual([])
      expect(annotations(run, 'notice')).toEqual([expect.stringContaining(WAITING)])
      // The waiting record is kept in the sticky comment, which names the head it shows.
      expect(comments()).toEqual([expect.stringContaining(`at \`${SHOWN.slice(0, 7)}\``)])
    }
  )

  test('with comment: false the waiting record is written all the same; with status-context the status is pending', async () => {
    const run = await onFork('opened', { comment: 'false', 'status-context': 'docs' })

    expect(run.outputs.outcome).toBe('skipped')
    expect(comments()).toHaveLength(1)
    expect(sim.github.statuses(REPO, SHOWN).map((s) => [s.state, s.description])).toEqual([['pending', WAITING]])
  })

  test('under pull_request, where a fork gets no secrets, the empty api-key ends skipped instead of failing', async () => {
    const run = await runOn(sim, 'pull_request', forkEvent('opened'), { inputs: { 'api-key': '' } })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(annotations(run, 'notice')).toEqual([expect.stringContaining(WAITING)])
    expect(annotations(run, 'error')).toEqual([])
  })
})

describe("a maintainer's decision holds for the head it was made on", () => {
  test('a /docs after the head was shown runs the job; a later push waits for a maintainer again', async () => {
    await onFork('opened')
    const approved = await command('/docs document the new option')
    expect(approved.outputs.outcome).toBe('pr-opened')
    expect(sim.jobs.size).toBe(1)

    sim.github.pushToPull(REPO, FORK_PULL, PUSHED)
    const before = mark(sim)
    const pushed = await onFork('synchronize', {}, PUSHED)

    expect(pushed.outputs.outcome).toBe('skipped')
    expect(mintlifyCalls(sim, before)).toEqual([])
    expect(annotations(pushed, 'notice')).toEqual([expect.stringContaining(WAITING)])
  })

  test('an approval is refused when the head moved after the one shown: nothing sent, nothing recorded', async () => {
    await onFork('opened')
    const payload = commentPayload(sim, { body: '/docs document it', on: FORK_PULL, pullRequest: true })
    // New commits arrive between the maintainer's look and the run of their command.
    sim.github.pushToPull(REPO, FORK_PULL, PUSHED)
    const before = mark(sim)
    const run = await runOn(sim, 'issue_comment', payload)

    expect(run.outputs.outcome).toBe('denied')
    expect(mintlifyCalls(sim, before)).toEqual([])
    expect(comments().at(-1)).toContain(
      `The pull request changed after it was shown (now \`${PUSHED.slice(0, 7)}\`): look at the new commits, then repeat the command.`
    )
    expect(sim.jobs.size).toBe(0)
  })

  test('a command before any head was shown records the head, sends nothing, and asks to repeat it; the repeat runs', async () => {
    const early = await command('/docs document it', { 'status-context': 'docs' })

    expect(early.outputs.outcome).toBe('skipped')
    expect(sim.jobs.size).toBe(0)
    expect(comments().at(-1)).toMatch(/Nothing was sent\..*repeat the command/s)
    expect(sim.github.statuses(REPO, SHOWN).map((s) => s.state)).toEqual(['pending'])

    const repeated = await command('/docs document it')
    expect(repeated.outputs.outcome).toBe('pr-opened')
  })

  test('a /docs skip by a maintainer holds for the commit it was made on; a push then waits again', async () => {
    await onFork('opened', { 'status-context': 'docs' })
    const skipped = await command('/docs skip typo only', { 'status-context': 'docs' })
    expect(skipped.outputs.outcome).toBe('skipped')
    expect(sim.github.statuses(REPO, SHOWN).at(-1)?.description).toBe(`Docs skipped by @${COMMENTER} at ${SHOWN.slice(0, 7)}: typo only`)

    sim.github.pushToPull(REPO, FORK_PULL, PUSHED)
    const pushed = await onFork('synchronize', { 'status-context': 'docs' }, PUSHED)
    expect(pushed.outputs.outcome).toBe('skipped')
    expect(sim.github.statuses(REPO, PUSHED).map((s) => s.description)).toEqual([WAITING])
  })

  test("the fork's author cannot approve their own pull request", async () => {
    await onFork('opened')
    const run = await command('/docs do what I say', {}, 'stranger')

    expect(run.outputs.outcome).toBe('denied')
    expect(sim.jobs.size).toBe(0)
  })
})

describe('a skip on a pull request of the same repository', () => {
  const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'
  const NEXT = 'b1f2c3d4e5f60718293a4b5c6d7e8f9012345678'
  const sync = (): Record<string, unknown> => {
    const payload = pullRequestOpened() as unknown as Record<string, unknown> & { pull_request: Record<string, unknown> }
    Object.assign(payload, { action: 'synchronize', before: HEAD, after: NEXT })
    payload.pull_request.head = { ...(payload.pull_request.head as object), sha: NEXT }
    return payload
  }

  test('is honoured without status-context: the next push starts no job', async () => {
    await command('/docs skip internal refactor', {}, COMMENTER, PULL)
    const before = mark(sim)
    const run = await runOn(sim, 'pull_request_target', sync())

    expect(run.outputs.outcome).toBe('skipped')
    expect(mintlifyCalls(sim, before)).toEqual([])
    expect(annotations(run, 'notice')).toEqual([expect.stringContaining(`skipped by @${COMMENTER} at ${HEAD.slice(0, 7)}`)])
  })

  test('is cleared by a push that changes files matching paths, and holds through one that does not', async () => {
    const inputs = { paths: 'docs/**', 'status-context': 'docs' }
    await command('/docs skip nothing user-facing', inputs, COMMENTER, PULL)

    sim.github.setCompare(REPO, HEAD, NEXT, { files: ['tests/unit.test.ts'] })
    sim.github.pushToPull(REPO, PULL, NEXT)
    const held = await runOn(sim, 'pull_request_target', sync(), { inputs })
    expect(held.outputs.outcome).toBe('skipped')

    sim.github.setCompare(REPO, HEAD, NEXT, { files: ['docs/guide.md'] })
    // The pull request's own files hold what its new head changed.
    sim.github.setPullFiles(REPO, PULL, [...PULL_FILES, 'docs/guide.md'])
    const cleared = await runOn(sim, 'pull_request_target', sync(), { inputs })
    expect(cleared.outputs.outcome).toBe('pr-opened')
    expect(cleared.log).toContain('This push changes files that match paths, which clears the skip by @' + COMMENTER)
  })
})

describe('every operation a comment starts checks the commenter', () => {
  test("a read-only commenter's preview is denied before any request to the docs API", async () => {
    const run = await command('/preview', { operation: 'preview' }, 'reader', PULL)

    expect(run.outputs.outcome).toBe('denied')
    expect(sim.mintlifyRequests()).toEqual([])
    expect(comments(PULL).at(-1)).toContain('needs the `write` permission')
  })

  test("a writer's preview runs", async () => {
    const run = await command('/preview', { operation: 'preview', wait: 'false' }, COMMENTER, PULL)

    expect(run.outputs.outcome).toBe('started')
  })
})
