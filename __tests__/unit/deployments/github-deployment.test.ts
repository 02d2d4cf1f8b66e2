/**
 * GitHubDeployment: a run's deployment in a GitHub environment. What it asks GitHub for, and that GitHub's
 * refusals are warnings the run goes on after.
 */
import { describe, expect, it } from '@jest/globals'
import { type EnvironmentRequest, GitHubDeployment } from '../../../src/operations/deployments/github-deployment.js'
import { fakeGitHub } from '../../fixtures/fake-github.js'

const RUN_URL = 'https://github.com/acme/docs/actions/runs/42'
const SHA = 'c0ffee'.padEnd(40, '0')

const preview: EnvironmentRequest = { kind: 'preview', environment: 'docs-preview', sha: SHA, branch: 'docs/billing', runUrl: RUN_URL }
const deploy: EnvironmentRequest = { kind: 'deploy', environment: 'docs', sha: SHA, branch: null, runUrl: RUN_URL }

/** Opens a record in a fake GitHub, keeping the warnings. */
async function open(
  request: EnvironmentRequest,
  failing: Record<string, Error> = {}
): Promise<{ record: GitHubDeployment | null; warnings: string[]; github: ReturnType<typeof fakeGitHub> }> {
  const github = fakeGitHub({ failures: new Map(Object.entries(failing)) })
  const warnings: string[] = []
  const record = await GitHubDeployment.open(github.api, request, (message) => warnings.push(message))
  return { record, warnings, github }
}

describe('GitHubDeployment.open', () => {
  it('creates a transient deployment of the commit for a preview, naming the branch, and marks it in progress with the run as its log', async () => {
    const { record, warnings, github } = await open(preview)

    expect(record).not.toBeNull()
    expect(warnings).toEqual([])
    expect(github.state.deployments).toEqual([
      {
        id: 3000,
        request: {
          ref: SHA,
          environment: 'docs-preview',
          description: 'Mintlify docs preview of docs/billing',
          transient: true,
          production: false
        },
        statuses: [{ state: 'in_progress', description: 'Building at Mintlify.', logUrl: RUN_URL, environmentUrl: null }]
      }
    ])
  })

  it('creates a production deployment for a deploy', async () => {
    const { github } = await open(deploy)
    expect(github.state.deployments[0]?.request).toEqual({
      ref: SHA,
      environment: 'docs',
      description: 'Mintlify docs deployment',
      transient: false,
      production: true
    })
  })

  it('describes a preview whose branch is unknown as a preview of a branch', async () => {
    const { github } = await open({ ...preview, branch: null })
    expect(github.state.deployments[0]?.request.description).toBe('Mintlify docs preview of a branch')
  })

  it('is null after one warning when GitHub refuses the deployment, and sets no status', async () => {
    const refused = new Error('Could not create a deployment in environment docs: HTTP 403, the token lacks deployments: write.')
    const { record, warnings, github } = await open(deploy, { createDeployment: refused })

    expect(record).toBeNull()
    expect(warnings).toEqual([
      'Could not create a deployment in environment docs: HTTP 403, the token lacks deployments: write. The deployment is not shown in the GitHub environment docs; the run goes on.'
    ])
    expect(github.callsTo('setDeploymentStatus')).toEqual([])
  })

  it('is a record after one warning when only the in-progress status fails, so the result can still be set', async () => {
    const { record, warnings, github } = await open(preview, { setDeploymentStatus: new Error('Could not set the status: HTTP 502.') })

    expect(record).not.toBeNull()
    expect(warnings).toEqual(["Could not set the status: HTTP 502. The GitHub environment docs-preview may not show this run's result."])
    github.state.failures.clear()
    await record?.close('success', 'Ready.', 'https://acme-docs-billing.mintlify.site')
    expect(github.state.deployments[0]?.statuses).toEqual([
      { state: 'success', description: 'Ready.', logUrl: RUN_URL, environmentUrl: 'https://acme-docs-billing.mintlify.site' }
    ])
  })
})

describe('GitHubDeployment.close', () => {
  it.each([
    ['success', 'https://acme.mintlify.site'],
    ['failure', null],
    ['error', null]
  ] as const)('sets %s with the description and the environment URL', async (state, url) => {
    const { record, github } = await open(deploy)
    await record?.close(state, 'The last word.', url)

    expect(github.state.deployments[0]?.statuses.map((s) => [s.state, s.description, s.environmentUrl, s.logUrl])).toEqual([
      ['in_progress', 'Building at Mintlify.', null, RUN_URL],
      [state, 'The last word.', url, RUN_URL]
    ])
  })

  it('warns once and resolves when GitHub refuses the last status: the run’s result stands', async () => {
    const { record, warnings, github } = await open(deploy)
    github.state.failures.set('setDeploymentStatus', new Error('Could not set the status of deployment 3000 to success: HTTP 500.'))

    await expect(record?.close('success', 'Deployed.', 'https://acme.mintlify.site')).resolves.toBeUndefined()
    expect(warnings).toEqual([
      "Could not set the status of deployment 3000 to success: HTTP 500. The GitHub environment docs may not show this run's result."
    ])
  })

  it('gives a run without a URL no log URL', async () => {
    const { record, github } = await open({ ...deploy, runUrl: null })
    await record?.close('error', 'Timed out.', null)
    expect(github.state.deployments[0]?.statuses.map((s) => s.logUrl)).toEqual([null, null])
  })
})
