import { needList, needNumber, readAnswer, textOr } from '../answers.js'
import { explained, identityUnknown, statusOf, describeFailure } from '../errors.js'
import type { IssueRef, Repo } from '../event.js'
import { trustsMarkerOf } from '../markers.js'
import type { Octokit } from '../transport.js'
import { isRecord, wholeCount } from '../../text.js'

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

/**
 * Records and the sticky comment are looked for among the newest comments only (at most this many pages
 * of `PAGE_SIZE`), read from the last page back, and the first page: no listing grows with what outsiders post.
 */
const NEWEST_PAGES = 10
const PAGE_SIZE = 100

/**
 * Comments as read, oldest first: the newest 1,000 at most, and the first 100. `olderUnread`: the issue or
 * pull request has comments between them, which were not read, so a record among them is not found.
 */
export type NewestComments = IssueComment[] & { olderUnread: boolean }

/** Comments, reactions and labels on issues and pull requests, and the token identity that tells ours apart. */
export class CommentCalls {
  private identityLogin: Promise<string> | null = null

  constructor(
    private readonly octokit: Octokit,
    private readonly repo: Repo
  ) {}

  /**
   * Comments by the token's own identity, among the newest (see `NEWEST_PAGES`): the only ones trusted to
   * carry our markers. `count`: how many comments the event says `on` has (else one read of the issue tells).
   */
  async own(on: IssueRef, count?: number): Promise<NewestComments> {
    return this.commentsBy(on, count, (login, identity) => login === identity)
  }

  /** Comments whose job markers are trusted, among the newest: the token's own identity's and the `marker-authors'`. */
  async withTrustedMarkers(on: IssueRef, markerAuthors: readonly string[], count?: number): Promise<NewestComments> {
    return this.commentsBy(on, count, (login, identity) => trustsMarkerOf(login, identity, markerAuthors))
  }

  /** The trusted marker comments among the first 100 comments of a pull request, each saying whether the token wrote it. */
  async firstWithTrustedMarkers(pull: number, markerAuthors: readonly string[]): Promise<MarkerComment[]> {
    const on: IssueRef = { number: pull, kind: 'pull' }
    const [identity, { comments }] = await Promise.all([
      this.knownIdentity(),
      explained(`read the comments of #${pull}`, threadPermission(on), () => this.page(on, 1))
    ])
    return comments
      .filter((comment) => trustsMarkerOf(comment.login, identity, markerAuthors))
      .map((comment) => ({ ...comment, ours: comment.login.toLowerCase() === identity.toLowerCase() }))
  }

  /**
   * One comment of `pull`'s conversation, read by its id (`GET …/issues/comments/{id}`), with whether its
   * author's markers are trusted and whether the token wrote it. One request, wherever it stands among the
   * comments; a comment of another issue or pull request reads as none of `pull`'s (the signed records say
   * which one they are about, and the caller checks them).
   */
  async byId(pull: number, commentId: number, markerAuthors: readonly string[]): Promise<MarkerComment & { trusted: boolean }> {
    const on: IssueRef = { number: pull, kind: 'pull' }
    const [identity, comment] = await Promise.all([
      this.knownIdentity(),
      explained(`read comment ${commentId} of #${pull}`, threadPermission(on), async () => {
        const answer = await this.octokit.rest.issues.getComment({ ...this.repo, comment_id: commentId })
        return readAnswer(answer, commentOf)
      })
    ])
    return {
      ...comment,
      trusted: trustsMarkerOf(comment.login, identity, markerAuthors),
      ours: comment.login.toLowerCase() === identity.toLowerCase()
    }
  }

  async create(on: IssueRef, body: string): Promise<IssueComment> {
    return explained(`comment on #${on.number}`, threadPermission(on), async () => {
      const answer = await this.octokit.rest.issues.createComment({ ...this.repo, issue_number: on.number, body })
      return readAnswer(answer, commentOf)
    })
  }

  async update(on: IssueRef, commentId: number, body: string): Promise<IssueComment> {
    return explained(`update comment ${commentId}`, threadPermission(on), async () => {
      const answer = await this.octokit.rest.issues.updateComment({ ...this.repo, comment_id: commentId, body })
      return readAnswer(answer, commentOf)
    })
  }

  async react(on: IssueRef, commentId: number, content: Reaction): Promise<void> {
    await explained(`react to comment ${commentId}`, threadPermission(on), () =>
      this.octokit.rest.reactions.createForIssueComment({ ...this.repo, comment_id: commentId, content })
    )
  }

  async replyInReviewThread(pull: number, commentId: number, body: string): Promise<IssueComment> {
    return explained(`reply to review comment ${commentId}`, 'pull-requests: write', async () => {
      const answer = await this.octokit.rest.pulls.createReplyForReviewComment({
        ...this.repo,
        pull_number: pull,
        comment_id: commentId,
        body
      })
      return readAnswer(answer, commentOf)
    })
  }

  async updateReviewComment(commentId: number, body: string): Promise<IssueComment> {
    return explained(`update review comment ${commentId}`, 'pull-requests: write', async () => {
      const answer = await this.octokit.rest.pulls.updateReviewComment({ ...this.repo, comment_id: commentId, body })
      return readAnswer(answer, commentOf)
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

  /**
   * Puts a label on an issue or pull request; GitHub creates a label the repository does not have yet
   * (which takes `issues: write`). Adding a label that is already on it changes nothing.
   */
  async addLabel(on: IssueRef, name: string): Promise<void> {
    await explained(`add the label ${name} to #${on.number}`, 'issues: write', () =>
      this.octokit.rest.issues.addLabels({ ...this.repo, issue_number: on.number, labels: [name] })
    )
  }

  /** The newest comments whose author `keep` accepts, given the token's identity (which must be known). */
  private async commentsBy(
    on: IssueRef,
    count: number | undefined,
    keep: (login: string, identity: string) => boolean
  ): Promise<NewestComments> {
    const [identity, newest] = await Promise.all([this.knownIdentity(), this.newest(on, count)])
    return Object.assign(
      newest.filter((comment) => keep(comment.login, identity)),
      { olderUnread: newest.olderUnread }
    )
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

  /**
   * The newest comments of `on`, at most `NEWEST_PAGES` pages read from the last back. The last page comes
   * from the count (the event's, else the issue's), so no older page is opened to find it. A count can be
   * stale (comments written since the event, this run's own among them): when GitHub's `Link` header names
   * a later last page, that page is read next, so the newest comment is always among those read. With no
   * count at all (neither gives a whole number), the first page is read and its `Link` header decides: a
   * page number is never guessed. While older pages are left unread, the first page is read too (an 11th
   * request at most): the sticky comment and the early records are there.
   */
  private async newest(on: IssueRef, count: number | undefined): Promise<NewestComments> {
    // Named 'write': the action lists comments to update or add one, so read alone would fail next.
    return explained(`read the comments of #${on.number}`, threadPermission(on), async () => {
      const known = wholeCount(count) ?? (await this.issueCommentCount(on))
      const pages = new Map<number, IssueComment[]>()
      const read = async (page: number): Promise<number | null> => {
        const { comments, lastPage } = await this.page(on, page)
        pages.set(page, comments)
        return lastPage
      }
      const counted = known === undefined ? 1 : Math.max(1, Math.ceil(known / PAGE_SIZE))
      const lastPage = (await read(counted)) ?? counted
      const newestPage = Math.max(counted, lastPage)
      if (newestPage > counted) await read(newestPage)
      for (let page = newestPage - 1; page >= 1 && pages.size < NEWEST_PAGES; page--) if (!pages.has(page)) await read(page)
      // While older comments are left unread, the first page is read too: the sticky comment and the early
      // replies live there, and an outsider's flood of comments would bury them otherwise.
      if (!pages.has(1)) await read(1)
      const comments = [...pages.entries()].sort(([a], [b]) => a - b).flatMap(([, list]) => list)
      const olderUnread = Array.from({ length: newestPage }, (_, i) => i + 1).some((page) => !pages.has(page))
      return Object.assign(comments, { olderUnread })
    })
  }

  /** How many comments the issue or pull request has, as reading it tells; undefined when GitHub does not give a whole number. */
  private async issueCommentCount(on: IssueRef): Promise<number | undefined> {
    const { data } = await this.octokit.rest.issues.get({ ...this.repo, issue_number: on.number })
    return wholeCount(data.comments)
  }

  /** One page of 100 comments, oldest first, and the last page GitHub's `Link` header names (null: none, this is the last). */
  private async page(on: IssueRef, page: number): Promise<{ comments: IssueComment[]; lastPage: number | null }> {
    const answer = await this.octokit.rest.issues.listComments({
      ...this.repo,
      issue_number: on.number,
      per_page: PAGE_SIZE,
      page
    })
    const comments = readAnswer(answer, (data) =>
      needList(data, 'the list').map((listed) => {
        const item = isRecord(listed) ? listed : {}
        return { ...commentOf(item), createdAt: textOr(item.created_at), updatedAt: textOr(item.updated_at) }
      })
    )
    return { comments, lastPage: lastPageOf(answer.headers.link) }
  }
}

/** The page number of the `rel="last"` link of GitHub's `Link` header, or null when it names none (or no whole page from 1 up). */
export function lastPageOf(link: string | undefined): number | null {
  const last = link?.split(',').find((part) => /;\s*rel="last"/.test(part))
  const page = last === undefined ? undefined : /[?&]page=(\d+)/.exec(last)?.[1]
  const number = page === undefined ? undefined : wholeCount(Number(page))
  return number === undefined || number < 1 ? null : number
}

/**
 * A comment as GitHub answers it (an issue's or a review comment): its id is needed, its author may be
 * null (a deleted account: `nullable-simple-user` in GitHub's description), its body and address default to ''.
 */
function commentOf(data: unknown): IssueComment {
  const comment = isRecord(data) ? data : {}
  const user = isRecord(comment.user) ? comment.user : {}
  return { id: needNumber(comment.id, 'id'), body: textOr(comment.body), login: textOr(user.login), url: textOr(comment.html_url) }
}

/** Comments and reactions on a pull request need pull-requests: write; on an issue, issues: write. */
function threadPermission(on: IssueRef): string {
  return `${on.kind === 'pull' ? 'pull-requests' : 'issues'}: write`
}
