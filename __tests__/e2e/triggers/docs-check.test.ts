/**
 * The docs check on code pull requests end to end (DESIGN, "The docs check on code pull requests"): the
 * commit status through a job, carried over when nothing documented changed, `/docs skip` and its
 * clearing, reviewers of the agent's pull request, the closing notes, a fork waiting for a maintainer, a
 * dry run, a token that may not write statuses, and what a run costs on GitHub.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import {
  commentPayload,
  COMMENTER,
  PULL,
  PULL_COMMITS,
  PULL_FILES,
  PULL_HEAD_SHA,
  pullRequestOpened,
  REPO,
  REPO_URL
} from '../../fixtures/webhook-payloads.js'
import { type Simulator, startSimulator } from '../../../simulator/index.js'
import { defined, only } from '../../expect-helpers.js'
import { annotations } from '../harness.js'
import { githubCalls, mark, mintlifyCalls, runOn, startHelloWorld } from './helpers.js'

const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'
const NEXT_HEAD = 'b1f2c3d4e5f60718293a4b5c6d7e8f9012345678'
const RUN_URL = `${REPO_URL}/actions/runs/4242`
const CHECK = { 'status-context': 'docs' }
/** The base commit of the pull_request example. */
const BASE_SHA = String((pullRequestOpened().pull_request.base as { sha: string }).sha)

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** The pull request event of #2 with `action`; a synchronize moves its head to NEXT_HEAD. */
function pullEvent(action: 'opened' | 'synchronize' | 'reopened' | 'closed', changes: { merged?: boolean; fork?: boolean } = {}) {
  const payload = pullRequestOpened() as unknown as Record<string, unknown> & { pull_request: Record<string, unknown> }
  payload.action = action
  const pull = payload.pull_request
  if (action === 'synchronize') {
    payload.before = HEAD
    payload.after = NEXT_HEAD
    pull.head = { ...(pull.head as object), sha: NEXT_HEAD }
  }
  if (action === 'closed') {
    pull.state = 'closed'
    pull.merged = changes.merged === true
    pull.merge_commit_sha = 'c0ffee1234567890c0ffee1234567890c0ffee12'
  }
  if (changes.fork) {
    const head = pull.head as Record<string, unknown>
    pull.head = { ...head, repo: { ...(head.repo as object), full_name: 'someone/Hello-World', fork: true } }
  }
  return payload
}

const onPull = (payload: unknown, inputs: Record<string, string> = {}): Promise<ActionRun> =>
  runOn(sim, 'pull_request_target', payload, { inputs: { ...CHECK, ...inputs } })

const command = (body: string, inputs: Record<string, string> = {}): Promise<ActionRun> =>
  runOn(sim, 'issue_comment', commentPayload(sim, { body, on: PULL, pullRequest: true }), { inputs: { ...CHECK, ...inputs } })

/** The docs statuses on `sha`, oldest first, as state and description. */
const statuses = (sha = HEAD): [string, string][] => sim.github.statuses(REPO, sha).map((s) => [s.state, s.description ?? ''])

describe('the commit status follows the job', () => {
  test('pending while the agent works, then success linked to the agent pull request; docs-state says success', async () => {
    const run = await onPull(pullEvent('opened'))

    expect(run.outputs.outcome).toBe('pr-opened')
    const prLink = run.outputs['pr-link'] ?? ''
    expect(statuses()).toEqual([
      ['pending', `The docs agent is working (job ${run.outputs['job-id'] ?? ''})`],
      ['success', `Documented in ${REPO}#${run.outputs['pr-number'] ?? ''}`]
    ])
    const [pending, success] = sim.github.statuses(REPO, HEAD)
    expect(pending).toMatchObject({ context: 'docs', target_url: RUN_URL })
    expect(success).toMatchObject({ context: 'docs', target_url: prLink })
    expect(run.outputs['docs-state']).toBe('success')
  })

  test.each([
    ['no-changes', 'success', 'No docs change needed: the agent changed nothing'],
    ['failed', 'failure', 'The docs agent job failed.']
  ] as const)('a job that ends %s leaves the status %s', async (outcome, state, description) => {
    sim.scriptNextJob({ outcome, afterPolls: 1 })
    const run = await onPull(pullEvent('opened'))

    expect(run.outputs.outcome).toBe(outcome)
    const last = sim.github.statuses(REPO, HEAD).at(-1)
    expect(last?.state).toBe(state)
    if (outcome === 'no-changes') expect(last?.description).toBe(description)
    else expect(last?.description).toMatch(/failed/)
    expect(run.outputs['docs-state']).toBe(state)
  })

  test('a job still running at the timeout leaves the status error, with the reason', async () => {
    sim.scriptNextJob({ outcome: 'never' })
    const run = await onPull(pullEvent('opened'), { timeout: '2s' })

    expect(run.outputs.outcome).toBe('timed-out')
    expect(statuses().map(([state]) => state)).toEqual(['pending', 'error'])
    expect(sim.github.statuses(REPO, HEAD).every((s) => (s.description ?? '').length <= 140)).toBe(true)
  })
})

describe('a push that touches no documented file', () => {
  test('starts no job and carries the recorded status, text and link, over to the new head', async () => {
    const first = await onPull(pullEvent('opened'), { paths: 'README.md' })
    expect(first.outputs.outcome).toBe('pr-opened')
    sim.github.setCompare(REPO, HEAD, NEXT_HEAD, { files: ['tests/readme.test.ts'] })
    sim.github.pushToPull(REPO, PULL, NEXT_HEAD)
    const before = mark(sim)

    const run = await onPull(pullEvent('synchronize'), { paths: 'README.md' })

    expect(run.outputs.outcome).toBe('skipped')
    expect(mintlifyCalls(sim, before)).toEqual([])
    const documented = only(
      sim.github.statuses(REPO, HEAD).filter((s) => s.state === 'success'),
      'success'
    )
    expect(statuses(NEXT_HEAD)).toEqual([['success', documented.description ?? '']])
    expect(sim.github.statuses(REPO, NEXT_HEAD)[0]?.target_url).toBe(documented.target_url)
    expect(annotations(run, 'notice')).toEqual([expect.stringMatching(/None of the changed files matches paths/)])
  })

  test('with no record yet, writes success "No documented files changed"', async () => {
    const run = await onPull(pullEvent('opened'), { paths: 'src/**' })

    expect(run.outputs.outcome).toBe('skipped')
    expect(sim.jobs.size).toBe(0)
    expect(statuses()).toEqual([['success', 'No documented files changed']])
  })
})

describe('/docs skip', () => {
  test('records the skip, turns the status green without a Mintlify request, and a later /docs clears it', async () => {
    const skipped = await command('/docs skip internal refactor, nothing user-facing')

    expect(skipped.outputs.outcome).toBe('skipped')
    expect(sim.mintlifyRequests()).toEqual([])
    expect(statuses()).toEqual([
      ['success', `Docs skipped by @${COMMENTER} at ${HEAD.slice(0, 7)}: internal refactor, nothing user-facing`]
    ])
    const reply = sim.github.comments(REPO, PULL).at(-1)
    expect(reply?.body).toContain('Docs skipped')
    expect(reply?.body).toContain('docs-agent-action:docs-state')

    // A push to the pull request starts no job and keeps the skip.
    const pushed = await onPull(pullEvent('synchronize'))
    expect(pushed.outputs.outcome).toBe('skipped')
    expect(sim.jobs.size).toBe(0)
    expect(statuses(NEXT_HEAD)).toEqual([
      ['success', `Docs skipped by @${COMMENTER} at ${HEAD.slice(0, 7)}: internal refactor, nothing user-facing`]
    ])

    // A /docs with a prompt clears the skip and runs the job.
    const asked = await command('/docs document the new flag after all')
    expect(asked.outputs.outcome).toBe('pr-opened')
    expect(sim.jobs.size).toBe(1)
    expect(statuses(HEAD).at(-1)?.[0]).toBe('success')
    expect(statuses(HEAD).at(-1)?.[1]).toMatch(/^Documented in /)
  })

  test('from someone below min-permission is denied and changes no status', async () => {
    sim.github.setPermission(REPO, COMMENTER, 'read')
    const run = await command('/docs skip')

    expect(run.outputs.outcome).toBe('denied')
    expect(statuses()).toEqual([])
    expect(sim.mintlifyRequests()).toEqual([])
  })

  test('on an issue gets the usage reply', async () => {
    const run = await runOn(sim, 'issue_comment', commentPayload(sim, { body: '/docs skip', on: 1 }), { inputs: CHECK })

    expect(run.outputs.outcome).toBe('skipped')
    expect(sim.github.comments(REPO, 1).at(-1)?.body).toContain('/docs skip [reason]')
    expect(sim.mintlifyRequests()).toEqual([])
  })
})

describe('reviewers of the agent pull request', () => {
  const REVIEWER = 'docs-lead'
  beforeEach(() => sim.github.setPermission(REPO, REVIEWER, 'write'))

  test('the code pull request author is asked once, when the run introduces it, never on a follow-up', async () => {
    const run = await onPull(pullEvent('opened'))
    const agentPull = Number(run.outputs['pr-number'])

    expect(sim.github.requestedReviewers(REPO, agentPull)).toEqual({ users: [COMMENTER], teams: [] })
    const before = mark(sim)
    await runOn(sim, 'issue_comment', commentPayload(sim, { body: '/docs also mention the flag', on: agentPull, pullRequest: true }), {
      inputs: CHECK
    })
    expect(githubCalls(sim, before).filter((call) => call.includes('requested_reviewers'))).toEqual([])
  })

  test("the token's own identity is never asked: a personal token's user who opened the code pull request", async () => {
    sim.github.addToken('ghp_codertocat', { identity: COMMENTER, repositories: { [REPO]: 'write' } })
    const run = await onPull(pullEvent('opened'), { 'github-token': 'ghp_codertocat', reviewers: `author, ${REVIEWER}` })
    const agentPull = Number(run.outputs['pr-number'])

    expect(run.outputs.outcome).toBe('pr-opened')
    // The author is the token's user: only the other reviewer is asked.
    expect(sim.github.requestedReviewers(REPO, agentPull)).toEqual({ users: [REVIEWER], teams: [] })
    expect(annotations(run, 'warning')).toEqual([])
  })

  test('a login GitHub refuses is one warning, and the result stands', async () => {
    const run = await onPull(pullEvent('opened'), { reviewers: 'stranger' })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(annotations(run, 'warning')).toEqual([
      expect.stringMatching(
        /^Could not ask for reviews of pull request #\d+: HTTP 422, .*not a collaborator.*\. Nobody was asked to review Codertocat\/Hello-World#\d+\.$/
      )
    ])
  })
})

describe('a closed code pull request', () => {
  test.each([
    [true, `${REPO}#${PULL} was merged (c0ffee1): this documentation can ship with it.`],
    [false, `${REPO}#${PULL} was closed without merging: this documentation may no longer apply.`]
  ])('merged %s: tells the recorded agent pull request once, starts no job, writes no status', async (merged, note) => {
    const first = await onPull(pullEvent('opened'))
    const agentPull = Number(first.outputs['pr-number'])
    const before = mark(sim)

    const run = await onPull(pullEvent('closed', { merged }))

    expect(run.outputs.outcome).toBe('noted')
    expect(run.exitCode).toBe(0)
    expect(mintlifyCalls(sim, before)).toEqual([])
    expect(sim.github.comments(REPO, agentPull).map((c) => c.body)).toContain(note)
    expect(githubCalls(sim, before).filter((call) => call.includes('/statuses/'))).toEqual([])
  })

  test('without a record is skipped quietly', async () => {
    const run = await onPull(pullEvent('closed', { merged: true }))

    expect(run.outputs.outcome).toBe('skipped')
    expect(sim.mintlifyRequests()).toEqual([])
    expect(annotations(run, 'notice')).toEqual([])
  })
})

describe('a pull request from a fork', () => {
  // The fake holds #2 as the fork's, as its events say: a branch of this repository at its head would be
  // another owner of the head, and an outsider's run writes no status there.
  beforeEach(async () => {
    await sim.close()
    sim = await startSimulator({ repository: REPO_URL })
    sim.github.addIssue(REPO, {
      number: PULL,
      title: 'Update the README with new information.',
      user: COMMENTER,
      pullRequest: true,
      headRepo: 'someone/Hello-World',
      headSha: PULL_HEAD_SHA,
      commits: PULL_COMMITS,
      files: PULL_FILES
    })
    sim.github.setPermission(REPO, COMMENTER, 'write')
  })

  test('starts no job by itself: pending, waiting for a maintainer; a maintainer /docs runs it', async () => {
    const run = await onPull(pullEvent('opened', { fork: true }))

    expect(run.outputs.outcome).toBe('skipped')
    expect(sim.jobs.size).toBe(0)
    expect(statuses()).toEqual([['pending', 'Waiting for a maintainer: /docs to document it, /docs skip if it needs none']])

    const asked = await command('/docs document it')
    expect(asked.outputs.outcome).toBe('pr-opened')
    expect(sim.jobs.size).toBe(1)
  })
})

describe('a dry run and a token that may not write statuses', () => {
  test('a dry run shows the status it would write and writes none', async () => {
    const run = await onPull(pullEvent('opened'), { 'dry-run': 'true' })

    expect(run.outputs.outcome).toBe('dry-run')
    expect(statuses()).toEqual([])
    expect(run.log).toContain('Dry run: would set the docs status of ec26c3e: pending')
    expect(run.outputs['docs-state']).toBe('')
  })

  test('a refused status write is one warning naming statuses: write, and the run goes on', async () => {
    sim.github.forbid('statuses')
    const run = await onPull(pullEvent('opened'))

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(annotations(run, 'warning')).toEqual([expect.stringMatching(/statuses: write/)])
    expect(run.outputs['docs-state']).toBe('')
  })
})

describe('what a run costs on GitHub beyond the job', () => {
  /** The GitHub calls of a push to the pull request (with group-runs: a follow-up), after its opening run. */
  async function synchronizeCalls(inputs: Record<string, string>): Promise<string[]> {
    sim.github.setCompare(REPO, HEAD, NEXT_HEAD, { files: ['README.md'] })
    await runOn(sim, 'pull_request_target', pullEvent('opened'), { inputs })
    sim.github.pushToPull(REPO, PULL, NEXT_HEAD)
    const before = mark(sim)
    await runOn(sim, 'pull_request_target', pullEvent('synchronize'), { inputs })
    return githubCalls(sim, before).map((call) => call.replace(/\/comments\/\d+$/, '/comments/<id>'))
  }

  test("two status writes and two compares (since the judged head, and the pull request's own files at its head): the record is read with the sticky comment it already reads", async () => {
    const grouped = { 'group-runs': 'true' }
    const without = await synchronizeCalls(grouped)
    await sim.close()
    sim = await startHelloWorld()
    const withCheck = await synchronizeCalls({ ...grouped, ...CHECK, paths: 'README.md' })

    const extra = [...withCheck]
    for (const call of without) {
      const at = extra.indexOf(call)
      if (at >= 0) extra.splice(at, 1)
    }
    expect(extra.sort()).toEqual([
      `GET /compare/${HEAD}...${NEXT_HEAD}`,
      `GET /compare/${BASE_SHA}...${NEXT_HEAD}`,
      `POST /statuses/${NEXT_HEAD}`,
      `POST /statuses/${NEXT_HEAD}`
    ])
    // The context block takes the pull request's commits and files from the compare of its base and head.
    expect(without.filter((call) => !withCheck.includes(call))).toEqual(['GET /pulls/2/commits', 'GET /pulls/2/files'])
    expect(withCheck.length - without.length).toBe(2)
  })

  test("a follow-up's context block is built from the judging's two compares: no further read of the pull request's commits or files", async () => {
    const inputs = { 'group-runs': 'true', ...CHECK, paths: 'README.md' }
    const calls = await synchronizeCalls(inputs)

    const lookUps = calls.filter((call) => /^GET \/(compare\/|pulls\/2\/(commits|files))/.test(call))
    expect(lookUps.sort()).toEqual([`GET /compare/${HEAD}...${NEXT_HEAD}`, `GET /compare/${BASE_SHA}...${NEXT_HEAD}`])
    const message = only(defined(sim.jobs.get('job_0001'), 'the job').messages, 'the follow-up')
    expect(message).toContain('New changes since this pull request was opened')
    // The pull request's commits and files, as its base...head compare listed them.
    for (const subject of PULL_COMMITS) expect(message).toMatch(new RegExp(`\nCommit: [0-9a-f]{7} ${subject}\n`))
    for (const file of PULL_FILES) expect(message).toContain(`\nChanged file: ${file}\n`)
  })
})
