import type { GitHubApi } from './api.js'

/**
 * The pull request a pushed commit belongs to (an open one first), for the comment that shows a run's
 * result; none, or a failed look-up, leaves the result to the job summary only, which is said.
 */
export async function pullOfCommit(
  api: GitHubApi,
  sha: string,
  /** What goes to the summary instead: 'result', 'preview'. */
  what: string,
  log: { info(message: string): void; callFailed(error: unknown, consequence: string): void }
): Promise<number | null> {
  try {
    const [pull] = await api.pullsForCommit(sha)
    if (pull === undefined) log.info(`Commit ${sha.slice(0, 7)} belongs to no pull request: the ${what} goes to the job summary only.`)
    return pull ?? null
  } catch (error) {
    log.callFailed(error, `The ${what} goes to the job summary only.`)
    return null
  }
}
