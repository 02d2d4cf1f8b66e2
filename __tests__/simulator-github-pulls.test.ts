// What a docs check reads of a pull request on the fake GitHub: its author, its head (a fork's or not),
// whether and how it was merged, and its changed files page by page.
import { describe, expect, it } from '@jest/globals'
import { SIM_GITHUB_TOKEN, type Simulator } from '../simulator/index.js'
import { requestSimulator, simulatorPerTest, type SimReply } from './simulator-harness.js'

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
