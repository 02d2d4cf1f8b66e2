/**
 * `pull_request` runs: one sticky status comment on the PR, updated from "working" to the result; the
 * context block read from the API; the introduction comment on the agent's own pull request.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { annotations, expectFailedWith } from '../harness.js'
import {
  bodyOf,
  expectCalls,
  githubCalls,
  githubRequestsTo,
  mark,
  mintlifyCalls,
  ownComments,
  plainText,
  promptOf,
  runOn,
  startHelloWorld
} from './helpers.js'
import { COMMENTER, PULL, PULL_COMMITS, PULL_FILES, REPO, REPO_URL, pullRequestOpened } from '../../fixtures/webhook-payloads.js'
import { at, defined, only } from '../../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const STATUS_MARKER = /^<!-- docs-agent-action:status [^\n]+ -->\n/

describe('pull_request opened', () => {
  test('posts one status comment saying "working", then updates it to the result with the PR link', async () => {
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 1 })
    const run = await runOn(sim, 'pull_request', pullRequestOpened())

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.outputs['job-id']).toBe('job_0001')
    expect(run.outputs['pr-link']).toBe(`${REPO_URL}/pull/101`)
    const status = at(sim.github.comments(REPO, PULL), 0, 'status comment')
    expectCalls(githubCalls(sim), [
      // The trust gate first: the author's permission (a pull request of this repository is judged like a command).
      `GET /collaborators/${COMMENTER}/permission`,
      ['GET /pulls/2/commits', 'GET /pulls/2/files', 'GET /issues/2/comments', 'POST /api/graphql'],
      'POST /issues/2/comments',
      `PATCH /issues/comments/${status.id}`,
      'GET /issues/101',
      'GET /issues/101/comments',
      // Whether it is the job's own pull request: in the job's repository, its branch there, opened after the job.
      'GET /pulls/101',
      'POST /issues/101/comments',
      'POST /issues/101/labels',
      // The run that introduces the agent's pull request asks the code pull request's author to review it.
      'POST /pulls/101/requested_reviewers'
    ])
    expect(mintlifyCalls(sim)).toEqual(['POST /job', 'GET /job/job_0001', 'GET /job/job_0001'])

    // "Working" went out once the job was accepted, before it finished.
    const working = String(bodyOf(at(githubRequestsTo(sim, 'POST /issues/2/comments'), 0, 'working comment')).body)
    expect(working).toMatch(STATUS_MARKER)
    expect(working).toMatch(/Docs agent is working/)
    expect(working).toContain('`job_0001`')
    // Then the same comment became the result.
    expect(sim.github.comments(REPO, PULL)).toHaveLength(1)
    expect(status.user.login).toBe(sim.github.identity)
    expect(status.body.split('\n')[0]).toBe(at(working.split('\n'), 0, 'marker line'))
    expect(status.body).not.toMatch(/is working/)
    expect(plainText(status.body)).toContain(`The docs agent opened a pull request: ${REPO_URL}/pull/101`)
    expect(status.body).toContain(`(${REPO_URL}/pull/101)`)
    expect(run.outputs['comment-url']).toBe(status.html_url)
  })

  test('pull_request_target is treated like pull_request: the sticky comment goes to that PR', async () => {
    const run = await runOn(sim, 'pull_request_target', pullRequestOpened())

    const comments = sim.github.comments(REPO, PULL)
    expect(comments).toHaveLength(1)
    const status = only(comments, 'status comment')
    expect(status.body).toMatch(STATUS_MARKER)
    expect(run.outputs['comment-url']).toBe(status.html_url)
    const prompt = promptOf(at(sim.mintlifyRequests(), 0, 'Mintlify request'))
    expect(prompt).toContain(`\nPull request: #2 ${REPO_URL}/pull/2`)
    expect(prompt).toContain('\nPull request title: Update the README with new information.\n')
  })

  test('appends a context block with the PR title, URL and head sha, and its commits (short sha, subject) and files from the API', async () => {
    await runOn(sim, 'pull_request', pullRequestOpened())

    const prompt = promptOf(at(sim.mintlifyRequests(), 0, 'create request'))
    const [request, context] = prompt.split('\n\n---\n')
    expect(request).toBe('Document the new rate limits')
    expect(defined(context, 'context block').split('\n')).toEqual(
      expect.arrayContaining([
        'Repository: Codertocat/Hello-World',
        'Event: pull_request (opened)',
        // The pull request's head: the change for the agent to read.
        `Pull request: #2 ${REPO_URL}/pull/2 (head ec26c3e57ca3a959ca5aad62de7213c562f8c821)`
      ])
    )
    // What contributors wrote goes in the data block, after the action's own lines.
    const data = defined(context, 'context block').split('<untrusted-data source="change">\n')[1]
    expect(defined(data, 'data block').split('\n')).toEqual([
      expect.stringMatching(/^Written by contributors/),
      'Pull request title: Update the README with new information.',
      ...PULL_COMMITS.map((subject) => expect.stringMatching(new RegExp(`^Commit: [0-9a-f]{7} ${subject}$`))),
      ...PULL_FILES.map((file) => `Changed file: ${file}`),
      '</untrusted-data>'
    ])
    // The title and URL come from the payload; only what it lacks is read.
    expect(githubCalls(sim)).not.toContain('GET /pulls/2')
  })

  test('a second run on the same pull request updates the same status comment', async () => {
    await runOn(sim, 'pull_request', pullRequestOpened())
    const first = at(sim.github.comments(REPO, PULL), 0, 'status comment')
    const second = mark(sim)
    const run = await runOn(sim, 'pull_request', pullRequestOpened())

    expect(run.outputs['job-id']).toBe('job_0002')
    expectCalls(githubCalls(sim, second), [
      // The trust gate first: the author's permission (a pull request of this repository is judged like a command).
      `GET /collaborators/${COMMENTER}/permission`,
      ['GET /pulls/2/commits', 'GET /pulls/2/files', 'GET /issues/2/comments', 'POST /api/graphql'],
      `PATCH /issues/comments/${first.id}`,
      `PATCH /issues/comments/${first.id}`,
      'GET /issues/102',
      'GET /issues/102/comments',
      'GET /pulls/102',
      'POST /issues/102/comments',
      'POST /issues/102/labels',
      'POST /pulls/102/requested_reviewers'
    ])
    const comments = sim.github.comments(REPO, PULL)
    expect(comments.map((c) => c.id)).toEqual([first.id])
    const status = only(comments, 'status comment')
    expect(status.body).toContain('`job_0002`')
    expect(status.body).toContain(`(${REPO_URL}/pull/102)`)
    expect(run.outputs['comment-url']).toBe(first.html_url)
  })

  test("a status marker copied into someone else's comment is not taken for the status comment", async () => {
    // A first run leaves the real sticky comment on #3, whose marker a user then pastes into #2.
    sim.github.addIssue(REPO, { number: 3, title: 'Another change', pullRequest: true })
    await runOn(sim, 'workflow_dispatch', {}, { inputs: { 'pr-number': '3', context: 'false' } })
    const marker = at(sim.github.comments(REPO, 3), 0, 'status comment on #3').body.split('\n')[0]
    expect(marker).toMatch(/^<!-- docs-agent-action:status /)
    const pasted = sim.github.addComment(REPO, PULL, { user: COMMENTER, body: `${marker}\nLooks like the bot's comment.` })

    const run = await runOn(sim, 'pull_request', pullRequestOpened())

    expect(annotations(run, 'warning')).toEqual([])
    expect(githubCalls(sim)).not.toContain(`PATCH /issues/comments/${pasted.id}`)
    const comments = sim.github.comments(REPO, PULL)
    expect(comments).toHaveLength(2)
    expect(at(comments, 0, 'pasted comment').body).toBe(pasted.body)
    const status = at(comments, 1, 'status comment')
    expect(status.user.login).toBe(sim.github.identity)
    expect(run.outputs['comment-url']).toBe(status.html_url)
  })

  test("the agent's pull request gets exactly one introduction comment with the job marker and the /docs hint", async () => {
    await runOn(sim, 'pull_request', pullRequestOpened())

    const intros = sim.github.comments(REPO, 101)
    expect(intros).toHaveLength(1)
    const intro = only(intros, 'introduction')
    expect(intro.user.login).toBe(sim.github.identity)
    expect(intro.body.split('\n')[0]).toBe('<!-- docs-agent-action:job job_0001 -->')
    expect(intro.body).toContain('`job_0001`')
    expect(intro.body).toContain(`pull request [#2](https://github.com/${REPO}/pull/2)`)
    expect(intro.body).toContain('`/docs <instruction>`')
    expect(intro.body).toContain(`(https://github.com/${REPO}/actions/runs/4242)`)
    // The status comment on #2 is not an introduction: no job marker there.
    expect(ownComments(sim, PULL).map((c) => c.body)).not.toContainEqual(expect.stringContaining('docs-agent-action:job'))
  })

  test('a job that opens no pull request leaves no introduction comment anywhere', async () => {
    sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 0 })
    const run = await runOn(sim, 'pull_request', pullRequestOpened())

    expect(run.outputs.outcome).toBe('no-changes')
    expectCalls(githubCalls(sim), [
      // The trust gate first: the author's permission (a pull request of this repository is judged like a command).
      `GET /collaborators/${COMMENTER}/permission`,
      ['GET /pulls/2/commits', 'GET /pulls/2/files', 'GET /issues/2/comments', 'POST /api/graphql'],
      'POST /issues/2/comments',
      `PATCH /issues/comments/${at(sim.github.comments(REPO, PULL), 0, 'status comment').id}`
    ])
    expect(plainText(at(sim.github.comments(REPO, PULL), 0, 'status comment').body)).toContain(
      'finished job job_0001 without opening a pull request'
    )
  })

  test('SIGINT while waiting: the status comment says the job may still be running, and the process exits within 5 s', async () => {
    sim.scriptNextJob({ outcome: 'never' })
    const run = await runOn(sim, 'pull_request', pullRequestOpened(), {
      inputs: { 'poll-interval': '10s', timeout: '5m' },
      cancelWhenLogHas: '::group::Waiting for job'
    })

    expect(run.exitAfterSignalMs).not.toBeNull()
    expect(run.exitAfterSignalMs).toBeLessThan(5000)
    expectFailedWith(run, 'cancelled', /cancelled while waiting; job job_0001 may still be running/)
    const comments = sim.github.comments(REPO, PULL)
    expect(comments).toHaveLength(1)
    const status = only(comments, 'status comment')
    expect(plainText(status.body)).toContain('cancelled while waiting; job job_0001 may still be running')
    expect(run.outputs['comment-url']).toBe(status.html_url)
    // No pull request, so nothing to introduce.
    expect(githubCalls(sim).filter((call) => call.includes('/issues/10'))).toEqual([])
  })

  test('with comments forbidden the job still runs, outputs are set, and one warning names pull-requests: write', async () => {
    sim.github.forbid('comments')
    const run = await runOn(sim, 'pull_request', pullRequestOpened())

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.outputs['job-id']).toBe('job_0001')
    expect(run.outputs['pr-link']).toBe(`${REPO_URL}/pull/101`)
    expect(run.outputs['comment-url']).toBe('')
    expect(run.summary).toContain(`${REPO_URL}/pull/101`)
    const warnings = annotations(run, 'warning')
    expect(warnings).toHaveLength(1)
    expect(only(warnings, 'warning')).toContain("'pull-requests: write'")
    expect(sim.github.comments(REPO, PULL)).toEqual([])
  })

  test("comment: false with context: false sends one GitHub request: the author's permission", async () => {
    const run = await runOn(sim, 'pull_request', pullRequestOpened(), { inputs: { comment: 'false', context: 'false' } })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(githubCalls(sim)).toEqual([`GET /collaborators/${COMMENTER}/permission`])
    expect(run.outputs['comment-url']).toBe('')
    expect(promptOf(at(sim.mintlifyRequests(), 0, 'Mintlify request'))).toBe('Document the new rate limits')
  })
})
