/**
 * `operation: sweep` end to end on dist/index.js (DESIGN, "The agent's pull requests, looked after"): each
 * decision with what it writes, once: orphan (from a real introduction that recorded its code pull
 * request), conflict, working, stale, superseded, fine and unknown; an older introduction, a stranger's
 * marker, and a pull request GitHub refuses to comment on.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'
import { annotations, output } from '../harness.js'
import { ownComments, runOn, startHelloWorld } from '../triggers/helpers.js'
import {
  addAgentPull,
  addCodePull,
  CODE_REPO,
  daysAgo,
  decisions,
  githubWrites,
  introductionId,
  mark,
  messagesSent,
  startJob,
  sweep,
  sweepFile
} from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const CLOSED_NOTE = (code: string): string => `${code} was closed without merging: this documentation may no longer apply.`

describe('orphan', () => {
  test('a job run on a code pull request records it in the introduction; once it closes unmerged, the sweep says so once', async () => {
    // The docs check's run on #2 opens the agent's pull request #101 and introduces it, with #2 recorded.
    const introduced = await runOn(sim, 'pull_request', pullRequestOpened())
    expect(output(introduced, 'outcome')).toBe('pr-opened')
    expect(sim.github.labels(REPO, 101)).toContain('docs-agent')
    sim.github.closePull(REPO, 2, { merged: false })

    const first = mark(sim)
    const run = await sweep(sim)
    expect(run.exitCode).toBe(0)
    expect(output(run, 'outcome')).toBe('swept')
    expect(decisions(run)).toEqual({ 101: 'orphan' })
    const comments = ownComments(sim, 101).map((comment) => comment.body)
    expect(comments.filter((body) => body === CLOSED_NOTE(`${REPO}#2`))).toHaveLength(1)
    // The note, the sweep's record, and the introduction naming the record.
    expect(githubWrites(sim, first)).toEqual([
      'POST /issues/101/comments',
      'POST /issues/101/comments',
      `PATCH /issues/comments/${introductionId(sim, 101)}`
    ])
    expect(JSON.parse(output(run, 'report'))).toMatchObject({ listed: 1, visited: 1, orphan: 1, fine: 0 })

    const again = mark(sim)
    const second = await sweep(sim)
    expect(decisions(second)).toEqual({ 101: 'orphan' })
    expect(githubWrites(sim, again)).toEqual([])
  })

  test("the docs check's note on the closed code pull request counts as the orphan note: nothing more is written", async () => {
    await runOn(sim, 'pull_request', pullRequestOpened())
    sim.github.closePull(REPO, 2, { merged: false })
    const closed = pullRequestOpened() as unknown as Record<string, unknown> & { pull_request: Record<string, unknown> }
    closed.action = 'closed'
    Object.assign(closed.pull_request, { state: 'closed', merged: false })
    expect(output(await runOn(sim, 'pull_request', closed), 'outcome')).toBe('noted')

    const before = mark(sim)
    const run = await sweep(sim)
    expect(decisions(run)).toEqual({ 101: 'orphan' })
    expect(githubWrites(sim, before)).toEqual([])
  })

  test('orphans: close comments, then closes the pull request; keep only lists it', async () => {
    addCodePull(sim, 7, 'closed')
    addCodePull(sim, 8, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    addAgentPull(sim, { number: 202, jobId: 'job_b', codePull: 8 })
    const before = mark(sim)
    const closing = await sweep(sim, { orphans: 'close' })
    expect(decisions(closing)).toEqual({ 201: 'orphan', 202: 'orphan' })
    expect(githubWrites(sim, before)).toEqual([
      'POST /issues/201/comments',
      'PATCH /pulls/201',
      'POST /issues/201/comments',
      `PATCH /issues/comments/${introductionId(sim, 201)}`,
      'POST /issues/202/comments',
      'PATCH /pulls/202',
      'POST /issues/202/comments',
      `PATCH /issues/comments/${introductionId(sim, 202)}`
    ])
    expect(sim.github.comments(REPO, 201).map((c) => c.body)).toContain(CLOSED_NOTE(`${CODE_REPO}#7`))

    addCodePull(sim, 9, 'closed')
    addAgentPull(sim, { number: 203, jobId: 'job_c', codePull: 9 })
    const kept = mark(sim)
    const keeping = await sweep(sim, { orphans: 'keep' })
    expect(decisions(keeping)).toEqual({ 203: 'orphan' })
    expect(githubWrites(sim, kept)).toEqual([])
  })

  test('a code pull request the token cannot read is unknown, never an orphan', async () => {
    sim.github.addToken('limited', { identity: sim.github.identity, repositories: { [REPO]: 'write' } })
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    const before = mark(sim)
    const run = await sweep(sim, { 'github-token': 'limited' })
    expect(decisions(run)).toEqual({ 201: 'unknown' })
    expect(sweepFile(run).visited[0]?.why).toMatch(/octo-org\/app#7 could not be read/)
    expect(githubWrites(sim, before)).toEqual([])
  })
})

describe('conflict and working', () => {
  test('a conflicting pull request whose job ended gets one follow-up per base head, with the branch names only', async () => {
    const jobId = await startJob(sim, 'completed')
    addAgentPull(sim, { number: 201, jobId, mergeable: false })
    // The agent answers each follow-up at once, without changing the pull request.
    sim.scriptNextMessage({ outcome: 'no-changes', afterPolls: 0 })
    sim.scriptNextMessage({ outcome: 'no-changes', afterPolls: 0 })
    const before = mark(sim)
    const run = await sweep(sim)
    expect(decisions(run)).toEqual({ 201: 'conflict' })
    expect(messagesSent(sim, before)).toEqual([
      'The base branch main has moved and this pull request no longer merges cleanly. Merge main into mintlify/docs-201 and resolve the conflicts, keeping the intent of both changes.'
    ])
    expect(githubWrites(sim, before)).toEqual(['POST /issues/201/comments', `PATCH /issues/comments/${introductionId(sim, 201)}`])

    const again = mark(sim)
    expect(decisions(await sweep(sim))).toEqual({ 201: 'conflict' })
    expect(messagesSent(sim, again)).toEqual([])
    expect(githubWrites(sim, again)).toEqual([])

    // The base moves on and the pull request still conflicts: a new base head, one more follow-up, the sticky comment updated.
    sim.github.moveDefaultBranch(REPO)
    const moved = mark(sim)
    await sweep(sim)
    expect(messagesSent(sim, moved)).toHaveLength(1)
    expect(githubWrites(sim, moved)).toEqual([expect.stringMatching(/^PATCH \/issues\/comments\/\d+$/)])
  })

  test('an active job is never messaged: working', async () => {
    const jobId = await startJob(sim, 'active')
    addAgentPull(sim, { number: 201, jobId, mergeable: false })
    const before = mark(sim)
    const run = await sweep(sim)
    expect(decisions(run)).toEqual({ 201: 'working' })
    expect(messagesSent(sim, before)).toEqual([])
    expect(githubWrites(sim, before)).toEqual([])
  })

  test('over max-follow-ups the conflict is listed, nothing is sent and nothing recorded for it', async () => {
    addAgentPull(sim, { number: 201, jobId: await startJob(sim, 'completed'), mergeable: false })
    addAgentPull(sim, { number: 202, jobId: await startJob(sim, 'completed'), mergeable: false })
    const before = mark(sim)
    const run = await sweep(sim, { 'max-follow-ups': '1' })
    expect(decisions(run)).toEqual({ 201: 'conflict', 202: 'conflict' })
    expect(messagesSent(sim, before)).toHaveLength(1)
    expect(githubWrites(sim, before)).toEqual(['POST /issues/201/comments', `PATCH /issues/comments/${introductionId(sim, 201)}`])
    expect(sweepFile(run).visited[1]?.why).toMatch(/over max-follow-ups \(1 this run\): nothing sent/)
    // The next run has its own budget: the one left over gets its follow-up then.
    const next = mark(sim)
    await sweep(sim, { 'max-follow-ups': '1' })
    expect(githubWrites(sim, next)).toEqual(['POST /issues/202/comments', `PATCH /issues/comments/${introductionId(sim, 202)}`])
  })

  test("a job marker in someone else's comment is ignored: the conflict's job is unknown", async () => {
    const jobId = await startJob(sim, 'completed')
    addAgentPull(sim, { number: 201, jobId, mergeable: false, introducedBy: 'mallory' })
    const before = mark(sim)
    const run = await sweep(sim)
    expect(decisions(run)).toEqual({ 201: 'unknown' })
    expect(sweepFile(run).visited[0]?.why).toMatch(/^no introduction/)
    expect(messagesSent(sim, before)).toEqual([])
    expect(githubWrites(sim, before)).toEqual([])
  })
})

describe('stale', () => {
  test('asks again only those who reviewed (one POST of them alone), never the pending ones, and comments once', async () => {
    sim.github.setPermission(REPO, 'bob', 'write')
    sim.github.setPermission(REPO, 'alice', 'write')
    addCodePull(sim, 7)
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7, createdAt: daysAgo(12) })
    await fetch(`${sim.url}/api/v3/repos/${REPO}/pulls/201/requested_reviewers`, {
      method: 'POST',
      headers: { authorization: `token ${sim.github.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reviewers: ['alice', 'bob'] })
    })
    sim.github.addReview(REPO, 201, { user: 'bob', state: 'COMMENTED', submittedAt: daysAgo(9) })
    const before = mark(sim)
    const run = await sweep(sim)
    expect(decisions(run)).toEqual({ 201: 'stale' })
    expect(ownComments(sim, 201).map((comment) => comment.body)).toContain('Waiting for review for 12 days.')
    const asked = sim
      .githubRequests()
      .slice(before.github)
      .filter((request) => request.path.endsWith('/requested_reviewers') && request.method === 'POST')
    expect(asked.map((request) => JSON.parse(request.body) as unknown)).toEqual([{ reviewers: ['bob'] }])

    // The sweep's own comment is no one's activity: still stale, said already.
    const again = mark(sim)
    const second = await sweep(sim)
    expect(decisions(second)).toEqual({ 201: 'stale' })
    expect(githubWrites(sim, again)).toEqual([])
  })

  test('with no reviewers recorded, reviewers is asked', async () => {
    sim.github.setPermission(REPO, 'carol', 'write')
    sim.github.setPermission(REPO, 'bob', 'write')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: null, createdAt: daysAgo(10) })
    sim.github.addReview(REPO, 201, { user: 'bob', state: 'CHANGES_REQUESTED', submittedAt: daysAgo(8) })
    const before = mark(sim)
    const run = await sweep(sim, { reviewers: 'carol' })
    expect(decisions(run)).toEqual({ 201: 'stale' })
    const asked = sim
      .githubRequests()
      .slice(before.github)
      .filter((request) => request.path.endsWith('/requested_reviewers') && request.method === 'POST')
    expect(asked.map((request) => JSON.parse(request.body) as unknown)).toEqual([{ reviewers: ['bob', 'carol'] }])
    // The older introduction: orphan and superseded not judged, and the file says so.
    expect(sweepFile(run).visited[0]?.notJudged).toMatch(/orphan and superseded not judged/)
  })

  test('an approval on the head, a draft, or stale-days 0: not stale', async () => {
    addAgentPull(sim, { number: 201, jobId: 'job_a', createdAt: daysAgo(10) })
    sim.github.addReview(REPO, 201, { user: 'bob', state: 'APPROVED', submittedAt: daysAgo(8) })
    addAgentPull(sim, { number: 202, jobId: 'job_b', createdAt: daysAgo(10), updatedAt: daysAgo(9), draft: true })
    addAgentPull(sim, { number: 203, jobId: 'job_c', createdAt: daysAgo(10) })
    sim.github.addReview(REPO, 203, { user: 'bob', state: 'COMMENTED', submittedAt: daysAgo(8) })
    const before = mark(sim)
    expect(decisions(await sweep(sim, { 'stale-days': '0' }))).toEqual({ 201: 'fine', 202: 'fine', 203: 'fine' })
    expect(decisions(await sweep(sim))).toEqual({ 201: 'fine', 202: 'fine', 203: 'stale' })
    expect(githubWrites(sim, before).filter((call) => call.includes('/201') || call.includes('/202'))).toEqual([])
  })
})

describe('superseded, fine and unknown', () => {
  test('the older of two agent pull requests for one code pull request links the newer once; neither is closed', async () => {
    addCodePull(sim, 7)
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7, createdAt: daysAgo(3) })
    addAgentPull(sim, { number: 202, jobId: 'job_b', codePull: 7, createdAt: daysAgo(2) })
    const before = mark(sim)
    const run = await sweep(sim)
    expect(decisions(run)).toEqual({ 201: 'superseded', 202: 'fine' })
    expect(githubWrites(sim, before)).toEqual([
      'POST /issues/201/comments',
      'POST /issues/201/comments',
      `PATCH /issues/comments/${introductionId(sim, 201)}`
    ])
    expect(ownComments(sim, 201)[1]?.body).toContain(`${REPO}#202 is a newer agent pull request for ${CODE_REPO}#7`)
    const again = mark(sim)
    await sweep(sim)
    expect(githubWrites(sim, again)).toEqual([])
  })

  test('a mergeable_state outside GitHub’s list, still computing at the second read, is unknown', async () => {
    addAgentPull(sim, { number: 201, jobId: 'job_a' })
    sim.route('GET', new RegExp(`/repos/${REPO}/pulls/201$`), () => ({
      status: 200,
      json: {
        number: 201,
        state: 'open',
        draft: false,
        mergeable: null,
        mergeable_state: 'frobnicated',
        base: { ref: 'main', sha: 'a'.repeat(40) },
        head: { ref: 'x', sha: 'b'.repeat(40) },
        user: { login: 'mintlify[bot]' },
        requested_reviewers: [],
        requested_teams: [],
        created_at: daysAgo(1),
        updated_at: daysAgo(1),
        html_url: `https://github.com/${REPO}/pull/201`
      }
    }))
    const run = await sweep(sim)
    expect(decisions(run)).toEqual({ 201: 'unknown' })
    expect(output(run, 'outcome')).toBe('swept')
  })

  test('a pull request GitHub refuses to comment on is one warning; the sweep goes on', async () => {
    addCodePull(sim, 7, 'closed')
    addCodePull(sim, 8, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    addAgentPull(sim, { number: 202, jobId: 'job_b', codePull: 8 })
    sim.route('POST', new RegExp(`/repos/${REPO}/issues/201/comments$`), () => ({
      status: 403,
      json: { message: 'Resource not accessible by integration' }
    }))
    const run = await sweep(sim)
    expect(run.exitCode).toBe(0)
    expect(annotations(run, 'warning').filter((line) => line.includes('#201'))).toHaveLength(1)
    expect(ownComments(sim, 202).map((comment) => comment.body)).toContain(CLOSED_NOTE(`${CODE_REPO}#8`))
  })
})
