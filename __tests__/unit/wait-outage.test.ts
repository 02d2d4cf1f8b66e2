/**
 * Waiting through an outage (DESIGN.md "Waiting"), on a virtual clock: the real DocsApiClient with its
 * retries, over a fake transport that answers as the API would during each kind of outage, and the
 * wait on top, as in production. For each: the outcome, the polls, the gaps between them, the warnings.
 * The figures are printed as one table at the end.
 */
import { NO_SPEND_LIMIT } from '../../src/spend/agent-spend.js'
import { afterAll, describe, expect, it } from '@jest/globals'
import { formatDuration } from '../../src/duration.js'
import { DocsApiClient } from '../../src/mintlify/client.js'
import { isRetryableStatus } from '../../src/retry.js'
import type { AgentJob } from '../../src/mintlify/job.js'
import { type HttpResponse, type Transport, TransportError } from '../../src/mintlify/transport.js'
import { judgeJob } from '../../src/operations/agent/verdicts.js'
import { type Verdict } from '../../src/outcome.js'
import { pollGap, waitForJob, type WaitResult } from '../../src/wait.js'
import { agentJob, jobRecord, T0 } from '../fixtures/agent-jobs.js'
import { recordingLog, type RecordingLog } from '../fixtures/recording-log.js'
import { settled } from '../fixtures/settled.js'
import { API_KEY, PROJECT_ID } from '../fixtures/step-settings.js'
import { VirtualClock } from '../fixtures/virtual-clock.js'

const MINUTE = 60_000
const PR_LINK = 'https://github.com/acme/docs/pull/12'

/** What the API answers in a window of the wait, instead of the job. */
type Trouble = (request: number) => HttpResponse | TransportError

interface Outage {
  fromMs: number
  /** Exclusive; Infinity: until the end. */
  toMs: number
  answer: Trouble
}

interface Scenario {
  name: string
  /** When the job completes (with a pull request), from the start of the wait; Infinity: never. */
  jobMs: number
  timeoutMs: number
  outages: Outage[]
  /** Cancels the run when the transport is asked at or after this time. */
  cancelAtMs?: number
}

interface Poll {
  /** Sent and settled, relative to the start of the wait. */
  start: number
  end: number
  ok: boolean
}

interface Figures {
  result: WaitResult<AgentJob>
  verdict: Verdict
  polls: Poll[]
  /** When each request reached the transport, relative to the start. */
  requests: number[]
  log: RecordingLog
}

const status = (code: number, headers: Record<string, string> = {}, body = { error: 'Error' }): Trouble => {
  return () => ({ status: code, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
}
const reset: Trouble = () => new TransportError('reset', 'ECONNRESET', true)
const malformed: Trouble = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"job_1","status":"act' })

/** Runs the wait of one scenario through the real client, over a transport that follows the scenario. */
async function run(scenario: Scenario): Promise<Figures> {
  const clock = new VirtualClock(T0)
  const log = recordingLog(clock)
  const cancel = new AbortController()
  const requests: number[] = []
  const transport: Transport = () =>
    settled(() => {
      const now = clock.now() - T0
      requests.push(now)
      if (scenario.cancelAtMs !== undefined && now >= scenario.cancelAtMs) cancel.abort()
      const trouble = scenario.outages.find((outage) => now >= outage.fromMs && now < outage.toMs)
      const answer = trouble?.answer(requests.length)
      if (answer instanceof TransportError) throw answer
      if (answer) return answer
      const record = now >= scenario.jobMs ? jobRecord({ status: 'completed', prLink: PR_LINK }) : jobRecord({ status: 'active' })
      return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(record) }
    })
  const deadline = T0 + scenario.timeoutMs
  const client = new DocsApiClient(
    {
      baseUrl: 'https://api.mintlify.com',
      apiKey: API_KEY,
      transport,
      clock,
      random: () => 0.5,
      deadline,
      signal: cancel.signal,
      onRetry: (message) => log.info(message)
    },
    NO_SPEND_LIMIT
  )
  const polls: Poll[] = []
  const poll = async (): Promise<AgentJob> => {
    const entry = { start: clock.now() - T0, end: 0, ok: false }
    polls.push(entry)
    try {
      const job = await client.getJob(PROJECT_ID, 'job_1')
      entry.ok = true
      return job
    } finally {
      entry.end = clock.now() - T0
    }
  }
  const accepted = agentJob({ status: 'active' })
  const result = await waitForJob(poll, accepted, { clock, deadline, pollIntervalMs: 15_000, signal: cancel.signal, log })
  return { result, verdict: judgeJob(result, accepted, scenario.timeoutMs, 'job'), polls, requests, log }
}

/** Gaps between one poll's end and the next one's start. */
function gaps(polls: Poll[]): number[] {
  return polls.slice(1).map((poll, i) => poll.start - (polls[i]?.end ?? 0))
}

function gapsDuring(figures: Figures, fromMs: number, toMs: number): number[] {
  return gaps(figures.polls).filter((_, i) => {
    const end = figures.polls[i]?.end ?? 0
    return end >= fromMs && end < toMs
  })
}

/** Polls sent, polls that failed (after their retries), requests sent. */
function counts(figures: Figures): [number, number, number] {
  return [figures.polls.length, figures.polls.filter((poll) => !poll.ok).length, figures.requests.length]
}

const warnings = (figures: Figures): string[] => figures.log.messages('warning')
const recoveries = (figures: Figures): string[] => figures.log.messages('info').filter((line) => line.includes(' status read again after '))

/** Every gap keeps the rule: at least pollGap of the time waited (unless cut to the deadline). */
function expectGapRule(figures: Figures, timeoutMs: number): void {
  figures.polls.slice(1).forEach((poll, i) => {
    const previous = figures.polls[i]
    if (!previous) return
    const floor = Math.min(pollGap(previous.end, 15_000), timeoutMs - previous.end)
    expect(poll.start - previous.end).toBeGreaterThanOrEqual(floor)
  })
}

const rows: string[] = []
function record(name: string, figures: Figures, outageFrom: number, outageTo: number): void {
  const [polls, failed, requests] = counts(figures)
  const during = gapsDuring(figures, outageFrom, outageTo)
  const range = during.length ? `${Math.min(...during) / 1000}–${Math.max(...during) / 1000} s` : '–'
  const warning = warnings(figures)
    .map((line) => line.slice(0, 70))
    .join(' / ')
  const ended = formatDuration(figures.polls.at(-1)?.end ?? 0)
  rows.push(
    `| ${name} | ${figures.verdict.outcome} at ${ended} | ${polls} (${failed} failed) | ${requests} | ${range} | ${warnings(figures).length}: ${warning} |`
  )
}

afterAll(() => {
  console.log(['| outage | outcome | polls | requests | gaps in the outage | warnings |', '|---|---|---|---|---|---|', ...rows].join('\n'))
})

describe('a wait that outlasts an outage', () => {
  it('429 (Retry-After: 60) for 10 minutes in the middle of a 30-minute job: the pull request, one warning, no poll sooner than asked', async () => {
    const scenario: Scenario = {
      name: '429 for 10 min',
      jobMs: 30 * MINUTE,
      timeoutMs: 45 * MINUTE,
      outages: [{ fromMs: 10 * MINUTE, toMs: 20 * MINUTE, answer: status(429, { 'retry-after': '60' }, { error: 'Rate limit exceeded' }) }]
    }
    const figures = await run(scenario)
    record('429 (Retry-After 60) for 10 min of a 30 min job', figures, 10 * MINUTE, 20 * MINUTE)
    expect(counts(figures)).toEqual([97, 2, 105])

    expect(figures.verdict.outcome).toBe('pr-opened')
    expect(figures.result).toMatchObject({ kind: 'terminal', record: { status: 'completed', prLink: PR_LINK } })
    expect(warnings(figures)).toEqual([
      'Could not read agent job job_1: HTTP 429, the rate limit is reached (100 job creations and messages per project per hour) (server: "Rate limit exceeded") after 5 attempts. Job job_1 runs on whether or not its status can be read: polling goes on until the timeout, 30m 51s from now.'
    ])
    expect(recoveries(figures)).toHaveLength(1)
    // Every request in the outage waited the minute the server asked for, retries and polls alike.
    const limited = figures.requests.filter((at) => at >= 10 * MINUTE && at < 20 * MINUTE)
    limited.slice(1).forEach((at, i) => expect(at - (limited[i] ?? 0)).toBeGreaterThanOrEqual(MINUTE))
    expect(limited).toHaveLength(10)
    expect(gapsDuring(figures, 10 * MINUTE, 20 * MINUTE)).toEqual([MINUTE, MINUTE])
    expectGapRule(figures, scenario.timeoutMs)
    // The job is seen within one interval of finishing.
    expect(figures.polls.at(-1)?.end).toBeLessThanOrEqual(30 * MINUTE + 15_000)
  })

  it('503 for 2 minutes: the pull request, one warning, gaps never below the rule', async () => {
    const scenario: Scenario = {
      name: '503 for 2 min',
      jobMs: 10 * MINUTE,
      timeoutMs: 30 * MINUTE,
      outages: [{ fromMs: 3 * MINUTE, toMs: 5 * MINUTE, answer: status(503, {}, { error: 'Service Unavailable' }) }]
    }
    const figures = await run(scenario)
    record('503 for 2 min', figures, 3 * MINUTE, 5 * MINUTE)
    expect(counts(figures)).toEqual([52, 5, 72])

    expect(figures.verdict.outcome).toBe('pr-opened')
    expect(warnings(figures)).toEqual([
      expect.stringMatching(
        /^Could not read agent job job_1: HTTP 503, the Mintlify API had a server error \(server: "Service Unavailable"\) after 5 attempts\. Job job_1 runs on/
      )
    ])
    expect(recoveries(figures)).toEqual([
      expect.stringMatching(/^Job job_1: status read again after 1m \d\ds of failures \(\d+ polls failed\)\.$/)
    ])
    expect(gapsDuring(figures, 3 * MINUTE, 5 * MINUTE).every((gap) => gap === 15_000)).toBe(true)
    expectGapRule(figures, scenario.timeoutMs)
  })

  it.each([
    ['connection resets', 'resets', reset, 'connection resets for 2 min', 'the connection was closed before a response arrived'],
    ['unreadable bodies', 'malformed', malformed, 'malformed bodies for 2 min', 'the response was not the JSON the API documents']
  ])('%s for 2 minutes: retried and outlasted like a 5xx', async (_what, name, answer, row, cause) => {
    const scenario: Scenario = {
      name,
      jobMs: 10 * MINUTE,
      timeoutMs: 30 * MINUTE,
      outages: [{ fromMs: 3 * MINUTE, toMs: 5 * MINUTE, answer }]
    }
    const figures = await run(scenario)
    record(row, figures, 3 * MINUTE, 5 * MINUTE)

    expect(figures.verdict.outcome).toBe('pr-opened')
    expect(warnings(figures)).toEqual([
      expect.stringMatching(new RegExp(`^Could not read agent job job_1: ${cause} after 5 attempts\\. Job job_1 runs on`))
    ])
    expect(recoveries(figures)).toHaveLength(1)
    expectGapRule(figures, scenario.timeoutMs)
  })

  describe('every answer that may change by waiting is waited out; every other ends the wait', () => {
    const codes = Array.from({ length: 200 }, (_, i) => 400 + i)

    it.each(codes.filter(isRetryableStatus))('HTTP %i for 2 minutes: the pull request, one warning, one recovery', async (code) => {
      const scenario: Scenario = {
        name: String(code),
        jobMs: 10 * MINUTE,
        timeoutMs: 30 * MINUTE,
        outages: [{ fromMs: 3 * MINUTE, toMs: 5 * MINUTE, answer: status(code) }]
      }
      const figures = await run(scenario)

      expect(figures.verdict.outcome).toBe('pr-opened')
      expect(warnings(figures)).toEqual([
        expect.stringMatching(new RegExp(`^Could not read agent job job_1: HTTP ${code}, .* Job job_1 runs on`))
      ])
      expect(recoveries(figures)).toHaveLength(1)
      expect(figures.polls.filter((poll) => !poll.ok).length).toBeGreaterThan(0)
      expectGapRule(figures, scenario.timeoutMs)
    })

    it.each(codes.filter((code) => !isRetryableStatus(code)))('HTTP %i at minute 5 ends the wait at once as failed', async (code) => {
      const scenario: Scenario = {
        name: String(code),
        jobMs: Infinity,
        timeoutMs: 30 * MINUTE,
        outages: [{ fromMs: 5 * MINUTE, toMs: Infinity, answer: status(code) }]
      }
      const figures = await run(scenario)

      expect(figures.verdict.outcome).toBe('failed')
      expect(figures.verdict.failureReason).toMatch(new RegExp(`HTTP ${code}\\b.*; job job_1 may still be running\\.$`))
      expect(figures.requests.filter((at) => at >= 5 * MINUTE)).toHaveLength(1)
      expect(warnings(figures)).toEqual([])
    })
  })

  it('a 500 from minute 5 until the deadline: timed out, saying for how long reads failed and why', async () => {
    const scenario: Scenario = {
      name: 'persistent 500',
      jobMs: Infinity,
      timeoutMs: 30 * MINUTE,
      outages: [{ fromMs: 5 * MINUTE, toMs: Infinity, answer: status(500, {}, { error: 'Internal Server Error' }) }]
    }
    const figures = await run(scenario)
    record('500 from minute 5 to the deadline', figures, 5 * MINUTE, Infinity)
    expect(counts(figures)).toEqual([102, 68, 369])

    expect(figures.verdict.outcome).toBe('timed-out')
    expect(figures.verdict.failureReason).toMatch(
      /^Job job_1 was still active when last read, but its status could not be read for the last 2[45]m \d\ds before the 30m 00s timeout \(\d+ polls failed; the last: Could not read agent job job_1: HTTP 500, the Mintlify API had a server error \(server: "Internal Server Error"\)( after \d attempts)?(; the next retry would not fit in the [\d.]+m?s left before the timeout)?\); it may finish later: follow job job_1 in the Mintlify dashboard\.$/
    )
    expect(warnings(figures)).toHaveLength(1)
    expect(recoveries(figures)).toEqual([])
    // Polling went on to the deadline, no faster than the rule.
    expect(figures.polls.at(-1)?.start).toBeGreaterThanOrEqual(30 * MINUTE - 30_000)
    expect(figures.requests.at(-1)).toBeLessThanOrEqual(30 * MINUTE)
    expectGapRule(figures, scenario.timeoutMs)
  })

  it('a 429 whose Retry-After is past the deadline ends the wait at once as timed out', async () => {
    const scenario: Scenario = {
      name: 'retry-after past deadline',
      jobMs: Infinity,
      timeoutMs: 30 * MINUTE,
      outages: [{ fromMs: 20 * MINUTE, toMs: Infinity, answer: status(429, { 'retry-after': '3600' }, { error: 'Rate limit exceeded' }) }]
    }
    const figures = await run(scenario)
    record('429 with Retry-After 1 h at minute 20', figures, 20 * MINUTE, Infinity)

    expect(figures.verdict.outcome).toBe('timed-out')
    expect(figures.verdict.failureReason).toMatch(
      /^Job job_1 was still active when last read, but the API asks to be read again only after the 30m 00s timeout \(Could not read agent job job_1: HTTP 429, .*the API asks to wait 1h 00m, more than the 9m \d\ds left before the timeout, so retry after 2025-01-15 13:\d\d UTC\); it may finish later/
    )
    expect(figures.requests.filter((at) => at >= 20 * MINUTE)).toHaveLength(1)
    expect(figures.polls.at(-1)?.end).toBeLessThan(21 * MINUTE)
  })

  it.each([
    [404, 'job job_1 was not found in project acme-docs'],
    [401, 'the API key is invalid or expired'],
    [403, 'the API key is not allowed to do this']
  ])('HTTP %i at minute 5 ends the wait at once as failed', async (code, meaning) => {
    const scenario: Scenario = {
      name: String(code),
      jobMs: Infinity,
      timeoutMs: 30 * MINUTE,
      outages: [{ fromMs: 5 * MINUTE, toMs: Infinity, answer: status(code) }]
    }
    const figures = await run(scenario)
    record(`${code} at minute 5`, figures, 5 * MINUTE, Infinity)

    expect(figures.verdict.outcome).toBe('failed')
    expect(figures.verdict.failureReason).toContain(meaning)
    expect(figures.verdict.failureReason).toMatch(/; job job_1 may still be running\.$/)
    expect(figures.requests.filter((at) => at >= 5 * MINUTE)).toHaveLength(1)
    expect(warnings(figures)).toEqual([])
  })

  it('a cancel during an outage ends the wait as cancelled, sending nothing more', async () => {
    const scenario: Scenario = {
      name: 'cancel',
      jobMs: Infinity,
      timeoutMs: 30 * MINUTE,
      outages: [{ fromMs: 3 * MINUTE, toMs: Infinity, answer: status(503) }],
      cancelAtMs: 4 * MINUTE
    }
    const figures = await run(scenario)
    record('503 from minute 3, cancelled at minute 4', figures, 3 * MINUTE, Infinity)

    expect(figures.result.kind).toBe('cancelled')
    expect(figures.verdict.outcome).toBe('cancelled')
    expect(figures.requests.filter((at) => at >= 4 * MINUTE)).toHaveLength(1)
  })
})
