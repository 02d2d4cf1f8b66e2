import { InputError, messageOf } from '../../errors.js'
import { type GitHubApi, GitHubError } from '../../github/api.js'
import type { Repo, RunContext } from '../../github/event.js'
import type { Settings } from '../../settings.js'
import type { AgentInputs } from './inputs.js'
import type { WorkflowDeps } from './workflow.js'

/** GitHub, connected on first need. */
export interface LazyGitHub {
  /** A GitHub call failed: warn once per missing permission, saying what it costs. */
  trouble: (error: unknown, consequence: string) => void
  /** For what cannot be done without GitHub (the slash command's permission check): throws without a token. */
  required(why: string): Promise<GitHubApi>
  /** For what is nice to have (comments, context): null, with one warning, without a token. */
  optional(): Promise<GitHubApi | null>
  /** The same token in another repository (the agent's pull request may be there); null without a token. */
  elsewhere(repo: Repo): Promise<GitHubApi | null>
}

/** GitHub is connected on first need only: loading Octokit is most of the start-up cost. */
export function lazyGitHub(
  settings: Settings<AgentInputs>,
  run: RunContext,
  deps: Pick<WorkflowDeps, 'connectGitHub' | 'log'>
): LazyGitHub {
  let connection: Promise<GitHubApi> | null = null
  const others = new Map<string, Promise<GitHubApi>>()
  let warned = false
  const missing = new Set<string>()
  const connect = (repo: Repo): Promise<GitHubApi> => (connection ??= deps.connectGitHub(settings.githubToken, repo))
  return {
    /**
     * A GitHub call failed: warn, with what it costs. A permission the token lacks is named once; the
     * later calls that need it fail quietly (into the log) instead of repeating the same advice.
     */
    trouble(error: unknown, consequence: string): void {
      const permission = error instanceof GitHubError ? error.missingPermission : null
      const message = `${messageOf(error)} ${consequence}`.trim()
      if (permission && missing.has(permission)) return deps.log.info(message)
      if (permission) missing.add(permission)
      deps.log.warning(message)
    },
    /** For what cannot be done without GitHub (the slash command's permission check). */
    required(why: string): Promise<GitHubApi> {
      if (!settings.githubToken)
        throw new InputError(
          'github-token',
          `Input 'github-token' is empty, but the action needs it ${why}: leave it at its default (\${{ github.token }}) or pass a token.`
        )
      if (!run.repo)
        throw new Error(`GITHUB_REPOSITORY is not set, but the action needs the repository ${why}: run it in a GitHub Actions workflow.`)
      return connect(run.repo)
    },
    /** For what is nice to have (comments, context): without a token there is a warning, once. */
    async optional(): Promise<GitHubApi | null> {
      if (settings.githubToken && run.repo) return connect(run.repo)
      if (!warned)
        deps.log.warning(
          "Input 'github-token' is empty: no pull-request comments and no pull-request context; set comment: false to silence this."
        )
      warned = true
      return null
    },
    /** One connection per repository: the group-runs look-up and the introduction share it (and its identity). */
    async elsewhere(repo: Repo): Promise<GitHubApi | null> {
      if (!settings.githubToken) return this.optional()
      const key = `${repo.owner}/${repo.repo}`.toLowerCase()
      const known = others.get(key) ?? deps.connectGitHub(settings.githubToken, repo)
      others.set(key, known)
      return known
    }
  }
}
