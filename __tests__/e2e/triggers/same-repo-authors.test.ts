/**
 * Who opened a pull request of this repository, end to end on dist/index.js (issue 36, items 1 and 5).
 * GitHub lets a reader of a private or internal repository, and a member of a public one's organisation,
 * open a pull request between two of its branches; bots open them too. Each run is the docs-check recipe's
 * two jobs: the gate (`operation: gate`, no key), then, where its `steer` says true, the job with
 * `status-context`. The attacks: a reader's pull request that started agent jobs with no permission read, a
 * retarget that started one more each time, a bot's that passed without `allowed-bots`, and an outsider's
 * title edit that joined the docs job's `concurrency` group.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { commentPayload, pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'
import { defined } from '../../expect-helpers.js'
import { annotations } from '../harness.js'
import { githubCalls, mark, type Mark, mintlifyCalls, runOn, startHelloWorld } from './helpers.js'

const PULL = 4
const HEAD = 'd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3'
const WAITING = 'Waiting for a maintainer: /docs to document it, /docs skip if it needs none'
const CHECK = { 'status-context': 'docs' }

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.github.setPermission(REPO, 'reader', 'read')
  sim.github.setPermission(REPO, 'writer', 'write')
})
afterEach(async () => {
  await sim.close()
})

/** Pull request #4 of this repository, from `develop` into `main`, by `author` (a bot when it ends in [bot]). */
function openPull(author: string): void {
  sim.github.addIssue(REPO, {
    number: PULL,
    title: 'Rework the rate limits',
    user: author,
    pullRequest: true,
    headRef: 'develop',
    headSha: HEAD,
    commits: ['Rework the rate limits'],
    files: ['src/limits.ts']
  })
}

/** Its pull_request_target event with `action` (`changes` as an edit names them), or a fork's when `fork`. */
function pullEvent(action: string, author: string, options: { changes?: object; fork?: boolean } = {}): Record<string, unknown> {
  const payload = pullRequestOpened() as unknown as Record<string, unknown> & { pull_request: Record<string, unknown> }
  Object.assign(payload, { action, number: PULL, ...(options.changes ? { changes: options.changes } : {}) })
  const pull = payload.pull_request
  const head = pull.head as { repo: Record<string, unknown> }
  const repo = options.fork ? { ...head.repo, full_name: 'stranger/Hello-World', fork: true } : head.repo
  Object.assign(pull, {
    number: PULL,
    html_url: `https://github.com/${REPO}/pull/${PULL}`,
    head: { ...head, ref: 'develop', sha: HEAD, repo },
    user: { login: author, type: author.endsWith('[bot]') ? 'Bot' : 'User' }
  })
  return payload
}

const TITLE_EDIT = { title: { from: 'Rework limits' } }
const RETARGET = { base: { ref: { from: 'release' }, sha: { from: 'c0ffee0000000000000000000000000000000000' } } }

/** One event through the recipe's two jobs: the gate, then the job where the gate said true. */
async function recipe(
  payload: unknown,
  inputs: Record<string, string> = {}
): Promise<{ gate: ActionRun; job: ActionRun | null; since: Mark }> {
  const since = mark(sim)
  const gate = await runOn(sim, 'pull_request_target', payload, { inputs: { operation: 'gate', 'api-key': '', ...inputs } })
  const job = gate.outputs.steer === 'true' ? await runOn(sim, 'pull_request_target', payload, { inputs: { ...CHECK, ...inputs } }) : null
  return { gate, job, since }
}

const permissionReads = (since: Mark): string[] => githubCalls(sim, since).filter((call) => call.includes('/permission'))
const statuses = (): (string | null)[][] => sim.github.statuses(REPO, HEAD).map((s) => [s.state, s.description])

describe('a pull request of this repository by a reader waits for a maintainer', () => {
  test('opened from develop to main: the gate lets its run go on, which waits; no agent job; one permission read per run', async () => {
    openPull('reader')
    const { gate, job, since } = await recipe(pullEvent('opened', 'reader'))

    expect(gate.outputs.steer).toBe('true')
    expect(job?.outputs.outcome).toBe('skipped')
    expect(annotations(defined(job, 'the docs job'), 'notice')).toEqual([expect.stringContaining(WAITING)])
    expect(statuses()).toEqual([['pending', WAITING]])
    expect(mintlifyCalls(sim, since)).toEqual([])
    expect(sim.jobs.size).toBe(0)
    // The gate job and the docs job: each reads the author's permission once, and nothing else about them.
    expect(permissionReads(since)).toEqual(['GET /collaborators/reader/permission', 'GET /collaborators/reader/permission'])
    expect(sim.github.comments(REPO, PULL).map((c) => c.body)).toEqual([expect.stringContaining(`at \`${HEAD.slice(0, 7)}\``)])
  })

  test('each retarget of the base runs and waits, starting no job; a title edit does not even join the group', async () => {
    openPull('reader')
    await recipe(pullEvent('opened', 'reader'))
    for (let i = 0; i < 3; i++) {
      const { gate, job } = await recipe(pullEvent('edited', 'reader', { changes: RETARGET }))
      expect(gate.outputs.steer).toBe('true')
      expect(job?.outputs.outcome).toBe('skipped')
    }
    const titled = await recipe(pullEvent('edited', 'reader', { changes: TITLE_EDIT }))

    expect(titled.gate.outputs.steer).toBe('false')
    expect(titled.job).toBeNull()
    expect(annotations(titled.gate, 'notice')).toEqual([expect.stringContaining('gives its run nothing new to do')])
    expect(mintlifyCalls(sim)).toEqual([])
    expect(sim.jobs.size).toBe(0)
  })

  test("a maintainer's /docs on the head shown runs the job; one that came before it was shown is to be repeated", async () => {
    openPull('reader')
    const early = await runOn(sim, 'issue_comment', commentPayload(sim, { body: '/docs document it', on: PULL, pullRequest: true }), {
      inputs: CHECK
    })
    expect(early.outputs.outcome).toBe('skipped')
    expect(sim.jobs.size).toBe(0)
    expect(sim.github.comments(REPO, PULL).map((c) => c.body)).toContainEqual(expect.stringContaining('then repeat the command'))

    const approved = await runOn(sim, 'issue_comment', commentPayload(sim, { body: '/docs document it', on: PULL, pullRequest: true }), {
      inputs: CHECK
    })
    expect(approved.outputs.outcome).toBe('pr-opened')
    expect(sim.jobs.size).toBe(1)
  })

  test('a writer of this repository still steers their pull request: the job runs after one permission read', async () => {
    openPull('writer')
    const { gate, job, since } = await recipe(pullEvent('opened', 'writer'))

    expect(gate.outputs.steer).toBe('true')
    expect(job?.outputs.outcome).toBe('pr-opened')
    expect(sim.jobs.size).toBe(1)
    expect(permissionReads(since)).toEqual(['GET /collaborators/writer/permission', 'GET /collaborators/writer/permission'])
  })
})

describe("a bot's pull request of this repository", () => {
  test('waits for a maintainer unless allowed-bots lists it, with no permission read either way', async () => {
    openPull('dependabot[bot]')
    const unlisted = await recipe(pullEvent('opened', 'dependabot[bot]'))
    expect(unlisted.gate.outputs.steer).toBe('true')
    expect(unlisted.job?.outputs.outcome).toBe('skipped')
    expect(annotations(defined(unlisted.job, 'the docs job'), 'notice')).toEqual([expect.stringContaining(WAITING)])
    expect(sim.jobs.size).toBe(0)

    const listed = await recipe(pullEvent('synchronize', 'dependabot[bot]'), { 'allowed-bots': 'dependabot[bot]' })
    expect(listed.job?.outputs.outcome).toBe('pr-opened')
    expect(sim.jobs.size).toBe(1)
    expect(permissionReads(unlisted.since)).toEqual([])
  })
})

describe("Dependabot's pull request under pull_request, whose run GitHub gives no secrets", () => {
  test('ends skipped, waiting for a maintainer, instead of failing on the empty api-key; listed, it fails as any run without a key', async () => {
    openPull('dependabot[bot]')
    const unlisted = await runOn(sim, 'pull_request', pullEvent('opened', 'dependabot[bot]'), { inputs: { 'api-key': '' } })
    expect(unlisted.exitCode).toBe(0)
    expect(unlisted.outputs.outcome).toBe('skipped')
    expect(annotations(unlisted, 'notice')).toEqual([expect.stringContaining(WAITING)])
    expect(annotations(unlisted, 'error')).toEqual([])

    const listed = await runOn(sim, 'pull_request', pullEvent('opened', 'dependabot[bot]'), {
      inputs: { 'api-key': '', 'allowed-bots': 'dependabot[bot]' }
    })
    expect(listed.exitCode).toBe(1)
    expect(annotations(listed, 'error')).toEqual([expect.stringContaining('api-key')])
    expect(sim.githubRequests()).toEqual([])
  })
})

describe("a fork's own events join the group only where their run has something new to do", () => {
  test.each([
    ['a title edit', 'edited', TITLE_EDIT, 'false'],
    ['a body edit', 'edited', { body: { from: 'Old words' } }, 'false'],
    ['ready for review', 'ready_for_review', undefined, 'false'],
    ['a retarget', 'edited', RETARGET, 'true'],
    ['a push', 'synchronize', undefined, 'true'],
    ['a reopening', 'reopened', undefined, 'true']
  ])('%s (%s, changes %j): steer %s, with no read', async (_, action, changes, steer) => {
    const since = mark(sim)
    const gate = await runOn(sim, 'pull_request_target', pullEvent(action, 'stranger', { fork: true, ...(changes ? { changes } : {}) }), {
      inputs: { operation: 'gate', 'api-key': '' }
    })

    expect(gate.outputs).toMatchObject({ outcome: 'skipped', steer })
    expect(githubCalls(sim, since)).toEqual([])
  })
})
