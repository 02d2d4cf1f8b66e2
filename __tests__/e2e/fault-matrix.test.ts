/**
 * Every fault the simulator knows, at every step where it can hit a run, against the bundled action.
 * Each cell runs dist/index.js once with one fault at one step and checks the outcome DESIGN.md
 * "Requests" and "Waiting" promise for it: a GET (poll, analytics page) and a GitHub read or update
 * outlast any transient fault, and a wait outlasts polls that fail past their retries; a create or
 * message POST is retried only on 429, and otherwise fails saying the job may exist; GitHub trouble
 * never changes the run's result, except a permission look-up that cannot succeed at all (a slash
 * command cannot be judged without it). In every cell: never two jobs, no HTML page shown, the deadline kept.
 * The matrix is printed as a table (outcome, requests sent, creates, time against the deadline).
 *
 * A request that never answers waits out the real 30 s request timeout: one such cell (a poll) runs here,
 * end to end; the others run in-process on a virtual clock, with the same checks
 * (__tests__/unit/request-timeouts.test.ts).
 *
 * Left out on purpose: 404, malformed JSON and missing fields on GitHub routes (the GitHub module reads
 * them like any failed call; github-api.test.ts covers them in-process), and connection refused on
 * GitHub (the same code path as a reset before anything was sent).
 */
import { afterAll, expect, test } from '@jest/globals'
import {
  END_TO_END_CELLS,
  failuresOf,
  freePort,
  HANG,
  type MatrixRunner,
  matrixTable,
  REAL_TIMEOUT_STEP,
  type Row,
  runCell
} from '../fixtures/fault-matrix.js'
import { runOn, startHelloWorld } from './triggers/helpers.js'

const rows: Row[] = []

const inChildProcess: MatrixRunner = {
  inProcess: false,
  run: (sim, { eventName, event, inputs }) => runOn(sim, eventName, event, { inputs })
}

afterAll(() => {
  console.log(matrixTable(rows))
})

test(`${END_TO_END_CELLS.length} runs, one fault at one step each, end with the outcome the retry rules promise`, async () => {
  const closedPort = await freePort()
  // The hang first: it waits out the 30 s request timeout while the other cells run beside it.
  const hangFirst = [...END_TO_END_CELLS].sort((a, b) => Number(b.fault === HANG) - Number(a.fault === HANG))
  await inPool(
    hangFirst.map((cell) => async () => {
      const sim = await startHelloWorld()
      try {
        rows.push(await runCell(sim, cell, closedPort, inChildProcess))
      } finally {
        await sim.close()
      }
    }),
    6
  )
  expect(failuresOf(rows)).toEqual([])
  expect(rows).toHaveLength(END_TO_END_CELLS.length)
  expect(rows.filter((row) => row.fault === HANG).map((row) => row.step)).toEqual([REAL_TIMEOUT_STEP])
}, 600_000)

/** Runs `tasks` with at most `size` at once. */
async function inPool(tasks: (() => Promise<void>)[], size: number): Promise<void> {
  const queue = [...tasks]
  const worker = async (): Promise<void> => {
    for (let task = queue.shift(); task; task = queue.shift()) await task()
  }
  await Promise.all(Array.from({ length: size }, worker))
}
