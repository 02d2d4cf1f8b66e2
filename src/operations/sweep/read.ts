import { messageOf } from '../../errors.js'
import type { GitHubApi, MarkerComment, PullStanding } from '../../github/api.js'
import { jobOfMarkers, readCodePullMarker } from '../../github/markers.js'
import { closedUnmergedNote } from '../agent/closing-note.js'
import { recordSubject } from '../agent/comment-records.js'
import type { CodePullState, Fact, JobState, ListedPull, PullComments, SweepFacts, VisitedPull } from './facts.js'
import { conflictCandidate, mayBeStale } from './plan.js'
import { EMPTY_SWEEP_RECORD, parseSweepRecord } from './record.js'
import type { SweepMeans } from './means.js'

/**
 * The sweep's reads, in DESIGN's order, each GitHub request after the list counted against
 * `operations-per-run` (the budget): the list (at most 3 pages), then for each visited pull request its
 * standing and the first page of its comments, its reviews only when it may be stale, its job only for a
 * conflict candidate (the docs API: not counted), and its code pull request only where the introduction
 * records one; last, `mergeable: null` read once more.
 */

/** The list's cap: 3 pages of 100, oldest created first. */
export const LIST_PAGES = 3
/** A visit costs at most this many GitHub requests (its standing, its comments, its reviews or its code pull request). */
export const VISIT_COST = 3

/** GitHub requests one run may still spend. */
export class Budget {
  constructor(private left: number) {}

  get remaining(): number {
    return this.left
  }

  /** Takes `count` requests when that many are left. */
  take(count = 1): boolean {
    if (this.left < count) return false
    this.left -= count
    return true
  }
}

/** Which listed pull requests a run visits: k = floor(operations-per-run / 3) of them, from (run number × k) mod n. */
export function visitOrder(
  pulls: readonly ListedPull[],
  runNumber: number,
  operationsPerRun: number
): { visit: ListedPull[]; later: ListedPull[] } {
  const byNumber = [...pulls].sort((a, b) => a.number - b.number)
  const n = byNumber.length
  const k = Math.floor(operationsPerRun / VISIT_COST)
  if (n === 0) return { visit: [], later: [] }
  const start = (runNumber * k) % n
  const rotated = [...byNumber.slice(start), ...byNumber.slice(0, start)]
  return { visit: rotated.slice(0, Math.min(k, n)), later: rotated.slice(Math.min(k, n)) }
}

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
    const read = budget.remaining >= 2 ? await readVisit(pull, means, budget) : null
    if (read) visited.push(read)
    else leftForLater.push(pull)
  }
  // GitHub computes `mergeable` in the background after the first read: asked once more, at the end.
  for (const [index, visit] of visited.entries()) {
    if (!stillComputing(visit) || !budget.take()) continue
    const standing = await fact(() => api.pullStanding(visit.listed.number))
    visited[index] = await withJob({ ...visit, standing }, means)
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
 * One visit: its standing and comments (2 requests), then what they say is needed. A visit whose needs the
 * budget cannot pay any more is left for a later run, whole.
 */
async function readVisit(listed: ListedPull, means: SweepMeans, budget: Budget): Promise<VisitedPull | null> {
  const { api, settings, clock } = means
  budget.take(2)
  const standing = await fact(() => api.pullStanding(listed.number))
  const comments = await fact(() => readComments(listed.number, means))
  const stale = standing.read && comments.read && mayBeStale(standing.value, comments.value.record, settings.staleDays, clock.now())
  const code = comments.read ? comments.value.codePull : null
  if (!budget.take(Number(stale) + Number(code !== null))) return null
  const reviews = stale ? { reviews: await fact(() => api.pullReviews(listed.number)) } : {}
  const codePull = code ? { codePull: await readCodePull(code, means) } : {}
  return withJob({ listed, standing, comments, ...reviews, ...codePull }, means)
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
  return visit.standing.read && visit.standing.value.mergeable === null && !conflictCandidate(visit.standing.value)
}

/**
 * The first page of comments: the newest trusted, signed introduction (its job and code pull request), the
 * sweep's newest signed record and the sticky comment holding it, and the docs check's note of a code pull
 * request closed unmerged (a trusted author's comment, which counts as the orphan note written).
 */
async function readComments(number: number, means: SweepMeans): Promise<PullComments> {
  const { api, settings, records } = means
  const trusted = await api.firstMarkerComments(number, settings.markerAuthors)
  const verified = records.verified(trusted, recordSubject(api.repo, number))
  const introduction = verified.filter((comment) => jobOfMarkers([{ body: comment.records }]) !== null).at(-1)
  const codePull = introduction ? readCodePullMarker(introduction.records) : null
  const swept = verified.filter((comment) => parseSweepRecord(comment.records) !== null).at(-1)
  const note = codePull ? closedUnmergedNote(`${codePull.repository}#${codePull.number}`).toLowerCase() : null
  return {
    jobId: introduction ? jobOfMarkers([{ body: introduction.records }]) : null,
    codePull,
    record: (swept && parseSweepRecord(swept.records)) ?? EMPTY_SWEEP_RECORD,
    stickyId: swept && (swept as MarkerComment).ours ? swept.id : null,
    orphanNoteSeen: note !== null && trusted.some((comment) => comment.body.toLowerCase().includes(note))
  }
}

/** The code pull request's state in its repository; one the token cannot reach is unreadable, never an orphan. */
async function readCodePull(code: { repository: string; number: number }, means: SweepMeans): Promise<Fact<CodePullState>> {
  const [owner = '', repo = ''] = code.repository.split('/')
  return fact(async () => {
    const api = await means.apiIn({ owner, repo })
    const standing: PullStanding = await api.pullStanding(code.number)
    return standing.merged ? 'merged' : standing.open ? 'open' : 'closed'
  })
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
