/**
 * The trust gate of the operations that do not steer the agent, in-process (src/main.ts against the
 * simulator): `operation: gate` answers `steer` for each kind of steerer and writes nothing; `deploy`, behind
 * the same gate, starts under a permitted comment, is denied under a reader's (one short reply where they
 * wrote, unless comment or dry-run say not to), skips an edited comment, and cannot judge a commenter
 * without a token.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, jest, it } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { startHelloWorld } from '../../e2e/triggers/helpers.js'
import * as core from '../../fixtures/core.js'
import { preloadToolkit } from '../../fixtures/github-client.js'
import { runInProcess, type InProcessRun } from '../../fixtures/in-process.js'
import { commentPayload, COMMENTER, PULL, pullRequestOpened, pushPayload, REPO, schedulePayload } from '../../fixtures/webhook-payloads.js'

jest.unstable_mockModule('@actions/core', () => core)
const { run } = await import('../../../src/main.js')

let sim: Simulator
beforeAll(preloadToolkit)
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.github.setPermission(REPO, 'reader', 'read')
})
afterEach(async () => {
  await sim.close()
})

function runUnder(eventName: string, event: unknown, inputs: Record<string, string>): Promise<InProcessRun> {
  return runInProcess(run, sim, { eventName, event, inputs, repository: REPO })
}

/** A gate step, with no key (a gate needs none). */
const gate = (eventName: string, event: unknown, inputs: Record<string, string> = {}): Promise<InProcessRun> =>
  runUnder(eventName, event, { operation: 'gate', 'api-key': '', ...inputs })

/** A `/docs` comment on pull request #2 by `login`, already in the fake GitHub. */
const commentBy = (login: string, action: 'created' | 'edited' = 'created'): unknown =>
  commentPayload(sim, { body: '/docs deploy the docs', on: PULL, pullRequest: true, login, action })

const writes = (): string[] =>
  sim
    .githubRequests()
    .filter((request) => request.method !== 'GET' && request.path !== '/api/graphql')
    .map((request) => `${request.method} ${request.path}`)

describe('operation: gate', () => {
  it.each([
    ['a permitted commenter', 'issue_comment', (): unknown => commentBy(COMMENTER), `${COMMENTER}'s comment may steer this run.`],
    [
      'a schedule',
      'schedule',
      schedulePayload,
      'the workflow itself (a schedule, a dispatch or another event only writers cause) may steer this run.'
    ],
    ['a push', 'push', pushPayload, `a push by ${COMMENTER} may steer this run.`],
    [
      'a pull request from this repository by a writer',
      'pull_request',
      pullRequestOpened,
      `a pull request from this repository by ${COMMENTER} may steer this run.`
    ]
  ])('%s: steer true, the steerer named, nothing written', async (_, eventName, payload, said) => {
    const result = await gate(eventName, payload())
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'failure-reason': '', steer: 'true' })
    expect(result.log).toContain(`steer is true: ${said}`)
    expect(result.errors).toEqual([])
    expect(writes()).toEqual([])
    expect(sim.mintlifyRequests()).toEqual([])
  })

  it("a fork's pull request: steer true, for it waits for a maintainer by itself", async () => {
    const payload = pullRequestOpened() as unknown as { pull_request: { head: { repo: Record<string, unknown> } } }
    payload.pull_request.head.repo.full_name = 'stranger/Hello-World'
    const result = await gate('pull_request', payload)
    expect(result.outputs.steer).toBe('true')
    expect(result.log).toContain(`steer is true: a fork's pull request by ${COMMENTER}, which waits for a maintainer by itself`)
    expect(sim.githubRequests()).toEqual([])
  })

  it("a reader's pull request from this repository: steer true, for its run waits for a maintainer by itself", async () => {
    sim.github.setPermission(REPO, COMMENTER, 'read')
    const result = await gate('pull_request', pullRequestOpened())
    expect(result.outputs.steer).toBe('true')
    expect(result.log).toContain(
      `steer is true: a pull request by ${COMMENTER}, who may not steer it, which waits for a maintainer by itself may steer this run.`
    )
    expect(writes()).toEqual([])
  })

  it('a reader’s comment: steer false with the reason, as a notice, nothing written', async () => {
    const result = await gate('issue_comment', commentBy('reader'))
    expect(result.outputs).toMatchObject({ outcome: 'skipped', steer: 'false' })
    expect(result.log).toContain(
      'notice: steer is false: reader has read permission on this repository; the comment needs write or higher.'
    )
    expect(writes()).toEqual([])
  })

  it('an edited comment steers nothing: steer false, and no role is read', async () => {
    const payload = commentBy(COMMENTER, 'edited')
    const before = sim.githubRequests().length
    const result = await gate('issue_comment', payload)
    expect(result.outputs.steer).toBe('false')
    expect(result.log).toMatch(/steer is false: /)
    expect(sim.githubRequests().slice(before)).toEqual([])
  })
})

describe('deploy behind the same gate', () => {
  const deploy = (event: unknown, inputs: Record<string, string> = {}): Promise<InProcessRun> =>
    runUnder('issue_comment', event, { operation: 'deploy', prompt: '', wait: 'false', ...inputs })

  it("a permitted commenter's comment starts the deployment", async () => {
    const result = await deploy(commentBy(COMMENTER))
    expect(result.outputs.outcome).toBe('started')
    expect(result.errors).toEqual([])
    expect(sim.mintlifyRequests().filter((request) => request.method === 'POST')).toHaveLength(1)
  })

  it("a reader's comment is denied, one reply where they wrote says why, and nothing is started", async () => {
    const result = await deploy(commentBy('reader'))
    expect(result.outputs.outcome).toBe('denied')
    expect(result.outputs['failure-reason']).toMatch(/^reader has read permission on this repository; .* Nothing was started\.$/)
    expect(sim.mintlifyRequests()).toEqual([])
    expect(writes()).toEqual([`POST /api/v3/repos/${REPO}/issues/${PULL}/comments`])
    // The mention is broken with a zero-width space: the reply names them without pinging them again.
    expect(sim.github.comments(REPO, PULL).at(-1)?.body).toBe(
      '@\u200breader: this comment needs the `write` permission on this repository or higher, and your permission is `read`, so nothing was started (deploy).\n'
    )
  })

  it.each([
    ['comment: false', { comment: 'false' }],
    ['dry-run: true', { 'dry-run': 'true' }]
  ])('with %s the denial writes no reply', async (_, inputs) => {
    const result = await deploy(commentBy('reader'), inputs)
    expect(result.outputs.outcome).toBe('denied')
    expect(writes()).toEqual([])
  })

  it('a reply GitHub refuses is one warning; the run is still denied', async () => {
    sim.github.forbid('comments')
    const result = await deploy(commentBy('reader'))
    expect(result.outputs.outcome).toBe('denied')
    expect(result.warnings).toEqual([expect.stringMatching(/^The refusal could not be posted: /)])
  })

  it('an edited comment is skipped quietly: nothing read, nothing started', async () => {
    const payload = commentBy(COMMENTER, 'edited')
    const before = sim.githubRequests().length
    const result = await deploy(payload)
    expect(result.outputs).toMatchObject({ outcome: 'skipped', 'failure-reason': '' })
    expect(sim.githubRequests().slice(before)).toEqual([])
    expect(sim.mintlifyRequests()).toEqual([])
  })

  it("without a token a commenter's permission cannot be checked: the run fails saying so, and starts nothing", async () => {
    const result = await deploy(commentBy(COMMENTER), { 'github-token': '' })
    expect(result.outputs.outcome).toBe('failed')
    expect(result.errors).toEqual([
      "The issue_comment event was started by a person, whose permission must be checked, and input 'github-token' is empty: nothing was started."
    ])
    expect(sim.mintlifyRequests()).toEqual([])
  })
})
