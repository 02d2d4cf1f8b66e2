import type { GitHubApi } from './api.js'
import { GitHubError } from './errors.js'
import type { IssueRef } from './event.js'

/** Where the status of this run is told. */
export interface ThreadTarget {
  /** The issue or pull request the comment is on. */
  on: IssueRef
  /**
   * `sticky`: one comment per pull request (and workflow job), found again by its marker and updated by
   * every run. `reply`: a new comment per slash command, updated in place while that run goes on.
   */
  mode: 'sticky' | 'reply'
  marker: string
  /** A reply in the thread of this review comment (a pull request's diff), updated in place. */
  reviewThread?: number
  /** `sticky`: how many comments the event says `on` has (see `commentCountOf`); absent: the issue is read to tell. */
  commentCount?: number | undefined
}

/**
 * The status comment of one run. Comment failures never fail the run: the first one is a warning
 * (naming the missing permission), after which the thread stays quiet.
 */
export class StatusThread {
  private commentId: number | null = null
  /** The sticky comment was looked for already (by the caller, or an earlier write): null then means there is none. */
  private stickyKnown = false
  private broken = false
  url: string | null = null

  constructor(
    private readonly github: GitHubApi,
    readonly target: ThreadTarget,
    /** Told about a failure and what it costs; decides whether the user is warned. */
    private readonly onError: (error: unknown, consequence: string) => void
  ) {}

  /** The sticky comment (null: there is none), when the caller has already read the comments it would be found among. */
  adopt(commentId: number | null): void {
    if (this.target.mode !== 'sticky') return
    this.commentId = commentId
    this.stickyKnown = true
  }

  /** Progress ("working"). A call the cancel stops is left unfinished: the run's last word follows. */
  async post(body: string): Promise<void> {
    await this.write(body)
  }

  /**
   * The run's last word (its result, or that it was cancelled). When the cancel stops it in flight, it is
   * written once more: a call made after the cancel has a short bound of its own, and the comment would
   * otherwise say "working" for good. Not when the stopped call was a reply's creation, which GitHub may
   * have carried out: one comment too many is worse than a stale one. (A sticky comment is looked up again.)
   */
  async conclude(body: string): Promise<void> {
    const stopped = (await this.write(body)) === 'stopped'
    if (stopped && (this.commentId !== null || this.target.mode === 'sticky')) await this.write(body)
  }

  /** One attempt; 'stopped' when the workflow's cancel stopped it, which says nothing about GitHub. */
  private async write(body: string): Promise<'written' | 'stopped' | 'quiet'> {
    if (this.broken) return 'quiet'
    const { on } = this.target
    try {
      if (this.commentId === null && this.target.mode === 'sticky' && !this.stickyKnown) this.commentId = await this.findSticky()
      this.stickyKnown = true
      const { reviewThread } = this.target
      const comment =
        reviewThread === undefined
          ? this.commentId === null
            ? await this.github.createComment(on, body)
            : await this.github.updateComment(on, this.commentId, body)
          : this.commentId === null
            ? await this.github.replyInReviewThread(on.number, reviewThread, body)
            : await this.github.updateReviewComment(this.commentId, body)
      this.commentId = comment.id
      this.url = comment.url
      return 'written'
    } catch (error) {
      // Later writes must still be tried (a sticky one finds the comment again if the stopped call created it).
      // A stopped creation may have been carried out: the sticky comment is looked for again.
      if (error instanceof GitHubError && error.cancelled) {
        this.stickyKnown = false
        return 'stopped'
      }
      this.broken = true
      this.onError(error, 'The run goes on without a status comment.')
      return 'quiet'
    }
  }

  /**
   * The sticky comment of an earlier run: carries our marker and was written by the token's identity.
   * When that identity cannot be told, a new comment is better than none: the result is seen, once more.
   */
  private async findSticky(): Promise<number | null> {
    try {
      const own = (await this.github.ownComments(this.target.on, this.target.commentCount)).filter((comment) =>
        comment.body.includes(this.target.marker)
      )
      return own.at(-1)?.id ?? null
    } catch (error) {
      if (!(error instanceof GitHubError && error.identityUnknown)) throw error
      this.onError(error, 'A new status comment is posted instead of updating an earlier one.')
      return null
    }
  }
}
