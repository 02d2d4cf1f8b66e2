import { describe, expect, it } from '@jest/globals'
import { describePlan, planDocsHealth, healthRanges, requestsAllowed } from '../../../src/operations/docs-health/plan.js'

const NOW = Date.UTC(2026, 10, 23, 9, 30)

describe('the report ranges', () => {
  it('defaults to the 7 days before today and the 7 days before those', () => {
    expect(healthRanges({ from: null, to: null }, NOW)).toEqual({
      current: { from: '2026-11-16', to: '2026-11-23' },
      previous: { from: '2026-11-09', to: '2026-11-16' }
    })
  })

  it('takes a given range and a previous range of the same length ending where it starts', () => {
    expect(healthRanges({ from: '2026-10-01', to: '2026-11-01' }, NOW)).toEqual({
      current: { from: '2026-10-01', to: '2026-11-01' },
      previous: { from: '2026-08-31', to: '2026-10-01' }
    })
  })

  it('fills a missing bound with 7 days', () => {
    expect(healthRanges({ from: '2026-11-01', to: null }, NOW).current).toEqual({ from: '2026-11-01', to: '2026-11-08' })
    expect(healthRanges({ from: null, to: '2026-11-08' }, NOW).current).toEqual({ from: '2026-11-01', to: '2026-11-08' })
  })

  it('keeps instants that are not whole days, and writes whole days as dates', () => {
    expect(healthRanges({ from: '2026-11-20T12:00:00Z', to: '2026-11-21T00:00:00Z' }, NOW).previous).toEqual({
      from: '2026-11-20',
      to: '2026-11-20T12:00:00.000Z'
    })
  })
})

describe('the request plan', () => {
  it('pays for every section with 10 requests when each paged read takes one page', () => {
    const plan = planDocsHealth(100)
    expect(plan.funded).toEqual(['traffic', 'fixFirst', 'searchesWithoutClicks', 'assistant', 'pendingFeedback'])
    expect(plan.missing).toEqual([])
    expect(plan.minimum).toBe(10)
  })

  it('reads totals at limit=1 and the current views once, shared by traffic and pages to fix', () => {
    const plan = planDocsHealth(100)
    const views = plan.requests.filter((request) => request.endpoint === 'views')
    expect(views.map((request) => [request.range, request.limit])).toEqual([
      ['current', 250],
      ['previous', 1]
    ])
    expect(plan.requests.filter((request) => request.endpoint === 'visitors').every((request) => request.limit === 1)).toBe(true)
  })

  it('leaves out a section the budget cannot pay for and still funds a cheaper later one', () => {
    const plan = planDocsHealth(7)
    expect(plan.funded).toEqual(['traffic', 'fixFirst', 'searchesWithoutClicks', 'pendingFeedback'])
    expect(plan.missing).toEqual(['assistant'])
    expect(plan.minimum).toBe(7)
  })

  it('lets pages to fix bring the current views along when traffic is not paid for', () => {
    const plan = planDocsHealth(2)
    expect(plan.funded).toEqual(['fixFirst'])
    expect(plan.requests.map((request) => request.endpoint)).toEqual(['views', 'feedback/by-page'])
  })

  it('pays for nothing with a budget of 0', () => {
    expect(planDocsHealth(0).funded).toEqual([])
  })

  it('lets a paged read spend what the requests after it do not need', () => {
    const plan = planDocsHealth(20)
    const current = plan.requests.findIndex((request) => request.endpoint === 'assistant' && request.range === 'current')
    // After it: the previous range's conversations and the pending feedback.
    expect(requestsAllowed(plan, current, 7)).toBe(20 - 7 - 2)
    expect(requestsAllowed(plan, current, 19)).toBe(0)
  })

  it('is described one request per line, with the ranges and the budget', () => {
    const plan = planDocsHealth(7)
    const lines = describePlan(plan, healthRanges({ from: null, to: null }, NOW))
    expect(lines[0]).toBe('1. GET views 2026-11-16..2026-11-23 limit=250: view totals and the 250 most-read pages (traffic)')
    expect(lines).toContain('Not paid for by max-requests 7: assistant.')
    expect(lines.some((line) => line.includes('status=pending, every page'))).toBe(true)
  })
})
