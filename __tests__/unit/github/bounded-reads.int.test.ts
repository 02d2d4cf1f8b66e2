/**
 * Every paginated read of GitHub is bounded whatever the server's `Link` header says: octokit's own
 * iterator through one helper (src/github/pages.ts) that stops at an empty page, a page already read, or
 * the read's cap. The real GitHub client against routes on 127.0.0.1 that answer as a faulty server
 * would, counting the requests.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { GitHubApi } from '../../../src/github/api.js'
import { nextLink, readPages } from '../../../src/github/pages.js'
import { startSimulator, type Simulator } from '../../../simulator/index.js'
import type { RouteRequest, RouteResponse } from '../../../simulator/types.js'
import { connectTo, failureOf, preloadToolkit, SIM_REPO } from '../../fixtures/github-client.js'

const FULL_NAME = `${SIM_REPO.owner}/${SIM_REPO.repo}`
const HEAD = 'a'.repeat(40)

let sim: Simulator
let api: GitHubApi

/** A page's `Link` header naming `next` (and `last`) as page numbers of the request's own URL. */
function linkTo(req: RouteRequest, next: number, last = 9_999): string {
  const url = (page: number): string => {
    const target = new URL(req.url.pathname + req.url.search, sim.url)
    target.searchParams.set('page', String(page))
    return target.href
  }
  return `<${url(next)}>; rel="next", <${url(last)}>; rel="last"`
}

/** Serves `items(page)` on `pattern`, each page's `Link` naming the page `next(page)` says. */
function serve(pattern: RegExp, items: (page: number) => unknown[], next: (page: number) => number | null): void {
  sim.route('GET', pattern, (req): RouteResponse => {
    const page = Number(req.query.page ?? '1')
    const following = next(page)
    return { status: 200, json: items(page), headers: following === null ? {} : { link: linkTo(req, following) } }
  })
}

function requestsTo(pattern: RegExp): number {
  return sim.githubRequests().filter((request) => pattern.test(request.path)).length
}

const commit = (page: number, i: number): unknown => ({ sha: `${page}${i}`.padEnd(40, '0'), commit: { message: `Commit ${page}.${i}` } })
const file = (page: number, i: number): unknown => ({ filename: `src/${page}-${i}.ts`, status: 'modified' })
const COMMITS = /\/pulls\/7\/commits$/
const FILES = /\/pulls\/7\/files$/
const COMMIT_PULLS = /\/commits\/a+\/pulls$/

describe('bounded reads of GitHub lists', () => {
  beforeAll(preloadToolkit)
  beforeEach(async () => {
    sim = await startSimulator()
    api = (await connectTo(sim)).api
  })
  afterEach(async () => {
    await sim.close()
  })

  it("reads a pull request's commits twice, not forever, when every page's next link names page 2", async () => {
    serve(
      COMMITS,
      (page) => [commit(page, 1), commit(page, 2)],
      () => 2
    )
    const commits = await api.pullCommits(7)
    expect(requestsTo(COMMITS)).toBe(2)
    expect(commits.map((c) => c.subject)).toEqual(['Commit 1.1', 'Commit 1.2', 'Commit 2.1', 'Commit 2.2'])
    expect(commits.cut).toBe(true)
  })

  it('stops at the cap of 3 pages when the next link always advances, and says the read was cut', async () => {
    serve(
      COMMITS,
      (page) => [commit(page, 1)],
      (page) => page + 1
    )
    const commits = await api.pullCommits(7)
    expect(requestsTo(COMMITS)).toBe(3)
    expect(commits).toHaveLength(3)
    expect(commits.cut).toBe(true)
  })

  it('stops at an empty page whatever its Link header says, and the read is whole', async () => {
    serve(
      COMMITS,
      (page) => (page < 3 ? [commit(page, 1)] : []),
      (page) => page + 1
    )
    const commits = await api.pullCommits(7)
    expect(requestsTo(COMMITS)).toBe(3)
    expect(commits).toHaveLength(2)
    expect(commits.cut).toBe(false)
  })

  it('stops when a next link leads back to a page already read', async () => {
    serve(
      COMMITS,
      (page) => [commit(page, 1)],
      (page) => (page === 2 ? 1 : 2)
    )
    const commits = await api.pullCommits(7)
    // Page 1 is asked as ?per_page=100 first, then its link (?page=2), whose next names ?page=1: the same page.
    expect(requestsTo(COMMITS)).toBe(2)
    expect(commits.cut).toBe(true)
  })

  it('reads every page of a whole list that ends with no next link', async () => {
    serve(
      COMMITS,
      (page) => [commit(page, 1), commit(page, 2)],
      (page) => (page < 2 ? page + 1 : null)
    )
    const commits = await api.pullCommits(7)
    expect(requestsTo(COMMITS)).toBe(2)
    expect(commits.cut).toBe(false)
  })

  it("cuts a pull request's files at 3 pages when the server sends pages shorter than asked (a cut list, not a short one)", async () => {
    serve(
      FILES,
      (page) => Array.from({ length: 30 }, (_, i) => file(page, i)),
      (page) => page + 1
    )
    const files = await api.pullFiles(7, 300)
    expect(requestsTo(FILES)).toBe(3)
    expect(files).toHaveLength(90)
    expect(files.cut).toBe(true)
  })

  it('cuts the files at the item cap and says so while GitHub names more', async () => {
    serve(
      FILES,
      (page) => Array.from({ length: 100 }, (_, i) => file(page, i)),
      (page) => page + 1
    )
    const files = await api.pullFileChanges(7, 150)
    expect(requestsTo(FILES)).toBe(2)
    expect(files).toHaveLength(150)
    expect(files.cut).toBe(true)
  })

  it('keeps the previous name of a renamed file', async () => {
    serve(
      FILES,
      () => [{ filename: 'lib/api.ts', status: 'renamed', previous_filename: 'src/api.ts' }],
      () => null
    )
    expect(await api.pullFileChanges(7, 300)).toEqual([{ filename: 'lib/api.ts', status: 'renamed', previousFilename: 'src/api.ts' }])
  })

  it("reads the commit look-up's pages of 100 until this repository's pull request on the commit is listed, at most 3", async () => {
    const pull = (number: number, fork: boolean): unknown => ({
      number,
      state: 'open',
      html_url: `https://github.com/${FULL_NAME}/pull/${number}`,
      head: { ref: 'docs/x', sha: HEAD, repo: { full_name: fork ? `fork${number}/docs` : FULL_NAME } },
      base: { ref: 'main', repo: { full_name: FULL_NAME } },
      user: { login: 'someone' }
    })
    serve(
      COMMIT_PULLS,
      (page) => (page === 2 ? [pull(200, true), pull(201, false)] : [pull(page, true)]),
      (page) => page + 1
    )
    const listed = await api.openPullsOfCommit(HEAD)
    expect(requestsTo(COMMIT_PULLS)).toBe(2)
    expect(sim.githubRequests().find((r) => COMMIT_PULLS.test(r.path))?.query.per_page).toBe('100')
    expect(listed.map((p) => [p.number, p.head.fork])).toEqual([
      [1, true],
      [200, true],
      [201, false]
    ])
  })

  it.each([
    ['every next link names page 2', (): number => 2, 2],
    ['the next link always advances', (page: number): number => page + 1, 3]
  ])('reads at most 3 pages of the commit look-up when only forks are listed and %s', async (_, next, requests) => {
    const fork = (number: number): unknown => ({
      number,
      state: 'open',
      head: { sha: HEAD, repo: null },
      base: { repo: { full_name: FULL_NAME } }
    })
    serve(COMMIT_PULLS, (page) => [fork(page)], next)
    const listed = await api.openPullsOfCommit(HEAD)
    expect(requestsTo(COMMIT_PULLS)).toBe(requests)
    expect(listed.every((pull) => pull.head.fork)).toBe(true)
  })

  it("reads one page of a check run's annotations, whatever the Link says", async () => {
    const annotations = /\/check-runs\/5\/annotations$/
    serve(
      annotations,
      (page) => [{ path: `a${page}.md`, start_line: 1, annotation_level: null, title: null, message: 'm' }],
      (page) => page + 1
    )
    const read = await api.checkAnnotations(5, 10)
    expect(requestsTo(annotations)).toBe(1)
    expect(read).toEqual([{ path: 'a1.md', line: 1, level: '', title: '', message: 'm' }])
  })

  it('names the request and the field of a page it cannot read, with no internal error text', async () => {
    serve(
      FILES,
      () => [{ status: 'added' }],
      () => null
    )
    const error = await failureOf(api.pullFiles(7, 300))
    expect(error.message).toBe(
      `Could not read the files of pull request #7: GitHub answered GET /api/v3/repos/${FULL_NAME}/pulls/7/files with 200 and a body the action cannot read (filename).`
    )
  })

  it('names a page that is not a list', async () => {
    sim.route('GET', COMMITS, () => ({ status: 200, json: { message: 'not a list' } }))
    const error = await failureOf(api.pullCommits(7))
    expect(error.message).toBe(
      `Could not read the commits of pull request #7: GitHub answered GET /api/v3/repos/${FULL_NAME}/pulls/7/commits with 200 and a body the action cannot read (the list).`
    )
  })
})

describe('readPages', () => {
  /** Pages as octokit's iterator yields them; `asked` counts the pages taken. */
  function pagesOf(list: { data: unknown[]; next?: string }[]): AsyncIterable<{
    url: string
    status: number
    data: unknown[]
    headers: { link?: string }
  }> & {
    asked: number
  } {
    const iterable = {
      asked: 0,
      async *[Symbol.asyncIterator]() {
        let url = 'https://api.github.com/x?per_page=100'
        for (const page of list) {
          iterable.asked++
          await Promise.resolve()
          yield { url, status: 200, data: page.data, headers: page.next === undefined ? {} : { link: `<${page.next}>; rel="next"` } }
          url = page.next ?? url
        }
      }
    }
    return iterable
  }

  it('recognises a page already read however its query is ordered', async () => {
    const pages = pagesOf([
      { data: [1], next: 'https://api.github.com/x?page=2&per_page=100' },
      { data: [2], next: 'https://api.github.com/x?per_page=100&page=2' },
      { data: [3] }
    ])
    const read = await readPages(pages, { pages: 10 }, (item: unknown) => item)
    expect([...read]).toEqual([1, 2])
    expect(read.cut).toBe(true)
    expect(pages.asked).toBe(2)
  })

  it('stops after the page holding the item it looks for', async () => {
    const pages = pagesOf([
      { data: [1, 2], next: 'https://api.github.com/x?page=2' },
      { data: [3, 4], next: 'https://api.github.com/x?page=3' },
      { data: [5] }
    ])
    const read = await readPages(pages, { pages: 3, until: (item: number) => item === 3 }, (item) => item as number)
    expect([...read]).toEqual([1, 2, 3, 4])
    expect(pages.asked).toBe(2)
  })

  it.each([
    [undefined, null],
    ['<https://h/x?page=2>; rel="next", <https://h/x?page=9>; rel="last"', 'https://h/x?page=2'],
    ['<https://h/x?page=1>; rel="prev"', null]
  ])('reads the next link of %j as %j', (link, next) => {
    expect(nextLink(link)).toBe(next)
  })
})
