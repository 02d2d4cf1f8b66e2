/**
 * The step outputs of deploy and preview: every output the operation owns is set (empty where
 * nothing is known), so a later step's `if:` never reads a stale value.
 */
import { describe, expect, it } from '@jest/globals'
import { deploymentOutputs } from '../../../src/operations/deployments/outputs.js'
import { judgeForkPreview, judgeTriggerDryRun } from '../../../src/operations/deployments/verdicts.js'
import { judgeStartFailure, resultOutputs } from '../../../src/outcome.js'
import { deploymentReport, deploymentRun, deploymentStatus } from '../../fixtures/deployment-records.js'

describe('deploymentOutputs', () => {
  it('gives a ready preview its outcome, status id, last status and preview URL, and no docs-url', () => {
    expect(deploymentOutputs(deploymentReport())).toEqual({
      outcome: 'deployed',
      'failure-reason': '',
      'status-id': 'st_1',
      status: 'success',
      'preview-url': 'https://acme-feature-x.mintlify.app'
    })
  })

  it('gives a deploy the site from the status record as docs-url, and no preview-url', () => {
    const outputs = deploymentOutputs(deploymentReport(deploymentRun({ kind: 'deploy', branch: null, previewUrl: null })))
    expect(outputs).toEqual({
      outcome: 'deployed',
      'failure-reason': '',
      'status-id': 'st_1',
      status: 'success',
      'docs-url': 'https://acme.mintlify.site'
    })
  })

  it('leaves docs-url empty when the record names no usable subdomain', () => {
    const run = deploymentRun({ kind: 'deploy', branch: null, previewUrl: null, status: deploymentStatus({ subdomain: 'not a label' }) })
    expect(deploymentOutputs(deploymentReport(run))['docs-url']).toBe('')
  })

  it('percent-encodes what a shell gives meaning to in preview-url', () => {
    const run = deploymentRun({ previewUrl: 'https://acme-x.mintlify.app/$(touch /tmp/x);`id`' })
    expect(deploymentOutputs(deploymentReport(run))['preview-url']).toBe('https://acme-x.mintlify.app/%24%28touch%20/tmp/x%29%3B%60id%60')
  })

  it('gives a failed build its reason and last status', () => {
    const run = deploymentRun({ status: deploymentStatus({ status: 'failure', summary: 'MDX error in quickstart.mdx' }) })
    expect(deploymentOutputs(deploymentReport(run))).toMatchObject({
      outcome: 'failed',
      'failure-reason': 'The preview of branch feature/x failed: MDX error in quickstart.mdx.',
      status: 'failure'
    })
  })

  it('gives an unwaited preview its status id and URL (set at once for later steps) and an empty status', () => {
    const outputs = deploymentOutputs(deploymentReport(deploymentRun({ status: null, ended: null, polls: 0 })))
    expect(outputs).toEqual({
      outcome: 'started',
      'failure-reason': '',
      'status-id': 'st_1',
      status: '',
      'preview-url': 'https://acme-feature-x.mintlify.app'
    })
  })

  it('empties status-id, status and the URL when nothing was triggered', () => {
    const refused = judgeStartFailure(new Error('Could not trigger the deployment: HTTP 401.'), false)
    const run = deploymentRun({ kind: 'deploy', branch: null, previewUrl: null, status: null, ended: null })
    expect(deploymentOutputs(deploymentReport(run, { statusId: null, verdict: refused }))).toEqual({
      outcome: 'failed',
      'failure-reason': 'Could not trigger the deployment: HTTP 401.',
      'status-id': '',
      status: '',
      'docs-url': ''
    })
  })

  it('gives a skipped fork and a dry run no ids and no failure reason', () => {
    const idle = deploymentRun({ previewUrl: null, status: null, ended: null })
    const fork = deploymentOutputs(deploymentReport(idle, { statusId: null, verdict: judgeForkPreview('feature/x', null) }))
    expect(fork).toEqual({ outcome: 'skipped', 'failure-reason': '', 'status-id': '', status: '', 'preview-url': '' })
    const dryRun = judgeTriggerDryRun({ operation: 'preview', projectId: 'acme-docs', branch: 'feature/x', environment: null })
    expect(deploymentOutputs(deploymentReport(idle, { statusId: null, verdict: dryRun })).outcome).toBe('dry-run')
  })
})

describe('resultOutputs', () => {
  const verdict = judgeForkPreview('feature/x', null)

  it('adds comment-url for an operation that keeps a status comment, empty when none was posted', () => {
    expect(resultOutputs({ verdict, outputs: { outcome: 'skipped' }, summary: '', statusComment: null })).toEqual({
      outcome: 'skipped',
      'comment-url': ''
    })
    expect(
      resultOutputs({ verdict, outputs: {}, summary: '', statusComment: 'https://github.com/acme/docs/pull/7#issuecomment-1' })
    ).toEqual({
      'comment-url': 'https://github.com/acme/docs/pull/7#issuecomment-1'
    })
  })

  it('percent-encodes what a shell gives meaning to in comment-url', () => {
    const statusComment = "https://github.example.com/acme/docs/pull/7#issuecomment-1'&&id"
    expect(resultOutputs({ verdict, outputs: {}, summary: '', statusComment })).toEqual({
      'comment-url': 'https://github.example.com/acme/docs/pull/7#issuecomment-1%27%26%26id'
    })
  })

  it('adds no comment-url for an operation that never comments', () => {
    expect(resultOutputs({ verdict, outputs: { outcome: 'deployed' }, summary: '' })).toEqual({ outcome: 'deployed' })
  })
})
