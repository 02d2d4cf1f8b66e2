/**
 * Test data for deployments, previews and automations: a status record as the API sends it, and the same
 * record as the action reads it.
 */
import { parseEvent, type RunContext } from '../../src/github/event.js'
import { type DeploymentStatus, parseDeploymentStatus } from '../../src/mintlify/deployment.js'
import { type DeploymentReport, type DeploymentRun, judgeDeployment } from '../../src/operations/deployments/verdicts.js'
import type { SettingsOf } from '../../src/operations/registry.js'
import { runEnvironment, settingsOf, stepInputs } from './factories.js'

/** A finished deployment's status record; `overrides` replaces top-level fields. */
export function deploymentRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _id: 'st_1',
    projectId: 'acme-docs',
    createdAt: '2025-01-15T12:00:00.000Z',
    endedAt: '2025-01-15T12:01:28.000Z',
    status: 'success',
    summary: 'Deployment succeeded',
    logs: ['Cloning repository', 'Building 42 pages', 'Deployed'],
    subdomain: 'acme',
    screenshot: 'https://cdn.mintlify.com/shots/st_1.png',
    screenshotLight: 'https://cdn.mintlify.com/shots/st_1-light.png',
    screenshotDark: 'https://cdn.mintlify.com/shots/st_1-dark.png',
    author: { name: 'Ada Lovelace', avatarUrl: 'https://avatars.githubusercontent.com/u/1', githubUserId: 1 },
    commit: {
      sha: '0123456789abcdef0123456789abcdef01234567',
      ref: 'main',
      message: 'Document the CLI\n\nAdds the --dry-run flag.',
      filesChanged: { added: ['cli.mdx'], modified: ['index.mdx', 'docs.json'], removed: [] }
    },
    source: 'api',
    ...overrides
  }
}

/** The same record, as the action reads it. */
export function deploymentStatus(overrides: Record<string, unknown> = {}): DeploymentStatus {
  return parseDeploymentStatus(deploymentRecord(overrides))
}

/** A preview run that waited until the status said success; `overrides` replaces any part. */
export function deploymentRun(overrides: Partial<DeploymentRun> = {}): DeploymentRun {
  return {
    kind: 'preview',
    statusId: 'st_1',
    branch: 'feature/x',
    previewUrl: 'https://acme-feature-x.mintlify.app',
    status: deploymentStatus(),
    ended: 'terminal',
    timeoutMs: 30 * 60_000,
    durationMs: 92_000,
    polls: 9,
    ...overrides
  }
}

/** The report of `run`, judged as `judgeDeployment` judges it; `overrides` replaces any part (a verdict, a null status id). */
export function deploymentReport(run: DeploymentRun = deploymentRun(), overrides: Partial<DeploymentReport> = {}): DeploymentReport {
  return { ...run, verdict: judgeDeployment(run), runUrl: 'https://github.com/acme/docs/actions/runs/42', ...overrides }
}

/** GITHUB_SHA of the runs below: the commit the workflow runs on. */
export const RUN_SHA = 'feedface'.repeat(5)

/** Where a run happens: acme/docs, run 42, GITHUB_SHA `RUN_SHA`, on `eventName` with `payload`. */
export function runContext(eventName = 'workflow_dispatch', payload: Record<string, unknown> = {}): RunContext {
  return {
    event: parseEvent(eventName, payload),
    repo: { owner: 'acme', repo: 'docs' },
    serverUrl: 'https://github.com',
    runUrl: 'https://github.com/acme/docs/actions/runs/42',
    workflow: 'Docs',
    job: 'docs',
    sha: RUN_SHA,
    ref: 'refs/heads/main'
  }
}

/** The settings of a `deploy` step with `inputs` under `eventName`. */
export function deploySettings(inputs: Record<string, string> = {}, eventName = 'workflow_dispatch'): SettingsOf<'deploy'> {
  return settingsOf(['deploy'], stepInputs({ operation: 'deploy', prompt: '', ...inputs }), runEnvironment({ eventName }))
}

/** The settings of a `preview` step with `inputs` under `eventName`. */
export function previewSettings(inputs: Record<string, string> = {}, eventName = 'workflow_dispatch'): SettingsOf<'preview'> {
  return settingsOf(['preview'], stepInputs({ operation: 'preview', prompt: '', ...inputs }), runEnvironment({ eventName }))
}

/** The settings of an `automation` step with `inputs` under `eventName`. */
export function automationSettings(inputs: Record<string, string> = {}, eventName = 'workflow_dispatch'): SettingsOf<'automation'> {
  return settingsOf(['automation'], stepInputs({ operation: 'automation', prompt: '', ...inputs }), runEnvironment({ eventName }))
}
