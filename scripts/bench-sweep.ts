/**
 * What `operation: sweep` costs, on dist/index.js against the simulator (DESIGN's three targets): a sweep of
 * 120 open agent pull requests (30 stale, 10 conflicting, 5 orphaned): the list requests, the GitHub
 * requests after the list, the messages; three sweeps in a row over an unchanged world: what the second
 * and third write; 300 open agent pull requests with the default operations-per-run (96, 12 visits a run):
 * the runs until each was visited.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { addAgentPull, addCodePull, daysAgo, startJob } from '../__tests__/fixtures/sweep-world.js'
import { REPO, REPO_URL, schedulePayload } from '../__tests__/fixtures/webhook-payloads.js'
import { type Simulator, startSimulator } from '../simulator/index.js'
import { type ActionRun, runAction } from './run-action.js'

export interface SweepCost {
  listRequests: number
  afterList: number
  messages: number
  outcome: string
  /** GitHub writes and messages of the second and third sweeps over an unchanged world. */
  repeatWrites: number
  /** Runs until every one of 300 was visited. */
  runsToVisitAll: number
}

function sweep(sim: Simulator, runNumber: number, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({
    githubApiUrl: `${sim.url}/api/v3`,
    repository: REPO,
    eventName: 'schedule',
    event: schedulePayload(),
    env: { GITHUB_RUN_NUMBER: String(runNumber) },
    inputs: { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.url, operation: 'sweep', prompt: '', ...inputs }
  })
}

const isList = (path: string, query: Record<string, string>): boolean =>
  path === `/api/v3/repos/${REPO}/issues` && query.labels !== undefined
const writes = (sim: Simulator, from: number): number =>
  sim.requests.slice(from).filter((r) => (r.method !== 'GET' && r.path !== '/api/graphql') || r.path.endsWith('/message')).length

async function busySweep(): Promise<Pick<SweepCost, 'listRequests' | 'afterList' | 'messages' | 'outcome' | 'repeatWrites'>> {
  const sim = await startSimulator({ repository: REPO_URL })
  try {
    sim.github.setPermission(REPO, 'bob', 'write')
    for (let i = 0; i < 120; i++) {
      const number = 300 + i
      if (i < 30) {
        addCodePull(sim, number)
        addAgentPull(sim, { number, jobId: `job_s${i}`, codePull: number, createdAt: daysAgo(20), updatedAt: daysAgo(10) })
        sim.github.addReview(REPO, number, { user: 'bob', state: 'COMMENTED', submittedAt: daysAgo(10) })
      } else if (i < 40) addAgentPull(sim, { number, jobId: await startJob(sim, 'completed'), mergeable: false })
      else if (i < 45) {
        addCodePull(sim, number, 'closed')
        addAgentPull(sim, { number, jobId: `job_o${i}`, codePull: number })
      } else {
        addCodePull(sim, number)
        addAgentPull(sim, { number, jobId: `job_f${i}`, codePull: number })
      }
    }
    const from = sim.requests.length
    const run = await sweep(sim, 3)
    const requests = sim.requests.slice(from)
    const github = requests.filter((r) => r.path.startsWith('/api/'))
    const lastList = github.map((r) => isList(r.path, r.query)).lastIndexOf(true)
    const messages = requests.filter((r) => r.path.endsWith('/message')).length
    // Unchanged world: once a first sweep could pay for every write (a budget for all 120), the next two write nothing.
    const whole = { 'operations-per-run': '1000', 'max-follow-ups': '1000' }
    await sweep(sim, 1, whole)
    const again = sim.requests.length
    await sweep(sim, 2, whole)
    await sweep(sim, 3, whole)
    return {
      listRequests: github.filter((r) => isList(r.path, r.query)).length,
      afterList: github.length - 1 - lastList,
      messages,
      outcome: run.outputs.outcome ?? '',
      repeatWrites: writes(sim, again)
    }
  } finally {
    await sim.close()
  }
}

async function rotation(): Promise<number> {
  const sim = await startSimulator({ repository: REPO_URL })
  try {
    for (let number = 1001; number <= 1300; number++) addAgentPull(sim, { number, jobId: `job_${number}`, codePull: null })
    const seen = new Set<number>()
    for (let runNumber = 1; runNumber <= 60; runNumber++) {
      const run = await sweep(sim, runNumber)
      const file = JSON.parse(readFileSync(join(run.workspace, 'docs-sweep.json'), 'utf8')) as { visited: { number: number }[] }
      for (const entry of file.visited) seen.add(entry.number)
      if (seen.size === 300) return runNumber
    }
    return Number.POSITIVE_INFINITY
  } finally {
    await sim.close()
  }
}

export async function measureSweep(): Promise<SweepCost> {
  return { ...(await busySweep()), runsToVisitAll: await rotation() }
}

export function sweepRows(cost: SweepCost): [string, string, string][] {
  return [
    [
      'sweep of 120 open agent pull requests (30 stale, 10 conflicting, 5 orphaned): GitHub requests',
      `${cost.listRequests} list + ${cost.afterList}`,
      `targets ≤ 3 list requests and ≤ operations-per-run (96) after them; ${cost.messages} messages (max-follow-ups 3); ${cost.outcome}`
    ],
    [
      'sweep: the second and third sweeps over an unchanged world, writes',
      String(cost.repeatWrites),
      'target 0 (GitHub writes and messages)'
    ],
    [
      'sweep: runs until all of 300 open agent pull requests were visited (operations-per-run 96)',
      String(cost.runsToVisitAll),
      'target ≤ ceil(300 / 12) = 25, no stored cursor'
    ]
  ]
}
