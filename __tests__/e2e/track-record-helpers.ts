/**
 * What the track record's end-to-end tests share: a simulator whose analytics hold only what a test
 * plants, labelled pull requests merged in whole weeks before this week's Monday (the run's day is today,
 * the action's own clock), and the requests a run made.
 */
import { afterEach, beforeEach, expect } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRun } from '../../scripts/run-action.js'
import { type GitHubPullFile, type RecordedRequest, type Simulator, startSimulator } from '../../simulator/index.js'
import type { HealthReport } from '../../src/operations/docs-health/health-report.js'
import type { AgentImpact } from '../../src/operations/docs-health/track-record/impact.js'
import { output, runAgainst } from './harness.js'

export const REPO = 'octo-org/docs'
export const DAY = 86_400_000
export const WEEK = 7 * DAY
/** This week's Monday (UTC), the anchor of every merge here. */
export const MONDAY = (() => {
  const day = Math.floor(Date.now() / DAY)
  return (day - ((((day - 4) % 7) + 7) % 7)) * DAY
})()
export const date = (ms: number): string => new Date(ms).toISOString().slice(0, 10)
/** The Monday `n` weeks before this week's. */
export const weeksAgo = (n: number): number => MONDAY - n * WEEK

/** The 8 weeks of one pull request merged `weeks` weeks ago, newest first: the 4 after the merge week, then the 4 before. */
export function weeksOf(weeks: number): string[] {
  return [weeks - 4, weeks - 3, weeks - 2, weeks - 1, weeks + 1, weeks + 2, weeks + 3, weeks + 4].map((n) => date(weeksAgo(n)))
}

export function impactOf(run: ActionRun): AgentImpact {
  const file = JSON.parse(readFileSync(join(run.workspace, output(run, 'file')), 'utf8')) as HealthReport
  if (!file.agentImpact) throw new Error(`no agentImpact in the report: ${run.log}`)
  return file.agentImpact
}

/** A simulator per test (registered here), and what a test does with it. Call at the top of a test file. */
export function trackRecordSite() {
  let current: Simulator | undefined
  beforeEach(async () => {
    current = await startSimulator()
    current.analytics.setData({ paths: 20, from: date(weeksAgo(30)), to: date(MONDAY + WEEK) })
    // Only what a test plants: no generated feedback or conversations.
    current.analytics.readerVolume = { ...current.analytics.readerVolume, feedbackPerDay: 0, conversationsPerDay: 0 }
  })
  afterEach(async () => {
    await current?.close()
    current = undefined
  })
  const sim = (): Simulator => {
    if (!current) throw new Error('simulator not started')
    return current
  }
  const analytics = (endpoint: string): RecordedRequest[] =>
    sim()
      .mintlifyRequests()
      .filter((r) => r.path.endsWith(`/${endpoint}`))
  const gitHub = (path: RegExp): RecordedRequest[] =>
    sim()
      .githubRequests()
      .filter((r) => path.test(r.path))
  return {
    sim,
    analytics,
    gitHub,
    /**
     * Pull request `number`, labelled and merged on the Wednesday of the week `weeks` weeks before this one,
     * changing `files`; its 4 weeks before are weeksAgo(weeks + 4 … weeks + 1), after weeksAgo(weeks − 1 … weeks − 4).
     */
    mergedPull: (number: number, weeks: number, files: (string | GitHubPullFile)[]): void => {
      sim().github.addIssue(REPO, {
        number,
        title: `Docs agent ${number}`,
        pullRequest: true,
        labels: ['docs-agent'],
        user: 'mintlify[bot]',
        files
      })
      const at = new Date(weeksAgo(weeks) + 2 * DAY + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z')
      sim().github.closePull(REPO, number, { merged: true, at })
    },
    /** `down` of `up + down` thumbs on `path` over the 4 weeks before (or after) the merge week `weeks` weeks ago. */
    votes: (path: string, weeks: number, side: 'before' | 'after', down: number, total: number): void => {
      const from = side === 'before' ? weeksAgo(weeks + 4) : weeksAgo(weeks - 1)
      sim().analytics.plantVotes(path, { from: date(from), to: date(from + 4 * WEEK), up: total - down, down })
    },
    report: (inputs: Record<string, string> = {}): Promise<ActionRun> => {
      return runAgainst(sim(), {
        inputs: { operation: 'report', prompt: '', 'date-from': date(weeksAgo(1)), 'date-to': date(MONDAY), ...inputs }
      })
    },
    /** The track record's feedback/by-page requests: one week each, limit 100 (the report's own is its 7-day range). */
    weekReads: (): string[] => {
      return analytics('feedback/by-page')
        .filter((r) => r.query.dateFrom !== date(weeksAgo(1)))
        .map((r) => {
          expect(r.query.limit).toBe('100')
          expect(Date.parse(r.query.dateTo ?? '') - Date.parse(r.query.dateFrom ?? '')).toBe(WEEK)
          return r.query.dateFrom ?? ''
        })
    },
    /** One search, scoped to the repository, as DESIGN words it. */
    expectOneSearch: (): void => {
      const searches = gitHub(/\/search\/issues$/)
      expect(searches).toHaveLength(1)
      const since = date(Math.floor(Date.now() / DAY) * DAY - 91 * DAY)
      expect(searches[0]?.query).toMatchObject({
        q: `repo:${REPO} is:pr is:merged label:"docs-agent" merged:>=${since}`,
        sort: 'created',
        order: 'desc',
        per_page: '100',
        advanced_search: 'true'
      })
    }
  }
}
