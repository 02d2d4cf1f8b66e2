/**
 * Requests per docs-health report (`operation: report`) against the simulator: a typical site (250
 * pages, about 1,000 assistant conversations a week) and a large one (5,000 pages, 20,000 a week).
 * Every request is paid from the organisation's hourly quota of 100 analytics requests.
 */
import { type Simulator, startSimulator } from '../simulator/index.js'
import { runAction } from './run-action.js'

export interface SiteShape {
  pages: number
  conversationsPerWeek: number
}

export const TYPICAL_SITE: SiteShape = { pages: 250, conversationsPerWeek: 980 }
export const LARGE_SITE: SiteShape = { pages: 5_000, conversationsPerWeek: 20_000 }

export interface ReportCost {
  requests: number
  outcome: string
  missing: string
}

/** Runs one report of the week 2026-03-01..2026-03-08 (and the week before) on a site of this shape. */
export async function measureReportRequests(site: SiteShape): Promise<ReportCost> {
  const sim: Simulator = await startSimulator()
  try {
    sim.analytics.setData({ paths: site.pages })
    sim.analytics.readerVolume = {
      ...sim.analytics.readerVolume,
      pages: site.pages,
      conversationsPerDay: Math.round(site.conversationsPerWeek / 7),
      feedbackPerDay: 20,
      searchesPerDay: 200
    }
    const run = await runAction({
      inputs: {
        'api-key': sim.apiKey,
        'project-id': sim.projectId,
        'base-url': sim.url,
        operation: 'report',
        'date-from': '2026-03-01',
        'date-to': '2026-03-08'
      },
      githubApiUrl: `${sim.url}/api/v3`,
      killAfterMs: 120_000
    })
    if (run.exitCode !== 0) throw new Error(`report failed: ${run.log}`)
    const report = JSON.parse(run.outputs.report ?? '{}') as { missing?: string[] }
    return {
      requests: sim.mintlifyRequests().length,
      outcome: run.outputs.outcome ?? '',
      missing: (report.missing ?? []).join(', ') || 'none'
    }
  } finally {
    await sim.close()
  }
}
