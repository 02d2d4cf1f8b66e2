// Comments of the fake GitHub: issue comments (also a pull request's conversation), review comments on a
// pull request's diff with their threads, and the reactions on both.
import type { RouteResponse } from '../types.js'
import {
  notAccessible,
  notFound,
  paginate,
  parseJsonObject,
  readBody,
  route,
  stringField,
  validationFailed,
  type Context,
  type GitHubRequest,
  type Route
} from './http.js'
import { perRepo, timestamp, userTypeOf, type GitHubState, type Issue, type Repo } from './state.js'
import type { GitHubUserType, SimComment } from './types.js'

const MAX_COMMENT_LENGTH = 65536
const REACTION_CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes']

interface Comment {
  id: number
  issue: Issue
  body: string
  user: string
  userType: GitHubUserType
  createdAt: string
  updatedAt: string
  reactions: Reaction[]
  /** A review comment: the comment whose thread it replies to (null: it starts one). */
  inReplyTo?: number | null
}

interface Reaction {
  id: number
  content: string
  user: string
  userType: GitHubUserType
  createdAt: string
}

interface RepoComments {
  /** By comment id, so in creation order. */
  issue: Map<number, Comment>
  /** Comments on the diff of pull requests (their own ids and routes), by id. */
  review: Map<number, Comment>
}

/** Which of a repository's comments a route is about. */
export type CommentKind = keyof RepoComments

/** A comment a test plants, as by that user. */
export interface CommentInit {
  user: string
  userType?: GitHubUserType
  body: string
}

export class Comments {
  private readonly of = perRepo<RepoComments>(() => ({ issue: new Map(), review: new Map() }))
  private nextCommentId = 1000001
  private nextReactionId = 5001

  /** `now`: the simulator's clock, which a comment's `created_at` and `updated_at` are written by. */
  constructor(
    private readonly state: GitHubState,
    private readonly now: () => number
  ) {}

  // ---- Test-side API ----

  add(repoName: string, issueNumber: number, init: CommentInit): SimComment {
    const { repo, issue } = this.state.requireIssue(repoName, issueNumber)
    return this.snapshot(repo, this.insert(repo, issue, init.user, init.body, init.userType))
  }

  list(repoName: string, issueNumber: number): SimComment[] {
    const { repo, issue } = this.state.requireIssue(repoName, issueNumber)
    return [...this.of(repo).issue.values()].filter((c) => c.issue === issue).map((c) => this.snapshot(repo, c))
  }

  /** Deletes a conversation comment (its author, or a writer, did): gone from every listing and count. */
  delete(repoName: string, commentId: number): void {
    const repo = this.state.ensureRepo(repoName)
    if (!this.of(repo).issue.delete(commentId)) throw new Error(`${repo.fullName} has no comment ${commentId}`)
  }

  /** How many conversation comments an issue or pull request has, as its `comments` field says. */
  count(repo: Repo, issue: Issue): number {
    return [...this.of(repo).issue.values()].filter((c) => c.issue === issue).length
  }

  addReview(repoName: string, pullNumber: number, init: CommentInit): SimComment {
    const { repo, pull } = this.state.requirePull(repoName, pullNumber)
    return this.snapshot(repo, this.insert(repo, pull, init.user, init.body, init.userType, null))
  }

  listReview(repoName: string, pullNumber: number): (SimComment & { in_reply_to_id: number | null })[] {
    const { repo, issue } = this.state.requireIssue(repoName, pullNumber)
    return [...this.of(repo).review.values()]
      .filter((c) => c.issue === issue)
      .map((c) => ({ ...this.snapshot(repo, c), in_reply_to_id: c.inReplyTo ?? null }))
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [
      route('GET', '/issues/{number}/comments', 'comments', (ctx) => this.listComments(ctx)),
      route('POST', '/issues/{number}/comments', 'comments', (ctx) => this.createComment(ctx)),
      route('GET', '/issues/comments/{id}', 'comments', (ctx) => this.getComment(ctx)),
      route('PATCH', '/issues/comments/{id}', 'comments', (ctx) => this.updateComment(ctx, 'issue')),
      route('POST', '/issues/comments/{id}/reactions', 'reactions', (ctx) => this.addReaction(ctx, 'issue')),
      route('POST', '/pulls/{number}/comments/{id}/replies', 'comments', (ctx) => this.replyInReviewThread(ctx)),
      route('PATCH', '/pulls/comments/{id}', 'comments', (ctx) => this.updateComment(ctx, 'review')),
      route('POST', '/pulls/comments/{id}/reactions', 'reactions', (ctx) => this.addReaction(ctx, 'review'))
    ]
  }

  /** `GET …/issues/{n}/comments`: in creation order, paginated. */
  listComments({ req, params, repo }: Context): RouteResponse {
    const issue = repo.issues.get(Number(params.number))
    if (!issue) return notFound()
    const comments = [...this.of(repo).issue.values()].filter((c) => c.issue === issue)
    return paginate(req, this.state.serverUrl(), comments, (c) => this.commentJson(repo, c))
  }

  /** `GET …/issues/comments/{id}`: one conversation comment of the repository, whichever issue or pull request it is on; 404 once deleted. */
  getComment({ params, repo }: Context): RouteResponse {
    const comment = this.of(repo).issue.get(Number(params.id))
    return comment ? { status: 200, json: this.commentJson(repo, comment) } : notFound()
  }

  /** `POST …/issues/{n}/comments`: 201 with the comment, written as the token's identity. */
  createComment({ req, params, repo, actor }: Context): RouteResponse {
    const issue = repo.issues.get(Number(params.number))
    if (!issue) return notFound()
    const body = readCommentBody(req)
    if (typeof body !== 'string') return body
    const comment = this.insert(repo, issue, actor, body)
    return { status: 201, json: this.commentJson(repo, comment), headers: { location: this.commentUrl(repo, comment) } }
  }

  /** `PATCH …/issues/comments/{id}` or `…/pulls/comments/{id}`. */
  updateComment({ req, params, repo, actor }: Context, kind: CommentKind): RouteResponse {
    const comment = this.of(repo)[kind].get(Number(params.id))
    if (!comment) return notFound()
    // Stricter than GitHub, where a token with write access may edit anyone's comment: the action must
    // only ever edit its own comments, so touching someone else's fails loudly here.
    if (comment.user.toLowerCase() !== actor.toLowerCase()) return notAccessible()
    const body = readCommentBody(req)
    if (typeof body !== 'string') return body
    comment.body = body
    comment.updatedAt = timestamp(this.now())
    return { status: 200, json: this.commentJson(repo, comment) }
  }

  /** `POST …/comments/{id}/reactions` of either kind. */
  addReaction({ req, params, repo, actor }: Context, kind: CommentKind): RouteResponse {
    const comment = this.of(repo)[kind].get(Number(params.id))
    if (!comment) return notFound()
    const parsed = parseJsonObject(req.body)
    if (!parsed.ok) return parsed.error
    const content = parsed.value.content
    if (typeof content !== 'string' || !REACTION_CONTENTS.includes(content)) {
      return validationFailed('Reaction', 'content', 'custom', 'content is not included in the list')
    }
    // Reacting twice with the same content is not an error on GitHub: it answers 200 with the
    // existing reaction instead of 201, and nothing new is recorded.
    const existing = comment.reactions.find((r) => r.content === content && r.user === actor)
    if (existing) return { status: 200, json: this.reactionJson(existing) }
    const reaction: Reaction = {
      id: this.nextReactionId++,
      content,
      user: actor,
      userType: userTypeOf(actor),
      createdAt: timestamp(this.now())
    }
    comment.reactions.push(reaction)
    return { status: 201, json: this.reactionJson(reaction) }
  }

  /** `POST …/pulls/{n}/comments/{id}/replies`: a reply in the thread of a review comment of that pull request. */
  replyInReviewThread({ req, params, repo, actor }: Context): RouteResponse {
    const parent = this.of(repo).review.get(Number(params.id))
    // A comment of another pull request is not found under this one, as on GitHub.
    if (!parent) return notFound()
    if (parent.issue.number !== Number(params.number)) return notFound()
    const body = readCommentBody(req)
    if (typeof body !== 'string') return body
    const reply = this.insert(repo, parent.issue, actor, body, undefined, parent.inReplyTo ?? parent.id)
    return { status: 201, json: this.commentJson(repo, reply) }
  }

  // ---- Helpers ----

  /** An issue comment, or with `inReplyTo` (null: a thread of its own) a review comment. */
  private insert(repo: Repo, issue: Issue, user: string, body: string, userType = userTypeOf(user), inReplyTo?: number | null): Comment {
    const now = timestamp(this.now())
    const comment: Comment = { id: this.nextCommentId++, issue, body, user, userType, createdAt: now, updatedAt: now, reactions: [] }
    // As on GitHub, a new comment makes its issue or pull request the most recently updated.
    this.state.touch(issue)
    const comments = this.of(repo)
    if (inReplyTo === undefined) comments.issue.set(comment.id, comment)
    else comments.review.set(comment.id, { ...comment, inReplyTo })
    return comments.review.get(comment.id) ?? comment
  }

  private snapshot(repo: Repo, c: Comment): SimComment {
    return {
      id: c.id,
      body: c.body,
      user: { login: c.user, type: c.userType },
      html_url: commentHtmlUrl(repo, c),
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      reactions: c.reactions.map((r) => r.content)
    }
  }

  private commentUrl(repo: Repo, c: Comment): string {
    return `${this.state.apiUrl()}/repos/${repo.fullName}/issues/comments/${c.id}`
  }

  private commentJson(repo: Repo, c: Comment): Record<string, unknown> {
    return {
      id: c.id,
      node_id: `IC_sim${c.id}`,
      url: this.commentUrl(repo, c),
      html_url: commentHtmlUrl(repo, c),
      issue_url: `${this.state.apiUrl()}/repos/${repo.fullName}/issues/${c.issue.number}`,
      body: c.body,
      user: this.state.userJson(c.user, c.userType),
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      author_association: associationOf(repo, c.user),
      // A review comment also names the thread it replies to.
      ...(c.inReplyTo !== undefined ? { in_reply_to_id: c.inReplyTo ?? undefined, pull_request_review_id: 80 } : {})
    }
  }

  private reactionJson(r: Reaction): Record<string, unknown> {
    return {
      id: r.id,
      node_id: `REA_sim${r.id}`,
      user: this.state.userJson(r.user, r.userType),
      content: r.content,
      created_at: r.createdAt
    }
  }
}

function commentHtmlUrl(repo: Repo, c: Comment): string {
  if (c.inReplyTo !== undefined) return `https://github.com/${repo.fullName}/pull/${c.issue.number}#discussion_r${c.id}`
  const kind = c.issue.pullRequest ? 'pull' : 'issues'
  return `https://github.com/${repo.fullName}/${kind}/${c.issue.number}#issuecomment-${c.id}`
}

/** Informational only (and not what permission checks should use): OWNER, COLLABORATOR or NONE. */
function associationOf(repo: Repo, login: string): string {
  if (login.toLowerCase() === repo.owner.toLowerCase()) return 'OWNER'
  return repo.roles.has(login.toLowerCase()) ? 'COLLABORATOR' : 'NONE'
}

/** A comment body: a non-blank string of at most 65536 characters (counted as code points). */
function readCommentBody(req: GitHubRequest): string | RouteResponse {
  const parsed = readBody(req, { body: ['string'] }, ['body'])
  if (!parsed.ok) return parsed.error
  const body = stringField(parsed.value, 'body') ?? ''
  if (body.trim() === '') return validationFailed('IssueComment', 'body', 'missing_field')
  if ([...body].length > MAX_COMMENT_LENGTH) {
    return validationFailed('IssueComment', 'body', 'custom', `body is too long (maximum is ${MAX_COMMENT_LENGTH} characters)`)
  }
  return body
}
