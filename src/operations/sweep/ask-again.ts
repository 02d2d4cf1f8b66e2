import type { PullReview, PullStanding } from '../../github/api.js'
import type { CodePullRecord } from '../../github/markers.js'
import type { Reviewers } from '../agent/docs-check-inputs.js'

/**
 * Who is asked again: those who already reviewed and are not asked now (pending ones are not asked twice);
 * where the introduction recorded nobody asked, `reviewers` too. Never the pull request's author, a bot or
 * the token's own identity; teams only of the docs repository's organisation.
 */
export function reviewersToAsk(
  standing: PullStanding,
  reviews: readonly PullReview[],
  code: CodePullRecord | null,
  settings: { reviewers: Reviewers; identity: string }
): { users: string[]; teams: string[] } {
  const pending = new Set(standing.requested.users.map((login) => login.toLowerCase()))
  const recordedNobody = !code || code.reviewers.length === 0
  const { reviewers } = settings
  const fromInput = recordedNobody ? [...(reviewers.author && code?.author ? [code.author] : []), ...reviewers.users] : []
  const never = new Set([standing.author.toLowerCase(), settings.identity.toLowerCase()])
  const users: string[] = []
  for (const login of [...reviews.map((review) => review.login), ...fromInput]) {
    const lower = login.toLowerCase()
    if (!login || login.endsWith('[bot]') || never.has(lower) || pending.has(lower) || users.some((u) => u.toLowerCase() === lower))
      continue
    users.push(login)
  }
  const org = standing.url.split('/')[3]?.toLowerCase() ?? ''
  const askedTeams = new Set(standing.requested.teams.map((team) => team.toLowerCase()))
  const teams = recordedNobody
    ? reviewers.teams.filter((team) => team.org === org && !askedTeams.has(`${team.org}/${team.slug}`)).map((team) => team.slug)
    : []
  return { users, teams }
}
