import type { PullOrigin } from '../github/calls/lookups.js'
import { isRepositoryName, type PullLink } from '../mintlify/job.js'

/**
 * Whether the pull request a job's `prLink` names is the agent's, and so may be introduced (the signed
 * job marker that the sweep, fix-checks and trigger replies act on) and labelled. Mintlify attributes the
 * agent's pull requests to a member who connected a GitHub account as often as to its App, so the author
 * is no test. The job's own record is: the pull request must be in the job's `source.repository`, its
 * head branch there too (not a fork's), and opened at or after the job's `createdAt`. A pull request a
 * person opened before the job, or anywhere else, is never introduced. Pure: the one read of the pull
 * request is carry-out/agent-pull-check.ts's.
 */

/** What the job's record says of where and when it worked (Mintlify's `source.repository`, `createdAt`). */
export interface JobOrigin {
  id: string
  /** `source.repository`: the full URL of the repository (`https://github.com/acme/docs`); null when absent. */
  repository: string | null
  /** ISO 8601, with milliseconds; null when absent. */
  createdAt: string | null
}

/** The pull request is the agent's, or why it cannot be told to be (a sentence, ending in what follows). */
export type AgentPullVerdict = { agents: true } | { agents: false; why: string }

const NOT_INTRODUCED = 'it is neither introduced nor labelled, and replies there start new jobs instead of follow-ups.'

/**
 * `source.repository` as `owner/name`: the full URL of a repository on the run's GitHub server (`host`,
 * lower case), as Mintlify gives it, else `owner/name` itself; null for anything else (another server, a
 * longer path, a name GitHub does not allow).
 */
export function jobRepository(source: string | null, host: string | null): string | null {
  const text = (source ?? '').trim()
  const url = /^https:\/\/([^/\s]+)\/([^/\s]+)\/([^/\s]+?)(?:\.git)?\/?$/i.exec(text)
  const bare = /^([^/\s:]+)\/([^/\s]+)$/.exec(text)
  if (url && url[1]?.toLowerCase() !== host) return null
  const [owner = '', name = ''] = url ? [url[2], url[3]] : bare ? [bare[1], bare[2]] : []
  return isRepositoryName(owner, name) ? `${owner}/${name}` : null
}

/**
 * What the job's record and the link alone decide, before any request: a job that does not say where or
 * since when it worked cannot vouch for any pull request (the safe side), and a link to another repository
 * than the job's names none of its.
 */
export function judgeLink(job: JobOrigin, link: PullLink, host: string | null): AgentPullVerdict {
  const name = `${link.repository}#${link.number}`
  if (!job.repository)
    return refused(
      `Job ${job.id}'s record names no source repository, so ${name} cannot be told to be the agent's pull request: ${NOT_INTRODUCED}`
    )
  if (!isTime(job.createdAt))
    return refused(
      `Job ${job.id}'s record says no time it was created, so ${name} cannot be told to be opened by it rather than before it: ${NOT_INTRODUCED}`
    )
  const repository = jobRepository(job.repository, host)
  if (!repository)
    return refused(
      `Job ${job.id}'s source repository is no repository of this GitHub server, so ${name} is not the agent's pull request: ${NOT_INTRODUCED}`
    )
  if (!sameName(repository, link.repository))
    return refused(
      `Job ${job.id} worked in ${repository}, not in ${link.repository}, so ${name} is not the agent's pull request: ${NOT_INTRODUCED}`
    )
  return { agents: true }
}

/**
 * The whole rule, once the pull request was read: in the job's repository, its head branch there too, and
 * opened at or after the job was created. GitHub writes `created_at` in whole seconds and Mintlify its
 * `createdAt` with milliseconds, so the job's time counts from the start of its second: a pull request
 * opened within the second the job was created is not before it.
 */
export function judgeAgentPull(job: JobOrigin, link: PullLink, pull: PullOrigin, host: string | null): AgentPullVerdict {
  const byLink = judgeLink(job, link, host)
  if (!byLink.agents) return byLink
  const name = `${link.repository}#${link.number}`
  if (!sameName(pull.repository, link.repository))
    return refused(`${name} is a pull request of ${pull.repository} now, not of the job's ${link.repository}: ${NOT_INTRODUCED}`)
  if (pull.headRepository === null || !sameName(pull.headRepository, pull.repository))
    return refused(
      `${name}'s head branch is in ${pull.headRepository ?? 'a repository that is gone'}, not in ${pull.repository}: it is no pull request of the agent's, so ${NOT_INTRODUCED}`
    )
  const known = isTime(pull.createdAt)
  const jobSecond = Math.floor(Date.parse(job.createdAt ?? '') / 1000) * 1000
  if (!known || Date.parse(pull.createdAt) < jobSecond)
    return refused(
      `${name} was opened ${known ? `at ${pull.createdAt}, before job ${job.id} was created (${job.createdAt})` : 'at a time GitHub does not say'}: it is no pull request of the agent's, so ${NOT_INTRODUCED}`
    )
  return { agents: true }
}

/** An ISO 8601 time with a zone, as both APIs write them (`2026-12-07T10:00:00.640Z`); nothing else is read as one. */
function isTime(text: string | null): text is string {
  return (
    text !== null && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)$/.test(text) && Number.isFinite(Date.parse(text))
  )
}

function refused(why: string): AgentPullVerdict {
  return { agents: false, why }
}

/** Repository names are case-insensitive on GitHub. */
function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}
