// `GET /search/issues` of the fake GitHub, answered from the issues and pull requests planted. The query
// must name one repository (`repo:owner/name`): without it the answer is 422, so a caller that forgets to
// scope its search fails here instead of searching all of GitHub. Understood: `is:pr`, `is:issue`,
// `is:merged`, `is:open`, `is:closed`, `label:name` or `label:"a name"` (every label given must be on it),
// `merged:` and `created:` with `>=`, `>`, `<=`, `<`, a plain date or `a..b` (dates YYYY-MM-DD, UTC days),
// words to find in titles, and a commit sha (7 to 40 hexadecimal characters: the pull requests whose commits hold
// one starting with it, as GitHub's "search by commit SHA" finds them, closed ones included); any other qualifier is a 422.
// `incomplete_results` is false unless the test says the search timed out (`options.incompleteResults`):
// then GitHub answers 200 with what it found in time and `incomplete_results: true`. `sort=created` or the default (best match,
// taken here as newest first), `order` desc (default) or asc, paged by `per_page` (at most 100) and `page`.
import type { RouteResponse } from '../types.js'
import { gitHubError, onePage, validationFailed, type GitHubRequest } from './http.js'
import type { GitHubState, Issue, Repo } from './state.js'

const DAY_MS = 86_400_000

interface Filters {
  repo: string | null
  kinds: Set<string>
  labels: string[]
  dates: { field: 'merged' | 'created'; test: (ms: number) => boolean }[]
  words: string[]
  shas: string[]
}

/** How the search behaves (see FakeGitHub.searchOptions). */
export interface SearchOptions {
  /** GitHub's search timed out: the answer says `incomplete_results: true` and holds at most the first half of what matched. */
  incompleteResults: boolean
}

/** Answers a search; `refusal` says whether the token may read the repository (GitHub hides one it cannot). */
export function searchIssues(
  req: GitHubRequest,
  state: GitHubState,
  refusal: (repo: Repo) => RouteResponse | undefined,
  options: SearchOptions = { incompleteResults: false }
): RouteResponse {
  const q = req.url.searchParams.get('q') ?? ''
  const filters = parseQuery(q)
  if ('error' in filters) return filters.error
  if (filters.repo === null)
    return validationFailed('Search', 'q', 'invalid', 'The search must be scoped to a repository with repo:owner/name.')
  const repo = state.findRepo(filters.repo)
  if (!repo || refusal(repo))
    return validationFailed(
      'Search',
      'q',
      'invalid',
      'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.'
    )
  const ascending = req.url.searchParams.get('order') === 'asc'
  const matched = [...repo.issues.values()]
    .filter((issue) => matches(issue, filters))
    .sort((a, b) => (ascending ? 1 : -1) * (a.createdAt.localeCompare(b.createdAt) || a.number - b.number))
  // A search that timed out counts and shows only what it found in time.
  const found = options.incompleteResults ? matched.slice(0, Math.floor(matched.length / 2)) : matched
  const { shown, headers } = onePage(req, state.serverUrl(), found)
  return {
    status: 200,
    json: {
      total_count: found.length,
      incomplete_results: options.incompleteResults,
      items: shown.map((issue) => itemJson(state, repo, issue))
    },
    headers
  }
}

function parseQuery(q: string): Filters | { error: RouteResponse } {
  const filters: Filters = { repo: null, kinds: new Set(), labels: [], dates: [], words: [], shas: [] }
  for (const [, key, quoted, plain] of q.matchAll(/(?:(\w+):)?(?:"([^"]*)"|(\S+))/g)) {
    const value = quoted ?? plain ?? ''
    if (key === undefined && /^[0-9a-f]{7,40}$/i.test(value)) filters.shas.push(value.toLowerCase())
    else if (key === undefined) filters.words.push(value.toLowerCase())
    else if (key === 'repo') filters.repo = value
    else if (key === 'is') filters.kinds.add(value.toLowerCase())
    else if (key === 'label') filters.labels.push(value.toLowerCase())
    else if (key === 'merged' || key === 'created') {
      const test = dateTest(value)
      if (!test) return { error: gitHubError(422, 'Validation Failed', { errors: [{ message: `'${value}' is not a date range` }] }) }
      filters.dates.push({ field: key, test })
    } else return { error: gitHubError(422, 'Validation Failed', { errors: [{ message: `The qualifier ${key}: is not understood` }] }) }
  }
  return filters
}

/** `>=2026-01-01`, `<2026-02-01`, `2026-01-01..2026-01-31`, `2026-01-01` (that UTC day). */
function dateTest(value: string): ((ms: number) => boolean) | null {
  const day = (text: string): number | null => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : null)
  const range = /^(\S+)\.\.(\S+)$/.exec(value)
  if (range) {
    const [from, to] = [day(range[1] ?? ''), day(range[2] ?? '')]
    return from === null || to === null ? null : (ms) => ms >= from && ms < to + DAY_MS
  }
  const compared = /^(>=|<=|>|<)?(.+)$/.exec(value)
  const at = day(compared?.[2] ?? '')
  if (at === null) return null
  switch (compared?.[1]) {
    case '>=':
      return (ms) => ms >= at
    case '>':
      return (ms) => ms >= at + DAY_MS
    case '<=':
      return (ms) => ms < at + DAY_MS
    case '<':
      return (ms) => ms < at
    case undefined:
      return (ms) => ms >= at && ms < at + DAY_MS
    default:
      return null
  }
}

function matches(issue: Issue, filters: Filters): boolean {
  const kinds = filters.kinds
  if (kinds.has('pr') && !issue.pullRequest) return false
  if (kinds.has('issue') && issue.pullRequest) return false
  if (kinds.has('merged') && issue.mergedAt === null) return false
  if (kinds.has('open') && issue.state !== 'open') return false
  if (kinds.has('closed') && issue.state !== 'closed') return false
  const labels = issue.labels.map((label) => label.toLowerCase())
  if (!filters.labels.every((label) => labels.includes(label))) return false
  for (const { field, test } of filters.dates) {
    const when = field === 'merged' ? issue.mergedAt : issue.createdAt
    if (when === null || !test(Date.parse(when))) return false
  }
  const shas = [issue.headSha, ...issue.commits.map((commit) => commit.sha)].map((sha) => sha.toLowerCase())
  if (!filters.shas.every((prefix) => issue.pullRequest && shas.some((sha) => sha.startsWith(prefix)))) return false
  return filters.words.every((word) => issue.title.toLowerCase().includes(word))
}

/** A search result as GitHub shows one: the issue, and for a pull request its `pull_request` with `merged_at`. */
function itemJson(state: GitHubState, repo: Repo, issue: Issue): Record<string, unknown> {
  const kind = issue.pullRequest ? 'pull' : 'issues'
  return {
    id: 800000000 + issue.number,
    node_id: `I_sim${issue.number}`,
    number: issue.number,
    title: issue.title,
    state: issue.state,
    user: state.userJson(issue.user, issue.userType),
    labels: issue.labels.map((name) => ({ name })),
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    closed_at: issue.closedAt,
    html_url: `https://github.com/${repo.fullName}/${kind}/${issue.number}`,
    url: `${state.apiUrl()}/repos/${repo.fullName}/issues/${issue.number}`,
    score: 1,
    ...(issue.pullRequest
      ? {
          pull_request: {
            url: `${state.apiUrl()}/repos/${repo.fullName}/pulls/${issue.number}`,
            html_url: `https://github.com/${repo.fullName}/pull/${issue.number}`,
            merged_at: issue.mergedAt
          }
        }
      : {})
  }
}
