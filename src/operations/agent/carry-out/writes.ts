import type { GitHubApi } from '../../../github/api.js'
import { pullRef } from '../../../github/event.js'
import { stickyMarker } from '../../../github/markers.js'
import { StatusThread } from '../../../github/status-thread.js'
import { recordSubject } from '../comment-records.js'
import type { RunPlan } from '../decide/before-job.js'
import type { AfterWrite, Write } from '../decide/writes.js'
import type { RunMeans } from '../means.js'
import { renderSharedHeadComment, renderWaitingComment } from '../status-comment.js'
import { statusThread } from './status-thread-target.js'
import type { Written } from './written.js'

/**
 * The writes of a plan, one at a time. What a write needs from the ones before it (the commit status a
 * record carries, the reply the result links to) is kept in `Written` (written.ts); a GitHub failure is
 * one warning, and the run goes on.
 */

/** One write of the plan, with the run's means. */
export interface WriteStep {
  write: Write | Extract<AfterWrite, { kind: 'react' | 'commit-status' }>
  plan: RunPlan
  written: Written
}

export async function carryOutWrite({ write, plan, written }: WriteStep, means: RunMeans): Promise<void> {
  switch (write.kind) {
    case 'log':
      return means.log.info(write.message)
    case 'react':
      return reactTo(write, means)
    // Only the docs check plans these: its code writes them.
    case 'commit-status':
      return plan.docs?.code.writeCommitStatus(write, means, written)
    case 'note':
      return plan.docs?.code.tellAgentPull(write, means)
    case 'reply': {
      const api = await means.github.apiOrNull()
      if (!api) return
      const thread = statusThread(api, write.to, means.github)
      written.thread = thread
      if (!write.withRecord || !plan.docs) return thread.post(write.text)
      return thread.post(sealedFor(thread, api, write.text + plan.docs.code.docsRecordMarker(plan.docs, written.status, null), means))
    }
    case 'sticky-comment':
      return writeStickyComment(write, plan, written, means)
  }
}

/** The sticky comment of an outsider's pull request: it waits for a maintainer (its record holds the head shown), or its head is shared. */
async function writeStickyComment(
  write: Extract<Write, { kind: 'sticky-comment' }>,
  plan: RunPlan,
  written: Written,
  means: RunMeans
): Promise<void> {
  const api = await means.github.apiOrNull()
  if (!api || !plan.docs) return
  const marker = stickyMarker(`${means.run.workflow}/${means.run.job}`)
  const sticky = new StatusThread(api, { on: pullRef(write.pull), mode: 'sticky', marker }, means.github.callFailed)
  if (write.stickyId !== undefined) sticky.adopt(write.stickyId)
  const words =
    write.says === 'waiting' ? renderWaitingComment(marker, write.head, means.settings.trigger) : renderSharedHeadComment(marker, write.why)
  const body = words + plan.docs.code.docsRecordMarker(plan.docs, written.status, null)
  await sticky.conclude(sealedFor(sticky, api, body, means))
}

export async function reactTo(write: Extract<Write, { kind: 'react' }>, { github }: RunMeans): Promise<void> {
  const api = await github.apiOrNull()
  if (!api) return
  const { on, content } = write
  try {
    await (on.reviewComment ? api.reactToReviewComment(on.commentId, content) : api.react(on.on, on.commentId, content))
  } catch (error) {
    github.callFailed(error, '')
  }
}

/** A comment body for `thread`, its records signed for the issue or pull request the thread is on. */
export function sealedFor(thread: StatusThread, api: GitHubApi, body: string, { records }: RunMeans): string {
  return records.seal(body, recordSubject(api.repo, thread.target.on.number))
}
