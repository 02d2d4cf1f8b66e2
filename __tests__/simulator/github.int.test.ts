import { describe, expect, it } from '@jest/globals'
import { SIM_GITHUB_TOKEN, type Simulator, type SimulatorOptions } from '../../simulator/index.js'
import { at } from '../expect-helpers.js'
import { simulatorPerTest } from './harness.js'

const OWNER = 'octo-org'
const NAME = 'docs'
const REPO = `${OWNER}/${NAME}`
const API = `/api/v3/repos/${REPO}`

const { start, current } = simulatorPerTest()

/** A simulator with PR #7 and issue #8 in octo-org/docs. */
async function startWithRepo(options?: SimulatorOptions): Promise<Simulator> {
  const s = await start(options)
  s.github.addIssue(REPO, {
    number: 7,
    title: 'Add the billing page',
    pullRequest: true,
    user: 'alice',
    body: 'Adds docs/billing.mdx',
    headSha: 'abc123def456',
    headRef: 'billing-page',
    commits: ['Add billing page', 'Fix typo'],
    files: ['docs/billing.mdx', 'mint.json']
  })
  s.github.addIssue(REPO, { number: 8, title: 'Docs are out of date' })
  return s
}

interface Reply<T> {
  status: number
  headers: Headers
  /** Parsed JSON (undefined for an empty body); shapes vary per endpoint, so `T` names the fields a test reads. */
  json: T
}

/** The parts of GitHub's JSON that tests read. */
interface ApiError {
  message: string
  documentation_url: string
}
interface ApiComment {
  id: number
  url: string
  html_url: string
  body: string
  created_at: string
  updated_at: string
  author_association: string
  user: { login: string }
}
interface ApiReaction {
  id: number
}
interface ApiPermission {
  permission: string
  role_name: string
  user: { login: string }
}
interface ApiPull {
  number: number
}

/** A request to the running simulator, authenticated as Octokit does (`token X`) unless told otherwise. */
async function gh<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; auth?: string | null } = {}
): Promise<Reply<T>> {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json' }
  const auth = options.auth === undefined ? `token ${SIM_GITHUB_TOKEN}` : options.auth
  if (auth !== null) headers.authorization = auth
  let body = options.rawBody
  if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] = 'application/json; charset=utf-8'
  }
  const res = await fetch(`${current().url}${path}`, { method, headers, body })
  const text = await res.text()
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : undefined) as T }
}

function addComments(count: number, issue = 7): void {
  for (let i = 1; i <= count; i++) current().github.addComment(REPO, issue, { user: 'alice', body: `comment ${i}` })
}

describe('auth and routing', () => {
  it('accepts the token as `token X` or `Bearer X`, and refuses others with 401', async () => {
    await startWithRepo()
    expect((await gh('GET', `${API}/issues/7/comments`)).status).toBe(200)
    expect((await gh('GET', `${API}/issues/7/comments`, { auth: `Bearer ${SIM_GITHUB_TOKEN}` })).status).toBe(200)

    const wrong = await gh('GET', `${API}/issues/7/comments`, { auth: 'token ghs_wrong' })
    expect(wrong.status).toBe(401)
    expect(wrong.json).toMatchObject({ message: 'Bad credentials', documentation_url: expect.stringContaining('docs.github.com') })
    const missing = await gh<ApiError>('GET', `${API}/issues/7/comments`, { auth: null })
    expect(missing.status).toBe(401)
    expect(missing.json.message).toBe('Requires authentication')
  })

  it('takes the token and identity from the options', async () => {
    const s = await start({ githubToken: 'ghp_custom', githubIdentity: 'docs-bot' })
    s.github.addIssue(REPO, { number: 1, title: 'x' })
    expect((await gh('GET', `${API}/issues/1/comments`)).status).toBe(401)
    const created = await gh<ApiComment>('POST', `${API}/issues/1/comments`, { body: { body: 'hi' }, auth: 'token ghp_custom' })
    expect(created.status).toBe(201)
    expect(created.json.user).toMatchObject({ login: 'docs-bot', type: 'User' })
  })

  it('answers 404 Not Found for unknown repositories, issues, paths and methods', async () => {
    await startWithRepo()
    for (const [method, path] of [
      ['GET', '/api/v3/repos/octo-org/other/issues/7/comments'],
      ['GET', `${API}/issues/99/comments`],
      ['POST', `${API}/issues/99/comments`],
      ['GET', `${API}/issues/7/labels`],
      ['DELETE', `${API}/issues/7/comments`],
      ['POST', '/api/v3/user'],
      ['GET', '/api/graphql']
    ] as const) {
      const reply = await gh<ApiError>(method, path, method === 'POST' ? { body: { body: 'x' } } : {})
      expect([method, path, reply.status, reply.json.message]).toEqual([method, path, 404, 'Not Found'])
      expect(reply.json.documentation_url).toEqual(expect.any(String))
    }
  })

  it('matches repository names case-insensitively, as GitHub does', async () => {
    await startWithRepo()
    addComments(1)
    const reply = await gh<ApiComment[]>('GET', '/api/v3/repos/Octo-Org/DOCS/issues/7/comments')
    expect(reply.status).toBe(200)
    expect(at(reply.json, 0, 'comment').html_url).toContain(`https://github.com/${REPO}/pull/7`)
  })

  it('records GitHub requests, listed separately from the Mintlify ones', async () => {
    const s = await startWithRepo()
    await gh('GET', `${API}/issues/7/comments`)
    await fetch(`${s.url}/v2/agent/${s.projectId}/job/job_x`, { headers: { authorization: `Bearer ${s.apiKey}` } })
    await gh('POST', '/api/graphql', { body: { query: '{ viewer { login } }' } })
    expect(s.requests.map((r) => r.path)).toEqual([`${API}/issues/7/comments`, `/v2/agent/${s.projectId}/job/job_x`, '/api/graphql'])
    expect(s.githubRequests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${API}/issues/7/comments`, 'POST /api/graphql'])
    expect(s.mintlifyRequests()).toHaveLength(1)
    expect(at(s.githubRequests(), 1, 'GraphQL request').body).toContain('viewer')
  })

  it('never applies Mintlify faults to GitHub routes', async () => {
    const s = await startWithRepo()
    s.injectFault({ route: 'any', status: 500, times: 1 })
    s.injectFault({ route: 'get', reset: true })
    expect((await gh('GET', `${API}/issues/7/comments`)).status).toBe(200)
    expect((await gh('POST', `${API}/issues/7/comments`, { body: { body: 'still fine' } })).status).toBe(201)
    // The faults are still pending and hit the next Mintlify request.
    const mintlify = await fetch(`${s.url}/v2/agent/${s.projectId}/job/job_x`, { headers: { authorization: `Bearer ${s.apiKey}` } })
    expect(mintlify.status).toBe(500)
  })

  it('lets a route() added by a test take over a GitHub endpoint', async () => {
    const s = await startWithRepo()
    s.route('GET', /^\/api\/v3\/repos\/[^/]+\/[^/]+\/issues\/7\/comments$/, () => ({ status: 502, json: { message: 'Server Error' } }))
    expect((await gh('GET', `${API}/issues/7/comments`)).status).toBe(502)
    expect((await gh('GET', `${API}/issues/8/comments`)).status).toBe(200)
  })
})

describe('issue comments', () => {
  it('lists comments in creation order with GitHub fields', async () => {
    const s = await startWithRepo()
    s.github.setPermission(REPO, 'bob', 'write')
    const mine = s.github.addComment(REPO, 7, { user: 'github-actions[bot]', body: '<!-- sticky -->working' })
    s.github.addComment(REPO, 7, { user: 'bob', body: 'trigger please' })
    s.github.addComment(REPO, 7, { user: 'octo-org', body: 'owner here' })
    s.github.addComment(REPO, 8, { user: 'carol', body: 'on the issue' })

    const { status, json } = await gh<ApiComment[]>('GET', `${API}/issues/7/comments`)
    expect(status).toBe(200)
    expect(json.map((c) => c.body)).toEqual(['<!-- sticky -->working', 'trigger please', 'owner here'])
    expect(at(json, 0, 'comment')).toEqual({
      id: mine.id,
      node_id: expect.any(String),
      url: `${s.url}/api/v3/repos/${REPO}/issues/comments/${mine.id}`,
      html_url: `https://github.com/${REPO}/pull/7#issuecomment-${mine.id}`,
      issue_url: `${s.url}/api/v3/repos/${REPO}/issues/7`,
      body: '<!-- sticky -->working',
      user: expect.objectContaining({ login: 'github-actions[bot]', id: expect.any(Number), type: 'Bot' }),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      updated_at: mine.updated_at,
      author_association: 'NONE'
    })
    expect(json.map((c) => c.author_association)).toEqual(['NONE', 'COLLABORATOR', 'OWNER'])

    const issue = await gh<ApiComment[]>('GET', `${API}/issues/8/comments`)
    expect(issue.json).toHaveLength(1)
    expect(at(issue.json, 0, 'comment').html_url).toMatch(new RegExp(`^https://github.com/${REPO}/issues/8#issuecomment-\\d+$`))
  })

  it("dates comments by the simulator's clock, in whole seconds: an edit made later shows as later", async () => {
    let clock = Date.UTC(2026, 2, 1, 10, 0, 0, 700)
    const s = await startWithRepo({ now: () => clock })
    const mine = s.github.addComment(REPO, 7, { user: 'github-actions[bot]', body: 'working' })
    clock += 3_600_000

    const edited = await gh<ApiComment>('PATCH', `${API}/issues/comments/${mine.id}`, { body: { body: 'done' } })

    expect(mine.created_at).toBe('2026-03-01T10:00:00Z')
    expect(edited.json).toMatchObject({ created_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-01T11:00:00Z' })
  })

  it('paginates with per_page and page, and a GitHub Link header', async () => {
    const s = await startWithRepo()
    addComments(5)
    const first = await gh<ApiComment[]>('GET', `${API}/issues/7/comments?per_page=2`)
    expect(first.json.map((c) => c.body)).toEqual(['comment 1', 'comment 2'])
    const base = `${s.url}${API}/issues/7/comments`
    expect(first.headers.get('link')).toBe(`<${base}?per_page=2&page=2>; rel="next", <${base}?per_page=2&page=3>; rel="last"`)

    const middle = await gh<ApiComment[]>('GET', `${API}/issues/7/comments?per_page=2&page=2`)
    expect(middle.json.map((c) => c.body)).toEqual(['comment 3', 'comment 4'])
    expect(middle.headers.get('link')).toBe(
      `<${base}?per_page=2&page=1>; rel="prev", <${base}?per_page=2&page=3>; rel="next", ` +
        `<${base}?per_page=2&page=3>; rel="last", <${base}?per_page=2&page=1>; rel="first"`
    )

    const last = await gh<ApiComment[]>('GET', `${API}/issues/7/comments?per_page=2&page=3`)
    expect(last.json.map((c) => c.body)).toEqual(['comment 5'])
    expect(last.headers.get('link')).not.toContain('rel="next"')

    const beyond = await gh('GET', `${API}/issues/7/comments?per_page=2&page=9`)
    expect(beyond.status).toBe(200)
    expect(beyond.json).toEqual([])
  })

  it('defaults to 30 per page, caps per_page at 100, and sends no Link header for a single page', async () => {
    await startWithRepo()
    addComments(120)
    const byDefault = await gh('GET', `${API}/issues/7/comments`)
    expect(byDefault.json).toHaveLength(30)
    expect(byDefault.headers.get('link')).toContain('page=4>; rel="last"')
    const capped = await gh('GET', `${API}/issues/7/comments?per_page=500`)
    expect(capped.json).toHaveLength(100)
    expect(capped.headers.get('link')).toContain('per_page=500&page=2>; rel="last"')

    const single = await gh('GET', `${API}/issues/8/comments`)
    expect(single.json).toEqual([])
    expect(single.headers.get('link')).toBeNull()
  })

  it('reads an issue or a pull request as an issue, with how many comments it has', async () => {
    await startWithRepo()
    addComments(3)
    const pull = await gh<{ number: number; comments: number; pull_request?: unknown; html_url: string }>('GET', `${API}/issues/7`)
    expect(pull.json).toMatchObject({ number: 7, comments: 3, html_url: `https://github.com/${REPO}/pull/7` })
    expect(pull.json.pull_request).toBeDefined()
    const issue = await gh<{ comments: number; pull_request?: unknown }>('GET', `${API}/issues/8`)
    expect(issue.json.comments).toBe(0)
    expect(issue.json.pull_request).toBeUndefined()
    expect((await gh('GET', `${API}/issues/99`)).status).toBe(404)
  })

  it('creates a comment as the identity with 201', async () => {
    const s = await startWithRepo()
    const reply = await gh<ApiComment>('POST', `${API}/issues/8/comments`, { body: { body: 'Working on it' } })
    expect(reply.status).toBe(201)
    expect(reply.json).toMatchObject({
      body: 'Working on it',
      user: { login: 'github-actions[bot]', type: 'Bot' },
      html_url: `https://github.com/${REPO}/issues/8#issuecomment-${reply.json.id}`
    })
    expect(reply.headers.get('location')).toBe(reply.json.url)
    expect(s.github.comments(REPO, 8)).toEqual([
      {
        id: reply.json.id,
        body: 'Working on it',
        user: { login: 'github-actions[bot]', type: 'Bot' },
        html_url: reply.json.html_url,
        created_at: reply.json.created_at,
        updated_at: reply.json.updated_at,
        reactions: []
      }
    ])
  })

  it('refuses bodies over 65536 characters, and missing or blank ones, with 422', async () => {
    const s = await startWithRepo()
    expect((await gh('POST', `${API}/issues/8/comments`, { body: { body: 'x'.repeat(65536) } })).status).toBe(201)

    const tooLong = await gh('POST', `${API}/issues/8/comments`, { body: { body: 'x'.repeat(65537) } })
    expect(tooLong.status).toBe(422)
    expect(tooLong.json).toMatchObject({
      message: 'Validation Failed',
      errors: [{ resource: 'IssueComment', code: 'custom', field: 'body', message: 'body is too long (maximum is 65536 characters)' }]
    })
    // Counted in characters (code points), not UTF-16 units: 65536 emoji are accepted.
    expect((await gh('POST', `${API}/issues/8/comments`, { body: { body: '😀'.repeat(65536) } })).status).toBe(201)

    const missing = await gh<ApiError>('POST', `${API}/issues/8/comments`, { body: {} })
    expect(missing.status).toBe(422)
    expect(missing.json.message).toContain('"body" wasn\'t supplied')
    expect((await gh('POST', `${API}/issues/8/comments`, { body: { body: 42 } })).status).toBe(422)
    expect((await gh('POST', `${API}/issues/8/comments`, { body: { body: '  ' } })).status).toBe(422)
    const notJson = await gh<ApiError>('POST', `${API}/issues/8/comments`, { rawBody: '{"body":' })
    expect(notJson.status).toBe(400)
    expect(notJson.json.message).toBe('Problems parsing JSON')
    expect(s.github.comments(REPO, 8)).toHaveLength(2)
  })

  it('reads one comment by its id, whoever wrote it and whichever issue it is on; 404 once deleted or of another repository', async () => {
    const s = await startWithRepo()
    const theirs = s.github.addComment(REPO, 8, { user: 'alice', body: 'hello' })
    const read = await gh<ApiComment>('GET', `${API}/issues/comments/${theirs.id}`)
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({
      id: theirs.id,
      body: 'hello',
      user: expect.objectContaining({ login: 'alice' }),
      issue_url: `${s.url}/api/v3/repos/${REPO}/issues/8`,
      html_url: `https://github.com/${REPO}/issues/8#issuecomment-${theirs.id}`
    })
    s.github.deleteComment(REPO, theirs.id)
    expect((await gh('GET', `${API}/issues/comments/${theirs.id}`)).status).toBe(404)
    s.github.addIssue('octo-org/other', { number: 1, title: 'x' })
    const elsewhere = s.github.addComment('octo-org/other', 1, { user: 'alice', body: 'x' })
    expect((await gh('GET', `${API}/issues/comments/${elsewhere.id}`)).status).toBe(404)
  })

  it("updates the identity's own comments, refuses others' with 403 and unknown ones with 404", async () => {
    const s = await startWithRepo()
    const mine = s.github.addComment(REPO, 7, { user: 'github-actions[bot]', body: 'working' })
    const theirs = s.github.addComment(REPO, 7, { user: 'alice', body: 'hello' })

    const updated = await gh('PATCH', `${API}/issues/comments/${mine.id}`, { body: { body: 'done' } })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ id: mine.id, body: 'done', created_at: mine.created_at })
    expect(s.github.comments(REPO, 7).map((c) => c.body)).toEqual(['done', 'hello'])

    const refused = await gh<ApiError>('PATCH', `${API}/issues/comments/${theirs.id}`, { body: { body: 'hijacked' } })
    expect(refused.status).toBe(403)
    expect(refused.json.message).toBe('Resource not accessible by integration')
    expect((await gh('PATCH', `${API}/issues/comments/999`, { body: { body: 'x' } })).status).toBe(404)
    expect((await gh('PATCH', `${API}/issues/comments/${mine.id}`, { body: { body: 'y'.repeat(65537) } })).status).toBe(422)
    // A comment id of another repository is not found through this one.
    s.github.addIssue('octo-org/other', { number: 1, title: 'x' })
    const elsewhere = s.github.addComment('octo-org/other', 1, { user: 'github-actions[bot]', body: 'x' })
    expect((await gh('PATCH', `${API}/issues/comments/${elsewhere.id}`, { body: { body: 'x' } })).status).toBe(404)
  })
})

describe('reactions', () => {
  it('adds reactions with 201, records them in order, and answers 200 for a repeat', async () => {
    const s = await startWithRepo()
    const comment = s.github.addComment(REPO, 7, { user: 'bob', body: 'trigger document billing' })
    const eyes = await gh<ApiReaction>('POST', `${API}/issues/comments/${comment.id}/reactions`, { body: { content: 'eyes' } })
    expect(eyes.status).toBe(201)
    expect(eyes.json).toMatchObject({ id: expect.any(Number), content: 'eyes', user: { login: 'github-actions[bot]' } })
    const again = await gh<ApiReaction>('POST', `${API}/issues/comments/${comment.id}/reactions`, { body: { content: 'eyes' } })
    expect(again.status).toBe(200)
    expect(again.json.id).toBe(eyes.json.id)
    expect((await gh('POST', `${API}/issues/comments/${comment.id}/reactions`, { body: { content: 'rocket' } })).status).toBe(201)
    expect(at(s.github.comments(REPO, 7), 0, 'comment').reactions).toEqual(['eyes', 'rocket'])
  })

  it('refuses unknown contents with 422 and unknown comments with 404', async () => {
    const s = await startWithRepo()
    const comment = s.github.addComment(REPO, 7, { user: 'bob', body: 'hi' })
    const bad = await gh<ApiError>('POST', `${API}/issues/comments/${comment.id}/reactions`, { body: { content: 'tada' } })
    expect(bad.status).toBe(422)
    expect(bad.json.message).toBe('Validation Failed')
    expect((await gh('POST', `${API}/issues/comments/424242/reactions`, { body: { content: 'eyes' } })).status).toBe(404)
    expect(at(s.github.comments(REPO, 7), 0, 'comment').reactions).toEqual([])
  })
})

describe('collaborator permission', () => {
  it('maps roles to the legacy permission and answers 404 for non-collaborators', async () => {
    const s = await startWithRepo()
    const expected = { admin: 'admin', maintain: 'write', write: 'write', triage: 'read', read: 'read' } as const
    for (const [role, permission] of Object.entries(expected)) {
      s.github.setPermission(REPO, 'bob', role as keyof typeof expected)
      const reply = await gh<ApiPermission>('GET', `${API}/collaborators/bob/permission`)
      expect([role, reply.status, reply.json.permission, reply.json.role_name, reply.json.user.login]).toEqual([
        role,
        200,
        permission,
        role,
        'bob'
      ])
    }
    s.github.setPermission(REPO, 'bob', null)
    const removed = await gh<ApiError>('GET', `${API}/collaborators/bob/permission`)
    expect(removed.status).toBe(404)
    expect(removed.json.message).toBe('Not Found')
    expect((await gh('GET', `${API}/collaborators/mallory/permission`)).status).toBe(404)
  })

  it('matches logins case-insensitively', async () => {
    const s = await startWithRepo()
    s.github.setPermission(REPO, 'Bob', 'maintain')
    const reply = await gh('GET', `${API}/collaborators/bOB/permission`)
    expect(reply.json).toMatchObject({ permission: 'write', role_name: 'maintain' })
  })
})

describe('pull requests', () => {
  it('gets a pull request, 404 for an issue or an unknown number', async () => {
    await startWithRepo()
    const pull = await gh('GET', `${API}/pulls/7`)
    expect(pull.status).toBe(200)
    expect(pull.json).toMatchObject({
      number: 7,
      title: 'Add the billing page',
      body: 'Adds docs/billing.mdx',
      state: 'open',
      html_url: `https://github.com/${REPO}/pull/7`,
      user: { login: 'alice' },
      head: { sha: 'abc123def456', ref: 'billing-page', repo: { full_name: REPO } },
      base: { ref: 'main', repo: { full_name: REPO } }
    })
    expect((await gh('GET', `${API}/pulls/8`)).status).toBe(404)
    expect((await gh('GET', `${API}/pulls/99`)).status).toBe(404)
  })

  it('lists commits (the last one is the head) and files, paginated', async () => {
    const s = await startWithRepo()
    const commits = await gh('GET', `${API}/pulls/7/commits`)
    expect(commits.json).toEqual([
      expect.objectContaining({
        sha: expect.stringMatching(/^[0-9a-f]{40}$/),
        commit: expect.objectContaining({ message: 'Add billing page' })
      }),
      expect.objectContaining({ sha: 'abc123def456', commit: expect.objectContaining({ message: 'Fix typo' }) })
    ])
    const files = await gh('GET', `${API}/pulls/7/files?per_page=1`)
    expect(files.json).toEqual([expect.objectContaining({ filename: 'docs/billing.mdx', status: 'modified', additions: 1, deletions: 1 })])
    expect(files.headers.get('link')).toBe(
      `<${s.url}${API}/pulls/7/files?per_page=1&page=2>; rel="next", <${s.url}${API}/pulls/7/files?per_page=1&page=2>; rel="last"`
    )
    expect((await gh('GET', `${API}/pulls/8/commits`)).status).toBe(404)
    expect((await gh('GET', `${API}/pulls/8/files`)).status).toBe(404)
  })

  it('finds the pull requests of a commit: linked ones and those containing it', async () => {
    const s = await startWithRepo()
    s.github.addIssue(REPO, { number: 9, title: 'Other', pullRequest: true })
    s.github.linkCommit(REPO, 'feedface', [9])
    expect((await gh<ApiPull[]>('GET', `${API}/commits/feedface/pulls`)).json.map((p) => p.number)).toEqual([9])
    expect((await gh<ApiPull[]>('GET', `${API}/commits/abc123def456/pulls`)).json.map((p) => p.number)).toEqual([7])
    const unknown = await gh('GET', `${API}/commits/0000000/pulls`)
    expect([unknown.status, unknown.json]).toEqual([200, []])
    expect(() => s.github.linkCommit(REPO, 'feedface', [8])).toThrow(/not a pull request/)
  })
})

describe('the pull request list', () => {
  interface ListedPull {
    number: number
    state: string
    merged_at: string | null
    updated_at: string
    html_url: string
    user: { login: string; type: string }
    head: { ref: string }
  }
  const numbers = (reply: Reply<ListedPull[]>): number[] => reply.json.map((pull) => pull.number)

  /** PRs #7 (alice), #10 and #11 (a bot's), updated in that order, and issue #8, which is no pull request. */
  async function startWithPulls(): Promise<Simulator> {
    const s = await startWithRepo()
    s.github.addIssue(REPO, { number: 10, title: 'Docs agent', pullRequest: true, user: 'mintlify[bot]', headRef: 'mintlify/a' })
    s.github.addIssue(REPO, { number: 11, title: 'Docs agent', pullRequest: true, user: 'mintlify[bot]', headRef: 'mintlify/b' })
    return s
  }

  it("lists open pull requests in GitHub's shape, newest created first by default, never issues", async () => {
    await startWithPulls()
    const reply = await gh<ListedPull[]>('GET', `${API}/pulls`)
    expect(reply.status).toBe(200)
    expect(numbers(reply)).toEqual([11, 10, 7])
    expect(reply.json[0]).toMatchObject({
      number: 11,
      state: 'open',
      merged_at: null,
      html_url: `https://github.com/${REPO}/pull/11`,
      user: { login: 'mintlify[bot]', type: 'Bot' },
      head: { ref: 'mintlify/b' },
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    })
    expect(reply.json[2]).toMatchObject({ user: { login: 'alice', type: 'User' } })
  })

  it('sorts by the last update, which a new comment moves, in either direction', async () => {
    const s = await startWithPulls()
    s.github.addComment(REPO, 10, { user: 'alice', body: 'Looks good' })
    expect(numbers(await gh<ListedPull[]>('GET', `${API}/pulls?sort=updated&direction=desc`))).toEqual([10, 11, 7])
    // Ascending is the default for sort=updated, as on GitHub.
    expect(numbers(await gh<ListedPull[]>('GET', `${API}/pulls?sort=updated`))).toEqual([7, 11, 10])
  })

  it('orders by the given updated_at before the moment of the update', async () => {
    const s = await startWithRepo()
    s.github.addIssue(REPO, { number: 20, title: 'Old', pullRequest: true, updatedAt: '2020-01-01T00:00:00Z' })
    s.github.addIssue(REPO, { number: 21, title: 'Older', pullRequest: true, updatedAt: '2019-01-01T00:00:00Z' })
    expect(numbers(await gh<ListedPull[]>('GET', `${API}/pulls?sort=updated&direction=desc`))).toEqual([7, 20, 21])
  })

  it('moves a closed or merged pull request from the open list to the closed one', async () => {
    const s = await startWithPulls()
    s.github.closePull(REPO, 10, { merged: true })
    s.github.closePull(REPO, 11)
    expect(numbers(await gh<ListedPull[]>('GET', `${API}/pulls`))).toEqual([7])
    const closed = await gh<ListedPull[]>('GET', `${API}/pulls?state=closed&sort=updated&direction=desc`)
    expect(closed.json.map((pull) => [pull.number, pull.state, pull.merged_at !== null])).toEqual([
      [11, 'closed', false],
      [10, 'closed', true]
    ])
    expect(numbers(await gh<ListedPull[]>('GET', `${API}/pulls?state=all`))).toEqual([11, 10, 7])
    expect((await gh('GET', `${API}/pulls/10`)).json).toMatchObject({ state: 'closed', merged_at: expect.any(String) })
    expect(() => s.github.closePull(REPO, 8)).toThrow(/not a pull request/)
  })

  it('pages at per_page (at most 100), with the Link header', async () => {
    const s = await startWithRepo()
    for (let number = 100; number < 250; number++) s.github.addIssue(REPO, { number, title: `PR ${number}`, pullRequest: true })
    const first = await gh<ListedPull[]>('GET', `${API}/pulls?per_page=500`)
    expect(first.json).toHaveLength(100)
    expect(first.headers.get('link')).toContain('rel="next"')
    const second = await gh<ListedPull[]>('GET', `${API}/pulls?per_page=100&page=2`)
    expect(second.json).toHaveLength(51)
    expect(numbers(second).at(-1)).toBe(7)
  })

  it.each([
    ['state', 'merged'],
    ['sort', 'popularity'],
    ['direction', 'up']
  ])('refuses %s=%s with 422', async (name, value) => {
    await startWithRepo()
    const reply = await gh<{ message: string; errors: { field: string }[] }>('GET', `${API}/pulls?${name}=${value}`)
    expect([reply.status, reply.json.message, reply.json.errors[0]?.field]).toEqual([422, 'Validation Failed', name])
  })

  it('is shut off with the pulls family', async () => {
    const s = await startWithRepo()
    s.github.forbid('pulls')
    expect((await gh('GET', `${API}/pulls`)).status).toBe(403)
  })
})

describe('forbid', () => {
  it('shuts off one family with 403 "Resource not accessible by integration"', async () => {
    const s = await startWithRepo()
    const comment = s.github.addComment(REPO, 7, { user: 'github-actions[bot]', body: 'x' })
    s.github.forbid('comments')
    for (const [method, path] of [
      ['GET', `${API}/issues/7/comments`],
      ['POST', `${API}/issues/7/comments`],
      ['PATCH', `${API}/issues/comments/${comment.id}`]
    ] as const) {
      const reply = await gh<ApiError>(method, path, method === 'GET' ? {} : { body: { body: 'y' } })
      expect([method, reply.status, reply.json.message]).toEqual([method, 403, 'Resource not accessible by integration'])
    }
    // Other families still work.
    expect((await gh('POST', `${API}/issues/comments/${comment.id}/reactions`, { body: { content: 'eyes' } })).status).toBe(201)
    expect((await gh('GET', `${API}/pulls/7`)).status).toBe(200)
    expect(s.github.comments(REPO, 7).map((c) => c.body)).toEqual(['x'])
  })

  it('covers reactions and pulls, with a custom status', async () => {
    const s = await startWithRepo()
    const comment = s.github.addComment(REPO, 7, { user: 'bob', body: 'x' })
    s.github.forbid('reactions')
    s.github.forbid('pulls', { status: 500 })
    expect((await gh('POST', `${API}/issues/comments/${comment.id}/reactions`, { body: { content: 'eyes' } })).status).toBe(403)
    for (const path of [`${API}/pulls/7`, `${API}/pulls/7/commits`, `${API}/pulls/7/files`, `${API}/commits/abc/pulls`]) {
      const reply = await gh<ApiError>('GET', path)
      expect([path, reply.status, reply.json.message]).toEqual([path, 500, 'Internal Server Error'])
    }
    expect((await gh('GET', `${API}/issues/7/comments`)).status).toBe(200)
  })
})

describe('several tokens', () => {
  const DOCS = 'octo-org/guides'

  async function startWithTokens(): Promise<Simulator> {
    const s = await startWithRepo()
    s.github.addIssue(DOCS, { number: 3, title: 'Docs', pullRequest: true })
    s.github.addToken('ghs_app', { identity: 'docs-app[bot]', repositories: { [REPO]: 'write', [DOCS]: 'write' } })
    s.github.addToken('ghs_reader', { identity: 'github-actions[bot]', repositories: { [REPO]: 'write', 'Octo-Org/Guides': 'read' } })
    return s
  }

  it('writes as the identity of the token used, and tells it through GraphQL viewer', async () => {
    await startWithTokens()
    const created = await gh<ApiComment>('POST', `/api/v3/repos/${DOCS}/issues/3/comments`, { body: { body: 'hi' }, auth: 'token ghs_app' })
    expect(created.status).toBe(201)
    expect(created.json.user).toMatchObject({ login: 'docs-app[bot]', type: 'Bot' })
    const viewer = await gh('POST', '/api/graphql', { body: { query: '{ viewer { login } }' }, auth: 'bearer ghs_app' })
    expect(viewer.json).toEqual({ data: { viewer: { login: 'docs-app[bot]' } } })
    // Another identity may not edit that comment, even with write access.
    const edit = await gh<ApiError>('PATCH', `/api/v3/repos/${DOCS}/issues/comments/${created.json.id}`, { body: { body: 'x' } })
    expect([edit.status, edit.json.message]).toEqual([403, 'Resource not accessible by integration'])
  })

  it('refuses writes where the token may only read (403), and hides repositories it was not granted (404)', async () => {
    await startWithTokens()
    const read = await gh<unknown[]>('GET', `/api/v3/repos/${DOCS}/issues/3/comments`, { auth: 'token ghs_reader' })
    expect(read.status).toBe(200)
    const write = await gh<ApiError>('POST', `/api/v3/repos/${DOCS}/issues/3/comments`, { body: { body: 'hi' }, auth: 'token ghs_reader' })
    expect([write.status, write.json.message]).toEqual([403, 'Resource not accessible by integration'])
    current().github.addIssue('octo-org/private', { number: 1, title: 'Secret' })
    const hidden = await gh<ApiError>('GET', '/api/v3/repos/octo-org/private/issues/1/comments', { auth: 'token ghs_app' })
    expect([hidden.status, hidden.json.message]).toEqual([404, 'Not Found'])
    expect(current().github.comments(DOCS, 3)).toEqual([])
  })

  it('answers GET /user for a user token, and refuses an installation token there as GitHub does', async () => {
    await startWithRepo()
    current().github.addToken('ghp_person', { identity: 'mona', repositories: {} })
    expect((await gh('GET', '/api/v3/user', { auth: 'token ghp_person' })).json).toMatchObject({ login: 'mona', type: 'User' })
    const app = await gh<ApiError>('GET', '/api/v3/user')
    expect([app.status, app.json.message]).toEqual([403, 'Resource not accessible by integration'])
  })

  it('refuses a token given twice', async () => {
    await startWithTokens()
    expect(() => current().github.addToken('ghs_app', { identity: 'x', repositories: {} })).toThrow('already known')
  })
})

describe('graphql', () => {
  it('answers viewer with the identity and anything else with a GraphQL error', async () => {
    await start()
    const viewer = await gh('POST', '/api/graphql', { body: { query: 'query { viewer { login } }' } })
    expect(viewer).toMatchObject({ status: 200, json: { data: { viewer: { login: 'github-actions[bot]' } } } })
    const other = await gh('POST', '/api/graphql', { body: { query: 'query { repository(owner: "a", name: "b") { id } }' } })
    expect(other).toMatchObject({ status: 200, json: { errors: [{ message: 'unsupported by the simulator' }] } })
    expect((await gh('POST', '/api/graphql', { body: { query: '{ viewer { login } }' }, auth: 'bearer nope' })).status).toBe(401)
  })
})

describe('with real Octokit (@actions/github)', () => {
  async function octokitFor(s: Simulator) {
    const { getOctokit } = await import('@actions/github')
    return getOctokit(SIM_GITHUB_TOKEN, { baseUrl: `${s.url}/api/v3` })
  }

  it('paginates, comments, updates, reacts and queries GraphQL', async () => {
    const s = await startWithRepo()
    addComments(5)
    const octokit = await octokitFor(s)
    const [owner, repo] = [OWNER, NAME]

    const all = await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: 7, per_page: 2 })
    expect(all.map((c) => c.body)).toEqual(['comment 1', 'comment 2', 'comment 3', 'comment 4', 'comment 5'])
    expect(s.githubRequests().map((r) => r.query.page ?? '1')).toEqual(['1', '2', '3'])

    const created = await octokit.rest.issues.createComment({ owner, repo, issue_number: 7, body: 'Working…' })
    expect(created.status).toBe(201)
    const updated = await octokit.rest.issues.updateComment({ owner, repo, comment_id: created.data.id, body: 'Done' })
    expect(updated.data.body).toBe('Done')
    const reaction = await octokit.rest.reactions.createForIssueComment({
      owner,
      repo,
      comment_id: at(all, 0, 'comment').id,
      content: 'eyes'
    })
    expect(reaction.status).toBe(201)
    expect(s.github.comments(REPO, 7).map((c) => [c.body, c.reactions])).toEqual([
      ['comment 1', ['eyes']],
      ['comment 2', []],
      ['comment 3', []],
      ['comment 4', []],
      ['comment 5', []],
      ['Done', []]
    ])

    const viewer = await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }')
    expect(viewer.viewer.login).toBe('github-actions[bot]')
    expect(s.githubRequests().at(-1)).toMatchObject({ method: 'POST', path: '/api/graphql' })
    expect(s.githubRequests().every((r) => r.headers.authorization === `token ${SIM_GITHUB_TOKEN}`)).toBe(true)
  })

  it('reads permissions and pull requests', async () => {
    const s = await startWithRepo()
    s.github.setPermission(REPO, 'bob', 'triage')
    s.github.linkCommit(REPO, 'feedface', [7])
    const octokit = await octokitFor(s)
    const [owner, repo] = [OWNER, NAME]

    const permission = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: 'bob' })
    expect([permission.data.permission, permission.data.role_name]).toEqual(['read', 'triage'])
    await expect(octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: 'mallory' })).rejects.toMatchObject({
      name: 'HttpError',
      status: 404
    })

    const pulls = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({ owner, repo, commit_sha: 'feedface' })
    expect(pulls.data.map((p) => p.number)).toEqual([7])
    const pull = await octokit.rest.pulls.get({ owner, repo, pull_number: 7 })
    expect(pull.data.head.sha).toBe('abc123def456')
    const commits = await octokit.paginate(octokit.rest.pulls.listCommits, { owner, repo, pull_number: 7, per_page: 1 })
    expect(commits.map((c) => c.commit.message)).toEqual(['Add billing page', 'Fix typo'])
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, { owner, repo, pull_number: 7 })
    expect(files.map((f) => f.filename)).toEqual(['docs/billing.mdx', 'mint.json'])
  })

  it('surfaces forbidden families and validation errors as RequestErrors', async () => {
    const s = await startWithRepo()
    const octokit = await octokitFor(s)
    const [owner, repo] = [OWNER, NAME]

    const tooLong = await octokit.rest.issues
      .createComment({ owner, repo, issue_number: 7, body: 'x'.repeat(65537) })
      .catch((e: unknown) => e)
    expect(tooLong).toMatchObject({ name: 'HttpError', status: 422 })
    expect(String((tooLong as Error).message)).toContain('body is too long')

    s.github.forbid('comments')
    const forbidden = await octokit.rest.issues.createComment({ owner, repo, issue_number: 7, body: 'hi' }).catch((e: unknown) => e)
    // @actions/github's own error class (a dependency of it, not of this project).
    const { RequestError } = await import('@octokit/request-error')
    expect(forbidden).toBeInstanceOf(RequestError)
    expect(forbidden).toMatchObject({ status: 403, message: expect.stringContaining('Resource not accessible by integration') })
  })
})
