/**
 * runSweep in-process (DESIGN, "The agent's pull requests, looked after"): the real GitHub module and API
 * client against the simulator, on a virtual clock. What the executor writes for each decision and what it
 * records in its sticky comment, so that the next sweep writes nothing; what a refused write or record
 * costs (one warning, the others go on); operations-per-run paid by a pull request's writes whole; the
 * dry run; a list that cannot be read; and the file, the summary and the outputs of each.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { type Simulator, startSimulator } from '../../../simulator/index.js'
import { parseSweepRecord } from '../../../src/operations/sweep/record.js'
import { preloadToolkit } from '../../fixtures/github-client.js'
import { type OperationRun, runOnSimulator } from '../../fixtures/operation-on-simulator.js'
import { addAgentPull, addCodePull, CODE_REPO, daysAgo, startJob } from '../../fixtures/sweep-world.js'
import { tempDir } from '../../fixtures/temp-dir.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'
import { REPO, REPO_URL, schedulePayload } from '../../fixtures/webhook-payloads.js'

const [OWNER = '', NAME = ''] = REPO.split('/')
const CLOSED_NOTE = (code: string): string => `${code} was closed without merging: this documentation may no longer apply.`
const STICKY = '<!-- docs-agent-action:status sweep -->'

let sim: Simulator
let clock: VirtualClock
let workspace: { path: string; remove(): void }
beforeAll(preloadToolkit)
beforeEach(async () => {
  // The virtual clock starts now: the world's times (daysAgo) are real ones, and a back-off costs no real time.
  clock = new VirtualClock(Date.now())
  sim = await startSimulator({ repository: REPO_URL, now: () => clock.now() })
  workspace = tempDir('sweep-')
})
afterEach(async () => {
  await sim.close()
  workspace.remove()
})

/** A scheduled sweep of REPO as run `runNumber` of its workflow, its file in this test's workspace. */
function sweep(inputs: Record<string, string> = {}, runNumber = 1): Promise<OperationRun> {
  // The world was made since the clock started (daysAgo reads the real time): the run is never earlier than
  // it, or a pull request made a day ago would be 0 days old on a machine slow enough between the two.
  clock.advance(Math.max(0, Date.now() - clock.now()))
  return runOnSimulator(sim, clock, 'sweep', inputs, {
    eventName: 'schedule',
    payload: schedulePayload(),
    context: { repo: { owner: OWNER, repo: NAME }, runNumber },
    workspace: workspace.path
  })
}

interface SweptEntry {
  number: number
  decision: string
  why: string
  done: string[]
  notJudged: string | null
  facts: Record<string, unknown>
}

function sweepFile(): { runNumber: number; listed: number; visited: SweptEntry[]; leftForLater: number[] } {
  return JSON.parse(readFileSync(join(workspace.path, 'docs-sweep.json'), 'utf8')) as ReturnType<typeof sweepFile>
}

/** Where the request lists stand now. */
function mark(): { github: number; mintlify: number } {
  return { github: sim.githubRequests().length, mintlify: sim.mintlifyRequests().length }
}

/** The GitHub writes since `since`, as `METHOD path` with REPO's prefix cut. */
function writesSince(since: { github: number }): string[] {
  return sim
    .githubRequests()
    .slice(since.github)
    .filter((request) => request.method !== 'GET' && request.path !== '/api/graphql')
    .map((request) => `${request.method} ${request.path.replace(`/api/v3/repos/${REPO}`, '')}`)
}

/** The follow-up prompts sent to Mintlify since `since`. */
function messagesSince(since: { mintlify: number }): string[] {
  return sim
    .mintlifyRequests()
    .slice(since.mintlify)
    .filter((request) => request.method === 'POST' && request.path.endsWith('/message'))
    .map((request) => String((JSON.parse(request.body) as { prompt: unknown }).prompt))
}

/** The bodies of the comments the token's identity wrote on `number`. */
function ownComments(number: number): string[] {
  return sim.github
    .comments(REPO, number)
    .filter((comment) => comment.user.login === sim.github.identity)
    .map((comment) => comment.body)
}

/** The sweep's record in its sticky comment on `number`. */
function recordOn(number: number): ReturnType<typeof parseSweepRecord> {
  const sticky = ownComments(number).filter((body) => body.startsWith(STICKY))
  expect(sticky).toHaveLength(1)
  return parseSweepRecord(sticky[0] ?? '')
}

const refuse = (method: string, path: string): void =>
  sim.route(method, new RegExp(`/repos/${REPO}${path}$`), () => ({
    status: 403,
    json: { message: 'Resource not accessible by integration' }
  }))

describe('orphan', () => {
  it('comments the note once, keeps it in its sticky comment, and the next sweep writes nothing', async () => {
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })

    const before = mark()
    const { result, published } = await sweep()
    expect(result.verdict).toMatchObject({ outcome: 'swept', result: 'success' })
    expect(result.verdict.headline).toBe(`Looked after every one of the 1 open agent pull request in ${REPO}: 1 orphan.`)
    expect(writesSince(before)).toEqual(['POST /issues/201/comments', 'POST /issues/201/comments'])
    expect(ownComments(201)).toContain(`${CLOSED_NOTE(`${CODE_REPO}#7`)}`)
    expect(recordOn(201)).toEqual({ followedUp: [], staleAt: null, orphanNoted: true, supersededNoted: false })
    expect(ownComments(201).find((body) => body.startsWith(STICKY))).toContain(
      "🧹 The docs agent's sweep looks after this pull request. So far it said that its code pull request was closed without merging."
    )
    expect(result.outputs).toEqual({
      outcome: 'swept',
      'failure-reason': '',
      report: JSON.stringify({
        listed: 1,
        visited: 1,
        leftForLater: 0,
        orphan: 1,
        conflict: 0,
        working: 0,
        stale: 0,
        superseded: 0,
        fine: 0,
        unknown: 0
      }),
      file: 'docs-sweep.json'
    })
    expect(published).toEqual([])
    const file = sweepFile()
    expect(file).toMatchObject({ runNumber: 1, listed: 1, leftForLater: [] })
    expect(file.visited).toEqual([
      expect.objectContaining({
        number: 201,
        decision: 'orphan',
        done: [`commented: ${CLOSED_NOTE(`${CODE_REPO}#7`)}`],
        notJudged: null,
        facts: expect.objectContaining({
          introduction: { jobId: 'job_a', codePull: expect.objectContaining({ repository: CODE_REPO, number: 7 }), orphanNoteSeen: false },
          codePull: 'closed',
          reviews: null,
          job: null
        })
      })
    ])
    expect(result.summary).toContain(`Sweep of ${REPO}`)
    expect(result.summary).toContain('| Pull request | Age | Decision | What was done |')
    expect(result.summary).toMatch(/\| \[#201\]\(https:\/\/github\.com\/.+\/pull\/201\) Docs for change 201 \| 1 d \| \*\*orphan\*\*: /)

    const again = mark()
    const second = await sweep({}, 2)
    expect(second.result.verdict.outcome).toBe('swept')
    expect(writesSince(again)).toEqual([])
    expect(sweepFile().visited[0]).toMatchObject({ decision: 'orphan', done: [], facts: { record: { orphanNoted: true } } })
    expect(second.result.summary).toContain('| nothing |')
  })

  it('orphans: close comments, closes, then records; a refused close is one warning and the note is still recorded', async () => {
    addCodePull(sim, 7, 'closed')
    addCodePull(sim, 8, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    addAgentPull(sim, { number: 202, jobId: 'job_b', codePull: 8 })
    refuse('PATCH', '/pulls/201')

    const before = mark()
    const { result, log } = await sweep({ orphans: 'close' })
    expect(writesSince(before)).toEqual([
      'POST /issues/201/comments',
      'PATCH /pulls/201',
      'POST /issues/201/comments',
      'POST /issues/202/comments',
      'PATCH /pulls/202',
      'POST /issues/202/comments'
    ])
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(new RegExp(`^The sweep could not close it on ${REPO}#201: .*403.* It goes on with the other pull requests\\.$`))
    ])
    expect(sweepFile().visited.map((entry) => entry.done)).toEqual([
      [`commented: ${CLOSED_NOTE(`${CODE_REPO}#7`)}`, 'could not close it'],
      [`commented: ${CLOSED_NOTE(`${CODE_REPO}#8`)}`, 'closed it']
    ])
    expect(recordOn(201)).toMatchObject({ orphanNoted: true })
    expect(result.verdict.outcome).toBe('swept')
  })

  it('orphans: keep writes nothing; a code pull request another token cannot see is unknown, and said why', async () => {
    sim.github.addToken('limited', { identity: sim.github.identity, repositories: { [REPO]: 'write' } })
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    const before = mark()
    await sweep({ orphans: 'keep' })
    expect(sweepFile().visited[0]).toMatchObject({ decision: 'orphan', done: [] })
    await sweep({ 'github-token': 'limited' })
    expect(sweepFile().visited[0]).toMatchObject({ decision: 'unknown', why: expect.stringMatching(/octo-org\/app#7 could not be read/) })
    expect(writesSince(before)).toEqual([])
  })
})

describe('conflict and working', () => {
  it('follows up once per base head, records the base, and updates its sticky comment when the base moves', async () => {
    const jobId = await startJob(sim, 'completed')
    addAgentPull(sim, { number: 201, jobId, mergeable: false })
    const before = mark()
    await sweep()
    expect(messagesSince(before)).toEqual([
      'The base branch main has moved and this pull request no longer merges cleanly. Merge main into mintlify/docs-201 and resolve the conflicts, keeping the intent of both changes.'
    ])
    expect(writesSince(before)).toEqual(['POST /issues/201/comments'])
    expect(recordOn(201)?.followedUp).toHaveLength(1)
    expect(sweepFile().visited[0]).toMatchObject({
      decision: 'conflict',
      done: [`asked job ${jobId} to merge the base branch in`],
      facts: { job: 'completed', pull: expect.objectContaining({ mergeable: false }) }
    })

    const again = mark()
    await sweep({}, 2)
    expect(messagesSince(again)).toEqual([])
    expect(writesSince(again)).toEqual([])

    sim.github.moveDefaultBranch(REPO)
    const moved = mark()
    await sweep({}, 3)
    expect(messagesSince(moved)).toHaveLength(1)
    expect(writesSince(moved)).toEqual([expect.stringMatching(/^PATCH \/issues\/comments\/\d+$/)])
    expect(recordOn(201)?.followedUp).toHaveLength(2)
    expect(ownComments(201).find((body) => body.startsWith(STICKY))).toContain('So far it asked the agent to merge its base 2 times.')
  })

  it('an active job is working: nothing is sent or written', async () => {
    addAgentPull(sim, { number: 201, jobId: await startJob(sim, 'active'), mergeable: false })
    const before = mark()
    const { result } = await sweep()
    expect(sweepFile().visited[0]).toMatchObject({ decision: 'working', facts: { job: 'active' } })
    expect(messagesSince(before)).toEqual([])
    expect(writesSince(before)).toEqual([])
    expect(JSON.parse(result.outputs.report ?? '')).toMatchObject({ working: 1 })
  })

  it('a follow-up the docs API refuses is one warning, and nothing is recorded', async () => {
    addAgentPull(sim, { number: 201, jobId: await startJob(sim, 'completed'), mergeable: false })
    sim.route('POST', /\/message$/, () => ({ status: 404, json: { error: 'Job not found' } }))
    const before = mark()
    const { log } = await sweep()
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(/^The sweep could not ask job \S+ to merge the base branch in on .+#201: /)
    ])
    expect(sweepFile().visited[0]?.done).toEqual([expect.stringMatching(/^could not ask job/)])
    expect(writesSince(before)).toEqual([])
  })

  it('a record GitHub refuses to keep is one warning saying a later sweep may say the same again', async () => {
    addAgentPull(sim, { number: 201, jobId: await startJob(sim, 'completed'), mergeable: false })
    refuse('POST', '/issues/201/comments')
    const before = mark()
    const { log, result } = await sweep()
    expect(messagesSince(before)).toHaveLength(1)
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(new RegExp(`^The sweep could not keep its record on ${REPO}#201: .* A later sweep may say the same again\\.$`))
    ])
    expect(result.verdict.outcome).toBe('swept')
  })
})

describe('stale and superseded', () => {
  it('comments once with the days waited, asks again those who reviewed, and records when', async () => {
    sim.github.setPermission(REPO, 'bob', 'write')
    addCodePull(sim, 7)
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7, createdAt: daysAgo(12), updatedAt: daysAgo(12) })
    sim.github.addReview(REPO, 201, { user: 'bob', state: 'COMMENTED', submittedAt: daysAgo(9) })
    const before = mark()
    await sweep()
    expect(writesSince(before)).toEqual(['POST /issues/201/comments', 'POST /pulls/201/requested_reviewers', 'POST /issues/201/comments'])
    expect(ownComments(201)).toContain('Waiting for review for 12 days.')
    const entry = sweepFile().visited[0]
    expect(entry).toMatchObject({ decision: 'stale', done: ['commented: Waiting for review for 12 days.', 'asked bob to review again'] })
    expect(entry?.facts.reviews).toEqual([expect.objectContaining({ login: 'bob', state: 'COMMENTED' })])
    expect(recordOn(201)?.staleAt).toBe(new Date(clock.now()).toISOString())

    const again = mark()
    await sweep({}, 2)
    expect(writesSince(again)).toEqual([])
    expect(sweepFile().visited[0]?.why).toMatch(/the sweep said so on \d{4}-\d{2}-\d{2}/)
  })

  it('the older of two agent pull requests for one code pull request links the newer once', async () => {
    addCodePull(sim, 7)
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7, createdAt: daysAgo(3) })
    addAgentPull(sim, { number: 202, jobId: 'job_b', codePull: 7, createdAt: daysAgo(2) })
    const before = mark()
    const { result } = await sweep()
    expect(sweepFile().visited.map((entry) => entry.decision)).toEqual(['superseded', 'fine'])
    expect(writesSince(before)).toEqual(['POST /issues/201/comments', 'POST /issues/201/comments'])
    expect(recordOn(201)).toMatchObject({ supersededNoted: true })
    expect(ownComments(201).find((body) => body.startsWith(STICKY))).toContain('So far it linked a newer agent pull request.')
    expect(result.verdict.headline).toContain('1 superseded, 1 fine')
  })

  it('an introduction without its code pull request: not judged for orphan and superseded, and the summary says so', async () => {
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: null })
    const { result } = await sweep()
    expect(sweepFile().visited[0]?.notJudged).toMatch(/orphan and superseded not judged/)
    expect(result.summary).toContain('Orphan and superseded were not judged for #201: their introductions record no code pull request')
  })
})

describe('operations-per-run', () => {
  it('visits what the budget pays for, from where the run number turns the rotation, and names the rest: partial', async () => {
    for (const number of [201, 202, 203]) addAgentPull(sim, { number, jobId: `job_${number}`, codePull: null })
    // 6 operations pay for 2 visits of 3 requests; run 1 starts at (1 × 2) mod 3, the third by number.
    const { result } = await sweep({ 'operations-per-run': '6' })
    expect(result.verdict).toMatchObject({ outcome: 'partial', result: 'notice' })
    expect(result.verdict.headline).toBe(`Looked after 2 of 3 open agent pull requests in ${REPO} (2 fine); left for later runs: #202.`)
    expect(sweepFile()).toMatchObject({ listed: 3, leftForLater: [202] })
    expect(sweepFile().visited.map((entry) => entry.number)).toEqual([203, 201])
    expect(result.summary).toMatch(/Left for later runs \(the rotation reaches them\): \[#202\]\(https:\/\/github\.com\/.+\/pull\/202\)\./)
    expect(JSON.parse(result.outputs.report ?? '')).toMatchObject({ listed: 3, visited: 2, leftForLater: 1, fine: 2 })
  })

  it("a pull request's writes are paid whole: with nothing left after the reads, they wait for a later run", async () => {
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    const before = mark()
    await sweep({ 'operations-per-run': '3' })
    expect(sweepFile().visited[0]).toMatchObject({
      decision: 'orphan',
      done: ['waits for a later run: this run spent its operations-per-run']
    })
    expect(writesSince(before)).toEqual([])
  })

  it('no agent pull request, only an issue with the label: swept, nothing to look after', async () => {
    sim.github.addIssue(REPO, { number: 1, title: 'Docs agent ideas', labels: ['docs-agent'] })
    const { result } = await sweep()
    expect(result.verdict).toMatchObject({
      outcome: 'swept',
      headline: `No open pull request with the agent's label in ${REPO}: nothing to look after.`
    })
    expect(sweepFile()).toMatchObject({ listed: 0, visited: [], leftForLater: [] })
    expect(result.summary).not.toContain('| Pull request |')
  })
})

describe('the dry run', () => {
  it('says what it would do, reads no job, writes nothing to GitHub, sends nothing and writes no file', async () => {
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    addAgentPull(sim, { number: 202, jobId: 'job_b', mergeable: false })
    const before = mark()
    const { result } = await sweep({ 'dry-run': 'true' })
    expect(result.verdict).toMatchObject({ outcome: 'dry-run', result: 'notice' })
    expect(result.verdict.headline).toBe(
      `Dry run: would look after 2 of 2 open agent pull requests in ${REPO} (1 orphan, 1 conflict); no job was read and nothing was written.`
    )
    expect(sim.mintlifyRequests().slice(before.mintlify)).toEqual([])
    expect(writesSince(before)).toEqual([])
    expect(existsSync(join(workspace.path, 'docs-sweep.json'))).toBe(false)
    expect(result.outputs.file).toBe('')
    // The summary breaks a reference with a zero-width space, so GitHub links no issue from it.
    expect(result.summary).toContain(`| would comment: ${CLOSED_NOTE(`${CODE_REPO}#\u200b7`)} |`)
    expect(result.summary).toContain('**conflict**: it no longer merges; job job\\_b not read (dry run) | nothing |')
  })
})

describe('when the sweep cannot go on', () => {
  it('a list GitHub refuses fails the run, naming the repository, with no report and no file', async () => {
    sim.route('GET', new RegExp(`/repos/${REPO}/issues$`), () => ({ status: 500, json: { message: 'Server Error' } }))
    const { result } = await sweep()
    expect(result.verdict).toMatchObject({ outcome: 'failed', result: 'failure' })
    expect(result.verdict.failureReason).toMatch(new RegExp(`^The agent's pull requests in ${REPO} could not be listed: `))
    expect(result.outputs).toMatchObject({ outcome: 'failed', report: '', file: '' })
    expect(existsSync(join(workspace.path, 'docs-sweep.json'))).toBe(false)
  })
})
