// What a docs check reads of a pull request on the fake GitHub: its author, its head (a fork's or not),
// whether and how it was merged, and its changed files page by page.
import { describe, expect, it } from '@jest/globals'
import { SIM_GITHUB_TOKEN, type Simulator } from '../../simulator/index.js'
import { requestSimulator, simulatorPerTest, type SimReply } from './harness.js'

const REPO = 'octo-org/code'
const API = `/api/v3/repos/${REPO}`

const { start, current } = simulatorPerTest()

/** A request to the running simulator with the workflow's token. */
function gh<T>(method: string, path: string, body?: unknown): Promise<SimReply<T>> {
  return requestSimulator<T>(current(), method, path, { authorization: `token ${SIM_GITHUB_TOKEN}`, body })
}

interface ApiRepository {
  full_name: string
  fork: boolean
}
interface ApiPull {
  number: number
  state: string
  user: { login: string; type: string }
  head: { label: string; ref: string; sha: string; repo: ApiRepository }
  base: { label: string; repo: ApiRepository }
  merged: boolean
  merged_at: string | null
  merge_commit_sha: string
  commits: number
  additions: number
  deletions: number
  changed_files: number
}
interface ApiFile {
  filename: string
}

async function startWithPull(init: Partial<Parameters<Simulator['github']['addIssue']>[1]> = {}): Promise<Simulator> {
  const s = await start()
  s.github.addIssue(REPO, { number: 12, title: 'Add invoices', pullRequest: true, user: 'alice', headRef: 'invoices', ...init })
  return s
}

describe('a pull request', () => {
  it("names its author's login and account type: a bot's login is a Bot, or the type given", async () => {
    const s = await startWithPull()
    s.github.addIssue(REPO, { number: 13, title: 'Bump deps', pullRequest: true, user: 'renovate[bot]' })
    s.github.addIssue(REPO, { number: 14, title: 'Sync', pullRequest: true, user: 'sync-app', userType: 'Bot' })
    const users = await Promise.all([12, 13, 14].map(async (n) => (await gh<ApiPull>('GET', `${API}/pulls/${n}`)).json.user))
    expect(users).toEqual([
      expect.objectContaining({ login: 'alice', type: 'User' }),
      expect.objectContaining({ login: 'renovate[bot]', type: 'Bot' }),
      expect.objectContaining({ login: 'sync-app', type: 'Bot' })
    ])
    const list = await gh<ApiPull[]>('GET', `${API}/pulls`)
    expect(list.json.map((pull) => [pull.number, pull.user.type])).toEqual([
      [14, 'Bot'],
      [13, 'Bot'],
      [12, 'User']
    ])
  })

  it('from a fork names the fork as its head repository, and the base as its own', async () => {
    await startWithPull({ headRepo: 'carol/code', headRef: 'fix-typo', headSha: 'c'.repeat(40) })
    const { json } = await gh<ApiPull>('GET', `${API}/pulls/12`)
    expect(json.head).toEqual({
      label: 'carol:fix-typo',
      ref: 'fix-typo',
      sha: 'c'.repeat(40),
      repo: expect.objectContaining({ full_name: 'carol/code', fork: true })
    })
    expect(json.base).toMatchObject({ label: 'octo-org:main', repo: { full_name: REPO, fork: false } })
    // The fork's branch is not a branch of the base repository.
    const deployment = await gh<{ message: string }>('POST', `${API}/deployments`, { ref: 'fix-typo' })
    expect([deployment.status, deployment.json.message]).toEqual([422, 'No ref found for: fix-typo'])
  })

  it("from the repository itself has the base repository as its head's", async () => {
    await startWithPull({ headRepo: 'OCTO-ORG/code' })
    const { json } = await gh<ApiPull>('GET', `${API}/pulls/12`)
    expect(json.head).toMatchObject({ label: 'octo-org:invoices', repo: { full_name: REPO, fork: false } })
    expect(() => current().github.addIssue(REPO, { number: 1, title: 'x', pullRequest: true, headRepo: 'no-slash' })).toThrow(/owner\/name/)
  })

  it('open, is not merged and its merge_commit_sha is the test merge commit', async () => {
    await startWithPull()
    const { json } = await gh<ApiPull>('GET', `${API}/pulls/12`)
    expect(json).toMatchObject({ state: 'open', merged: false, merged_at: null, merge_commit_sha: expect.stringMatching(/^[0-9a-f]{40}$/) })
  })

  it('merged, is closed with merged true, merged_at and the merge commit as merge_commit_sha', async () => {
    const s = await startWithPull()
    s.github.addIssue(REPO, { number: 13, title: 'Other', pullRequest: true })
    s.github.closePull(REPO, 12, { merged: true, mergeCommitSha: 'd'.repeat(40) })
    s.github.closePull(REPO, 13, { merged: true })
    const merged = (await gh<ApiPull>('GET', `${API}/pulls/12`)).json
    expect(merged).toMatchObject({ state: 'closed', merged: true, merge_commit_sha: 'd'.repeat(40) })
    expect(merged.merged_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    const generated = (await gh<ApiPull>('GET', `${API}/pulls/13`)).json
    expect(generated.merge_commit_sha).toMatch(/^[0-9a-f]{40}$/)
    expect(generated.merge_commit_sha).not.toBe(merged.merge_commit_sha)
  })

  it('closed without merging, is not merged and keeps its test merge commit', async () => {
    const s = await startWithPull()
    const open = (await gh<ApiPull>('GET', `${API}/pulls/12`)).json
    s.github.closePull(REPO, 12)
    const closed = (await gh<ApiPull>('GET', `${API}/pulls/12`)).json
    expect(closed).toMatchObject({ state: 'closed', merged: false, merged_at: null, merge_commit_sha: open.merge_commit_sha })
  })

  it('counts its commits, changed files and changed lines', async () => {
    await startWithPull({
      commits: ['Add invoices', 'Test invoices'],
      files: ['src/invoices.ts', { filename: 'docs/invoices.mdx', status: 'added', additions: 40 }]
    })
    const { json } = await gh<ApiPull>('GET', `${API}/pulls/12`)
    expect(json).toMatchObject({ commits: 2, changed_files: 2, additions: 41, deletions: 1 })
  })
})

describe("a pull request's files", () => {
  const files = Array.from({ length: 3005 }, (_, i) => `src/file-${String(i + 1).padStart(4, '0')}.ts`)

  it('come 30 per page by default and at most 100 per page, with a Link header to the next and last pages', async () => {
    const s = await startWithPull({ files })
    const first = await gh<ApiFile[]>('GET', `${API}/pulls/12/files`)
    expect(first.json.map((f) => f.filename)).toEqual(files.slice(0, 30))
    expect(first.headers.get('link')).toBe(
      `<${s.url}${API}/pulls/12/files?page=2>; rel="next", <${s.url}${API}/pulls/12/files?page=100>; rel="last"`
    )
    const capped = await gh<ApiFile[]>('GET', `${API}/pulls/12/files?per_page=500&page=2`)
    expect(capped.json.map((f) => f.filename)).toEqual(files.slice(100, 200))
  })

  it('stop at 3000, as GitHub documents: the last page ends there and a page past it is empty', async () => {
    const s = await startWithPull({ files })
    const last = await gh<ApiFile[]>('GET', `${API}/pulls/12/files?per_page=100&page=30`)
    expect(last.json.map((f) => f.filename)).toEqual(files.slice(2900, 3000))
    expect(last.headers.get('link')).toBe(
      [
        `<${s.url}${API}/pulls/12/files?per_page=100&page=29>; rel="prev"`,
        `<${s.url}${API}/pulls/12/files?per_page=100&page=1>; rel="first"`
      ].join(', ')
    )
    const past = await gh<ApiFile[]>('GET', `${API}/pulls/12/files?per_page=100&page=31`)
    expect([past.status, past.json]).toEqual([200, []])
  })
})

describe('review requests', () => {
  interface ApiUser {
    login: string
  }
  interface ApiTeam {
    slug: string
  }
  interface ApiRequested {
    users: ApiUser[]
    teams: ApiTeam[]
  }
  interface ApiRequestReply extends ApiPull {
    message: string
    requested_reviewers: ApiUser[]
    requested_teams: ApiTeam[]
  }
  const NOT_A_COLLABORATOR = `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${REPO} repository.`

  /** Pull request #12 by alice; bob (write) and carol (read) are collaborators, docs-team has access. */
  async function startWithReviewers(): Promise<Simulator> {
    const s = await startWithPull()
    s.github.setPermission(REPO, 'bob', 'write')
    s.github.setPermission(REPO, 'carol', 'read')
    s.github.addTeam(REPO, 'docs-team')
    return s
  }

  function requestReviews(body: unknown, pull = 12): Promise<SimReply<ApiRequestReply>> {
    return gh<ApiRequestReply>('POST', `${API}/pulls/${pull}/requested_reviewers`, body)
  }

  it('asks collaborators and teams, answering 201 with the pull request that names them', async () => {
    const s = await startWithReviewers()
    const reply = await requestReviews({ reviewers: ['bob', 'carol'], team_reviewers: ['docs-team'] })
    expect(reply.status).toBe(201)
    expect(reply.json.number).toBe(12)
    expect(reply.json.requested_reviewers.map((user) => user.login)).toEqual(['bob', 'carol'])
    expect(reply.json.requested_teams.map((team) => team.slug)).toEqual(['docs-team'])
    expect(s.github.requestedReviewers(REPO, 12)).toEqual({ users: ['bob', 'carol'], teams: ['docs-team'] })
    const listed = await gh<ApiRequested>('GET', `${API}/pulls/12/requested_reviewers`)
    expect([listed.json.users.map((user) => user.login), listed.json.teams.map((team) => team.slug)]).toEqual([
      ['bob', 'carol'],
      ['docs-team']
    ])
    const pull = await gh<ApiRequestReply>('GET', `${API}/pulls/12`)
    expect(pull.json.requested_reviewers.map((user) => user.login)).toEqual(['bob', 'carol'])
  })

  it('adds only who was not asked yet, logins matched in any case', async () => {
    const s = await startWithReviewers()
    await requestReviews({ reviewers: ['bob'] })
    expect((await requestReviews({ reviewers: ['BOB', 'carol'], team_reviewers: ['Docs-Team'] })).status).toBe(201)
    expect((await requestReviews({ team_reviewers: ['docs-team'] })).status).toBe(201)
    expect(s.github.requestedReviewers(REPO, 12)).toEqual({ users: ['bob', 'carol'], teams: ['docs-team'] })
  })

  it("may ask the owner of a user's repository, who needs no role", async () => {
    const s = await start()
    s.github.addIssue('dana/notes', { number: 3, title: 'Notes', pullRequest: true, user: 'erin' })
    const reply = await gh('POST', '/api/v3/repos/dana/notes/pulls/3/requested_reviewers', { reviewers: ['dana'] })
    expect(reply.status).toBe(201)
    expect(s.github.requestedReviewers('dana/notes', 3).users).toEqual(['dana'])
  })

  it('refuses a login that is not a collaborator with 422, and then asks nobody', async () => {
    const s = await startWithReviewers()
    const reply = await requestReviews({ reviewers: ['bob', 'mallory'] })
    expect([reply.status, reply.json.message]).toEqual([422, NOT_A_COLLABORATOR])
    expect(s.github.requestedReviewers(REPO, 12)).toEqual({ users: [], teams: [] })
  })

  it("refuses a team without access, or an 'org/team' name instead of a slug, with the same 422", async () => {
    const s = await startWithReviewers()
    for (const team of ['writers', 'octo-org/docs-team']) {
      const reply = await requestReviews({ reviewers: ['bob'], team_reviewers: [team] })
      expect([team, reply.status, reply.json.message]).toEqual([team, 422, NOT_A_COLLABORATOR])
    }
    expect(s.github.requestedReviewers(REPO, 12)).toEqual({ users: [], teams: [] })
  })

  it("refuses the pull request's author with 422, collaborator or not", async () => {
    const s = await startWithReviewers()
    s.github.setPermission(REPO, 'alice', 'write')
    const reply = await requestReviews({ reviewers: ['bob', 'Alice'] })
    expect([reply.status, reply.json.message]).toEqual([422, 'Review cannot be requested from pull request author.'])
    expect(s.github.requestedReviewers(REPO, 12).users).toEqual([])
  })

  it('refuses a body naming neither reviewers nor teams with 422, and answers 404 for an issue or an unknown number', async () => {
    const s = await startWithReviewers()
    s.github.addIssue(REPO, { number: 8, title: 'An issue' })
    expect((await requestReviews({})).status).toBe(422)
    expect((await requestReviews({ reviewers: 'bob' })).status).toBe(422)
    expect((await requestReviews({ reviewers: ['bob'] }, 8)).status).toBe(404)
    expect((await requestReviews({ reviewers: ['bob'] }, 99)).status).toBe(404)
    expect((await gh('GET', `${API}/pulls/8/requested_reviewers`)).status).toBe(404)
    expect(() => s.github.requestedReviewers(REPO, 8)).toThrow(/not a pull request/)
  })

  it('is refused to a token that may only read (403) and shut off with the pulls family', async () => {
    const s = await startWithReviewers()
    s.github.addToken('ghs_reader', { identity: 'reader[bot]', repositories: { [REPO]: 'read' } })
    const reader = await requestSimulator<ApiRequestReply>(s, 'POST', `${API}/pulls/12/requested_reviewers`, {
      authorization: 'token ghs_reader',
      body: { reviewers: ['bob'] }
    })
    expect([reader.status, reader.json.message]).toEqual([403, 'Resource not accessible by integration'])
    s.github.forbid('pulls')
    expect((await requestReviews({ reviewers: ['bob'] })).status).toBe(403)
    expect(s.github.requestedReviewers(REPO, 12).users).toEqual([])
  })

  it('can fail by injected faults, the request then unasked, as can the reading of a pull request', async () => {
    const s = await startWithReviewers()
    s.injectFault({ route: 'github-review-request', status: 502 })
    s.injectFault({ route: 'github-requested-reviewers', status: 503 })
    s.injectFault({ route: 'github-pull', status: 500 })
    expect((await requestReviews({ reviewers: ['bob'] })).status).toBe(502)
    expect(s.github.requestedReviewers(REPO, 12).users).toEqual([])
    expect((await gh('GET', `${API}/pulls/12/requested_reviewers`)).status).toBe(503)
    expect((await gh('GET', `${API}/pulls/12`)).status).toBe(500)
    expect((await gh('GET', `${API}/pulls/12/files`)).status).toBe(200)
    expect((await requestReviews({ reviewers: ['bob'] })).status).toBe(201)
  })

  it("answers every page as the first with a next link that never advances, under a stuck-Link fault, and rewrites an answer's body", async () => {
    const s = await startWithPull()
    s.github.setPullFiles(REPO, 12, ['a.md', 'b.md'])
    s.injectFault({ route: 'github-pull-files', stuckLink: true, times: 2 })
    s.injectFault({ route: 'github-pull', rewrite: (json) => ({ ...(json as object), user: null }) })
    for (const page of [1, 2]) {
      const reply = await gh<ApiFile[]>('GET', `${API}/pulls/12/files?per_page=1&page=${page}`)
      expect(reply.json.map((file) => file.filename)).toEqual(['a.md'])
      expect(reply.headers.get('link')).toMatch(/[?&]page=2>; rel="next"/)
    }
    expect((await gh<ApiFile[]>('GET', `${API}/pulls/12/files?per_page=1&page=2`)).json.map((file) => file.filename)).toEqual(['b.md'])
    expect((await gh<ApiPull>('GET', `${API}/pulls/12`)).json.user).toBeNull()
  })

  it('works with real Octokit, a refusal surfacing as a RequestError', async () => {
    const s = await startWithReviewers()
    const { getOctokit } = await import('@actions/github')
    const octokit = getOctokit(SIM_GITHUB_TOKEN, { baseUrl: `${s.url}/api/v3` })
    const [owner, repo] = REPO.split('/') as [string, string]
    const asked = await octokit.rest.pulls.requestReviewers({
      owner,
      repo,
      pull_number: 12,
      reviewers: ['bob'],
      team_reviewers: ['docs-team']
    })
    expect(asked.status).toBe(201)
    const listed = await octokit.rest.pulls.listRequestedReviewers({ owner, repo, pull_number: 12 })
    expect([listed.data.users.map((user) => user.login), listed.data.teams.map((team) => team.slug)]).toEqual([['bob'], ['docs-team']])
    const refused = await octokit.rest.pulls
      .requestReviewers({ owner, repo, pull_number: 12, reviewers: ['mallory'] })
      .catch((e: unknown) => e)
    expect(refused).toMatchObject({ status: 422, message: expect.stringContaining('Reviews may only be requested from collaborators') })
  })
})
