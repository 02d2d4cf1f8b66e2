import { createHash } from 'node:crypto'
import type { DeploymentState } from '../../github/api.js'
import { stickyMarker } from '../../github/markers.js'
import { siteUrl } from '../../mintlify/deployment.js'
import type { Verdict } from '../../outcome.js'
import type { CommonSettings } from '../../settings.js'
import type { EnvironmentRequest } from './github-deployment.js'
import type { DeployInputs, DeploymentRequest } from './inputs.js'
import type { DeploymentTarget } from './target.js'
import { type DeploymentReport, judgeForkPreview, judgeTriggerDryRun, type DeploymentPost } from './verdicts.js'

/**
 * What a deploy or preview run does, decided from the event and the inputs before anything is sent:
 * whether it triggers at all (a fork's branch, a dry run), where the preview comment goes, whether a
 * GitHub environment records the deployment, and whether the run follows it to its end. The executor
 * (run.ts) only carries the plan out; how the comment and the environment end is `environmentEnd` and
 * `previewCommentState`, from the run's report.
 */

/** Where the sticky comment of a preview goes. */
export type PreviewCommentPlan =
  /** No comment: a deploy, `comment: false`, or no pull request to put it on. */
  | { where: 'none' }
  /** The branch's comment on this pull request. */
  | { where: 'pull'; pull: number; marker: string }
  /** The branch's comment on the pull request the pushed commit belongs to, if it belongs to one (looked up). */
  | { where: 'commit'; sha: string; marker: string }

export type DeploymentPlan =
  /** A preview of a fork's branch: nothing is sent (Mintlify cannot build forks), nothing written. */
  | { kind: 'skip'; verdict: Verdict }
  /** Everything checked; the request is shown instead of sent, and nothing is written to GitHub. */
  | { kind: 'dry-run'; verdict: Verdict }
  | {
      kind: 'trigger'
      trigger: DeploymentPost
      comment: PreviewCommentPlan
      /** The GitHub deployment that records the run; null: none (`environment` empty). */
      environment: EnvironmentRequest | null
      /**
       * Wait on the deployment's status (`wait`): the comment and the environment then end with its last
       * word. Not followed, they keep saying "building" (all the run knows), unless the trigger itself fails.
       */
      follow: boolean
      /** A preview's docs folder: a ready comment links the pull request's changed pages under it; null for a deploy. */
      pagesUnder: string | null
    }

/** The inputs a plan is made of: the common settings and a deploy's own. */
export type PlanInputs = Pick<CommonSettings, 'projectId' | 'dryRun' | 'comment'> & Pick<DeployInputs, 'wait' | 'environment'>

/** Decides a deploy or preview run from what it is about (`target`, see target.ts) and the inputs. Pure. */
export function planDeployment(
  request: DeploymentRequest,
  target: DeploymentTarget,
  inputs: PlanInputs,
  runUrl: string | null
): DeploymentPlan {
  const branch = target.branch ?? ''
  if (request.kind === 'preview' && target.fork !== null) return { kind: 'skip', verdict: judgeForkPreview(branch, target.fork || null) }
  const environment = inputs.environment || null
  const trigger: DeploymentPost =
    request.kind === 'deploy'
      ? { operation: 'deploy', projectId: inputs.projectId, environment }
      : { operation: 'preview', projectId: inputs.projectId, branch, environment }
  if (inputs.dryRun) return { kind: 'dry-run', verdict: judgeTriggerDryRun(trigger) }
  return {
    kind: 'trigger',
    trigger,
    comment: request.kind === 'preview' && inputs.comment ? previewComment(target, branch) : { where: 'none' },
    environment: environment ? { kind: request.kind, environment, sha: target.sha, branch: target.branch, runUrl } : null,
    follow: inputs.wait,
    pagesUnder: request.kind === 'preview' ? request.docsFolder : null
  }
}

/** The pull request the event (or `pr-number`) names; else, for a push of the branch, its commit's pull request. */
function previewComment(target: DeploymentTarget, branch: string): PreviewCommentPlan {
  const marker = previewMarker(branch)
  if (target.pull !== null) return { where: 'pull', pull: target.pull, marker }
  if (target.pullOfCommit) return { where: 'commit', sha: target.pullOfCommit, marker }
  return { where: 'none' }
}

/**
 * The marker of a branch's preview comment. A marker holds only `[A-Za-z0-9._:-]`, in which `docs/a` and
 * `docs_a` would read alike: a digest of the exact name keeps one comment per branch.
 */
export function previewMarker(branch: string): string {
  const digest = createHash('sha256').update(branch).digest('hex').slice(0, 12)
  return stickyMarker(`preview:${digest}:${branch.slice(0, 80)}`)
}

/** Whether the comment and the environment get a last word: not for a trigger accepted but not followed. */
export function endsWithLastWord(plan: Extract<DeploymentPlan, { kind: 'trigger' }>, report: DeploymentReport): boolean {
  return plan.follow || report.statusId === null
}

/**
 * How the environment ends: success with the site (or the preview), failure when the build failed, error
 * when this run cannot say (the trigger refused, timed out, cancelled, the status unreadable).
 */
export function environmentEnd(report: DeploymentReport): { state: Exclude<DeploymentState, 'in_progress'>; url: string | null } {
  if (report.verdict.outcome === 'deployed')
    return { state: 'success', url: report.kind === 'deploy' ? siteUrl(report.status) : report.previewUrl }
  return { state: report.ended === 'terminal' ? 'failure' : 'error', url: null }
}
