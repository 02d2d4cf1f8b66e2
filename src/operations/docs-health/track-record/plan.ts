/**
 * What the track record will ask the analytics API, decided before the first request and after the
 * report's other sections, which are planned first: one `feedback/by-page` request per week the judged
 * pull requests' windows hold, newest week first, then the assistant's rows once for the whole span. Pure.
 */
import type { Standings } from './pulls.js'
import { isoDate, weekRange, WEEK_MS } from './weeks.js'

/** `feedback/by-page` gives at most this many pages, and only its first page is reachable. */
export const BY_PAGE_LIMIT = 100
/** The assistant's largest page. */
export const QUESTIONS_LIMIT = 1000

export interface TrackRecordPlan {
  /** Monday (epoch ms) of every week a judged pull request's windows hold, newest first. */
  weeks: number[]
  /** The assistant's rows are read for [from, to) (epoch ms): the oldest week's Monday to the newest week's end. */
  span: { from: number; to: number } | null
  /** Judged pull requests, for the log. */
  judged: number
}

export function planTrackRecord(standings: Standings): TrackRecordPlan {
  const judged = standings.pulls.filter((pull) => pull.standing.kind === 'judged')
  const weeks = [...new Set(judged.flatMap((pull) => [...pull.windows.before, ...pull.windows.after]))].sort((a, b) => b - a)
  const newest = weeks[0]
  const oldest = weeks.at(-1)
  return {
    weeks,
    span: newest === undefined || oldest === undefined ? null : { from: oldest, to: newest + WEEK_MS },
    judged: judged.length
  }
}

/** The least the track record sends: one request a week, and one page of the assistant's rows. */
export function minimumRequests(plan: TrackRecordPlan): number {
  return plan.weeks.length + (plan.span ? 1 : 0)
}

/**
 * The plan as log lines numbered on from `first`, then what it costs and, when `left` (what max-requests
 * leaves after the other sections' planned requests) cannot pay for every week, the weeks it will not fetch.
 */
export function describeTrackRecordPlan(plan: TrackRecordPlan, first: number, budget: { max: number; left: number }): string[] {
  if (!plan.span) return [`Track record: no judged pull request, so no analytics request.`]
  const lines = plan.weeks.map((monday, i) => {
    const week = weekRange(monday)
    return `${first + i}. GET feedback/by-page ${week.from}..${week.to} limit=${BY_PAGE_LIMIT}: thumbs by page, one week (agentImpact)`
  })
  lines.push(
    `${first + plan.weeks.length}. GET assistant ${isoDate(plan.span.from)}..${isoDate(plan.span.to)} limit=${QUESTIONS_LIMIT}, every page: questions of the whole span, bucketed by day (agentImpact)`,
    `Track record: ${plan.judged} judged pull request(s) need ${plan.weeks.length} week(s): ${minimumRequests(plan)} requests or more, paid from what the other sections leave of max-requests ${budget.max} (${Math.max(0, budget.left)}).`
  )
  const unpaid = plan.weeks.slice(Math.max(0, budget.left))
  if (unpaid.length > 0)
    lines.push(`Not paid for by max-requests ${budget.max}: the weeks of ${unpaid.map(isoDate).join(', ')} (agentImpact), not fetched.`)
  return lines
}
