/**
 * A docs repository with the agent's open pull requests, as the sweep finds them: labelled `docs-agent`,
 * opened by the Mintlify App, each introduced by the action's signed record (its job, and the code pull
 * request that started it), and the sweep's runs on a schedule there. What the sweep's end-to-end files share.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRun } from '../../../scripts/run-action.js'
import { SIM_GITHUB_TOKEN, type Simulator } from '../../../simulator/index.js'
import { codePullMarker, jobMarker } from '../../../src/github/markers.js'
import { signedComment } from '../../fixtures/signed-comments.js'
import { REPO, schedulePayload } from '../../fixtures/webhook-payloads.js'
import { githubCalls, type Mark, mark, runOn } from '../triggers/helpers.js'

/** Where the code pull requests are: another repository than the docs. */
export const CODE_REPO = 'octo-org/app'
const DAY_MS = 86_400_000

/** A time `days` ago, as GitHub writes times (whole seconds). */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** An agent job in the fake Mintlify: `active` runs until the end of the test; `completed` has ended. */
export async function startJob(sim: Simulator, state: 'active' | 'completed'): Promise<string> {
  sim.scriptNextJob(state === 'active' ? { outcome: 'never' } : { outcome: 'no-changes', afterPolls: 0 })
  const response = await fetch(`${sim.url}/v2/agent/${sim.projectId}/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'Document the change' })
  })
  const job = (await response.json()) as { id: string }
  // The job's first read moves it to its final state.
  if (state === 'completed')
    await fetch(`${sim.url}/v2/agent/${sim.projectId}/job/${job.id}`, { headers: { authorization: `Bearer ${sim.apiKey}` } })
  return job.id
}

export interface AgentPullInit {
  number: number
  /** The job its introduction names; null: no introduction at all. */
  jobId: string | null
  /** The code pull request (in CODE_REPO) the introduction records; null: an introduction of an earlier version, without it. */
  codePull?: number | null
  /** Reviewers the introduction records as asked. */
  reviewers?: string[]
  createdAt?: string
  updatedAt?: string
  mergeable?: boolean
  draft?: boolean
  /** Who wrote the introduction. Default the token's identity. */
  introducedBy?: string
}

/** An open agent pull request in REPO with its introduction. */
export function addAgentPull(sim: Simulator, init: AgentPullInit): void {
  sim.github.addIssue(REPO, {
    number: init.number,
    title: `Docs for change ${init.number}`,
    pullRequest: true,
    user: 'mintlify[bot]',
    headRef: `mintlify/docs-${init.number}`,
    labels: ['docs-agent'],
    createdAt: init.createdAt ?? daysAgo(1),
    updatedAt: init.updatedAt ?? daysAgo(1),
    mergeable: init.mergeable ?? true,
    draft: init.draft ?? false
  })
  if (init.jobId === null) return
  const job = jobMarker(init.jobId) ?? ''
  const code = init.codePull
    ? codePullMarker({ repository: CODE_REPO, number: init.codePull, author: 'alice', reviewers: init.reviewers ?? ['alice'] })
    : null
  const body = `${job}\n${code ? `${code}\n` : ''}🤖 The Mintlify docs agent opened this pull request as job \`${init.jobId}\`.\n`
  sim.github.addComment(REPO, init.number, {
    user: init.introducedBy ?? sim.github.identity,
    body: signedComment(body, { repository: REPO, number: init.number }, sim.apiKey)
  })
}

/** A code pull request in CODE_REPO, open, merged or closed without merging. */
export function addCodePull(sim: Simulator, number: number, state: 'open' | 'merged' | 'closed' = 'open'): void {
  sim.github.addIssue(CODE_REPO, { number, title: `Change ${number}`, pullRequest: true, user: 'alice' })
  if (state !== 'open') sim.github.closePull(CODE_REPO, number, { merged: state === 'merged' })
}

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

/** The follow-up messages sent since `since`. */
export function messagesSent(sim: Simulator, since: Mark): string[] {
  return sim
    .mintlifyRequests()
    .slice(since.mintlify)
    .filter((request) => request.method === 'POST' && request.path.endsWith('/message'))
    .map((request) => String((JSON.parse(request.body) as { prompt: unknown }).prompt))
}

export { mark, SIM_GITHUB_TOKEN }
