/**
 * What a deploy or preview costs and how soon its end is seen: one trigger plus the polls of the action's
 * own wait (`waitFor` on update-status, gaps of 15% of the time waited, 2 s to `poll-interval`), beside
 * the fixed 10 s and 30 s polling hand-written scripts use, for deployments of 30 s, 90 s and 5 min (means
 * over the 10 s after each).
 * A virtual clock runs the real waiting code, so every figure is exact and the same on every machine.
 */
import type { Clock } from '../src/clock.js'
import { DEPLOYMENT_STATUSES, DEPLOYMENT_TERMINAL_STATUSES } from '../src/mintlify/deployment.js'
import { waitFor } from '../src/wait.js'
import { quiet } from './bench-polling.js'
import { VirtualClock } from '../__tests__/fixtures/virtual-clock.js'

export const DEPLOY_DURATIONS_MS = [30_000, 90_000, 300_000]
/**
 * Each named duration is measured as 100 deployments spread over the 10 s after it (30.0 s, 30.1 s, …
 * 39.9 s): a deployment that ends exactly on a fixed poll would flatter fixed polling with no lag at all.
 */
const SPREAD = 100
const SPREAD_STEP_MS = 100
/** The trigger: one POST, never repeated. */
const TRIGGERS = 1

export interface DeployCost {
  /** Trigger plus polls. */
  requests: number
  /** From the deployment finishing to the poll that saw it: the step ends then. */
  lagMs: number
}

export interface DeployStrategy {
  name: string
  measure(deployMs: number): Promise<DeployCost>
}

/** The status a deployment of `deployMs` answers on `clock`: queued for 5 s, in progress, then success. */
function statusAt(clock: Clock, deployMs: number): string {
  const now = clock.now()
  return now >= deployMs ? 'success' : now >= 5_000 ? 'in_progress' : 'queued'
}

/** The action: its wait on the deployment's status, `poll-interval` 15 s (the default). */
export function actionDeployStrategy(pollIntervalMs = 15_000): DeployStrategy {
  return {
    name: `this action (poll-interval ${pollIntervalMs / 1000}s)`,
    measure: async (deployMs) => {
      const clock = new VirtualClock(0)
      const result = await waitFor(
        () => Promise.resolve(statusAt(clock, deployMs)),
        'queued',
        {
          label: 'deployment bench',
          statusOf: (status) => status,
          known: DEPLOYMENT_STATUSES,
          terminal: DEPLOYMENT_TERMINAL_STATUSES
        },
        { clock, deadline: deployMs * 10, pollIntervalMs, signal: new AbortController().signal, log: quiet }
      )
      if (result.kind !== 'terminal') throw new Error(`the wait ended ${result.kind} for a ${deployMs} ms deployment`)
      return { requests: TRIGGERS + result.polls, lagMs: clock.now() - deployMs }
    }
  }
}

/** A hand-written loop: `sleep gapMs; curl …/update-status/$id` until success or failure. */
export function fixedDeployStrategy(gapMs: number): DeployStrategy {
  return {
    name: `fixed ${gapMs / 1000} s polling`,
    measure: async (deployMs) => {
      const clock = new VirtualClock(0)
      let polls = 0
      for (;;) {
        await clock.sleep(gapMs)
        polls++
        if (statusAt(clock, deployMs) === 'success') return { requests: TRIGGERS + polls, lagMs: clock.now() - deployMs }
      }
    }
  }
}

export interface DeployRow {
  strategy: string
  costs: DeployCost[]
}

export async function measureDeploys(
  strategies: DeployStrategy[] = [actionDeployStrategy(), fixedDeployStrategy(10_000), fixedDeployStrategy(30_000)]
): Promise<DeployRow[]> {
  const rows: DeployRow[] = []
  for (const strategy of strategies)
    rows.push({ strategy: strategy.name, costs: await Promise.all(DEPLOY_DURATIONS_MS.map((ms) => meanCost(strategy, ms))) })
  return rows
}

/** The mean cost of deployments spread over the 10 s from `fromMs`. */
async function meanCost(strategy: DeployStrategy, fromMs: number): Promise<DeployCost> {
  const costs = await Promise.all(Array.from({ length: SPREAD }, (_, i) => strategy.measure(fromMs + i * SPREAD_STEP_MS)))
  const mean = (pick: (cost: DeployCost) => number): number => costs.reduce((sum, cost) => sum + pick(cost), 0) / costs.length
  return { requests: mean((cost) => cost.requests), lagMs: mean((cost) => cost.lagMs) }
}

const label = (ms: number): string => (ms < 60_000 ? `${ms / 1000} s` : `${ms / 60_000} min`)

/** Requests per deployment and the lag from its end to the step's end, per duration. */
export function renderDeployTable(rows: DeployRow[]): string {
  const header = [
    'strategy',
    ...DEPLOY_DURATIONS_MS.map((ms) => `requests, ${label(ms)} deploy`),
    ...DEPLOY_DURATIONS_MS.map((ms) => `end → step ends, ${label(ms)} deploy`)
  ]
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`]
  for (const row of rows)
    lines.push(
      `| ${[row.strategy, ...row.costs.map((c) => c.requests.toFixed(1)), ...row.costs.map((c) => `${(c.lagMs / 1000).toFixed(1)} s`)].join(' | ')} |`
    )
  return lines.join('\n')
}
