/**
 * The GitHub calls the docs check makes, against the fake GitHub on 127.0.0.1 on a fake clock: a commit
 * status, requested reviewers, a comparison of two commits, and a pull request's author and merge.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type Simulator } from '../../../simulator/index.js'
import { connectTo, failureOf, fakeClock, preloadToolkit, requestsTo } from '../../fixtures/github-client.js'
import { rewriteServed } from '../../fixtures/rewritten-answers.js'

const REPO = 'octo-org/docs'
const HEAD_SHA = 'c0ffee'.padEnd(40, '0')
const BASE_SHA = '1'.repeat(40)

let sim: Simulator
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startSimulator()
  sim.github.addIssue(REPO, { number: 7, title: 'Add billing', pullRequest: true, user: 'dev', headSha: HEAD_SHA })
})
afterEach(async () => {
  await sim.close()
})

const connect = async (): Promise<Awaited<ReturnType<typeof connectTo>>['api']> => (await connectTo(sim)).api

describe('createCommitStatus', () => {
  const status = {
    state: 'pending',
    description: 'The docs agent is working (job j1)',
    targetUrl: 'https://ci/run/1',
    context: 'docs'
  } as const

  it('writes a status with its state, description, link and context on the commit', async () => {
    const api = await connect()

    await api.createCommitStatus(HEAD_SHA, status)

    expect(sim.github.statuses(REPO, HEAD_SHA)).toEqual([
      expect.objectContaining({ state: 'pending', description: status.description, target_url: 'https://ci/run/1', context: 'docs' })
    ])
  })

  it('cuts a description to the 140 characters GitHub accepts, and sends no link when there is none', async () => {
    const api = await connect()

    await api.createCommitStatus(HEAD_SHA, { ...status, state: 'failure', description: 'x'.repeat(200), targetUrl: null })

    const [written] = sim.github.statuses(REPO, HEAD_SHA)
    expect(written?.description).toHaveLength(140)
    expect(written?.target_url).toBeNull()
  })

  it("names the 'statuses: write' permission when GitHub refuses the write", async () => {
    sim.github.forbid('statuses')
    const api = await connect()

    const error = await failureOf(api.createCommitStatus(HEAD_SHA, status))

    expect(error.missingPermission).toBe('statuses: write')
    expect(error.message).toMatch(
      /^Could not set the docs status of commit c0ffee0 to pending: HTTP 403, the token lacks the 'statuses: write' permission; add it to the workflow's permissions: block/
    )
  })

  it('sends a status again after a 502, as a read: the latest per context wins', async () => {
    sim.injectFault({ route: 'github-status-create', status: 502 })
    const clock = fakeClock()
    const { api } = await connectTo(sim, { clock })

    await api.createCommitStatus(HEAD_SHA, status)

    expect(requestsTo(sim, 'POST', /\/statuses\/[0-9a-f]+$/)).toBe(2)
    expect(clock.waits).toEqual([500])
    expect(sim.github.statuses(REPO, HEAD_SHA)).toHaveLength(1)
  })
})

describe('requestReviewers', () => {
  it('asks collaborators and teams to review the pull request', async () => {
    sim.github.setPermission(REPO, 'alice', 'write')
    sim.github.addTeam(REPO, 'docs-team')
    const api = await connect()

    await api.requestReviewers(7, { users: ['alice'], teams: ['docs-team'] })

    expect(sim.github.requestedReviewers(REPO, 7)).toEqual({ users: ['alice'], teams: ['docs-team'] })
  })

  it('sends nothing when there is nobody to ask', async () => {
    const api = await connect()

    await api.requestReviewers(7, { users: [], teams: [] })

    expect(requestsTo(sim, 'POST', /requested_reviewers$/)).toBe(0)
  })

  it('fails with GitHub’s reason for a login that is not a collaborator', async () => {
    const api = await connect()

    const error = await failureOf(api.requestReviewers(7, { users: ['stranger'], teams: [] }))

    expect(error.status).toBe(422)
    expect(error.message).toMatch(
      /^Could not ask for reviews of pull request #7: HTTP 422, GitHub rejected the request as invalid \(server: "Reviews may only be requested from collaborators/
    )
    expect(sim.github.requestedReviewers(REPO, 7)).toEqual({ users: [], teams: [] })
  })

  it("names the 'pull-requests: write' permission when GitHub refuses", async () => {
    sim.github.forbid('pulls')
    const api = await connect()

    const error = await failureOf(api.requestReviewers(7, { users: ['alice'], teams: [] }))

    expect(error.missingPermission).toBe('pull-requests: write')
  })

  it('asks again after a 503, as a read: asking twice changes nothing', async () => {
    sim.github.setPermission(REPO, 'alice', 'write')
    sim.injectFault({ route: 'github-review-request', status: 503 })
    const api = await connect()

    await api.requestReviewers(7, { users: ['alice'], teams: [] })

    expect(requestsTo(sim, 'POST', /requested_reviewers$/)).toBe(2)
    expect(sim.github.requestedReviewers(REPO, 7)).toEqual({ users: ['alice'], teams: [] })
  })
})

describe('compare', () => {
  it('gives the commits head has that base has not, oldest first with their subjects, and the changed files', async () => {
    sim.github.setCompare(REPO, BASE_SHA, HEAD_SHA, {
      commits: ['Add invoices\n\nWith totals.', 'Document invoices'],
      files: ['src/invoices.ts', { filename: 'docs/invoices.mdx', status: 'added' }]
    })
    const api = await connect()

    const comparison = await api.compare(BASE_SHA, HEAD_SHA)

    expect(comparison).toEqual({
      status: 'ahead',
      totalCommits: 2,
      commits: [
        { sha: expect.stringMatching(/^[0-9a-f]{40}$/), subject: 'Add invoices' },
        { sha: HEAD_SHA, subject: 'Document invoices' }
      ],
      files: ['src/invoices.ts', 'docs/invoices.mdx'],
      listed: 2
    })
  })

  it('lists both names of a renamed file, and counts the files GitHub listed', async () => {
    sim.github.setCompare(REPO, BASE_SHA, HEAD_SHA, {
      commits: ['Move the API'],
      files: [
        { filename: 'lib/api.ts', status: 'renamed', previousFilename: 'src/api.ts' },
        { filename: 'lib/copy.ts', status: 'copied', previousFilename: 'src/copy.ts' }
      ]
    })
    const api = await connect()

    const comparison = await api.compare(BASE_SHA, HEAD_SHA)

    expect(comparison.files).toEqual(['lib/api.ts', 'src/api.ts', 'lib/copy.ts'])
    expect(comparison.listed).toBe(2)
  })

  it('reads one page of 100 commits with the files, and counts all of them', async () => {
    const messages = Array.from({ length: 150 }, (_, i) => `Commit ${i + 1}`)
    const paths = Array.from({ length: 120 }, (_, i) => `src/file-${i}.ts`)
    sim.github.setCompare(REPO, BASE_SHA, HEAD_SHA, { commits: messages, files: paths })
    const api = await connect()

    const comparison = await api.compare(BASE_SHA, HEAD_SHA)

    expect(comparison.totalCommits).toBe(150)
    expect(comparison.commits.map((c) => c.subject)).toEqual(messages.slice(0, 100))
    expect(comparison.files).toEqual(paths)
    const requests = sim.githubRequests().filter((r) => r.path.includes('/compare/'))
    expect(requests.map((r) => r.query.per_page)).toEqual(['100'])
  })

  it('tells a comparison without changed files apart from one GitHub answered without its files', async () => {
    sim.github.setCompare(REPO, BASE_SHA, HEAD_SHA, { commits: ['Merge main'], files: [] })
    const api = await connect()
    expect((await api.compare(BASE_SHA, HEAD_SHA)).files).toEqual([])

    // A comparison too large to diff: GitHub leaves `files` out of its answer.
    rewriteServed(sim, /\/compare\//, ({ files: _files, ...comparison }) => comparison)
    const withoutFiles = await api.compare(BASE_SHA, HEAD_SHA)

    expect(withoutFiles.files).toBeNull()
    expect(withoutFiles.commits.map((c) => c.subject)).toEqual(['Merge main'])
  })

  it('says which comparison GitHub does not know', async () => {
    const api = await connect()

    const error = await failureOf(api.compare(BASE_SHA, 'main'))

    expect(error.message).toBe(
      'Could not compare 1111111...main: HTTP 404, GitHub found no such thing, or the token cannot see it (server: "Not Found").'
    )
  })
})

describe('pull', () => {
  it('gives the author of a pull request, and that it is not merged', async () => {
    const api = await connect()

    expect(await api.pull(7)).toMatchObject({ number: 7, author: { login: 'dev', isBot: false }, merged: false, mergeSha: '' })
  })

  it('tells a bot author', async () => {
    sim.github.addIssue(REPO, { number: 8, title: 'Docs', pullRequest: true, user: 'mintlify[bot]' })
    const api = await connect()

    expect((await api.pull(8)).author).toEqual({ login: 'mintlify[bot]', isBot: true })
  })

  it('gives a merged pull request its merge commit; one closed unmerged has none', async () => {
    sim.github.addIssue(REPO, { number: 8, title: 'Docs', pullRequest: true })
    sim.github.closePull(REPO, 7, { merged: true })
    sim.github.closePull(REPO, 8)
    const api = await connect()

    const merged = await api.pull(7)
    expect(merged.merged).toBe(true)
    expect(merged.mergeSha).toMatch(/^[0-9a-f]{40}$/)
    expect(await api.pull(8)).toMatchObject({ merged: false, mergeSha: '' })
  })
})
