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
import { jobIdInMarker, readSweepRecordId, withSweepRecordMarker } from '../../../src/github/markers.js'
import { renderStickyComment } from '../../../src/operations/sweep/carry-out.js'
import { EMPTY_SWEEP_RECORD, parseSweepRecord, renderSweepRecord } from '../../../src/operations/sweep/record.js'
import { readSignedRecords, recordKey } from '../../../src/trust/signed-records.js'
import { preloadToolkit } from '../../fixtures/github-client.js'
import { type OperationRun, runOnSimulator } from '../../fixtures/operation-on-simulator.js'
import { signedComment } from '../../fixtures/signed-comments.js'
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

/** The comment the token wrote on `number` that starts with the sweep's sticky marker: its record. */
function stickyOf(number: number): { id: number; body: string } {
  const sticky = sim.github
    .comments(REPO, number)
    .filter((comment) => comment.user.login === sim.github.identity && comment.body.startsWith(STICKY))
  expect(sticky).toHaveLength(1)
  return sticky[0] ?? { id: 0, body: '' }
}

/** The introduction on `number`: its first comment. */
function introductionOf(number: number): { id: number; body: string } {
  const [first] = sim.github.comments(REPO, number)
  expect(first?.body).toContain('docs-agent-action:job ')
  return first ?? { id: 0, body: '' }
}

/** The record id the introduction on `number` names, where it verifies. */
function readSweepRecordIdOn(number: number): number | null {
  const read = readSignedRecords(introductionOf(number).body, recordKey(sim.apiKey), { repository: REPO, number })
  return read.kind === 'verified' ? readSweepRecordId(read.body) : null
}

/** Edits comment `id` (the token's own) through the fake GitHub's REST API, as anyone holding the token can. */
async function patchComment(id: number, body: string): Promise<void> {
  const response = await fetch(`${sim.url}/api/v3/repos/${REPO}/issues/comments/${id}`, {
    method: 'PATCH',
    headers: { authorization: `token ${sim.github.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body })
  })
  expect(response.status).toBe(200)
}

/**
 * The introduction names the sweep's record by its id, and still verifies with every marker other code
 * reads: its job, its code pull request, its sequence.
 */
function expectNamedRecord(number: number, jobId: string): void {
  const { body } = introductionOf(number)
  const read = readSignedRecords(body, recordKey(sim.apiKey), { repository: REPO, number })
  expect(read.kind).toBe('verified')
  const records = read.kind === 'verified' ? read.body : ''
  expect(readSweepRecordId(records)).toBe(stickyOf(number).id)
  expect(jobIdInMarker(records)).toBe(jobId)
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
    // The note, the record, and the introduction naming the record: the token's own, signed.
    expect(writesSince(before)).toEqual([
      'POST /issues/201/comments',
      'POST /issues/201/comments',
      `PATCH /issues/comments/${introductionOf(201).id}`
    ])
    expect(ownComments(201)).toContain(`${CLOSED_NOTE(`${CODE_REPO}#7`)}`)
    expectNamedRecord(201, 'job_a')
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
        'not judged': 0,
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
      `PATCH /issues/comments/${introductionOf(201).id}`,
      'POST /issues/202/comments',
      'PATCH /pulls/202',
      'POST /issues/202/comments',
      `PATCH /issues/comments/${introductionOf(202).id}`
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
    expect(writesSince(before)).toEqual(['POST /issues/201/comments', `PATCH /issues/comments/${introductionOf(201).id}`])
    expect(recordOn(201)?.followedUp).toHaveLength(1)
    expectNamedRecord(201, jobId)
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
    expect(writesSince(moved)).toEqual([`PATCH /issues/comments/${stickyOf(201).id}`])
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
    expect(writesSince(before)).toEqual([
      'POST /issues/201/comments',
      'POST /pulls/201/requested_reviewers',
      'POST /issues/201/comments',
      `PATCH /issues/comments/${introductionOf(201).id}`
    ])
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
    expect(writesSince(before)).toEqual([
      'POST /issues/201/comments',
      'POST /issues/201/comments',
      `PATCH /issues/comments/${introductionOf(201).id}`
    ])
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
    // 16 operations pay for 2 visits of at most 8 requests; run 1 starts at (1 × 2) mod 3, the third by number.
    const { result } = await sweep({ 'operations-per-run': '16' })
    expect(result.verdict).toMatchObject({ outcome: 'partial', result: 'notice' })
    expect(result.verdict.headline).toBe(`Looked after 2 of 3 open agent pull requests in ${REPO} (2 fine); left for later runs: #202.`)
    expect(sweepFile()).toMatchObject({ listed: 3, leftForLater: [202] })
    expect(sweepFile().visited.map((entry) => entry.number)).toEqual([203, 201])
    expect(result.summary).toMatch(/Left for later runs \(the rotation reaches them\): \[#202\]\(https:\/\/github\.com\/.+\/pull\/202\)\./)
    expect(JSON.parse(result.outputs.report ?? '')).toMatchObject({ listed: 3, visited: 2, leftForLater: 1, fine: 2 })
  })

  it('a visit is carried out whole, writes included: operations-per-run 8 pays for one, the most it can cost', async () => {
    sim.github.setPermission(REPO, 'bob', 'write')
    for (const number of [201, 202]) {
      addCodePull(sim, number)
      addAgentPull(sim, { number, jobId: `job_${number}`, codePull: number, createdAt: daysAgo(12), updatedAt: daysAgo(12) })
      sim.github.addReview(REPO, number, { user: 'bob', state: 'COMMENTED', submittedAt: daysAgo(9) })
    }
    // GitHub has computed whether they merge (a first read does, in the background).
    for (const number of [201, 202])
      await fetch(`${sim.url}/api/v3/repos/${REPO}/pulls/${number}`, { headers: { authorization: `token ${sim.github.token}` } })
    // Run 1 visits #202: 4 reads (the pull request, its comments, its reviews, its code pull request) and 4
    // writes (the comment, the review request, the record and the introduction naming it).
    const before = mark()
    const { result } = await sweep({ 'operations-per-run': '8' })
    expect(sweepFile().visited).toEqual([
      expect.objectContaining({ number: 202, decision: 'stale', done: expect.arrayContaining(['asked bob to review again']) })
    ])
    const requests = sim
      .githubRequests()
      .slice(before.github)
      .filter((request) => request.path !== '/api/graphql')
    expect(requests.slice(1).map((request) => request.method)).toEqual(['GET', 'GET', 'GET', 'GET', 'POST', 'POST', 'POST', 'PATCH'])
    expect(result.verdict.outcome).toBe('partial')
    // Run 2 visits #201, run 3 #202 again: 5 reads (its record by its id now), nothing written.
    await sweep({ 'operations-per-run': '8' }, 2)
    expect(sweepFile().visited).toEqual([expect.objectContaining({ number: 201, decision: 'stale' })])
    const again = mark()
    await sweep({ 'operations-per-run': '8' }, 3)
    expect(sweepFile().visited).toEqual([expect.objectContaining({ number: 202, decision: 'stale', done: [] })])
    expect(writesSince(again)).toEqual([])
    const reads = sim
      .githubRequests()
      .slice(again.github)
      .filter((request) => request.path !== '/api/graphql')
    expect(reads.slice(1).map((request) => `${request.method} ${request.path.replace(`/api/v3/repos/${REPO}`, '')}`)).toEqual([
      'GET /pulls/202',
      'GET /issues/202/comments',
      `GET /issues/comments/${stickyOf(202).id}`,
      'GET /pulls/202/reviews',
      'GET /api/v3/repos/octo-org/app/pulls/202'
    ])
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

describe("the sweep's record, by the id its introduction holds", () => {
  it('an introduction GitHub refuses to edit: one warning; the next sweep finds the record on the first page and names it then', async () => {
    sim.github.setPermission(REPO, 'bob', 'write')
    addCodePull(sim, 7)
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7, createdAt: daysAgo(12), updatedAt: daysAgo(12) })
    sim.github.addReview(REPO, 201, { user: 'bob', state: 'COMMENTED', submittedAt: daysAgo(9) })
    const introduction = introductionOf(201).id
    let refused = true
    sim.route('PATCH', new RegExp(`/repos/${REPO}/issues/comments/${introduction}$`), () =>
      refused ? { status: 403, json: { message: 'Resource not accessible by integration' } } : undefined
    )
    const { log } = await sweep()
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^The sweep could not name its record \\(comment ${stickyOf(201).id}\\) in the introduction of ${REPO}#201: .*403.* The next sweep finds the record on the first page`
        )
      )
    ])
    expect(readSweepRecordIdOn(201)).toBeNull()

    refused = false
    const before = mark()
    await sweep({}, 2)
    expect(sweepFile().visited[0]).toMatchObject({ decision: 'stale', done: [] })
    expect(writesSince(before)).toEqual([])
    expect(ownComments(201).filter((body) => body === 'Waiting for review for 12 days.')).toHaveLength(1)
  })

  it("an earlier version's record on the first page counts, and on the next write is updated in place and named in the introduction", async () => {
    addAgentPull(sim, { number: 201, jobId: await startJob(sim, 'completed'), mergeable: false })
    sim.scriptNextMessage({ outcome: 'no-changes', afterPolls: 0 })
    const earlier = { ...EMPTY_SWEEP_RECORD, supersededNoted: true }
    const body = renderStickyComment(renderSweepRecord(earlier) ?? '', earlier)
    const sticky = sim.github.addComment(REPO, 201, {
      user: sim.github.identity,
      body: signedComment(body, { repository: REPO, number: 201 }, sim.apiKey)
    })

    const before = mark()
    await sweep()
    expect(messagesSince(before)).toHaveLength(1)
    expect(writesSince(before)).toEqual([`PATCH /issues/comments/${sticky.id}`, `PATCH /issues/comments/${introductionOf(201).id}`])
    expect(readSweepRecordIdOn(201)).toBe(sticky.id)
    expect(recordOn(201)).toMatchObject({ supersededNoted: true, followedUp: [expect.any(String)] })
  })

  it("a record id that names someone else's comment, or one whose record does not verify, is unknown: nothing is written", async () => {
    addCodePull(sim, 7, 'closed')
    addCodePull(sim, 8, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    addAgentPull(sim, { number: 202, jobId: 'job_b', codePull: 8 })
    await sweep()
    // #201's record is edited by hand; #202's introduction is made to name a comment of mallory's.
    const record = stickyOf(201)
    await patchComment(
      record.id,
      record.body.replace(/<!-- docs-agent-action:sweep v1 \S+ -->/, renderSweepRecord(EMPTY_SWEEP_RECORD) ?? '')
    )
    const theirs = sim.github.addComment(REPO, 202, { user: 'mallory', body: 'Hello' })
    const named = withSweepRecordMarker(introductionOf(202).body, theirs.id) ?? ''
    await patchComment(introductionOf(202).id, signedComment(named, { repository: REPO, number: 202 }, sim.apiKey))

    const before = mark()
    await sweep({}, 2)
    const [one, two] = sweepFile().visited
    expect(one).toMatchObject({
      number: 201,
      decision: 'unknown',
      why: expect.stringMatching(/holds no signed record of the sweep for #201/)
    })
    expect(two).toMatchObject({
      number: 202,
      decision: 'unknown',
      why: expect.stringMatching(/was written by mallory, whose records do not count/)
    })
    expect(writesSince(before)).toEqual([])
  })
})

describe('over budget', () => {
  it("Mintlify's 402 refuses a follow-up: it is listed over budget, one warning, no other follow-up tried, nothing recorded", async () => {
    addAgentPull(sim, { number: 201, jobId: await startJob(sim, 'completed'), mergeable: false })
    addAgentPull(sim, { number: 202, jobId: await startJob(sim, 'completed'), mergeable: false })
    sim.credits.remaining = 0
    const before = mark()
    const { result, log } = await sweep()
    const posts = sim
      .mintlifyRequests()
      .slice(before.mintlify)
      .filter((request) => request.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(
        /^Mintlify's AI credits are exhausted.* The sweep's conflict follow-ups are not sent in this run \(the first for .+#201\)/
      )
    ])
    for (const entry of sweepFile().visited)
      expect(entry).toMatchObject({
        decision: 'conflict',
        why: expect.stringMatching(/^it no longer merges; over budget: nothing sent to job \S+, nothing recorded/),
        done: [expect.stringMatching(/^not sent, over budget: Mintlify's AI credits are exhausted/)]
      })
    expect(writesSince(before)).toEqual([])
    expect(result.verdict.outcome).toBe('swept')
    expect(result.summary).toContain('not sent, over budget')
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
