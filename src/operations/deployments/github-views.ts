import { messageOf } from '../../errors.js'
import type { GitHubApi } from '../../github/api.js'
import { pullOfCommit } from '../../github/commit-pull.js'
import { commentCountOf, pullRef } from '../../github/event.js'
import { StatusThread } from '../../github/status-thread.js'
import type { OperationDeps } from '../operation.js'
import { GitHubDeployment } from './github-deployment.js'
import { changedPages, type ChangedPages } from '../docs-pages.js'
import { type DeploymentPlan, endsWithLastWord, environmentEnd } from './plan.js'
import { previewCommentState, renderPreviewComment } from './preview-comment.js'
import type { DeploymentReport } from './verdicts.js'

/** Changed files read for the preview comment's page links: three pages of GitHub's list. */
const MAX_PULL_FILES = 300

type PlanToTrigger = Extract<DeploymentPlan, { kind: 'trigger' }>

/** Where a run is shown on GitHub besides its summary: the preview comment, the environment. */
export interface GitHubViews {
  github: GitHubApi | null
  comment: StatusThread | null
  environment: GitHubDeployment | null
  pull: number | null
}

/** The preview comment's pull request and the environment, set up before the trigger so each follows the run. */
export async function openGitHubViews(
  plan: PlanToTrigger,
  deps: OperationDeps,
  connect: () => Promise<GitHubApi | null>
): Promise<GitHubViews> {
  const { comment: where } = plan
  const github = where.where !== 'none' || plan.environment ? await connect() : null
  const warn = (message: string): void => deps.log.warning(message)
  const log = {
    info: (message: string): void => deps.log.info(message),
    callFailed: (error: unknown, consequence: string): void => warn(`${messageOf(error)} ${consequence}`.trim())
  }
  const pull =
    !github || where.where === 'none' ? null : where.where === 'pull' ? where.pull : await pullOfCommit(github, where.sha, 'preview', log)
  const comment =
    github && pull !== null && where.where !== 'none'
      ? new StatusThread(
          github,
          { on: pullRef(pull), mode: 'sticky', marker: where.marker, commentCount: commentCountOf(deps.run.event, pull) },
          (error, consequence) => warn(`${messageOf(error)} ${consequence}`.trim())
        )
      : null
  const environment = github && plan.environment ? await GitHubDeployment.open(github, plan.environment, warn) : null
  return { github, comment, environment, pull }
}

/** The preview comment's last word and the environment's, after the outputs are set. */
export async function closeGitHubViews(
  plan: PlanToTrigger,
  report: DeploymentReport,
  views: GitHubViews,
  log: OperationDeps['log']
): Promise<void> {
  // Not followed (wait: false): the comment and the environment keep saying building, which is all this run knows.
  if (!endsWithLastWord(plan, report)) return
  const pages = report.verdict.outcome === 'deployed' ? await pagesOf(report, plan.pagesUnder, views, log) : null
  const state = previewCommentState(report, pages)
  if (views.comment && state) await views.comment.conclude(renderPreviewComment(views.comment.target.marker, state))
  if (!views.environment) return
  const end = environmentEnd(report)
  await views.environment.close(end.state, report.verdict.headline, end.url)
}

/** The changed pages of the preview's pull request, linked into the preview; null when they cannot be read. */
async function pagesOf(
  report: DeploymentReport,
  docsFolder: string | null,
  views: GitHubViews,
  log: OperationDeps['log']
): Promise<ChangedPages | null> {
  if (!views.github || views.pull === null || !report.previewUrl) return null
  try {
    const files = await views.github.pullFileChanges(views.pull, MAX_PULL_FILES)
    return changedPages(files, docsFolder ?? '', report.previewUrl)
  } catch (error) {
    log.warning(`${messageOf(error)} The preview comment links the preview without its changed pages.`)
    return null
  }
}
