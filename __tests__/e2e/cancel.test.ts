/**
 * A cancelled workflow: the runner sends SIGINT, then SIGTERM 7.5 s later (either may be the first the
 * action sees). Whatever the run is doing at the signal, and whatever GitHub does then, the outputs say
 * what is true (outcome, and the job id once one is known), the status comment ends saying it too, the
 * process is gone within 5 s (a DESIGN.md promise), and no signal ever makes a second job.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { RunOptions } from '../../scripts/run-action.js'
import { commentPayload, ISSUE, PULL, pullRequestOpened } from '../fixtures/webhook-payloads.js'
import type { Simulator } from '../../simulator/index.js'
import { creates, expectFailedWith } from './harness.js'
import { githubCalls, type Mark, mark, ownComments, plainText, runOn, startHelloWorld } from './triggers/helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** GitHub never answers this request (within any test): what "GitHub stops answering" looks like. */
const HANG_MS = 60_000
/** Slow polling, so that a cancelled wait is told from a finished one. */
const SLOW_POLLING = { 'poll-interval': '10s', timeout: '5m' }

/** What the run was doing when the signal came, and what it must end with. */
interface Phase {
  phase: string
  /** Faults and earlier runs; then the trigger of the cancelled run and when to send the signal. */
  arrange: (since: Mark) => Promise<CancelledRun> | CancelledRun
  outcome: string
  /** The failure reason for this run's job id (null when none is known); null for a run that succeeded. */
  reason: ((id: string | null) => RegExp) | null
  jobKnown: boolean
  /** Where the status goes and what it reads in the end (as a reader sees it); null text: nothing is posted. */
  thread: { issue: number; text: ((id: string | null) => RegExp) | null }
  /** Job creations this run sent. */
  creates: number
}

interface CancelledRun {
  eventName: 'pull_request' | 'issue_comment'
  payload: unknown
  inputs?: Record<string, string>
  cancel: Pick<RunOptions, 'cancelWhenLogHas' | 'cancelWhen'>
}

/** Whether GitHub has received `METHOD path` (repository prefix cut) since `since`, answered or not. */
function gitHubGot(since: Mark, call: RegExp): () => boolean {
  return () => githubCalls(sim, since).some((line) => call.test(line))
}

const onPull = (inputs: Record<string, string>, cancel: CancelledRun['cancel']): CancelledRun => ({
  eventName: 'pull_request',
  payload: pullRequestOpened(),
  inputs,
  cancel
})

const cancelledWhileWaiting = (id: string | null): RegExp => new RegExp(`cancelled while waiting; job ${id} may still be running`)

const phases: Phase[] = [
  {
    phase: 'the wait (polling)',
    arrange: () => {
      sim.scriptNextJob({ outcome: 'never' })
      return onPull(SLOW_POLLING, { cancelWhenLogHas: '::group::Waiting for job' })
    },
    outcome: 'cancelled',
    reason: cancelledWhileWaiting,
    jobKnown: true,
    thread: { issue: PULL, text: cancelledWhileWaiting },
    creates: 1
  },
  {
    phase: 'the wait, GitHub then never answering the cancelled update',
    arrange: () => {
      sim.scriptNextJob({ outcome: 'never' })
      // The "working" comment is created; its one update, the cancelled one, hangs.
      sim.injectFault({ route: 'github-comment-update', delayMs: HANG_MS })
      return onPull(SLOW_POLLING, { cancelWhenLogHas: '::group::Waiting for job' })
    },
    outcome: 'cancelled',
    reason: cancelledWhileWaiting,
    jobKnown: true,
    // GitHub took nothing after the signal: the comment cannot say more than it did (the warning tells).
    thread: { issue: PULL, text: () => /Docs agent is working/ },
    creates: 1
  },
  {
    phase: 'a retry back-off of the create (429 asking for 30 s)',
    arrange: () => {
      sim.injectFault({ route: 'create', status: 429, retryAfter: '30' })
      return onPull({ timeout: '5m' }, { cancelWhenLogHas: 'retrying in' })
    },
    outcome: 'cancelled',
    reason: () => /^Could not create the agent job: the workflow was cancelled/,
    jobKnown: false,
    thread: { issue: PULL, text: () => /Could not create the agent job: the workflow was cancelled/ },
    creates: 1
  },
  {
    phase: 'a retry back-off of a poll (503)',
    arrange: () => {
      sim.scriptNextJob({ outcome: 'never' })
      sim.injectFault({ route: 'get', status: 503 })
      // Polling at the harness's pace: the signal comes in the first poll's back-off, whenever that poll is sent.
      return onPull({ timeout: '5m' }, { cancelWhenLogHas: 'retrying in' })
    },
    outcome: 'cancelled',
    reason: cancelledWhileWaiting,
    jobKnown: true,
    thread: { issue: PULL, text: cancelledWhileWaiting },
    creates: 1
  },
  {
    phase: 'an outage (polls failing past their retries)',
    arrange: () => {
      sim.scriptNextJob({ outcome: 'never' })
      // Retry-After: 0 lets a poll's five attempts fail at once rather than a second apart.
      sim.injectFault({ route: 'get', status: 503, retryAfter: '0', times: 1_000 })
      // Signalled once a whole poll has failed and the wait goes on: between polls, or in the next one's attempts.
      return onPull(SLOW_POLLING, { cancelWhenLogHas: 'runs on whether or not its status can be read' })
    },
    outcome: 'cancelled',
    reason: cancelledWhileWaiting,
    jobKnown: true,
    thread: { issue: PULL, text: cancelledWhileWaiting },
    creates: 1
  },
  {
    phase: 'an in-flight create (the POST hanging)',
    arrange: () => {
      sim.injectFault({ route: 'create', delayMs: HANG_MS })
      return onPull({ timeout: '5m' }, { cancelWhen: () => creates(sim).length > 0 })
    },
    outcome: 'cancelled',
    // DESIGN.md "Requests": a POST that may have reached the API is never sent again, and the error says so.
    reason: () =>
      /^Could not create the agent job: the workflow was cancelled while the request was in flight; the job may have been created anyway, so check the agent jobs in the Mintlify dashboard/,
    jobKnown: false,
    thread: { issue: PULL, text: () => /the workflow was cancelled while the request was in flight; the job may have been created anyway/ },
    creates: 1
  },
  {
    phase: 'the permission check (GitHub hanging)',
    arrange: (since) => {
      sim.injectFault({ route: 'github-permission', delayMs: HANG_MS })
      return {
        eventName: 'issue_comment',
        payload: commentPayload(sim, { body: '/docs fix the typo' }),
        cancel: { cancelWhen: gitHubGot(since, /^GET \/collaborators\/Codertocat\/permission$/) }
      }
    },
    outcome: 'cancelled',
    reason: () => /^Could not check the repository permission of Codertocat: the workflow was cancelled/,
    jobKnown: false,
    // Stopped before the command was accepted: nothing to reply yet.
    thread: { issue: ISSUE, text: null },
    creates: 0
  },
  {
    phase: 'a status-comment update (GitHub hanging on "working")',
    arrange: async () => {
      // The previous run's sticky comment, which this run's "working" update is writing over when GitHub hangs.
      await runOn(sim, 'pull_request', pullRequestOpened(), { inputs: { wait: 'false' } })
      sim.scriptNextJob({ outcome: 'never' })
      sim.injectFault({ route: 'github-comment-update', delayMs: HANG_MS })
      return onPull(SLOW_POLLING, { cancelWhen: gitHubGot(mark(sim), /^PATCH \/issues\/comments\/\d+$/) })
    },
    outcome: 'cancelled',
    reason: cancelledWhileWaiting,
    jobKnown: true,
    thread: { issue: PULL, text: cancelledWhileWaiting },
    creates: 1
  },
  {
    phase: 'the result comment (GitHub hanging on it)',
    arrange: (since) => {
      sim.scriptNextJob({ outcome: 'pr', afterPolls: 1 })
      // The "working" comment is created; its update with the result hangs.
      sim.injectFault({ route: 'github-comment-update', delayMs: HANG_MS })
      return onPull({}, { cancelWhen: gitHubGot(since, /^PATCH \/issues\/comments\/\d+$/) })
    },
    // The job had opened its pull request before the signal: that is the truth to tell, not "may still be running".
    outcome: 'pr-opened',
    reason: null,
    jobKnown: true,
    thread: { issue: PULL, text: () => /The docs agent opened a pull request: https:\/\/github\.com\/Codertocat\/Hello-World\/pull\/\d+/ },
    creates: 1
  }
]

describe.each(['SIGINT', 'SIGTERM'] as const)('%s', (signal) => {
  test.each(phases)('during $phase', async ({ arrange, outcome, reason, jobKnown, thread, creates: created }) => {
    const since = mark(sim)
    const cancelled = await arrange(since)
    const before = mark(sim)
    const run = await runOn(sim, cancelled.eventName, cancelled.payload, {
      inputs: cancelled.inputs ?? {},
      ...cancelled.cancel,
      cancelSignal: signal
    })

    expect(run.exitAfterSignalMs).not.toBeNull()
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expect(creates(sim).slice(before.mintlify)).toHaveLength(created)
    const id = jobKnown ? ([...sim.jobs.keys()].at(-1) ?? null) : null
    expect(run.outputs['job-id'] ?? '').toBe(id ?? '')
    if (reason) expectFailedWith(run, outcome, reason(id))
    else {
      expect(run.exitCode).toBe(0)
      expect(run.outputs.outcome).toBe(outcome)
    }
    const comments = ownComments(sim, thread.issue)
    if (thread.text === null) expect(comments).toEqual([])
    else {
      // One status comment, however many runs and stopped calls: never a second one.
      expect(comments).toHaveLength(1)
      expect(plainText(comments[0]?.body ?? '')).toMatch(thread.text(id))
    }
  })
})
