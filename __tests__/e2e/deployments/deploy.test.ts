/**
 * `operation: deploy`: one trigger, the wait on its status, and what a docs lead reads afterwards (the
 * outputs, the job summary), for a success, a failure, wait: false, a timeout and an outage of the status reads.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { Simulator } from '../../../simulator/index.js'
import { at, only } from '../../expect-helpers.js'
import { annotations, expectFailedWith } from '../harness.js'
import { outsideCodeBlocks, plainText } from '../triggers/helpers.js'
import { deploymentCalls, hostileLog, RUN_URL, runDeploy, SITE_URL, startHelloWorld, statusPolls, triggers } from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const COMMIT_SHA = 'abcdef0123456789abcdef0123456789abcdef01'

describe('a deploy that succeeds', () => {
  test('is deployed: docs-url, status-id and status success, one trigger, then polls until success', async () => {
    sim.deployments.scriptNext({ commit: { sha: COMMIT_SHA } })
    const run = await runDeploy(sim)

    expect(run.exitCode).toBe(0)
    const deployment = only(sim.deployments.list(), 'deployment')
    expect(run.outputs).toMatchObject({
      outcome: 'deployed',
      'failure-reason': '',
      'status-id': deployment.statusId,
      status: 'success',
      'docs-url': SITE_URL
    })
    expect(run.outputs).not.toHaveProperty('preview-url')
    const calls = deploymentCalls(sim)
    expect(calls[0]).toBe('POST /update')
    expect(new Set(calls.slice(1))).toEqual(new Set([`GET /update-status/${deployment.statusId}`]))
    expect(triggers(sim)).toHaveLength(1)
    expect(deployment.status()).toBe('success')
    // The last poll is the one that saw success: none after it.
    expect(at(calls, calls.length - 1)).toBe(`GET /update-status/${deployment.statusId}`)
    expect(run.log).toContain(`The docs are deployed: ${SITE_URL}`)
  })

  test('summarises status, time, commit (short sha, subject, file counts), source and the site with its https screenshot', async () => {
    // The build time the summary shows: 1.5 s in all, the simulator's own default.
    sim.deployments.scriptNext({
      queuedMs: 300,
      inProgressMs: 1200,
      commit: {
        sha: COMMIT_SHA,
        message: 'Document the billing API\n\nAdds the billing page.',
        filesChanged: { added: ['billing.mdx'], modified: ['docs.json', 'quickstart.mdx'], removed: ['old.mdx'] }
      },
      source: 'api'
    })
    const run = await runDeploy(sim)
    const statusId = run.outputs['status-id'] ?? ''
    const text = plainText(run.summary)

    expect(text).toContain('Docs deployment')
    expect(text).toMatch(/\| Status \| success \|/)
    expect(text).toContain(`| Status id | \`${statusId}\` |`)
    // Mintlify's own build time (1.5 s, as scripted), and how long the run waited.
    expect(text).toMatch(/\| Time \| 1\.5s; waited [\d.]+m?s \(\d+ polls\) \|/)
    expect(text).toContain('| Commit | `abcdef0` Document the billing API (1 added, 2 modified, 1 removed) |')
    expect(text).not.toContain('Adds the billing page')
    expect(text).toContain('| Source | api |')
    expect(run.summary).toContain(`| Site | [${SITE_URL}](${SITE_URL}/) |`)
    expect(run.summary).toContain(`| Workflow run | [this run](${RUN_URL}) |`)
    expect(run.summary).toMatch(
      new RegExp(
        `!\\[Screenshot of the deployed docs\\]\\(https://mintlify-screenshots\\.s3\\.us-west-1\\.amazonaws\\.com/proj_sim/${statusId}\\.png\\)`
      )
    )
  })

  test('shows no screenshot from an http:// address', async () => {
    sim.deployments.scriptNext({ screenshot: 'http://insecure.example/shot.png', screenshotLight: null, screenshotDark: null })
    const run = await runDeploy(sim)

    expect(run.outputs.outcome).toBe('deployed')
    expect(run.summary).not.toMatch(/!\[/)
    expect(run.summary).not.toContain('insecure.example')
  })
})

describe('a status the API does not document', () => {
  test('is taken as still running, with one warning, until the deployment ends', async () => {
    // Building for 1.2 s (the simulator's own default): a dozen polls 100 ms apart, any of which sees 'building'.
    sim.deployments.scriptNext({ runningStatus: 'building', queuedMs: 300, inProgressMs: 1200 })
    const run = await runDeploy(sim)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('deployed')
    const statusId = only(sim.deployments.list(), 'deployment').statusId
    expect(annotations(run, 'warning')).toEqual([
      `Deployment ${statusId} reports status 'building', which this action does not know; treating it as still running.`
    ])
  })
})

describe('a deploy that fails', () => {
  test('is failed with the status summary as the reason, and the summary holds the last 30 log lines, escaped, in a code block', async () => {
    const logs = hostileLog(45)
    sim.deployments.scriptNext({ outcome: 'failure', summary: 'Build failed: quickstart.mdx has an unclosed <Card>', logs })
    const run = await runDeploy(sim)

    expectFailedWith(run, 'failed', /^The deployment failed: Build failed: quickstart\.mdx has an unclosed <Card>\.$/)
    expect(run.outputs.status).toBe('failure')
    expect(run.outputs['docs-url']).toBe(SITE_URL)
    expect(run.summary).toContain('**Last log lines** (30 of 45)')
    // The tail, not the head: the first 15 lines are left out, the last 30 are all there.
    expect(run.summary).not.toContain('Rendered page-15.mdx')
    for (const line of logs.slice(-30).filter((l) => l.startsWith('Rendered'))) expect(run.summary).toContain(line)
    // Backticks in the log cannot close the block: the markup and the ping stay inside it.
    const rendered = outsideCodeBlocks(run.summary)
    expect(rendered).not.toContain('<img')
    expect(rendered).not.toContain('@octocat')
    expect(rendered).not.toContain('Rendered page-')
    expect(run.summary).toContain('<img src=x onerror=alert(1)> @octocat')
    // No second marker a later run could mistake for its own comment.
    expect(rendered).not.toContain('<!-- docs-agent-action')
    // No image for a failed build: the screenshot would show the old site.
    expect(run.summary).not.toMatch(/!\[/)
  })
})

describe('wait: false', () => {
  test('reports started with the status id after the one trigger, and never polls', async () => {
    const run = await runDeploy(sim, { wait: 'false' })

    expect(run.exitCode).toBe(0)
    const deployment = only(sim.deployments.list(), 'deployment')
    expect(run.outputs).toMatchObject({ outcome: 'started', 'status-id': deployment.statusId, status: '', 'failure-reason': '' })
    expect(deploymentCalls(sim)).toEqual(['POST /update'])
    expect(statusPolls(sim)).toEqual([])
    expect(run.log).toContain(`Triggered the deployment (status id ${deployment.statusId}); not waiting for it (wait: false).`)
    expect(plainText(run.summary)).toContain('not waited (wait: false)')
  })
})

describe('a deploy that outlasts the timeout', () => {
  test('is timed-out, saying the deployment continues and naming its status id', async () => {
    sim.deployments.scriptNext({ outcome: 'never', queuedMs: 0 })
    const run = await runDeploy(sim, { timeout: '2s' })

    const statusId = only(sim.deployments.list(), 'deployment').statusId
    expectFailedWith(
      run,
      'timed-out',
      new RegExp(
        `^The deployment was still in_progress after the 2s timeout and continues at Mintlify: follow status id ${statusId}, or raise timeout\\.$`
      )
    )
    expect(run.outputs['status-id']).toBe(statusId)
    expect(run.outputs.status).toBe('in_progress')
    expect(triggers(sim)).toHaveLength(1)
  })
})

describe('status reads during an outage', () => {
  test('a 503 outage longer than a poll’s retries is outlasted: one warning, then deployed', async () => {
    sim.deployments.scriptNext({ queuedMs: 0, inProgressMs: 500 })
    // Two whole polls (5 attempts each) and two attempts of a third fail; Retry-After: 0 keeps the test quick.
    sim.injectFault({ route: 'deployment-status', status: 503, retryAfter: '0', message: 'Service Unavailable', times: 12 })
    const run = await runDeploy(sim)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('deployed')
    const statusId = only(sim.deployments.list(), 'deployment').statusId
    expect(triggers(sim)).toHaveLength(1)
    expect(statusPolls(sim).length).toBeGreaterThanOrEqual(13)
    expect(annotations(run, 'warning')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Could not read deployment status ${statusId}: HTTP 503, the Mintlify API had a server error \\(server: "Service Unavailable"\\) after 5 attempts\\.`
        )
      )
    ])
  })
})

describe('a status read that waiting cannot mend', () => {
  test('a 404 ends the wait at once: failed, saying the deployment continues at Mintlify', async () => {
    sim.deployments.scriptNext({ outcome: 'never' })
    sim.injectFault({ route: 'deployment-status', status: 404, message: 'Deployment status not found' })
    const run = await runDeploy(sim, { environment: 'docs' })

    const statusId = only(sim.deployments.list(), 'deployment').statusId
    expectFailedWith(
      run,
      'failed',
      new RegExp(
        `^Could not read deployment status ${statusId}: HTTP 404, deployment status ${statusId} was not found \\(server: "Deployment status not found"\\); the deployment continues at Mintlify \\(status id ${statusId}\\)\\.$`
      )
    )
    expect(statusPolls(sim)).toHaveLength(1)
    expect(sim.github.deployments('Codertocat/Hello-World').map((d) => d.statuses.map((s) => s.state))).toEqual([['in_progress', 'error']])
  })
})
