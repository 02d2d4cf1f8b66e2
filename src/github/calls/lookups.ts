import { need, needList, needNumber, readAnswer, textOr } from '../answers.js'
import { explained } from '../errors.js'
import type { Repo } from '../event.js'
import type { Octokit } from '../transport.js'
import { isRecord } from '../../text.js'

/**
 * Reads a trust decision rests on, each one request: where a pull request is and since when (whether it
 * is the agent's), and which pull requests an issue search finds for a commit (whether a named status on
 * the agent's head may be another's).
 */

/** A pull request's repository, its head branch's repository and when it was opened, as one GET reads them. */
export interface PullOrigin {
  /** `owner/name` of its base repository. */
  repository: string
  /** `owner/name` of its head branch's repository; null when that repository is gone (a deleted fork). */
  headRepository: string | null
  /** ISO 8601, whole seconds. */
  createdAt: string
}

/**
 * What the issue search found: the pull requests' numbers (of the first page), and whether that is all of
 * them. Incomplete when GitHub says so (`incomplete_results`: the search timed out) or when it counts more
 * than the page holds.
 */
export interface CommitSearch {
  numbers: number[]
  complete: boolean
}

/** GitHub's largest page. */
const PAGE = 100

export class LookupCalls {
  constructor(
    private readonly octokit: Octokit,
    private readonly repo: Repo
  ) {}

  /** Pull request `number`: where it is, where its head branch is, when it was opened. */
  async pullOrigin(number: number): Promise<PullOrigin> {
    return explained(`read pull request #${number}`, 'pull-requests: read', async () => {
      const answer = await this.octokit.rest.pulls.get({ ...this.repo, pull_number: number })
      return readAnswer(answer, (data) => {
        const pull = need(isRecord(data) ? data : null, 'the pull request')
        const base = isRecord(pull.base) && isRecord(pull.base.repo) ? pull.base.repo : null
        const head = isRecord(pull.head) && isRecord(pull.head.repo) ? pull.head.repo : null
        return {
          repository: need(textOr(base?.full_name) || null, 'base.repo.full_name'),
          headRepository: textOr(head?.full_name) || null,
          createdAt: need(textOr(pull.created_at) || null, 'created_at')
        }
      })
    })
  }

  /**
   * The issue search `repo:<owner/name> is:pr <sha>`: the pull requests of this repository that contain the
   * commit, closed ones included, which the commit's own list of pull requests leaves out. One page of 100.
   * GitHub's index lags behind by minutes to hours and forgets a head that was force-pushed away: an
   * answer is never proof that nobody else had the commit.
   */
  async pullsWithCommit(sha: string): Promise<CommitSearch> {
    const repository = `${this.repo.owner}/${this.repo.repo}`
    return explained(`search the pull requests of ${repository} that contain ${sha.slice(0, 7)}`, 'pull-requests: read', async () => {
      const answer = await this.octokit.request('GET /search/issues', { q: `repo:${repository} is:pr ${sha}`, per_page: PAGE })
      return readAnswer(answer, (data) => {
        const numbers = needList(data.items, 'items').map((item) => needNumber(isRecord(item) ? item.number : null, 'items.number'))
        const total = needNumber(data.total_count, 'total_count')
        return { numbers, complete: data.incomplete_results === false && total <= numbers.length }
      })
    })
  }
}
