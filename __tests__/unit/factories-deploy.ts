/**
 * Test data for deployments, previews and automations: a status record as the API sends it, and the same
 * record as the action reads it.
 */
import { type DeploymentStatus, parseDeploymentStatus } from '../../src/mintlify/deployment.js'

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
