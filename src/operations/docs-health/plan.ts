/**
 * What a docs-health report will ask the API, decided before the first request: the two ranges, the
 * requests of each section, and which sections `max-requests` can pay for. Pure.
 */
import type { DateRange } from '../../date-range.js'

export const SECTIONS = ['traffic', 'fixFirst', 'searchesWithoutClicks', 'assistant', 'pendingFeedback'] as const
export type Section = (typeof SECTIONS)[number]

/** A range with both ends known: `to` is exclusive, as the API's `dateTo`. */
export interface ClosedRange {
  from: string
  to: string
}

const DAY_MS = 86_400_000
const DEFAULT_DAYS = 7

/**
 * The report's range and the previous range of the same length, ending where it starts. No bounds: the
 * 7 days before today (UTC); one bound: 7 days from or up to it.
 */
export function healthRanges(range: DateRange, now: number): { current: ClosedRange; previous: ClosedRange } {
  const today = Math.floor(now / DAY_MS) * DAY_MS
  const to = range.to !== null ? parse(range.to) : range.from !== null ? parse(range.from) + DEFAULT_DAYS * DAY_MS : today
  const from = range.from !== null ? parse(range.from) : to - DEFAULT_DAYS * DAY_MS
  const length = to - from
  return {
    current: { from: format(from), to: format(to) },
    previous: { from: format(from - length), to: format(from) }
  }
}

function parse(bound: string): number {
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(bound) ? `${bound}T00:00:00Z` : bound)
}

/** Whole days as YYYY-MM-DD (what users write), anything else as an ISO 8601 instant. */
function format(ms: number): string {
  const iso = new Date(ms).toISOString()
  return ms % DAY_MS === 0 ? iso.slice(0, 10) : iso
}

export type Endpoint = 'visitors' | 'views' | 'feedback' | 'feedback/by-page' | 'searches' | 'assistant' | 'assistant/caller-stats'

export interface PlannedRequest {
  section: Section
  endpoint: Endpoint
  range: 'current' | 'previous'
  /** The `limit` sent; null for an endpoint without one. */
  limit: number | null
  /** `first`: one request; `every`: as many as there are pages (at least one). */
  pages: 'first' | 'every'
  /** Extra query parameters (status=pending). */
  filter?: string
  why: string
}

/**
 * Every request a section needs, cheapest form of each figure: totals at limit=1, one page of the
 * most-read pages, the first (most searched) page of search terms. The views of the current range are
 * shared by traffic and pages to fix, so they are listed once, under traffic.
 */
const SECTION_REQUESTS: Readonly<Record<Section, readonly PlannedRequest[]>> = {
  traffic: [
    { section: 'traffic', endpoint: 'views', range: 'current', limit: 250, pages: 'first', why: 'view totals and the 250 most-read pages' },
    { section: 'traffic', endpoint: 'visitors', range: 'current', limit: 1, pages: 'first', why: 'visitor totals' },
    { section: 'traffic', endpoint: 'views', range: 'previous', limit: 1, pages: 'first', why: 'view totals before' },
    { section: 'traffic', endpoint: 'visitors', range: 'previous', limit: 1, pages: 'first', why: 'visitor totals before' }
  ],
  fixFirst: [
    { section: 'fixFirst', endpoint: 'feedback/by-page', range: 'current', limit: 100, pages: 'first', why: 'thumbs up and down by page' }
  ],
  searchesWithoutClicks: [
    {
      section: 'searchesWithoutClicks',
      endpoint: 'searches',
      range: 'current',
      limit: 100,
      pages: 'first',
      why: 'the 100 most searched terms'
    }
  ],
  assistant: [
    { section: 'assistant', endpoint: 'assistant/caller-stats', range: 'current', limit: null, pages: 'first', why: 'caller mix' },
    { section: 'assistant', endpoint: 'assistant', range: 'current', limit: 1000, pages: 'every', why: 'every conversation' },
    { section: 'assistant', endpoint: 'assistant', range: 'previous', limit: 1000, pages: 'every', why: 'every conversation before' }
  ],
  pendingFeedback: [
    {
      section: 'pendingFeedback',
      endpoint: 'feedback',
      range: 'current',
      limit: 100,
      pages: 'every',
      filter: 'status=pending',
      why: 'pending feedback entries'
    }
  ]
}

export interface DocsHealthPlan {
  budget: number
  /** The sections paid for, in the order they are read. */
  funded: Section[]
  /** Sections the budget cannot pay for even at one page each: marked missing before anything is sent. */
  missing: Section[]
  requests: PlannedRequest[]
  /** Requests of the funded sections when every paged read takes one page. */
  minimum: number
}

/**
 * Which sections `budget` pays for. Sections are taken in the order a docs lead reads them; one that does
 * not fit is skipped and the next, cheaper one may still fit. Pages to fix need the current views, which
 * traffic pays for: without traffic they bring that request along.
 */
export function planDocsHealth(budget: number): DocsHealthPlan {
  const funded: Section[] = []
  const missing: Section[] = []
  const requests: PlannedRequest[] = []
  for (const section of SECTIONS) {
    const needed = requestsOf(section, funded)
    if (requests.length + needed.length <= budget) {
      funded.push(section)
      requests.push(...needed)
    } else {
      missing.push(section)
    }
  }
  return { budget, funded, missing, requests, minimum: requests.length }
}

function requestsOf(section: Section, funded: readonly Section[]): PlannedRequest[] {
  const own = [...SECTION_REQUESTS[section]]
  if (section !== 'fixFirst' || funded.includes('traffic')) return own
  const views = SECTION_REQUESTS.traffic[0]
  return views ? [{ ...views, section: 'fixFirst', why: 'the 250 most-read pages' }, ...own] : own
}

/**
 * How many requests the read of `plan.requests[index]` may spend, `sent` having been sent: the budget
 * less one request for each planned request after it, so one long paged read cannot starve the rest.
 */
export function requestsAllowed(plan: DocsHealthPlan, index: number, sent: number): number {
  return Math.max(0, plan.budget - sent - (plan.requests.length - index - 1))
}

/** The plan as log lines: one per request, then the sections left out. */
export function describePlan(plan: DocsHealthPlan, ranges: { current: ClosedRange; previous: ClosedRange }): string[] {
  const lines = plan.requests.map((request, i) => {
    const range = ranges[request.range]
    const limit = request.limit === null ? '' : ` limit=${request.limit}`
    const filter = request.filter ? ` ${request.filter}` : ''
    const pages = request.pages === 'every' ? ', every page' : ''
    return `${i + 1}. GET ${request.endpoint} ${range.from}..${range.to}${limit}${filter}${pages}: ${request.why} (${request.section})`
  })
  const paged = plan.requests.filter((request) => request.pages === 'every').length
  lines.push(
    `${plan.minimum} requests of max-requests ${plan.budget}${paged > 0 ? `, more when a paged read has more than one page (${paged} paged reads)` : ''}.`
  )
  if (plan.missing.length > 0) lines.push(`Not paid for by max-requests ${plan.budget}: ${plan.missing.join(', ')}.`)
  return lines
}
