import { type CheckedPullFacts, type FixChecksFacts, type PullMarks, short } from './facts.js'
import { EMPTY_ROUNDS, type Round, type RoundsRecord, withHandOver, withRound } from './rounds-record.js'

/** Why a run does nothing; every one is quiet (a debug line) but `still-running`, which names the checks. */
export type SkipReason = 'disabled' | 'no-agent-pull' | 'fork' | 'other-run' | 'stale' | 'answered' | 'nothing-failed' | 'still-running'

/** What to read next (see FixChecksFacts): the pull request, its marks, the head's checks, or what the failures say. */
export type ReadWhat = 'pull' | 'marks' | 'checks' | 'failures'

export type FixChecksPlan =
  | { kind: 'skip'; reason: SkipReason; why: string; quiet: boolean }
  /** Nothing failed as far as could be read, but the reads that tell it were refused: outcome `failed`. */
  | { kind: 'fail'; why: string }
  | { kind: 'read'; what: ReadWhat }
  /** Checks still run: wait for them (the waiting rules), then plan again. */
  | { kind: 'wait'; pending: string[] }
  /** Send round `round` of `of`, then write `record`. */
  | { kind: 'send'; round: number; of: number; failed: string[]; message: string; record: RoundsRecord }
  /** Say what would be sent, send and record nothing. */
  | { kind: 'dry-run'; round: number; of: number; failed: string[]; message: string }
  /** Stop: the sticky comment says `rounds` rounds did not fix `failed`; write `record`. Outcome `skipped`. */
  | { kind: 'hand-over'; rounds: number; failed: string[]; record: RoundsRecord }

/**
 * The decision for what is known: the first rule that applies. It is asked again as facts come in, and the
 * rules that need fewer reads come first: what the payload says costs no request, whether the pull request
 * is the agent's own (not a fork's, not moved on) costs the one look-up, and only then are its comments
 * and the head's checks read. So an outsider's wake-up costs at most the look-up.
 */
export function planFixChecks(facts: FixChecksFacts): FixChecksPlan {
  const { budget, payload, pull, eventHead } = facts
  if (budget <= 0) return skip('disabled', 'fix-checks is 0: failing checks are not handed to the agent.')
  if (payload.forkRun) return skip('fork', `The checks at ${short(eventHead)} ran for a fork's pull request.`)
  if (payload.forkNamed !== null) return skip('fork', `Pull request #${payload.forkNamed} comes from a fork.`)
  if (payload.otherRunEvent !== null)
    return skip(
      'other-run',
      `The workflow run at ${short(eventHead)} was started by ${payload.otherRunEvent}: no run of the agent's pull request.`
    )
  if (pull === 'unread') return { kind: 'read', what: 'pull' }
  if (!pull) return noAgentPull(eventHead)
  if (pull.fork) return skip('fork', `Pull request #${pull.number} comes from a fork.`)
  if (pull.head !== eventHead)
    return skip('stale', `The event is about ${short(eventHead)}; pull request #${pull.number} is at ${short(pull.head)} now.`)
  if (!facts.marks) return { kind: 'read', what: 'marks' }
  if (facts.marks.jobId === '') return noAgentPull(eventHead)
  return planRound(facts, pull, facts.marks)
}

/** On the agent's own pull request at the event's head: answered already, waiting, nothing failed, or a round. */
function planRound(facts: FixChecksFacts, pull: CheckedPullFacts, marks: PullMarks): FixChecksPlan {
  const { budget, checks } = facts
  const record = marks.record ?? EMPTY_ROUNDS
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
  if (checks.failed.length === 0) {
    if (checks.unreadable.length > 0) return { kind: 'fail', why: unreadableText(pull.head, checks.unreadable) }
    return skip('nothing-failed', `No check failed at ${short(pull.head)}.`)
  }
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

function unreadableText(head: string, refused: readonly string[]): string {
  return `Nothing could be read of what failed at ${short(head)}: the token lacks ${refused.join(' and ')}; add ${refused.length === 1 ? 'it' : 'them'} to the workflow's permissions: block.`
}

function noAgentPull(eventHead: string): FixChecksPlan {
  return skip('no-agent-pull', `No pull request of the agent's at ${short(eventHead)}.`)
}

function skip(reason: SkipReason, why: string): FixChecksPlan {
  return { kind: 'skip', reason, why, quiet: true }
}
