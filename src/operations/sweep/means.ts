import type { Clock } from '../../clock.js'
import type { GitHubApi } from '../../github/api.js'
import { gitHubAccess } from '../../github/connection.js'
import type { Repo, RunContext } from '../../github/event.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import type { Settings } from '../../settings.js'
import { CommentRecords } from '../agent/comment-records.js'
import type { OperationDeps, OperationLog } from '../operation.js'
import type { SweepInputs } from './inputs.js'

/**
 * What a sweep reads and writes with, in one value: its settings, GitHub in the docs repository (and in
 * the code repositories its introductions name), the docs API (none in a dry run: no job is read), the
 * records' key, the log, the clock and the run.
 */
export interface SweepMeans {
  settings: Settings<SweepInputs>
  /** The docs repository, where the agent's pull requests are. */
  api: GitHubApi
  /** The same token in another repository (a code pull request's). */
  apiIn: (repo: Repo) => Promise<GitHubApi>
  /** Null in a dry run, which sends nothing to Mintlify. */
  client: DocsApiClient | null
  records: CommentRecords
  log: OperationLog
  clock: Clock
  run: RunContext
}

/** Connects to the docs repository: without it there is nothing to sweep. */
export async function connectSweep(settings: Settings<SweepInputs>, deps: OperationDeps): Promise<SweepMeans> {
  const repo = settings.docsRepository ?? deps.run.repo
  const github = gitHubAccess({
    token: settings.githubToken,
    repo,
    connect: deps.connectGitHub,
    log: deps.log,
    without: "the agent's pull requests cannot be read"
  })
  const api = await github.apiOrThrow("to list the agent's pull requests")
  return {
    settings,
    api,
    apiIn: async (other) => {
      const connected = await github.apiIn(other)
      if (!connected) throw new Error(`No GitHub connection to ${other.owner}/${other.repo}.`)
      return connected
    },
    client: settings.dryRun ? null : deps.client(),
    records: new CommentRecords(settings.apiKey, deps.log, deps.clock),
    log: deps.log,
    clock: deps.clock,
    run: deps.run
  }
}
