/**
 * Small test-data builders shared by the unit specs: a job record as the API sends it, a clock that
 * never really waits, the inputs of a workflow step, and a log that remembers what it was told.
 */
import type { Clock } from '../../src/clock.js'
import type { InputReader, RunEnvironment } from '../../src/inputs.js'
import { DocsApiClient } from '../../src/mintlify/client.js'
import { type AgentJob, parseJob } from '../../src/mintlify/job.js'
import { createNodeTransport } from '../../src/mintlify/transport.js'
import type { JobReport } from '../../src/operations/agent/verdicts.js'
import { readSettingsOf, type SettingsOf } from '../../src/operations/registry.js'
import type { Operation } from '../../src/settings.js'

/**
 * Runs `work` at once and answers as an async function would: with its result, or rejected with what it
 * throws. For fakes of async interfaces whose answers need no `await`.
 */
export function settled<T>(work: () => T): Promise<T> {
  return new Promise<T>((resolve) => resolve(work()))
}

/** 2025-01-15 12:00:00 UTC: a fixed "now" so that dates in messages are predictable. */
export const T0 = Date.UTC(2025, 0, 15, 12, 0, 0)

/** A well-formed admin key; long enough to be recognisable if it ever leaks into a message. */
export const API_KEY = 'mint_Zq7sEcReT0kEn4TeStS9xY'

export const PROJECT_ID = 'acme-docs'

/** A job record as the API returns it; `overrides` replaces top-level fields (use `source` for the repo). */
export function jobRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'job_1',
    status: 'active',
    source: { repository: 'https://github.com/acme/docs', ref: 'main' },
    model: 'claude-sonnet-4',
    prLink: null,
    createdAt: '2025-01-15T12:00:00.000Z',
    archivedAt: null,
    ...overrides
  }
}

/** The same record, as the action reads it. */
export function agentJob(overrides: Record<string, unknown> = {}): AgentJob {
  return parseJob(jobRecord(overrides))
}

/** What a finished run that opened a PR reports; `overrides` replaces any part. */
export function jobReport(overrides: Partial<JobReport> = {}): JobReport {
  const prLink = 'https://github.com/acme/docs/pull/12'
  return {
    action: 'job',
    verdict: { outcome: 'pr-opened', result: 'success', headline: `The docs agent opened a pull request: ${prLink}`, failureReason: '' },
    job: agentJob({ status: 'completed', prLink }),
    prompt: 'Document the new --dry-run flag of the CLI.',
    promptSource: 'prompt',
    context: '',
    waited: true,
    durationMs: 125_000,
    polls: 9,
    runUrl: 'https://github.com/acme/docs/actions/runs/42',
    ...overrides
  }
}

export interface FakeClock extends Clock {
  /** Every sleep asked for, in order, in milliseconds. */
  readonly sleeps: number[]
  advance(ms: number): void
}

/** A clock whose sleep returns at once and moves `now` forward by the time asked for. */
/** The real client against a simulator, with a fake clock (backoff takes no time) and jitter fixed at 0.5. */
export function simulatorClient(sim: { url: string; apiKey: string }, requestBudget?: number): { client: DocsApiClient; clock: FakeClock } {
  const clock = fakeClock()
  const client = new DocsApiClient({
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    transport: createNodeTransport(),
    clock,
    random: () => 0.5,
    deadline: clock.now() + 60_000,
    requestBudget
  })
  return { client, clock }
}

export function fakeClock(start = T0): FakeClock {
  let now = start
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => now,
    advance: (ms) => {
      now += ms
    },
    sleep: (ms, signal) =>
      settled(() => {
        sleeps.push(ms)
        // Like the system clock: an aborted signal ends the sleep at once, so no time passes.
        if (!signal?.aborted) now += Math.max(0, ms)
      })
  }
}

/** The inputs of a valid `operation: job` step, with `overrides` on top; unset inputs read as ''. */
export function stepInputs(overrides: Record<string, string> = {}): InputReader {
  const values: Record<string, string> = {
    'api-key': API_KEY,
    'project-id': PROJECT_ID,
    prompt: 'Document the new --dry-run flag of the CLI.',
    ...overrides
  }
  return (name) => values[name] ?? ''
}

/** The operations of an agent step: `job` (the default) and `message`. */
export const AGENT = ['job', 'message'] as const
export type AgentSettings = SettingsOf<(typeof AGENT)[number]>

/** The settings of a step of one of `operations` with `inputs`, under `env` (a test of another operation fails). */
export function settingsOf<O extends Operation>(operations: readonly O[], inputs = stepInputs(), env = runEnvironment()): SettingsOf<O> {
  return readSettingsOf(operations, inputs, env).settings
}

export function runEnvironment(overrides: Partial<RunEnvironment> = {}): RunEnvironment {
  // A fixed "now" (2026-03-10 12:00 UTC) so that `Nd` dates are deterministic.
  return { eventName: 'push', workspace: '/home/runner/work/docs/docs', now: Date.UTC(2026, 2, 10, 12), ...overrides }
}

export interface LogLine {
  level: 'info' | 'warning' | 'notice'
  message: string
  /** The fake clock's time when the line was logged, relative to its start. */
  at: number
}

export interface RecordingLog {
  lines: LogLine[]
  groups: string[]
  info(message: string): void
  warning(message: string): void
  notice(message: string): void
  group<T>(name: string, body: () => Promise<T>): Promise<T>
  messages(level: LogLine['level']): string[]
}

/** A log that keeps every line with the time it was written (relative to `clock`'s start). */
export function recordingLog(clock: Clock = fakeClock()): RecordingLog {
  const start = clock.now()
  const lines: LogLine[] = []
  const groups: string[] = []
  return {
    lines,
    groups,
    info: (message) => lines.push({ level: 'info', message, at: clock.now() - start }),
    warning: (message) => lines.push({ level: 'warning', message, at: clock.now() - start }),
    notice: (message) => lines.push({ level: 'notice', message, at: clock.now() - start }),
    group: async (name, body) => {
      groups.push(name)
      return body()
    },
    messages: (level) => lines.filter((line) => line.level === level).map((line) => line.message)
  }
}

export type ClientCalls = Pick<DocsApiClient, 'createJob' | 'getJob' | 'sendMessage'>

/**
 * A stand-in for the API client. DocsApiClient has private members, so TypeScript treats it nominally;
 * the one cast lives here, and only the public methods the operations call need to exist.
 */
export function fakeClient(calls: ClientCalls): DocsApiClient {
  return calls as unknown as DocsApiClient
}
