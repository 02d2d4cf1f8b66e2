/**
 * The start-up row: a `job` run (`wait: false`, `comment: false`, a push) against the floor of any
 * action of this stack, a bundle of `@actions/core` alone that reads two inputs, masks one and sets one
 * output, built as dist/index.js is built (ncc, `--minify --target es2022`, ESM) into a temporary folder at
 * bench time. Beside them, the same `job` run with `spend-limit`, whose claim (Octokit loaded, the ledger's
 * git references on the simulator's GitHub) is the difference. The three run as the runner runs a step
 * (runAction), one of each in turn, so that all meet the machine in the same state; the medians are compared.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pushPayload } from '../__tests__/fixtures/webhook-payloads.js'
import { startSimulator } from '../simulator/index.js'
import { ACTION_ENTRY, PROJECT_ROOT, runAction } from './run-action.js'
import { median } from './median.js'

/** The floor's source: what every action of this stack does at the least. */
const FLOOR_SOURCE = `import * as core from '@actions/core'
const key = core.getInput('api-key')
core.setSecret(key)
core.setOutput('outcome', core.getInput('project-id') ? 'started' : 'none')
`

export interface StartupFigures {
  runs: number
  /** The floor bundle, median. */
  floorMs: number
  /** The `job` run, median. */
  jobMs: number
  /** The same run with `spend-limit`: one claim on the ledger, median. */
  spendMs: number
  /** The GitHub requests of the spend runs' claims: the first (the window empty: the head and the straggler sweep too), and each later one's. */
  claimRequests: { first: number; later: number[] }
  floorBytes: number
  /** What dist/index.js's entry holds (every run parses it); the chunks are parsed only by the runs that load them. */
  entryBytes: number
  /** A GitHub request was made by a run without `spend-limit`: it should make none. */
  gitHubCalled: boolean
}

/**
 * The floor, bundled by the ncc of node_modules with dist/index.js's options. Its source sits under
 * node_modules/.cache (so that `@actions/core` resolves as the action's does), its bundle in a temporary folder.
 */
async function buildFloor(out: string): Promise<string> {
  const cache = join(PROJECT_ROOT, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const source = mkdtempSync(join(cache, 'startup-floor-'))
  try {
    const entry = join(source, 'floor.mjs')
    writeFileSync(entry, FLOOR_SOURCE)
    const ncc = join(PROJECT_ROOT, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js')
    // Run from the output folder, outside this project: ncc follows the tsconfig.json of where it runs, and
    // this project's maps `undici` to a stand-in that evaluates it on demand. The floor bundles @actions/core
    // and its HTTP client as any action of the stack does, undici evaluated at start.
    const child = spawn(process.execPath, [ncc, 'build', entry, '-o', out, '--no-cache', '--minify', '--target', 'es2022', '--quiet'], {
      cwd: out,
      stdio: ['ignore', 'inherit', 'inherit']
    })
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    if (code !== 0) throw new Error(`ncc could not build the start-up floor (exit ${code})`)
    const built = readdirSync(out).find((name) => /^index\.m?js$/.test(name))
    if (built === undefined) throw new Error(`ncc wrote no index.js or index.mjs into ${out}`)
    return join(out, built)
  } finally {
    rmSync(source, { recursive: true, force: true })
  }
}

export async function measureStartup(runs: number): Promise<StartupFigures> {
  const out = mkdtempSync(join(tmpdir(), 'docs-startup-floor-'))
  const sim = await startSimulator()
  try {
    const floorEntry = await buildFloor(out)
    const inputs = {
      'api-key': sim.apiKey,
      'project-id': sim.projectId,
      'base-url': sim.url,
      prompt: 'Fix the typo',
      wait: 'false',
      comment: 'false'
    }
    // A push without `status-context` or `paths`: the docs check does not follow it (a dispatch's asks its actor to review).
    const event = { eventName: 'push', event: pushPayload() }
    // A ledger repository of its own, written with the workflow token; a limit the runs never reach.
    sim.github.setPermission(SPEND_LEDGER, 'acme', 'admin')
    const spendInputs = { ...inputs, 'spend-limit': '1000/day', 'spend-ledger': SPEND_LEDGER }
    const githubApiUrl = `${sim.url}/api/v3`
    const floor: number[] = []
    const job: number[] = []
    const spend: number[] = []
    const claimRequests: number[] = []
    let gitHubCalled = false
    for (let i = 0; i < runs; i++) {
      const base = await runAction({ ...event, inputs, entry: floorEntry, env: { NODE_DEBUG: '' } })
      if (base.exitCode !== 0 || base.outputs.outcome !== 'started') throw new Error(`the start-up floor failed: ${base.stderr}`)
      floor.push(base.durationMs)
      const before = sim.githubRequests().length
      const run = await runAction({ ...event, inputs, githubApiUrl, env: { NODE_DEBUG: '' } })
      if (run.exitCode !== 0) throw new Error(`the job run failed: ${run.log}`)
      job.push(run.durationMs)
      gitHubCalled ||= sim.githubRequests().length > before
      const claimed = sim.githubRequests().length
      const limited = await runAction({ ...event, inputs: spendInputs, githubApiUrl, env: { NODE_DEBUG: '' } })
      if (limited.exitCode !== 0 || limited.outputs.outcome !== 'started' || !limited.outputs.spend)
        throw new Error(`the job run with spend-limit failed: ${limited.log}`)
      spend.push(limited.durationMs)
      claimRequests.push(sim.githubRequests().length - claimed)
      for (const done of [base, run, limited]) rmSync(join(done.workspace, '..'), { recursive: true, force: true })
    }
    return {
      runs,
      floorMs: median(floor),
      jobMs: median(job),
      spendMs: median(spend),
      claimRequests: { first: claimRequests[0] ?? 0, later: claimRequests.slice(1) },
      floorBytes: statSync(floorEntry).size,
      entryBytes: statSync(ACTION_ENTRY).size,
      gitHubCalled
    }
  } finally {
    rmSync(out, { recursive: true, force: true })
    await sim.close()
  }
}

/** DESIGN.md's budget: a `job` run's start-up (without `spend-limit`) within this factor of the floor. */
export const STARTUP_TARGET = 0.85

/** The ledger of the runs with `spend-limit`. */
const SPEND_LEDGER = 'acme/docs-ledger'

/** The rows of the bench's table. */
export function startupRows(figures: StartupFigures): [string, string, string][] {
  const ratio = figures.jobMs / figures.floorMs
  const bytes = (n: number): string => `${n.toLocaleString('en-US')} bytes`
  return [
    [
      `start-up: the floor, a bundle of \`@actions/core\` alone (median of ${figures.runs}, in turn with the next row)`,
      `${figures.floorMs.toFixed(0)} ms`,
      `${bytes(figures.floorBytes)}, built by ncc as dist/ is`
    ],
    [
      `start-up: a \`job\` run on a push, wait false, comment false (median of ${figures.runs})`,
      `${figures.jobMs.toFixed(0)} ms`,
      `${ratio.toFixed(2)}× the floor (target ${STARTUP_TARGET.toFixed(2)}×: ${ratio <= STARTUP_TARGET ? 'reached' : 'not reached'}); dist/index.js ${bytes(figures.entryBytes)}${figures.gitHubCalled ? '; GitHub was called!' : ''}`
    ],
    [
      `start-up: the same run with \`spend-limit\` (one claim on the simulator's GitHub, median of ${figures.runs}, in turn with the rows above)`,
      `${figures.spendMs.toFixed(0)} ms`,
      `${(figures.spendMs / figures.floorMs).toFixed(2)}× the floor; the claim costs ${(figures.spendMs - figures.jobMs).toFixed(0)} ms over the run without it, and ${claimCost(figures.claimRequests)}`
    ]
  ]
}

/** "5 GitHub requests in the first run (…), 3 in each later one": what the claims cost, as counted. */
function claimCost({ first, later }: StartupFigures['claimRequests']): string {
  const counts = [...new Set(later)].sort((a, b) => a - b)
  const each =
    counts.length === 1
      ? `${counts[0]} in each later one (the list, the creation, the clean-up's delete)`
      : `${counts.join(' to ')} in the later ones`
  return `${first} GitHub requests in the first run (the window empty: the list, the default branch's head, the creation, the clean-up's delete and the straggler sweep's list), ${each}`
}
