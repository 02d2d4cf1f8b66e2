/**
 * report and improve ask the searches nobody clicked again (assistant-key, subdomain): one search request a
 * term, the answers in the file, the report output and the summary; improve's prompt keeps only the terms
 * that still find nothing; a dry run asks nothing; the two keys never cross.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../simulator/index.js'
import { creates, output } from './harness.js'
import { analyticsRequests, answers, askingRun, readReport, searchRequests, searchSite, TERMS } from './searches-asked-again-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await searchSite()
})
afterEach(async () => {
  await sim.close()
})

describe('operation: report, with assistant-key', () => {
  test('asks each search again after the analytics, and says which find a page today', async () => {
    const run = await askingRun(sim, { 'show-reader-text': 'true' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('reported')
    // No analytics request added: the same 10 as without the key, every search after them.
    expect(analyticsRequests(sim)).toHaveLength(10)
    const lastAnalytics = Math.max(...analyticsRequests(sim).map((r) => sim.requests.indexOf(r)))
    expect(searchRequests(sim).every((r) => sim.requests.indexOf(r) > lastAnalytics)).toBe(true)
    expect(searchRequests(sim).map((r) => [r.method, r.path, JSON.parse(r.body) as unknown])).toEqual(
      TERMS.map((query) => ['POST', '/discovery/v1/search/acme', { query, pageSize: 5, scoreThreshold: 0.5 }])
    )
    expect(answers(run)).toEqual([
      { results: 1, topPage: '/guides/sso' },
      { results: 0, topPage: null },
      { results: 0, topPage: null }
    ])
    expect(readReport(run).askedAgain).toEqual({ asked: 3, found: 1, stillNothing: 2, scoreThreshold: 0.5 })
    expect(JSON.parse(output(run, 'report'))).toMatchObject({ askedAgain: { asked: 3, found: 1, stillNothing: 2 } })
    expect(run.summary).toContain('| Search | Searches | Asked again today |')
    expect(run.summary).toContain('| sso saml | 210 | found `/guides/sso` (1 result) |')
    expect(run.summary).toContain('| webhook retries | 140 | still nothing |')
    expect(run.summary).toContain(
      '**Asked again today** (search API, results scoring at least 0.5): 1 now find a page, 2 still find nothing.'
    )
  })

  test('with show-reader-text off, the summary shows the counts and no term', async () => {
    const run = await askingRun(sim)
    expect(run.summary).toContain('1 now find a page, 2 still find nothing')
    expect(run.summary).not.toContain('Asked again today |')
    for (const term of TERMS) {
      expect(run.summary).not.toContain(term)
      expect(run.log).not.toContain(term)
    }
  })

  test('the admin key goes only to the analytics, the assistant key only to the search', async () => {
    await askingRun(sim, { operation: 'improve' })
    const byKind = new Map<string, Set<unknown>>()
    for (const request of sim.mintlifyRequests()) {
      const kind = request.path.startsWith('/discovery/') ? 'search' : request.path.startsWith('/v1/analytics/') ? 'analytics' : 'agent'
      byKind.set(kind, (byKind.get(kind) ?? new Set()).add(request.headers.authorization))
    }
    expect(Object.fromEntries([...byKind].map(([kind, headers]) => [kind, [...headers]]))).toEqual({
      analytics: [`Bearer ${sim.apiKey}`],
      search: [`Bearer ${sim.search.assistantKey}`],
      agent: [`Bearer ${sim.apiKey}`]
    })
    for (const request of sim.githubRequests()) expect(JSON.stringify(request)).not.toContain(sim.search.assistantKey)
  })

  test('a dry run asks nothing and says it would ask up to 20 searches', async () => {
    const run = await askingRun(sim, { 'dry-run': 'true' })
    expect(run.outputs.outcome).toBe('dry-run')
    expect(sim.mintlifyRequests()).toEqual([])
    expect(run.log).toContain('Then ask again up to 20 searches that found nothing (search API, pageSize 5, scoreThreshold 0.5')
    expect(run.outputs['failure-reason']).toBe('')
    expect(run.log).toMatch(/then ask up to 20 searches again \(search API\); nothing was sent/)
  })

  test('without assistant-key nothing is asked and the file has no answers', async () => {
    const run = await askingRun(sim, { 'assistant-key': '', subdomain: '' })
    expect(searchRequests(sim)).toEqual([])
    expect(readReport(run).askedAgain).toBeNull()
    expect(answers(run)).toEqual([undefined, undefined, undefined])
  })
})

describe('operation: improve, with assistant-key', () => {
  test('sends only the terms that still find nothing, and says how many were left out', async () => {
    const run = await askingRun(sim, { operation: 'improve' })
    expect(run.exitCode).toBe(0)
    const prompt = (JSON.parse(creates(sim)[0]?.body ?? '{}') as { prompt: string }).prompt
    const block = prompt.slice(prompt.indexOf('<reader-data'))
    expect(block).toContain('"webhook retries": 140')
    expect(block).toContain('"dark mode": 70')
    expect(block).not.toContain('sso saml')
    expect(block).toContain('(1 more term now finds a page when asked again today: left out.)')
    // Inside the block, before its end.
    expect(block.indexOf('left out.)')).toBeLessThan(block.indexOf('</reader-data>'))
  })

  test('when every term finds a page, it says so and sends none', async () => {
    sim.search.setPage('/guides/webhooks', 'Webhook retries: how often, and for how long.')
    sim.search.setPage('/guides/theme', 'Dark mode and light mode.')
    await askingRun(sim, { operation: 'improve' })
    const prompt = (JSON.parse(creates(sim)[0]?.body ?? '{}') as { prompt: string }).prompt
    expect(prompt).toContain('Searches where no result was clicked: all 3 terms now find a page when asked again today, so none is listed.')
    for (const term of TERMS) expect(prompt).not.toContain(term)
  })
})

test('the simulated search answers almost anything without a threshold, and refuses an admin key', async () => {
  const ask = (key: string, body: unknown): Promise<Response> =>
    fetch(`${sim.url}/discovery/v1/search/acme`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
  const loose = (await (await ask(sim.search.assistantKey, { query: 'dark mode', pageSize: 3 })).json()) as unknown[]
  expect(loose).toHaveLength(3)
  expect(await (await ask(sim.search.assistantKey, { query: 'dark mode', scoreThreshold: 0.5 })).json()).toEqual([])
  expect((await ask(sim.apiKey, { query: 'dark mode' })).status).toBe(401)
})

test("with the track record on, its section says which terms now lead to a page the agent's pull requests changed", async () => {
  const merged = new Date(Date.now() - 6 * 7 * 86_400_000).toISOString().slice(0, 10)
  sim.github.addIssue('octo-org/docs', {
    number: 101,
    title: 'Docs agent 101',
    pullRequest: true,
    labels: ['docs-agent'],
    files: ['guides/sso.mdx']
  })
  sim.github.closePull('octo-org/docs', 101, { merged: true, at: `${merged}T12:00:00Z` })
  const run = await askingRun(sim)
  expect(run.outputs.outcome).toBe('reported')
  expect(run.summary).toContain(
    "1 search that found nothing in the range now leads to a page the agent's merged pull requests changed: `/guides/sso`."
  )
})
