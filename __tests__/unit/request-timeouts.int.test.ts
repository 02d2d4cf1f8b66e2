/**
 * The fault matrix's cells whose fault is a request that never answers, in-process on a virtual clock:
 * src/main.ts's run() against the simulator, with the request's time limit firing where the real 30 s
 * one would. The checks are the end-to-end matrix's (__tests__/e2e/fault-matrix.test.ts), which keeps one
 * such cell in real time: the outcome the retry rules promise, never two jobs, no HTML page, the
 * deadline kept; and here also that the request did hang and was reported as a time-out.
 */
import { afterAll, beforeAll, expect, jest, test } from '@jest/globals'
import * as core from '../fixtures/core.js'
import {
  CELLS,
  END_TO_END_CELLS,
  failuresOf,
  freePort,
  HANG,
  IN_PROCESS_CELLS,
  type MatrixRunner,
  matrixTable,
  REAL_TIMEOUT_STEP,
  type Row,
  runCell
} from '../fixtures/fault-matrix.js'
import { REPO } from '../fixtures/webhook-payloads.js'
import { runInProcess } from '../fixtures/in-process.js'
import { startHelloWorld } from '../e2e/triggers/helpers.js'
import { preloadToolkit } from '../fixtures/github-client.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../src/main.js')

const rows: Row[] = []
const hung: Record<string, number> = {}

const inProcess: MatrixRunner = {
  inProcess: true,
  run: async (sim, { eventName, event, inputs }, hang) => {
    const result = await runInProcess(run, sim, { eventName, event, inputs, repository: REPO, hang: hang ? { route: hang } : undefined })
    if (hang) hung[hang] = result.hung
    return { outputs: result.outputs, log: result.log, durationMs: result.durationMs, unseenRequests: result.hung }
  }
}

beforeAll(preloadToolkit)

afterAll(() => {
  console.log(matrixTable(rows))
})

test.each(IN_PROCESS_CELLS.map((cell) => [cell.step.name, cell] as const))(
  'a request that never answers at step "%s" ends with the outcome the retry rules promise',
  async (_name, cell) => {
    const sim = await startHelloWorld()
    try {
      const row = await runCell(sim, cell, await freePort(), inProcess)
      rows.push(row)
      expect(failuresOf([row])).toEqual([])
      expect(hung[cell.step.route]).toBe(1)
      // The time limit fired on the virtual clock: the run took at least the 30 s a real one waits.
      expect(row.seconds).toBeGreaterThanOrEqual(30)
      // A POST is not sent again and says it timed out; a read is retried at once, the log naming the lost answer.
      expect(row.log).toMatch(/no response (from GitHub )?within 30s|GitHub (GET|PATCH|POST) \S+ failed \(no answer\); retrying in/)
    } finally {
      await sim.close()
    }
  }
)

test('the two matrices together run every cell once, and only one hang waits out the real timeout', () => {
  expect([...END_TO_END_CELLS, ...IN_PROCESS_CELLS]).toHaveLength(CELLS.length)
  expect(new Set([...END_TO_END_CELLS, ...IN_PROCESS_CELLS]).size).toBe(CELLS.length)
  expect(END_TO_END_CELLS.filter((cell) => cell.fault === HANG).map((cell) => cell.step.name)).toEqual([REAL_TIMEOUT_STEP])
  expect(IN_PROCESS_CELLS.every((cell) => cell.fault === HANG)).toBe(true)
  expect(IN_PROCESS_CELLS).toHaveLength(9)
})
