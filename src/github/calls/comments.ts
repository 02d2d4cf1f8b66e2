import { explained, identityUnknown, statusOf, describeFailure } from '../errors.js'
import type { IssueRef, Repo } from '../event.js'
import { trustsMarkerOf } from '../markers.js'
import type { Octokit } from '../transport.js'

export interface IssueComment {
  id: number
  body: string
  login: string
  url: string
  /** ISO times, as listed (the newest docs-check record is the one updated last). */
  createdAt?: string
  updatedAt?: string
}

/** A comment whose job marker is trusted, and whether the token's own identity wrote it (so may edit it). */
export interface MarkerComment extends IssueComment {
  ours: boolean
}

export type Reaction = 'eyes' | 'rocket' | 'confused'

/** Comments, reactions and labels on issues and pull requests, and the token identity that tells ours apart. */
export class CommentCalls {
  private identityLogin: Promise<string> | null = null

  constructor(
    private readonly octokit: Octokit,
    private readonly repo: Repo
  ) {}

  /** Comments by the token's own identity: the only ones trusted to carry our markers. */
  async own(on: IssueRef): Promise<IssueComment[]> {
    return this.commentsBy(on, (login, identity) => login === identity)
  }

  /** Comments whose job markers are trusted: the token's own identity's and the `marker-authors`'. */
  async withTrustedMarkers(on: IssueRef, markerAuthors: readonly string[]): Promise<IssueComment[]> {
    return this.commentsBy(on, (login, identity) => trustsMarkerOf(login, identity, markerAuthors))
  }

  /** The trusted marker comments among the first 100 comments of a pull request, each saying whether the token wrote it. */
  async firstWithTrustedMarkers(pull: number, markerAuthors: readonly string[]): Promise<MarkerComment[]> {
    const [identity, comments] = await Promise.all([this.knownIdentity(), this.list({ number: pull, kind: 'pull' }, 'first page')])
    return comments
      .filter((comment) => trustsMarkerOf(comment.login, identity, markerAuthors))
      .map((comment) => ({ ...comment, ours: comment.login.toLowerCase() === identity.toLowerCase() }))
  }

  async create(on: IssueRef, body: string): Promise<IssueComment> {
    return explained(`comment on #${on.number}`, threadPermission(on), async () => {
      const { data } = await this.octokit.rest.issues.createComment({ ...this.repo, issue_number: on.number, body })
      return { id: data.id, body: data.body ?? '', login: data.user?.login ?? '', url: data.html_url }
    })
  }

  async update(on: IssueRef, commentId: number, body: string): Promise<IssueComment> {
    return explained(`update comment ${commentId}`, threadPermission(on), async () => {
      const { data } = await this.octokit.rest.issues.updateComment({ ...this.repo, comment_id: commentId, body })
      return { id: data.id, body: data.body ?? '', login: data.user?.login ?? '', url: data.html_url }
    })
  }

  async react(on: IssueRef, commentId: number, content: Reaction): Promise<void> {
    await explained(`react to comment ${commentId}`, threadPermission(on), () =>
      this.octokit.rest.reactions.createForIssueComment({ ...this.repo, comment_id: commentId, content })
    )
  }

  async replyInReviewThread(pull: number, commentId: number, body: string): Promise<IssueComment> {
    return explained(`reply to review comment ${commentId}`, 'pull-requests: write', async () => {
      const { data } = await this.octokit.rest.pulls.createReplyForReviewComment({
        ...this.repo,
        pull_number: pull,
        comment_id: commentId,
        body
      })
      return { id: data.id, body: data.body, login: data.user.login, url: data.html_url }
    })
  }

  async updateReviewComment(commentId: number, body: string): Promise<IssueComment> {
    return explained(`update review comment ${commentId}`, 'pull-requests: write', async () => {
      const { data } = await this.octokit.rest.pulls.updateReviewComment({ ...this.repo, comment_id: commentId, body })
      return { id: data.id, body: data.body, login: data.user.login, url: data.html_url }
    })
  }

  async reactToReviewComment(commentId: number, content: Reaction): Promise<void> {
    await explained(`react to review comment ${commentId}`, 'pull-requests: write', () =>
      this.octokit.rest.reactions.createForPullRequestReviewComment({ ...this.repo, comment_id: commentId, content })
    )
  }

  /** Takes a label off an issue or pull request; one already gone (404) is no error. */
  async removeLabel(on: IssueRef, name: string): Promise<void> {
    try {
      await this.octokit.rest.issues.removeLabel({ ...this.repo, issue_number: on.number, name })
    } catch (error) {
      if (statusOf(error) === 404) return
      throw describeFailure(`remove the label ${name} from #${on.number}`, threadPermission(on), error)
    }
  }

  /** The comments whose author `keep` accepts, given the token's identity (which must be known). */
  private async commentsBy(on: IssueRef, keep: (login: string, identity: string) => boolean): Promise<IssueComment[]> {
    const [identity, comments] = await Promise.all([this.knownIdentity(), this.list(on, 'all pages')])
    return comments.filter((comment) => keep(comment.login, identity))
  }

  /** The login of the token's identity (asked once per connection). */
  tokenLogin(): Promise<string> {
    return this.knownIdentity()
  }

  /** The token's identity, or a failure marked `identityUnknown`: no comment is then trusted as ours. */
  private knownIdentity(): Promise<string> {
    return this.identity().catch((error: unknown) => {
      throw identityUnknown(error)
    })
  }

  /** Login of the token's identity, from GraphQL `viewer` (which answers for installation tokens and PATs alike). */
  private identity(): Promise<string> {
    if (!this.identityLogin) {
      this.identityLogin = explained('tell which account the token belongs to', null, async () => {
        const result = await this.octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }')
        return result.viewer.login
      })
      // A failure is not remembered: the next caller asks again.
      this.identityLogin.catch(() => (this.identityLogin = null))
    }
    return this.identityLogin
  }

  private async list(on: IssueRef, pages: 'all pages' | 'first page'): Promise<IssueComment[]> {
    // Named 'write': the action lists comments to update or add one, so read alone would fail next.
    return explained(`read the comments of #${on.number}`, threadPermission(on), async () => {
      const request = { ...this.repo, issue_number: on.number, per_page: 100 }
      const comments =
        pages === 'all pages'
          ? await this.octokit.paginate(this.octokit.rest.issues.listComments, request)
          : (await this.octokit.rest.issues.listComments(request)).data
      return comments.map((c) => ({
        id: c.id,
        body: c.body ?? '',
        login: c.user?.login ?? '',
        url: c.html_url,
        createdAt: c.created_at,
        updatedAt: c.updated_at
      }))
    })
  }
}

/** Comments and reactions on a pull request need pull-requests: write; on an issue, issues: write. */
function threadPermission(on: IssueRef): string {
  return `${on.kind === 'pull' ? 'pull-requests' : 'issues'}: write`
}
