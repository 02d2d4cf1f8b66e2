/**
 * What a pull request changed, as the docs check judges it against `paths` (DESIGN "The docs check on code
 * pull requests"): a renamed file is a change of both its names, in the pull request's own files and in the
 * compare since the judged head; and the pull request's own files are those of the head the event names
 * (the compare of its base and head commits), never the live list, which can already show a later push;
 * and a change judged as matching clears a skip whichever pull-request event judged it.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { commentPayload, COMMENTER, pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'
import { type CodePullAt, codePullEvent, STRANGER_FORK } from './code-pull-event.js'
import { mintlifyCalls, runOn, startHelloWorld } from './helpers.js'

const PULL = 5
const FORK_REPO = STRANGER_FORK
const H0 = 'd0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0'
const H1 = 'e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1e1'
const H2 = 'f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2'
const INPUTS = { 'status-context': 'docs', paths: 'src/**' }
const NOTHING_DOCUMENTED = 'No documented files changed'
const WAITING = 'Waiting for a maintainer: /docs to document it, /docs skip if it needs none'
const RENAME = { filename: 'lib/api.ts', status: 'renamed' as const, previousFilename: 'src/api.ts' }

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.github.setPermission(REPO, 'stranger', null)
})
afterEach(async () => {
  await sim.close()
})

/** Pull request #5 at `head`, from a branch of Hello-World or from a stranger's fork. */
function addPull(fork: boolean, head: string): void {
  sim.github.addIssue(REPO, {
    number: PULL,
    title: 'Move the API',
    user: fork ? 'stranger' : COMMENTER,
    pullRequest: true,
    ...(fork ? { headRepo: FORK_REPO } : {}),
    headSha: head,
    commits: ['Move the API']
  })
}

/** The event of #5 with `action` at `head` (a synchronize from `before`), its `files` counted. */
const pullEvent = (action: string, at: Omit<CodePullAt, 'number'>): Record<string, unknown> =>
  codePullEvent(action, { number: PULL, ...at })

const onPull = (payload: Record<string, unknown>): Promise<ActionRun> => runOn(sim, 'pull_request_target', payload, { inputs: INPUTS })
const descriptions = (sha: string): string[] => sim.github.statuses(REPO, sha).map((status) => status.description ?? '')

describe('a renamed file is a change of both its names', () => {
  test("a fork's pull request that moves src/api.ts to lib/api.ts waits for a maintainer, never gets a green check", async () => {
    addPull(true, H0)
    sim.github.setPullFiles(REPO, PULL, [RENAME])

    const run = await onPull(pullEvent('opened', { head: H0, fork: true, files: 1 }))

    expect(run.outputs.outcome).toBe('skipped')
    expect(descriptions(H0)).toEqual([WAITING])
    expect(descriptions(H0)).not.toContain(NOTHING_DOCUMENTED)
    expect(mintlifyCalls(sim)).toEqual([])
  })

  test('a push whose compare since the judged head moves a documented file is judged as matching', async () => {
    addPull(false, H0)
    sim.github.setPullFiles(REPO, PULL, ['README.md'])
    expect((await onPull(pullEvent('opened', { head: H0, fork: false, files: 1 }))).outputs.outcome).toBe('skipped')
    expect(descriptions(H0)).toEqual([NOTHING_DOCUMENTED])

    sim.github.pushToPull(REPO, PULL, H1)
    sim.github.setPullFiles(REPO, PULL, ['README.md', RENAME])
    sim.github.setCompare(REPO, H0, H1, { commits: ['Move the API'], files: [RENAME] })
    const moved = await onPull(pullEvent('synchronize', { head: H1, before: H0, fork: false, files: 2 }))

    expect(moved.outputs.outcome).toBe('pr-opened')
    expect(descriptions(H1)).not.toContain(NOTHING_DOCUMENTED)
  })
})

describe("the pull request's own files are those of the event's head", () => {
  test('two quick pushes: the live list already shows the second, the run for the first still judges the first', async () => {
    // H1 changes src/api.ts; H2, pushed before H1's run reads anything, takes it back and rewords the README.
    addPull(false, H1)
    sim.github.setPullFiles(REPO, PULL, ['src/api.ts'])
    sim.github.pushToPull(REPO, PULL, H2)
    sim.github.setPullFiles(REPO, PULL, ['README.md'])
    const base = String((pullRequestOpened().pull_request.base as { sha: string }).sha)

    const first = await onPull(pullEvent('synchronize', { head: H1, before: H0, fork: false, files: 1 }))

    expect(first.outputs.outcome).toBe('pr-opened')
    expect(descriptions(H1)).not.toContain(NOTHING_DOCUMENTED)
    const reads = sim.githubRequests().filter((r) => r.path.includes('/compare/') || r.path.endsWith('/files'))
    expect(reads.filter((r) => r.path.includes('/compare/')).map((r) => r.path.split('/compare/')[1])).toEqual([`${base}...${H1}`])
  })
})

describe('a skip ends on any pull-request event that judges the change as matching', () => {
  test("the push's run replaced or cancelled: the next title edit judges the push and clears the skip", async () => {
    addPull(false, H0)
    sim.github.setPullFiles(REPO, PULL, ['README.md'])
    const skip = commentPayload(sim, { body: '/docs skip wording only', on: PULL, pullRequest: true })
    expect((await runOn(sim, 'issue_comment', skip, { inputs: INPUTS })).outputs.outcome).toBe('skipped')
    expect(descriptions(H0).at(-1)).toMatch(/^Docs skipped by @/)

    // A push to H1 changes src/api.ts; its synchronize run was replaced by a newer one in the group, then cancelled.
    sim.github.pushToPull(REPO, PULL, H1)
    sim.github.setPullFiles(REPO, PULL, ['README.md', 'src/api.ts'])
    sim.github.setCompare(REPO, H0, H1, { commits: ['Add the API'], files: ['src/api.ts'] })
    const run = await onPull(pullEvent('edited', { head: H1, fork: false, files: 2, changes: { title: { from: 'Move the API' } } }))

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.log).toContain('The changes since the head last judged change files that match paths, which clears the skip by @')
    expect(descriptions(H1)).not.toContainEqual(expect.stringMatching(/^Docs skipped/))
    expect(descriptions(H1).at(-1)).toMatch(/^Documented in /)
  })
})

describe('each status context keeps its own state', () => {
  test("two docs-check workflows on one pull request never carry each other's state", async () => {
    addPull(false, H0)
    sim.github.setPullFiles(REPO, PULL, ['README.md'])
    const opened = pullEvent('opened', { head: H0, fork: false, files: 1 })
    const workflow = (name: string, inputs: Record<string, string>): Promise<ActionRun> =>
      runOn(sim, 'pull_request_target', opened, { inputs, env: { GITHUB_WORKFLOW: name, GITHUB_JOB: 'docs' } })

    // The guides' check documents the README change, and its job fails.
    sim.scriptNextJob({ outcome: 'failed', afterPolls: 1 })
    const guides = await workflow('Guides', { 'status-context': 'guides', paths: 'README.md' })
    expect(guides.outputs.outcome).toBe('failed')
    // The API reference's check finds nothing it documents: its own state, not the guides' failure.
    const reference = await workflow('API reference', { 'status-context': 'api-reference', paths: 'src/**' })

    expect(reference.outputs.outcome).toBe('skipped')
    const byContext = (context: string): string[] =>
      sim.github
        .statuses(REPO, H0)
        .filter((status) => status.context === context)
        .map((status) => `${status.state}: ${status.description ?? ''}`)
    expect(byContext('api-reference')).toEqual([`success: ${NOTHING_DOCUMENTED}`])
    expect(byContext('guides').at(-1)).toMatch(/^failure: /)

    // And the guides' check, run again on an edit, still carries its own failure.
    const edited = pullEvent('edited', { head: H0, fork: false, files: 1, changes: { title: { from: 'Move the API' } } })
    await runOn(sim, 'pull_request_target', edited, {
      inputs: { 'status-context': 'guides', paths: 'README.md' },
      env: { GITHUB_WORKFLOW: 'Guides', GITHUB_JOB: 'docs' }
    })
    expect(byContext('guides').at(-1)).toMatch(/^failure: /)
    expect(byContext('api-reference')).toEqual([`success: ${NOTHING_DOCUMENTED}`])
  })
})
