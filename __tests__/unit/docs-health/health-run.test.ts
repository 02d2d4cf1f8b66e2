import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClosedRange } from '../../../src/operations/docs-health/plan.js'
import { type HealthSource, runDocsHealth } from '../../../src/operations/docs-health/run.js'
import type { ImpactFacts } from '../../../src/operations/docs-health/track-record/impact.js'
import { standPulls } from '../../../src/operations/docs-health/track-record/pulls.js'
import type { ImpactSource } from '../../../src/operations/docs-health/track-record/reads.js'
import { settled } from '../../fixtures/settled.js'

const NOW = Date.UTC(2026, 10, 23, 9, 30)

interface Call {
  endpoint: string
  range: ClosedRange
  limit?: number
  cursor?: string | null
}

/** A source that answers from fixed data and records every request; `conversations` pages of 1000 per range. */
function fakeSource(
  options: { conversationPages?: { current: number; previous: number }; pendingPages?: number; callerTotal?: number } = {}
) {
  const calls: Call[] = []
  const pages = options.conversationPages ?? { current: 1, previous: 1 }
  const isCurrent = (range: ClosedRange): boolean => range.from === '2026-11-16'
  const source: HealthSource = {
    get requestsSent() {
      return calls.length
    },
    traffic: (kind, range, limit) =>
      settled(() => {
        calls.push({ endpoint: kind, range, limit })
        const scale = isCurrent(range) ? 2 : 1
        return {
          totals: { human: 80 * scale, ai: 20 * scale, total: 100 * scale },
          rows: [
            { path: '/docs/setup', human: 50, ai: 10, total: 60 },
            { path: '/docs/home', human: 30, ai: 10, total: 40 }
          ].slice(0, limit),
          hasMore: false
        }
      }),
    feedbackByPage: (range, limit) =>
      settled(() => {
        calls.push({ endpoint: 'feedback/by-page', range, limit })
        return { rows: [{ path: '/docs/setup', thumbsUp: 1, thumbsDown: 12 }], hasMore: false }
      }),
    searches: (range, limit) =>
      settled(() => {
        calls.push({ endpoint: 'searches', range, limit })
        return { rows: [{ searchQuery: 'sso', hits: 9, ctr: 0, topClickedPage: null }], totalSearches: 30 }
      }),
    callerStats: (range) =>
      settled(() => {
        calls.push({ endpoint: 'assistant/caller-stats', range })
        return { web: 3, api: 1, other: 0, total: options.callerTotal ?? 4 }
      }),
    assistant: (range, limit, cursor) =>
      settled(() => {
        calls.push({ endpoint: 'assistant', range, limit, cursor })
        const count = isCurrent(range) ? pages.current : pages.previous
        const page = cursor === null ? 1 : Number(cursor) + 1
        const status = isCurrent(range) ? 'unanswered' : 'answered'
        return {
          rows: [
            {
              query: `question ${page}`,
              resolutionStatus: status,
              queryCategory: 'billing',
              pageUrl: 'https://docs.example.com/docs/billing'
            }
          ],
          nextCursor: page < count ? String(page) : null
        }
      }),
    pendingFeedback: (range, limit, cursor) =>
      settled(() => {
        calls.push({ endpoint: 'feedback', range, limit, cursor })
        const page = cursor === null ? 1 : Number(cursor) + 1
        return {
          rows: [
            Object.assign(
              { path: '/docs/setup', comment: `Broken step ${page}`, status: 'pending', source: 'contextual', createdAt: null },
              { contact: 'reader@example.com' }
            )
          ],
          nextCursor: page < (options.pendingPages ?? 1) ? String(page) : null
        }
      })
  }
  return { source, calls }
}

function quietLog() {
  const lines: string[] = []
  return { lines, log: { info: (m: string) => lines.push(m), warning: (m: string) => lines.push(`warning: ${m}`) } }
}

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'health-run-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function request(overrides: Partial<Parameters<typeof runDocsHealth>[0]> = {}) {
  return {
    range: { from: null, to: null },
    maxRequests: 100,
    dryRun: false,
    outputFile: 'docs-report.json',
    outputPath: join(dir, 'docs-report.json'),
    ...overrides
  }
}

describe('the docs-health report run', () => {
  it('reads a typical site in 10 requests, logs the plan first, and writes every section to the file', async () => {
    const { source, calls } = fakeSource()
    const { lines, log } = quietLog()
    const run = await runDocsHealth(request(), { source, now: NOW, log })
    expect(run.verdict.outcome).toBe('reported')
    expect(calls).toHaveLength(10)
    expect(run.requests).toBe(10)
    expect(lines[1]).toMatch(/^ {2}1\. GET views 2026-11-16\.\.2026-11-23 limit=250/)
    const file = JSON.parse(readFileSync(join(dir, 'docs-report.json'), 'utf8')) as Record<string, unknown>
    expect(Object.keys(file)).toEqual([
      'range',
      'previousRange',
      'traffic',
      'fixFirst',
      'searchesWithoutClicks',
      'assistant',
      'pendingFeedback',
      'agentImpact',
      'askedAgain',
      'spend',
      'missing',
      'unreadable'
    ])
    expect(file.missing).toEqual([])
    expect(run.report?.traffic?.visitors.total).toEqual({ value: 200, previous: 100, change: 1 })
    expect(run.report?.fixFirst?.[0]?.path).toBe('/docs/setup')
    expect(run.report?.assistant?.unanswered.share).toEqual({ value: 1, previous: 0, change: 1 })
    expect(JSON.stringify(file)).not.toContain('reader@example.com')
    // Totals of the other ranges and endpoints at limit=1.
    expect(calls.filter((c) => c.endpoint === 'visitors').map((c) => c.limit)).toEqual([1, 1])
  })

  it('reads every page of the conversations and of the pending feedback', async () => {
    const { source, calls } = fakeSource({ conversationPages: { current: 3, previous: 2 }, pendingPages: 2 })
    const run = await runDocsHealth(request(), { source, now: NOW, log: quietLog().log })
    expect(calls).toHaveLength(10 + 2 + 1 + 1)
    expect(run.report?.assistant?.conversations).toEqual({ value: 3, previous: 2, change: 0.5 })
    expect(run.report?.pendingFeedback?.[0]?.count).toBe(2)
  })

  it('marks a section missing when its pages outgrow the budget, and still pays for the sections after it', async () => {
    const { source, calls } = fakeSource({ conversationPages: { current: 50, previous: 1 } })
    const run = await runDocsHealth(request({ maxRequests: 15 }), { source, now: NOW, log: quietLog().log })
    expect(run.verdict.outcome).toBe('partial')
    expect(run.verdict.result).toBe('warning')
    expect(run.report?.missing).toEqual(['assistant'])
    expect(run.report?.assistant).toBeNull()
    expect(run.report?.pendingFeedback).not.toBeNull()
    expect(calls.length).toBeLessThanOrEqual(15)
    expect(run.verdict.failureReason).toContain('assistant')
  })

  it('spends nothing on conversations the caller stats say the budget cannot page through', async () => {
    const { source, calls } = fakeSource({ callerTotal: 50_000 })
    const run = await runDocsHealth(request({ maxRequests: 15 }), { source, now: NOW, log: quietLog().log })
    expect(run.report?.missing).toEqual(['assistant'])
    expect(calls.filter((c) => c.endpoint === 'assistant')).toEqual([])
    expect(run.report?.pendingFeedback).not.toBeNull()
  })

  it('marks the sections a small budget cannot pay for missing before sending anything for them', async () => {
    const { source, calls } = fakeSource()
    const run = await runDocsHealth(request({ maxRequests: 5 }), { source, now: NOW, log: quietLog().log })
    expect(calls).toHaveLength(5)
    expect(run.report?.missing).toEqual(['searchesWithoutClicks', 'assistant', 'pendingFeedback'])
    expect(calls.some((c) => c.endpoint === 'searches' || c.endpoint.startsWith('assistant') || c.endpoint === 'feedback')).toBe(false)
  })

  it('sends nothing and writes nothing in a dry run', async () => {
    const { source, calls } = fakeSource()
    const { lines, log } = quietLog()
    const run = await runDocsHealth(request({ dryRun: true }), { source, now: NOW, log })
    expect(calls).toHaveLength(0)
    expect(run.verdict.outcome).toBe('dry-run')
    expect(existsSync(join(dir, 'docs-report.json'))).toBe(false)
    expect(lines.filter((line) => /^ {2}\d+\. GET /.test(line))).toHaveLength(10)
  })

  it('names output-file when the file cannot be written', async () => {
    writeFileSync(join(dir, 'blocker'), '')
    const { source } = fakeSource()
    await expect(
      runDocsHealth(request({ outputFile: 'blocker/report.json', outputPath: join(dir, 'blocker', 'report.json') }), {
        source,
        now: NOW,
        log: quietLog().log
      })
    ).rejects.toThrow(/^Input 'output-file' names blocker\/report.json/)
  })
})

describe('the docs-health report run with a track record', () => {
  /** Pull request 7 merged Wednesday 2026-10-07, 1 week each side: 2026-09-28 before, 2026-10-12 after. */
  function trackRecord(calls: Call[]) {
    const facts: ImpactFacts = {
      label: 'docs-agent',
      repository: 'acme/docs',
      impactWeeks: 1,
      now: NOW,
      since: '2026-08-25',
      found: 1,
      standings: standPulls(
        [
          {
            number: 7,
            url: 'https://github.com/acme/docs/pull/7',
            mergedAt: Date.parse('2026-10-07T12:00:00Z'),
            files: [{ filename: 'setup.mdx', status: 'modified' }],
            filesCut: false
          }
        ],
        { weeks: 1, folder: '', now: NOW }
      )
    }
    const source: ImpactSource = {
      get requestsSent() {
        return calls.length
      },
      feedbackWeek: (range) =>
        settled(() => {
          calls.push({ endpoint: 'feedback/by-page', range })
          return { rows: [{ path: '/setup', thumbsUp: 10, thumbsDown: range.from === '2026-09-28' ? 20 : 5 }], hasMore: false }
        }),
      questions: (range, cursor) =>
        settled(() => {
          calls.push({ endpoint: 'assistant', range, cursor })
          return { rows: [], nextCursor: null }
        })
    }
    return { facts: () => settled(() => facts), source }
  }

  it('logs the plan with the weeks after the other sections, and reads them after the other sections, newest first', async () => {
    const { source, calls } = fakeSource()
    const { lines, log } = quietLog()
    const run = await runDocsHealth(request(), { source, now: NOW, log, trackRecord: trackRecord(calls) })
    expect(lines).toContain('  11. GET feedback/by-page 2026-10-12..2026-10-19 limit=100: thumbs by page, one week (agentImpact)')
    expect(calls.slice(10).map((c) => `${c.endpoint} ${c.range.from}`)).toEqual([
      'feedback/by-page 2026-10-12',
      'feedback/by-page 2026-09-28',
      'assistant 2026-09-28'
    ])
    expect(run.report?.agentImpact?.pulls[0]?.feedback).toMatchObject({ before: { bad: 20, total: 30 }, after: { bad: 5, total: 15 } })
    expect(run.report?.missing).toEqual([])
    expect(run.verdict.headline).toContain("the agent's pull requests: not enough data (thumbs down)")
  })

  it('pays the other sections first; what max-requests leaves goes to the newest weeks, and the rest is missing', async () => {
    const { source, calls } = fakeSource()
    const { lines, log } = quietLog()
    const run = await runDocsHealth(request({ maxRequests: 11 }), { source, now: NOW, log, trackRecord: trackRecord(calls) })
    expect(calls).toHaveLength(11)
    expect(calls.at(-1)).toMatchObject({ endpoint: 'feedback/by-page', range: { from: '2026-10-12' } })
    expect(run.verdict.outcome).toBe('partial')
    expect(run.report?.missing).toEqual(['agentImpact'])
    expect(run.report?.agentImpact?.weeks.map((week) => week.feedback)).toEqual(['not fetched', 'fetched'])
    expect(lines).toContain('  Not paid for by max-requests 11: the weeks of 2026-09-28 (agentImpact), not fetched.')
  })

  it("counts the track record in the dry run's least number of requests", async () => {
    const { source, calls } = fakeSource()
    const run = await runDocsHealth(request({ dryRun: true }), { source, now: NOW, log: quietLog().log, trackRecord: trackRecord(calls) })
    expect(calls).toHaveLength(0)
    expect(run.verdict.headline).toContain('the report would send 13 or more analytics requests')
    expect(run.planLines.filter((line) => line.includes('(agentImpact)'))).toHaveLength(3)
  })
})
