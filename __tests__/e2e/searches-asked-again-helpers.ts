/**
 * What the tests of the searches asked again share: a simulator whose site has a page on SSO (so `sso saml`
 * finds it today) and three searches nobody clicked last week, and a report run with the assistant key.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRun } from '../../scripts/run-action.js'
import { type RecordedRequest, type Simulator, startSimulator } from '../../simulator/index.js'
import type { HealthReport } from '../../src/operations/docs-health/health-report.js'
import { expectNoSecret, output, runAgainst } from './harness.js'

export const RANGE = { 'date-from': '2026-03-01', 'date-to': '2026-03-08' }
/** The planted searches without a click, most searched first: 210, 140 and 70 searches in the range. */
export const TERMS = ['sso saml', 'webhook retries', 'dark mode'] as const

export async function searchSite(): Promise<Simulator> {
  const sim = await startSimulator()
  sim.analytics.setData({ paths: 200 })
  sim.analytics.plantDeadSearch(TERMS[0], 30)
  sim.analytics.plantDeadSearch(TERMS[1], 20)
  sim.analytics.plantDeadSearch(TERMS[2], 10)
  // A writer fixed the first gap since: the site now has a page that holds the term.
  sim.search.setPage('/guides/sso', 'Single sign-on: set up SSO SAML with your identity provider.')
  return sim
}

/** A report (or `inputs.operation`) run with the assistant key and the subdomain; neither key shows anywhere. */
export async function askingRun(sim: Simulator, inputs: Record<string, string> = {}): Promise<ActionRun> {
  const key = inputs['assistant-key'] ?? sim.search.assistantKey
  const run = await runAgainst(sim, {
    inputs: { operation: 'report', prompt: '', ...RANGE, 'assistant-key': key, subdomain: sim.search.subdomain, ...inputs }
  })
  if (key) expectNoSecret(run, key)
  return run
}

export function searchRequests(sim: Simulator): RecordedRequest[] {
  return sim.requests.filter((r) => r.path.startsWith('/discovery/'))
}

export function analyticsRequests(sim: Simulator): RecordedRequest[] {
  return sim.requests.filter((r) => r.path.startsWith('/v1/analytics/'))
}

export function queries(sim: Simulator): string[] {
  return searchRequests(sim).map((r) => (JSON.parse(r.body) as { query: string }).query)
}

export function readReport(run: ActionRun): HealthReport {
  return JSON.parse(readFileSync(join(run.workspace, output(run, 'file')), 'utf8')) as HealthReport
}

/** The `askedAgain` of each term of the file, in its order. */
export function answers(run: ActionRun): unknown[] {
  return (readReport(run).searchesWithoutClicks?.terms ?? []).map((term) => term.askedAgain)
}
