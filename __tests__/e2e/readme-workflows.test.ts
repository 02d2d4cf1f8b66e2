/**
 * The workflows the README and the pages of agent jobs, the docs check, the agent's failing checks,
 * analytics and docs health tell users to copy are the ones tested here: each is read from the page that
 * holds it, its `with:` inputs and its event are used as they stand (secrets and variables filled in by the
 * simulator), and the run must do what the page promises. The deployment pages' workflows are in readme-deploy-workflows.test.ts.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../scripts/run-action.js'
import type { Simulator } from '../../simulator/index.js'
import { githubCalls, promptOf, runOn, startHelloWorld } from './triggers/helpers.js'
import {
  checkSuitePayload,
  COMMENTER,
  commentPayload,
  PULL,
  pullRequestOpened,
  PULL_HEAD_SHA,
  PUSH_SHA,
  labeledPayload,
  pushPayload,
  REPO,
  REPO_URL,
  schedulePayload
} from '../fixtures/webhook-payloads.js'
import { runAgainst } from './harness.js'
import { actionRun, gateRun, pageWorkflows, type StepRun, workflowNamed } from './readme-helpers.js'
import { output } from './harness.js'
import { at, defined, only } from '../expect-helpers.js'

/** A data window from 60 days ago to tomorrow, so the pages' relative ranges always find data. */
function dataAroundToday(): { from: string; to: string } {
  const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  return { from: day(-60), to: day(2) }
}

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

describe('the pages this file reads', () => {
  test.each([
    ['README.md', ['Docs agent on push', 'Weekly docs refresh', 'Docs slash command']],
    ['docs/agent-jobs.md', ['Docs label', 'Docs agent from the code repository', 'Docs agent replies in the docs repository']],
    ['docs/docs-check.md', ['Docs check in one repository', 'Docs check']],
    ['docs/fix-checks.md', ["Docs agent fixes its pull request's checks"]],
    ['docs/analytics.md', ['Weekly docs analytics', 'Docs analytics for every project']],
    ['docs/docs-health.md', ['Weekly docs health', 'Weekly docs improvement']]
  ] as const)('%s holds exactly the workflows tested below, none left untested', (page, names) => {
    expect(pageWorkflows(page).map((workflow) => workflow.name)).toEqual(names)
  })
})

describe('README workflow 1: on push', () => {
  test('runs on push with a paths filter and a concurrency group, and comments on the PR of the commit', async () => {
    const workflow = workflowNamed('README.md', 'Docs agent on push')
    expect(Object.keys(workflow.on)).toEqual(['push'])
    expect((workflow.on.push as { paths: string[] }).paths.length).toBeGreaterThan(0)
    expect(workflow).toHaveProperty('concurrency.group')
    // issues: write: the run labels the agent's pull request docs-agent, creating the label the first time.
    expect(workflow.permissions).toEqual({ contents: 'read', issues: 'write', 'pull-requests': 'write' })

    sim.github.linkCommit(REPO, PUSH_SHA, [PULL])
    const run = await runOn(sim, 'push', pushPayload(), actionRun(workflow, sim))
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(sim.github.comments(REPO, PULL)).toHaveLength(1)
    expect(sim.github.labels(REPO, Number(output(run, 'pr-number')))).toEqual(['docs-agent'])
    expect(sim.github.repositoryLabels(REPO)).toContain('docs-agent')
    const status = only(sim.github.comments(REPO, PULL), 'status comment')
    expect(status.body).toContain(run.outputs['pr-link'])
    expect(run.outputs['comment-url']).toBe(status.html_url)
    expect(promptOf(at(sim.mintlifyRequests(), 0, 'create request'))).toMatch(
      /^Update the documentation for the changes in this push\.\n\n---\n[\s\S]*\nCommit: 6113728 Initial commit\n(?:.*\n)*Changed file: README\.md\n<\/untrusted-data>/
    )
    expect(run.outputs.grouped).toBe('new')

    // group-runs: the next push to the branch goes to the same job and pull request, as a follow-up.
    const next = await runOn(sim, 'push', pushPayload(), actionRun(workflow, sim))
    expect(next.outputs).toMatchObject({
      outcome: 'pr-opened',
      grouped: 'continued',
      'job-id': output(run, 'job-id'),
      'pr-link': run.outputs['pr-link']
    })
    expect(sim.jobs.size).toBe(1)
  })
})

describe('README workflow 2: weekly refresh', () => {
  test('runs on schedule with the prompt file from the checkout; the result goes to the summary', async () => {
    const workflow = workflowNamed('README.md', 'Weekly docs refresh')
    expect(Object.keys(workflow.on).sort()).toEqual(['schedule', 'workflow_dispatch'])
    const stepRun = actionRun(workflow, sim)
    expect(stepRun.inputs['prompt-file']).toBe('.github/docs-agent/weekly-refresh.md')
    const promptFile = defined(stepRun.inputs['prompt-file'], 'prompt-file input')

    const run = await runOn(sim, 'schedule', schedulePayload(), {
      ...stepRun,
      files: { [promptFile]: 'Refresh every page that mentions the v1 API.\n' }
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(run.summary).toContain(run.outputs['pr-link'])
    expect(promptOf(at(sim.mintlifyRequests(), 0, 'create request'))).toMatch(
      /^Refresh every page that mentions the v1 API\.\n\n---\n[\s\S]*Event: schedule/
    )
    // No pull request of its own: the only comment is the introduction on the agent's pull request.
    const agentPull = Number(run.outputs['pr-number'])
    expect(githubCalls(sim).filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/graphql',
      `POST /issues/${agentPull}/comments`,
      `POST /issues/${agentPull}/labels`
    ])
  })
})

describe('README workflow 3: slash command', () => {
  test('the if: lets a /docs comment through and the action runs it as a new job', async () => {
    const workflow = workflowNamed('README.md', 'Docs slash command')
    expect(workflow.on).toEqual({ issue_comment: { types: ['created'] } })
    expect(workflow.permissions).toEqual({ issues: 'write', 'pull-requests': 'write' })
    const job = at(Object.values(workflow.jobs), 0, 'job')
    expect(job.if).toBe("startsWith(github.event.comment.body, '/docs') && github.event.comment.user.type != 'Bot'")

    const payload = commentPayload(sim, { body: '/docs Fix the spelling error in the README' })
    const run = await runOn(sim, 'issue_comment', payload, actionRun(workflow, sim))
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(promptOf(at(sim.mintlifyRequests(), 0, 'create request'))).toMatch(/^Fix the spelling error in the README\n\n---/)
    const command = sim.github.comments(REPO, 1).find((c) => c.id === payload.comment.id)
    expect(command?.reactions).toEqual(['eyes', 'rocket'])
  })
})

describe('docs/agent-jobs.md: a label', () => {
  test('the if: lets the docs label through; the issue becomes a job and the label is removed', async () => {
    const workflow = workflowNamed('docs/agent-jobs.md', 'Docs label')
    expect(workflow.on).toEqual({ issues: { types: ['labeled'] }, pull_request_target: { types: ['labeled'] } })
    expect(workflow.permissions).toEqual({ issues: 'write', 'pull-requests': 'write' })
    expect(at(Object.values(workflow.jobs), 0, 'job').if).toBe("github.event.label.name == 'docs'")

    const run = await runOn(sim, 'issues', labeledPayload(sim, { label: 'docs' }), actionRun(workflow, sim))
    expect(run.outputs.outcome).toBe('pr-opened')
    expect(promptOf(at(sim.mintlifyRequests(), 0, 'create request'))).toMatch(
      /^Update the documentation for what this asks or changes\.\n\n<untrusted-data source="issue">\n.*\nTitle: Spelling error in the README file\n/
    )
    expect(sim.github.labels(REPO, 1)).toEqual([])
  })
})

describe('docs/agent-jobs.md: docs in another repository', () => {
  test('the code repository introduces the job in the docs repository with the App token; a /docs reply there is a follow-up', async () => {
    const code = workflowNamed('docs/agent-jobs.md', 'Docs agent from the code repository')
    const docs = workflowNamed('docs/agent-jobs.md', 'Docs agent replies in the docs repository')
    const codeJob = at(Object.values(code.jobs), 0, 'code job')
    const appStep = codeJob.steps.find((step) => step.uses?.startsWith('actions/create-github-app-token@'))
    expect(appStep).toHaveProperty('id', 'app-token')
    // A fork's run has no secrets: the App token is not asked for (it would fail), and the action ends skipped.
    // On the default branch (pull_request_target), where the key's environment admits the run: a fork's run has
    // the secrets too, and the action itself makes it wait for a maintainer.
    expect(code.on).toEqual({ pull_request_target: { types: ['opened', 'synchronize'] } })
    expect(appStep?.if).toBeUndefined()
    expect(String(appStep?.with?.repositories).split(',')).toEqual(['api', 'docs'])
    // The App's token does everything; the workflow's own token is given nothing.
    expect(code.permissions).toEqual({})
    expect(appStep?.with).toMatchObject({ 'permission-pull-requests': 'write', 'permission-issues': 'write' })
    expect(docs.on).toEqual({ issue_comment: { types: ['created'] } })
    expect(docs.permissions).toEqual({ issues: 'write', 'pull-requests': 'write' })

    // The App: installed on both repositories, acting as the login the docs workflow lists in marker-authors.
    const docsRun = actionRun(docs, sim)
    const appLogin = defined(docsRun.inputs['marker-authors'], 'marker-authors')
    expect(appLogin).toMatch(/\[bot\]$/)
    // The docs repository the code workflow names in docs-repository is where the agent opens its pull requests.
    const codeRun = (): StepRun => actionRun(code, sim, {}, { 'steps.app-token.outputs.token': 'ghs_app_token' })
    const docsRepo = defined(codeRun().inputs['docs-repository'], 'docs-repository')
    expect(codeRun().inputs['group-runs']).toBe('true')
    await sim.close()
    sim = await startHelloWorld({ prRepository: `https://github.com/${docsRepo}` })
    sim.github.setPermission(docsRepo, COMMENTER, 'write')
    sim.github.addToken('ghs_app_token', { identity: appLogin, repositories: { [REPO]: 'write', [docsRepo]: 'write' } })

    const first = await runOn(sim, 'pull_request_target', pullRequestOpened(), codeRun())
    expect(first.outputs).toMatchObject({ outcome: 'pr-opened', 'pr-repository': docsRepo })
    const agentPull = Number(output(first, 'pr-number'))
    expect(only(sim.github.comments(docsRepo, agentPull), 'introduction').user.login).toBe(appLogin)

    // The docs workflow runs with its own GITHUB_TOKEN (another identity) and the recipe's inputs.
    const payload = commentPayload(sim, { body: '/docs Mention the new limits page', on: agentPull, pullRequest: true, repo: docsRepo })
    const reply = await runAgainst(sim, {
      eventName: 'issue_comment',
      event: payload,
      repository: docsRepo,
      ...actionRun(docs, sim)
    })
    expect(reply.outputs).toMatchObject({ outcome: 'pr-opened', 'job-id': output(first, 'job-id') })
    expect(sim.jobs.get(output(first, 'job-id'))?.messages).toEqual(['Mention the new limits page'])
    expect(sim.jobs.size).toBe(1)

    // group-runs with docs-repository: the code pull request's next run continues the same docs pull request.
    const next = await runOn(sim, 'pull_request_target', pullRequestOpened(), codeRun())
    expect(next.outputs).toMatchObject({ grouped: 'continued', 'job-id': output(first, 'job-id'), 'pr-link': first.outputs['pr-link'] })
    expect(sim.jobs.size).toBe(1)
  })
})

describe("docs/agent-jobs.md: a fork's pull request in the code repository", () => {
  test('ends skipped, waiting for a maintainer, with the secrets and the App token but nothing sent', async () => {
    const code = workflowNamed('docs/agent-jobs.md', 'Docs agent from the code repository')
    sim.github.addToken('ghs_app_token', { identity: 'docs-app[bot]', repositories: { [REPO]: 'write' } })
    const stepRun = actionRun(code, sim, {}, { 'steps.app-token.outputs.token': 'ghs_app_token' })
    const payload = pullRequestOpened() as unknown as { pull_request: { head: { repo: Record<string, unknown> } } }
    payload.pull_request.head.repo.full_name = 'stranger/Hello-World'
    const run = await runOn(sim, 'pull_request_target', payload, stepRun)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('skipped')
    expect(run.log).toContain('Waiting for a maintainer')
    expect(sim.mintlifyRequests()).toEqual([])
  })
})

describe('docs/docs-check.md: docs in the same repository', () => {
  test("the workflow's own token writes the check, pending then documented by the agent's pull request in the same repository", async () => {
    const workflow = workflowNamed('docs/docs-check.md', 'Docs check in one repository')
    expect(workflow.permissions).toEqual({})
    const docs = defined(workflow.jobs.docs, 'the docs job')
    // No custom App: the workflow's token, given on the docs job only, with what the docs check writes.
    expect(docs.permissions).toEqual({ contents: 'read', issues: 'write', 'pull-requests': 'write', statuses: 'write' })
    expect(docs.steps.filter((step) => step.uses?.startsWith('actions/create-github-app-token@'))).toEqual([])
    expect(docs.concurrency?.['cancel-in-progress']).toBe(false)
    const stepRun = actionRun(workflow, sim)
    expect(stepRun.inputs).toMatchObject({ 'status-context': 'docs', 'group-runs': 'true' })
    // Neither another token nor another repository: the runner's github.token, the workflow's repository.
    const step = defined(
      docs.steps.find((one) => one.uses?.startsWith('your-org/docs-agent-action/docs-check@')),
      'the action step'
    )
    expect(Object.keys(step.with ?? {})).not.toEqual(expect.arrayContaining(['github-token']))
    expect(Object.keys(step.with ?? {})).not.toEqual(expect.arrayContaining(['docs-repository']))
    const CODE_PULL = 7
    sim.github.addIssue(REPO, {
      number: CODE_PULL,
      title: 'Raise the rate limits',
      user: COMMENTER,
      pullRequest: true,
      headRef: 'limits',
      headSha: PULL_HEAD_SHA,
      files: ['src/limits.ts']
    })
    const payload = pullRequestOpened()
    payload.number = CODE_PULL
    Object.assign(payload.pull_request, { number: CODE_PULL, html_url: `${REPO_URL}/pull/${CODE_PULL}` })

    const gate = await runOn(sim, 'pull_request_target', payload, gateRun(workflow, sim))
    expect(gate.outputs.steer).toBe('true')
    const opened = await runOn(sim, 'pull_request_target', payload, stepRun)
    expect(opened.outputs).toMatchObject({ outcome: 'pr-opened', 'pr-repository': REPO, 'docs-state': 'success' })
    expect(sim.github.statuses(REPO, PULL_HEAD_SHA).map((s) => [s.context, s.state])).toEqual([
      ['docs', 'pending'],
      ['docs', 'success']
    ])
  })
})

describe('docs/docs-check.md: a docs check on every code pull request', () => {
  test("a first gate job keeps an outsider's /docs out of the docs job's group; a maintainer's passes", async () => {
    const workflow = workflowNamed('docs/docs-check.md', 'Docs check')
    const [gateName, gate] = at(Object.entries(workflow.jobs), 0, 'the first job')
    const docs = defined(workflow.jobs.docs, 'the docs job')
    expect(gate.concurrency).toBeUndefined()
    expect(docs.needs).toBe(gateName)
    expect(docs.if).toBe(`needs.${gateName}.outputs.steer == 'true'`)
    // The gate's if: is the one the docs job had, so a comment that is no /docs starts no runner at all.
    expect(gate.if).toContain("startsWith(github.event.comment.body, '/docs')")
    const stepRun = gateRun(workflow, sim)
    // gate/: neither an operation to give nor a key.
    expect(stepRun.action).toBe('gate')
    expect(Object.keys(stepRun.inputs)).toEqual(expect.not.arrayContaining(['operation', 'api-key', 'project-id']))
    // The gate judges as the docs step does.
    const docsStep = actionRun(workflow, sim, {}, { 'steps.app-token.outputs.token': 'ghs_app_token' })
    expect([stepRun.inputs['min-permission'], stepRun.inputs['allowed-bots']]).toEqual([
      docsStep.inputs['min-permission'],
      docsStep.inputs['allowed-bots']
    ])
    sim.github.setPermission(REPO, 'outsider', 'read')

    const ask = (login: string): Promise<ActionRun> =>
      runOn(sim, 'issue_comment', commentPayload(sim, { body: '/docs skip', on: PULL, pullRequest: true, login }), stepRun)
    const outsider = await ask('outsider')
    expect(outsider.outputs).toMatchObject({ outcome: 'skipped', steer: 'false' })
    const maintainer = await ask(COMMENTER)
    expect(maintainer.outputs).toMatchObject({ outcome: 'skipped', steer: 'true' })
    const opened = await runOn(sim, 'pull_request_target', pullRequestOpened(), stepRun)
    expect(opened.outputs.steer).toBe('true')
    // Nothing written, nothing sent: only the two commenters' permissions were read, and the pull request's author's.
    expect(sim.mintlifyRequests()).toEqual([])
    expect(sim.githubRequests().filter((request) => request.method !== 'GET')).toEqual([])
    expect(githubCalls(sim).filter((call) => call.includes('/permission'))).toEqual([
      'GET /collaborators/outsider/permission',
      `GET /collaborators/${COMMENTER}/permission`,
      `GET /collaborators/${COMMENTER}/permission`
    ])
  })

  test('pending, then documented with the agent pull request in the docs repository; a push of tests only carries it; merged: noted', async () => {
    const workflow = workflowNamed('docs/docs-check.md', 'Docs check')
    // On edited too: a pull request retargeted to another base is judged again.
    expect(workflow.on).toEqual({
      pull_request_target: { types: ['opened', 'synchronize', 'reopened', 'edited', 'closed'] },
      issue_comment: { types: ['created'] }
    })
    // The App's token does everything, with the permissions it names; the workflow's own token is given nothing.
    expect(workflow.permissions).toEqual({})
    const job = defined(workflow.jobs.docs, 'the docs job')
    expect(job.steps.find((step) => step.uses?.startsWith('actions/create-github-app-token@'))?.with).toMatchObject({
      'permission-contents': 'read',
      'permission-pull-requests': 'write',
      'permission-issues': 'write',
      'permission-statuses': 'write'
    })
    // One run per pull request at a time, never cancelled: each writes its final status before the next reads it. On the
    // job, so a comment its if: skips never joins the group and replaces a maintainer's pending run.
    expect(workflow.concurrency).toBeUndefined()
    expect(job.concurrency?.['cancel-in-progress']).toBe(false)
    expect(job.concurrency?.group).toContain('github.event.pull_request.number')
    const docsStep = (): StepRun => actionRun(workflow, sim, {}, { 'steps.app-token.outputs.token': 'ghs_app_token' })
    expect(docsStep().inputs).toMatchObject({ 'status-context': 'docs', 'group-runs': 'true' })
    const docsRepo = defined(docsStep().inputs['docs-repository'], 'docs-repository')
    await sim.close()
    sim = await startHelloWorld({ prRepository: `https://github.com/${docsRepo}` })
    const stepRun = docsStep()
    sim.github.addToken('ghs_app_token', { identity: 'docs-agent-app[bot]', repositories: { [REPO]: 'write', [docsRepo]: 'write' } })
    sim.github.setPermission(docsRepo, COMMENTER, 'write')
    const head = PULL_HEAD_SHA
    // A code pull request that changes code the docs describe (the workflow's paths), and its tests.
    const CODE_PULL = 7
    sim.github.addIssue(REPO, {
      number: CODE_PULL,
      title: 'Raise the rate limits',
      user: COMMENTER,
      pullRequest: true,
      headRef: 'limits',
      headSha: head,
      files: ['src/limits.ts', 'src/limits.test.ts']
    })
    const codePull = <T extends { number: number; pull_request: Record<string, unknown> }>(payload: T): T => {
      payload.number = CODE_PULL
      Object.assign(payload.pull_request, { number: CODE_PULL, html_url: `${REPO_URL}/pull/${CODE_PULL}` })
      return payload
    }

    const opened = await runOn(sim, 'pull_request_target', codePull(pullRequestOpened()), stepRun)
    expect(opened.outputs).toMatchObject({ outcome: 'pr-opened', 'pr-repository': docsRepo, 'docs-state': 'success' })
    const agentPull = Number(output(opened, 'pr-number'))
    expect(sim.github.statuses(REPO, head).map((s) => [s.context, s.state])).toEqual([
      ['docs', 'pending'],
      ['docs', 'success']
    ])
    expect(sim.github.requestedReviewers(docsRepo, agentPull).users).toEqual([COMMENTER])

    // A push that touches tests only: no job, the status carried over to the new head.
    const next = 'feedfacefeedfacefeedfacefeedfacefeedface'
    sim.github.setCompare(REPO, head, next, { files: ['src/limits.test.ts'] })
    sim.github.pushToPull(REPO, CODE_PULL, next)
    const synchronize = codePull({ ...pullRequestOpened(), action: 'synchronize', before: head, after: next })
    synchronize.pull_request.head = { ...(synchronize.pull_request.head as object), sha: next }
    const pushed = await runOn(sim, 'pull_request_target', synchronize, stepRun)
    expect(pushed.outputs).toMatchObject({ outcome: 'skipped', 'docs-state': 'success' })
    expect(sim.jobs.size).toBe(1)
    expect(sim.github.statuses(REPO, next).map((s) => s.description)).toEqual([`Documented in ${docsRepo}#${agentPull}`])

    // Merged: the agent's pull request is told the documentation can ship.
    const merged = codePull(pullRequestOpened())
    merged.action = 'closed'
    Object.assign(merged.pull_request, { state: 'closed', merged: true, merge_commit_sha: 'abcdef0123456789abcdef0123456789abcdef01' })
    const closed = await runOn(sim, 'pull_request_target', merged, stepRun)
    expect(closed.outputs.outcome).toBe('noted')
    expect(sim.github.comments(docsRepo, agentPull).map((c) => c.body)).toContain(
      `${REPO}#${CODE_PULL} was merged (abcdef0): this documentation can ship with it.`
    )
  })
})

describe('docs/fix-checks.md: the agent fixes its failing checks', () => {
  test("Mintlify's link-rot check fails on the agent's pull request: one follow-up hands it to the job; a second wake-up sends nothing", async () => {
    const workflow = workflowNamed('docs/fix-checks.md', "Docs agent fixes its pull request's checks")
    expect(workflow.on).toEqual({
      check_suite: { types: ['completed'] },
      check_run: { types: ['completed'] },
      workflow_run: { workflows: ['Docs CI'], types: ['completed'] },
      status: null
    })
    expect(workflow.permissions).toEqual({
      checks: 'read',
      actions: 'read',
      statuses: 'read',
      'pull-requests': 'write'
    })
    const job = at(Object.values(workflow.jobs), 0, 'job')
    // GitHub Actions' own check runs (this workflow's included) stay out, and so does every event about a fork's run.
    expect(job.if).toBe(
      "github.event.check_run.app.slug != 'github-actions' && " +
        "(github.event_name != 'workflow_run' || github.event.workflow_run.head_repository.full_name == github.repository) && " +
        `(github.event_name != 'workflow_run' || contains(fromJSON('["push", "pull_request"]'), github.event.workflow_run.event)) && ` +
        "(github.event_name != 'check_suite' || github.event.check_suite.head_branch != null) && " +
        "(github.event_name != 'check_run' || github.event.check_run.check_suite.head_branch != null)"
    )
    // One run per head commit at a time, never cancelled, on the job: the group is the head each event names.
    expect(workflow.concurrency).toBeUndefined()
    expect(job.concurrency).toEqual({
      group:
        'docs-fix-checks-${{ github.event.check_suite.head_sha || github.event.check_run.head_sha || github.event.workflow_run.head_sha || github.event.sha }}',
      'cancel-in-progress': false
    })
    const stepRun = actionRun(workflow, sim)
    expect(stepRun.inputs['fix-checks']).toBe('2')

    // The agent's pull request, introduced by the App whose token another workflow uses: the one marker-authors names.
    const appLogin = defined(stepRun.inputs['marker-authors'], 'marker-authors')
    sim.github.addToken('ghs_app_token', { identity: appLogin, repositories: { [REPO]: 'write' } })
    const started = await runOn(
      sim,
      'workflow_dispatch',
      {},
      // The other workflow's step: agent/, on the App's token.
      { action: 'agent', inputs: { prompt: 'Document the rate limits.', 'github-token': 'ghs_app_token' } }
    )
    const agentPull = Number(output(started, 'pr-number'))
    const head = 'fc0fc0fc0fc0fc0fc0fc0fc0fc0fc0fc0fc0fc0f'
    sim.github.pushToPull(REPO, agentPull, head)
    sim.github.addCheckRun(REPO, { sha: head, name: 'Mintlify Deployment', conclusion: 'success' })
    sim.github.addCheckRun(REPO, {
      sha: head,
      name: 'Mintlify Validation (docs) - link-rot',
      conclusion: 'failure',
      title: '1 broken link',
      annotations: [{ path: 'api-reference/rate-limits.mdx', startLine: 14, message: 'Broken link: /guides/retries is not a page' }]
    })

    const event = checkSuitePayload({ sha: head, pulls: [{ number: agentPull }] })
    const round = await runOn(sim, 'check_suite', event, stepRun)
    expect(round.exitCode).toBe(0)
    expect(round.outputs).toMatchObject({ outcome: 'pr-opened', 'job-id': output(started, 'job-id') })
    const messages = sim.mintlifyRequests().filter((request) => request.method === 'POST' && request.path.endsWith('/message'))
    expect(promptOf(only(messages, 'follow-up'))).toMatch(
      /^The checks on your pull request \S+ failed at fc0fc0f\.[\s\S]*<untrusted-data source="checks">[\s\S]*Mintlify Validation \(docs\) - link-rot[\s\S]*api-reference\/rate-limits\.mdx:14: failure: Broken link: \/guides\/retries is not a page[\s\S]*<\/untrusted-data>/
    )
    expect(promptOf(only(messages, 'follow-up'))).not.toContain('Mintlify Deployment')
    expect(sim.jobs.size).toBe(1)
    // The sticky comment on the agent's pull request shows the round.
    const roundLine = `- Round 1 of 2 at \`fc0fc0f\`: \`Mintlify Validation (docs) - link-rot\` failed. Job \`${output(started, 'job-id')}\``
    const rounds = only(
      sim.github.comments(REPO, agentPull).filter((comment) => comment.body.includes('- Round ')),
      'rounds comment'
    )
    expect(rounds.body).toContain(roundLine)

    // The suite's second wake-up for the same head (another check finishing): the round is done, nothing is sent.
    const again = await runOn(sim, 'check_suite', event, stepRun)
    expect(again.outputs.outcome).toBe('skipped')
    expect(sim.mintlifyRequests().filter((request) => request.path.endsWith('/message'))).toHaveLength(1)
  })
})

describe('docs/analytics.md: who reads the docs', () => {
  test('the weekly export writes the CSV file the artifact step uploads', async () => {
    const workflow = workflowNamed('docs/analytics.md', 'Weekly docs analytics')
    const job = at(Object.values(workflow.jobs), 0, 'job')
    const upload = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))
    expect(upload?.with?.path).toBe('${{ steps.visitors.outputs.file }}')
    expect(job.steps.find((step) => step.uses?.startsWith('your-org/docs-agent-action/analytics@'))).toHaveProperty('id', 'visitors')
    // The page's range is relative to today (7d to 0d): the data must be around the real date.
    sim.analytics.setData({ paths: 600, ...dataAroundToday() })

    const run = await runOn(sim, 'schedule', schedulePayload(), actionRun(workflow, sim))
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('exported')
    expect(run.outputs.file).toBe('analytics/visitors.csv')
    expect(readFileSync(join(run.workspace, output(run, 'file')), 'utf8').split('\r\n')[0]).toBe('path,human,ai,total')
    expect(sim.mintlifyRequests()).toHaveLength(3)
  })

  test('the matrix export runs once per project with its own file', async () => {
    const workflow = workflowNamed('docs/analytics.md', 'Docs analytics for every project')
    const job = at(Object.values(workflow.jobs) as unknown as { strategy: { matrix: { project: string[] } } }[], 0, 'job')
    const projects = job.strategy.matrix.project
    expect(projects.length).toBeGreaterThan(1)
    await sim.close()
    for (const project of projects) {
      sim = await startHelloWorld({ projectId: project })
      // date-from: 30d is relative to the real today: data and the simulator's 'today' follow the real date.
      sim.analytics.setData({ paths: 300, ...dataAroundToday() })
      sim.analytics.today = new Date().toISOString().slice(0, 10)
      const run = await runOn(sim, 'schedule', schedulePayload(), actionRun(workflow, sim, { project }))
      expect(run.exitCode).toBe(0)
      expect(run.outputs.file).toBe(`analytics/${project}-views.json`)
      expect(sim.mintlifyRequests().map((r) => r.path)).toEqual([`/v1/analytics/${project}/views`, `/v1/analytics/${project}/views`])
      if (project !== projects.at(-1)) await sim.close()
    }
  })
})

describe('docs/docs-health.md: the weekly report and improve', () => {
  test('the weekly report writes the file the artifact step uploads, within its max-requests', async () => {
    const workflow = workflowNamed('docs/docs-health.md', 'Weekly docs health')
    // pull-requests: read: the track record's search of the agent's merged pull requests and their files.
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'read' })
    const job = at(Object.values(workflow.jobs), 0, 'job')
    const upload = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))
    expect(upload?.with?.path).toBe('${{ steps.health.outputs.file }}')
    // The default range is the 7 days before the real today: the data must be around it.
    sim.analytics.setData({ paths: 120, ...dataAroundToday() })
    sim.analytics.plantDeadSearch('sso saml', 20)

    const run = await runOn(sim, 'schedule', schedulePayload(), actionRun(workflow, sim))
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('reported')
    expect(run.outputs.file).toBe('docs-health/report.json')
    const report = JSON.parse(readFileSync(join(run.workspace, output(run, 'file')), 'utf8')) as { missing: string[] }
    expect(report.missing).toEqual([])
    expect(sim.mintlifyRequests().length).toBeLessThanOrEqual(Number(actionRun(workflow, sim).inputs['max-requests']))
    expect(run.summary).toContain('### ✅ Docs health')
    expect(run.summary).not.toContain('sso saml')
  })

  test('the weekly improvement starts one agent job from the findings and reports its pull request', async () => {
    const workflow = workflowNamed('docs/docs-health.md', 'Weekly docs improvement')
    expect(workflow.permissions).toEqual({ contents: 'read', issues: 'write', 'pull-requests': 'write' })
    sim.analytics.setData({ paths: 120, ...dataAroundToday() })
    sim.analytics.plantThumbsDown('/docs/page-000002', 5)

    const run = await runOn(sim, 'schedule', schedulePayload(), actionRun(workflow, sim))
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('pr-opened')
    const creates = sim.mintlifyRequests().filter((r) => r.method === 'POST')
    expect(creates).toHaveLength(1)
    expect(promptOf(only(creates, 'create request'))).toMatch(
      /^Fix what readers struggled with last week;[\s\S]*<reader-data [\s\S]*\/docs\/page-000002/
    )
  })
})
