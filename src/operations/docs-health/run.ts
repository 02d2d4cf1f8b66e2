import type { DateRange } from '../../date-range.js'
import { RequestBudgetSpent } from '../../mintlify/request.js'
import { type PagePosition, readPages } from '../../mintlify/paging.js'
import type { OperationResult } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import type { OperationDeps } from '../operation.js'
import type { SpendLook } from '../../spend/agent-spend.js'
import { lookFigures, lookLine } from '../../spend/settle.js'
import type { HealthReport } from './health-report.js'
import type { HealthInputs, TrackRecordInputs } from './inputs.js'
import { healthOutputs } from './outputs.js'
import {
  type ClosedRange,
  describePlan,
  planDocsHealth,
  type PlannedRequest,
  healthRanges,
  type DocsHealthPlan,
  requestsAllowed,
  type Section
} from './plan.js'
import { clientSource, type HealthSource, writeReport } from './sources.js'
import { askAgainPlanLine, askAgainStep } from './asked-again/ask.js'
import { renderHealthSummary, renderPlanSummary } from './summary.js'
import type { ImpactFacts } from './track-record/impact.js'
import { describeTrackRecordPlan, planTrackRecord, type TrackRecordPlan } from './track-record/plan.js'
import { UnreadableFigures } from './unreadable-figures.js'
import { assemble, type Readings } from './readings.js'
import { clientImpactSource, type ImpactSource } from './track-record/reads.js'
import { readTrackRecord, trackRecordFacts } from './track-record/run.js'
import { type HealthRun, judgeDocsHealth, judgeDocsHealthDryRun } from './verdicts.js'

export type { HealthSource } from './sources.js'

export interface DocsHealthRequest {
  range: DateRange
  maxRequests: number
  dryRun: boolean
  /** As the user gave it, for messages. */
  outputFile: string
  outputPath: string
}

export interface DocsHealthDeps {
  source: HealthSource
  now: number
  log: { info(message: string): void; warning(message: string): void }
  /** The track record: its facts from GitHub and its analytics reads (the same client as `source`); absent: none. */
  trackRecord?: { facts: () => Promise<ImpactFacts | null>; source: ImpactSource }
  /** With assistant-key: asks the searches without a click again, after the analytics (see asked-again/ask.ts). */
  askAgain?: (report: HealthReport) => Promise<void>
  /** With spend-limit (`report` only): the ledger's counts, this window's and the previous one's, never a claim. */
  spend?: () => Promise<SpendLook>
}

/** `report` (the docs-health operation): the report, its file, outputs and summary. */
export async function runDocsHealthOperation(settings: Settings<HealthInputs>, deps: OperationDeps): Promise<OperationResult> {
  const { spendLook } = deps
  const health = await readHealth(settings, deps, spendLook ? () => spendLook(true) : undefined)
  return { verdict: health.verdict, outputs: healthOutputs(health), summary: renderHealth(health, settings.showReaderText) }
}

/**
 * The report as `report` and `improve` read it: through one client of its own, paid from max-requests;
 * `report` adds the spend ledger's counts (`improve` claims for its job, which says its own count).
 */
export function readHealth(settings: Settings<HealthInputs>, deps: OperationDeps, spend?: () => Promise<SpendLook>): Promise<HealthRun> {
  const client = deps.client(settings.maxRequests)
  return runDocsHealth(
    {
      range: settings.range,
      maxRequests: settings.maxRequests,
      dryRun: settings.dryRun,
      outputFile: settings.outputFile,
      outputPath: settings.outputPath
    },
    {
      source: clientSource(client, settings.projectId),
      now: deps.clock.now(),
      log: deps.log,
      trackRecord: {
        facts: () => trackRecordFactsOf(settings.trackRecord, settings.githubToken, deps),
        source: clientImpactSource(client, settings.projectId)
      },
      askAgain: settings.askAgain ? askAgainStep(settings.askAgain, deps) : undefined,
      spend
    }
  )
}

function trackRecordFactsOf(inputs: TrackRecordInputs, token: string, deps: OperationDeps): Promise<ImpactFacts | null> {
  return trackRecordFacts(inputs, {
    runRepo: deps.run.repo,
    connect: async (repo) => (token ? deps.connectGitHub(token, repo) : null),
    now: deps.clock.now(),
    log: deps.log
  })
}

/** The report's job summary; a dry run shows its request plan. */
export function renderHealth(health: HealthRun, readerText: boolean): string {
  return health.report
    ? renderHealthSummary(health.report, health.verdict, { readerText, file: health.file, requests: health.requests, spend: health.spend })
    : renderPlanSummary(health.planLines, health.verdict, health.spend)
}

/** A section the budget could not finish paying for: it is marked missing, never guessed from what was read. */
class SectionUnpaid extends Error {}

/**
 * The docs-health report: reads the track record's facts from GitHub, logs the request plan, reads each
 * section the budget pays for (fewest requests: totals at limit=1, one page where the first page answers),
 * then the track record's weeks from what is left, and writes the JSON file.
 */
export async function runDocsHealth(request: DocsHealthRequest, deps: DocsHealthDeps): Promise<HealthRun> {
  const { source, log } = deps
  const ranges = healthRanges(request.range, deps.now)
  const plan = planDocsHealth(request.maxRequests)
  // GitHub first: which weeks the track record needs is part of the plan, logged before any analytics request.
  const facts = (await deps.trackRecord?.facts()) ?? null
  const spend = (await deps.spend?.()) ?? null
  if (spend?.failure) log.warning(spend.failure)
  else if (spend) log.info(lookLine(spend))
  const impactPlan = facts ? planTrackRecord(facts.standings) : null
  log.info(
    `Docs-health report for ${ranges.current.from} up to ${ranges.current.to}, against ${ranges.previous.from} up to ${ranges.previous.to}. Request plan:`
  )
  const planLines = [
    ...describePlan(plan, ranges),
    ...(impactPlan
      ? describeTrackRecordPlan(impactPlan, plan.requests.length + 1, { max: plan.budget, left: plan.budget - plan.minimum })
      : []),
    ...(deps.askAgain ? [askAgainPlanLine()] : [])
  ]
  planLines.forEach((line) => log.info(`  ${line}`))
  const base = { plan, planLines, ranges, requests: 0, file: '', spend }
  if (request.dryRun) return { ...base, report: null, verdict: judgeDocsHealthDryRun(plan, impactPlan, deps.askAgain !== undefined) }

  const readings: Readings = { views: {}, visitors: {}, assistant: {}, unreadable: new UnreadableFigures() }
  const unpaid = new Set<Section>()
  for (const [index, planned] of plan.requests.entries()) {
    if (unpaid.has(planned.section)) continue
    try {
      await read(planned, index, plan, ranges, readings, source)
    } catch (error) {
      if (!(error instanceof SectionUnpaid || error instanceof RequestBudgetSpent)) throw error
      log.warning(`max-requests ${plan.budget} cannot pay for ${planned.section} (${planned.endpoint}): the section is marked missing.`)
      unpaid.add(planned.section)
    }
  }
  const report = assemble(ranges, readings, plan, unpaid)
  const figures = spend && lookFigures(spend)
  report.spend = spend && figures ? { ...figures, ledger: spend.ledger } : null
  if (facts && impactPlan && deps.trackRecord) await addTrackRecord(report, { facts, plan: impactPlan, budget: plan.budget }, deps)
  await deps.askAgain?.(report)
  const requests = source.requestsSent
  await writeReport(request, report)
  return { ...base, report, requests, file: request.outputFile, verdict: judgeDocsHealth(report, request.outputFile, requests) }
}

/** The track record, from what max-requests leaves after the other sections; a week it cannot pay for leaves it missing. */
async function addTrackRecord(
  report: HealthReport,
  track: { facts: ImpactFacts; plan: TrackRecordPlan; budget: number },
  deps: DocsHealthDeps
): Promise<void> {
  if (!deps.trackRecord) return
  const { impact, complete } = await readTrackRecord(track.facts, track.plan, deps.trackRecord.source, track.budget)
  report.agentImpact = impact
  if (complete) return
  deps.log.warning(
    `max-requests ${track.budget} cannot pay for every week of the track record: the weeks it could not fetch are marked "not fetched", never counted as zero.`
  )
  report.missing.push('agentImpact')
}

async function read(
  planned: PlannedRequest,
  index: number,
  plan: DocsHealthPlan,
  ranges: { current: ClosedRange; previous: ClosedRange },
  readings: Readings,
  source: HealthSource
): Promise<void> {
  const range = ranges[planned.range]
  const limit = planned.limit ?? 1
  // Before every request: the requests planned after this one must stay paid for.
  const pay = (): void => {
    if (requestsAllowed(plan, index, source.requestsSent) === 0) throw new SectionUnpaid()
  }
  pay()
  const odd = (endpoint: string) => readings.unreadable.of(endpoint)
  switch (planned.endpoint) {
    case 'views':
      readings.views[planned.range] = await source.traffic('views', range, limit).then(odd('views'))
      return
    case 'visitors':
      readings.visitors[planned.range] = await source.traffic('visitors', range, limit).then(odd('visitors'))
      return
    case 'feedback/by-page':
      readings.byPage = (await source.feedbackByPage(range, limit).then(odd(planned.endpoint))).rows
      return
    case 'searches':
      readings.searches = await source.searches(range, limit).then(odd('searches'))
      return
    case 'assistant/caller-stats':
      readings.callers = await source.callerStats(range).then(odd(planned.endpoint))
      return
    case 'assistant': {
      // The caller stats count the range's questions, one per conversation row: when their pages cannot be
      // paid for, nothing is spent on a read that would end missing anyway.
      const expected = planned.range === 'current' && readings.callers ? Math.ceil(readings.callers.total / limit) : 0
      if (expected > requestsAllowed(plan, index, source.requestsSent)) throw new SectionUnpaid()
      readings.assistant[planned.range] = await readEvery('assistant', limit, pay, (cursor) =>
        source.assistant(range, limit, cursor).then(odd('assistant'))
      )
      return
    }
    case 'feedback':
      readings.pending = await readEvery('feedback', limit, pay, (cursor) =>
        source.pendingFeedback(range, limit, cursor).then(odd('feedback'))
      )
      return
  }
}

/** Every page of a cursor endpoint, each request paid for first. */
async function readEvery<T>(
  endpoint: 'assistant' | 'feedback',
  limit: number,
  pay: () => void,
  fetch: (cursor: string | null) => Promise<{ rows: T[]; nextCursor: string | null }>
): Promise<T[]> {
  const rows: T[] = []
  const pages = readPages(endpoint, limit, async (position: PagePosition) => {
    const cursor = 'cursor' in position ? position.cursor : null
    if (cursor !== null) pay()
    const page = await fetch(cursor)
    return { rows: page.rows, continuation: { nextCursor: page.nextCursor } }
  })
  for await (const page of pages) rows.push(...page.rows)
  return rows
}
