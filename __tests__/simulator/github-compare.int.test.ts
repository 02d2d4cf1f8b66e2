// Comparisons of two commits on the fake GitHub (`GET …/compare/{base}...{head}`), as the docs check reads
// a push's changed files when its payload was cut, or the files between `before` and `after`.
import { describe, expect, it } from '@jest/globals'
import { SIM_GITHUB_TOKEN, type Simulator } from '../../simulator/index.js'
import { requestSimulator, simulatorPerTest, type SimReply } from './harness.js'

const OWNER = 'octo-org'
const NAME = 'code'
const REPO = `${OWNER}/${NAME}`
const API = `/api/v3/repos/${REPO}`
const BEFORE = '1111111111111111111111111111111111111111'
const AFTER = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'

const { start, current } = simulatorPerTest()

function gh<T>(path: string): Promise<SimReply<T>> {
  return requestSimulator<T>(current(), 'GET', path, { authorization: `token ${SIM_GITHUB_TOKEN}` })
}

interface ApiComparison {
  status: string
  ahead_by: number
  behind_by: number
  total_commits: number
  commits: { sha: string; commit: { message: string }; parents: { sha: string }[] }[]
  files?: { filename: string; status: string; additions: number; deletions: number; changes: number; previous_filename?: string }[]
  html_url: string
  permalink_url: string
}

const messages = (count: number): string[] => Array.from({ length: count }, (_, i) => `Commit ${i + 1}`)
const paths = (count: number): string[] => Array.from({ length: count }, (_, i) => `src/file-${String(i + 1).padStart(3, '0')}.ts`)

/** A simulator with the comparison BEFORE...AFTER of `commits` commits and `files` files planted. */
async function startWithComparison(commits: number, files: number): Promise<Simulator> {
  const s = await start()
  s.github.setCompare(REPO, BEFORE, AFTER, { commits: messages(commits), files: paths(files) })
  return s
}

describe('a planted comparison', () => {
  it('answers what head has that base has not: status, counts, commits oldest first, files and links', async () => {
    const s = await start()
    s.github.setCompare(REPO, BEFORE, AFTER, {
      commits: ['Add invoices', 'Test invoices', 'Document invoices'],
      files: [
        'src/invoices.ts',
        { filename: 'docs/invoices.mdx', status: 'added', additions: 12 },
        { filename: 'docs/b.mdx', status: 'renamed', previousFilename: 'docs/a.mdx' }
      ]
    })
    const reply = await gh<ApiComparison>(`${API}/compare/${BEFORE}...${AFTER}`)
    expect(reply.status).toBe(200)
    expect(reply.headers.get('link')).toBeNull()
    const json = reply.json
    expect(json).toMatchObject({ status: 'ahead', ahead_by: 3, behind_by: 0, total_commits: 3 })
    expect(json.commits.map((c) => c.commit.message)).toEqual(['Add invoices', 'Test invoices', 'Document invoices'])
    expect(json.commits.at(-1)?.sha).toBe(AFTER)
    expect(json.commits.map((c) => c.parents[0]?.sha)).toEqual([BEFORE, json.commits[0]?.sha, json.commits[1]?.sha])
    expect(json.files).toEqual([
      expect.objectContaining({ filename: 'src/invoices.ts', status: 'modified', additions: 1, deletions: 1, changes: 2 }),
      expect.objectContaining({ filename: 'docs/invoices.mdx', status: 'added', additions: 12, deletions: 0, changes: 12 }),
      expect.objectContaining({ filename: 'docs/b.mdx', status: 'renamed', previous_filename: 'docs/a.mdx', changes: 0 })
    ])
    expect(json.html_url).toBe(`https://github.com/${REPO}/compare/${BEFORE}...${AFTER}`)
    expect(json.permalink_url).toBe(`https://github.com/${REPO}/compare/${OWNER}:${BEFORE}...${OWNER}:${AFTER}`)
    expect(s.githubRequests().map((r) => r.path)).toEqual([`${API}/compare/${BEFORE}...${AFTER}`])
  })

  it('says behind, diverged or identical from its commits and behindBy', async () => {
    const s = await start()
    s.github.setCompare(REPO, 'main', 'stale', { behindBy: 2 })
    s.github.setCompare(REPO, 'main', 'forked', { commits: ['Mine'], behindBy: 4 })
    s.github.setCompare(REPO, 'main', 'main', {})
    const summary = async (basehead: string): Promise<unknown[]> => {
      const { json } = await gh<ApiComparison>(`${API}/compare/${basehead}`)
      return [json.status, json.ahead_by, json.behind_by, json.total_commits, json.commits.length, json.files?.length]
    }
    expect(await summary('main...stale')).toEqual(['behind', 0, 2, 0, 0, 0])
    expect(await summary('main...forked')).toEqual(['diverged', 1, 4, 1, 1, 0])
    expect(await summary('main...main')).toEqual(['identical', 0, 0, 0, 0, 0])
    expect(() => s.github.setCompare(REPO, 'main', 'x', { behindBy: -1 })).toThrow(/behindBy/)
  })

  it('matches SHAs in any case, branch names exactly', async () => {
    const s = await startWithComparison(1, 1)
    s.github.setCompare(REPO, 'main', 'Feature', { commits: ['One'] })
    expect((await gh(`${API}/compare/${BEFORE.toUpperCase()}...${AFTER.toUpperCase()}`)).status).toBe(200)
    expect((await gh(`${API}/compare/main...Feature`)).status).toBe(200)
    expect((await gh(`${API}/compare/main...feature`)).status).toBe(404)
  })

  it('is the only comparison there is: another pair, the reverse or a basehead without three dots is 404', async () => {
    await startWithComparison(1, 1)
    for (const basehead of [`${AFTER}...${BEFORE}`, `main...${AFTER}`, `${BEFORE}..${AFTER}`, `${BEFORE}...${AFTER}...main`, AFTER]) {
      const reply = await gh<{ message: string }>(`${API}/compare/${basehead}`)
      expect([basehead, reply.status, reply.json.message]).toEqual([basehead, 404, 'Not Found'])
    }
    expect((await gh(`/api/v3/repos/octo-org/other/compare/${BEFORE}...${AFTER}`)).status).toBe(404)
  })
})

describe('a large comparison', () => {
  it('without paging, shows the 250 most recent commits and at most 300 files, and counts them all', async () => {
    await startWithComparison(260, 310)
    const { json } = await gh<ApiComparison>(`${API}/compare/${BEFORE}...${AFTER}`)
    expect([json.ahead_by, json.total_commits]).toEqual([260, 260])
    expect(json.commits.map((c) => c.commit.message)).toEqual(messages(260).slice(10))
    expect(json.commits.at(-1)?.sha).toBe(AFTER)
    expect(json.files?.map((f) => f.filename)).toEqual(paths(300))
  })

  it('with per_page and page, pages the commits oldest first with a Link header, the files on page 1 only', async () => {
    const s = await startWithComparison(260, 310)
    const url = `${s.url}${API}/compare/${BEFORE}...${AFTER}`
    const first = await gh<ApiComparison>(`${API}/compare/${BEFORE}...${AFTER}?per_page=100`)
    expect(first.json.commits.map((c) => c.commit.message)).toEqual(messages(100))
    expect(first.json.files).toHaveLength(300)
    expect(first.headers.get('link')).toBe(`<${url}?per_page=100&page=2>; rel="next", <${url}?per_page=100&page=3>; rel="last"`)
    const last = await gh<ApiComparison>(`${API}/compare/${BEFORE}...${AFTER}?per_page=100&page=3`)
    expect(last.json.commits.map((c) => c.commit.message)).toEqual(messages(260).slice(200))
    expect(last.json).not.toHaveProperty('files')
    expect(last.json.total_commits).toBe(260)
    const defaultSize = await gh<ApiComparison>(`${API}/compare/${BEFORE}...${AFTER}?page=2`)
    expect(defaultSize.json.commits.map((c) => c.commit.message)).toEqual(messages(60).slice(30))
    expect(defaultSize.json).not.toHaveProperty('files')
  })
})

describe('faults and Octokit', () => {
  it('fails a comparison by an injected fault on github-compare', async () => {
    const s = await startWithComparison(1, 1)
    s.injectFault({ route: 'github-compare', status: 502 })
    expect((await gh(`${API}/compare/${BEFORE}...${AFTER}`)).status).toBe(502)
    expect((await gh(`${API}/compare/${BEFORE}...${AFTER}`)).status).toBe(200)
  })

  it('serves compareCommitsWithBasehead of real Octokit', async () => {
    const s = await startWithComparison(2, 3)
    const { getOctokit } = await import('@actions/github')
    const octokit = getOctokit(SIM_GITHUB_TOKEN, { baseUrl: `${s.url}/api/v3` })
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ owner: OWNER, repo: NAME, basehead: `${BEFORE}...${AFTER}` })
    expect([data.status, data.total_commits, data.files?.map((f) => f.filename)]).toEqual(['ahead', 2, paths(3)])
    await expect(
      octokit.rest.repos.compareCommitsWithBasehead({ owner: OWNER, repo: NAME, basehead: `${AFTER}...${BEFORE}` })
    ).rejects.toMatchObject({
      status: 404
    })
  })
})
