import type { GitHubApi, MarkerComment, OpenPull } from '../../../github/api.js'
import { GitHubError } from '../../../github/errors.js'
import type { GitHubAccess } from '../../../github/connection.js'
import { pullRef, type RunContext } from '../../../github/event.js'
import type { RunOrigin } from '../../../github/markers.js'
import type { DocsApiClient } from '../../../mintlify/client.js'
import { ApiError } from '../../../mintlify/errors.js'
import type { Settings } from '../../../settings.js'
import { renderGroupedRunComment, renderTimelineEntry, withTimelineEntry } from '../agent-pull-comment.js'
import { type CommentRecords, recordSubject, type WithRecords } from '../comment-records.js'
import {
  continueOrOpen,
  fullName,
  type GroupDecision,
  type GroupedPull,
  type GroupedRun,
  introductionIn,
  isOutOfReach,
  type JobState,
  MAX_PULLS_READ,
  noAccessWarning,
  planGrouping
} from '../decide/grouping.js'
import type { AgentInputs } from '../inputs.js'
import type { JobAction, JobReport } from '../verdicts.js'

/**
 * `group-runs`, carried out: the look-up of the open agent pull request of this workflow and branch (at most
 * 11 GitHub reads in `docs-repository`), the job's state (after the plan, never in a dry run), and the
 * timeline line of a continued run. The decisions are decide/grouping.ts's.
 */

/** What the look-up reads, in `docs-repository`. */
export interface GroupReads {
  /** One page of open pull requests, the most recently updated first. */
  openPulls(): Promise<OpenPull[]>
  /**
   * A pull request's comments whose markers are trusted (the token's identity, `marker-authors`) and whose
   * records verify, in the order their records were written (the newest last).
   */
  markerComments(pull: number): Promise<WithRecords<MarkerComment>[]>
}

export function groupReadsOf(api: GitHubApi, markerAuthors: readonly string[], records: CommentRecords): GroupReads {
  return {
    openPulls: () => api.openPulls(),
    markerComments: async (pull) => records.verified(await api.firstMarkerComments(pull, markerAuthors), recordSubject(api.repo, pull))
  }
}

/**
 * Reads the open pull requests (one page, most recently updated first), then the comments of the first
 * `MAX_PULLS_READ` that bots opened, one at a time, stopping at the first introduction of this origin.
 * Pull requests people opened are never read: the agent's are opened by its app.
 */
export async function findGroupedPull(origin: RunOrigin, reads: GroupReads): Promise<GroupedPull | null> {
  const candidates = (await reads.openPulls()).filter((pull) => pull.byBot).slice(0, MAX_PULLS_READ)
  for (const pull of candidates) {
    const found = introductionIn(await reads.markerComments(pull.number), origin)
    if (found) return { pull, ...found }
  }
  return null
}

export interface GroupingDeps {
  /** The GitHub connections of the run, as the workflow holds them. */
  github: Pick<GitHubAccess, 'apiOrNull' | 'apiIn' | 'callFailed'>
  client: DocsApiClient
  log: { info(message: string): void; warning(message: string): void }
  /** The run's record key: introductions are read only where their records verify, and a timeline is signed again. */
  records: CommentRecords
}

/**
 * The look-up of a `job` run with `group-runs`, and its decision; null when the run does not group. A
 * match's job is read once (not in a dry run, which sends nothing to Mintlify). GitHub failures never
 * fail the run: it opens a new job, saying why.
 */
export async function groupRun(
  settings: Settings<AgentInputs>,
  action: JobAction,
  run: RunContext,
  deps: GroupingDeps
): Promise<GroupedRun | null> {
  const plan = planGrouping(settings, action, run)
  if (plan.kind === 'off') return null
  if (plan.kind === 'alone') {
    deps.log.info(`group-runs: ${plan.why} A new job.`)
    return null
  }
  const grouped = (decision: GroupDecision, warned = false): GroupedRun => ({ plan, decision, warned })
  const api = plan.elsewhere ? await deps.github.apiIn(plan.docs) : await deps.github.apiOrNull()
  if (!api) return grouped({ grouped: 'new', why: 'There is no GitHub token to look with: a new job.' })
  let found: GroupedPull | null
  try {
    found = await findGroupedPull(plan.origin, groupReadsOf(api, settings.markerAuthors, deps.records))
  } catch (error) {
    // Cancelled: the job that follows is refused at once; no warning about GitHub, which did nothing wrong.
    if (error instanceof GitHubError && error.cancelled) return grouped({ grouped: 'new', why: 'The workflow was cancelled.' })
    if (plan.elsewhere && isOutOfReach(error)) {
      deps.log.warning(noAccessWarning(plan, run, error))
      return grouped({ grouped: 'new', why: 'The docs repository is out of reach.' }, true)
    }
    deps.github.callFailed(error, 'Runs are not grouped this time: a new job.')
    return grouped({ grouped: 'new', why: 'The look-up failed.' })
  }
  const state: JobState = found && !settings.dryRun ? await jobState(found.jobId, settings.projectId, deps.client) : { kind: 'unread' }
  const decision = continueOrOpen(found, state, plan.docs, plan.origin)
  if (decision.grouped === 'new') deps.log.info(`group-runs: ${decision.why}`)
  else
    deps.log.info(
      `group-runs: ${fullName(plan.docs)}#${decision.found.pull.number} (${decision.found.pull.url}) is the open agent pull request of workflow "${plan.origin.workflow}" on branch ${plan.origin.branch}: ` +
        (settings.dryRun
          ? `a run would continue its job ${decision.found.jobId} with a follow-up message (a dry run does not read the job's state).`
          : `this run continues its job ${decision.found.jobId} with a follow-up message.`)
    )
  return grouped(decision)
}

/** One GET of the job; a 404 means it is gone. Any other failure fails the run: a second pull request is worse than none. */
async function jobState(jobId: string, projectId: string, client: DocsApiClient): Promise<JobState> {
  try {
    return { kind: 'status', status: (await client.getJob(projectId, jobId)).status }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'gone' }
    throw error
  }
}

/**
 * After a continued run: its line in the pull request's timeline, edited into the introduction when the
 * token wrote it, else a comment of its own. Only when the follow-up reached the job.
 */
export async function addToTimeline(grouped: GroupedRun, report: JobReport, run: RunContext, deps: GroupingDeps): Promise<void> {
  if (grouped.decision.grouped !== 'continued' || report.job === null) return
  const { pull, introduction, jobId } = grouped.decision.found
  const api = grouped.plan.elsewhere ? await deps.github.apiIn(grouped.plan.docs) : await deps.github.apiOrNull()
  if (!api) return
  const entry = renderTimelineEntry({ event: run.event, fromRepository: fromRepository(grouped, run), runUrl: run.runUrl })
  try {
    // The introduction keeps its job marker and origin, which are signed again for what the comment now holds.
    if (introduction.ours)
      await api.updateComment(
        pullRef(pull.number),
        introduction.id,
        deps.records.seal(withTimelineEntry(introduction.body, entry), recordSubject(api.repo, pull.number))
      )
    else await api.createComment(pullRef(pull.number), renderGroupedRunComment(jobId, entry))
    deps.log.info(`Added this run to the timeline of ${fullName(grouped.plan.docs)}#${pull.number}.`)
  } catch (error) {
    deps.github.callFailed(error, `The timeline of ${fullName(grouped.plan.docs)}#${pull.number} misses this run.`)
  }
}

/** The run's repository, named in references when the pull request is in another one. */
function fromRepository(grouped: GroupedRun, run: RunContext): string | null {
  return grouped.plan.elsewhere && run.repo ? fullName(run.repo) : null
}

/** A new job's introduction could not be written in `docs-repository`: the one warning (once, whatever the look-up said). */
export function warnOutOfReach(grouped: GroupedRun, run: RunContext, error: unknown, log: GroupingDeps['log']): void {
  const message = noAccessWarning(grouped.plan, run, error)
  if (grouped.warned) return log.info(message)
  grouped.warned = true
  log.warning(message)
}
