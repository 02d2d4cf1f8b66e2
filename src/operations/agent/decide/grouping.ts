import type { MarkerComment, OpenPull } from '../../../github/api.js'
import { GitHubError } from '../../../github/errors.js'
import type { ChangeNotesHeading } from '../change-notes.js'
import type { GitHubEvent, Repo, RunContext } from '../../../github/event.js'
import { readJobMarker, type RunOrigin, sameOrigin } from '../../../github/markers.js'
import type { Settings } from '../../../settings.js'
import type { WithRecords } from '../comment-records.js'
import type { AgentInputs } from '../inputs.js'
import type { JobRequest } from './run-plan.js'
import type { JobAction, JobReport } from '../verdicts.js'

/**
 * `group-runs`: the `job` runs of one workflow on one branch share one open agent pull request. Pure
 * stages decide (does this run group, which pull request is its, continue it or open another);
 * carry-out/grouped-run.ts reads GitHub and the job's state for them, at most 11 GitHub reads in
 * `docs-repository`.
 */

/** Whether a run looks for the open agent pull request of its workflow and branch, and where. */
export type GroupingPlan =
  /** Not asked for, not a `job` operation, or a slash command or label (those never group): `grouped` stays empty. */
  | { kind: 'off' }
  /** Asked for, but this run has nothing to group by: a new job as usual, `grouped: new`. */
  | { kind: 'alone'; why: string }
  | LookPlan

export interface LookPlan {
  kind: 'look'
  origin: RunOrigin
  /** Where the agent opens its pull requests (`docs-repository`, or the run's own). */
  docs: Repo
  /** `docs` is not the run's repository: another connection, and perhaps no access. */
  elsewhere: boolean
}

/** The pull requests whose comments are read, at most: with the pull request list, 11 reads. */
export const MAX_PULLS_READ = 10

/** Decides from the settings and the run whether, and where, this run looks for a pull request to continue. */
export function planGrouping(settings: Settings<AgentInputs>, action: JobAction, run: RunContext): GroupingPlan {
  if (!settings.groupRuns || settings.operation !== 'job' || action !== 'job' || isCommandOrLabel(run.event)) return { kind: 'off' }
  const branch = branchOf(run)
  if (!branch.ok) return { kind: 'alone', why: branch.why }
  if (!run.workflow) return { kind: 'alone', why: 'GITHUB_WORKFLOW is not set, so runs cannot be told apart by workflow.' }
  if (!run.repo) return { kind: 'alone', why: 'GITHUB_REPOSITORY is not set, so runs cannot be told apart by repository.' }
  if (!settings.comment)
    return { kind: 'alone', why: 'comment is false: later runs find the pull request by its introduction comment, which is not written.' }
  const docs = settings.docsRepository ?? run.repo
  const elsewhere = fullName(docs).toLowerCase() !== fullName(run.repo).toLowerCase()
  return { kind: 'look', origin: { repository: fullName(run.repo), workflow: run.workflow, branch: branch.name }, docs, elsewhere }
}

/** A comment, a review or a label asks for something of its own: never grouped with other runs. */
function isCommandOrLabel(event: GitHubEvent): boolean {
  return (
    event.kind === 'issue_comment' ||
    event.kind === 'pull_request_review_comment' ||
    event.kind === 'pull_request_review' ||
    event.kind === 'issues' ||
    (event.kind === 'pull_request' && event.labeled !== undefined)
  )
}

/** The branch a run groups by: the pushed one, a pull request's head, or GITHUB_REF's for schedule and manual runs. */
function branchOf(run: RunContext): { ok: true; name: string } | { ok: false; why: string } {
  const { event } = run
  if (event.kind === 'pull_request') {
    const { ref, fork } = event.pull.head
    // Forks reuse branch names (patch-1): two contributors' pull requests must not share one docs pull request.
    if (fork) return { ok: false, why: 'The pull request comes from a fork, whose branch names other forks may use too.' }
    return ref ? { ok: true, name: ref } : { ok: false, why: 'The pull request names no head branch.' }
  }
  const ref =
    event.kind === 'push'
      ? event.ref
      : event.kind === 'other' && (event.name === 'schedule' || event.name === 'workflow_dispatch')
        ? run.ref
        : null
  if (ref === null)
    return {
      ok: false,
      why: `group-runs groups push, schedule, workflow_dispatch and pull-request runs, not ${event.name || 'unknown'} runs.`
    }
  const name = ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ''
  return name ? { ok: true, name } : { ok: false, why: `The run is on ${ref || 'no ref'}, not on a branch.` }
}

export function fullName(repo: Repo): string {
  return `${repo.owner}/${repo.repo}`
}

/** The open agent pull request a run of this origin introduced, with its job and the introduction comment. */
export interface GroupedPull {
  pull: OpenPull
  jobId: string
  /** Edited in place (the timeline) when `ours`; else another identity wrote it and only it may edit it. */
  introduction: WithRecords<MarkerComment>
}

/** The newest trusted job marker of this origin among a pull request's comments (in the order written, as GroupReads gives them), or null. */
export function introductionIn(comments: readonly WithRecords<MarkerComment>[], origin: RunOrigin): Omit<GroupedPull, 'pull'> | null {
  for (const comment of [...comments].reverse()) {
    const marker = readJobMarker(comment.records)
    if (marker?.origin && sameOrigin(marker.origin, origin)) return { jobId: marker.jobId, introduction: comment }
  }
  return null
}

/** What is known of the found pull request's job: nothing (a dry run reads no state), that it is gone (404), or its status. */
export type JobState = { kind: 'unread' } | { kind: 'gone' } | { kind: 'status'; status: string | null }

export type GroupDecision = { grouped: 'continued'; found: GroupedPull } | { grouped: 'new'; why: string }

/** Continue the found pull request's job, unless there is none, or it is gone, failed or archived. */
export function continueOrOpen(found: GroupedPull | null, state: JobState, docs: Repo, origin: RunOrigin): GroupDecision {
  if (!found)
    return {
      grouped: 'new',
      why: `No open agent pull request in ${fullName(docs)} was introduced by workflow "${origin.workflow}" on branch ${origin.branch} (the ${MAX_PULLS_READ} most recently updated that bots opened were read): a new job.`
    }
  const where = `job ${found.jobId} of ${fullName(docs)}#${found.pull.number}`
  if (state.kind === 'gone') return { grouped: 'new', why: `The ${where} was not found in this project: a new job.` }
  if (state.kind === 'status' && (state.status === 'failed' || state.status === 'archived'))
    return { grouped: 'new', why: `The ${where} is ${state.status}: a new job, with a pull request of its own.` }
  return { grouped: 'continued', found }
}

/** A run that groups: what it looked for, what it decided, and whether the one warning about access was given. */
export interface GroupedRun {
  plan: LookPlan
  decision: GroupDecision
  /** The one warning that `docs-repository` is out of this token's reach was given: it is not repeated. */
  warned: boolean
}

/** The request of a continued run: a follow-up message to the pull request's job, with the step's prompt. */
export function groupedRequest(request: JobRequest, grouped: GroupedRun | null): JobRequest {
  return grouped?.decision.grouped === 'continued' ? { ...request, action: 'message', jobId: grouped.decision.found.jobId } : request
}

/** A continued run tells the agent what changed since its pull request was opened; a new job gets the usual context. */
export function changeNotesHeading(grouped: GroupedRun | null): ChangeNotesHeading {
  return grouped?.decision.grouped === 'continued' ? 'new changes' : 'context'
}

/** The `grouped` output and the summary's line, for a run that grouped. */
export function groupedReport(grouped: GroupedRun | null): Pick<JobReport, 'grouped'> {
  if (!grouped) return {}
  const { decision } = grouped
  return { grouped: decision.grouped === 'continued' ? { kind: 'continued', pull: decision.found.pull.url } : { kind: 'new', pull: null } }
}

/** GitHub's answers for a repository the token may not write to (403) or not even see (404). */
export function isOutOfReach(error: unknown): boolean {
  return error instanceof GitHubError && (error.status === 403 || error.status === 404)
}

/** What token reaches both repositories, for the warning and the notice that the docs repository is out of reach. */
export function crossRepositoryTokenAdvice(code: string, docs: string): string {
  return (
    `give the workflows of both repositories a token with pull-request write access to ${code} and ${docs}: ` +
    `a GitHub App installation token (e.g. from actions/create-github-app-token) or a fine-grained personal access token.`
  )
}

/** The agent opened its pull request where group-runs does not look: the runs after this one would never find it. */
export function lookedElsewhere(grouped: GroupedRun, pullRepo: Repo): string | null {
  if (fullName(pullRepo).toLowerCase() === fullName(grouped.plan.docs).toLowerCase()) return null
  return `group-runs looks for the agent's pull requests in ${fullName(grouped.plan.docs)}, but the agent opened this one in ${fullName(pullRepo)}: set docs-repository: ${fullName(pullRepo)}, or later runs will not find it.`
}

/** The one warning of a grouping run whose token cannot write in `docs-repository`: nothing can be grouped there. */
export function noAccessWarning(plan: LookPlan, run: RunContext, error: unknown): string {
  const docs = fullName(plan.docs)
  const status = error instanceof GitHubError ? ` (HTTP ${error.status})` : ''
  const code = run.repo ? fullName(run.repo) : 'this repository'
  return (
    `group-runs cannot group runs in ${docs}: this workflow's token cannot write there${status}, so the introduction that later runs ` +
    `find a pull request by cannot be written, and every run opens another pull request. To group them, ${crossRepositoryTokenAdvice(code, docs)}`
  )
}
