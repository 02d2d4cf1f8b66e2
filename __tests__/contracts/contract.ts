/**
 * One contract run: dist/index.js run as the runner runs it (scripts/run-action.ts) against the mocks, with
 * short `timeout` and `poll-interval` inputs and a kill a few seconds after, then what every run must hold.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { type ActionRun, runAction } from '../../scripts/run-action.js'
import { REPO } from '../fixtures/webhook-payloads.js'
import { type RunRecord } from './front.js'
import { CONTRACT_KEY, CONTRACT_PROJECT, HAS_MINTLIFY, type Mocks, startMocks, WITHOUT_MINTLIFY } from './mocks.js'
import type { ContractRow } from './runs.js'

/** The `timeout` input of every run: a random job status may never end. */
const TIMEOUT = '2s'
/**
 * The kill: far past the timeout, so that only a run that never ends meets it. A run takes 2-4 s on a quiet
 * machine and was seen at 20 s on one with a load of 20 (the node start, the last requests, the report).
 */
export const RUN_BOUND_MS = 90_000
/** Runs at once in a file: each is a node process, and the machine has two cores for everything. */
const AT_ONCE = 3

/** The seeds of a run of the suite: 1…CONTRACT_SEEDS (`npm run contracts -- --seeds N`), 2 in `npm test`. */
export function seeds(): string[] {
  const count = Number(process.env.CONTRACT_SEEDS ?? '2')
  return Array.from({ length: Number.isInteger(count) && count > 0 ? count : 2 }, (_, i) => String(i + 1))
}

/**
 * DESIGN's page caps of GitHub's reads (one request a page), each per thing read (the comments of one issue,
 * the commits of one pull request: the path without its query), and the whole run's.
 */
const GITHUB_CAPS: [RegExp, number][] = [
  [/^GET \/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments/, 11],
  [/^GET \/repos\/[^/]+\/[^/]+\/pulls\/\d+\/commits/, 3],
  [/^GET \/repos\/[^/]+\/[^/]+\/pulls\/\d+\/files/, 3],
  [/^GET \/repos\/[^/]+\/[^/]+\/commits\/[^/]+\/pulls/, 3],
  [/^GET \/repos\/[^/]+\/[^/]+\/commits\/[^/]+\/check-runs/, 1],
  [/^GET \/search\/issues/, 10],
  [/./, 60]
]

/** The (row, seed) cases of `rows` this clone can run. */
function cases(rows: ContractRow[]): [string, ContractRow, string][] {
  return rows
    .filter((row) => HAS_MINTLIFY || row.withoutDocuments !== undefined)
    .flatMap((row) => seeds().map((seed): [string, ContractRow, string] => [row.name, row, seed]))
}

/** What a clone without Mintlify's documents leaves out of `rows`, in one sentence; undefined when nothing is. */
function leftOut(rows: ContractRow[]): string | undefined {
  if (HAS_MINTLIFY) return undefined
  const out = rows.filter((row) => row.withoutDocuments === undefined).map((row) => row.name)
  const simulated = rows.filter((row) => row.withoutDocuments === 'simulator').map((row) => row.name)
  const parts = [
    ...(out.length > 0 ? [`${String(out.length)} rows left out (${out.join(', ')})`] : []),
    ...(simulated.length > 0 ? [`${String(simulated.length)} rows checked against the simulator's Mintlify instead`] : [])
  ]
  return parts.length > 0 ? `${parts.join('; ')}: ${WITHOUT_MINTLIFY}` : undefined
}

let runs = 0
let running = 0
const waiting: (() => void)[] = []

/** `work` once fewer than AT_ONCE runs are under way. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  while (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

/**
 * The tests of `rows`, each on every seed, concurrently, against mocks started once for the file and always
 * stopped. Without ../shared, the rows that need Mintlify's documents are left out and the event rows
 * run against the simulator's Mintlify, both said in the name of one skipped test.
 */
export function describeContracts(title: string, rows: ContractRow[]): void {
  let mocks: Mocks | undefined
  beforeAll(async () => {
    mocks = await startMocks()
  }, 90_000)
  afterAll(async () => {
    await mocks?.stop()
  })
  const missing = leftOut(rows)
  describe(title, () => {
    // What this clone cannot check, said where Jest counts it: a skipped test, never an empty suite.
    if (missing !== undefined) test.skip(missing, () => undefined)
    for (const [name, row, seed] of cases(rows)) {
      test.concurrent(
        `${name}, seed ${seed}`,
        async () => {
          if (!mocks) throw new Error('The mocks did not start')
          const started = mocks
          const { run, record } = await inTurn(() => runContract(started, row, seed))
          expect(contractFailures(run, record)).toEqual([])
        },
        // Its turn, then its run: the runs before it in the file, at most AT_ONCE at a time, each bounded.
        RUN_BOUND_MS * (1 + Math.ceil((rows.length * seeds().length) / AT_ONCE))
      )
    }
  })
}

async function runContract(mocks: Mocks, row: ContractRow, seed: string): Promise<{ run: ActionRun; record: RunRecord }> {
  const id = `r${String(++runs)}`
  const { record, mintlifyUrl, githubUrl } = mocks.front.open(id, seed, row.link ?? 'dropped', row.pins)
  const run = await runAction({
    inputs: {
      'api-key': CONTRACT_KEY,
      'project-id': CONTRACT_PROJECT,
      'base-url': mintlifyUrl,
      prompt: 'Document the new rate limits',
      timeout: TIMEOUT,
      'poll-interval': '100ms',
      ...row.inputs
    },
    eventName: row.eventName ?? 'workflow_dispatch',
    event: row.event?.() ?? {},
    githubApiUrl: githubUrl,
    repository: REPO,
    killAfterMs: RUN_BOUND_MS
  })
  if (process.env.CONTRACT_VERBOSE === '1') console.log(describeRun(row, seed, run, record))
  return { run, record }
}

const INTERNAL =
  /TypeError|ReferenceError|SyntaxError|RangeError|Cannot read propert|is not a function|is not iterable|^\s+at .+:\d+:\d+\)?$/m
const UNRENDERED = /\bundefined\b|\bNaN\b|\[object Object\]/
/** A negative figure printed as a fact (a count of visitors, views, votes or conversations never is). */
const IMPOSSIBLE = /(?:^|[\s(:|])-\d[\d,]*(?:\.\d+)? (?:visitors|views|votes|conversations|searches)\b/

/** What the run broke of the contract, one sentence each: empty when it held. */
export function contractFailures(run: ActionRun, record: RunRecord): string[] {
  const failures = record.violations.map((v) => `Prism found a request invalid: ${v}`)
  if (run.exitCode !== 0 && run.exitCode !== 1)
    failures.push(`the run ended with ${String(run.exitCode)} after ${String(run.durationMs)} ms`)
  const places = { log: run.log, stderr: run.stderr, outputs: JSON.stringify(run.outputs), summary: run.summary }
  for (const [place, text] of Object.entries(places)) {
    const internal = INTERNAL.exec(text)
    if (internal) failures.push(`internal error text in the ${place}: ${around(text, internal.index)}`)
  }
  for (const [place, text] of Object.entries({ outputs: JSON.stringify(run.outputs), summary: run.summary })) {
    const unrendered = UNRENDERED.exec(text)
    if (unrendered) failures.push(`'${unrendered[0]}' in the ${place}: ${around(text, unrendered.index)}`)
  }
  for (const [place, text] of Object.entries({ outputs: JSON.stringify(run.outputs), summary: run.summary, log: run.log })) {
    const impossible = IMPOSSIBLE.exec(text)
    if (impossible) failures.push(`an impossible figure in the ${place}: ${around(text, impossible.index)}`)
  }
  for (const [route, cap] of GITHUB_CAPS) {
    const perRead = new Map<string, number>()
    for (const request of record.github.filter((r) => route.test(r))) {
      const read = route.source === '.' ? '' : (request.split('?')[0] ?? '')
      perRead.set(read, (perRead.get(read) ?? 0) + 1)
    }
    const count = Math.max(0, ...perRead.values())
    if (count > cap) failures.push(`${String(count)} GitHub requests matching ${String(route)}, more than ${String(cap)}`)
  }
  return failures
}

/** One run in a few lines, for `npm run contracts -- --verbose`. */
function describeRun(row: ContractRow, seed: string, run: ActionRun, record: RunRecord): string {
  const head = `${row.name}, seed ${seed}: exit ${String(run.exitCode)} in ${String(run.durationMs)} ms, outcome ${run.outputs.outcome ?? '-'}`
  const requests = `${String(record.github.length)} GitHub requests, ${String(record.mintlify.length)} Mintlify requests`
  const said = run.log.split('\n').filter((line) => /^::(error|warning|notice)/.test(line))
  return [head, requests, ...said.slice(0, 8), ...record.github.slice(0, 12).map((r) => `  ${r}`)].join('\n')
}

function around(text: string, index: number): string {
  return JSON.stringify(text.slice(Math.max(0, index - 80), index + 80))
}
