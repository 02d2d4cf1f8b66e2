/**
 * What a sweep costs and when it acts (DESIGN, "The agent's pull requests, looked after"), end to end on
 * dist/index.js: the list at most 3 requests, at most operations-per-run GitHub requests after it, at most
 * max-follow-ups messages; three sweeps in a row over an unchanged world, the second and third writing
 * nothing; the dry run; the bad inputs; and the trust gate's skip under a comment. (The rotation over 10, 61
 * and 300 pull requests: rotation.test.ts.)
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { commentPayload, REPO } from '../../fixtures/webhook-payloads.js'
import { annotations, output } from '../harness.js'
import { githubCalls, runOn, startHelloWorld } from '../triggers/helpers.js'
import { addAgentPull, addCodePull, daysAgo, decisions, githubWrites, mark, messagesSent, startJob, sweep, sweepFile } from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** 120 open agent pull requests: 30 stale, 10 conflicting, 5 orphaned, the rest fine. */
async function busyWorld(): Promise<void> {
  sim.github.setPermission(REPO, 'bob', 'write')
  for (let i = 0; i < 120; i++) {
    const number = 300 + i
    if (i < 30) {
      addCodePull(sim, number)
      addAgentPull(sim, { number, jobId: `job_s${i}`, codePull: number, createdAt: daysAgo(20), updatedAt: daysAgo(10) })
      sim.github.addReview(REPO, number, { user: 'bob', state: 'COMMENTED', submittedAt: daysAgo(10) })
    } else if (i < 40) {
      addAgentPull(sim, { number, jobId: await startJob(sim, 'completed'), mergeable: false })
    } else if (i < 45) {
      addCodePull(sim, number, 'closed')
      addAgentPull(sim, { number, jobId: `job_o${i}`, codePull: number })
    } else {
      addCodePull(sim, number)
      addAgentPull(sim, { number, jobId: `job_f${i}`, codePull: number })
    }
  }
}

describe('the bounds', () => {
  test('120 open agent pull requests: at most 3 list requests, operations-per-run after them, max-follow-ups messages', async () => {
    await busyWorld()
    for (const [runNumber, operations] of [
      [3, 96],
      [4, 96],
      [5, 30]
    ] as const) {
      const before = mark(sim)
      const run = await sweep(sim, { 'operations-per-run': String(operations) }, runNumber)
      expect(output(run, 'outcome')).toBe('partial')
      const calls = githubCalls(sim, before)
      const lists = calls.map((call, i) => [call, i] as const).filter(([call]) => call.startsWith('GET /issues?') || call === 'GET /issues')
      expect(lists.length).toBeGreaterThanOrEqual(1)
      expect(lists.length).toBeLessThanOrEqual(3)
      const afterList = calls.length - 1 - (lists.at(-1)?.[1] ?? 0)
      expect(afterList).toBeLessThanOrEqual(operations)
      expect(messagesSent(sim, before).length).toBeLessThanOrEqual(3)
      // k = floor(operations-per-run / 8) visits, each carried out whole.
      expect(sweepFile(run).visited).toHaveLength(Math.floor(operations / 8))
    }
  }, 120_000)
})

describe('idempotence', () => {
  test('three sweeps in a row over an unchanged world: the second and the third write nothing', async () => {
    sim.github.setPermission(REPO, 'bob', 'write')
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    sim.scriptNextMessage({ outcome: 'no-changes', afterPolls: 0 })
    addAgentPull(sim, { number: 202, jobId: await startJob(sim, 'completed'), mergeable: false })
    addCodePull(sim, 8)
    addAgentPull(sim, { number: 203, jobId: 'job_c', codePull: 8, createdAt: daysAgo(20), updatedAt: daysAgo(10) })
    sim.github.addReview(REPO, 203, { user: 'bob', state: 'COMMENTED', submittedAt: daysAgo(10) })
    addAgentPull(sim, { number: 204, jobId: 'job_d', codePull: 8, createdAt: daysAgo(5) })

    const first = mark(sim)
    const one = await sweep(sim)
    expect(decisions(one)).toEqual({ 201: 'orphan', 202: 'conflict', 203: 'stale', 204: 'fine' })
    expect(githubWrites(sim, first).length).toBeGreaterThan(0)
    expect(messagesSent(sim, first)).toHaveLength(1)
    for (const runNumber of [2, 3]) {
      const before = mark(sim)
      const run = await sweep(sim, {}, runNumber)
      expect(output(run, 'outcome')).toBe('swept')
      expect(githubWrites(sim, before)).toEqual([])
      expect(messagesSent(sim, before)).toEqual([])
    }
  })
})

describe('the dry run', () => {
  test('reads no job (job not read), sends nothing, writes nothing to GitHub and no file', async () => {
    addCodePull(sim, 7, 'closed')
    addAgentPull(sim, { number: 201, jobId: 'job_a', codePull: 7 })
    addAgentPull(sim, { number: 202, jobId: await startJob(sim, 'completed'), mergeable: false })
    const before = mark(sim)
    const run = await sweep(sim, { 'dry-run': 'true' })
    expect(output(run, 'outcome')).toBe('dry-run')
    expect(sim.mintlifyRequests().slice(before.mintlify)).toEqual([])
    expect(githubWrites(sim, before)).toEqual([])
    expect(existsSync(join(run.workspace, 'docs-sweep.json'))).toBe(false)
    expect(run.summary).toContain('not read (dry run)')
    expect(run.summary).toContain('would comment')
  })
})

describe('bad input, before any request', () => {
  test.each([
    ['stale-days', '366', /Input 'stale-days' must be a whole number from 0 to 365/],
    ['stale-days', '1.5', /Input 'stale-days' must be a whole number from 0 to 365/],
    ['orphans', 'delete', /Input 'orphans' must be one of keep, comment, close/],
    ['max-follow-ups', '1001', /Input 'max-follow-ups' must be a whole number from 0 to 1000/],
    ['operations-per-run', '-1', /Input 'operations-per-run' must be a whole number from 8 to 1000/],
    [
      'operations-per-run',
      '7',
      /^Input 'operations-per-run' must be a whole number from 8 to 1000, 8 being the most one visit of a pull request can cost in GitHub requests \(its reads and writes together\); got '7'\.$/
    ]
  ])('%s: %s', async (name, value, message) => {
    const run = await sweep(sim, { [name]: value })
    expect(run.exitCode).toBe(1)
    expect(annotations(run, 'error')).toEqual([expect.stringMatching(message)])
    expect(sim.requests).toEqual([])
  })
})

describe('the trust gate', () => {
  test('under a comment a sweep is skipped with a notice, and nothing is listed', async () => {
    addAgentPull(sim, { number: 201, jobId: 'job_a' })
    const payload = commentPayload(sim, { body: '/docs sweep please', on: 201, pullRequest: true })
    const before = mark(sim)
    const run = await runOn(sim, 'issue_comment', payload, { inputs: { operation: 'sweep', prompt: '' } })
    expect(output(run, 'outcome')).toBe('skipped')
    expect(annotations(run, 'notice').join('\n')).toMatch(/does not steer a sweep/)
    expect(githubCalls(sim, before).filter((call) => call.startsWith('GET /issues?'))).toEqual([])
  })
})
