import { needList, needNumber, readAnswer, textOr } from '../answers.js'
import { explained } from '../errors.js'
import type { Repo } from '../event.js'
import { type Bounded, readPages } from '../pages.js'
import type { Octokit } from '../transport.js'
import { isRecord } from '../../text.js'
import type { RequestedReviewers } from './pulls.js'

/** GitHub's largest page. */
const PAGE = 100

/**
 * A pull request as the sweep judges it: open or closed, merged, a draft, whether it merges (`mergeable`
 * null: GitHub is still computing it), its branches, who is asked to review, and its times (ISO 8601).
 */
export interface PullStanding {
  number: number
  url: string
  open: boolean
  merged: boolean
  draft: boolean
  mergeable: boolean | null
  /** GitHub's word (`clean`, `dirty`, `behind`, …) as it came; '' where none. */
  mergeableState: string
  author: string
  baseRef: string
  baseSha: string
  headRef: string
  headSha: string
  requested: RequestedReviewers
  createdAt: string
  updatedAt: string
}

/** A review of a pull request: who, how (`APPROVED`, `CHANGES_REQUESTED`, `COMMENTED`, …), and on which commit. */
export interface PullReview {
  login: string
  state: string
  commitId: string
}

/** An open issue or pull request with a label, as the issue list shows it. */
export interface LabelledIssue {
  number: number
  title: string
  url: string
  /** The list mixes issues and pull requests; only these have `pull_request`. */
  isPull: boolean
  createdAt: string
  updatedAt: string
}

/** What the sweep reads and does to the agent's pull requests: the labelled list, each one's standing and reviews, closing one. */
export class StandingCalls {
  constructor(
    private readonly octokit: Octokit,
    private readonly repo: Repo
  ) {}

  /** One pull request as the sweep judges it (see PullStanding). */
  async pullStanding(number: number): Promise<PullStanding> {
    return explained(`read pull request #${number}`, 'pull-requests: read', async () => {
      const answer = await this.octokit.rest.pulls.get({ ...this.repo, pull_number: number })
      return readAnswer(answer, (data) => {
        const branch = (side: unknown): { ref: string; sha: string } =>
          isRecord(side) ? { ref: textOr(side.ref), sha: textOr(side.sha) } : { ref: '', sha: '' }
        const base = branch(data.base)
        const head = branch(data.head)
        return {
          number: needNumber(data.number, 'number'),
          url: textOr(data.html_url),
          open: data.state === 'open',
          merged: data.merged === true || (typeof data.merged_at === 'string' && data.merged_at !== ''),
          draft: data.draft === true,
          mergeable: typeof data.mergeable === 'boolean' ? data.mergeable : null,
          mergeableState: textOr(data.mergeable_state),
          author: textOr(data.user?.login),
          baseRef: base.ref,
          baseSha: base.sha,
          headRef: head.ref,
          headSha: head.sha,
          requested: {
            users: (Array.isArray(data.requested_reviewers) ? data.requested_reviewers : []).flatMap((user) =>
              isRecord(user) && textOr(user.login) ? [textOr(user.login)] : []
            ),
            teams: (Array.isArray(data.requested_teams) ? data.requested_teams : []).flatMap((team) =>
              isRecord(team) && textOr(team.slug) ? [`${this.repo.owner}/${textOr(team.slug)}`] : []
            )
          },
          createdAt: textOr(data.created_at),
          updatedAt: textOr(data.updated_at)
        }
      })
    })
  }

  /** The first page (100) of a pull request's reviews, oldest first. */
  async reviews(number: number): Promise<PullReview[]> {
    return explained(`read the reviews of pull request #${number}`, 'pull-requests: read', async () => {
      const answer = await this.octokit.rest.pulls.listReviews({ ...this.repo, pull_number: number, per_page: PAGE })
      return readAnswer(answer, (data) =>
        needList(data, 'the list').flatMap((review) =>
          isRecord(review)
            ? [
                {
                  login: isRecord(review.user) ? textOr(review.user.login) : '',
                  state: textOr(review.state),
                  commitId: textOr(review.commit_id)
                }
              ]
            : []
        )
      )
    })
  }

  /** Closes a pull request (without merging it). Closing a closed one changes nothing, so it may be sent again like a read. */
  async closePull(number: number): Promise<void> {
    await explained(`close pull request #${number}`, 'pull-requests: write', () =>
      this.octokit.rest.pulls.update({ ...this.repo, pull_number: number, state: 'closed' })
    )
  }

  /**
   * The open issues and pull requests with `label`, the oldest created first: at most `pages` pages of 100,
   * `cut` when GitHub named more.
   */
  async labelledOpen(label: string, pages: number): Promise<Bounded<LabelledIssue>> {
    const name = `${this.repo.owner}/${this.repo.repo}`
    return explained(`list the open pull requests labelled ${label} in ${name}`, 'pull-requests: read', async () => {
      const list = this.octokit.paginate.iterator(this.octokit.rest.issues.listForRepo, {
        ...this.repo,
        labels: label,
        state: 'open',
        sort: 'created',
        direction: 'asc',
        per_page: PAGE
      })
      return readPages(list, { pages }, (issue) => ({
        number: needNumber(issue.number, 'number'),
        title: textOr(issue.title),
        url: textOr(issue.html_url),
        isPull: isRecord(issue.pull_request),
        createdAt: textOr(issue.created_at),
        updatedAt: textOr(issue.updated_at)
      }))
    })
  }
}
