import { messageOf } from '../../errors.js'
import { pullRef } from '../../github/event.js'
import { stickyMarker, withSweepRecordMarker } from '../../github/markers.js'
import { CreditsExhausted } from '../../mintlify/errors.js'
import { plural } from '../../markdown.js'
import { redact } from '../../redaction.js'
import { OverBudget } from '../../spend/over-budget.js'
import { recordSubject } from '../agent/comment-records.js'
import type { SweepMeans } from './means.js'
import { type PlannedPull, type SweepWrite, writeCost } from './plan.js'
import { renderSweepRecord, type SweepRecord, withChange } from './record.js'
import type { Budget } from './rotation.js'

/**
 * The sweep's one executor: each pull request's writes in the plan's order, paid from what its visit held
 * of `operations-per-run` for them (so a visit is carried out whole), then its record, holding only what
 * was taken: updated by the id the introduction names, or on the first write created and named in the
 * introduction. A write GitHub (or the docs API) refuses is one warning; the rest of that pull request's
 * writes wait, and the sweep goes on with the others. A follow-up the spend limit (or Mintlify's 402)
 * refuses is not sent: the conflict is listed over budget, nothing is recorded for it (a later run tries
 * again), and no other follow-up is tried in this run.
 */

/** A planned pull request with what was done (in words, past tense; a dry run's "would …"). */
export interface SweptPull extends PlannedPull {
  done: string[]
}

/** The sweep's sticky comment on each agent pull request: where its record lives. */
const STICKY = stickyMarker('sweep')

/** What one run's executor knows across pull requests: the refusal that stops the follow-ups, once seen. */
interface Run {
  overBudget: Error | null
}

export async function carryOutSweep(plan: readonly PlannedPull[], means: SweepMeans, budget: Budget): Promise<SweptPull[]> {
  const swept: SweptPull[] = []
  const run: Run = { overBudget: null }
  for (const pull of plan) swept.push(await carryOutPull(pull, means, budget, run))
  return swept
}

async function carryOutPull(pull: PlannedPull, means: SweepMeans, budget: Budget, run: Run): Promise<SweptPull> {
  const { writes } = pull
  if (writes.length === 0) return { ...pull, done: [] }
  if (means.settings.dryRun) return { ...pull, done: writes.map((write) => `would ${describe(write)}`) }
  if (run.overBudget && writes.some((write) => write.kind === 'follow-up')) return overBudget(pull, run.overBudget)
  if (!budget.pay(pull.number, writeCost(pull))) return { ...pull, done: ['waits for a later run: this run spent its operations-per-run'] }
  const done: string[] = []
  let record = pull.record
  for (const write of writes) {
    try {
      await carryOutWrite(pull.number, write, means)
    } catch (error) {
      if (write.kind === 'follow-up' && isOverBudget(error)) {
        run.overBudget = error
        means.log.warning(overBudgetWarning(pull, error, means))
        return overBudget(pull, error)
      }
      const what = `${means.api.repo.owner}/${means.api.repo.repo}#${pull.number}`
      means.log.warning(`The sweep could not ${describe(write)} on ${what}: ${messageOf(error)} It goes on with the other pull requests.`)
      done.push(`could not ${describe(write)}`)
      break
    }
    done.push(describe(write, 'done'))
    if ('change' in write) record = withChange(record, write.change)
  }
  if (record !== pull.record) await keepRecord(pull, record, means)
  return { ...pull, done }
}

/** The spend limit's refusal, or Mintlify's 402: nothing was sent. */
function isOverBudget(error: unknown): error is OverBudget | CreditsExhausted {
  return error instanceof OverBudget || error instanceof CreditsExhausted
}

/** A conflict whose follow-up the budget refused: listed over budget, nothing sent, nothing recorded. */
function overBudget(pull: PlannedPull, refusal: Error): SweptPull {
  const job = pull.writes.find((write) => write.kind === 'follow-up')?.jobId ?? ''
  return {
    ...pull,
    why: `it no longer merges; over budget: nothing sent to job ${job}, nothing recorded (a later run tries again)`,
    writes: [],
    done: [`not sent, over budget: ${refusal.message}`]
  }
}

function overBudgetWarning(pull: PlannedPull, refusal: Error, { api }: SweepMeans): string {
  return `${refusal.message} The sweep's conflict follow-ups are not sent in this run (the first for ${api.repo.owner}/${api.repo.repo}#${pull.number}): each such conflict is listed over budget, nothing is recorded for it, and a later run tries again.`
}

function carryOutWrite(number: number, write: SweepWrite, { api, client, settings }: SweepMeans): Promise<unknown> {
  switch (write.kind) {
    case 'comment':
      return api.createComment(pullRef(number), redact(write.text, settings.apiKey))
    case 'close':
      return api.closePull(number)
    case 'ask-reviewers':
      return api.requestReviewers(number, { users: write.users, teams: write.teams })
    case 'follow-up':
      if (!client) throw new Error('A dry run sends nothing to Mintlify.')
      return client.sendMessage(settings.projectId, write.jobId, write.prompt)
  }
}

/**
 * The record in the sweep's sticky comment: updated in place by the id the introduction names; on the first
 * write a new one (or the first-page one an earlier version kept, updated), whose id then goes into the
 * introduction, signed again with its sequence kept. Where that last edit fails, the record still stands on
 * the first page, where the next sweep finds it while others' comments have not pushed it off.
 */
async function keepRecord(pull: PlannedPull, record: SweepRecord, { api, records, log }: SweepMeans): Promise<void> {
  const marker = renderSweepRecord(record)
  const { keep } = pull
  if (!marker || keep.kind === 'none') return
  const about = recordSubject(api.repo, pull.number)
  const body = records.seal(renderStickyComment(marker, record), about)
  const where = `${api.repo.owner}/${api.repo.repo}#${pull.number}`
  let id: number
  try {
    if (keep.kind === 'update') {
      await api.updateComment(pullRef(pull.number), keep.commentId, body)
      return
    }
    if (keep.stickyId === null) id = (await api.createComment(pullRef(pull.number), body)).id
    else {
      await api.updateComment(pullRef(pull.number), keep.stickyId, body)
      id = keep.stickyId
    }
  } catch (error) {
    log.warning(`The sweep could not keep its record on ${where}: ${messageOf(error)} A later sweep may say the same again.`)
    return
  }
  const named = withSweepRecordMarker(keep.introduction.body, id)
  try {
    if (!named) throw new Error(`comment id ${id} cannot be named in a marker.`)
    await api.updateComment(pullRef(pull.number), keep.introduction.id, records.reseal(named, about))
  } catch (error) {
    log.warning(
      `The sweep could not name its record (comment ${id}) in the introduction of ${where}: ${messageOf(error)} The next sweep finds the record on the first page of comments while it stays there.`
    )
  }
}

/** The sticky comment a person sees: what the sweep keeps here, and why. */
export function renderStickyComment(marker: string, record: SweepRecord): string {
  const kept = [
    record.followedUp.length > 0 ? `asked the agent to merge its base ${plural(record.followedUp.length, 'time')}` : null,
    record.staleAt ? `said on ${record.staleAt.slice(0, 10)} that it waits for review` : null,
    record.orphanNoted ? 'said that its code pull request was closed without merging' : null,
    record.supersededNoted ? 'linked a newer agent pull request' : null
  ].filter((line): line is string => line !== null)
  return [
    STICKY,
    `🧹 The docs agent's sweep looks after this pull request. So far it ${kept.join('; ')}. It keeps this here so that it says each thing once.`,
    marker,
    ''
  ].join('\n')
}

/** A write in words: what it will do, or (`done`) what it did. */
function describe(write: SweepWrite, tense: 'plan' | 'done' = 'plan'): string {
  const done = tense === 'done'
  switch (write.kind) {
    case 'comment':
      return `${done ? 'commented' : 'comment'}: ${write.text}`
    case 'close':
      return done ? 'closed it' : 'close it'
    case 'ask-reviewers':
      return `${done ? 'asked' : 'ask'} ${[...write.users, ...write.teams].join(', ')} to review again`
    case 'follow-up':
      return `${done ? 'asked' : 'ask'} job ${write.jobId} to merge the base branch in`
  }
}
