import type { GitHubApi } from '../../../github/api.js'
import { commentCountOf, pullRef } from '../../../github/event.js'
import { stickyMarker } from '../../../github/markers.js'
import { pullOfCommit } from '../../../github/commit-pull.js'
import { StatusThread, type ThreadTarget } from '../../../github/status-thread.js'
import type { GitHubAccess } from '../../../github/connection.js'
import type { ReplyStatus, StatusCommentPlan } from '../decide/run-plan.js'
import type { RunMeans } from '../means.js'

// Where the status of an agent run is told: a reply of its own, or the sticky comment of the pull request.

/** The reply comment of a command, updated in place while the run goes on. */
export function statusThread(api: GitHubApi, status: ReplyStatus, github: GitHubAccess): StatusThread {
  return new StatusThread(api, replyTarget(status), github.callFailed)
}

function replyTarget(status: ReplyStatus): ThreadTarget {
  const { on, reviewThread } = status
  return { on, mode: 'reply', marker: '', ...(reviewThread !== undefined ? { reviewThread } : {}) }
}

/** Where the status comment goes, once the pull request of a pushed commit is known. */
export async function threadTarget(status: StatusCommentPlan, api: GitHubApi, means: RunMeans): Promise<ThreadTarget | null> {
  const { run, github, log } = means
  // One sticky comment per workflow job, so two workflows using the action on one PR do not overwrite each other.
  const sticky = (pull: number): ThreadTarget => ({
    on: pullRef(pull),
    mode: 'sticky',
    marker: stickyMarker(`${run.workflow}/${run.job}`),
    commentCount: commentCountOf(run.event, pull)
  })
  if (status.where === 'none') return null
  if (status.where === 'reply') return replyTarget(status)
  if (status.where === 'pull') return sticky(status.pull)
  const pull = await pullOfCommit(api, status.sha, 'result', { info: (message) => log.info(message), callFailed: github.callFailed })
  return pull === null ? null : sticky(pull)
}
