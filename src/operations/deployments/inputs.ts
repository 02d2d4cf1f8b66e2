import { collectInputErrors, InputError } from '../../errors.js'
import { clip, readBoolean, readPullNumber } from '../../inputs.js'
import type { InputsReader } from '../../settings.js'
import { branchProblem } from './branch.js'
import { readDocsPath } from '../docs-pages.js'

/** The inputs of `deploy`: whether to wait, the pull request to comment on, and the GitHub environment. */
export interface DeployInputs {
  wait: boolean
  prNumber: number | null
  /** The GitHub environment to record the deployment in; '' for none. */
  environment: string
}

/** The inputs of `preview`: a deploy's, and the branch and the docs folder. */
export interface PreviewInputs extends DeployInputs {
  /** The branch named by `branch`, checked as git checks branch names; '' to take the event's. */
  branch: string
  /** The docs folder as a path prefix relative to the repository root (`''` for the root, `docs/`). */
  docsFolder: string
}

/** What the step asks to deploy, from its inputs: the production site, or a branch's preview. */
export type DeploymentRequest =
  | { kind: 'deploy' }
  /** `branch` as the input gave it ('' to take the event's); `docsFolder` the prefix of the pages the comment links. */
  | { kind: 'preview'; branch: string; docsFolder: string }

export const readDeployInputs: InputsReader<DeployInputs> = (input, _env, warnings) =>
  collectInputErrors((field) => ({
    wait: field(() => readBoolean(input, 'wait', true)),
    prNumber: field(() => readPullNumber(input, warnings)),
    environment: field(() => readEnvironment(input('environment')))
  }))

export const readPreviewInputs: InputsReader<PreviewInputs> = (input, env, warnings) =>
  collectInputErrors((field) => ({
    ...field(() => readDeployInputs(input, env, warnings)),
    branch: field(() => readBranch(input('branch'))),
    docsFolder: field(() => readDocsPath(input('docs-path')))
  }))

/** `branch` as git would take it (git check-ref-format --branch): a name git refuses cannot have been pushed. */
function readBranch(raw: string): string {
  const branch = raw.trim().replace(/^refs\/heads\//, '')
  if (!branch) return ''
  const problem = branchProblem(branch)
  if (problem) throw new InputError('branch', `Input 'branch' is '${clip(branch)}', which is not a branch name git accepts: ${problem}.`)
  return branch
}

/** GitHub environment names: at most 255 characters, one line. */
function readEnvironment(raw: string): string {
  const environment = raw.trim()
  if (environment.length > 255 || /\p{Cc}/u.test(environment))
    throw new InputError(
      'environment',
      `Input 'environment' must be a GitHub environment name of at most 255 characters on one line (docs, docs-preview); got '${clip(environment)}'.`
    )
  return environment
}
