/** The inputs of deploy, preview and automation: branch, automation-id, environment, docs-path. */
import { describe, expect, it } from '@jest/globals'
import { readSettingsOf, type SettingsOf } from '../../../src/operations/registry.js'
import { type Operation, OPERATIONS } from '../../../src/settings.js'
import { runEnvironment, stepInputs } from '../../fixtures/step-settings.js'
import { refusal } from '../../fixtures/refusal.js'

/** The settings (and warnings) of a step of one of `operations` with these inputs. */
function settings<O extends Operation>(
  overrides: Record<string, string>,
  operations: readonly O[]
): { settings: SettingsOf<O>; warnings: string[] } {
  return readSettingsOf(operations, stepInputs(overrides), runEnvironment())
}

describe('branch (preview)', () => {
  it('takes a branch name as given, without refs/heads/', () => {
    expect(settings({ operation: 'preview', branch: ' feature/new-cli ' }, ['preview']).settings.branch).toBe('feature/new-cli')
    expect(settings({ operation: 'preview', branch: 'refs/heads/docs/v2' }, ['preview']).settings.branch).toBe('docs/v2')
  })

  it('leaves the branch to the event when empty', () => {
    expect(settings({ operation: 'preview' }, ['preview']).settings.branch).toBe('')
  })

  it.each([
    ['two dots', 'feature..x'],
    ['a space', 'my branch'],
    ['a leading dash', '-rf'],
    ['a .lock ending', 'docs.lock'],
    ['a reflog expression', 'main@{1}']
  ])('refuses a branch with %s in one sentence naming branch', (_what, branch) => {
    const error = refusal(() => settings({ operation: 'preview', branch }, OPERATIONS))
    expect(error.input).toBe('branch')
    expect(error.message).toMatch(/^Input 'branch' is '.+', which is not a branch name git accepts: .+\.$/)
  })

  it('ignores branch for operations that do not preview', () => {
    expect(settings({ operation: 'deploy', branch: 'a..b' }, OPERATIONS).settings).not.toHaveProperty('branch')
  })
})

describe('automation-id (automation)', () => {
  it('is required for automation, naming where to find it', () => {
    const error = refusal(() => settings({ operation: 'automation' }, OPERATIONS))
    expect(error.input).toBe('automation-id')
    expect(error.message).toContain('Automations page of the Mintlify dashboard')
  })

  it('refuses characters that would change the request path', () => {
    expect(refusal(() => settings({ operation: 'automation', 'automation-id': '../job' }, OPERATIONS)).input).toBe('automation-id')
    expect(refusal(() => settings({ operation: 'automation', 'automation-id': 'a b' }, OPERATIONS)).input).toBe('automation-id')
  })

  it('takes an id as given', () => {
    expect(settings({ operation: 'automation', 'automation-id': ' 65f0c2a1b3d4e5f6a7b8c9d0 ' }, ['automation']).settings.automationId).toBe(
      '65f0c2a1b3d4e5f6a7b8c9d0'
    )
  })
})

describe('environment (deploy, preview)', () => {
  it('records deploys and previews in the named environment', () => {
    expect(settings({ operation: 'deploy', environment: 'docs' }, ['deploy']).settings.environment).toBe('docs')
    expect(settings({ operation: 'preview', environment: 'docs-preview' }, ['preview']).settings.environment).toBe('docs-preview')
  })

  it('warns and ignores it where no deployment is recorded', () => {
    const { settings: read, warnings } = settings({ operation: 'job', environment: 'docs' }, OPERATIONS)
    expect(read).not.toHaveProperty('environment')
    expect(warnings).toEqual(["Input 'environment' is set, but operation 'job' records no deployment: it is ignored."])
  })

  it('refuses a name GitHub would not keep', () => {
    expect(refusal(() => settings({ operation: 'deploy', environment: 'x'.repeat(256) }, OPERATIONS)).input).toBe('environment')
    expect(refusal(() => settings({ operation: 'deploy', environment: 'docs\u0007' }, OPERATIONS)).input).toBe('environment')
  })
})

describe('docs-path (preview)', () => {
  it.each([
    ['', ''],
    ['.', ''],
    ['docs', 'docs/'],
    ['./docs/', 'docs/'],
    ['site/docs', 'site/docs/']
  ])('reads %j as the folder %j', (docsPath, folder) => {
    expect(settings({ operation: 'preview', 'docs-path': docsPath }, ['preview']).settings.docsFolder).toBe(folder)
  })

  it('refuses a path that leaves the repository', () => {
    const error = refusal(() => settings({ operation: 'preview', 'docs-path': '../other' }, OPERATIONS))
    expect(error.input).toBe('docs-path')
    expect(error.message).toContain('leaves the repository')
  })
})
