import type { PullStanding } from '../../github/api.js'
import type { CodePullRecord } from '../../github/markers.js'
import { plural } from '../../markdown.js'
import { cleanUntrustedLine } from '../../trust/untrusted-data.js'
import type { Reviewers } from '../agent/docs-check-inputs.js'
import { reviewersToAsk } from './ask-again.js'
import { closedUnmergedNote } from '../agent/closing-note.js'
import type { Fact, PullComments, SweepFacts, VisitedPull } from './facts.js'
import type { OrphanAction } from './inputs.js'
import { EMPTY_SWEEP_RECORD, type RecordChange, type SweepRecord } from './record.js'

/**
 * The sweep's one decision per visited pull request, and every write it makes there, in order: a pure
 * function of the facts read (facts.ts) and the settings. The first rule that applies decides: `orphan`,
 * `conflict` (`working` while its job is active), `stale`, `superseded`, `fine`; `unknown` where a fact
 * a rule needs could not be read. The executor (carry-out.ts) only carries the writes out.
 */

export const DECISIONS = ['orphan', 'conflict', 'working', 'stale', 'superseded', 'fine', 'unknown'] as const
export type Decision = (typeof DECISIONS)[number]

/** GitHub's words for `mergeable_state`; any other is `unknown`. */
export const MERGEABLE_STATES = ['behind', 'blocked', 'clean', 'dirty', 'draft', 'has_hooks', 'unknown', 'unstable'] as const
export type MergeableState = (typeof MERGEABLE_STATES)[number]

/** What the plan reads of the settings. */
export interface SweepPlanSettings {
  staleDays: number
  orphans: OrphanAction
  maxFollowUps: number
  reviewers: Reviewers
  /** The token's own login: never asked to review. */
  identity: string
}

/** One write on a visited pull request; `change` is what it records once it was taken. */
export type SweepWrite =
  | { kind: 'comment'; text: string; change: RecordChange }
  | { kind: 'close' }
  | { kind: 'ask-reviewers'; users: string[]; teams: string[] }
  | { kind: 'follow-up'; jobId: string; prompt: string; change: RecordChange }

export interface PlannedPull {
  number: number
  title: string
  url: string
  createdAt: string
  decision: Decision
  /** The facts the decision rests on, in the action's own words (plain text, no title or body). */
  why: string
  writes: SweepWrite[]
  /** Why orphan and superseded were not judged (an introduction without its code pull request); null: they were. */
  notJudged: string | null
  /** The record as read, which the writes' changes apply to. */
  record: SweepRecord
  /** The sticky comment holding it, to update; null: a new one. */
  stickyId: number | null
}

const DAY_MS = 86_400_000

export const NOT_JUDGED =
  'orphan and superseded not judged: its introduction records no code pull request (written by an earlier version, or a job no pull request started)'

/** The whole plan: each visited pull request in visit order, within `max-follow-ups` for the run. */
export function planSweep(facts: SweepFacts, settings: SweepPlanSettings): PlannedPull[] {
  const newest = newestByCodePull(facts.visited)
  let followUps = settings.maxFollowUps
  return facts.visited.map((visit) => {
    const planned = planPull(visit, { facts, settings, newest, followUpsLeft: followUps })
    if (planned.writes.some((write) => write.kind === 'follow-up')) followUps--
    return planned
  })
}

/** Whether a pull request no longer merges: `mergeable` false, or GitHub says `dirty`. */
export function conflictCandidate(standing: PullStanding): boolean {
  return standing.mergeable === false || mergeableState(standing) === 'dirty'
}

/** GitHub's `mergeable_state`, any word outside its list read as `unknown`. */
export function mergeableState(standing: PullStanding): MergeableState {
  const state = standing.mergeableState.toLowerCase()
  return (MERGEABLE_STATES as readonly string[]).includes(state) ? (state as MergeableState) : 'unknown'
}

/**
 * Whether a pull request may be stale, so its reviews are worth a request: `stale-days` set, not a draft,
 * not a conflict (which decides first), and no activity for `stale-days`, or none since the sweep said it
 * was stale (its own comment and record count as activity on GitHub, not as someone's).
 */
export function mayBeStale(standing: PullStanding, record: SweepRecord, staleDays: number, now: number): boolean {
  if (staleDays <= 0 || standing.draft || conflictCandidate(standing)) return false
  return idleDays(standing.updatedAt, now) >= staleDays || (recentlySaidStale(record, staleDays, now) && onlyOwnActivity(standing, record))
}

/** The sweep's writes of one run come within minutes of the time its record gives. */
const OWN_WRITES_MS = 10 * 60_000

function recentlySaidStale(record: SweepRecord, staleDays: number, now: number): boolean {
  return record.staleAt !== null && idleDays(record.staleAt, now) < staleDays
}

function onlyOwnActivity(standing: PullStanding, record: SweepRecord): boolean {
  const said = Date.parse(record.staleAt ?? '')
  return Date.parse(standing.updatedAt) - said <= OWN_WRITES_MS
}

interface PullContext {
  facts: SweepFacts
  settings: SweepPlanSettings
  /** Per code pull request, the newest open agent pull request visited that records it. */
  newest: Map<string, VisitedPull>
  followUpsLeft: number
}

type Ruling = Pick<PlannedPull, 'decision' | 'why' | 'writes'>

function planPull(visit: VisitedPull, context: PullContext): PlannedPull {
  const { listed } = visit
  const comments = visit.comments.read ? visit.comments.value : null
  const base = {
    number: listed.number,
    title: listed.title,
    url: listed.url,
    createdAt: listed.createdAt,
    notJudged: comments && !comments.codePull ? NOT_JUDGED : null,
    record: comments?.record ?? EMPTY_SWEEP_RECORD,
    stickyId: comments?.stickyId ?? null
  }
  return { ...base, ...rule(visit, context) }
}

function rule(visit: VisitedPull, context: PullContext): Ruling {
  if (!visit.standing.read) return unknown(`the pull request could not be read: ${visit.standing.why}`)
  if (!visit.comments.read) return unknown(`its comments could not be read: ${visit.comments.why}`)
  const standing = visit.standing.value
  const comments = visit.comments.value
  return (
    orphanRule(visit, comments, context) ??
    conflictRule(visit, standing, comments, context) ??
    staleRule(visit, standing, comments, context) ??
    supersededRule(visit, comments, context) ?? { decision: 'fine', why: fineWhy(standing), writes: [] }
  )
}

/** Its code pull request was closed without merging: by `orphans`, the note once, and closing. */
function orphanRule(visit: VisitedPull, comments: PullComments, { settings }: PullContext): Ruling | null {
  const code = comments.codePull
  if (!code) return null
  const state = visit.codePull ?? notRead('the code pull request')
  if (!state.read) return unknown(`its code pull request ${codeName(code)} could not be read: ${state.why}`)
  if (state.value !== 'closed') return null
  const noted = comments.record.orphanNoted || comments.orphanNoteSeen
  const note: SweepWrite[] =
    settings.orphans === 'keep' || noted
      ? []
      : [{ kind: 'comment', text: `${closedUnmergedNote(codeName(code))}.`, change: { kind: 'orphan-noted' } }]
  const close: SweepWrite[] = settings.orphans === 'close' ? [{ kind: 'close' }] : []
  const said = noted ? ', and this pull request was told so' : ''
  return {
    decision: 'orphan',
    why: `its code pull request ${codeName(code)} was closed without merging${said}`,
    writes: [...note, ...close]
  }
}

/**
 * It no longer merges: its job is asked once per base head to merge the base in (within `max-follow-ups`),
 * unless the job is active (`working`). A dry run reads no job.
 */
function conflictRule(visit: VisitedPull, standing: PullStanding, comments: PullComments, context: PullContext): Ruling | null {
  if (!conflictCandidate(standing)) {
    if (standing.mergeable === null) return unknown('GitHub had not computed whether it merges, after a second read')
    return null
  }
  const conflict = (why: string, writes: SweepWrite[] = []): Ruling => ({
    decision: 'conflict',
    why: `it no longer merges; ${why}`,
    writes
  })
  const { jobId } = comments
  if (!jobId) return unknown('it no longer merges, and no trusted, signed introduction names its job')
  const job = visit.job ?? notRead('its job')
  if (!job.read) return unknown(`it no longer merges, and job ${jobId} could not be read: ${job.why}`)
  if ('notRead' in job.value) return conflict(`job ${jobId} not read (dry run)`)
  if (job.value.status === 'active') return { decision: 'working', why: `it no longer merges, and job ${jobId} is active`, writes: [] }
  const base = standing.baseSha.toLowerCase()
  if (!/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(base)) return unknown('it no longer merges, and GitHub named no base commit')
  if (comments.record.followedUp.includes(base)) return conflict(`job ${jobId} was asked to merge ${short(base)} already`)
  if (context.followUpsLeft <= 0)
    return conflict(`over max-follow-ups (${context.settings.maxFollowUps} this run): nothing sent to job ${jobId}`)
  const prompt = conflictPrompt(standing.baseRef, standing.headRef)
  return conflict(`job ${jobId} is asked to merge ${short(base)}`, [
    { kind: 'follow-up', jobId, prompt, change: { kind: 'followed-up', base } }
  ])
}

/** The follow-up's words are the action's own, with the branch names only (folded to one clean line each). */
export function conflictPrompt(baseRef: string, headRef: string): string {
  const base = cleanUntrustedLine(baseRef) || 'the base branch'
  const head = cleanUntrustedLine(headRef) || 'this branch'
  return `The base branch ${base} has moved and this pull request no longer merges cleanly. Merge ${base} into ${head} and resolve the conflicts, keeping the intent of both changes.`
}

/**
 * Waiting for review (not a draft, no approval on its head, reviewers asked or reviews given) with no
 * activity for `stale-days`: one comment at most once per `stale-days`, and those who reviewed asked again.
 */
function staleRule(visit: VisitedPull, standing: PullStanding, comments: PullComments, context: PullContext): Ruling | null {
  const { settings, facts } = context
  if (!mayBeStale(standing, comments.record, settings.staleDays, facts.now)) return null
  const reviews = visit.reviews ?? notRead('its reviews')
  if (!reviews.read) return unknown(`its reviews could not be read: ${reviews.why}`)
  if (reviews.value.some((review) => review.state === 'APPROVED' && review.commitId === standing.headSha)) return null
  const asked = standing.requested.users.length + standing.requested.teams.length
  if (asked === 0 && reviews.value.length === 0) return null
  const last = comments.record.staleAt
  if (last !== null && recentlySaidStale(comments.record, settings.staleDays, facts.now))
    return { decision: 'stale', why: `waiting for review; the sweep said so on ${last.slice(0, 10)}`, writes: [] }
  const idle = `no activity for ${plural(idleDays(standing.updatedAt, facts.now), 'day')}, waiting for review`
  const days = idleDays(standing.createdAt || visit.listed.createdAt, facts.now)
  const who = reviewersToAsk(standing, reviews.value, comments.codePull, settings)
  const writes: SweepWrite[] = [
    {
      kind: 'comment',
      text: `Waiting for review for ${plural(days, 'day')}.`,
      change: { kind: 'stale', at: new Date(facts.now).toISOString() }
    },
    ...(who.users.length + who.teams.length > 0 ? [{ kind: 'ask-reviewers' as const, ...who }] : [])
  ]
  return { decision: 'stale', why: idle, writes }
}

/** Another open agent pull request for the same code pull request is newer: one comment linking it; never closed here. */
function supersededRule(visit: VisitedPull, comments: PullComments, context: PullContext): Ruling | null {
  const code = comments.codePull
  if (!code) return null
  const newest = context.newest.get(codeKey(code))
  if (!newest || newest === visit) return null
  const newer = `${context.facts.repository}#${newest.listed.number}`
  const why = `${newer} is a newer agent pull request for ${codeName(code)}`
  if (comments.record.supersededNoted) return { decision: 'superseded', why: `${why}; this pull request was told so`, writes: [] }
  const text = `${newer} is a newer agent pull request for ${codeName(code)}, and may replace this one. The sweep leaves this pull request open: close it if ${newer} covers it.`
  return { decision: 'superseded', why, writes: [{ kind: 'comment', text, change: { kind: 'superseded-noted' } }] }
}

/**
 * Per code pull request, the newest visited agent pull request that records it (created last; on equal
 * times, the higher number). A newer one is known when both are visited in one run.
 */
function newestByCodePull(visited: readonly VisitedPull[]): Map<string, VisitedPull> {
  const newest = new Map<string, VisitedPull>()
  for (const visit of visited) {
    const code = visit.comments.read ? visit.comments.value.codePull : null
    if (!code) continue
    const known = newest.get(codeKey(code))
    if (!known || isNewer(visit, known)) newest.set(codeKey(code), visit)
  }
  return newest
}

function isNewer(a: VisitedPull, b: VisitedPull): boolean {
  const at = (visit: VisitedPull): number => Date.parse(visit.listed.createdAt) || 0
  return at(a) === at(b) ? a.listed.number > b.listed.number : at(a) > at(b)
}

function fineWhy(standing: PullStanding): string {
  const state = mergeableState(standing)
  return `${standing.draft ? 'a draft' : 'open'}, merges (${state}), nothing to do`
}

function unknown(why: string): Ruling {
  return { decision: 'unknown', why, writes: [] }
}

function notRead<T>(what: string): Fact<T> {
  return { read: false, why: `${what} was not read` }
}

function codeName(code: CodePullRecord): string {
  return `${code.repository}#${code.number}`
}

function codeKey(code: CodePullRecord): string {
  return `${code.repository.toLowerCase()}#${code.number}`
}

function short(sha: string): string {
  return sha.slice(0, 7)
}

/** Whole days from `at` (ISO 8601) to `now`; 0 for a time that cannot be read. */
function idleDays(at: string, now: number): number {
  const time = Date.parse(at)
  return Number.isNaN(time) ? 0 : Math.max(0, Math.floor((now - time) / DAY_MS))
}
