/**
 * A docs repository with the agent's open pull requests, as the sweep finds them: labelled `docs-agent`,
 * opened by the Mintlify App, each introduced by the action's signed record (its job, and the code pull
 * request that started it), and the sweep's runs on a schedule there. What the sweep's end-to-end files share.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { REPO, schedulePayload } from '../../fixtures/webhook-payloads.js'
import { githubCalls, type Mark, mark, runOn } from '../triggers/helpers.js'

export { addAgentPull, addCodePull, CODE_REPO, daysAgo, startJob } from '../../fixtures/sweep-world.js'

/** A sweep on a schedule in REPO, as run `runNumber` of its workflow. */
export function sweep(sim: Simulator, inputs: Record<string, string> = {}, runNumber = 1): Promise<ActionRun> {
  return runOn(sim, 'schedule', schedulePayload(), {
    inputs: { operation: 'sweep', prompt: '', ...inputs },
    env: { GITHUB_RUN_NUMBER: String(runNumber), GITHUB_WORKFLOW: 'Sweep', GITHUB_JOB: 'sweep' }
  })
}

/** What a sweep's file says of each visited pull request. */
export interface SweptEntry {
  number: number
  decision: string
  why: string
  done: string[]
  notJudged: string | null
  facts: Record<string, unknown>
}

export interface SweepFile {
  listed: number
  visited: SweptEntry[]
  leftForLater: number[]
}

export function sweepFile(run: ActionRun): SweepFile {
  return JSON.parse(readFileSync(join(run.workspace, 'docs-sweep.json'), 'utf8')) as SweepFile
}

/** The decision of each visited pull request, by number. */
export function decisions(run: ActionRun): Record<number, string> {
  return Object.fromEntries(sweepFile(run).visited.map((entry) => [entry.number, entry.decision]))
}

/** The writes a run made on GitHub since `since` (everything but reads). */
export function githubWrites(sim: Simulator, since: Mark): string[] {
  return githubCalls(sim, since).filter((call) => !call.startsWith('GET ') && call !== 'POST /api/graphql')
}

/** The id of the introduction on agent pull request `number`: its first comment, which the sweep edits to name its record. */
export function introductionId(sim: Simulator, number: number): number {
  const introduction = sim.github.comments(REPO, number).find((comment) => comment.body.includes('docs-agent-action:job '))
  if (!introduction) throw new Error(`#${number} has no introduction`)
  return introduction.id
}

/** The follow-up messages sent since `since`. */
export function messagesSent(sim: Simulator, since: Mark): string[] {
  return sim
    .mintlifyRequests()
    .slice(since.mintlify)
    .filter((request) => request.method === 'POST' && request.path.endsWith('/message'))
    .map((request) => String((JSON.parse(request.body) as { prompt: unknown }).prompt))
}

export { mark }
