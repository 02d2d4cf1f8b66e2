/**
 * runDeploy and runPreview in-process: the real API client and GitHub module against the simulator, whose
 * deployments run on the test's fake clock, so every wait takes no real time. What each run sends, shows
 * (outputs, summary, the preview comment, the GitHub environment) and when.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { type Simulator, startSimulator } from '../../../simulator/index.js'
import type { Clock } from '../../../src/clock.js'
import { only } from '../../expect-helpers.js'
import { T0 } from '../../fixtures/agent-jobs.js'
import { type OperationRun, runOnSimulator, type RunOptions } from '../../fixtures/operation-on-simulator.js'
import { RUN_SHA } from '../../fixtures/run-context.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'
import { webhookExample } from '../../fixtures/webhook-payloads.js'
import { preloadToolkit } from '../../fixtures/github-client.js'

const REPO = 'acme/docs'
const RUN_URL = 'https://github.com/acme/docs/actions/runs/42'
const HEAD_SHA = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'
/** The preview site of a branch in the simulator, whose organization (from its repository) is `acme`. */
const previewOf = (branch: string): string => `https://acme-${branch.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.mintlify.site`

let sim: Simulator
let clock: VirtualClock
beforeAll(preloadToolkit)
beforeEach(async () => {
  clock = new VirtualClock(T0)
  sim = await startSimulator({ repository: `https://github.com/${REPO}`, now: () => clock.now() })
  // Pull request #2 of the pull_request example payload, with its head.
  sim.github.addIssue(REPO, { number: 2, title: 'Docs', pullRequest: true, headRef: 'changes', headSha: HEAD_SHA, files: ['index.mdx'] })
})
afterEach(async () => {
  await sim.close()
})

/** Runs `operation` with `inputs` the way main.ts would, against the simulator. */
const run = (operation: 'deploy' | 'preview', inputs: Record<string, string> = {}, options: RunOptions = {}): Promise<OperationRun> =>
  runOnSimulator(sim, clock, operation, inputs, options)

/** The simulator's clock, calling `before` each time the run sleeps (the gaps between polls). */
const onEachSleep = (before: () => void): Clock => ({
  now: () => clock.now(),
  sleep: (ms, signal) => {
    before()
    return clock.sleep(ms, signal)
  }
})

/** A run cancelled during the first gap between polls, and the signal that says so. */
function cancelledWhileWaiting(): Pick<RunOptions, 'clock' | 'signal'> {
  const controller = new AbortController()
  return { clock: onEachSleep(() => controller.abort()), signal: controller.signal }
}

const pullRequest = (): Record<string, unknown> => webhookExample('pull_request', (p) => p.action === 'opened')
const onPull = { eventName: 'pull_request', payload: pullRequest() } as const
const push = (ref = 'refs/heads/docs/billing'): RunOptions => ({
  eventName: 'push',
  payload: { ref, after: 'b'.repeat(40), commits: [] }
})

/** The action's comments on pull request #2, oldest first. */
const comments = (): string[] => sim.github.comments(REPO, 2).map((c) => c.body)
/** The GitHub deployments' states, each list oldest first. */
const environments = (): string[][] => sim.github.deployments(REPO).map((d) => d.statuses.map((s) => s.state))
const mintlify = (): string[] => sim.mintlifyRequests().map((r) => `${r.method} ${r.path}`)
const gitHubWrites = (): string[] =>
  sim
    .githubRequests()
    .filter((r) => r.method !== 'GET' && r.path !== '/api/graphql')
    .map((r) => `${r.method} ${r.path}`)

describe('deploy', () => {
  it('triggers once, publishes the status id at once, polls by the gap rule and reports deployed with the site', async () => {
    const { result, published, log } = await run('deploy', { environment: 'docs' })

    const deployment = only(sim.deployments.list())
    expect(result.verdict).toMatchObject({
      outcome: 'deployed',
      result: 'success',
      headline: 'The docs are deployed: https://acme.mintlify.site'
    })
    expect(result.outputs).toEqual({
      outcome: 'deployed',
      'failure-reason': '',
      'status-id': deployment.statusId,
      status: 'success',
      'docs-url': 'https://acme.mintlify.site'
    })
    expect(result).not.toHaveProperty('statusComment')
    // Published right after the trigger (status id, nothing judged yet), then once more at the end.
    expect(published).toEqual([
      { outcome: 'started', 'failure-reason': '', 'status-id': deployment.statusId, status: '', 'docs-url': '' },
      result.outputs
    ])
    // The build takes 1.5 s; the first poll comes after the first 2 s gap and sees success.
    expect(mintlify()).toEqual([`POST /v1/project/update/${sim.projectId}`, `GET /v1/project/update-status/${deployment.statusId}`])
    expect(clock.sleeps).toEqual([2000])
    expect(log.groups).toEqual([`Waiting for deployment ${deployment.statusId}`])
    expect(result.summary).toContain('### ✅ Docs deployment')
    expect(sim.github.deployments(REPO)).toEqual([
      expect.objectContaining({ sha: RUN_SHA, environment: 'docs', production_environment: true, transient_environment: false })
    ])
    expect(sim.github.deployments(REPO)[0]?.statuses.map((s) => [s.state, s.log_url, s.environment_url])).toEqual([
      ['in_progress', RUN_URL, ''],
      ['success', RUN_URL, 'https://acme.mintlify.site']
    ])
  })

  it('without an environment reads and writes nothing on GitHub', async () => {
    const { result } = await run('deploy')
    expect(result.verdict.outcome).toBe('deployed')
    expect(sim.githubRequests()).toEqual([])
  })

  it('records a deploy whose status names no site as a success without an environment URL', async () => {
    sim.deployments.scriptNext({ minimal: true, queuedMs: 0, inProgressMs: 0 })
    const { result } = await run('deploy', { environment: 'docs' })

    expect(result.verdict).toMatchObject({ outcome: 'deployed', headline: 'The docs are deployed.' })
    expect(result.outputs['docs-url']).toBe('')
    expect(sim.github.deployments(REPO)[0]?.statuses.map((s) => [s.state, s.environment_url])).toEqual([
      ['in_progress', ''],
      ['success', '']
    ])
  })

  it('fails with the status summary, and the environment ends at failure', async () => {
    sim.deployments.scriptNext({ outcome: 'failure', summary: 'Broken link in quickstart.mdx' })
    const { result } = await run('deploy', { environment: 'docs' })

    expect(result.verdict).toMatchObject({ outcome: 'failed', failureReason: 'The deployment failed: Broken link in quickstart.mdx.' })
    expect(result.summary).toContain('**Last log lines** (30 of 40)')
    expect(environments()).toEqual([['in_progress', 'failure']])
  })

  it('times out on the deadline with the status id to follow, and the environment ends at error', async () => {
    sim.deployments.scriptNext({ outcome: 'never', queuedMs: 0 })
    const { result } = await run('deploy', { environment: 'docs', timeout: '1m' })

    const statusId = only(sim.deployments.list()).statusId
    expect(result.verdict).toMatchObject({
      outcome: 'timed-out',
      failureReason: `The deployment was still in_progress after the 1m 00s timeout and continues at Mintlify: follow status id ${statusId}, or raise timeout.`
    })
    expect(result.outputs.status).toBe('in_progress')
    expect(environments()).toEqual([['in_progress', 'error']])
  })

  it('ends the wait on a 404 status read, saying the deployment continues, and the environment ends at error', async () => {
    sim.deployments.scriptNext({ outcome: 'never' })
    sim.injectFault({ route: 'deployment-status', status: 404 })
    const { result } = await run('deploy', { environment: 'docs' })

    expect(result.verdict.outcome).toBe('failed')
    expect(result.verdict.failureReason).toMatch(/HTTP 404.*; the deployment continues at Mintlify \(status id \w+\)\.$/)
    expect(environments()).toEqual([['in_progress', 'error']])
  })

  it('stops waiting when the workflow is cancelled, saying the deployment continues, and the environment ends at error', async () => {
    sim.deployments.scriptNext({ outcome: 'never' })
    const { result } = await run('deploy', { environment: 'docs' }, cancelledWhileWaiting())

    expect(result.verdict).toMatchObject({ outcome: 'cancelled' })
    expect(result.verdict.failureReason).toMatch(/^The workflow was cancelled while waiting; the deployment continues at Mintlify/)
    expect(mintlify()).toEqual([`POST /v1/project/update/${sim.projectId}`])
    expect(environments()).toEqual([['in_progress', 'error']])
  })

  it('with wait: false reports started and leaves the environment in progress', async () => {
    const { result } = await run('deploy', { environment: 'docs', wait: 'false' })

    expect(result.verdict).toMatchObject({ outcome: 'started', result: 'success' })
    expect(mintlify()).toEqual([`POST /v1/project/update/${sim.projectId}`])
    expect(environments()).toEqual([['in_progress']])
  })

  it('reports a refused trigger as failed with no status id, and the environment ends at error', async () => {
    sim.injectFault({ route: 'deploy', status: 401, message: 'Unauthorized' })
    const { result } = await run('deploy', { environment: 'docs' })

    expect(result.verdict.failureReason).toMatch(/^Could not trigger the deployment: HTTP 401, the API key is invalid or expired/)
    expect(result.outputs['status-id']).toBe('')
    expect(environments()).toEqual([['in_progress', 'error']])
  })

  it('in a dry run, shows the request with the environment and sends nothing anywhere', async () => {
    const { result } = await run('deploy', { 'dry-run': 'true', environment: 'docs' })

    expect(result.verdict.outcome).toBe('dry-run')
    expect(result.verdict.headline).toContain(`POST /v1/project/update/${sim.projectId}`)
    expect(result.verdict.headline).toContain('recorded in the GitHub environment docs')
    expect(sim.requests).toEqual([])
  })
})

describe('preview on a pull request', () => {
  it('comments building, then ready with the changed pages, records a transient environment, and returns the comment', async () => {
    sim.github.setPullFiles(REPO, 2, ['docs/index.mdx', 'docs/guides/setup.md', 'README.md'])
    const { result, published } = await run('preview', { environment: 'docs-preview', 'docs-path': 'docs' }, onPull)

    const url = previewOf('changes')
    expect(result.verdict).toMatchObject({ outcome: 'deployed', headline: `The preview of branch changes is ready: ${url}` })
    expect(published[0]).toMatchObject({ outcome: 'started', 'preview-url': url })
    const [comment] = sim.github.comments(REPO, 2)
    expect(result.statusComment).toBe(comment?.html_url)
    expect(comment?.body).toContain('is ready')
    expect(comment?.body).toContain(`- [\`/\`](${url}/)`)
    expect(comment?.body).toContain(`- [\`/guides/setup\`](${url}/guides/setup)`)
    expect(comment?.body).not.toContain('README')
    expect(sim.github.deployments(REPO)).toEqual([
      expect.objectContaining({ sha: HEAD_SHA, environment: 'docs-preview', transient_environment: true, production_environment: false })
    ])
    expect(sim.github.deployments(REPO)[0]?.statuses.map((s) => [s.state, s.environment_url])).toEqual([
      ['in_progress', ''],
      ['success', url]
    ])
  })

  it('says building before the status says success, and ready only after', async () => {
    sim.deployments.scriptNext({ queuedMs: 1000, inProgressMs: 5000 })
    // The comment as it stood each time the wait slept, with the deployment's status then.
    const seen: [string, string[]][] = []
    const watching = onEachSleep(() => seen.push([sim.deployments.list()[0]?.status() ?? 'none', comments()]))
    await run('preview', {}, { ...onPull, clock: watching })

    expect(seen.length).toBeGreaterThan(1)
    for (const [status, bodies] of seen) {
      expect(status).not.toBe('success')
      expect(bodies).toEqual([expect.stringContaining('is building')])
    }
    expect(comments()).toEqual([expect.stringContaining('is ready')])
  })

  it('says failed with the summary and the log tail, and the environment ends at failure', async () => {
    sim.deployments.scriptNext({ outcome: 'failure', summary: 'MDX error' })
    const { result } = await run('preview', { environment: 'docs-preview' }, onPull)

    expect(result.verdict.failureReason).toBe('The preview of branch changes failed: MDX error.')
    expect(comments()).toEqual([expect.stringMatching(/failed[\s\S]*MDX error[\s\S]*Last log lines/)])
    expect(environments()).toEqual([['in_progress', 'failure']])
  })

  it('says it is still building after a timeout', async () => {
    sim.deployments.scriptNext({ outcome: 'never' })
    const { result } = await run('preview', { timeout: '30s' }, onPull)

    expect(result.verdict.outcome).toBe('timed-out')
    expect(comments()).toEqual([expect.stringMatching(/is still building[\s\S]*stopped waiting after 30s/)])
  })

  it('says the workflow was cancelled when it is', async () => {
    sim.deployments.scriptNext({ outcome: 'never' })
    const { result } = await run('preview', { environment: 'docs-preview' }, { ...onPull, ...cancelledWhileWaiting() })

    expect(result.verdict.outcome).toBe('cancelled')
    expect(comments()).toEqual([expect.stringContaining('the workflow was cancelled')])
    expect(environments()).toEqual([['in_progress', 'error']])
  })

  it('says its status is unknown when the status cannot be read', async () => {
    sim.deployments.scriptNext({ outcome: 'never' })
    sim.injectFault({ route: 'deployment-status', status: 403 })
    await run('preview', {}, onPull)

    expect(comments()).toEqual([
      expect.stringMatching(/status unknown[\s\S]*could not read the deployment's status: Could not read deployment status/)
    ])
  })

  it('with wait: false, says building and that this comment is not updated, and leaves it so', async () => {
    const { result } = await run('preview', { wait: 'false' }, onPull)

    expect(result.verdict.outcome).toBe('started')
    expect(comments()).toEqual([expect.stringContaining('does not wait for it (wait: false)')])
    expect(comments()[0]).not.toMatch(/ready/i)
  })

  it('says failed when the preview cannot be triggered, naming the plan on a 403', async () => {
    sim.deployments.setPreviewsEnabled(false)
    const { result } = await run('preview', { environment: 'docs-preview' }, onPull)

    expect(result.verdict.failureReason).toMatch(/HTTP 403, the organization's plan may not include preview deployments/)
    expect(comments()).toEqual([expect.stringMatching(/failed[\s\S]*plan may not include preview deployments/)])
    expect(environments()).toEqual([['in_progress', 'error']])
  })

  it('says ready without page links when the pull request’s files cannot be read', async () => {
    sim.injectFault({ route: 'github-pull-files', status: 404 })
    const { result } = await run('preview', {}, onPull)

    expect(result.verdict.outcome).toBe('deployed')
    expect(comments()).toEqual([expect.stringContaining('is ready')])
    expect(comments()[0]).not.toMatch(/Changed pages|changes no page/)
  })

  it('says ready without links when the API gives no https preview URL', async () => {
    const planted = sim.deployments.plant({ branch: 'changes', queuedMs: 0, inProgressMs: 0 })
    sim.route('POST', /^\/v1\/project\/preview\//, () => ({
      status: 202,
      json: { statusId: planted.statusId, previewUrl: 'http://insecure.example' }
    }))
    const { result } = await run('preview', {}, onPull)

    expect(result.verdict).toMatchObject({ outcome: 'deployed', headline: 'The preview of branch changes is ready.' })
    expect(result.outputs['preview-url']).toBe('')
    expect(comments()).toEqual([expect.stringContaining('The API gave no preview URL.')])
    expect(comments()[0]).not.toContain('insecure')
  })

  it('skips a fork’s branch before any request, with no comment', async () => {
    const payload = pullRequest()
    ;(payload.pull_request as { head: { repo: Record<string, unknown> } }).head.repo.full_name = 'octo-fork/Hello-World'
    const { result } = await run('preview', { environment: 'docs-preview' }, { eventName: 'pull_request', payload })

    expect(result.verdict).toMatchObject({ outcome: 'skipped', result: 'notice' })
    expect(result.statusComment).toBeNull()
    expect(result.summary).toContain('Mintlify cannot build branches of forks')
    expect(sim.requests).toEqual([])
  })

  it('in a dry run, shows the request with the branch and writes nothing', async () => {
    const { result } = await run('preview', { 'dry-run': 'true', environment: 'docs-preview' }, onPull)

    expect(result.verdict.headline).toContain(
      'with {"branch":"changes"} (a preview of branch changes), recorded in the GitHub environment docs-preview'
    )
    expect(sim.requests).toEqual([])
  })

  it('with comment: false and no environment, never connects to GitHub', async () => {
    const { result } = await run('preview', { comment: 'false' }, onPull)

    expect(result.verdict.outcome).toBe('deployed')
    expect(result.statusComment).toBeNull()
    expect(sim.githubRequests()).toEqual([])
  })

  it('warns once when the comment cannot be written, and the preview and its environment stand', async () => {
    sim.github.forbid('comments')
    const { result, log } = await run('preview', { environment: 'docs-preview' }, onPull)

    expect(result.verdict.outcome).toBe('deployed')
    expect(result.statusComment).toBeNull()
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(/^Could not read the comments of #2: HTTP 403.* The run goes on without a status comment\.$/)
    ])
    expect(environments()).toEqual([['in_progress', 'success']])
  })

  it('without a github token, warns once and deploys the preview with the summary alone', async () => {
    const { result, log } = await run('preview', { 'github-token': '', environment: 'docs-preview' }, onPull)

    expect(result.verdict.outcome).toBe('deployed')
    expect(log.messages('warning')).toEqual([
      "Input 'github-token' is empty: no preview comment and no GitHub deployment; set comment: false to silence this."
    ])
    expect(sim.githubRequests()).toEqual([])
  })

  it('without a repository (outside Actions), warns once and deploys the preview', async () => {
    const { result, log } = await run('preview', {}, { ...onPull, context: { repo: null } })

    expect(result.verdict.outcome).toBe('deployed')
    expect(log.messages('warning')).toEqual([
      'GITHUB_REPOSITORY is not set, so the repository is unknown: no preview comment and no GitHub deployment.'
    ])
    expect(sim.githubRequests()).toEqual([])
  })
})

describe('preview on a push', () => {
  it('comments on the open pull request the pushed commit belongs to', async () => {
    sim.github.addIssue(REPO, { number: 5, title: 'Billing', pullRequest: true, headRef: 'docs/billing', headSha: 'b'.repeat(40) })
    const { result } = await run('preview', {}, push())

    expect(result.verdict.outcome).toBe('deployed')
    expect(JSON.parse(sim.mintlifyRequests()[0]?.body ?? '')).toEqual({ branch: 'docs/billing' })
    expect(sim.github.comments(REPO, 5).map((c) => c.body)).toEqual([expect.stringContaining('Docs preview of `docs/billing` is ready')])
  })

  it('tells the log when the commit is in no pull request, and comments nowhere', async () => {
    const { result, log } = await run('preview', {}, push())

    expect(result.verdict.outcome).toBe('deployed')
    expect(log.messages('info')).toContain('Commit bbbbbbb belongs to no pull request: the preview goes to the job summary only.')
    expect(gitHubWrites()).toEqual([])
  })

  it('warns once when the commit’s pull request cannot be looked up, and the preview stands', async () => {
    sim.github.forbid('pulls')
    const { result, log } = await run('preview', {}, push())

    expect(result.verdict.outcome).toBe('deployed')
    expect(log.messages('warning')).toEqual([
      expect.stringMatching(/^Could not find the pull request of commit bbbbbbb: HTTP 403.*The preview goes to the job summary only\.$/)
    ])
    expect(gitHubWrites()).toEqual([])
  })

  it('comments on pr-number when given, without looking the commit up', async () => {
    const { result } = await run('preview', { 'pr-number': '2' }, push())

    expect(result.verdict.outcome).toBe('deployed')
    expect(comments()).toEqual([expect.stringContaining('is ready')])
    expect(sim.githubRequests().some((r) => r.path.includes('/commits/'))).toBe(false)
  })
})
