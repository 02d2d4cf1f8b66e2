// Commit statuses on the fake GitHub, as the docs check writes them (`status-context`) and branch
// protection reads them: writing one, the statuses of a ref, the combined status, and a token that may not.
import { describe, expect, it } from '@jest/globals'
import { SIM_GITHUB_TOKEN, type Simulator } from '../../simulator/index.js'
import { requestSimulator, simulatorPerTest, type SimReply } from './harness.js'

const OWNER = 'octo-org'
const NAME = 'code'
const REPO = `${OWNER}/${NAME}`
const API = `/api/v3/repos/${REPO}`
const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const RUN_URL = 'https://github.com/octo-org/code/actions/runs/42'

const { start, current } = simulatorPerTest()

/** A request to the running simulator, with the workflow's token unless `token` says otherwise. */
function gh<T>(method: string, path: string, body?: unknown, token = SIM_GITHUB_TOKEN): Promise<SimReply<T>> {
  return requestSimulator<T>(current(), method, path, { authorization: `token ${token}`, body })
}

interface ApiStatus {
  id: number
  url: string
  state: string
  description: string | null
  target_url: string | null
  context: string
  created_at: string
  updated_at: string
  creator?: { login: string }
}
interface ApiCombined {
  state: string
  statuses: ApiStatus[]
  sha: string
  total_count: number
}
interface ApiError {
  message: string
  errors?: unknown
}

/** A simulator whose octo-org/code has pull request #12 (head branch 'invoices', head SHA). */
async function startWithPull(): Promise<Simulator> {
  const s = await start()
  s.github.addIssue(REPO, { number: 12, title: 'Add invoices', pullRequest: true, headRef: 'invoices', headSha: SHA })
  return s
}

function writeStatus(state: string, context = 'docs', description?: string): Promise<SimReply<ApiStatus & ApiError>> {
  return gh('POST', `${API}/statuses/${SHA}`, { state, context, description, target_url: RUN_URL })
}

describe('writing a commit status', () => {
  it("answers 201 with the status in GitHub's fields, written as the token's identity", async () => {
    const s = await startWithPull()
    const reply = await writeStatus('pending', 'docs', 'The docs agent is working (job job_0001)')
    expect(reply.status).toBe(201)
    expect(reply.json).toMatchObject({
      id: expect.any(Number),
      url: `${s.url}${API}/statuses/${SHA}`,
      state: 'pending',
      description: 'The docs agent is working (job job_0001)',
      target_url: RUN_URL,
      context: 'docs',
      creator: { login: 'github-actions[bot]' }
    })
    expect(reply.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(reply.json.updated_at).toBe(reply.json.created_at)
    expect(s.github.statuses(REPO, SHA)).toEqual([
      {
        id: reply.json.id,
        sha: SHA,
        state: 'pending',
        description: 'The docs agent is working (job job_0001)',
        target_url: RUN_URL,
        context: 'docs',
        creator: 'github-actions[bot]',
        created_at: reply.json.created_at
      }
    ])
  })

  it("names the context 'default' when none is given, and leaves out description and target_url as null", async () => {
    const s = await startWithPull()
    const reply = await gh<ApiStatus>('POST', `${API}/statuses/${SHA}`, { state: 'success' })
    expect(reply.json).toMatchObject({ context: 'default', description: null, target_url: null })
    expect(s.github.statuses(REPO, SHA).map((status) => status.context)).toEqual(['default'])
  })

  it('keeps every status in the order written, per commit, the SHA matched in any case', async () => {
    const s = await startWithPull()
    await writeStatus('pending')
    await writeStatus('success')
    await gh('POST', `${API}/statuses/${'f'.repeat(40)}`, { state: 'failure', context: 'docs' })
    expect(s.github.statuses(REPO, SHA.toUpperCase()).map((status) => status.state)).toEqual(['pending', 'success'])
    expect(s.github.statuses(REPO, 'f'.repeat(40)).map((status) => status.state)).toEqual(['failure'])
    expect(s.github.statuses('octo-org/elsewhere', SHA)).toEqual([])
  })

  it('takes a planted head SHA that is not 40 hex digits, and refuses a commit it does not know with 422', async () => {
    const s = await start()
    s.github.addIssue(REPO, { number: 7, title: 'Short', pullRequest: true, headSha: 'abc123def456' })
    expect((await gh('POST', `${API}/statuses/abc123def456`, { state: 'pending' })).status).toBe(201)
    const unknown = await gh<ApiError>('POST', `${API}/statuses/main`, { state: 'pending' })
    expect([unknown.status, unknown.json.message]).toEqual([422, 'No commit found for SHA: main'])
    expect(s.github.statuses(REPO, 'abc123def456')).toHaveLength(1)
  })

  it('refuses a state GitHub does not know, or none, with 422 and records nothing', async () => {
    const s = await startWithPull()
    const unknown = await writeStatus('passed')
    expect([unknown.status, unknown.json.message, unknown.json.errors]).toEqual([
      422,
      'Validation Failed',
      [{ resource: 'Status', code: 'custom', field: 'state', message: 'state is not included in the list' }]
    ])
    const missing = await gh<ApiError>('POST', `${API}/statuses/${SHA}`, { context: 'docs' })
    expect([missing.status, missing.json.message]).toEqual([422, 'Invalid request.\n\n"state" wasn\'t supplied.'])
    expect(s.github.statuses(REPO, SHA)).toEqual([])
  })

  it('takes a description of 140 characters, and refuses 141 with 422 instead of cutting it', async () => {
    const s = await startWithPull()
    // 140 characters, one of them outside the BMP (two UTF-16 units): GitHub counts characters.
    expect((await writeStatus('success', 'docs', `${'x'.repeat(139)}📘`)).status).toBe(201)
    const tooLong = await writeStatus('success', 'docs', 'x'.repeat(141))
    expect([tooLong.status, tooLong.json.message, tooLong.json.errors]).toEqual([
      422,
      'Validation Failed',
      'Validation failed: Description is too long (maximum is 140 characters)'
    ])
    expect(s.github.statuses(REPO, SHA)).toHaveLength(1)
  })

  it('refuses the 1001st status of one commit and context with 422, as GitHub documents', async () => {
    const s = await startWithPull()
    // 999 planted as another App would write them (a thousand requests take seconds on a loaded machine), the 1000th over HTTP.
    for (let i = 0; i < 999; i++) s.github.addStatus(REPO, SHA, { state: 'pending', context: 'docs' })
    expect((await writeStatus('pending')).status).toBe(201)
    const refused = await writeStatus('success')
    expect([refused.status, refused.json.message]).toEqual([422, 'This SHA and context has reached the maximum number of statuses.'])
    expect((await writeStatus('success', 'another-context')).status).toBe(201)
    expect(s.github.statuses(REPO, SHA)).toHaveLength(1001)
  })
})

describe("a ref's statuses", () => {
  it('come newest first, paginated with a Link header, for a SHA or a branch', async () => {
    const s = await startWithPull()
    for (const state of ['pending', 'failure', 'success']) await writeStatus(state)
    const first = await gh<ApiStatus[]>('GET', `${API}/commits/${SHA}/statuses?per_page=2`)
    expect(first.json.map((status) => status.state)).toEqual(['success', 'failure'])
    expect(first.headers.get('link')).toBe(
      `<${s.url}${API}/commits/${SHA}/statuses?per_page=2&page=2>; rel="next", <${s.url}${API}/commits/${SHA}/statuses?per_page=2&page=2>; rel="last"`
    )
    const second = await gh<ApiStatus[]>('GET', `${API}/commits/${SHA}/statuses?per_page=2&page=2`)
    expect(second.json.map((status) => status.state)).toEqual(['pending'])
    const byBranch = await gh<ApiStatus[]>('GET', `${API}/commits/invoices/statuses`)
    expect(byBranch.json.map((status) => status.state)).toEqual(['success', 'failure', 'pending'])
  })

  it('are none for a commit without any, and 404 for a ref the repository does not have', async () => {
    await startWithPull()
    const none = await gh('GET', `${API}/commits/${'0'.repeat(40)}/statuses`)
    expect([none.status, none.json]).toEqual([200, []])
    expect((await gh('GET', `${API}/commits/no-such-branch/statuses`)).status).toBe(404)
    expect((await gh('GET', `${API}/commits/no-such-branch/status`)).status).toBe(404)
  })
})

describe('the combined status', () => {
  async function combined(ref = SHA): Promise<ApiCombined> {
    return (await gh<ApiCombined>('GET', `${API}/commits/${ref}/status`)).json
  }

  it('is pending with no statuses', async () => {
    await startWithPull()
    expect(await combined()).toMatchObject({ state: 'pending', statuses: [], sha: SHA, total_count: 0 })
  })

  it('holds the latest status of each context, and is pending while one of them is', async () => {
    await startWithPull()
    await writeStatus('failure', 'docs')
    await writeStatus('success', 'ci')
    await writeStatus('pending', 'docs')
    const status = await combined('invoices')
    expect(status).toMatchObject({ state: 'pending', sha: SHA, total_count: 2 })
    expect(status.statuses.map((s) => [s.context, s.state])).toEqual([
      ['docs', 'pending'],
      ['ci', 'success']
    ])
    expect(status.statuses[0]).not.toHaveProperty('creator')
  })

  it('is success when every context is, and failure as soon as one is error or failure', async () => {
    await startWithPull()
    await writeStatus('success', 'docs')
    await writeStatus('success', 'ci')
    expect((await combined()).state).toBe('success')
    await writeStatus('error', 'ci')
    expect((await combined()).state).toBe('failure')
    await writeStatus('success', 'ci')
    await writeStatus('failure', 'docs')
    expect((await combined()).state).toBe('failure')
  })

  it('pages its statuses, total_count counting them all', async () => {
    const s = await startWithPull()
    for (const context of ['a', 'b', 'c']) await writeStatus('success', context)
    const reply = await gh<ApiCombined>('GET', `${API}/commits/${SHA}/status?per_page=2&page=2`)
    expect(reply.json.statuses.map((status) => status.context)).toEqual(['a'])
    expect(reply.json.total_count).toBe(3)
    expect(reply.headers.get('link')).toBe(
      `<${s.url}${API}/commits/${SHA}/status?per_page=2&page=1>; rel="prev", <${s.url}${API}/commits/${SHA}/status?per_page=2&page=1>; rel="first"`
    )
  })
})

describe('a token that may not write statuses', () => {
  it("without statuses: write gets 403 'Resource not accessible by integration', and nothing is written", async () => {
    const s = await startWithPull()
    s.github.forbid('statuses')
    const refused = await writeStatus('pending')
    expect([refused.status, refused.json.message]).toEqual([403, 'Resource not accessible by integration'])
    expect((await gh('GET', `${API}/commits/${SHA}/statuses`)).status).toBe(403)
    expect((await gh('GET', `${API}/commits/${SHA}/status`)).status).toBe(403)
    expect(s.github.statuses(REPO, SHA)).toEqual([])
    // Other families still work.
    expect((await gh('GET', `${API}/pulls/12`)).status).toBe(200)
  })

  it("that may only read the repository (a fork's) gets 403 on a write, and reads", async () => {
    const s = await startWithPull()
    s.github.addToken('ghs_fork_token', { identity: 'github-actions[bot]', repositories: { [REPO]: 'read' } })
    const refused = await gh<ApiError>('POST', `${API}/statuses/${SHA}`, { state: 'pending' }, 'ghs_fork_token')
    expect([refused.status, refused.json.message]).toEqual([403, 'Resource not accessible by integration'])
    expect((await gh('GET', `${API}/commits/${SHA}/status`, undefined, 'ghs_fork_token')).status).toBe(200)
    expect(s.github.statuses(REPO, SHA)).toEqual([])
  })
})

describe('faults on the status routes', () => {
  it('answer a write with the injected error and leave it unwritten; the next one passes', async () => {
    const s = await startWithPull()
    s.injectFault({ route: 'github-status-create', status: 502 })
    expect((await writeStatus('pending')).status).toBe(502)
    expect(s.github.statuses(REPO, SHA)).toEqual([])
    expect((await writeStatus('pending')).status).toBe(201)
  })

  it('truncate a write that was carried out into a 201 that is not JSON', async () => {
    const s = await startWithPull()
    s.injectFault({ route: 'github-status-create', malformed: true })
    const reply = await writeStatus('pending')
    expect(reply.status).toBe(201)
    expect(reply.json).toBeUndefined()
    expect(s.github.statuses(REPO, SHA)).toHaveLength(1)
  })

  it('hit the reads of the list and the combined status', async () => {
    const s = await startWithPull()
    s.injectFault({ route: 'github-statuses', status: 503, times: 2 })
    expect((await gh('GET', `${API}/commits/${SHA}/statuses`)).status).toBe(503)
    expect((await gh('GET', `${API}/commits/${SHA}/status`)).status).toBe(503)
    expect((await gh('GET', `${API}/commits/${SHA}/status`)).status).toBe(200)
  })
})

describe('with real Octokit (@actions/github)', () => {
  it('writes, lists and combines statuses, and surfaces the 403 as a RequestError', async () => {
    const s = await startWithPull()
    const { getOctokit } = await import('@actions/github')
    const octokit = getOctokit(SIM_GITHUB_TOKEN, { baseUrl: `${s.url}/api/v3` })
    const [owner, repo] = [OWNER, NAME]
    const created = await octokit.rest.repos.createCommitStatus({ owner, repo, sha: SHA, state: 'success', context: 'docs' })
    expect(created.status).toBe(201)
    const listed = await octokit.rest.repos.listCommitStatusesForRef({ owner, repo, ref: SHA })
    expect(listed.data.map((status) => [status.context, status.state])).toEqual([['docs', 'success']])
    const combined = await octokit.rest.repos.getCombinedStatusForRef({ owner, repo, ref: 'invoices' })
    expect([combined.data.state, combined.data.total_count]).toEqual(['success', 1])

    s.github.forbid('statuses')
    const refused = await octokit.rest.repos.createCommitStatus({ owner, repo, sha: SHA, state: 'failure' }).catch((e: unknown) => e)
    expect(refused).toMatchObject({ status: 403, message: expect.stringContaining('Resource not accessible by integration') })
  })
})
