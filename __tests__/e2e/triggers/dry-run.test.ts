/**
 * `dry-run: true`: the run validates, reads GitHub for the permission and the context, and shows the
 * prompt with its context block in the log and the summary; no request reaches the Mintlify API and
 * nothing is written to GitHub.
 */
import { afterEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { annotations } from '../harness.js'
import { githubCalls, mark, mintlifyCalls, runOn, startHelloWorld } from './helpers.js'
import { COMMENTER, commentPayload, PULL, pullRequestOpened, REPO } from '../../fixtures/webhook-payloads.js'

let sim: Simulator
afterEach(async () => {
  await sim.close()
})

/** GitHub requests that change something: everything but reads (GET) and the GraphQL identity query. */
function writes(calls: string[]): string[] {
  return calls.filter((call) => !call.startsWith('GET ') && call !== 'POST /api/graphql')
}

describe('dry-run: true', () => {
  test('on a pull request: the prompt and its context in the log and the summary, nothing sent, nothing written', async () => {
    sim = await startHelloWorld()
    const run = await runOn(sim, 'pull_request', pullRequestOpened(), { inputs: { 'dry-run': 'true', prompt: 'Document the new limits.' } })

    expect(run.exitCode).toBe(0)
    expect(sim.mintlifyRequests()).toEqual([])
    expect(writes(githubCalls(sim))).toEqual([])
    // Read, not written: the author's permission, the pull request's context, and its record (a skip would hold in a dry run too).
    expect(githubCalls(sim).sort()).toEqual([
      `GET /collaborators/${COMMENTER}/permission`,
      'GET /issues/2/comments',
      'GET /pulls/2/commits',
      'GET /pulls/2/files',
      'POST /api/graphql'
    ])
    expect(sim.github.comments(REPO, PULL)).toEqual([])
    expect(run.outputs).toMatchObject({ outcome: 'dry-run', 'job-id': '', 'pr-link': '', 'failure-reason': '', 'comment-url': '' })
    const [notice, ...more] = annotations(run, 'notice')
    expect(more).toEqual([])
    expect(notice).toMatch(/^Dry run: would create an agent job in project proj_sim with a \d+-character prompt; nothing was sent/)
    expect(run.log).toContain(`Dry run: the prompt POST /v2/agent/${sim.projectId}/job would carry`)
    expect(run.log).toContain('| Document the new limits.')
    expect(run.log).toMatch(/\| .*Update the README with new information/)
    expect(run.summary).toContain('Docs agent job (dry run)')
    expect(run.summary).toContain('Document the new limits.')
    expect(run.summary).toContain('<details open><summary>Context appended to the prompt</summary>')
  })

  test("a /docs reply on the agent's pull request: permission and marker read, the follow-up shown, no reaction, no reply", async () => {
    sim = await startHelloWorld()
    await runOn(sim, 'pull_request', pullRequestOpened())
    const before = mark(sim)
    const comments = sim.github.comments(REPO, 101).length
    const payload = commentPayload(sim, { body: '/docs Shorten the intro', on: 101, pullRequest: true })
    const run = await runOn(sim, 'issue_comment', payload, { inputs: { prompt: '', 'dry-run': 'true' } })

    expect(run.exitCode).toBe(0)
    expect(mintlifyCalls(sim, before)).toEqual([])
    expect(writes(githubCalls(sim, before))).toEqual([])
    expect(sim.github.comments(REPO, 101)).toHaveLength(comments + 1)
    expect(sim.github.comments(REPO, 101).find((c) => c.id === payload.comment.id)?.reactions).toEqual([])
    expect(run.outputs.outcome).toBe('dry-run')
    expect(annotations(run, 'notice')).toEqual([
      expect.stringMatching(/^Dry run: would send a follow-up message to job job_0001 with a 17-character prompt/)
    ])
    expect(run.log).toContain('| Shorten the intro')
    expect(run.summary).toContain('Docs agent follow-up (dry run)')
  })

  test('a commenter below min-permission is still denied, without a reply', async () => {
    sim = await startHelloWorld()
    sim.github.setPermission(REPO, 'Codertocat', 'read')
    const run = await runOn(sim, 'issue_comment', commentPayload(sim, { body: '/docs Fix it' }), {
      inputs: { prompt: '', 'dry-run': 'true' }
    })

    expect(run.outputs.outcome).toBe('denied')
    expect(sim.mintlifyRequests()).toEqual([])
    expect(writes(githubCalls(sim))).toEqual([])
  })
})
