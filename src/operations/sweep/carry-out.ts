import { messageOf } from '../../errors.js'
import { pullRef } from '../../github/event.js'
import { stickyMarker } from '../../github/markers.js'
import { plural } from '../../markdown.js'
import { redact } from '../../redaction.js'
import { recordSubject } from '../agent/comment-records.js'
import type { SweepMeans } from './means.js'
import type { PlannedPull, SweepWrite } from './plan.js'
import type { Budget } from './read.js'
import { renderSweepRecord, type SweepRecord, withChange } from './record.js'

/**
 * The sweep's one executor: each pull request's writes in the plan's order, within what is left of
 * `operations-per-run` (a pull request's writes are paid whole, or wait for a later run), then its record
 * in its sticky comment, holding only what was taken. A write GitHub (or the docs API) refuses is one
 * warning; the rest of that pull request's writes wait, and the sweep goes on with the others.
 */

/** A planned pull request with what was done (in words, past tense; a dry run's "would …"). */
export interface SweptPull extends PlannedPull {
  done: string[]
}

/** The sweep's sticky comment on each agent pull request: where its record lives. */
const STICKY = stickyMarker('sweep')

export async function carryOutSweep(plan: readonly PlannedPull[], means: SweepMeans, budget: Budget): Promise<SweptPull[]> {
  const swept: SweptPull[] = []
  for (const pull of plan) swept.push({ ...pull, done: await carryOutPull(pull, means, budget) })
  return swept
}

async function carryOutPull(pull: PlannedPull, means: SweepMeans, budget: Budget): Promise<string[]> {
  const { writes } = pull
  if (writes.length === 0) return []
  if (means.settings.dryRun) return writes.map((write) => `would ${describe(write)}`)
  const records = writes.some((write) => 'change' in write) ? 1 : 0
  const cost = writes.filter((write) => write.kind !== 'follow-up').length + records
  if (!budget.take(cost)) return ['waits for a later run: this run spent its operations-per-run']
  const done: string[] = []
  let record = pull.record
  for (const write of writes) {
    try {
      await carryOutWrite(pull.number, write, means)
    } catch (error) {
      const what = `${means.api.repo.owner}/${means.api.repo.repo}#${pull.number}`
      means.log.warning(`The sweep could not ${describe(write)} on ${what}: ${messageOf(error)} It goes on with the other pull requests.`)
      done.push(`could not ${describe(write)}`)
      break
    }
    done.push(describe(write, 'done'))
    if ('change' in write) record = withChange(record, write.change)
  }
  if (record !== pull.record) await keepRecord(pull, record, means)
  return done
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

/** The record in the sweep's sticky comment: updated in place where the token wrote it, else a new one. */
async function keepRecord(pull: PlannedPull, record: SweepRecord, { api, records, log }: SweepMeans): Promise<void> {
  const marker = renderSweepRecord(record)
  if (!marker) return
  const body = records.seal(renderStickyComment(marker, record), recordSubject(api.repo, pull.number))
  try {
    if (pull.stickyId !== null) await api.updateComment(pullRef(pull.number), pull.stickyId, body)
    else await api.createComment(pullRef(pull.number), body)
  } catch (error) {
    log.warning(
      `The sweep could not keep its record on ${api.repo.owner}/${api.repo.repo}#${pull.number}: ${messageOf(error)} A later sweep may say the same again.`
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
