import { createHash } from 'node:crypto'
import { messageOf } from '../../errors.js'
import type { DeploymentState, GitHubApi } from '../../github/api.js'
import { statusMarker } from '../../github/markers.js'
import { StatusThread } from '../../github/status-thread.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import { DEPLOYMENT_STATUSES, DEPLOYMENT_TERMINAL_STATUSES, type DeploymentStatus, siteUrl } from '../../mintlify/deployment.js'
import { judgeStartFailure, type OperationResult, type Verdict } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import { waitFor } from '../../wait.js'
import type { OperationDeps, RunOperation } from '../operation.js'
import { EnvironmentRecord } from './environment.js'
import type { DeploymentInputs } from './inputs.js'
import { deploymentOutputs } from './outputs.js'
import { changedPages, type ChangedPages } from './pages.js'
import { previewCommentState, renderPreviewComment } from './preview-comment.js'
import { renderDeploymentSummary } from './summary.js'
import { type DeploymentTarget, resolveTarget } from './target.js'
import {
  type DeploymentKind,
  type DeploymentReport,
  type DeploymentRun,
  judgeDeployment,
  judgeForkPreview,
  judgeTriggerDryRun
} from './verdicts.js'

/** Changed files read for the preview comment's page links: three pages of GitHub's list. */
const MAX_PULL_FILES = 300

/**
 * `deploy` and `preview`: trigger the deployment, record it in a GitHub environment when asked, wait on
 * its status like a job, and report it; a preview also keeps one sticky comment per branch on its pull
 * request, which never says ready before the status says success.
 */
export function deploymentOperation(kind: DeploymentKind): RunOperation<DeploymentInputs> {
  return async (settings, deps) => {
    const github = connection(settings, deps)
    const target = await resolveTarget(kind, settings, deps.run, github)
    if (kind === 'preview' && target.fork !== null) return skipFork(target, settings, deps)
    if (settings.dryRun) return dryRun(kind, target, settings, deps)
    const places = await openPlaces(kind, target, settings, deps, github)
    const report = await triggerAndWait(kind, target, settings, deps, places)
    deps.publish(deploymentOutputs(report))
    await closePlaces(report, settings, places, deps.log)
    return {
      verdict: report.verdict,
      outputs: deploymentOutputs(report),
      summary: renderDeploymentSummary(report),
      ...(kind === 'preview' ? { statusComment: places.comment?.url ?? null } : {})
    }
  }
}

/** Where a run is shown on GitHub besides its summary: the preview comment, the environment. */
interface Places {
  github: GitHubApi | null
  comment: StatusThread | null
  environment: EnvironmentRecord | null
  pull: number | null
}

/** GitHub, connected once on first need; without a token (or a repository) one warning, then null. */
function connection(settings: Settings<DeploymentInputs>, deps: OperationDeps): () => Promise<GitHubApi | null> {
  let connected: Promise<GitHubApi | null> | null = null
  return () =>
    (connected ??= (async () => {
      const { repo } = deps.run
      if (settings.githubToken && repo) return deps.connectGitHub(settings.githubToken, repo)
      deps.log.warning(
        settings.githubToken
          ? 'GITHUB_REPOSITORY is not set, so the repository is unknown: no preview comment and no GitHub deployment.'
          : "Input 'github-token' is empty: no preview comment and no GitHub deployment; set comment: false to silence this."
      )
      return null
    })())
}

function skipFork(target: DeploymentTarget, settings: Settings<DeploymentInputs>, deps: OperationDeps): OperationResult {
  const report = reportOf('preview', target, deps, judgeForkPreview(target.branch ?? '', target.fork || null), settings)
  return { verdict: report.verdict, outputs: deploymentOutputs(report), summary: renderDeploymentSummary(report), statusComment: null }
}

function dryRun(
  kind: DeploymentKind,
  target: DeploymentTarget,
  settings: Settings<DeploymentInputs>,
  deps: OperationDeps
): OperationResult {
  const environment = settings.environment || null
  const plan =
    kind === 'deploy'
      ? { operation: kind, projectId: settings.projectId, environment }
      : { operation: kind, projectId: settings.projectId, branch: target.branch ?? '', environment }
  const report = reportOf(kind, target, deps, judgeTriggerDryRun(plan), settings)
  return { verdict: report.verdict, outputs: deploymentOutputs(report), summary: renderDeploymentSummary(report) }
}

/** A report of a run that triggered nothing (a dry run, a fork, a refused trigger). */
function reportOf(
  kind: DeploymentKind,
  target: DeploymentTarget,
  deps: OperationDeps,
  verdict: Verdict,
  settings: Settings<DeploymentInputs>
): DeploymentReport {
  return {
    kind,
    statusId: null,
    branch: target.branch,
    previewUrl: null,
    status: null,
    ended: null,
    timeoutMs: settings.timeoutMs,
    durationMs: 0,
    polls: 0,
    verdict,
    runUrl: deps.run.runUrl
  }
}

/** The preview comment's pull request and the environment, set up before the trigger so each follows the run. */
async function openPlaces(
  kind: DeploymentKind,
  target: DeploymentTarget,
  settings: Settings<DeploymentInputs>,
  deps: OperationDeps,
  connect: () => Promise<GitHubApi | null>
): Promise<Places> {
  const wantsComment = kind === 'preview' && settings.comment
  const github = wantsComment || settings.environment ? await connect() : null
  const warn = (message: string): void => deps.log.warning(message)
  const pull =
    github && wantsComment ? (target.pull ?? (target.pullOfCommit ? await pullOfCommit(github, target.pullOfCommit, deps) : null)) : null
  const comment =
    github && pull !== null
      ? new StatusThread(
          github,
          { issue: pull, isPullRequest: true, mode: 'sticky', marker: previewMarker(target.branch ?? '') },
          (error, consequence) => warn(`${messageOf(error)} ${consequence}`.trim())
        )
      : null
  const environment =
    github && settings.environment
      ? await EnvironmentRecord.open(
          github,
          { kind, environment: settings.environment, sha: target.sha, branch: target.branch, runUrl: deps.run.runUrl },
          warn
        )
      : null
  return { github, comment, environment, pull }
}

/**
 * The marker of a branch's preview comment. A marker holds only `[A-Za-z0-9._:-]`, in which `docs/a` and
 * `docs_a` would read alike: a digest of the exact name keeps one comment per branch.
 */
function previewMarker(branch: string): string {
  const digest = createHash('sha256').update(branch).digest('hex').slice(0, 12)
  return statusMarker(`preview:${digest}:${branch.slice(0, 80)}`)
}

/** A push's pull request, for the preview comment; none is fine (the summary carries the result). */
async function pullOfCommit(github: GitHubApi, sha: string, deps: OperationDeps): Promise<number | null> {
  try {
    const [pull] = await github.pullsForCommit(sha)
    if (pull === undefined) deps.log.info(`Commit ${sha.slice(0, 7)} belongs to no pull request: the preview goes to the job summary only.`)
    return pull ?? null
  } catch (error) {
    deps.log.warning(`${messageOf(error)} The preview goes to the job summary only.`)
    return null
  }
}

/** One trigger (never repeated after it may have been received), then the wait on its status. */
async function triggerAndWait(
  kind: DeploymentKind,
  target: DeploymentTarget,
  settings: Settings<DeploymentInputs>,
  deps: OperationDeps,
  places: Places
): Promise<DeploymentReport> {
  const client = deps.client()
  const started = deps.clock.now()
  const what = kind === 'deploy' ? `a deployment of project ${settings.projectId}` : `a preview of branch ${target.branch ?? ''}`
  deps.log.info(`Triggering ${what}.`)
  let accepted: { statusId: string; previewUrl: string | null }
  try {
    accepted =
      kind === 'deploy'
        ? { statusId: (await client.triggerDeploy(settings.projectId)).statusId, previewUrl: null }
        : await client.triggerPreview(settings.projectId, target.branch ?? '')
  } catch (error) {
    return reportOf(kind, target, deps, judgeStartFailure(error, deps.signal.aborted), settings)
  }
  const { statusId, previewUrl } = accepted
  deps.log.info(`Accepted: status id ${statusId}${previewUrl ? `, preview ${previewUrl}` : ''}.`)
  const run: DeploymentRun = {
    kind,
    statusId,
    branch: target.branch,
    previewUrl,
    status: null,
    ended: null,
    timeoutMs: settings.timeoutMs,
    durationMs: 0,
    polls: 0
  }
  // Downstream steps (link checkers, visual tests) may use the link at once; it is never called ready here.
  deps.publish(deploymentOutputs({ ...run, verdict: judgeDeployment(run), runUrl: deps.run.runUrl }))
  await places.comment?.post(
    renderPreviewComment(places.comment.target.marker, {
      phase: 'building',
      branch: target.branch ?? '',
      previewUrl,
      statusId,
      runUrl: deps.run.runUrl,
      timeoutMs: settings.wait ? settings.timeoutMs : null
    })
  )
  const waited = settings.wait ? await waitForDeployment(client, run, settings, deps) : run
  const done = { ...waited, durationMs: deps.clock.now() - started }
  return { ...done, verdict: judgeDeployment(done), runUrl: deps.run.runUrl }
}

/** The same wait as a job's (gap rule, outages, deadline, cancel) on `GET /v1/project/update-status/{statusId}`. */
async function waitForDeployment(
  client: DocsApiClient,
  run: DeploymentRun,
  settings: Settings<DeploymentInputs>,
  deps: OperationDeps
): Promise<DeploymentRun> {
  // Nothing is read yet: the first record is the trigger's promise that it is queued.
  const first: DeploymentStatus | null = null
  const result = await deps.log.group(`Waiting for deployment ${run.statusId}`, () =>
    waitFor<DeploymentStatus | null>(
      () => client.getDeploymentStatus(run.statusId),
      first,
      {
        label: `deployment ${run.statusId}`,
        statusOf: (status) => status?.status ?? 'queued',
        known: DEPLOYMENT_STATUSES,
        terminal: DEPLOYMENT_TERMINAL_STATUSES
      },
      {
        clock: deps.clock,
        deadline: deps.deadline,
        pollIntervalMs: settings.pollIntervalMs,
        signal: deps.signal,
        log: deps.log
      }
    )
  )
  const common = { ...run, status: result.record, polls: result.polls }
  switch (result.kind) {
    case 'terminal':
    case 'cancelled':
      return { ...common, ended: result.kind }
    case 'timed-out':
      return { ...common, ended: 'timed-out', outage: result.outage }
    case 'error':
      return { ...common, ended: 'error', error: result.error }
  }
}

/** The preview comment's last word and the environment's, after the outputs are set. */
async function closePlaces(
  report: DeploymentReport,
  settings: Settings<DeploymentInputs>,
  places: Places,
  log: OperationDeps['log']
): Promise<void> {
  // Not waited on (wait: false): the comment and the environment keep saying building, which is all this run knows.
  if (report.ended === null && report.statusId !== null) return
  const state = previewCommentState(report, report.verdict.outcome === 'deployed' ? await pagesOf(report, settings, places, log) : null)
  if (places.comment && state) await places.comment.conclude(renderPreviewComment(places.comment.target.marker, state))
  if (!places.environment) return
  const [environmentState, url] = environmentEnd(report)
  await places.environment.close(environmentState, report.verdict.headline, url)
}

/** The changed pages of the preview's pull request, linked into the preview; null when they cannot be read. */
async function pagesOf(
  report: DeploymentReport,
  settings: Settings<DeploymentInputs>,
  places: Places,
  log: OperationDeps['log']
): Promise<ChangedPages | null> {
  if (!places.github || places.pull === null || !report.previewUrl) return null
  try {
    const files = await places.github.pullFileChanges(places.pull, MAX_PULL_FILES)
    return changedPages(files, settings.docsFolder ?? '', report.previewUrl)
  } catch (error) {
    log.warning(`${messageOf(error)} The preview comment links the preview without its changed pages.`)
    return null
  }
}

/** success with the site, failure when the build failed, error when this run cannot say (trigger refused, timed out, cancelled). */
function environmentEnd(report: DeploymentReport): [Exclude<DeploymentState, 'in_progress'>, string | null] {
  if (report.verdict.outcome === 'deployed') return ['success', report.kind === 'deploy' ? siteUrl(report.status) : report.previewUrl]
  if (report.ended === 'terminal') return ['failure', null]
  return ['error', null]
}
