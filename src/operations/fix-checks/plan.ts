import { EMPTY_ROUNDS, type Round, type RoundsRecord, withHandOver, withRound } from './rounds-record.js'

/**
 * What a run woken by a check event does on the agent's pull request, decided from what it knows so far.
 * Reading costs requests, so the plan is asked again as facts come in: first without the checks (a
 * quiet skip needs none), then with the head's checks, then with the failures read in full.
 */
export interface FixChecksFacts {
  /** `fix-checks`: rounds per pull request; 0 turns the feature off. */
  budget: number
  dryRun: boolean
  /** The commit the event is about. */
  eventHead: string
  /** The pull request of the event's commit; null when none was found. */
  pull: CheckedPullFacts | null
  /** The pull request's signed rounds record; null when it has none yet. */
  record: RoundsRecord | null
  /** The head's checks; null until read. */
  checks: ChecksFacts | null
  /** The wait for running checks reached the run's deadline. */
  waitedOut: boolean
}

export interface CheckedPullFacts {
  number: number
  /** Its head now, as read from GitHub. */
  head: string
  fork: boolean
  /** It carries a trusted, signed job marker: it is the agent's, and the job to follow up is known. */
  agentJob: boolean
}

export interface ChecksFacts {
  /** Checks still queued or in progress. */
  pending: string[]
  /** Checks that failed, by name. */
  failed: string[]
  /** What the failures say; null until read (annotations and logs). */
  failures: { fingerprint: string; message: string } | null
}

/** Why a run does nothing; every one is quiet (a debug line) but `still-running`, which names the checks. */
export type SkipReason = 'disabled' | 'no-agent-pull' | 'fork' | 'stale' | 'answered' | 'nothing-failed' | 'still-running'

export type FixChecksPlan =
  | { kind: 'skip'; reason: SkipReason; why: string; quiet: boolean }
  /** Read the head's checks (`checks`: runs and statuses), or the failures' annotations and logs (`failures`). */
  | { kind: 'read'; what: 'checks' | 'failures' }
  /** Checks still run: wait for them (the waiting rules), then plan again. */
  | { kind: 'wait'; pending: string[] }
  /** Send round `round` of `of`, then write `record`. */
  | { kind: 'send'; round: number; of: number; failed: string[]; message: string; record: RoundsRecord }
  /** Say what would be sent, send and record nothing. */
  | { kind: 'dry-run'; round: number; of: number; failed: string[]; message: string }
  /** Stop: the sticky comment says `rounds` rounds did not fix `failed`; write `record`. Outcome `skipped`. */
  | { kind: 'hand-over'; rounds: number; failed: string[]; record: RoundsRecord }

/**
 * The decision for what is known (see FixChecksFacts): the first rule that applies. The rules that need no
 * read of the checks come first, so a run that will not send a round reads nothing more.
 */
export function planFixChecks(facts: FixChecksFacts): FixChecksPlan {
  const { budget, pull, eventHead, checks } = facts
  const record = facts.record ?? EMPTY_ROUNDS
  if (budget <= 0) return skip('disabled', 'fix-checks is 0: failing checks are not handed to the agent.')
  if (!pull?.agentJob) return skip('no-agent-pull', `No pull request of the agent's at ${short(eventHead)}.`)
  if (pull.fork) return skip('fork', `Pull request #${pull.number} comes from a fork.`)
  if (pull.head !== eventHead)
    return skip('stale', `The event is about ${short(eventHead)}; pull request #${pull.number} is at ${short(pull.head)} now.`)
  if (record.heads.includes(pull.head)) return skip('answered', `The checks at ${short(pull.head)} were answered already.`)
  if (!checks) return { kind: 'read', what: 'checks' }
  if (checks.pending.length > 0) {
    if (!facts.waitedOut) return { kind: 'wait', pending: checks.pending }
    return {
      kind: 'skip',
      reason: 'still-running',
      why: `Checks still running at the deadline: ${checks.pending.join(', ')}. Their completion starts another run.`,
      quiet: false
    }
  }
  if (checks.failed.length === 0) return skip('nothing-failed', `No check failed at ${short(pull.head)}.`)
  if (!checks.failures) return { kind: 'read', what: 'failures' }
  const { fingerprint, message } = checks.failures
  const last = record.rounds.at(-1)
  // The agent pushed a new head after the last round, and it fails the same way: its fix changed nothing.
  const unchanged = last?.fingerprint === fingerprint && last.head !== pull.head
  if (record.rounds.length >= budget || unchanged) {
    return { kind: 'hand-over', rounds: record.rounds.length, failed: checks.failed, record: withHandOver(record, pull.head) }
  }
  const round = { round: record.rounds.length + 1, of: budget, failed: checks.failed, message }
  if (facts.dryRun) return { kind: 'dry-run', ...round }
  const sent: Round = { head: pull.head, fingerprint }
  return { kind: 'send', ...round, record: withRound(record, sent) }
}

/** The sticky comment's words when the rounds are spent or changed nothing (`names` already escaped for markdown). */
export function handOverText(rounds: number, names: readonly string[]): string {
  return `Checks still fail after ${rounds} automatic round${rounds === 1 ? '' : 's'}: ${names.join(', ')}. A person needs to look.`
}

function skip(reason: SkipReason, why: string): FixChecksPlan {
  return { kind: 'skip', reason, why, quiet: true }
}

function short(sha: string): string {
  return sha.slice(0, 7)
}
