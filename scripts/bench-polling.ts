/**
 * How soon the action notices that a job has finished, and what the noticing costs: the real waiting code
 * (`waitForJob`) on a virtual clock, next to fixed 5 s and fixed 10 s polling, for jobs of 5 s to 60 min.
 * Nothing sleeps for real, so every figure is exact and the same on every machine.
 */
import type { Clock } from '../src/clock.js'
import type { AgentJob } from '../src/mintlify/job.js'
import { waitForJob } from '../src/wait.js'
import { VirtualClock } from '../__tests__/fixtures/virtual-clock.js'

/** The durations a table row is given for, and the ends of the spread the percentiles come from. */
export const NAMED_DURATIONS_MS = [5_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000]
const SPREAD_JOBS = 500
const SHORTEST_MS = 5_000
const LONGEST_MS = 3_600_000

export interface Detection {
  /** From the job's end to the poll that saw it. */
  delayMs: number
  polls: number
}

export interface Strategy {
  name: string
  detect(jobMs: number): Promise<Detection>
}

/** A job that is active until `jobMs` has passed on `clock`, then completed. */
function jobEndingAt(clock: Clock, jobMs: number): () => Promise<AgentJob> {
  return () =>
    Promise.resolve({
      id: 'job_bench',
      status: clock.now() >= jobMs ? 'completed' : 'active',
      repository: null,
      ref: null,
      model: null,
      prLink: null,
      createdAt: null,
      archivedAt: null,
      reason: null,
      raw: {}
    })
}

/** A wait log that keeps nothing: the benches count polls, not lines. */
export const quiet = { info: (): void => undefined, warning: (): void => undefined }

/** The action as it is: gaps of 15% of the time waited, from 2 s up to `poll-interval`. */
export function actionStrategy(pollIntervalMs = 15_000): Strategy {
  return {
    name: `this action (poll-interval ${pollIntervalMs / 1000}s)`,
    detect: async (jobMs) => {
      const clock = new VirtualClock(0)
      const poll = jobEndingAt(clock, jobMs)
      const accepted = await poll()
      const result = await waitForJob(poll, accepted, {
        clock,
        deadline: LONGEST_MS * 2,
        pollIntervalMs,
        signal: new AbortController().signal,
        log: quiet
      })
      if (result.kind !== 'terminal') throw new Error(`the wait ended ${result.kind} for a ${jobMs} ms job`)
      return { delayMs: clock.now() - jobMs, polls: result.polls }
    }
  }
}

/** What a user would write by hand: poll every `gapMs`. */
export function fixedStrategy(gapMs: number): Strategy {
  return {
    name: `fixed ${gapMs / 1000} s polling`,
    detect: async (jobMs) => {
      const clock = new VirtualClock(0)
      const poll = jobEndingAt(clock, jobMs)
      let polls = 0
      for (;;) {
        await clock.sleep(gapMs)
        polls++
        if ((await poll()).status === 'completed') return { delayMs: clock.now() - jobMs, polls }
      }
    }
  }
}

/** Job durations spread evenly on a log scale from 5 s to 60 min (short jobs are as common as long ones). */
export function spreadOfDurations(count = SPREAD_JOBS): number[] {
  const ratio = LONGEST_MS / SHORTEST_MS
  return Array.from({ length: count }, (_, i) => Math.round(SHORTEST_MS * ratio ** (i / (count - 1))))
}

export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
}

export interface PollingRow {
  strategy: string
  p50DelayMs: number
  p95DelayMs: number
  meanPolls: number
  /** Polls for each of NAMED_DURATIONS_MS. */
  pollsByDuration: number[]
}

export async function measurePolling(
  strategies: Strategy[] = [actionStrategy(), fixedStrategy(5_000), fixedStrategy(10_000)]
): Promise<PollingRow[]> {
  const spread = spreadOfDurations()
  const rows: PollingRow[] = []
  for (const strategy of strategies) {
    const detections = await Promise.all(spread.map((ms) => strategy.detect(ms)))
    const named = await Promise.all(NAMED_DURATIONS_MS.map((ms) => strategy.detect(ms)))
    rows.push({
      strategy: strategy.name,
      p50DelayMs: percentile(
        detections.map((d) => d.delayMs),
        0.5
      ),
      p95DelayMs: percentile(
        detections.map((d) => d.delayMs),
        0.95
      ),
      meanPolls: detections.reduce((sum, d) => sum + d.polls, 0) / detections.length,
      pollsByDuration: named.map((d) => d.polls)
    })
  }
  return rows
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`
const durationLabel = (ms: number): string => (ms < 60_000 ? `${ms / 1000} s` : `${ms / 60_000} min`)

/** The comparison as a markdown table: delays over 500 jobs of 5 s to 60 min, polls per named duration. */
export function renderPollingTable(rows: PollingRow[]): string {
  const header = ['strategy', 'p50 delay', 'p95 delay', 'mean polls', ...NAMED_DURATIONS_MS.map((ms) => `polls, ${durationLabel(ms)} job`)]
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`]
  for (const row of rows)
    lines.push(
      `| ${[row.strategy, seconds(row.p50DelayMs), seconds(row.p95DelayMs), row.meanPolls.toFixed(1), ...row.pollsByDuration.map(String)].join(' | ')} |`
    )
  return lines.join('\n')
}
