/**
 * The track record as the report file holds it (its `agentImpact` key), assembled from the standings and
 * the weeks read, and its headline for the `report` output. Pure: the statistics come in as a module,
 * which the run loads only when it judges a track record (its distributions are start-up cost no other
 * run should pay).
 */
import type { PageChange } from '../../docs-pages.js'
import type { ClosedRange } from '../plan.js'
import type { TrackRecordPlan } from './plan.js'
import type { Overlap, StandingPull, Standings } from './pulls.js'
import { countPull, type Cited, pool, type Readings, type Signal } from './signals.js'
import type { BeforeAfter, Count, ImpactVerdict, Interval, RatioOfOddsRatios } from './statistics.js'
import type * as StatisticsModule from './statistics.js'
import { isoDate, weekRange } from './weeks.js'

/** The statistics the record is computed with (src/operations/docs-health/track-record/statistics.ts). */
export type Statistics = Pick<typeof StatisticsModule, 'fisherOfGroup' | 'ratioOfOddsRatios' | 'verdictOf' | 'wilsonInterval'>

/** The fewest votes (feedback) and questions (assistant) the changed pages need on each side for a verdict. */
export const THRESHOLDS: Readonly<Record<Signal, number>> = { feedback: 30, questions: 20 }

/** A share with its 95% Wilson interval; `share` and `interval` null with nothing counted. */
export interface Share extends Count {
  share: number | null
  interval: Interval | null
}

/** One group's before and after, with Fisher's exact test of its own 2×2 table. */
export interface GroupShares {
  before: Share
  after: Share
  fisherP: number
}

/** A pull request's row for one signal: its counts (no verdict), or why it has none. */
export type PullSignal = (GroupShares & { cited?: Cited }) | { notEnoughData: string }

export interface PullImpact {
  number: number
  url: string
  mergedAt: string
  /** `judged`, `waiting`, `no page changed` or `left out`. */
  standing: StandingPull['standing']['kind']
  /** Waiting: the day its after window ends. */
  judgedOn: string | null
  /** Left out: why. */
  why: string | null
  pages: PageChange[]
  /** The pages compared (a renamed one by its path before and after); fewer than `pages` when some overlap another's. */
  compared: { before: string; after: string }[]
  /** It has more files than the 300 read: judged on the pages among those. */
  filesCut: boolean
  windows: { before: ClosedRange; after: ClosedRange }
  /** Null for a pull request not judged. */
  feedback: PullSignal | null
  questions: PullSignal | null
}

export interface PooledImpact {
  verdict: ImpactVerdict
  /** The pull requests pooled and their pages. */
  pulls: number[]
  pages: number
  changed: GroupShares
  rest: GroupShares
  ratioOfOddsRatios: RatioOfOddsRatios
  /** Votes or questions the changed pages need on each side. */
  threshold: number
}

export interface AgentImpact {
  label: string
  repository: string
  impactWeeks: number
  /** The run's day, which the windows are anchored on (whatever date-from and date-to say). */
  asOf: string
  /** Merged on or after this day (13 weeks before `asOf`). */
  mergedSince: string
  /** How many merged pull requests the search matched; more than 100: the oldest are left out. */
  found: number
  pulls: PullImpact[]
  weeks: { from: string; to: string; feedback: 'fetched' | 'cut to 100 pages' | 'not fetched'; questions: 'fetched' | 'not fetched' }[]
  feedback: PooledImpact
  questions: PooledImpact & { cited: Cited }
  overlaps: Overlap[]
  thresholds: Record<Signal, number>
}

export interface ImpactFacts {
  label: string
  repository: string
  impactWeeks: number
  now: number
  since: string
  found: number
  standings: Standings
}

export function assembleImpact(facts: ImpactFacts, plan: TrackRecordPlan, readings: Readings, statistics: Statistics): AgentImpact {
  const questions = pooledOf('questions', facts.standings, readings, statistics)
  return {
    label: facts.label,
    repository: facts.repository,
    impactWeeks: facts.impactWeeks,
    asOf: isoDate(facts.now),
    mergedSince: facts.since,
    found: facts.found,
    pulls: facts.standings.pulls.map((pull) => pullImpact(pull, readings, statistics)),
    weeks: [...plan.weeks].reverse().map((monday) => ({
      ...weekRange(monday),
      feedback: !readings.feedback.has(monday) ? 'not fetched' : readings.feedback.get(monday)?.cut ? 'cut to 100 pages' : 'fetched',
      questions: readings.questions.has(monday) ? 'fetched' : 'not fetched'
    })),
    feedback: pooledOf('feedback', facts.standings, readings, statistics).impact,
    questions: { ...questions.impact, cited: questions.cited },
    overlaps: facts.standings.overlaps,
    thresholds: { ...THRESHOLDS }
  }
}

/** One signal pooled: its tables, their shares, the ratio of odds ratios and the verdict; and the citations counted beside it. */
function pooledOf(
  signal: Signal,
  standings: Standings,
  readings: Readings,
  statistics: Statistics
): { impact: PooledImpact; cited: Cited } {
  const tables = pool(signal, standings, readings)
  const ratio = statistics.ratioOfOddsRatios(tables.changed, tables.rest)
  const impact: PooledImpact = {
    verdict: statistics.verdictOf(tables.changed, ratio, THRESHOLDS[signal]),
    pulls: tables.pulls,
    pages: tables.pages,
    changed: sharesOf(tables.changed, statistics),
    rest: sharesOf(tables.rest, statistics),
    ratioOfOddsRatios: {
      value: figure(ratio.value),
      interval: [figure(ratio.interval[0]), figure(ratio.interval[1])],
      pValue: figure(ratio.pValue)
    },
    threshold: THRESHOLDS[signal]
  }
  return { impact, cited: tables.cited }
}

function pullImpact(pull: StandingPull, readings: Readings, statistics: Statistics): PullImpact {
  const { standing } = pull
  const judged = standing.kind === 'judged'
  const signal = (kind: Signal): PullSignal | null => {
    if (!judged) return null
    const counts = countPull(pull, kind, readings)
    if (!counts.counted) return { notEnoughData: counts.why }
    const shares = sharesOf(counts.changed, statistics)
    return kind === 'questions' ? { ...shares, cited: counts.cited } : shares
  }
  const range = (mondays: number[]): ClosedRange => ({
    from: isoDate(mondays[0] ?? pull.windows.ends),
    to: isoDate((mondays.at(-1) ?? pull.windows.ends) + 7 * 86_400_000)
  })
  return {
    number: pull.number,
    url: pull.url,
    mergedAt: new Date(pull.mergedAt).toISOString(),
    standing: standing.kind,
    judgedOn: standing.kind === 'waiting' ? standing.judgedOn : null,
    why: standing.kind === 'left out' ? standing.why : null,
    pages: pull.pages,
    compared: pull.compared,
    filesCut: pull.filesCut,
    windows: { before: range(pull.windows.before), after: range(pull.windows.after) },
    feedback: signal('feedback'),
    questions: signal('questions')
  }
}

function sharesOf(group: BeforeAfter, statistics: Statistics): GroupShares {
  const share = (count: Count): Share => {
    const interval = statistics.wilsonInterval(count)
    return {
      ...count,
      share: count.total > 0 ? round(count.bad / count.total) : null,
      interval: interval ? [round(interval[0]), round(interval[1])] : null
    }
  }
  return { before: share(group.before), after: share(group.after), fisherP: figure(statistics.fisherOfGroup(group)) }
}

/** Four decimals, as the rest of the report file. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000
}

/** Four significant digits: a ratio or a p-value keeps its size however small it is (a p of 3.2e-7 is not 0). */
function figure(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(4)) : value
}

/** The track record's part of the `report` output: the verdicts and their figures, no page path. */
export function impactHeadline(impact: AgentImpact): Record<string, unknown> {
  const signal = (pooled: PooledImpact) => ({
    verdict: pooled.verdict,
    pulls: pooled.pulls.length,
    pages: pooled.pages,
    ratioOfOddsRatios: pooled.ratioOfOddsRatios.value,
    interval: pooled.ratioOfOddsRatios.interval,
    pValue: pooled.ratioOfOddsRatios.pValue
  })
  return {
    feedback: signal(impact.feedback),
    questions: signal(impact.questions),
    waiting: impact.pulls.filter((pull) => pull.standing === 'waiting').map((pull) => ({ number: pull.number, judgedOn: pull.judgedOn }))
  }
}
