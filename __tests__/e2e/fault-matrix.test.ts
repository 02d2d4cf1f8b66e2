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
 * Left out on purpose: 404, malformed JSON and missing fields on GitHub routes (the GitHub module reads
 * them like any failed call; github-api.test.ts covers them in-process), and connection refused on
 * GitHub (the same code path as a reset before anything was sent).
 */
import { afterAll, expect, test } from '@jest/globals'
import { createServer } from 'node:net'
import type { ActionRun } from '../../scripts/run-action.js'
import { commentPayload, PULL, pullRequestOpened, PUSH_SHA, pushPayload, REPO } from '../../scripts/webhook-payloads.js'
import type { Fault, FaultRoute, JobScript, Simulator } from '../../simulator/index.js'
import { runOn, startHelloWorld } from './triggers/helpers.js'

/** The run's timeout: the deadline every cell must keep, long enough for one hang past the 30 s request timeout. */
const TIMEOUT_S = 45
/** What a cell may take beyond the deadline: process start, the last comment, the exit. */
const GRACE_S = 15

/** How a fault behaves under the retry rules. */
type Kind = 'transient' | 'rate-limit' | 'fatal'

interface FaultCase {
  kind: Kind
  fault?: Omit<Fault, 'route'>
  /** A job script instead of (or beside) a fault. */
  script?: JobScript
  /** Points `base-url` at a port nothing listens on. */
  refused?: boolean
  /** The outcome when it is not the step's usual one (a record without `prLink` opens no pull request). */
  outcome?: string
  /** What the log must say about the fault. */
  logs?: RegExp
}

const HTTP_DATE_2S = (): string => new Date(Date.now() + 2000).toUTCString()

const MINTLIFY_FAULTS: Record<string, () => FaultCase> = {
  '503 ×2': () => ({ kind: 'transient', fault: { status: 503, times: 2 } }),
  'HTML 502 page': () => ({ kind: 'transient', fault: { html: true, status: 502 } }),
  '429 retry-after 1 s': () => ({ kind: 'rate-limit', fault: { status: 429, retryAfter: '1' } }),
  '429 retry-after date': () => ({ kind: 'rate-limit', fault: { status: 429, retryAfter: HTTP_DATE_2S() } }),
  '429 without retry-after': () => ({ kind: 'rate-limit', fault: { status: 429 } }),
  'plain-text 429': () => ({ kind: 'rate-limit', fault: { status: 429, plainText: true, retryAfter: '1' } }),
  'connection reset': () => ({ kind: 'transient', fault: { reset: true } }),
  'hang past the request timeout': () => ({ kind: 'transient', fault: { delayMs: 120_000, status: 503 } }),
  'malformed JSON': () => ({ kind: 'transient', fault: { malformed: true } }),
  '404': () => ({ kind: 'fatal', fault: { status: 404, message: 'Not found' } }),
  '418 unknown status': () => ({ kind: 'fatal', fault: { status: 418 } })
}

const GITHUB_FAULTS: Record<string, () => FaultCase> = {
  '503 ×2': () => ({ kind: 'transient', fault: { status: 503, times: 2 } }),
  'HTML 502 page': () => ({ kind: 'transient', fault: { html: true, status: 502 } }),
  '429 retry-after 1 s': () => ({ kind: 'rate-limit', fault: { status: 429, retryAfter: '1' } }),
  'secondary rate limit': () => ({ kind: 'rate-limit', fault: { rateLimitResetSeconds: 1 } }),
  'connection reset': () => ({ kind: 'transient', fault: { reset: true, process: false } }),
  'hang past the request timeout': () => ({ kind: 'transient', fault: { delayMs: 120_000, status: 503 } }),
  '403 every time': () => ({ kind: 'fatal', fault: { status: 403, message: 'Resource not accessible by integration', times: 20 } })
}

/** Faults of the job records themselves: an unknown status is still running, a record may lack any field. */
const RECORD_FAULTS: Record<string, () => FaultCase> = {
  'unknown job status': () => ({
    kind: 'transient',
    script: { outcome: 'unknown-status', afterPolls: 2 },
    logs: /reports status 'paused', which this action does not know; treating it as still running/
  }),
  'records with missing fields': () => ({
    kind: 'transient',
    script: { outcome: 'pr', afterPolls: 1, minimal: true },
    outcome: 'no-changes'
  })
}

/** An outage past a poll's 5 attempts: the wait goes on (one warning) and sees the job finish once reads work again. */
const OUTAGE_FAULTS: Record<string, () => FaultCase> = {
  '503 ×7, past the 5 attempts': () => ({
    kind: 'transient',
    fault: { status: 503, retryAfter: '0', times: 7 },
    logs: /runs on whether or not its status can be read[\s\S]*status read again after/
  })
}

/** Nothing listens: a create is retried (nothing was sent), then fails saying so. */
const CONNECTION_FAULTS: Record<string, () => FaultCase> = {
  'connection refused': () => ({ kind: 'fatal', refused: true, logs: /refused/ })
}

interface Step {
  name: string
  route: FaultRoute
  faults: Record<string, () => FaultCase>
  /** The outcome of the run when nothing goes wrong. */
  success: string
  run: (sim: Simulator, inputs: Record<string, string>) => Promise<ActionRun>
  /** Which faults the step survives: GitHub's only fail the run at the permission look-up. */
  expected: (kind: Kind) => string
}

const INPUTS = { 'poll-interval': '500ms', timeout: `${TIMEOUT_S}s`, prompt: 'Document the rate limits' }

const onPullRequest = (sim: Simulator, inputs: Record<string, string>): Promise<ActionRun> =>
  runOn(sim, 'pull_request', pullRequestOpened(), { inputs })
const onCommand = (sim: Simulator, inputs: Record<string, string>): Promise<ActionRun> =>
  runOn(sim, 'issue_comment', commentPayload(sim, { body: '/docs fix the typo' }), { inputs })

/** A GET is retried on every transient fault; a fatal one fails the run. */
const getRule = (success: string) => (kind: Kind) => (kind === 'fatal' ? 'failed' : success)
/** A POST is retried only on 429: any other fault fails the run (the job may exist, and it says so). */
const postRule = (kind: Kind): string => (kind === 'rate-limit' ? 'pr-opened' : 'failed')
/** GitHub is best-effort: the run's result stands whatever GitHub does. */
const bestEffort = (): string => 'pr-opened'

const STEPS: Step[] = [
  {
    name: 'create',
    route: 'create',
    faults: { ...MINTLIFY_FAULTS, ...CONNECTION_FAULTS },
    success: 'pr-opened',
    run: onPullRequest,
    expected: postRule
  },
  {
    name: 'poll',
    route: 'get',
    faults: { ...MINTLIFY_FAULTS, ...RECORD_FAULTS, ...OUTAGE_FAULTS },
    success: 'pr-opened',
    run: onPullRequest,
    expected: getRule('pr-opened')
  },
  {
    name: 'message',
    route: 'message',
    faults: MINTLIFY_FAULTS,
    success: 'pr-opened',
    run: async (sim, inputs) => {
      const id = [...sim.jobs.keys()].at(-1) ?? ''
      return runOn(sim, 'workflow_dispatch', {}, { inputs: { ...inputs, operation: 'message', 'job-id': id, comment: 'false' } })
    },
    expected: postRule
  },
  {
    name: 'analytics page',
    route: 'analytics',
    faults: MINTLIFY_FAULTS,
    success: 'exported',
    run: (sim, inputs) =>
      runOn(
        sim,
        'workflow_dispatch',
        {},
        {
          inputs: { ...inputs, operation: 'visitors', prompt: '', 'date-from': '2026-03-01', 'date-to': '2026-04-01', 'page-size': '50' }
        }
      ),
    expected: getRule('exported')
  },
  {
    name: 'GitHub comment create',
    route: 'github-comment-create',
    faults: GITHUB_FAULTS,
    success: 'pr-opened',
    run: onPullRequest,
    expected: bestEffort
  },
  {
    name: 'GitHub comment update',
    route: 'github-comment-update',
    faults: GITHUB_FAULTS,
    success: 'pr-opened',
    run: onPullRequest,
    expected: bestEffort
  },
  {
    name: 'GitHub permission look-up',
    route: 'github-permission',
    faults: GITHUB_FAULTS,
    success: 'pr-opened',
    run: onCommand,
    // Retried like any read; a look-up that cannot succeed fails the command: it cannot be judged.
    expected: (kind) => (kind === 'fatal' ? 'failed' : 'pr-opened')
  },
  { name: 'GitHub reaction', route: 'github-reaction', faults: GITHUB_FAULTS, success: 'pr-opened', run: onCommand, expected: bestEffort },
  {
    name: 'GitHub commit → pulls',
    route: 'github-commit-pulls',
    faults: GITHUB_FAULTS,
    success: 'pr-opened',
    run: (sim, inputs) => {
      sim.github.linkCommit(REPO, PUSH_SHA, [PULL])
      return runOn(sim, 'push', pushPayload(), { inputs })
    },
    expected: bestEffort
  },
  {
    name: 'GitHub viewer (identity)',
    route: 'github-viewer',
    faults: GITHUB_FAULTS,
    success: 'pr-opened',
    run: onPullRequest,
    expected: bestEffort
  }
]

interface Cell {
  step: Step
  fault: string
  make: () => FaultCase
}

interface Row {
  step: string
  fault: string
  expected: string
  outcome: string
  reason: string
  requests: number
  creates: number
  seconds: number
  log: string
  /** Whether the log says what the fault case expects it to. */
  logged: boolean
}

const CELLS: Cell[] = STEPS.flatMap((step) => Object.entries(step.faults).map(([fault, make]) => ({ step, fault, make })))
const rows: Row[] = []

afterAll(() => {
  const order = (row: Row): number => CELLS.findIndex((cell) => cell.step.name === row.step && cell.fault === row.fault)
  const table = [...rows]
    .sort((a, b) => order(a) - order(b))
    .map(
      (r) =>
        `| ${r.step} | ${r.fault} | ${r.outcome} | ${r.requests} | ${r.creates} | ${r.seconds.toFixed(1)} s / ${TIMEOUT_S} s | ${r.reason.slice(0, 90)} |`
    )
  console.log(
    ['| step | fault | outcome | requests | creates | time / deadline | failure reason |', '|---|---|---|---|---|---|---|', ...table].join(
      '\n'
    )
  )
})

test(`${CELLS.length} runs, one fault at one step each, end with the outcome the retry rules promise`, async () => {
  const closedPort = await freePort()
  await inPool(
    CELLS.map((cell) => async () => {
      const sim = await startHelloWorld()
      try {
        rows.push(await runCell(sim, cell, closedPort))
      } finally {
        await sim.close()
      }
    }),
    6
  )
  const failures: string[] = []
  for (const row of rows) {
    const problems = [
      row.outcome !== row.expected && `outcome ${row.outcome}, expected ${row.expected} (${row.reason})`,
      row.creates > 1 && `${row.creates} jobs created`,
      !row.logged && 'the log does not tell the fault',
      /<!DOCTYPE|<html/i.test(row.log + row.reason) && 'an HTML page was shown',
      row.seconds > TIMEOUT_S + GRACE_S && `took ${row.seconds.toFixed(1)} s against a ${TIMEOUT_S} s deadline`
    ].filter((problem): problem is string => typeof problem === 'string')
    if (problems.length > 0) failures.push(`${row.step} × ${row.fault}: ${problems.join('; ')}`)
  }
  expect(failures).toEqual([])
  expect(rows).toHaveLength(CELLS.length)
}, 600_000)

async function runCell(sim: Simulator, { step, fault, make }: Cell, closedPort: number): Promise<Row> {
  const faultCase = make()
  if (step.route === 'message') {
    // The job the follow-up goes to, made before the fault is armed.
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 0 })
    await runOn(sim, 'workflow_dispatch', {}, { inputs: { ...INPUTS, comment: 'false' } })
  }
  const script: JobScript = faultCase.script ?? { outcome: 'pr', afterPolls: 1 }
  if (step.route === 'message') sim.scriptNextMessage(script)
  else sim.scriptNextJob(script)
  if (faultCase.fault) sim.injectFault({ ...faultCase.fault, route: step.route })
  const before = { github: sim.githubRequests().length, mintlify: sim.mintlifyRequests().length, jobs: sim.jobs.size }
  const inputs = faultCase.refused ? { ...INPUTS, 'base-url': `http://127.0.0.1:${closedPort}` } : INPUTS
  const run = await step.run(sim, inputs)
  return {
    step: step.name,
    fault,
    expected: faultCase.outcome ?? step.expected(faultCase.kind),
    logged: faultCase.logs?.test(run.log) ?? true,
    outcome: run.outputs.outcome ?? '(none)',
    reason: run.outputs['failure-reason'] ?? '',
    requests: sim.githubRequests().length - before.github + sim.mintlifyRequests().length - before.mintlify,
    creates: sim.jobs.size - before.jobs,
    seconds: run.durationMs / 1000,
    log: run.log
  }
}

/** A loopback port nothing listens on: connections to it are refused. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** Runs `tasks` with at most `size` at once. */
async function inPool(tasks: (() => Promise<void>)[], size: number): Promise<void> {
  const queue = [...tasks]
  const worker = async (): Promise<void> => {
    for (let task = queue.shift(); task; task = queue.shift()) await task()
  }
  await Promise.all(Array.from({ length: size }, worker))
}
