/**
 * The searches asked again in-process: the step as the report runs it (askAgainStep), the real search
 * client and its transport against the simulator's search API on 127.0.0.1, on a fake clock. What is
 * sent (the assistant key only, the threshold), what each answer means, and what a fault leaves.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { DEFAULT_ASSISTANT_KEY, DEFAULT_SUBDOMAIN, type Simulator, startSimulator } from '../../../simulator/index.js'
import { SearchClient } from '../../../src/mintlify/search.js'
import { createNodeTransport } from '../../../src/mintlify/transport.js'
import { askAgainStep } from '../../../src/operations/docs-health/asked-again/ask.js'
import type { AskAgainInputs } from '../../../src/operations/docs-health/asked-again/inputs.js'
import type { HealthReport } from '../../../src/operations/docs-health/health-report.js'
import type { OperationDeps } from '../../../src/operations/operation.js'
import { recordingLog, type RecordingLog } from '../../fixtures/recording-log.js'
import { runContext } from '../../fixtures/run-context.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

let sim: Simulator
let clock: VirtualClock
let log: RecordingLog
beforeEach(async () => {
  clock = new VirtualClock()
  log = recordingLog(clock)
  sim = await startSimulator({ now: () => clock.now() })
  sim.search.setPage('/guides/single-sign-on', 'Set up single sign-on with SAML or OIDC for your organization.')
})
afterEach(async () => {
  await sim.close()
})

const ASK: AskAgainInputs = { assistantKey: DEFAULT_ASSISTANT_KEY, subdomain: DEFAULT_SUBDOMAIN }

/** The run's means with the search client the action builds (main.ts), on the assistant key it is given. */
function deps(overrides: Partial<OperationDeps> = {}): OperationDeps {
  const none = (): never => {
    throw new Error('not used by the searches')
  }
  return {
    clock,
    signal: new AbortController().signal,
    deadline: clock.now() + 600_000,
    log,
    run: runContext(),
    client: none,
    searchClient: (assistantKey) =>
      new SearchClient({
        baseUrl: sim.url,
        assistantKey,
        transport: createNodeTransport(),
        clock,
        random: () => 0.5,
        deadline: clock.now() + 600_000
      }),
    connectGitHub: none,
    publish: () => undefined,
    mask: () => undefined,
    ...overrides
  }
}

/** A report whose searches without a click are `terms`, most searched first. */
function reportOf(terms: string[]): HealthReport {
  return {
    range: { from: '2026-11-16', to: '2026-11-23' },
    previousRange: { from: '2026-11-09', to: '2026-11-16' },
    traffic: null,
    fixFirst: null,
    searchesWithoutClicks: { totalSearches: 500, terms: terms.map((term, i) => ({ term, hits: 100 - i, share: null })) },
    assistant: null,
    pendingFeedback: null,
    agentImpact: null,
    askedAgain: null,
    spend: null,
    missing: [],
    unreadable: []
  }
}

const searches = (): { path: string; authorization: unknown; body: unknown }[] =>
  sim
    .mintlifyRequests()
    .filter((request) => request.path.startsWith('/discovery/'))
    .map((request) => ({ path: request.path, authorization: request.headers.authorization, body: JSON.parse(request.body) as unknown }))

describe('the searches asked again through the search API', () => {
  it('asks each term once on the assistant key, and tells what now finds a page', async () => {
    const report = reportOf(['single sign-on', 'zzz nothing like it'])
    await askAgainStep(ASK, deps())(report)

    expect(searches()).toEqual([
      {
        path: `/discovery/v1/search/${DEFAULT_SUBDOMAIN}`,
        authorization: `Bearer ${DEFAULT_ASSISTANT_KEY}`,
        body: { query: 'single sign-on', pageSize: 5, scoreThreshold: 0.5 }
      },
      expect.objectContaining({ body: { query: 'zzz nothing like it', pageSize: 5, scoreThreshold: 0.5 } })
    ])
    expect(report.searchesWithoutClicks?.terms.map((term) => term.askedAgain)).toEqual([
      { results: 1, topPage: '/guides/single-sign-on' },
      { results: 0, topPage: null }
    ])
    expect(report.askedAgain).toEqual({ asked: 2, found: 1, stillNothing: 1, scoreThreshold: 0.5 })
    expect(log.messages('info')).toContain('Asked 2 searches again (scoreThreshold 0.5): 1 now find a page, 1 still find nothing.')
    expect(log.messages('warning')).toEqual([])
  })

  it('stops at a subdomain the search API does not know, naming it, and marks the terms not asked', async () => {
    const report = reportOf(['single sign-on', 'sso'])
    await askAgainStep({ ...ASK, subdomain: 'other' }, deps())(report)

    expect(searches()).toHaveLength(1)
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(/the search API knows no site other; check subdomain.* The 2 searches left are not asked again\.$/)
    ])
    expect(report.askedAgain).toEqual({ asked: 0, found: 0, stillNothing: 0, scoreThreshold: 0.5 })
  })

  it('stops at a key the search API refuses, and never shows the key', async () => {
    const report = reportOf(['single sign-on'])
    await askAgainStep({ ...ASK, assistantKey: 'mint_dsc_not_the_key' }, deps())(report)

    const [warning] = log.messages('warning')
    expect(warning).toMatch(/^Could not ask search 1 of 1 again: HTTP 401/)
    expect(warning).not.toContain('mint_dsc_not_the_key')
    expect(report.searchesWithoutClicks?.terms[0]?.askedAgain).toBeNull()
  })

  it('marks a term whose search fails for good not asked, and asks the next one', async () => {
    sim.injectFault({ route: 'search', status: 400, message: "Field 'query' is invalid" })
    const report = reportOf(['single sign-on', 'sso'])
    await askAgainStep(ASK, deps())(report)

    expect(searches()).toHaveLength(2)
    expect(report.searchesWithoutClicks?.terms.map((term) => term.askedAgain)).toEqual([null, { results: 0, topPage: null }])
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(/^1 search of 2 could not be asked again, marked not asked: Could not ask search 1 of 2 again: HTTP 400/)
    ])
  })

  it('waits out one 429 with the retry it names, and no second one', async () => {
    sim.injectFault({ route: 'search', status: 429, retryAfter: '7', times: 3 })
    const report = reportOf(['single sign-on', 'sso'])
    await askAgainStep(ASK, deps())(report)

    // The first search waits once and is refused again: the hour's searches are spent, so asking ends.
    expect(clock.sleeps).toContain(7_000)
    expect(searches()).toHaveLength(2)
    expect(log.messages('warning')).toEqual([expect.stringMatching(/HTTP 429.* The 2 searches left are not asked again\.$/)])
  })

  it('ends with the run when the workflow is cancelled during the searches', async () => {
    const cancel = new AbortController()
    sim.injectFault({ route: 'search', status: 400 })
    const search = deps({ signal: cancel.signal })
    const report = reportOf(['single sign-on'])
    cancel.abort()

    await expect(askAgainStep(ASK, search)(report)).rejects.toThrow(/HTTP 400/)
  })
})
