/**
 * A named status counts only where no other pull request has that head (issue 50, finding 5; DESIGN "Which
 * checks count"): the live look-up `commits/{sha}/pulls` shows open and merged pull requests only, so the run
 * also asks GitHub's issue search `repo:<r> is:pr <sha>` once for closed ones. Any other pull request found,
 * a search GitHub answers only in part, or one that fails makes the statuses unknown: no round for them.
 * dist/index.js against the simulator, woken by real `status` payloads.
 */
import { afterEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { only } from '../../expect-helpers.js'
import { FORK_REPO, REPO, statusPayload } from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { AGENT_PULL, HEAD_1, messages, startWithAgentPull, stickies, wake } from './fix-checks-helpers.js'

let sim: Simulator
afterEach(async () => {
  await sim.close()
})

/** A context the repository names in fix-checks-statuses: a preview App that also answers forks' pull requests. */
const NAMED = 'ci/preview'
const FORK_PULL = 300
const SHORT = HEAD_1.slice(0, 7)
const IGNORED = 'the statuses fix-checks-statuses names count for nothing in this run.'

/** The agent's pull request at HEAD_1, whose head the named context failed on. */
async function namedStatusFails(): Promise<void> {
  sim = await startWithAgentPull()
  sim.github.addStatus(REPO, HEAD_1, { state: 'failure', context: NAMED, description: 'Preview build failed', creator: 'preview-app[bot]' })
}

/** A fork's pull request #300 opened at the agent's head, which the fork's author then closed without merging. */
function closedForkPullOnHead(): void {
  sim.github.addIssue(REPO, {
    number: FORK_PULL,
    title: 'Typo fix',
    user: 'outsider',
    pullRequest: true,
    headSha: HEAD_1,
    headRef: 'patch-1',
    headRepo: FORK_REPO
  })
  sim.github.closePull(REPO, FORK_PULL)
}

const statusEvent = (): Promise<ActionRun> =>
  wake(sim, 'status', statusPayload({ sha: HEAD_1, context: NAMED }), { 'fix-checks-statuses': NAMED })

/** The issue searches the run made, as their `q`. */
const searches = (): string[] =>
  sim
    .githubRequests()
    .filter((request) => request.path === '/api/v3/search/issues')
    .map((request) => request.query.q ?? '')

function expectNoRound(run: ActionRun): void {
  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('skipped')
  expect(run.log).toContain(`No check failed at ${SHORT}.`)
  expect(messages(sim)).toEqual([])
  expect(stickies(sim)).toEqual([])
}

describe('the issue search for closed pull requests that have the agent’s head', () => {
  test("a fork's pull request closed at the agent's head, which the commit's list no longer shows: its named status starts no round", async () => {
    await namedStatusFails()
    closedForkPullOnHead()

    const run = await statusEvent()

    expectNoRound(run)
    expect(searches()).toEqual([`repo:${REPO} is:pr ${HEAD_1}`])
    expect(annotations(run, 'notice')).toEqual([
      `#${FORK_PULL} contains ${SHORT} too (the issue search found it), and its CI may have written the same statuses: ${IGNORED} Left out: ${NAMED}.`
    ])
  })

  test('a search GitHub answers only in part (incomplete_results): no round', async () => {
    await namedStatusFails()
    sim.github.searchOptions.incompleteResults = true

    const run = await statusEvent()

    expectNoRound(run)
    expect(annotations(run, 'notice')).toEqual([
      `GitHub's issue search for pull requests that contain ${SHORT} answered only in part: ${IGNORED} Left out: ${NAMED}.`
    ])
  })

  test('a search GitHub refuses: one warning, no round', async () => {
    await namedStatusFails()
    sim.route('GET', /^\/api\/v3\/search\/issues$/, () => ({
      status: 422,
      json: { message: 'Validation Failed', errors: [{ message: 'The search is longer than 256 characters.' }], status: '422' }
    }))

    const run = await statusEvent()

    expectNoRound(run)
    const [warning, ...more] = annotations(run, 'warning')
    expect(more).toEqual([])
    expect(warning).toMatch(new RegExp(`^Could not search the pull requests of ${REPO} that contain ${SHORT}: HTTP 422`))
    expect(warning).toContain(`The statuses fix-checks-statuses names count for nothing in this run.`)
  })

  test('the search finds the agent’s own pull request alone: the named status is answered, with one search', async () => {
    await namedStatusFails()

    const run = await statusEvent()

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(only(messages(sim), 'message')).toContain(`Check: ${NAMED}`)
    expect(searches()).toEqual([`repo:${REPO} is:pr ${HEAD_1}`])
    expect(annotations(run, 'notice')).toEqual([])
    expect(stickies(sim)).toHaveLength(1)
    expect(sim.github.comments(REPO, AGENT_PULL).length).toBeGreaterThan(0)
  })

  test('a run that names no status makes no search', async () => {
    await namedStatusFails()
    closedForkPullOnHead()

    await wake(sim, 'status', statusPayload({ sha: HEAD_1, context: NAMED }))

    expect(searches()).toEqual([])
  })
})
