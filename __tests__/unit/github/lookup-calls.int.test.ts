/**
 * The reads a trust decision rests on (src/github/calls/lookups.ts), through the real client against the
 * fake GitHub: a pull request's origin (is it the agent's?), and the issue search for the pull requests that
 * contain a commit (may a named status be another's?), whose answer is complete only when GitHub says so
 * and its count is all that was read.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startSimulator, type Simulator } from '../../../simulator/index.js'
import { connectTo, preloadToolkit, SIM_REPO } from '../../fixtures/github-client.js'

const REPO = `${SIM_REPO.owner}/${SIM_REPO.repo}`
const SHA = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'

let sim: Simulator
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

describe('pullOrigin', () => {
  it("reads where a pull request is, where its head branch is, and when it was opened: a fork's head is the fork's", async () => {
    sim.github.addIssue(REPO, { number: 7, title: 'Own', pullRequest: true, createdAt: '2026-12-07T10:02:00Z' })
    sim.github.addIssue(REPO, { number: 8, title: 'Fork', pullRequest: true, headRepo: 'stranger/docs', createdAt: '2026-12-07T09:00:00Z' })
    const { api } = await connectTo(sim)

    expect(await api.lookups.pullOrigin(7)).toEqual({ repository: REPO, headRepository: REPO, createdAt: '2026-12-07T10:02:00Z' })
    expect(await api.lookups.pullOrigin(8)).toEqual({
      repository: REPO,
      headRepository: 'stranger/docs',
      createdAt: '2026-12-07T09:00:00Z'
    })
  })

  it('names the pull request and the permission when it cannot be read', async () => {
    const { api } = await connectTo(sim)
    await expect(api.lookups.pullOrigin(99)).rejects.toThrow(/^Could not read pull request #99: HTTP 404/)
  })
})

describe('pullsWithCommit', () => {
  /** Pull request `number` whose head is SHA; closed without merging when `closed`. */
  function pullAt(number: number, closed = false): void {
    sim.github.addIssue(REPO, { number, title: `Pull ${number}`, pullRequest: true, headSha: SHA })
    if (closed) sim.github.closePull(REPO, number)
  }

  it('finds open and closed pull requests that contain the commit, by its sha, and only those: one request', async () => {
    pullAt(1)
    pullAt(2, true)
    sim.github.addIssue(REPO, { number: 3, title: `Mentions ${SHA.slice(0, 7)} in its title`, pullRequest: true })
    sim.github.addIssue(REPO, { number: 4, title: 'An issue', headSha: SHA })
    const { api } = await connectTo(sim)
    const before = sim.githubRequests().length

    expect(await api.lookups.pullsWithCommit(SHA)).toEqual({ numbers: [2, 1], complete: true })
    const requests = sim.githubRequests().slice(before)
    expect(requests.map((request) => `${request.method} ${request.path} ${request.query.q}`)).toEqual([
      `GET /api/v3/search/issues repo:${REPO} is:pr ${SHA}`
    ])
  })

  it('is incomplete when GitHub says its search timed out', async () => {
    pullAt(1)
    pullAt(2, true)
    sim.github.searchOptions.incompleteResults = true
    const { api } = await connectTo(sim)

    expect(await api.lookups.pullsWithCommit(SHA)).toEqual({ numbers: [2], complete: false })
  })

  it('is incomplete when GitHub counts more than its page of 100 holds', async () => {
    for (let number = 1; number <= 101; number++) pullAt(number, true)
    const { api } = await connectTo(sim)

    const found = await api.lookups.pullsWithCommit(SHA)

    expect(found.numbers).toHaveLength(100)
    expect(found.complete).toBe(false)
  })

  it('fails, naming the search, when GitHub refuses it', async () => {
    sim.route('GET', /^\/api\/v3\/search\/issues$/, () => ({ status: 422, json: { message: 'Validation Failed', status: '422' } }))
    const { api } = await connectTo(sim)

    await expect(api.lookups.pullsWithCommit(SHA)).rejects.toThrow(
      new RegExp(`^Could not search the pull requests of ${REPO} that contain ${SHA.slice(0, 7)}: HTTP 422`)
    )
  })
})
