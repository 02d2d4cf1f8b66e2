import type { Clock } from './clock.js'
import { formatDuration } from './duration.js'
import { type AgentJob, isKnownStatus, isTerminal } from './mintlify/job.js'

/** The first gaps between polls, so a short job is seen within seconds. */
export const FIRST_GAP_MS = 2_000
/** Each gap is this share of the time already waited: a long job costs few requests. */
export const GAP_SHARE = 0.15
export const HEARTBEAT_MS = 60_000
/**
 * A follow-up is processed asynchronously: the job can still show its old final state for a while.
 * That state counts only once the job has moved (or this long has passed without it moving).
 */
export const RESTART_GRACE_MS = 30_000

/** Gap before the next poll: 15% of the time waited, at least 2 s (or the interval, if smaller), at most the interval. */
export function pollGap(elapsedMs: number, pollIntervalMs: number): number {
  const floor = Math.min(FIRST_GAP_MS, pollIntervalMs)
  return Math.min(pollIntervalMs, Math.max(floor, Math.round(elapsedMs * GAP_SHARE)))
}

export type WaitResult =
  | { kind: 'terminal'; job: AgentJob; polls: number }
  | { kind: 'timed-out'; job: AgentJob; polls: number }
  | { kind: 'cancelled'; job: AgentJob; polls: number }
  /** A poll failed for good (after its retries); the job may still be running. */
  | { kind: 'error'; job: AgentJob; polls: number; error: unknown }

export interface WaitLog {
  info(message: string): void
  warning(message: string): void
}

export interface WaitOptions {
  clock: Clock
  /** Epoch ms at which waiting stops. */
  deadline: number
  pollIntervalMs: number
  signal: AbortSignal
  log: WaitLog
  /** Set for a follow-up message: a final status equal to the accepted one may be stale. */
  awaitRestart?: boolean
}

/**
 * Polls until the job is completed, archived or failed, the deadline passes, or the run is cancelled.
 * One log line per status change, and a heartbeat with the elapsed time once a minute.
 */
export async function waitForJob(poll: () => Promise<AgentJob>, accepted: AgentJob, options: WaitOptions): Promise<WaitResult> {
  const { clock, deadline, pollIntervalMs, signal, log } = options
  const started = clock.now()
  const label = accepted.id ?? 'the job'
  let job = accepted
  let polls = 0
  let lastLog = started
  let warnedUnknown = false
  let restarted = !options.awaitRestart || !isTerminal(accepted.status)
  if (!restarted) log.info(`Job ${label} still shows ${accepted.status}: waiting for the agent to take up the follow-up.`)

  for (;;) {
    if (isTerminal(job.status) && (restarted || clock.now() - started >= RESTART_GRACE_MS || clock.now() >= deadline)) {
      if (!restarted)
        log.warning(
          `Job ${label} still shows ${job.status} ${formatDuration(clock.now() - started)} after the follow-up was accepted; reporting it as it stands.`
        )
      return { kind: 'terminal', job, polls }
    }
    if (!warnedUnknown && job.status !== null && !isKnownStatus(job.status)) {
      warnedUnknown = true
      log.warning(`Job ${label} reports status '${job.status}', which this action does not know; treating it as still running.`)
    }
    if (signal.aborted) return { kind: 'cancelled', job, polls }
    const now = clock.now()
    if (now >= deadline) return { kind: 'timed-out', job, polls }
    if (now - lastLog >= HEARTBEAT_MS) {
      log.info(`Still waiting: job ${label} is ${job.status ?? 'without status'} after ${formatDuration(now - started)} (${polls} polls).`)
      lastLog = now
    }

    // The last gap is cut to the deadline, so the final poll happens right at the timeout.
    await clock.sleep(Math.min(pollGap(now - started, pollIntervalMs), deadline - now), signal)
    if (signal.aborted) return { kind: 'cancelled', job, polls }

    let next: AgentJob
    try {
      next = await poll()
    } catch (error) {
      if (signal.aborted) return { kind: 'cancelled', job, polls }
      // The last poll is timed for the deadline, when no retry fits any more: that is still a timeout.
      if (clock.now() >= deadline) return { kind: 'timed-out', job, polls }
      return { kind: 'error', job, polls, error }
    }
    polls++
    restarted ||= !isTerminal(next.status) || next.status !== accepted.status || next.prLink !== accepted.prLink
    if (next.status !== job.status) {
      log.info(`Job ${label}: ${job.status ?? 'no status'} → ${next.status ?? 'no status'} after ${formatDuration(clock.now() - started)}.`)
      lastLog = clock.now()
    }
    // A record without an id (tolerated) keeps the id we already know.
    job = next.id ? next : { ...next, id: job.id }
  }
}
