/**
 * A `pull_request` event of a code pull request in Hello-World, from the real `opened` example: what the
 * docs-check files about judged heads, renames and records change in it, each thing named once here.
 */
import { pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'

/** A stranger's fork of Hello-World, where an outsider's pull request comes from. */
export const STRANGER_FORK = 'stranger/Hello-World'

export interface CodePullAt {
  /** The pull request's number. */
  number: number
  head: string
  /** A synchronize's `before` (then `after` is the head). */
  before?: string
  /** From STRANGER_FORK, opened by `stranger`. */
  fork?: boolean
  /** `changed_files`, as GitHub counts them. */
  files: number
  /** The base branch, when not the example's. */
  base?: string
  /** How many comments the event says the pull request has; default 1. */
  comments?: number
  title?: string
  /** An `edited` event's `changes`: which field was edited from what. */
  changes?: Record<string, unknown>
}

/** The pull request event with `action` at `at`. */
export function codePullEvent(action: string, at: CodePullAt): Record<string, unknown> {
  const payload = pullRequestOpened() as unknown as Record<string, unknown> & { pull_request: Record<string, unknown> }
  Object.assign(payload, { action, number: at.number, ...(at.changes ? { changes: at.changes } : {}) })
  const pull = payload.pull_request
  const head = pull.head as Record<string, unknown>
  const repo = at.fork ? { ...(head.repo as object), full_name: STRANGER_FORK, fork: true } : head.repo
  Object.assign(pull, {
    number: at.number,
    html_url: `https://github.com/${REPO}/pull/${at.number}`,
    changed_files: at.files,
    comments: at.comments ?? 1,
    ...(at.title === undefined ? {} : { title: at.title })
  })
  pull.head = { ...head, sha: at.head, repo }
  if (at.base) pull.base = { ...(pull.base as object), ref: at.base }
  if (at.fork) pull.user = { ...(pull.user as object), login: 'stranger', type: 'User' }
  if (at.before) Object.assign(payload, { before: at.before, after: at.head })
  return payload
}
