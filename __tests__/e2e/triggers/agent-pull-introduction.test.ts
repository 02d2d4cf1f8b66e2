/**
 * Agent pull requests are the agent's (issue 50, finding 8; DESIGN "The sweep"): the run introduces and
 * labels the pull request a job's `prLink` names only when it is in the job's `source.repository`, its head
 * branch there too, and opened at or after the job's `createdAt`. Whoever GitHub says opened it is no test
 * (Mintlify attributes the agent's pull requests to a member who connected GitHub). One GET of the pull
 * request; one that cannot be read is no introduction, with a warning. dist/index.js against the simulator,
 * on a code pull request's `pull_request` event in Hello-World, where the agent works too.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { githubCalls, ownComments, runOn, startHelloWorld } from './helpers.js'

const INTRODUCTION = '<!-- docs-agent-action:job job_0001'
const NOT_INTRODUCED = 'it is neither introduced nor labelled, and replies there start new jobs instead of follow-ups.'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** `at` in GitHub's whole seconds. */
const seconds = (at: number): string => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z')
const link = (number: number, repository = REPO): string => `https://github.com/${repository}/pull/${number}`

/** A pull request of Hello-World's, opened `at` by `user` from `headRepo` (this repository unless a fork is named). */
function plantPull(number: number, options: { at: number; user?: string; headRepo?: string; repo?: string }): void {
  sim.github.addIssue(options.repo ?? REPO, {
    number,
    title: `Pull request ${number}`,
    user: options.user ?? 'octocat',
    pullRequest: true,
    headRef: `change-${number}`,
    createdAt: seconds(options.at),
    ...(options.headRepo ? { headRepo: options.headRepo } : {})
  })
}

/** The job ends linking `prLink` (a record Mintlify could send), having opened no pull request of its own. */
function jobLinks(prLink: string, extra: Record<string, unknown> = {}): void {
  sim.scriptNextJob({ outcome: 'no-changes', extra: { prLink, ...extra } })
}

/** The code pull request's run, which waits for the job and then introduces its pull request. */
const codePullRun = (): Promise<ActionRun> => runOn(sim, 'pull_request', pullRequestOpened())

/** Whether the run wrote on pull request `number`: its introduction, its label. */
function expectUntouched(number: number, repo = REPO): void {
  expect(ownComments(sim, number, repo).filter((comment) => comment.body.includes(INTRODUCTION))).toEqual([])
  expect(sim.github.labels(repo, number)).toEqual([])
}

describe('the pull request prLink names is not the agent’s', () => {
  test("a person's pull request opened before the job: neither introduced nor labelled, one warning saying why", async () => {
    const opened = Date.now() - 86_400_000
    plantPull(50, { at: opened })
    jobLinks(link(50))

    const run = await codePullRun()

    expect(run.exitCode).toBe(0)
    expect(run.outputs['pr-link']).toBe(link(50))
    expectUntouched(50)
    const [warning, ...more] = annotations(run, 'warning')
    expect(more).toEqual([])
    expect(warning).toMatch(
      new RegExp(`^${REPO}#50 was opened at ${seconds(opened)}, before job job_0001 was created \\(\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\): `)
    )
    expect(warning).toContain(NOT_INTRODUCED)
    // No reviewer was asked there either.
    expect(sim.github.requestedReviewers(REPO, 50)).toEqual({ users: [], teams: [] })
  })

  test("a fork's pull request into the job's repository, opened after the job: its head branch is the fork's", async () => {
    plantPull(51, { at: Date.now() + 60_000, user: 'stranger', headRepo: 'stranger/Hello-World' })
    jobLinks(link(51))

    const run = await codePullRun()

    expectUntouched(51)
    expect(annotations(run, 'warning')).toEqual([
      `${REPO}#51's head branch is in stranger/Hello-World, not in ${REPO}: it is no pull request of the agent's, so ${NOT_INTRODUCED}`
    ])
  })

  test('a pull request in another repository than the job worked in: decided from the record, without reading the pull request', async () => {
    const OTHER = 'Codertocat/website'
    plantPull(5, { at: Date.now() + 60_000, repo: OTHER })
    jobLinks(link(5, OTHER))

    const run = await codePullRun()

    expectUntouched(5, OTHER)
    const there = sim.githubRequests().filter((request) => request.path.includes(`/repos/${OTHER}/`))
    expect(there.filter((request) => request.method !== 'GET' || request.path.endsWith('/pulls/5'))).toEqual([])
    expect(annotations(run, 'warning')).toEqual([
      `Job job_0001 worked in ${REPO}, not in ${OTHER}, so ${OTHER}#5 is not the agent's pull request: ${NOT_INTRODUCED}`
    ])
  })

  test('a job record without createdAt: the safe side, no introduction and no label, saying why', async () => {
    sim.scriptNextJob({ outcome: 'pr', extra: { createdAt: null } })

    const run = await codePullRun()

    expect(run.outputs['pr-link']).toBe(link(101))
    expectUntouched(101)
    expect(annotations(run, 'warning')).toEqual([
      `Job job_0001's record says no time it was created, so ${REPO}#101 cannot be told to be opened by it rather than before it: ${NOT_INTRODUCED}`
    ])
  })

  test('a job record without source.repository: the safe side, saying why', async () => {
    sim.scriptNextJob({ outcome: 'pr', extra: { source: { ref: 'main' } } })

    const run = await codePullRun()

    expectUntouched(101)
    expect(annotations(run, 'warning')).toEqual([
      `Job job_0001's record names no source repository, so ${REPO}#101 cannot be told to be the agent's pull request: ${NOT_INTRODUCED}`
    ])
  })

  test('the agent’s pull request that cannot be read: no introduction and no label, one warning', async () => {
    sim.route('GET', new RegExp(`/repos/${REPO}/pulls/101$`), () => ({ status: 404, json: { message: 'Not Found', status: '404' } }))

    const run = await codePullRun()

    expectUntouched(101)
    const [warning, ...more] = annotations(run, 'warning')
    expect(more).toEqual([])
    expect(warning).toMatch(/^Could not read pull request #101: HTTP 404/)
    expect(warning).toContain(
      `Whether ${REPO}#101 is the pull request job job_0001 opened cannot be told, so it is neither introduced nor labelled, and replies there start new jobs instead of follow-ups.`
    )
  })
})

describe('the pull request prLink names is the agent’s', () => {
  test("opened after the job by a member's account (Mintlify attributes it to them): introduced and labelled, one GET of it", async () => {
    plantPull(60, { at: Date.now() + 60_000, user: 'octocat' })
    jobLinks(link(60))

    const run = await codePullRun()

    expect(annotations(run, 'warning')).toEqual([])
    expect(ownComments(sim, 60).filter((comment) => comment.body.includes(INTRODUCTION))).toHaveLength(1)
    expect(sim.github.labels(REPO, 60)).toEqual(['docs-agent'])
    expect(githubCalls(sim).filter((call) => call === 'GET /pulls/60')).toHaveLength(1)
  })

  test("the agent's own pull request, opened in the second its job was created", async () => {
    const run = await codePullRun()

    expect(annotations(run, 'warning')).toEqual([])
    expect(ownComments(sim, 101).filter((comment) => comment.body.includes(INTRODUCTION))).toHaveLength(1)
    expect(sim.github.labels(REPO, 101)).toEqual(['docs-agent'])
  })
})
