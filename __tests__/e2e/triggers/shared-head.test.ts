/**
 * A commit status belongs to the commit, not to a pull request (DESIGN "The docs check on code pull
 * requests"): anyone can open a pull request from a fork whose head is another pull request's head. Before a
 * run about an outsider's pull request writes its docs status, or a maintainer's command on it does, it asks
 * which open pull requests have that head; where another one does, it writes none, says so, and ends skipped.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { commentPayload, COMMENTER, PULL, PULL_HEAD_SHA, pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { mintlifyCalls, ownComments, runOn, startHelloWorld } from './helpers.js'
import { fakeSha } from '../../../simulator/github/state.js'

/** The fork's pull request, opened at the head of pull request #2 (this repository's). */
const FORK_PULL = 3
const FORK_REPO = 'stranger/Hello-World'
const SHARED = `${PULL_HEAD_SHA.slice(0, 7)} is also the head of #${PULL}: its docs check stands.`
/** Pull request #2's docs check, red: its change is not documented yet. */
const RED = { state: 'failure', context: 'docs', description: 'The docs agent job job_0001 failed.' } as const

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.github.addIssue(REPO, {
    number: FORK_PULL,
    title: 'Same commits as #2',
    user: 'stranger',
    pullRequest: true,
    headRepo: FORK_REPO,
    headSha: PULL_HEAD_SHA,
    files: ['README.md']
  })
  sim.github.setPermission(REPO, 'stranger', null)
  sim.github.addStatus(REPO, PULL_HEAD_SHA, { ...RED, creator: sim.github.identity })
})
afterEach(async () => {
  await sim.close()
})

/** The fork's pull request event, at #2's head. */
function forkEvent(action: string): Record<string, unknown> & { pull_request: Record<string, unknown> } {
  const payload = pullRequestOpened() as unknown as Record<string, unknown> & { pull_request: Record<string, unknown> }
  payload.action = action
  payload.number = FORK_PULL
  const pull = payload.pull_request
  pull.number = FORK_PULL
  pull.html_url = `https://github.com/${REPO}/pull/${FORK_PULL}`
  const headPart = pull.head as Record<string, unknown>
  pull.head = { ...headPart, sha: PULL_HEAD_SHA, repo: { ...(headPart.repo as object), full_name: FORK_REPO, fork: true } }
  pull.user = { ...(pull.user as object), login: 'stranger', type: 'User' }
  return payload
}

const DOCS_CHECK = { 'status-context': 'docs' }
const onFork = (inputs: Record<string, string> = {}): Promise<ActionRun> =>
  runOn(sim, 'pull_request_target', forkEvent('opened'), { inputs: { ...DOCS_CHECK, ...inputs } })
const command = (body: string, on = FORK_PULL): Promise<ActionRun> =>
  runOn(sim, 'issue_comment', commentPayload(sim, { body, on, pullRequest: true, login: COMMENTER }), { inputs: DOCS_CHECK })

/** The docs statuses on #2's head: the red one it had, and whatever runs wrote after it. */
const docsStatuses = (): string[] => sim.github.statuses(REPO, PULL_HEAD_SHA).map((status) => `${status.state}: ${status.description}`)
const RED_ONLY = [`${RED.state}: ${RED.description}`]

describe("a fork's pull request at another pull request's head", () => {
  test('opened, it writes no "waiting for a maintainer" on that head: the other pull request can still merge as before', async () => {
    const run = await onFork()

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(docsStatuses()).toEqual(RED_ONLY)
    expect(annotations(run, 'notice')).toEqual([SHARED])
    expect(ownComments(sim, FORK_PULL).map((comment) => comment.body)).toEqual([expect.stringContaining(SHARED)])
    expect(mintlifyCalls(sim)).toEqual([])
  })

  test('with nothing documented changed (a stacked base just behind the head), it does not turn the red check green', async () => {
    const event = forkEvent('opened')
    const base = event.pull_request.base as Record<string, unknown>
    sim.github.setCompare(REPO, String(base.sha), PULL_HEAD_SHA, { files: ['README.md'] })

    const run = await runOn(sim, 'pull_request_target', event, { inputs: { ...DOCS_CHECK, paths: 'src/**' } })

    expect(run.outputs.outcome).toBe('skipped')
    expect(docsStatuses()).toEqual(RED_ONLY)
    expect(ownComments(sim, FORK_PULL).at(-1)?.body).toContain(SHARED)
  })

  test("a maintainer's /docs skip on it writes no success on that head, and the reply says why", async () => {
    await onFork()
    const run = await command('/docs skip typo only')

    expect(run.outputs.outcome).toBe('skipped')
    expect(docsStatuses()).toEqual(RED_ONLY)
    expect(ownComments(sim, FORK_PULL).at(-1)?.body).toContain(SHARED)
    expect(mintlifyCalls(sim)).toEqual([])
  })

  test("the other pull request's own maintainer still skips its docs there", async () => {
    const run = await command('/docs skip typo only', PULL)

    expect(run.outputs.outcome).toBe('skipped')
    expect(docsStatuses().at(-1)).toBe(`success: Docs skipped by @${COMMENTER} at ${PULL_HEAD_SHA.slice(0, 7)}: typo only`)
  })
})

describe("a fork's pull request at a head of its own", () => {
  test('waits for a maintainer as before, after the one look-up', async () => {
    const OWN = 'f0e1d2c3b4a5968778695a4b3c2d1e0f98765432'
    sim.github.pushToPull(REPO, FORK_PULL, OWN)
    const event = forkEvent('opened')
    event.pull_request.head = { ...(event.pull_request.head as object), sha: OWN }

    const run = await runOn(sim, 'pull_request_target', event, { inputs: DOCS_CHECK })

    expect(run.outputs.outcome).toBe('skipped')
    expect(sim.github.statuses(REPO, OWN).map((status) => status.state)).toEqual(['pending'])
    expect(sim.githubRequests().filter((request) => request.path.endsWith(`/commits/${OWN}/pulls`))).toHaveLength(1)
  })
})

describe('who else has the head, read whole (the sixth review)', () => {
  test("a fork's pull request opened at the default branch's head writes no status there: the branch's head is a commit too", async () => {
    const MAIN = fakeSha(`${REPO}/main`)
    sim.github.pushToPull(REPO, FORK_PULL, MAIN)
    const event = forkEvent('opened')
    event.pull_request.head = { ...(event.pull_request.head as object), sha: MAIN }

    const run = await runOn(sim, 'pull_request_target', event, { inputs: DOCS_CHECK })

    expect(run.outputs.outcome).toBe('skipped')
    expect(sim.github.statuses(REPO, MAIN)).toEqual([])
    expect(annotations(run, 'notice')).toEqual([
      `${MAIN.slice(0, 7)} is also the head of branch \`main\`: a status on it would be that branch's too.`
    ])
  })

  test('a list of pull requests on the commit cut short is not "no other": 1,000 of an outsider\'s first, #2 after them', async () => {
    const decoys = Array.from({ length: 1_000 }, (_, i) => 100 + i)
    for (const number of decoys) {
      sim.github.addIssue(REPO, {
        number,
        title: `Decoy ${number}`,
        user: 'stranger',
        pullRequest: true,
        headRepo: FORK_REPO,
        headSha: fakeSha(`decoy-${number}`),
        commits: [PULL_HEAD_SHA]
      })
    }
    sim.github.linkCommit(REPO, PULL_HEAD_SHA, decoys)

    const run = await onFork()

    expect(run.outputs.outcome).toBe('skipped')
    expect(docsStatuses()).toEqual(RED_ONLY)
    expect(annotations(run, 'notice')).toEqual([expect.stringContaining('could not be read whole')])
  })
})

describe("a head only outsiders' pull requests share (the sixth review's note)", () => {
  /** A head of the fork's own, which another outsider's fork then opened pull request #4 at. */
  const HEAD = 'a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0'
  const OTHER_FORK_PULL = 4

  test("a maintainer's /docs there is told which pull requests to close; once they are, /docs runs the docs check", async () => {
    sim.github.pushToPull(REPO, FORK_PULL, HEAD)
    sim.github.addIssue(REPO, {
      number: OTHER_FORK_PULL,
      title: 'Same commit, another fork',
      user: 'someone-else',
      pullRequest: true,
      headRepo: 'someone-else/Hello-World',
      headSha: HEAD,
      files: ['README.md']
    })
    const event = forkEvent('opened')
    event.pull_request.head = { ...(event.pull_request.head as object), sha: HEAD }
    await runOn(sim, 'pull_request_target', event, { inputs: DOCS_CHECK })

    const run = await command('/docs Document this change')

    expect(run.outputs.outcome).toBe('skipped')
    const advice = `Only outsiders share it: close #${OTHER_FORK_PULL} (a fork's pull request at the same head), then /docs again here.`
    expect(annotations(run, 'notice')).toEqual([
      `${HEAD.slice(0, 7)} is also the head of #${OTHER_FORK_PULL}: its docs check stands. ${advice}`
    ])
    expect(ownComments(sim, FORK_PULL).at(-1)?.body).toContain(advice)
    expect(sim.github.statuses(REPO, HEAD)).toEqual([])
    expect(mintlifyCalls(sim)).toEqual([])

    sim.github.closePull(REPO, OTHER_FORK_PULL)
    const again = await command('/docs Document this change')

    expect(again.outputs.outcome).toBe('pr-opened')
    expect(mintlifyCalls(sim)[0]).toBe('POST /job')
  })

  test("where the head is also a pull request of the repository's own, the reply names nothing to close", async () => {
    sim.github.addIssue(REPO, {
      number: OTHER_FORK_PULL,
      title: 'Same commits as #2, another fork',
      user: 'someone-else',
      pullRequest: true,
      headRepo: 'someone-else/Hello-World',
      headSha: PULL_HEAD_SHA
    })
    await onFork()

    const run = await command('/docs Document this change')

    expect(run.outputs.outcome).toBe('skipped')
    expect(ownComments(sim, FORK_PULL).at(-1)?.body).not.toContain('close #')
  })
})
