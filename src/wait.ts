import type { Clock } from './clock.js'
import { formatDuration } from './duration.js'
import { messageOf } from './errors.js'
import { ApiError } from './mintlify/errors.js'
import { type AgentJob, isTerminal, KNOWN_STATUSES, TERMINAL_STATUSES } from './mintlify/job.js'
import { capitalise, stripPeriod } from './text.js'

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

/** What is waited on (an agent job, a deployment): how to read its status, and what to call it in the log. */
export interface WaitSubject<R> {
  /** Names the record in log lines, starting lower case: `job job_1`, `deployment 65f0c2`. */
  label: string
  statusOf: (record: R) => string | null
  /** Every status the API documents; any other is taken as still running, with one warning. */
  known: readonly string[]
  /** The statuses that end the wait. */
  terminal: readonly string[]
  /**
   * Whether the last record seen ends the wait, asked again before each poll; default: its status is
   * terminal. A follow-up's job can show its old final state for a while (see waitForJob).
   */
  done?: (record: R, waitedMs: number) => boolean
  /**
   * The heartbeat as the subject words it (a static export's `Static export 6520f3a1…: running (3m 10s)`);
   * default: a sentence with the status and the polls.
   */
  heartbeat?: (record: R, waitedMs: number) => string
}

/** Status reads that were still failing when the wait ended. */
export interface Outage {
  /** Polls that failed, each after the client's own retries. */
  failedPolls: number
  /** From the first of them being sent to the end of the wait. */
  forMs: number
  /** Why the last one failed. */
  error: unknown
  /** The wait ended before the deadline: the server asked to be read again only after it. */
  retryPastDeadline: boolean
}

export type WaitResult<R> =
  | { kind: 'terminal'; record: R; polls: number }
  | { kind: 'timed-out'; record: R; polls: number; outage: Outage | null }
  | { kind: 'cancelled'; record: R; polls: number }
  /** A poll failed in a way waiting cannot mend (401, 403, 404): the work may still be running. */
  | { kind: 'error'; record: R; polls: number; error: unknown }

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
}

/**
 * Polls until the record reaches a terminal status, the deadline passes, or the run is cancelled; `polls`
 * counts the answers read. One log line per status change, a heartbeat once a minute.
 *
 * The work runs on whether or not its status can be read, so a poll that fails after the client's retries
 * (429, 5xx, network, an unreadable answer) does not end the wait: one warning, then polling goes on,
 * never sooner than the gap rule or the server's `Retry-After` allow, until the deadline. A failure that
 * waiting cannot mend (401, 403, 404) ends it at once, and so does a `Retry-After` past the deadline.
 */
export async function waitFor<R>(poll: () => Promise<R>, first: R, subject: WaitSubject<R>, options: WaitOptions): Promise<WaitResult<R>> {
  const { clock, deadline, pollIntervalMs, signal, log } = options
  const { label, statusOf } = subject
  const opening = capitalise(label)
  const done = subject.done ?? ((record: R) => subject.terminal.includes(statusOf(record) ?? ''))
  const started = clock.now()
  const failing = new FailingReads(opening, clock, log, deadline)
  let record = first
  let polls = 0
  let lastLog = started
  const noteUnknown = unknownStatusWarning(subject.known, opening, log)
  /** The server asked not to be read again before this time. */
  let notBefore = 0

  for (;;) {
    const status = statusOf(record)
    if (done(record, clock.now() - started)) return { kind: 'terminal', record, polls }
    noteUnknown(status)
    if (signal.aborted) return { kind: 'cancelled', record, polls }
    const now = clock.now()
    if (now >= deadline) return { kind: 'timed-out', record, polls, outage: failing.outage(false) }
    if (now - lastLog >= HEARTBEAT_MS) {
      const since = failing.since()
      const unread = since === null ? '' : `; its status could not be read for the last ${formatDuration(now - since)}`
      log.info(
        subject.heartbeat
          ? `${subject.heartbeat(record, now - started)}${unread}`
          : `Still waiting: ${label} is ${status ?? 'without status'} after ${formatDuration(now - started)} (${polls} polls)${unread}.`
      )
      lastLog = now
    }

    // The last gap is cut to the deadline, so the final poll happens right at the timeout.
    const gap = Math.max(pollGap(now - started, pollIntervalMs), notBefore - now)
    await clock.sleep(Math.min(gap, deadline - now), signal)
    if (signal.aborted) return { kind: 'cancelled', record, polls }

    const sent = clock.now()
    let next: R
    try {
      next = await poll()
    } catch (error) {
      if (signal.aborted) return { kind: 'cancelled', record, polls }
      if (!(error instanceof ApiError && error.retryable)) return { kind: 'error', record, polls, error }
      failing.count(error, sent)
      if (error.retryAfterMs !== null) {
        notBefore = clock.now() + error.retryAfterMs
        if (notBefore > deadline) return { kind: 'timed-out', record, polls, outage: failing.outage(true) }
      }
      failing.tell(error)
      lastLog = clock.now()
      continue
    }
    if (failing.recovered()) lastLog = clock.now()
    polls++
    if (tellChange(subject, { before: record, after: next, waitedMs: clock.now() - started }, log)) lastLog = clock.now()
    record = next
  }
}

/** Logs what a poll changed: a line per status change. */
function tellChange<R>(subject: WaitSubject<R>, change: { before: R; after: R; waitedMs: number }, log: WaitLog): boolean {
  const { before, after, waitedMs } = change
  const [was, is] = [subject.statusOf(before), subject.statusOf(after)]
  if (was !== is) log.info(`${capitalise(subject.label)}: ${was ?? 'no status'} → ${is ?? 'no status'} after ${formatDuration(waitedMs)}.`)
  return was !== is
}

/** Warns, once per wait, of a status the API does not document: it is taken as still running. */
function unknownStatusWarning(known: readonly string[], opening: string, log: WaitLog): (status: string | null) => void {
  let warned = false
  return (status) => {
    if (warned || status === null || known.includes(status)) return
    warned = true
    log.warning(`${opening} reports status '${status}', which this action does not know; treating it as still running.`)
  }
}

/**
 * Status reads failing in a row (each after the client's own retries): since when, how many, the last
 * error. The first outage of a wait is a warning; what follows goes to the log as information.
 */
class FailingReads {
  private current: { since: number; polls: number; error: unknown } | null = null
  private warned = false

  constructor(
    private readonly opening: string,
    private readonly clock: Clock,
    private readonly log: WaitLog,
    private readonly deadline: number
  ) {}

  /** When the failing reads began (the first one sent); null while reads succeed. */
  since(): number | null {
    return this.current?.since ?? null
  }

  /** One more poll failed for good; `sent` is when it was sent. */
  count(error: unknown, sent: number): void {
    this.current = this.current ? { ...this.current, polls: this.current.polls + 1, error } : { since: sent, polls: 1, error }
  }

  /** Says so: a warning the first time in this wait, a line of information after that. */
  tell(error: unknown): void {
    const { current, clock } = this
    if (!current) return
    if (!this.warned) {
      this.warned = true
      this.log.warning(
        `${stripPeriod(messageOf(error))}. ${this.opening} runs on whether or not its status can be read: polling goes on until the timeout, ${formatDuration(this.deadline - clock.now())} from now.`
      )
      return
    }
    this.log.info(
      `${this.opening}: status reads have failed for ${formatDuration(clock.now() - current.since)} (${current.polls} polls); the last: ${stripPeriod(messageOf(error))}.`
    )
  }

  /** A read succeeded: said once when it ends an outage (then true), and the count starts again. */
  recovered(): boolean {
    const { current } = this
    if (!current) return false
    this.log.info(
      `${this.opening}: status read again after ${formatDuration(this.clock.now() - current.since)} of failures (${current.polls} polls failed).`
    )
    this.current = null
    return true
  }

  outage(retryPastDeadline: boolean): Outage | null {
    const { current } = this
    return current && { failedPolls: current.polls, forMs: this.clock.now() - current.since, error: current.error, retryPastDeadline }
  }
}

export interface JobWaitOptions extends WaitOptions {
  /** Set for a follow-up message: a final status equal to the accepted one may be stale. */
  awaitRestart?: boolean
}

/**
 * Waits for an agent job to be completed, archived or failed (see waitFor). After a follow-up message, the
 * final state the job was accepted in counts only once the job has moved, or after RESTART_GRACE_MS.
 */
export async function waitForJob(
  poll: () => Promise<AgentJob>,
  accepted: AgentJob,
  options: JobWaitOptions
): Promise<WaitResult<AgentJob>> {
  const { clock, log } = options
  const id = accepted.id
  const label = id ? `job ${id}` : 'the job'
  let restarted = !options.awaitRestart || !isTerminal(accepted.status)
  if (!restarted) log.info(`${capitalise(label)} still shows ${accepted.status}: waiting for the agent to take up the follow-up.`)
  const stale = (job: AgentJob, waitedMs: number): void =>
    log.warning(
      `${capitalise(label)} still shows ${job.status} ${formatDuration(waitedMs)} after the follow-up was accepted; reporting it as it stands.`
    )

  const started = clock.now()
  const result = await waitFor(
    // A record without an id (tolerated) keeps the id we already know.
    async () => {
      const job = await poll()
      return job.id || !id ? job : { ...job, id }
    },
    accepted,
    {
      label,
      statusOf: (job) => job.status,
      known: KNOWN_STATUSES,
      terminal: TERMINAL_STATUSES,
      done: (job, waitedMs) => {
        if (!isTerminal(job.status)) {
          restarted = true
          return false
        }
        restarted ||= job.status !== accepted.status || job.prLink !== accepted.prLink
        if (!restarted && waitedMs >= RESTART_GRACE_MS) stale(job, waitedMs)
        return restarted || waitedMs >= RESTART_GRACE_MS
      }
    },
    options
  )
  // At the deadline, a final state not yet known to be fresh is still the best account of the job.
  if (result.kind === 'timed-out' && isTerminal(result.record.status)) {
    stale(result.record, clock.now() - started)
    return { kind: 'terminal', record: result.record, polls: result.polls }
  }
  return result
}
