import { messageOf } from '../../errors.js'
import type { GitHubApi, MarkerComment, PullStanding } from '../../github/api.js'
import { jobOfMarkers, readCodePullMarker, readSweepRecordId } from '../../github/markers.js'
import { closedUnmergedNote } from '../agent/closing-note.js'
import { recordSubject } from '../agent/comment-records.js'
import type { CodePullState, Fact, JobState, KeptRecord, ListedPull, PullComments, SweepFacts, VisitedPull } from './facts.js'
import { conflictCandidate, mayBeStale, type PlannedPull, writeCost } from './plan.js'
import { EMPTY_SWEEP_RECORD, parseSweepRecord } from './record.js'
import type { SweepMeans } from './means.js'
import { type Budget, MAX_VISIT_WRITES, VISIT_COST, visitOrder } from './rotation.js'

/**
 * The sweep's reads, in DESIGN's order, each GitHub request after the list counted against
 * `operations-per-run` (the budget): the list (at most 3 pages), then for each visited pull request its
 * standing and the first page of its comments, the sweep's record by the id its introduction holds, its
 * reviews only when it may be stale, its job only for a conflict candidate (the docs API: not counted), and
 * its code pull request only where the introduction records one; what they leave of the visit's cost c is
 * held for its writes. Last (readMergeableAgain), `mergeable: null` read once more where the decision waits
 * on it, with what the other visits' writes turned out not to need.
 */

/** The list's cap: 3 pages of 100, oldest created first. */
export const LIST_PAGES = 3

export async function readSweepFacts(means: SweepMeans, budget: Budget): Promise<SweepFacts> {
  const { api, settings, log, run } = means
  const listed = await api.labelledOpen(settings.agentLabel, LIST_PAGES)
  const pulls = listed
    .filter((issue) => issue.isPull)
    .map(({ number, title, url, createdAt, updatedAt }) => ({ number, title, url, createdAt, updatedAt }))
  if (listed.cut)
    log.notice(
      `More than ${LIST_PAGES * 100} open issues and pull requests are labelled ${settings.agentLabel} in ${repositoryOf(api)}: only the ${LIST_PAGES * 100} created first were listed, so the newer ones wait until older ones close.`
    )
  const { visit, later } = visitOrder(pulls, run.runNumber, settings.operationsPerRun)
  const visited: VisitedPull[] = []
  const leftForLater: ListedPull[] = []
  for (const pull of visit) {
    // A visit is begun only when its whole cost, reads and writes, is left: k visits always are.
    if (budget.remaining >= VISIT_COST) visited.push(await readVisit(pull, means, budget))
    else leftForLater.push(pull)
  }
  return {
    repository: repositoryOf(api),
    now: means.clock.now(),
    listed: pulls.length,
    listCut: listed.cut,
    visited,
    leftForLater: [...leftForLater, ...later]
  }
}

/**
 * One visit: its standing and comments (2 requests), then what they say is needed: the sweep's record by its
 * id, the reviews, the code pull request. What its writes may need is held for them, within what the reads
 * left of c. Without an introduction nothing more is read: nothing is written there.
 */
async function readVisit(listed: ListedPull, means: SweepMeans, budget: Budget): Promise<VisitedPull> {
  const { api, settings, clock } = means
  let reads = 0
  const read = async <T>(get: () => Promise<T>): Promise<Fact<T>> => {
    budget.take()
    reads++
    return fact(get)
  }
  const standing = await read(() => api.pullStanding(listed.number))
  const comments = await read(() => readComments(listed.number, means))
  const found = comments.read && comments.value.introduction !== null ? comments.value : null
  if (!found) return withJob({ listed, standing, comments }, means)
  const { recordId } = found
  const record = recordId !== null ? { record: await read(() => readRecord(listed.number, recordId, means)) } : {}
  const kept = record.record ? (record.record.read ? record.record.value.record : null) : found.record
  const stale = standing.read && kept !== null && mayBeStale(standing.value, kept, settings.staleDays, clock.now())
  const reviews = stale ? { reviews: await read(() => api.pullReviews(listed.number)) } : {}
  const code = found.codePull
  const codePull = code ? { codePull: await read(() => readCodePullState(code, means)) } : {}
  // At most MAX_VISIT_WRITES and the record: 1 request by its id, 2 on the first write (created, then named).
  budget.hold(listed.number, Math.min(VISIT_COST - reads, MAX_VISIT_WRITES + (recordId !== null ? 1 : 2)))
  return withJob({ listed, standing, comments, ...record, ...reviews, ...codePull }, means)
}

/**
 * GitHub computes `mergeable` in the background after the first read: where a decision waits on it (the
 * plan says `unknown` for a visit still computing), it is asked once more, at the end of the reads. What
 * the other visits' writes turned out not to need is given back first and pays for these reads; a visit
 * waiting keeps what it held, for whatever it is decided next.
 */
export async function readMergeableAgain(
  facts: SweepFacts,
  plan: readonly PlannedPull[],
  means: SweepMeans,
  budget: Budget
): Promise<SweepFacts> {
  const waiting = new Set(
    facts.visited.filter((visit, index) => stillComputing(visit) && plan[index]?.decision === 'unknown').map((visit) => visit.listed.number)
  )
  for (const pull of plan) if (!waiting.has(pull.number)) budget.settle(pull.number, writeCost(pull))
  const visited: VisitedPull[] = []
  for (const visit of facts.visited) {
    if (!waiting.has(visit.listed.number) || !budget.take()) {
      visited.push(visit)
      continue
    }
    const standing = await fact(() => means.api.pullStanding(visit.listed.number))
    visited.push(await withJob({ ...visit, standing }, means))
  }
  return { ...facts, visited }
}

/** The job of a conflict candidate, read once (a dry run reads none: no Mintlify request). */
async function withJob(visit: VisitedPull, means: SweepMeans): Promise<VisitedPull> {
  const jobId = visit.comments.read ? visit.comments.value.jobId : null
  if (visit.job || !jobId || !visit.standing.read || !conflictCandidate(visit.standing.value)) return visit
  if (!means.client) return { ...visit, job: { read: true, value: { notRead: 'dry-run' } } }
  const { client } = means
  const job = await fact(async (): Promise<JobState> => ({ status: (await client.getJob(means.settings.projectId, jobId)).status ?? '' }))
  return { ...visit, job }
}

function stillComputing(visit: VisitedPull): boolean {
  const introduced = visit.comments.read && visit.comments.value.introduction !== null
  return introduced && visit.standing.read && visit.standing.value.mergeable === null && !conflictCandidate(visit.standing.value)
}

/**
 * The first page of comments: the newest trusted, signed introduction (its job, its code pull request, and
 * the id of the sweep's record where one names it), the sweep's newest signed record on that page and the
 * comment holding it (where an earlier version kept it), and the docs check's note of a code pull request
 * closed unmerged (a trusted author's comment, which counts as the orphan note written).
 */
async function readComments(number: number, means: SweepMeans): Promise<PullComments> {
  const { api, settings, records } = means
  const trusted = await api.firstMarkerComments(number, settings.markerAuthors)
  const verified = records.verified(trusted, recordSubject(api.repo, number))
  const introductions = verified.filter((comment) => jobOfMarkers([{ body: comment.records }]) !== null)
  const introduction = introductions.at(-1)
  const codePull = introduction ? readCodePullMarker(introduction.records) : null
  const recordId =
    introductions
      .map((comment) => readSweepRecordId(comment.records))
      .filter((id) => id !== null)
      .at(-1) ?? null
  const swept = verified.filter((comment) => parseSweepRecord(comment.records) !== null).at(-1)
  const note = codePull ? closedUnmergedNote(`${codePull.repository}#${codePull.number}`).toLowerCase() : null
  return {
    introduction: introduction
      ? { id: introduction.id, body: introduction.body, ours: introduction.ours, login: introduction.login }
      : null,
    jobId: introduction ? jobOfMarkers([{ body: introduction.records }]) : null,
    codePull,
    recordId,
    record: (swept && parseSweepRecord(swept.records)) ?? EMPTY_SWEEP_RECORD,
    stickyId: swept && (swept as MarkerComment).ours ? swept.id : null,
    orphanNoteSeen: note !== null && trusted.some((comment) => comment.body.toLowerCase().includes(note))
  }
}

/**
 * The sweep's record by the id the introduction holds: one request, wherever it stands among the comments.
 * Only a comment of a trusted author whose record verifies for this pull request counts; anything else
 * (gone, another's, edited, another pull request's) is a record that could not be read.
 */
async function readRecord(number: number, commentId: number, means: SweepMeans): Promise<KeptRecord> {
  const { api, settings, records } = means
  const comment = await api.comments.byId(number, commentId, settings.markerAuthors)
  if (!comment.trusted)
    throw new Error(`comment ${commentId} was written by ${comment.login || 'a deleted account'}, whose records do not count.`)
  const [verified] = records.verified([comment], recordSubject(api.repo, number))
  const record = verified ? parseSweepRecord(verified.records) : null
  if (!record) throw new Error(`comment ${commentId} holds no signed record of the sweep for #${number}.`)
  return { commentId, record, ours: comment.ours, login: comment.login }
}

/** The code pull request's state in its repository; one the token cannot reach is unreadable, never an orphan. */
async function readCodePullState(code: { repository: string; number: number }, means: SweepMeans): Promise<CodePullState> {
  const [owner = '', repo = ''] = code.repository.split('/')
  const api = await means.apiIn({ owner, repo })
  const standing: PullStanding = await api.pullStanding(code.number)
  return standing.merged ? 'merged' : standing.open ? 'open' : 'closed'
}

async function fact<T>(read: () => Promise<T>): Promise<Fact<T>> {
  try {
    return { read: true, value: await read() }
  } catch (error) {
    return { read: false, why: messageOf(error) }
  }
}

function repositoryOf(api: GitHubApi): string {
  return `${api.repo.owner}/${api.repo.repo}`
}
