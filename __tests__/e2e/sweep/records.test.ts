/**
 * What the sweep writes rests on its records (DESIGN, "The agent's pull requests, looked after"), end to end
 * on dist/index.js: its record is the comment whose id the introduction holds, read in one request; a record
 * id that does not answer, or an introduction beyond the first page of comments, is `unknown` and writes
 * nothing; only pull requests with a trusted introduction are the agent's (one that only carries the label
 * is `unknown`, "no introduction"); superseded is `not judged` where the newer one was not visited, the same
 * way run after run; and a conflict follow-up refused by the spend limit or Mintlify's 402 is listed over
 * budget, with nothing recorded, so the next run tries again.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { readSweepRecordId } from '../../../src/github/markers.js'
import { readSignedRecords, recordKey } from '../../../src/trust/signed-records.js'
import { REPO } from '../../fixtures/webhook-payloads.js'
import { annotations, output } from '../harness.js'
import { githubCalls, ownComments, startHelloWorld } from '../triggers/helpers.js'
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

const CLOSED_NOTE = (number: number): string => `${CODE_REPO}#${number} was closed without merging: this documentation may no longer apply.`
const STICKY = '<!-- docs-agent-action:status sweep -->'

/** The id of the sweep's record that the introduction on `number` names, read from its verified records. */
function namedRecord(number: number): number | null {
  const introduction = sim.github.comments(REPO, number).find((comment) => comment.id === introductionId(sim, number))
  const read = readSignedRecords(introduction?.body ?? '', recordKey(sim.apiKey), { repository: REPO, number })
  return read.kind === 'verified' ? readSweepRecordId(read.body) : null
}

describe("the sweep's record, by the id its introduction holds", () => {
  test('the first write names the record in the introduction, which still verifies; the next sweep reads it by that id', async () => {
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    await sweep(sim)
    const record = ownComments(sim, 201).find((comment) => comment.body.startsWith(STICKY))
    expect(record).toBeDefined()
    expect(namedRecord(201)).toBe(record?.id)
    // The introduction keeps the job it names: a /docs reply there still reaches job_a.
    expect(sim.github.comments(REPO, 201)[0]?.body).toContain('<!-- docs-agent-action:job job_a -->')

    const before = mark(sim)
    const again = await sweep(sim, {}, 2)
    expect(decisions(again)).toEqual({ 201: 'orphan' })
    expect(githubCalls(sim, before)).toContain(`GET /issues/comments/${record?.id}`)
    expect(githubWrites(sim, before)).toEqual([])
  })

  test('more than 100 comments by others before the record: it is still read, and no note or follow-up is written again', async () => {
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    addAgentPull(sim, { number: 202, jobId: await startJob(sim, 'completed'), mergeable: false })
    for (const number of [201, 202])
      for (let i = 0; i < 110; i++) sim.github.addComment(REPO, number, { user: i % 2 ? 'renovate[bot]' : 'carol', body: `Comment ${i}` })
    sim.scriptNextMessage({ outcome: 'no-changes', afterPolls: 0 })
    const first = mark(sim)
    expect(decisions(await sweep(sim))).toEqual({ 201: 'orphan', 202: 'conflict' })
    expect(messagesSent(sim, first)).toHaveLength(1)
    // The records stand on the second page of comments.
    for (const number of [201, 202])
      expect(sim.github.comments(REPO, number).findIndex((comment) => comment.body.startsWith(STICKY))).toBeGreaterThan(100)

    for (const runNumber of [2, 3]) {
      const before = mark(sim)
      expect(decisions(await sweep(sim, {}, runNumber))).toEqual({ 201: 'orphan', 202: 'conflict' })
      expect(githubWrites(sim, before)).toEqual([])
      expect(messagesSent(sim, before)).toEqual([])
    }
    expect(ownComments(sim, 201).filter((comment) => comment.body === CLOSED_NOTE(7))).toHaveLength(1)
  })

  test('a record id that does not answer is unknown: no note, no follow-up written again', async () => {
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    addAgentPull(sim, { number: 202, jobId: await startJob(sim, 'completed'), mergeable: false })
    sim.scriptNextMessage({ outcome: 'no-changes', afterPolls: 0 })
    await sweep(sim)
    for (const number of [201, 202]) {
      const id = namedRecord(number)
      expect(id).not.toBeNull()
      sim.github.deleteComment(REPO, id ?? 0)
    }

    const before = mark(sim)
    const run = await sweep(sim, {}, 2)
    expect(decisions(run)).toEqual({ 201: 'unknown', 202: 'unknown' })
    for (const entry of sweepFile(run).visited)
      expect(entry.why).toMatch(/^the sweep's record \(comment \d+\), which its introduction names, could not be read: .*404/)
    expect(githubWrites(sim, before)).toEqual([])
    expect(messagesSent(sim, before)).toEqual([])
    expect(ownComments(sim, 201).filter((comment) => comment.body === CLOSED_NOTE(7))).toHaveLength(1)
  })

  test('an introduction beyond the first page of comments is unknown, and nothing is written', async () => {
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7, commentsBefore: 100 })
    const before = mark(sim)
    const run = await sweep(sim)
    expect(decisions(run)).toEqual({ 201: 'unknown' })
    expect(sweepFile(run).visited[0]?.why).toMatch(/^no introduction: none of the first 100 comments/)
    expect(githubWrites(sim, before)).toEqual([])
  })
})

describe("only the agent's pull requests are swept", () => {
  test('a pull request that only carries the label is unknown, "no introduction": not commented on, no reviewer asked, never closed', async () => {
    sim.github.setPermission(REPO, 'bob', 'write')
    // An outsider's pull request a triage user labelled: waiting for review for weeks.
    addAgentPull(sim, { number: 201, jobId: null, createdAt: daysAgo(20), updatedAt: daysAgo(10) })
    sim.github.addReview(REPO, 201, { user: 'bob', state: 'COMMENTED', submittedAt: daysAgo(10) })
    const before = mark(sim)
    const run = await sweep(sim, { orphans: 'close', reviewers: 'bob' })
    expect(decisions(run)).toEqual({ 201: 'unknown' })
    expect(sweepFile(run).visited[0]?.why).toMatch(/^no introduction/)
    expect(run.summary).toContain('**unknown**: no introduction')
    expect(githubWrites(sim, before)).toEqual([])
    expect(JSON.parse(output(run, 'report'))).toMatchObject({ visited: 1, unknown: 1, stale: 0 })
  })
})

describe('not judged', () => {
  test('superseded where the newer one was not visited in this run: not judged, never fine, the same run after run', async () => {
    addCodePull(sim, 7)
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7, createdAt: daysAgo(3) })
    addAgentPull(sim, { number: 202, jobId: 'job_b', codePull: 7, createdAt: daysAgo(2) })
    // operations-per-run 8: one visit a run, so the two are never visited together.
    const before = mark(sim)
    for (let runNumber = 1; runNumber <= 4; runNumber++) {
      const run = await sweep(sim, { 'operations-per-run': '8' }, runNumber)
      const [entry] = sweepFile(run).visited
      if (entry?.number === 201) {
        expect(entry.decision).toBe('not judged')
        expect(entry.why).toBe(
          `superseded not judged: 1 newer labelled pull request not visited in this run (#202) may record ${CODE_REPO}#7 too; they are judged together when one run visits them`
        )
        expect(JSON.parse(output(run, 'report'))).toMatchObject({ 'not judged': 1, fine: 0 })
        expect(run.summary).toContain('Superseded was not judged for #201')
      } else expect(entry).toMatchObject({ number: 202, decision: 'fine' })
    }
    expect(githubWrites(sim, before)).toEqual([])
    // Visited together, the older is superseded.
    expect(decisions(await sweep(sim, {}, 5))).toEqual({ 201: 'superseded', 202: 'fine' })
  })
})

describe('over budget', () => {
  const LEDGER = 'acme/docs-ledger'
  const LEDGER_TOKEN = 'ghs_LedgerAppT0kenForTheSpendLimit'

  test('a follow-up the spend limit refuses: the conflict is listed over budget, nothing sent, nothing recorded', async () => {
    sim.github.addToken(LEDGER_TOKEN, { identity: 'ledger-app[bot]', repositories: { [LEDGER]: 'write' } })
    sim.github.setPermission(LEDGER, 'acme', 'admin')
    const today = new Date().toISOString().slice(0, 10)
    for (const slot of ['000', '001', '002']) sim.github.gitRefs.add(LEDGER, `refs/docs-agent/spend/day/${today}/${slot}`)
    addAgentPull(sim, { number: 201, jobId: await startJob(sim, 'completed'), mergeable: false })
    addAgentPull(sim, { number: 202, jobId: await startJob(sim, 'completed'), mergeable: false })
    const before = mark(sim)
    const run = await sweep(sim, { 'spend-limit': '3/day', 'spend-ledger': LEDGER, 'spend-token': LEDGER_TOKEN })
    expect(run.exitCode).toBe(0)
    expect(decisions(run)).toEqual({ 201: 'conflict', 202: 'conflict' })
    for (const entry of sweepFile(run).visited) {
      expect(entry.why).toMatch(/^it no longer merges; over budget: nothing sent to job \S+, nothing recorded/)
      expect(entry.done).toEqual([expect.stringMatching(/^not sent, over budget: Spend limit reached: 3 of 3 agent requests today/)])
    }
    expect(messagesSent(sim, before)).toEqual([])
    expect(githubWrites(sim, before)).toEqual([])
    expect(output(run, 'outcome')).toBe('over-budget')
    expect(annotations(run, 'warning').join('\n')).toMatch(/conflict follow-ups are not sent in this run/)
  })

  test("Mintlify's 402: listed over budget and nothing recorded, so the next run sends the follow-up", async () => {
    addAgentPull(sim, { number: 201, jobId: await startJob(sim, 'completed'), mergeable: false })
    sim.credits.remaining = 0
    const before = mark(sim)
    const run = await sweep(sim)
    expect(decisions(run)).toEqual({ 201: 'conflict' })
    expect(sweepFile(run).visited[0]?.done).toEqual([expect.stringMatching(/^not sent, over budget: Mintlify's AI credits are exhausted/)])
    expect(githubWrites(sim, before)).toEqual([])
    expect(annotations(run, 'warning')).toHaveLength(1)

    sim.credits.remaining = null
    sim.scriptNextMessage({ outcome: 'no-changes', afterPolls: 0 })
    const next = mark(sim)
    await sweep(sim, {}, 2)
    expect(messagesSent(sim, next)).toHaveLength(1)
    expect(githubWrites(sim, next)).toEqual(['POST /issues/201/comments', `PATCH /issues/comments/${introductionId(sim, 201)}`])
  })
})
