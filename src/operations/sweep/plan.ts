import type { PullStanding } from '../../github/api.js'
import { plural } from '../../markdown.js'
import { cleanUntrustedLine } from '../../trust/untrusted-data.js'
import type { Reviewers } from '../agent/docs-check-inputs.js'
import { reviewersToAsk } from './ask-again.js'
import { closedUnmergedNote } from '../agent/closing-note.js'
import type { Fact, PullComments, SweepFacts, VisitedPull } from './facts.js'
import type { OrphanAction } from './inputs.js'
import { codeName, type PlannedPull, type RecordKeeping, type Ruling, type SweepWrite } from './planned.js'
import { EMPTY_SWEEP_RECORD, type SweepRecord } from './record.js'
import { newestByCodePull, type NewestByCodePull, supersededRule } from './superseded.js'

export { DECISIONS, writeCost } from './planned.js'
export type { Decision, PlannedPull, RecordKeeping, SweepWrite } from './planned.js'

/**
 * The sweep's one decision per visited pull request, and every write it makes there, in order: a pure
 * function of the facts read (facts.ts) and the settings. Only a pull request with a trusted introduction
 * is the agent's; the sweep's record is the one its introduction names. The first rule that applies
 * decides: `orphan`, `conflict` (`working` while its job is active), `stale`, `superseded` (`not judged`
 * where a newer one was not visited in this run), `fine`; `unknown` where a fact a rule needs could not be
 * read, or where the record could not be kept. The executor (carry-out.ts) only carries the writes out.
 */

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

const DAY_MS = 86_400_000

export const NOT_JUDGED =
  'orphan and superseded not judged: its introduction records no code pull request (written by an earlier version, or a job no pull request started)'

/** Why a labelled pull request without a trusted introduction on the first page of its comments is left alone. */
export const NO_INTRODUCTION =
  "no introduction: none of the first 100 comments is a trusted, signed introduction, so it is not known as the agent's and nothing is written on it"

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

/** The record a visit's writes go on, as read, and whether the token may keep it; or why it could not be read. */
type Kept = { read: true; record: SweepRecord; keep: RecordKeeping; cannotKeep: string | null } | { read: false; why: string }

/**
 * The sweep's record of a pull request with an introduction: the one the introduction names (read by its
 * id), or, before the sweep's first write there, the first page's (an earlier version's) or none. The
 * token keeps only what it may edit: the record it wrote, and on the first write its own introduction.
 */
function keptRecord(visit: VisitedPull, comments: PullComments): Kept {
  const { recordId, introduction } = comments
  if (recordId !== null) {
    const read = visit.record ?? notRead<never>('the record')
    if (!read.read)
      return { read: false, why: `the sweep's record (comment ${recordId}), which its introduction names, could not be read: ${read.why}` }
    const { record, ours, login } = read.value
    const cannotKeep = ours
      ? null
      : `the sweep's record (comment ${recordId}) was written by ${login}, whose comments this token does not edit`
    return { read: true, record, keep: { kind: 'update', commentId: recordId }, cannotKeep }
  }
  if (!introduction) return { read: false, why: NO_INTRODUCTION }
  const cannotKeep = introduction.ours
    ? null
    : `its introduction was written by ${introduction.login}, whose comments this token does not edit, so the sweep cannot name its record there`
  const keep: RecordKeeping = { kind: 'first', stickyId: comments.stickyId, introduction: { id: introduction.id, body: introduction.body } }
  return { read: true, record: comments.record, keep, cannotKeep }
}

interface PullContext {
  facts: SweepFacts
  settings: SweepPlanSettings
  /** Per code pull request, the newest open agent pull request visited that records it. */
  newest: NewestByCodePull
  followUpsLeft: number
}

function planPull(visit: VisitedPull, context: PullContext): PlannedPull {
  const { listed } = visit
  const comments = visit.comments.read ? visit.comments.value : null
  const kept = comments?.introduction ? keptRecord(visit, comments) : null
  const base = {
    number: listed.number,
    title: listed.title,
    url: listed.url,
    createdAt: listed.createdAt,
    notJudged: comments?.introduction && !comments.codePull ? NOT_JUDGED : null,
    record: kept?.read ? kept.record : EMPTY_SWEEP_RECORD,
    keep: kept?.read ? kept.keep : ({ kind: 'none' } as const)
  }
  const ruling = rule(visit, kept, context)
  // A write the record would stop from being written again is written only where the record can be kept.
  const cannotKeep = kept?.read ? kept.cannotKeep : null
  if (cannotKeep && ruling.writes.some((write) => 'change' in write))
    return { ...base, ...unknown(`${ruling.decision}, but ${cannotKeep}`) }
  return { ...base, ...ruling }
}

function rule(visit: VisitedPull, kept: Kept | null, context: PullContext): Ruling {
  if (!visit.standing.read) return unknown(`the pull request could not be read: ${visit.standing.why}`)
  if (!visit.comments.read) return unknown(`its comments could not be read: ${visit.comments.why}`)
  if (!kept) return unknown(NO_INTRODUCTION)
  if (!kept.read) return unknown(kept.why)
  const standing = visit.standing.value
  // The rules read the record the introduction names, wherever it stands.
  const comments = { ...visit.comments.value, record: kept.record }
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

function short(sha: string): string {
  return sha.slice(0, 7)
}

/** Whole days from `at` (ISO 8601) to `now`; 0 for a time that cannot be read. */
function idleDays(at: string, now: number): number {
  const time = Date.parse(at)
  return Number.isNaN(time) ? 0 : Math.max(0, Math.floor((now - time) / DAY_MS))
}
