import { describe, expect, it } from '@jest/globals'
import { ApiError } from '../../../src/mintlify/errors.js'
import { judgeDeployment, judgeForkPreview, judgeTriggerDryRun } from '../../../src/operations/deployments/verdicts.js'
import { OUTCOMES } from '../../../src/outcome.js'
import { deploymentRun, deploymentStatus } from '../../fixtures/deployment-records.js'

const DEPLOY = { kind: 'deploy', branch: null, previewUrl: null } as const

describe('judgeDeployment (DESIGN.md: deployed, deployment failure)', () => {
  it("adds 'deployed' to the outcome words", () => {
    expect(OUTCOMES).toContain('deployed')
  })

  it('a deploy that ended in success: deployed, success, with the site link', () => {
    expect(judgeDeployment(deploymentRun(DEPLOY))).toEqual({
      outcome: 'deployed',
      result: 'success',
      headline: 'The docs are deployed: https://acme.mintlify.site',
      failureReason: ''
    })
  })

  it('a deploy without a usable subdomain: deployed, without a link', () => {
    const run = deploymentRun({ ...DEPLOY, status: deploymentStatus({ subdomain: 'evil.com/x' }) })
    expect(judgeDeployment(run).headline).toBe('The docs are deployed.')
  })

  it('a preview that ended in success: deployed, ready, with its link', () => {
    expect(judgeDeployment(deploymentRun())).toEqual({
      outcome: 'deployed',
      result: 'success',
      headline: 'The preview of branch feature/x is ready: https://acme-feature-x.mintlify.app',
      failureReason: ''
    })
  })

  it('a preview whose trigger gave no URL is ready without a link', () => {
    expect(judgeDeployment(deploymentRun({ previewUrl: null })).headline).toBe('The preview of branch feature/x is ready.')
  })

  it('a failure: failed, the reason being the status summary', () => {
    const run = deploymentRun({ ...DEPLOY, status: deploymentStatus({ status: 'failure', summary: 'Broken link in quickstart.mdx.' }) })
    expect(judgeDeployment(run)).toEqual({
      outcome: 'failed',
      result: 'failure',
      headline: 'The deployment failed: Broken link in quickstart.mdx.',
      failureReason: 'The deployment failed: Broken link in quickstart.mdx.'
    })
  })

  it('a preview failure without a summary says Mintlify gave none', () => {
    const run = deploymentRun({ status: deploymentStatus({ status: 'failure', summary: null }) })
    expect(judgeDeployment(run).failureReason).toBe('The preview of branch feature/x failed (Mintlify gave no summary).')
  })

  it('timed out: timed-out, saying the deployment continues and the status id to follow', () => {
    const run = deploymentRun({
      ...DEPLOY,
      ended: 'timed-out',
      timeoutMs: 10 * 60_000,
      status: deploymentStatus({ status: 'in_progress' })
    })
    expect(judgeDeployment(run)).toEqual({
      outcome: 'timed-out',
      result: 'failure',
      headline:
        'The deployment was still in_progress after the 10m 00s timeout and continues at Mintlify: follow status id st_1, or raise timeout.',
      failureReason:
        'The deployment was still in_progress after the 10m 00s timeout and continues at Mintlify: follow status id st_1, or raise timeout.'
    })
  })

  it('timed out before any status was read: still running', () => {
    expect(judgeDeployment(deploymentRun({ ended: 'timed-out', status: null })).headline).toMatch(
      /^The preview of branch feature\/x was still running after the 30m 00s timeout/
    )
  })

  it('cancelled: cancelled, saying the deployment continues at Mintlify', () => {
    expect(judgeDeployment(deploymentRun({ ended: 'cancelled' }))).toEqual({
      outcome: 'cancelled',
      result: 'failure',
      headline: 'The workflow was cancelled while waiting; the preview of branch feature/x continues at Mintlify (status id st_1).',
      failureReason: 'The workflow was cancelled while waiting; the preview of branch feature/x continues at Mintlify (status id st_1).'
    })
  })

  it('a status read that failed for good: failed, with its reason, the deployment continuing', () => {
    const error = new ApiError('Could not read deployment status st_1: HTTP 403, the API key is not allowed to do this.', 403, false)
    const verdict = judgeDeployment(deploymentRun({ ...DEPLOY, ended: 'error', error }))
    expect(verdict.outcome).toBe('failed')
    expect(verdict.failureReason).toBe(
      'Could not read deployment status st_1: HTTP 403, the API key is not allowed to do this; the deployment continues at Mintlify (status id st_1).'
    )
  })

  it('not waited (wait: false): started, with the status id', () => {
    expect(judgeDeployment(deploymentRun({ ...DEPLOY, ended: null, status: null }))).toEqual({
      outcome: 'started',
      result: 'success',
      headline: 'Triggered the deployment (status id st_1); not waiting for it (wait: false).',
      failureReason: ''
    })
  })

  it('a preview not waited for is never called ready', () => {
    const headline = judgeDeployment(deploymentRun({ ended: null, status: null })).headline
    expect(headline).toBe(
      'Triggered the preview of branch feature/x (status id st_1); not waiting for it (wait: false), so https://acme-feature-x.mintlify.app may not be live yet.'
    )
    expect(headline).not.toContain('ready')
  })

  it.each(['queued', 'in_progress', 'failure', 'building'])('never calls a preview ready while the status says %s', (status) => {
    for (const ended of ['terminal', 'timed-out', 'cancelled', null] as const) {
      const verdict = judgeDeployment(deploymentRun({ ended, status: deploymentStatus({ status }) }))
      expect(verdict.outcome).not.toBe('deployed')
      expect(verdict.headline).not.toContain('ready')
    }
  })
})

describe('judgeForkPreview', () => {
  it('skips a fork with a notice naming the fork and why', () => {
    expect(judgeForkPreview('patch-1', 'octocat/docs')).toEqual({
      outcome: 'skipped',
      result: 'notice',
      headline:
        'Skipped the preview of branch patch-1: it comes from the fork octocat/docs, and Mintlify cannot build branches of forks (its GitHub App cannot read them).',
      failureReason: ''
    })
  })

  it('skips a fork whose name the event does not give', () => {
    expect(judgeForkPreview('patch-1', null).headline).toContain('it comes from a fork,')
  })
})

describe('judgeTriggerDryRun', () => {
  it.each([
    [
      { operation: 'deploy', projectId: 'acme-docs', environment: 'docs' },
      "Dry run: would send POST /v1/project/update/acme-docs (a deployment from the project's deployment branch), recorded in the GitHub environment docs; nothing was sent to the Mintlify API and nothing was written to GitHub."
    ],
    [
      { operation: 'preview', projectId: 'acme docs', branch: 'feature/"x"', environment: null },
      'Dry run: would send POST /v1/project/preview/acme%20docs with {"branch":"feature/\\"x\\""} (a preview of branch feature/"x"); nothing was sent to the Mintlify API and nothing was written to GitHub.'
    ]
  ] as const)('shows the request of %j and that nothing was sent', (plan, headline) => {
    expect(judgeTriggerDryRun(plan)).toEqual({ outcome: 'dry-run', result: 'notice', headline, failureReason: '' })
  })
})
