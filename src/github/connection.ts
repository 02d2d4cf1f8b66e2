import { InputError, messageOf } from '../errors.js'
import type { GitHubApi } from './api.js'
import { GitHubError } from './errors.js'
import type { Repo } from './event.js'

/**
 * The run's GitHub, connected on first need only (loading Octokit is most of the start-up cost, and many
 * runs never talk to GitHub): one connection per repository, shared by everything the run does there
 * (and so its identity look-up).
 */
export interface GitHubAccess {
  /** A GitHub call failed: warn, with what it costs; a missing permission is named once. */
  callFailed: (error: unknown, consequence: string) => void
  /** For what cannot be done without GitHub (a slash command's permission check): throws without a token. */
  apiOrThrow: (why: string) => Promise<GitHubApi>
  /** For what is nice to have (comments, context, deployments): null, with one warning, without a token. */
  apiOrNull: () => Promise<GitHubApi | null>
  /** The same token in another repository (the agent's pull request may be there); null without a token. */
  apiIn: (repo: Repo) => Promise<GitHubApi | null>
}

export interface GitHubAccessOptions {
  /** The `github-token` input; empty: no GitHub. */
  token: string
  /** The run's repository (GITHUB_REPOSITORY); null when unknown. */
  repo: Repo | null
  connect: (token: string, repo: Repo) => Promise<GitHubApi>
  log: { info(message: string): void; warning(message: string): void }
  /** What the run does without GitHub, for the one warning: "no preview comment and no GitHub deployment". */
  without: string
}

/** GitHub on first need, for the run's repository and any other the token reaches. */
export function gitHubAccess({ token, repo, connect, log, without }: GitHubAccessOptions): GitHubAccess {
  const connections = new Map<string, Promise<GitHubApi>>()
  const missing = new Set<string>()
  let warned = false
  const connectTo = (target: Repo): Promise<GitHubApi> => {
    const key = `${target.owner}/${target.repo}`.toLowerCase()
    const known = connections.get(key) ?? connect(token, target)
    connections.set(key, known)
    return known
  }
  const apiOrNull = async (): Promise<GitHubApi | null> => {
    if (token && repo) return connectTo(repo)
    if (!warned)
      log.warning(
        token
          ? `GITHUB_REPOSITORY is not set, so the repository is unknown: ${without}.`
          : `Input 'github-token' is empty: ${without}; set comment: false to silence this.`
      )
    warned = true
    return null
  }
  return {
    /** A permission the token lacks is named once; the later calls that need it fail quietly (into the log). */
    callFailed: (error, consequence) => {
      const permission = error instanceof GitHubError ? error.missingPermission : null
      const message = `${messageOf(error)} ${consequence}`.trim()
      if (permission && missing.has(permission)) return log.info(message)
      if (permission) missing.add(permission)
      log.warning(message)
    },
    apiOrThrow: (why) => {
      if (!token)
        throw new InputError(
          'github-token',
          `Input 'github-token' is empty, but the action needs it ${why}: leave it at its default (\${{ github.token }}) or pass a token.`
        )
      if (!repo)
        throw new Error(`GITHUB_REPOSITORY is not set, but the action needs the repository ${why}: run it in a GitHub Actions workflow.`)
      return connectTo(repo)
    },
    apiOrNull,
    apiIn: async (other) => (token ? connectTo(other) : apiOrNull())
  }
}
