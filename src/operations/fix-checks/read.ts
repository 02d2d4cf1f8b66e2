import { pullRef, type PullFacts } from '../../github/event.js'
import { jobOfMarkers } from '../../github/markers.js'
import { waitFor } from '../../wait.js'
import { recordSubject } from '../agent/comment-records.js'
import { failedNames, type HeadChecks } from './check-states.js'
import { type CheckedPullFacts, type ChecksFacts, type FixChecksFacts, type PullMarks, pullOfCommit, short } from './facts.js'
import { failureMarks, fixChecksMessage } from './failure-report.js'
import { failureFingerprint } from './fingerprint.js'
import { mergedRounds, newestRoundsComment } from './fresh-budget.js'
import type { FixChecksMeans } from './means.js'
import type { ReadWhat } from './plan.js'
import { earlierRoundLines } from './rounds-comment.js'
import type { AgentHead } from './status-standing.js'

/** The facts with what the plan asked to read added. */
export async function readInto(what: ReadWhat, facts: FixChecksFacts, means: FixChecksMeans): Promise<FixChecksFacts> {
  if (what === 'pull') return { ...facts, pull: await readPull(facts, means) }
  const pull = readPullOf(facts)
  if (what === 'marks') return { ...facts, marks: await readMarks(pull, means) }
  const { reader } = means
  if (what === 'checks') {
    await reader.headChecks(ownHead(pull, means))
    return { ...facts, checks: checksFacts(means) }
  }
  const failing = await reader.failures()
  const failures = { fingerprint: failureFingerprint(failureMarks(failing)), message: fixChecksMessage(pull.url, facts.eventHead, failing) }
  return { ...facts, checks: { ...checksFacts(means), failures } }
}

/**
 * The pull request of the event's commit: the one the event names from this repository, read as it is now;
 * else one look-up by the commit, whose list tells the agent's from a fork's without another read.
 */
async function readPull(facts: FixChecksFacts, { api, event }: FixChecksMeans): Promise<CheckedPullFacts | null> {
  const named = facts.payload.ownNamed
  if (named !== null) return checkedPull(await api.pull(named))
  const pull = pullOfCommit(await api.openPullsOfCommit(event.headSha), event.headSha)
  return pull && checkedPull(pull)
}

function checkedPull(pull: PullFacts): CheckedPullFacts {
  return { number: pull.number, url: pull.url, head: pull.head.sha, branch: pull.head.ref, fork: pull.head.fork }
}

/**
 * The agent's marks, from the trusted comments whose records verify: its job from the newest job marker, and
 * its rounds (its signed rounds records merged). The rounds are told in this workflow job's sticky comment while that comment
 * holds the newest record; after a person's `/docs` wrote a fresh one below it, a new sticky comment starts.
 */
async function readMarks(pull: CheckedPullFacts, { api, settings, records, sticky }: FixChecksMeans): Promise<PullMarks> {
  const trusted = await api.markerComments(pullRef(pull.number), settings.markerAuthors)
  const verified = records.verified(trusted, recordSubject(api.repo, pull.number))
  const holder = newestRoundsComment(verified)
  // The identity was looked up for the trusted comments already: only its own sticky comment can be updated.
  const identity = (await api.tokenLogin()).toLowerCase()
  const own = trusted.filter((comment) => comment.login.toLowerCase() === identity && comment.body.includes(sticky)).at(-1)
  const keepsSticky = holder === undefined || holder.id === own?.id
  return {
    jobId: jobOfMarkers(verified.map((comment) => ({ body: comment.records }))) ?? '',
    record: mergedRounds(verified),
    stickyId: keepsSticky ? (own?.id ?? null) : null,
    earlierLines: keepsSticky && own ? earlierRoundLines(own.body) : []
  }
}

/** Waits for the running checks by the waiting rules (gaps growing up to `poll-interval`), until the deadline. */
export async function waitForChecks(facts: FixChecksFacts, means: FixChecksMeans): Promise<FixChecksFacts | 'cancelled'> {
  const { reader, settings, deps } = means
  const head = ownHead(readPullOf(facts), means)
  const label = `the checks at ${short(head.sha)}`
  deps.log.info(`Waiting for ${label} still running: ${reader.lastRead.pending.join(', ')}.`)
  const result = await deps.log.group(`Waiting for ${label}`, () =>
    waitFor(() => reader.headChecks(head), reader.lastRead, CHECKS_SUBJECT(label), {
      clock: deps.clock,
      deadline: deps.deadline,
      pollIntervalMs: settings.pollIntervalMs,
      signal: deps.signal,
      log: deps.log
    })
  )
  if (result.kind === 'error') throw result.error
  if (result.kind === 'cancelled') return 'cancelled'
  return { ...facts, checks: checksFacts(means), waitedOut: result.kind === 'timed-out' }
}

const CHECKS_SUBJECT = (label: string) => ({
  label,
  statusOf: (checks: HeadChecks) => (checks.pending.length > 0 ? 'running' : 'finished'),
  known: ['running', 'finished'],
  terminal: ['finished']
})

function checksFacts({ reader }: FixChecksMeans): ChecksFacts {
  const checks = reader.lastRead
  return { pending: checks.pending, failed: failedNames(checks), failures: null, unreadable: [...reader.unreadable] }
}

function ownHead(pull: CheckedPullFacts, { api }: FixChecksMeans): AgentHead {
  return { sha: pull.head, branch: pull.branch, repository: `${api.repo.owner}/${api.repo.repo}`, number: pull.number }
}

/** The pull request read; the plan reads nothing of its checks before it. */
export function readPullOf(facts: FixChecksFacts): CheckedPullFacts {
  if (facts.pull === 'unread' || facts.pull === null) throw new Error('The checks were read before the pull request.')
  return facts.pull
}
