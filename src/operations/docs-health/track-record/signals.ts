/**
 * What readers did on the judged pull requests' pages and on the rest of the site, week by week, pure:
 * thumbs from `feedback/by-page` and questions from the assistant's rows, counted into each pull request's
 * before and after and into the pooled tables (each page-week once).
 */
import type { BeforeAfter, Count } from './statistics.js'
import type { ComparedPage, StandingPull, Standings } from './pulls.js'
import { isoDate } from './weeks.js'

/** One week of `feedback/by-page`, by normalised path; `cut` when the answer said `hasMore` (only the first 100 pages came). */
export interface FeedbackWeek {
  thumbs: Map<string, { up: number; down: number }>
  cut: boolean
}

/** One assistant question: the page it started on and the pages it cited, among the pages pull requests touched. */
export interface Question {
  /** The touched page `pageUrl` matches; null: it started elsewhere (or nowhere known). */
  start: string | null
  cites: string[]
  unanswered: boolean
}

/** The weeks read, by Monday (epoch ms); a week absent was not fetched. */
export interface Readings {
  feedback: Map<number, FeedbackWeek>
  questions: Map<number, Question[]>
}

export type Signal = 'feedback' | 'questions'

/** A pull request's counts for one signal, or why it has none (a week not fetched, a page cut from a week's rows). */
export type PullCounts = { counted: true; changed: BeforeAfter; cited: Cited } | { counted: false; why: string }

/** Questions that cite the changed pages (`sources[].url`), before and after: shown, not judged (a better page is cited more). */
export interface Cited {
  before: number
  after: number
}

type Side = 'before' | 'after'

/** What one page brought in one week: bad of total, and (questions) how many cited it; a string says why nothing is known. */
type WeekCount = { bad: number; total: number; cited: number } | string

/** A pull request's counts for `signal` over its compared pages and its windows. */
export function countPull(pull: StandingPull, signal: Signal, readings: Readings): PullCounts {
  const sides = { before: { bad: 0, total: 0 }, after: { bad: 0, total: 0 } }
  const cited: Cited = { before: 0, after: 0 }
  for (const side of ['before', 'after'] as const) {
    for (const monday of pull.windows[side]) {
      for (const page of pull.compared) {
        const week = countWeek(signal, readings, monday, pathOn(page, side))
        if (typeof week === 'string') return { counted: false, why: week }
        sides[side].bad += week.bad
        sides[side].total += week.total
        cited[side] += week.cited
      }
    }
  }
  return { counted: true, changed: sides, cited }
}

function pathOn(page: ComparedPage, side: Side): string {
  return side === 'before' ? page.before : page.after
}

function countWeek(signal: Signal, readings: Readings, monday: number, path: string): WeekCount {
  if (signal === 'feedback') {
    const week = readings.feedback.get(monday)
    if (!week) return `the week of ${isoDate(monday)} was not fetched`
    const thumbs = week.thumbs.get(path)
    // Without `hasMore` the rows are every page with feedback that week: a page absent got none.
    if (!thumbs && week.cut) return `${path} is not among the 100 pages the week of ${isoDate(monday)} lists`
    return { bad: thumbs?.down ?? 0, total: (thumbs?.down ?? 0) + (thumbs?.up ?? 0), cited: 0 }
  }
  const questions = readings.questions.get(monday)
  if (!questions) return `the questions of the week of ${isoDate(monday)} were not fetched`
  const started = questions.filter((question) => question.start === path)
  return {
    bad: started.filter((question) => question.unanswered).length,
    total: started.length,
    cited: questions.filter((question) => question.cites.includes(path)).length
  }
}

/** The pooled tables of one signal: the changed pages of the counted pull requests, and the rest of the site in their weeks. */
export interface Pooled {
  /** The pull requests counted, newest merge first. */
  pulls: number[]
  pages: number
  changed: BeforeAfter
  rest: BeforeAfter
  /** Questions citing a changed page, before and after (counted, not judged). */
  cited: Cited
  /** Weeks of the rest whose rows were cut to the 100 pages with the most feedback. */
  cutWeeks: string[]
}

/**
 * Pools `signal` over the judged pull requests it could count: their changed pages' before and after,
 * and the rest of the site (every page no found pull request touched) over the union of their before weeks
 * and of their after weeks, each week once per side.
 */
export function pool(signal: Signal, standings: Standings, readings: Readings): Pooled {
  const counted = standings.pulls.flatMap((pull) => {
    if (pull.standing.kind !== 'judged') return []
    const counts = countPull(pull, signal, readings)
    return counts.counted ? [{ pull, counts }] : []
  })
  const changed = { before: { bad: 0, total: 0 }, after: { bad: 0, total: 0 } }
  const cited: Cited = { before: 0, after: 0 }
  const weeks = { before: new Set<number>(), after: new Set<number>() }
  const pages = new Set<string>()
  for (const { pull, counts } of counted) {
    if (!counts.counted) continue
    for (const side of ['before', 'after'] as const) {
      changed[side].bad += counts.changed[side].bad
      changed[side].total += counts.changed[side].total
      pull.windows[side].forEach((monday) => weeks[side].add(monday))
    }
    cited.before += counts.cited.before
    cited.after += counts.cited.after
    pull.compared.forEach((page) => pages.add(page.after))
  }
  const rest = {
    before: restOver(signal, weeks.before, standings.touched, readings),
    after: restOver(signal, weeks.after, standings.touched, readings)
  }
  const cutWeeks = [...new Set([...weeks.before, ...weeks.after])]
    .filter((monday) => signal === 'feedback' && readings.feedback.get(monday)?.cut)
    .sort((a, b) => a - b)
    .map(isoDate)
  return { pulls: counted.map(({ pull }) => pull.number), pages: pages.size, changed, rest, cited, cutWeeks }
}

function restOver(signal: Signal, mondays: Set<number>, touched: Set<string>, readings: Readings): Count {
  const count = { bad: 0, total: 0 }
  for (const monday of mondays) {
    if (signal === 'feedback') {
      for (const [path, thumbs] of readings.feedback.get(monday)?.thumbs ?? []) {
        if (touched.has(path)) continue
        count.bad += thumbs.down
        count.total += thumbs.down + thumbs.up
      }
    } else {
      for (const question of readings.questions.get(monday) ?? []) {
        if (question.start !== null) continue
        count.bad += Number(question.unanswered)
        count.total++
      }
    }
  }
  return count
}
