/**
 * The requests of a weekly report that asks 20 searches again (`assistant-key`, `subdomain`) on a typical
 * site, beside the same report without the key: the searches are search requests of their own, and add
 * no analytics request (DESIGN: 20 search requests, no analytics request added).
 */
import { startSimulator } from '../simulator/index.js'
import { runAction } from './run-action.js'
import { TYPICAL_SITE } from './bench-report.js'

export interface AskedAgainCost {
  searches: number
  analytics: number
  /** The analytics requests of the same report without assistant-key. */
  analyticsWithout: number
  found: number
  outcome: string
}

/** 25 searches nobody clicked (the 20 most searched are asked), 5 of whose terms a page now holds. */
export async function measureAskedAgainRequests(): Promise<AskedAgainCost> {
  const once = async (withKey: boolean): Promise<{ searches: number; analytics: number; found: number; outcome: string }> => {
    const sim = await startSimulator()
    try {
      sim.analytics.setData({ paths: TYPICAL_SITE.pages })
      sim.analytics.readerVolume = { ...sim.analytics.readerVolume, pages: TYPICAL_SITE.pages, conversationsPerDay: 140 }
      for (let i = 0; i < 25; i++) sim.analytics.plantDeadSearch(`missing topic ${String.fromCharCode(97 + i)}`, 30 - i)
      for (let i = 0; i < 5; i++) sim.search.setPage(`/guides/topic-${i}`, `How to use missing topic ${String.fromCharCode(97 + i)}.`)
      const key: Record<string, string> = withKey ? { 'assistant-key': sim.search.assistantKey, subdomain: sim.search.subdomain } : {}
      const run = await runAction({
        inputs: { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.url, operation: 'report', ...RANGE, ...key },
        githubApiUrl: `${sim.url}/api/v3`,
        killAfterMs: 120_000
      })
      if (run.exitCode !== 0) throw new Error(`report failed: ${run.log}`)
      const figures = JSON.parse(run.outputs.report ?? '{}') as { askedAgain?: { found: number } | null }
      return {
        searches: sim.requests.filter((r) => r.path.startsWith('/discovery/')).length,
        analytics: sim.requests.filter((r) => r.path.startsWith('/v1/analytics/')).length,
        found: figures.askedAgain?.found ?? 0,
        outcome: run.outputs.outcome ?? ''
      }
    } finally {
      await sim.close()
    }
  }
  const asking = await once(true)
  const without = await once(false)
  return { ...asking, analyticsWithout: without.analytics }
}

const RANGE = { 'date-from': '2026-03-01', 'date-to': '2026-03-08' }
