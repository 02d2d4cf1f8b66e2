import { describe, expect, it } from '@jest/globals'
import { InputError } from '../../../src/errors.js'
import { ApiError } from '../../../src/mintlify/errors.js'
import { parseSearchResults } from '../../../src/mintlify/search.js'
import { answerOf, countAnswers, searchesForPrompt, stateOf } from '../../../src/operations/docs-health/asked-again/answers.js'
import { askAgain } from '../../../src/operations/docs-health/asked-again/ask.js'
import { readAskAgainInputs } from '../../../src/operations/docs-health/asked-again/inputs.js'
import { askedAgainCell, trackRecordSentence } from '../../../src/operations/docs-health/asked-again/render.js'
import type { HealthReport } from '../../../src/operations/docs-health/health-report.js'
import type { AgentImpact } from '../../../src/operations/docs-health/track-record/impact.js'

const KEY = 'mint_dsc_0123456789abcdef'

/** A report with no section but those a test gives. */
function healthReport(overrides: Partial<HealthReport> = {}): HealthReport {
  return {
    range: { from: '2026-11-16', to: '2026-11-23' },
    previousRange: { from: '2026-11-09', to: '2026-11-16' },
    traffic: null,
    fixFirst: null,
    searchesWithoutClicks: null,
    assistant: null,
    pendingFeedback: null,
    agentImpact: null,
    askedAgain: null,
    spend: null,
    missing: [],
    unreadable: [],
    ...overrides
  }
}

function inputs(values: Record<string, string>): (name: string) => string {
  return (name) => values[name] ?? ''
}

function refusal(values: Record<string, string>): InputError {
  try {
    readAskAgainInputs(inputs(values))
  } catch (error) {
    if (error instanceof InputError) return error
  }
  throw new Error('the inputs were accepted')
}

describe('assistant-key and subdomain', () => {
  it('are both optional, and read together', () => {
    expect(readAskAgainInputs(inputs({}))).toBeNull()
    expect(readAskAgainInputs(inputs({ 'assistant-key': ` ${KEY} `, subdomain: 'acme-docs' }))).toEqual({
      assistantKey: KEY,
      subdomain: 'acme-docs'
    })
  })

  it('refuse one without the other, naming the missing one', () => {
    expect(refusal({ 'assistant-key': KEY })).toMatchObject({ input: 'subdomain' })
    expect(refusal({ subdomain: 'acme' })).toMatchObject({ input: 'assistant-key' })
  })

  it('refuse a key that is not mint_dsc_…, without showing it', () => {
    for (const key of ['mint_admin_1234567890', 'mint_us_1234567890', 'sk-1234567890', 'mint_dsc_12 34']) {
      const error = refusal({ 'assistant-key': key, subdomain: 'acme' })
      expect(error.input).toBe('assistant-key')
      expect(error.message).not.toContain(key)
      expect(error.message).toMatch(/^Input 'assistant-key' must be an assistant key \(mint_dsc_…/)
    }
    expect(refusal({ 'assistant-key': 'mint_admin_1234567890', subdomain: 'acme' }).message).toContain('another kind of key')
  })

  it('refuse a subdomain that is not one DNS label', () => {
    for (const subdomain of ['acme.mintlify.site', 'https://acme', '-acme', 'acme-', 'a_b', 'x'.repeat(64)])
      expect(refusal({ 'assistant-key': KEY, subdomain })).toMatchObject({ input: 'subdomain' })
    expect(readAskAgainInputs(inputs({ 'assistant-key': KEY, subdomain: 'x'.repeat(63) }))?.subdomain).toHaveLength(63)
  })
})

describe('the answers', () => {
  it('read the documented shape, and refuse anything else', () => {
    expect(parseSearchResults([{ content: 'a', path: '/guides/sso', metadata: {} }, { content: 'b' }])).toEqual([
      { path: '/guides/sso' },
      { path: null }
    ])
    expect(parseSearchResults([])).toEqual([])
    expect(parseSearchResults({ results: [] })).toBeNull()
    expect(parseSearchResults(['/guides'])).toBeNull()
  })

  it('count the results and normalise the top page as the track record does', () => {
    expect(answerOf([{ path: 'https://acme.mintlify.site/guides/sso/index.mdx?x#y' }, { path: '/b' }])).toEqual({
      results: 2,
      topPage: '/guides/sso'
    })
    expect(answerOf([{ path: null }, { path: 'guides/b/' }])).toEqual({ results: 2, topPage: '/guides/b' })
    expect(answerOf([])).toEqual({ results: 0, topPage: null })
  })

  it('tell found, still nothing and not asked apart, and count them', () => {
    const terms = [{ askedAgain: { results: 2, topPage: '/a' } }, { askedAgain: { results: 0, topPage: null } }, { askedAgain: null }, {}]
    expect(terms.map(stateOf)).toEqual(['found', 'still nothing', 'not asked', 'not asked'])
    expect(countAnswers(terms)).toEqual({ asked: 2, found: 1, stillNothing: 1, scoreThreshold: 0.5 })
  })

  it("leave the terms that find a page out of improve's prompt, and say how many", () => {
    const found = { term: 'sso', askedAgain: { results: 1, topPage: '/sso' } }
    const nothing = { term: 'dark mode', askedAgain: { results: 0, topPage: null } }
    expect(searchesForPrompt([found, nothing, { term: 'x', askedAgain: null }])).toEqual({
      kept: [nothing, { term: 'x', askedAgain: null }],
      note: '(1 more term now finds a page when asked again today: left out.)'
    })
    expect(searchesForPrompt([found, found]).note).toMatch(/^Searches where no result was clicked: all 2 terms now find a page/)
    expect(searchesForPrompt([nothing])).toEqual({ kept: [nothing], note: null })
  })

  it('render the column', () => {
    expect(askedAgainCell({ term: 't', hits: 1, share: null, askedAgain: { results: 3, topPage: '/guides/sso' } })).toBe(
      'found `/guides/sso` (3 results)'
    )
    expect(askedAgainCell({ term: 't', hits: 1, share: null, askedAgain: null })).toBe('not asked')
  })
})

describe("the track record's sentence", () => {
  const impact = {
    pulls: [
      {
        pages: [
          { before: null, after: '/guides/sso' },
          { before: '/old', after: null }
        ]
      }
    ]
  } as unknown as AgentImpact
  const report = (terms: NonNullable<HealthReport['searchesWithoutClicks']>['terms']): HealthReport =>
    healthReport({
      agentImpact: impact,
      searchesWithoutClicks: { totalSearches: 100, terms },
      askedAgain: countAnswers(terms)
    })

  it('names the changed pages the terms now lead to', () => {
    const sentence = trackRecordSentence(
      report([
        { term: 'a', hits: 3, share: null, askedAgain: { results: 1, topPage: '/docs/guides/sso' } },
        { term: 'b', hits: 2, share: null, askedAgain: { results: 1, topPage: '/other' } },
        { term: 'c', hits: 1, share: null, askedAgain: { results: 0, topPage: null } }
      ])
    )
    expect(sentence).toBe(
      "1 search that found nothing in the range now leads to a page the agent's merged pull requests changed: `/guides/sso`."
    )
  })

  it('says none, and is absent without the searches asked again', () => {
    expect(trackRecordSentence(report([{ term: 'b', hits: 2, share: null, askedAgain: { results: 1, topPage: '/other' } }]))).toMatch(
      /^None of the 1 search asked again/
    )
    expect(trackRecordSentence(healthReport({ agentImpact: impact }))).toBeNull()
  })
})

describe('asking again', () => {
  const log = (): { lines: string[]; info(m: string): void; warning(m: string): void } => {
    const lines: string[] = []
    return { lines, info: (m) => lines.push(`info: ${m}`), warning: (m) => lines.push(`warning: ${m}`) }
  }
  const terms = (n: number): HealthReport =>
    healthReport({
      searchesWithoutClicks: {
        totalSearches: 1000,
        terms: Array.from({ length: n }, (_, i) => ({ term: `t${i}`, hits: n - i, share: null }))
      }
    })

  it('asks at most 20 terms, the most searched first, and marks the rest not asked', async () => {
    const asked: string[] = []
    const report = terms(25)
    await askAgain(report, {
      search: (query) => (asked.push(query.query), Promise.resolve(query.query === 't0' ? [{ path: '/a' }] : [])),
      log: log(),
      now: () => 0,
      deadline: 1,
      signal: new AbortController().signal
    })
    expect(asked).toEqual(Array.from({ length: 20 }, (_, i) => `t${i}`))
    expect(report.askedAgain).toEqual({ asked: 20, found: 1, stillNothing: 19, scoreThreshold: 0.5 })
    expect(report.searchesWithoutClicks?.terms[20]?.askedAgain).toBeNull()
  })

  it('stops at a refused key with one warning, and past the deadline', async () => {
    const out = log()
    let calls = 0
    const refused = terms(3)
    await askAgain(refused, {
      search: () => (calls++, Promise.reject(new ApiError('Could not ask search 1 of 3 again: HTTP 403, assistant-key.', 403, false))),
      log: out,
      now: () => 0,
      deadline: 1,
      signal: new AbortController().signal
    })
    expect(calls).toBe(1)
    expect(out.lines.filter((line) => line.startsWith('warning'))).toEqual([
      'warning: Could not ask search 1 of 3 again: HTTP 403, assistant-key. The 3 searches left are not asked again.'
    ])
    const late = terms(2)
    const lateLog = log()
    await askAgain(late, {
      search: () => Promise.resolve([]),
      log: lateLog,
      now: () => 5,
      deadline: 1,
      signal: new AbortController().signal
    })
    expect(late.askedAgain?.asked).toBe(0)
    expect(lateLog.lines[0]).toBe("warning: The run's timeout is reached: 2 searches left are not asked again.")
  })
})
