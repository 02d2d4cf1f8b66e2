/**
 * The rotation end to end on dist/index.js (DESIGN, "The agent's pull requests, looked after"): with the
 * default operations-per-run (96: k = floor(96 / 8) = 12 visits a run), 10, 61 and 300 agent pull requests
 * that each record their code pull request and are each due a write (an orphan note, or a stale comment
 * with a review request) are each visited and acted on within ceil(n / k) runs of increasing run numbers,
 * with no stored cursor. Some hold more than 100 comments by others before the sweep's record (so the record
 * stands beyond the first page of comments), some get them after it: a second round of runs over the
 * unchanged world visits each again and writes nothing and sends nothing, as the record is read by the id
 * the introduction holds.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { REPO } from '../../fixtures/webhook-payloads.js'
import { startHelloWorld } from '../triggers/helpers.js'
import { addAgentPull, addCodePull, CODE_REPO, daysAgo, githubWrites, mark, messagesSent, sweep, sweepFile } from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** floor(96 / 8): the visits one run of the default operations-per-run holds. */
const K = 12
const FIRST = 1001
/** Comments by others on a busy pull request: more than one page. */
const FLOOD = 110

const closedNote = (number: number): string => `${CODE_REPO}#${number} was closed without merging: this documentation may no longer apply.`
const STALE_COMMENT = /^Waiting for review for 20 days\.$/

/** Even ones are orphans (their code pull request closed unmerged), odd ones wait for review; every tenth holds a flood of comments before the record. */
function dueWorld(n: number): { orphans: number[]; stale: number[]; busy: number[] } {
  sim.github.setPermission(REPO, 'bob', 'write')
  const world = { orphans: [] as number[], stale: [] as number[], busy: [] as number[] }
  for (let i = 0; i < n; i++) {
    const number = FIRST + i
    if (i % 2 === 0) {
      addCodePull(sim, number, 'closed')
      addAgentPull(sim, { number, jobId: `job_${number}`, codePull: number })
      world.orphans.push(number)
      if (i % 10 === 0) {
        flood(number)
        world.busy.push(number)
      }
    } else {
      addCodePull(sim, number)
      addAgentPull(sim, { number, jobId: `job_${number}`, codePull: number, createdAt: daysAgo(20), updatedAt: daysAgo(10) })
      sim.github.addReview(REPO, number, { user: 'bob', state: 'COMMENTED', submittedAt: daysAgo(10) })
      world.stale.push(number)
    }
  }
  return world
}

/** Comments by people and bots, after the introduction: the sweep's record, once written, comes after them all. */
function flood(number: number): void {
  for (let i = 0; i < FLOOD; i++) sim.github.addComment(REPO, number, { user: i % 2 ? 'renovate[bot]' : 'carol', body: `Comment ${i}` })
}

function countOn(number: number, matches: (body: string) => boolean): number {
  return sim.github.comments(REPO, number).filter((comment) => comment.user.login === sim.github.identity && matches(comment.body)).length
}

describe('the rotation', () => {
  test.each([10, 61, 300])(
    '%i agent pull requests, each due a write: each visited and acted on within ceil(n / 12) runs, nothing written twice',
    async (n) => {
      const world = dueWorld(n)
      const due = (number: number): string => (world.orphans.includes(number) ? 'orphan' : 'stale')
      const runs = Math.ceil(n / K)
      const actedIn = new Map<number, number>()
      const visits: number[] = []
      const misjudged: [number, string][] = []
      for (let runNumber = 1; runNumber <= runs; runNumber++) {
        const run = await sweep(sim, {}, runNumber)
        expect(run.exitCode).toBe(0)
        const { visited } = sweepFile(run)
        visits.push(visited.length)
        for (const entry of visited) {
          if (entry.decision !== due(entry.number)) misjudged.push([entry.number, entry.decision])
          if (entry.done.length > 0 && !actedIn.has(entry.number)) actedIn.set(entry.number, runNumber)
        }
      }
      // Every one was visited and acted on (its note, or its comment and the review request), k a run.
      const numbers = Array.from({ length: n }, (_, i) => FIRST + i)
      expect(numbers.filter((number) => !actedIn.has(number))).toEqual([])
      expect(visits).toEqual(Array.from({ length: runs }, () => Math.min(K, n)))
      expect(misjudged).toEqual([])
      const repeated = (): number[] =>
        numbers.filter((number) =>
          world.orphans.includes(number)
            ? countOn(number, (body) => body === closedNote(number)) !== 1
            : countOn(number, (body) => STALE_COMMENT.test(body)) !== 1
        )
      expect(repeated()).toEqual([])
      // The busy ones' records stand beyond the first page of comments.
      for (const number of world.busy) {
        const comments = sim.github.comments(REPO, number)
        expect(comments.findIndex((comment) => comment.body.includes('docs-agent-action:sweep v1'))).toBeGreaterThan(100)
      }

      // Others write more than a page after the record on some; then a second round over the unchanged world,
      // with a budget that visits 125 a run (so it comes round sooner): each visited again, nothing written.
      for (const number of world.orphans.filter((_, i) => i % 5 === 2)) flood(number)
      const again = new Set<number>()
      const writes: string[] = []
      for (let runNumber = runs + 1; runNumber <= runs + Math.ceil(n / 125); runNumber++) {
        const before = mark(sim)
        const run = await sweep(sim, { 'operations-per-run': '1000' }, runNumber)
        for (const entry of sweepFile(run).visited) {
          again.add(entry.number)
          if (entry.decision !== due(entry.number)) misjudged.push([entry.number, entry.decision])
        }
        writes.push(...githubWrites(sim, before), ...messagesSent(sim, before))
      }
      expect(repeated()).toEqual([])
      expect(writes).toEqual([])
      expect(again.size).toBe(n)
      expect(misjudged).toEqual([])
    },
    600_000
  )
})
