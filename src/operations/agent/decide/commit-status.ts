import { type AgentPull, type CommitStatus, type DocsSkip, MAX_DESCRIPTION } from './docs-record.js'
import type { Outcome } from '../../../outcome.js'
import { plainLine } from './plain-text.js'

/** Where the docs check stands on a commit, in the words of its commit status. */
export type DocsSituation =
  /** A job was created or a follow-up sent. */
  | { kind: 'working'; jobId: string }
  /** The agent's pull request: its `owner/name` and number when the link is well formed, and the link. */
  | { kind: 'documented'; pull: AgentPull | null; url: string }
  | { kind: 'no-changes' }
  /** The job failed, or was archived without a pull request. */
  | { kind: 'failed'; reason: string }
  /** The run could not see the job end: timed out, cancelled, or an API error. */
  | { kind: 'errored'; reason: string }
  | { kind: 'skipped'; skip: DocsSkip }
  /** `paths` is set and no changed file matches it, with no recorded state to carry. */
  | { kind: 'nothing-documented' }
  /** A fork's pull request, which starts no job by itself; `trigger` is the slash command word. */
  | { kind: 'waiting-for-maintainer'; trigger: string }
  /** The spend limit (or Mintlify's credits) stopped the request: pending, never success, saying until when. */
  | { kind: 'over-budget'; description: string }
  /** The recorded status, written again on a new commit. */
  | { kind: 'carried'; status: CommitStatus }

/** Cuts a secret out of a text (the API key, in every encoding); see `redact`. */
export type Clean = (text: string) => string

/**
 * The commit status for a situation, linked to the agent's pull request when there is one, else to the
 * workflow run (`runUrl`). Descriptions are plain text on one line, cut to GitHub's 140 characters. Every
 * description goes through `clean` before it is cut, so no form of the API key in a server's reason
 * survives, not even a part of it left by the cut.
 */
export function docsStatus(situation: DocsSituation, runUrl: string | null, clean: Clean): CommitStatus {
  if (situation.kind === 'carried') return { ...situation.status, description: descriptionOf(situation.status.description, clean) }
  const { state, text } = wording(situation)
  const targetUrl = situation.kind === 'documented' ? situation.url : runUrl
  return { state, description: descriptionOf(text, clean), targetUrl }
}

function wording(situation: Exclude<DocsSituation, { kind: 'carried' }>): { state: CommitStatus['state']; text: string } {
  switch (situation.kind) {
    case 'working':
      return { state: 'pending', text: `The docs agent is working (job ${situation.jobId})` }
    case 'documented': {
      const where = situation.pull ? `${situation.pull.repository}#${situation.pull.number}` : situation.url
      return { state: 'success', text: `Documented in ${where}` }
    }
    case 'no-changes':
      return { state: 'success', text: 'No docs change needed: the agent changed nothing' }
    case 'failed':
      return { state: 'failure', text: situation.reason || 'The docs agent job failed.' }
    case 'errored':
      return { state: 'error', text: situation.reason || 'The docs check could not see the job end.' }
    case 'skipped': {
      const { login, reason, sha } = situation.skip
      const given = `Docs skipped by @${login}${sha ? ` at ${sha.slice(0, 7)}` : ''}`
      return { state: 'success', text: reason ? `${given}: ${reason}` : given }
    }
    case 'nothing-documented':
      return { state: 'success', text: 'No documented files changed' }
    case 'over-budget':
      return { state: 'pending', text: situation.description }
    case 'waiting-for-maintainer': {
      const { trigger } = situation
      return { state: 'pending', text: `Waiting for a maintainer: ${trigger} to document it, ${trigger} skip if it needs none` }
    }
  }
}

function descriptionOf(text: string, clean: Clean): string {
  return plainLine(clean(text), MAX_DESCRIPTION)
}

/** How a job run ended, as the docs check needs to know it. */
export interface JobEnding {
  /** A job run's outcome; any other (a dry run, say) leaves the status as it is. */
  outcome: Outcome
  /** The verdict's failure reason; '' on success. */
  reason: string
  /** The agent's pull request link, when the job has one. */
  prLink: string | null
  /** `prLink` read as `owner/name` and number; null when it is not a well-formed pull request link. */
  pull: AgentPull | null
  /** The failure was the API's (a request refused or lost, a poll that could not go on), not the job's. */
  apiError: boolean
  /** `over-budget`: the status's description ("Spend limit reached until Mon 14 Dec 00:00 UTC: /docs or /docs skip"). */
  overBudget: string
}

/**
 * The situation a job's end leaves the commit in; null when the status is to stay as it is (`started`:
 * not waited on, so still pending). A job archived after it opened its pull request counts as documented:
 * the pull request is there for review.
 */
export function situationAfterJob(ending: JobEnding): DocsSituation | null {
  const { outcome, reason, prLink, pull } = ending
  if ((outcome === 'pr-opened' || outcome === 'archived') && prLink) return { kind: 'documented', pull, url: prLink }
  if (outcome === 'archived') return { kind: 'failed', reason }
  if (outcome === 'pr-opened' || outcome === 'no-changes') return { kind: 'no-changes' }
  if (outcome === 'failed') return ending.apiError ? { kind: 'errored', reason } : { kind: 'failed', reason }
  if (outcome === 'timed-out' || outcome === 'cancelled') return { kind: 'errored', reason }
  if (outcome === 'over-budget') return { kind: 'over-budget', description: ending.overBudget }
  // `started` (not waited on) stays pending; no other outcome ends a job.
  return null
}
