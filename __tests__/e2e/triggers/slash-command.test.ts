/**
 * `issue_comment` runs: which comments are commands, who may run them (the collaborator-permission API,
 * never `author_association`), the reactions on the command and the reply that tells its status.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { annotations, expectFailedWith } from '../harness.js'
import {
  bodyOf,
  expectCalls,
  githubCalls,
  githubRequestsTo,
  mintlifyCalls,
  ownComments,
  plainText,
  promptOf,
  runOn,
  startHelloWorld
} from './helpers.js'
import {
  COMMENTER,
  type CommentOptions,
  commentPayload,
  ISSUE,
  PULL,
  PULL_COMMITS,
  PULL_FILES,
  REPO,
  REPO_URL
} from '../../fixtures/webhook-payloads.js'
import { at, defined, only } from '../../expect-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

/** A slash-command run: the workflow passes no prompt, the comment brings it. */
function command(options: CommentOptions, inputs: Record<string, string> = {}) {
  return runOn(sim, 'issue_comment', commentPayload(sim, options), { inputs: { prompt: '', ...inputs } })
}

/** The command comment: the first comment on the issue (the payload's). */
function commandComment(issue = ISSUE) {
  return at(sim.github.comments(REPO, issue), 0, 'command comment')
}

describe('an allowed commenter', () => {
  test('gets 👀 then 🚀 on the command, a reply updated from working to the result, and a job with the comment as prompt', async () => {
    const run = await command({ body: '/docs Fix the typo in the README.\nAnd mention the new flag.' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    const reply = at(sim.github.comments(REPO, ISSUE), 1, 'reply')
    expectCalls(githubCalls(sim), [
      `GET /collaborators/${COMMENTER}/permission`,
      `POST /issues/comments/${commandComment().id}/reactions`,
      'POST /issues/1/comments',
      `PATCH /issues/comments/${reply.id}`,
      ['POST /api/graphql', 'GET /issues/101', 'GET /issues/101/comments'],
      'GET /pulls/101',
      'POST /issues/101/comments',
      'POST /issues/101/labels',
      `POST /issues/comments/${commandComment().id}/reactions`
    ])
    expect(commandComment().reactions).toEqual(['eyes', 'rocket'])

    // A new job, the comment's text after the trigger being the prompt (then the context block).
    expect(mintlifyCalls(sim)).toEqual(['POST /job', 'GET /job/job_0001', 'GET /job/job_0001', 'GET /job/job_0001'])
    expect(promptOf(at(sim.mintlifyRequests(), 0, 'Mintlify request'))).toMatch(
      /^Fix the typo in the README\.\nAnd mention the new flag\.\n\n---\n[^]*\nEvent: issue_comment \(created\)$/
    )

    const working = String(bodyOf(at(githubRequestsTo(sim, 'POST /issues/1/comments'), 0, 'working comment')).body)
    expect(working).toMatch(/Docs agent is working/)
    expect(working).toContain('`job_0001`')
    expect(sim.github.comments(REPO, ISSUE)).toHaveLength(2)
    expect(reply.user.login).toBe(sim.github.identity)
    expect(plainText(reply.body)).toContain(`The docs agent opened a pull request: ${REPO_URL}/pull/101`)
    expect(run.outputs['comment-url']).toBe(reply.html_url)
  })

  test("on a pull request that is not the agent's, starts a new job with that pull request as context", async () => {
    const run = await command({ body: '/docs Document this change', on: PULL, pullRequest: true })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(mintlifyCalls(sim)[0]).toBe('POST /job')
    const prompt = promptOf(at(sim.mintlifyRequests(), 0, 'Mintlify request'))
    expect(prompt.startsWith('Document this change\n\n---\n')).toBe(true)
    expect(prompt).toContain(`\nPull request: #2 ${REPO_URL}/pull/2`)
    // The title, each commit with its short sha, then each file: contributors' text, in the data block.
    const data = prompt.slice(prompt.indexOf('<untrusted-data source="change">'))
    expect(data).toContain('\nPull request title: Update the README with new information.\n')
    for (const subject of PULL_COMMITS) expect(data).toMatch(new RegExp(`\\nCommit: [0-9a-f]{7} ${subject}\\n`))
    for (const file of PULL_FILES) expect(data).toContain(`\nChanged file: ${file}\n`)
    expect(data.endsWith('</untrusted-data>')).toBe(true)
    // The reply goes on the pull request, next to the command.
    const own = ownComments(sim, PULL)
    expect(own).toHaveLength(1)
    expect(run.outputs['comment-url']).toBe(only(own, 'own comment').html_url)
    expect(commandComment(PULL).reactions).toEqual(['eyes', 'rocket'])
  })

  test('a failed job gets 👀 then 😕 and a reply with the reason', async () => {
    sim.scriptNextJob({ outcome: 'failed', afterPolls: 0, extra: { error: 'Repository is not connected' } })
    const run = await command({ body: '/docs Fix the typo' })

    expectFailedWith(run, 'failed', /failed: Repository is not connected\.$/)
    expect(commandComment().reactions).toEqual(['eyes', 'confused'])
    const reply = at(sim.github.comments(REPO, ISSUE), 1, 'reply')
    expect(plainText(reply.body)).toContain('Repository is not connected')
    expect(run.outputs['comment-url']).toBe(reply.html_url)
  })

  test('the trigger is case-insensitive: /DOCS fix typo runs with the prompt "fix typo"', async () => {
    const run = await command({ body: '/DOCS fix typo' }, { context: 'false' })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(promptOf(at(sim.mintlifyRequests(), 0, 'Mintlify request'))).toBe('fix typo')
  })

  test("a custom trigger (/agent) runs, and the agent's pull request is told to use it", async () => {
    const run = await command({ body: '/agent fix typo' }, { trigger: '/agent', context: 'false' })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(promptOf(at(sim.mintlifyRequests(), 0, 'Mintlify request'))).toBe('fix typo')
    const intro = at(sim.github.comments(REPO, 101), 0, 'introduction')
    expect(intro.body).toContain('`/agent <instruction>`')
    expect(intro.body).not.toContain('/docs')
  })
})

describe('permission', () => {
  test('a custom repository role is judged by its base permission: docs-writer (write) may run the command at min-permission write', async () => {
    sim.github.setPermission(REPO, COMMENTER, { name: 'docs-writer', permission: 'write' })
    const run = await command({ body: '/docs Fix the typo' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(mintlifyCalls(sim)[0]).toBe('POST /job')
  })

  test('a custom role based on read is still denied at min-permission write', async () => {
    sim.github.setPermission(REPO, COMMENTER, { name: 'docs-reviewer', permission: 'read' })
    const run = await command({ body: '/docs Fix the typo' })

    expect(run.outputs.outcome).toBe('denied')
    expect(run.outputs['failure-reason']).toMatch(/Codertocat has read permission/)
    expect(mintlifyCalls(sim)).toEqual([])
  })

  test('a read-only commenter is denied under min-permission write: a short reply, 😕, and no Mintlify request', async () => {
    sim.github.setPermission(REPO, COMMENTER, 'read')
    const run = await command({ body: '/docs Fix the typo' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('denied')
    expect(run.outputs['failure-reason']).toMatch(/Codertocat has read permission.*write/)
    expect(annotations(run, 'notice')).toEqual([run.outputs['failure-reason']])
    expect(mintlifyCalls(sim)).toEqual([])
    const comments = sim.github.comments(REPO, ISSUE)
    const cmd = at(comments, 0, 'command comment')
    const reply = at(comments, 1, 'reply')
    expectCalls(githubCalls(sim), [
      `GET /collaborators/${COMMENTER}/permission`,
      'POST /issues/1/comments',
      `POST /issues/comments/${cmd.id}/reactions`
    ])
    expect(cmd.reactions).toEqual(['confused'])
    expect(reply.user.login).toBe(sim.github.identity)
    expect(reply.body.length).toBeLessThan(400)
    expect(plainText(reply.body)).toMatch(/needs the `write` permission .*your permission is `read`/)
    // Addressed to the commenter without pinging: the @ is broken.
    expect(reply.body).not.toMatch(/@Codertocat/)
    expect(run.outputs['comment-url']).toBe(reply.html_url)
  })

  test('a stranger is denied although the payload calls them OWNER: only the permission API counts', async () => {
    sim.github.setPermission(REPO, COMMENTER, null)
    const payload = commentPayload(sim, { body: '/docs Fix the typo' })
    expect(payload.comment.author_association).toBe('OWNER')
    const run = await runOn(sim, 'issue_comment', payload, { inputs: { prompt: '' } })

    expect(run.outputs.outcome).toBe('denied')
    expect(mintlifyCalls(sim)).toEqual([])
    expect(commandComment().reactions).toEqual(['confused'])
    expect(at(sim.github.comments(REPO, ISSUE), 1, 'reply').body).toContain('not a collaborator')
  })

  test('min-permission: read lets the read-only commenter run', async () => {
    sim.github.setPermission(REPO, COMMENTER, 'read')
    const run = await command({ body: '/docs Fix the typo' }, { 'min-permission': 'read' })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(mintlifyCalls(sim)[0]).toBe('POST /job')
    expect(commandComment().reactions).toEqual(['eyes', 'rocket'])
  })
})

describe('comments that are not commands', () => {
  test("a bot's comment is skipped without any request", async () => {
    const run = await command({ body: '/docs Fix the typo', login: 'docs-helper', userType: 'Bot' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(githubCalls(sim)).toEqual([])
    expect(mintlifyCalls(sim)).toEqual([])
  })

  test('an edited comment is skipped without any request, even when it is a command', async () => {
    const run = await command({ body: '/docs Fix the typo', action: 'edited' })

    expect(run.outputs.outcome).toBe('skipped')
    expect(githubCalls(sim)).toEqual([])
    expect(mintlifyCalls(sim)).toEqual([])
  })

  test.each([
    ["the example's own text", "You are totally right! I'll get this fixed right away."],
    ['a longer word', '/docsify x'],
    ['a quoted command', '> /docs x'],
    ['the trigger later in the line', 'Please /docs x'],
    ['the trigger on a later line', 'Thanks!\n/docs x']
  ])('%s is skipped without any request', async (_, body) => {
    const run = await command({ body })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(annotations(run, 'notice')).toHaveLength(1)
    expect(githubCalls(sim)).toEqual([])
    expect(mintlifyCalls(sim)).toEqual([])
  })

  test('with trigger /agent, /docs is not a command', async () => {
    const run = await command({ body: '/docs fix typo' }, { trigger: '/agent' })

    expect(run.outputs.outcome).toBe('skipped')
    expect(githubCalls(sim)).toEqual([])
    expect(mintlifyCalls(sim)).toEqual([])
  })

  test.each(['/docs help', '/docs', '/docs   \n  '])('%j gets the usage as a reply and starts nothing', async (body) => {
    const run = await command({ body })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(mintlifyCalls(sim)).toEqual([])
    // The permission comes first, even for help: only people who may run commands get the usage.
    expect(githubCalls(sim)).toEqual(['GET /collaborators/Codertocat/permission', 'POST /issues/1/comments'])
    const reply = at(sim.github.comments(REPO, ISSUE), 1, 'reply')
    expect(reply.body).toContain('`/docs <instruction>`')
    expect(reply.body).toContain('`/docs help`')
    expect(run.outputs['comment-url']).toBe(reply.html_url)
  })

  test('a stranger asking for help gets the refusal, not the usage', async () => {
    sim.github.setPermission(REPO, COMMENTER, null)
    const run = await command({ body: '/docs help' })

    expect(run.outputs.outcome).toBe('denied')
    const reply = at(sim.github.comments(REPO, ISSUE), 1, 'reply')
    expect(reply.body).toMatch(/needs the `write` permission/)
    expect(reply.body).not.toContain('`/docs help`')
  })
})

describe('comment: false', () => {
  test('the permission is still checked, but there is no reply, no reaction and no introduction', async () => {
    const run = await command({ body: '/docs Fix the typo' }, { comment: 'false' })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(githubCalls(sim)).toEqual([`GET /collaborators/${COMMENTER}/permission`])
    expect(sim.github.comments(REPO, ISSUE)).toHaveLength(1)
    expect(commandComment().reactions).toEqual([])
    expect(run.outputs['comment-url']).toBe('')
  })

  test('a denied commenter gets no reply and no reaction either', async () => {
    sim.github.setPermission(REPO, COMMENTER, 'triage')
    const run = await command({ body: '/docs Fix the typo' }, { comment: 'false' })

    expect(run.outputs.outcome).toBe('denied')
    expect(githubCalls(sim)).toEqual([`GET /collaborators/${COMMENTER}/permission`])
    expect(mintlifyCalls(sim)).toEqual([])
    expect(commandComment().reactions).toEqual([])
  })
})

describe('without GitHub access', () => {
  test('an empty github-token fails in one sentence naming github-token, before any request', async () => {
    const run = await command({ body: '/docs Fix the typo' }, { 'github-token': '' })

    expectFailedWith(run, 'failed', /github-token/)
    expect(run.outputs['failure-reason']).toMatch(/^[^\n]+\.$/)
    expect(defined(run.outputs['failure-reason'], 'failure-reason').split(/\.\s+[A-Z]/)).toHaveLength(1)
    expect(mintlifyCalls(sim)).toEqual([])
    expect(githubCalls(sim)).toEqual([])
  })

  test('with comments forbidden the job still runs and one warning names issues: write', async () => {
    // No pull request from the agent: only the issue's permission is missing (the PR case is in pull-request.test.ts).
    sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 1 })
    const payload = commentPayload(sim, { body: '/docs Fix the typo' })
    sim.github.forbid('comments')
    const run = await runOn(sim, 'issue_comment', payload, { inputs: { prompt: '' } })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('no-changes')
    expect(run.outputs['job-id']).toBe('job_0001')
    expect(run.outputs['comment-url']).toBe('')
    expect(commandComment().reactions).toEqual(['eyes', 'rocket'])
    const warnings = annotations(run, 'warning')
    expect(warnings).toHaveLength(1)
    expect(only(warnings, 'warning')).toContain("'issues: write'")
  })
})
