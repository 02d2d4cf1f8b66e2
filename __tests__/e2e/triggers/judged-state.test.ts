/**
 * The docs check judges the pull request, not one event (DESIGN "The docs check on code pull requests",
 * `judged`): what changed since the head last judged, counting the pull request's own files, or all of
 * them where nothing was judged, the base moved or the list may be cut. Each test is a way an outsider
 * (or a replaced run) used to turn the required `docs` status green on code nobody saw.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { commentPayload, COMMENTER, pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { type CodePullAt, codePullEvent, STRANGER_FORK } from './code-pull-event.js'
import { mark, mintlifyCalls, runOn, startHelloWorld } from './helpers.js'

const PULL = 4
const FORK_REPO = STRANGER_FORK
const H0 = 'a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0'
const H1 = 'b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1'
const H2 = 'c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2'
const INPUTS = { 'status-context': 'docs', paths: 'src/**' }
/** The base commit the events name (the examples' master). */
const BASE = String((pullRequestOpened().pull_request.base as { sha: string }).sha)
const NOTHING_DOCUMENTED = 'No documented files changed'
const WAITING = 'Waiting for a maintainer: /docs to document it, /docs skip if it needs none'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.github.setPermission(REPO, 'stranger', null)
})
afterEach(async () => {
  await sim.close()
})

/** Pull request #4, from a branch of Hello-World or from a stranger's fork, with its head at `head` and these files. */
function addPull(options: { fork: boolean; head: string; files: string[] }): void {
  sim.github.addIssue(REPO, {
    number: PULL,
    title: 'Add the invoices API',
    user: options.fork ? 'stranger' : COMMENTER,
    pullRequest: true,
    ...(options.fork ? { headRepo: FORK_REPO } : {}),
    headSha: options.head,
    commits: ['Add the invoices API'],
    files: options.files
  })
}

/** The pull request event of #4 with `action`, at `head` (a synchronize from `before`), its files counted as GitHub counts them. */
const pullEvent = (action: string, at: Omit<CodePullAt, 'number'>): Record<string, unknown> =>
  codePullEvent(action, { number: PULL, ...at })

const onPull = (payload: Record<string, unknown>): Promise<ActionRun> => runOn(sim, 'pull_request_target', payload, { inputs: INPUTS })

const command = (body: string): Promise<ActionRun> =>
  runOn(sim, 'issue_comment', commentPayload(sim, { body, on: PULL, pullRequest: true }), { inputs: INPUTS })

const descriptions = (sha: string): string[] => sim.github.statuses(REPO, sha).map((status) => status.description ?? '')

describe('a push is judged by what changed since the head last judged', () => {
  test("two quick pushes, the first run replaced: the second still sees the first push's src/ change", async () => {
    // H0: a README change; a maintainer's skip records H0 as judged.
    addPull({ fork: false, head: H0, files: ['README.md'] })
    expect((await command('/docs skip typo only')).outputs.outcome).toBe('skipped')
    // H1 adds src/api.ts (its run replaced by H2's, as GitHub keeps one pending run per group); H2 touches only the README.
    sim.github.pushToPull(REPO, PULL, H2)
    sim.github.setPullFiles(REPO, PULL, ['README.md', 'src/api.ts'])
    sim.github.setCompare(REPO, H1, H2, { commits: ['Reword the README'], files: ['README.md'] })
    sim.github.setCompare(REPO, H0, H2, { commits: ['Add the API', 'Reword the README'], files: ['README.md', 'src/api.ts'] })
    const before = mark(sim)

    const run = await onPull(pullEvent('synchronize', { head: H2, before: H1, files: 2 }))

    // Judged H0...H2, not the event's H1...H2: src/api.ts is there, which clears the skip and runs the job.
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.log).toContain('This push changes files that match paths, which clears the skip by @' + COMMENTER)
    expect(mintlifyCalls(sim, before)).toContain('POST /job')
    expect(descriptions(H2)).not.toContain(NOTHING_DOCUMENTED)
  })

  test('with nothing judged yet, a push is judged by every file of the pull request', async () => {
    addPull({ fork: false, head: H2, files: ['README.md', 'src/api.ts'] })
    sim.github.setCompare(REPO, H1, H2, { commits: ['Reword the README'], files: ['README.md'] })

    const run = await onPull(pullEvent('synchronize', { head: H2, before: H1, files: 2 }))

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(descriptions(H2)[0]).toMatch(/^The docs agent is working/)
  })

  test('300 padding files that sort before src/: the list may be cut, so it counts as a match', async () => {
    const padding = Array.from({ length: 300 }, (_, i) => `aaa/pad-${String(i).padStart(3, '0')}.txt`)
    addPull({ fork: false, head: H0, files: [...padding, 'src/api.ts'] })

    const run = await onPull(pullEvent('opened', { head: H0, files: 301 }))

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(descriptions(H0)).not.toContain(NOTHING_DOCUMENTED)
    // Its own files come from one compare of the event's base and head, which lists 300 at most: cut.
    const compares = sim
      .githubRequests()
      .filter((r) => r.path.includes('/compare/'))
      .map((r) => r.path.split('/compare/')[1])
    expect(compares).toEqual([`${BASE}...${H0}`])
  })

  test('a retargeted pull request is judged again against its new base; an edit on the same base judges nothing new', async () => {
    addPull({ fork: false, head: H0, files: ['src/api.ts'] })
    expect((await onPull(pullEvent('opened', { head: H0, files: 1 }))).outputs.outcome).toBe('pr-opened')

    const edited = await onPull(pullEvent('edited', { head: H0, files: 1 }))
    expect(edited.outputs.outcome).toBe('skipped')
    expect(annotations(edited, 'notice')).toEqual([expect.stringContaining(`Nothing changed since ${H0.slice(0, 7)} was judged`)])

    const retargeted = await onPull(pullEvent('edited', { head: H0, files: 1, base: 'release' }))
    expect(retargeted.outputs.outcome).toBe('pr-opened')
    expect(sim.jobs.size).toBe(2)
  })
})

describe("a fork's pull request", () => {
  test('a matched push, then an unmatched one: its carried waiting state shows the new head, and a maintainer decides on it', async () => {
    addPull({ fork: true, head: H0, files: ['src/api.ts'] })
    const first = await onPull(pullEvent('opened', { head: H0, fork: true, files: 1 }))
    expect(first.outputs.outcome).toBe('skipped')
    expect(descriptions(H0)).toEqual([WAITING])

    sim.github.pushToPull(REPO, PULL, H1)
    sim.github.setPullFiles(REPO, PULL, ['src/api.ts', 'tests/api.test.ts'])
    sim.github.setCompare(REPO, H0, H1, { commits: ['Test the API'], files: ['tests/api.test.ts'] })
    const second = await onPull(pullEvent('synchronize', { head: H1, before: H0, fork: true, files: 2 }))
    expect(second.outputs.outcome).toBe('skipped')
    expect(annotations(second, 'notice')).toEqual([expect.stringContaining('None of the changed files matches paths')])
    expect(descriptions(H1)).toEqual([WAITING])

    const approved = await command('/docs document the invoices API')
    expect(approved.outputs.outcome).toBe('pr-opened')
    expect(sim.jobs.size).toBe(1)
  })

  test("after a new push waited, a maintainer's /docs follows the recorded job up instead of opening another pull request", async () => {
    addPull({ fork: true, head: H0, files: ['src/api.ts'] })
    await onPull(pullEvent('opened', { head: H0, fork: true, files: 1 }))
    const first = await command('/docs document the invoices API')
    expect(first.outputs.outcome).toBe('pr-opened')
    const jobId = first.outputs['job-id'] ?? ''

    sim.github.pushToPull(REPO, PULL, H1)
    sim.github.setPullFiles(REPO, PULL, ['src/api.ts', 'src/refunds.ts'])
    sim.github.setCompare(REPO, H0, H1, { commits: ['Add refunds'], files: ['src/refunds.ts'] })
    const pushed = await onPull(pullEvent('synchronize', { head: H1, before: H0, fork: true, files: 2 }))
    expect(pushed.outputs.outcome).toBe('skipped')
    const before = mark(sim)

    const followUp = await command('/docs document refunds too')

    expect(mintlifyCalls(sim, before)[0]).toBe(`POST /job/${jobId}/message`)
    expect(sim.jobs.size).toBe(1)
    expect(followUp.outputs['job-id']).toBe(jobId)
    expect(followUp.log).toContain(`(job ${jobId}): the command becomes a follow-up message to that job.`)
    // The docs check stays the code pull request's: its head is the one worked on.
    expect(descriptions(H1).at(-1)).toMatch(/^Documented in /)
  })

  test('a record buried under 1,000 newer comments, past the first page, is unknown, never "none": the run waits for a maintainer', async () => {
    addPull({ fork: true, head: H0, files: ['src/api.ts'] })
    // 150 comments first, so the record lands on the second page, which is neither the first nor among the newest 1,000.
    for (let i = 0; i < 150; i++) sim.github.addComment(REPO, PULL, { user: 'stranger', body: `early ${i + 1}` })
    expect((await onPull(pullEvent('opened', { head: H0, fork: true, files: 1, comments: 150 }))).outputs.outcome).toBe('skipped')
    for (let i = 0; i < 1000; i++) sim.github.addComment(REPO, PULL, { user: 'stranger', body: `bump ${i + 1}` })
    sim.github.pushToPull(REPO, PULL, H1)
    sim.github.setPullFiles(REPO, PULL, ['src/api.ts', 'README.md'])
    sim.github.setCompare(REPO, H0, H1, { commits: ['Reword the README'], files: ['README.md'] })
    const before = mark(sim)

    // GitHub's payload counts the comments: 1,151.
    const run = await onPull(pullEvent('synchronize', { head: H1, before: H0, fork: true, files: 2, comments: 1151 }))

    expect(run.outputs.outcome).toBe('skipped')
    expect(mintlifyCalls(sim, before)).toEqual([])
    expect(descriptions(H1)).toEqual([WAITING])
    expect(annotations(run, 'notice')).toEqual(
      expect.arrayContaining([
        expect.stringContaining('only the newest 1,000 were read'),
        expect.stringContaining('Waiting for a maintainer')
      ])
    )
  })
})
