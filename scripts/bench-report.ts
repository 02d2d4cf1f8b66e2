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

export interface TrackRecordCost extends ReportCost {
  /** Analytics requests of the track record: its weekly feedback/by-page reads and its pages of questions. */
  weeks: number
  questionPages: number
  /** GitHub requests: the search and the files reads. */
  searches: number
  fileReads: number
  /** The plan as the run logged it. */
  plan: string[]
}

/**
 * The weekly report with the agent's track record on a typical site: merged agent pull requests every two
 * weeks over the 13 weeks before today (4 of them judged, 2 still waiting), `impact-weeks: 4`.
 */
export async function measureTrackRecordRequests(site: SiteShape): Promise<TrackRecordCost> {
  const sim: Simulator = await startSimulator()
  try {
    const day = 86_400_000
    const today = Math.floor(Date.now() / day) * day
    const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10)
    sim.analytics.setData({ paths: site.pages, from: iso(today - 200 * day), to: iso(today + 7 * day) })
    sim.analytics.readerVolume = {
      ...sim.analytics.readerVolume,
      pages: site.pages,
      conversationsPerDay: Math.round(site.conversationsPerWeek / 7),
      feedbackPerDay: 20,
      searchesPerDay: 200
    }
    for (const [i, weeksAgo] of [12, 10, 8, 6, 4, 2].entries()) {
      const number = 100 + i
      const page = `docs/page-${String(i + 1).padStart(6, '0')}.mdx`
      sim.github.addIssue('octo-org/docs', {
        number,
        title: `Docs agent ${number}`,
        pullRequest: true,
        labels: ['docs-agent'],
        files: [page]
      })
      sim.github.closePull('octo-org/docs', number, { merged: true, at: `${iso(today - weeksAgo * 7 * day)}T12:00:00Z` })
    }
    const run = await runAction({
      inputs: { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.url, operation: 'report', 'impact-weeks': '4' },
      githubApiUrl: `${sim.url}/api/v3`,
      killAfterMs: 120_000
    })
    if (run.exitCode !== 0) throw new Error(`report failed: ${run.log}`)
    const report = JSON.parse(run.outputs.report ?? '{}') as { missing?: string[] }
    const analytics = sim.mintlifyRequests()
    const span = (r: { query: Record<string, string> }): number => Date.parse(r.query.dateTo ?? '') - Date.parse(r.query.dateFrom ?? '')
    return {
      requests: analytics.length,
      outcome: run.outputs.outcome ?? '',
      missing: (report.missing ?? []).join(', ') || 'none',
      // Every feedback/by-page request but the one of pages to fix first.
      weeks: analytics.filter((r) => r.path.endsWith('/feedback/by-page')).length - 1,
      questionPages: analytics.filter((r) => r.path.endsWith('/assistant') && span(r) > 7 * day).length,
      searches: sim.githubRequests().filter((r) => r.path.endsWith('/search/issues')).length,
      fileReads: sim.githubRequests().filter((r) => /\/pulls\/\d+\/files$/.test(r.path)).length,
      plan: run.log.split('\n').filter((line) => /^ {2}\d+\. GET|requests or more|Not paid/.test(line))
    }
  } finally {
    await sim.close()
  }
}
