// Review requests on the fake GitHub's pull requests: asking collaborators and teams to review, and who is
// asked. Only collaborators (any role, or the repository's owner) and teams given access may be asked.
import type { RouteResponse } from '../types.js'
import { gitHubError, notFound, paginate, readBody, route, stringsField, type Context, type Route } from './http.js'
import type { Pulls } from './pulls.js'
import { perRepo, teamJson, timestamp, type GitHubState, type Repo, type Team } from './state.js'
import type { GitHubReviewInit } from './types.js'

export class Reviewers {
  /** Per repository, by lower-case slug: the teams that may be asked. */
  private readonly teams = perRepo(() => new Map<string, Team>())
  private nextTeamId = 7000001
  private nextReviewId = 8000001

  constructor(
    private readonly state: GitHubState,
    private readonly pulls: Pulls
  ) {}

  // ---- Test-side API ----

  addTeam(repoName: string, slug: string): void {
    const teams = this.teams(this.state.ensureRepo(repoName))
    if (!teams.has(slug.toLowerCase())) teams.set(slug.toLowerCase(), { id: this.nextTeamId++, slug })
  }

  addReview(repoName: string, pullNumber: number, init: GitHubReviewInit): void {
    const { pull } = this.state.requirePull(repoName, pullNumber)
    const submittedAt = init.submittedAt ?? timestamp()
    pull.reviews.push({
      id: this.nextReviewId++,
      user: init.user,
      state: init.state,
      commitId: init.commitId ?? pull.headSha,
      body: init.body ?? '',
      submittedAt
    })
    // A submitted review answers the request: GitHub takes the reviewer off the pending ones.
    if (init.state !== 'PENDING')
      pull.requestedReviewers = pull.requestedReviewers.filter((login) => login.toLowerCase() !== init.user.toLowerCase())
    this.state.touch(pull)
    if (init.submittedAt !== undefined) pull.updatedAt = submittedAt
  }

  requested(repoName: string, pullNumber: number): { users: string[]; teams: string[] } {
    const { pull } = this.state.requirePull(repoName, pullNumber)
    return { users: [...pull.requestedReviewers], teams: pull.requestedTeams.map((team) => team.slug) }
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [
      route('POST', '/pulls/{number}/requested_reviewers', 'pulls', (ctx) => this.request(ctx)),
      route('GET', '/pulls/{number}/requested_reviewers', 'pulls', (ctx) => this.list(ctx)),
      route('GET', '/pulls/{number}/reviews', 'pulls', (ctx) => this.reviews(ctx))
    ]
  }

  /**
   * `POST …/pulls/{n}/requested_reviewers` `{reviewers?, team_reviewers?}`: 201 with the pull request. 422
   * when one of them may not be asked (the whole request is refused, nobody is asked) or for its author.
   */
  request({ req, params, repo }: Context): RouteResponse {
    const pull = this.state.findPull(repo, params.number)
    if (!pull) return notFound()
    const parsed = readBody(req, { reviewers: ['string[]'], team_reviewers: ['string[]'] })
    if (!parsed.ok) return parsed.error
    if (parsed.value.reviewers === undefined && parsed.value.team_reviewers === undefined) {
      return gitHubError(
        422,
        `Invalid request.\n\nNo subschema in "anyOf" matched.\n"reviewers" wasn't supplied.\n"team_reviewers" wasn't supplied.`
      )
    }
    const logins = stringsField(parsed.value, 'reviewers')
    if (logins.some((login) => login.toLowerCase() === pull.user.toLowerCase())) {
      return gitHubError(422, 'Review cannot be requested from pull request author.')
    }
    const teams = stringsField(parsed.value, 'team_reviewers').map((slug) => this.teams(repo).get(slug.toLowerCase()))
    if (logins.some((login) => !isCollaborator(repo, login)) || teams.some((team) => team === undefined)) {
      const message = `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${repo.fullName} repository.`
      return gitHubError(422, message)
    }
    for (const login of logins) {
      if (!pull.requestedReviewers.some((asked) => asked.toLowerCase() === login.toLowerCase())) pull.requestedReviewers.push(login)
    }
    for (const team of teams) if (team && !pull.requestedTeams.includes(team)) pull.requestedTeams.push(team)
    this.state.touch(pull)
    return { status: 201, json: this.pulls.json(repo, pull) }
  }

  /** `GET …/pulls/{n}/reviews`: the reviews submitted, oldest first, paginated like every list (pending ones only to their author: none here). */
  reviews({ req, params, repo }: Context): RouteResponse {
    const pull = this.state.findPull(repo, params.number)
    if (!pull) return notFound()
    const submitted = pull.reviews.filter((review) => review.state !== 'PENDING')
    return paginate(req, this.state.serverUrl(), submitted, (review) => ({
      id: review.id,
      node_id: `PRR_sim${review.id}`,
      user: this.state.userJson(review.user),
      body: review.body,
      state: review.state,
      html_url: `https://github.com/${repo.fullName}/pull/${pull.number}#pullrequestreview-${review.id}`,
      pull_request_url: `${this.state.apiUrl()}/repos/${repo.fullName}/pulls/${pull.number}`,
      _links: {
        html: { href: `https://github.com/${repo.fullName}/pull/${pull.number}#pullrequestreview-${review.id}` },
        pull_request: { href: `${this.state.apiUrl()}/repos/${repo.fullName}/pulls/${pull.number}` }
      },
      submitted_at: review.submittedAt,
      commit_id: review.commitId,
      author_association: 'COLLABORATOR'
    }))
  }

  /** `GET …/pulls/{n}/requested_reviewers`: `{users, teams}`. */
  list({ params, repo }: Context): RouteResponse {
    const pull = this.state.findPull(repo, params.number)
    if (!pull) return notFound()
    const users = pull.requestedReviewers.map((login) => this.state.userJson(login))
    return { status: 200, json: { users, teams: pull.requestedTeams.map((team) => teamJson(this.state.apiUrl(), repo, team)) } }
  }
}

/** A collaborator with any role, or the owner of a user's repository. */
function isCollaborator(repo: Repo, login: string): boolean {
  return login.toLowerCase() === repo.owner.toLowerCase() || repo.roles.has(login.toLowerCase())
}
