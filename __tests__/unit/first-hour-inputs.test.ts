/**
 * A new user's first hour (issue 35): every input error of a run at once, files kept inside the workspace
 * (symlinks followed), a base-url with the API's own path, a trigger without its slash, the pull request
 * to comment on under a name of its own, and the summary every failure writes.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { collectInputErrors, InputError, InputErrors, inputErrorsOf } from '../../src/errors.js'
import { failureSummary, troubleshootingUrl } from '../../src/failure-summary.js'
import { readOperation, readSettingsOf, type SettingsOf } from '../../src/operations/registry.js'
import { OPERATIONS } from '../../src/settings.js'
import { refusal } from '../fixtures/refusal.js'
import { AGENT, runEnvironment, stepInputs } from '../fixtures/step-settings.js'

describe('collectInputErrors', () => {
  const bad = (input: string): number => {
    throw new InputError(input, `Input '${input}' is bad.`)
  }

  it('reads every field, and throws every input error of them in the order read', () => {
    const error = refusal(() => collectInputErrors((field) => ({ a: field(() => bad('a')), b: field(() => 2), c: field(() => bad('c')) })))
    expect(error).toBeInstanceOf(InputErrors)
    expect(inputErrorsOf(error).map((one) => one.input)).toEqual(['a', 'c'])
    expect(error.message).toBe("Input 'a' is bad. Input 'c' is bad.")
  })

  it('returns the fields when none failed', () => {
    expect(collectInputErrors((field) => ({ a: field(() => 1), b: field(() => 'two') }))).toEqual({ a: 1, b: 'two' })
  })

  it('throws a single error as itself', () => {
    const error = refusal(() => collectInputErrors((field) => ({ a: field(() => bad('a')), b: field(() => 2) })))
    expect(error).not.toBeInstanceOf(InputErrors)
    expect(error.input).toBe('a')
  })

  it('opens nested collections into one list, each error once', () => {
    const inner = (): number => collectInputErrors((field) => field(() => bad('a')) + field(() => bad('b')))
    const error = refusal(() => collectInputErrors((field) => [field(inner), field(() => bad('a')), field(() => bad('c'))]))
    expect(inputErrorsOf(error).map((one) => one.input)).toEqual(['a', 'b', 'c'])
  })

  it('joins an input error thrown outside a field (a plain throw of a reader) to those recorded', () => {
    const error = refusal(() =>
      collectInputErrors((field) => {
        field(() => bad('a'))
        return bad('plain')
      })
    )
    expect(inputErrorsOf(error).map((one) => one.input)).toEqual(['a', 'plain'])
  })

  it('blames the input errors for a crash that follows them, and passes on one that comes alone', () => {
    const crash = (value: unknown): number => (value as { length: number }).length
    const error = refusal(() => collectInputErrors((field) => crash(field(() => bad('a')))))
    expect(error.input).toBe('a')
    expect(() => collectInputErrors(() => crash(undefined))).toThrow(TypeError)
  })
})

describe('every input error of a step at once', () => {
  it('names both required inputs when both are missing', () => {
    const error = refusal(() => readOperation(stepInputs({ 'api-key': '', 'project-id': '' }), runEnvironment()))
    expect(inputErrorsOf(error).map((one) => one.input)).toEqual(['api-key', 'project-id'])
  })

  it("tells the common settings' errors and the operation's own together", () => {
    const inputs = stepInputs({ 'project-id': '', timeout: 'soon', prompt: '', wait: 'yes', trigger: 'docs' })
    const error = refusal(() => readOperation(inputs, runEnvironment()))
    expect(inputErrorsOf(error).map((one) => one.input)).toEqual(['project-id', 'timeout', 'prompt', 'wait', 'trigger'])
  })

  it("names an unknown operation among the common settings' errors, and reads no operation's own inputs", () => {
    const error = refusal(() => readOperation(stepInputs({ operation: 'publish', 'api-key': '', prompt: '' }), runEnvironment()))
    expect(inputErrorsOf(error).map((one) => one.input)).toEqual(['api-key', 'operation'])
  })

  it("collects within an operation family's reader (an export's range, page size and budget)", () => {
    const inputs = stepInputs({ operation: 'views', 'date-from': 'yesterday', 'page-size': '0', 'max-requests': 'many' })
    const error = refusal(() => readOperation(inputs, runEnvironment()))
    expect(inputErrorsOf(error).map((one) => one.input)).toEqual(['date-from', 'page-size', 'max-requests'])
  })
})

describe('files inside the workspace', () => {
  let root: string
  let workspace: string
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'first-hour-'))
    workspace = join(root, 'workspace')
    mkdirSync(join(workspace, 'prompts'), { recursive: true })
    writeFileSync(join(workspace, 'prompts', 'weekly.md'), 'Refresh the API reference.\n')
    writeFileSync(join(root, 'secret.md'), 'A file of the runner, outside the workspace.\n')
    symlinkSync(join(root, 'secret.md'), join(workspace, 'prompts', 'linked.md'))
    symlinkSync(root, join(workspace, 'out'))
    symlinkSync(join(root, 'not-yet.json'), join(workspace, 'dangling.json'))
    symlinkSync(join(workspace, 'prompts'), join(workspace, 'inner'))
  })
  afterAll(() => {
    rmSync(root, { recursive: true, force: true })
  })
  function read<O extends (typeof OPERATIONS)[number]>(inputs: Record<string, string>, operations: readonly O[]): SettingsOf<O> {
    return readSettingsOf(operations, stepInputs(inputs), runEnvironment({ workspace })).settings
  }

  it.each([
    ['an absolute path elsewhere', '/etc/passwd'],
    ['a path that climbs out', '../secret.md'],
    ['a symlink that leads out', 'prompts/linked.md']
  ])('refuses a prompt-file at %s, naming prompt-file', (_name, path) => {
    const error = refusal(() => read({ prompt: '', 'prompt-file': path }, OPERATIONS))
    expect(error.input).toBe('prompt-file')
    expect(error.message).toMatch(/^Input 'prompt-file' names .+, which is outside the workspace \(.+\), symlinks followed: /)
  })

  it.each([
    ['an absolute path elsewhere', '/etc/x.json'],
    ['a folder symlinked out', 'out/visitors.json'],
    ['a dangling symlink whose target is outside', 'dangling.json']
  ])('refuses an output-file at %s, naming output-file', (_name, path) => {
    const error = refusal(() => read({ operation: 'visitors', 'output-file': path }, OPERATIONS))
    expect(error.input).toBe('output-file')
    expect(error.message).toContain('which is outside the workspace')
  })

  it('accepts files inside, through a symlink that stays inside, and a file not yet written', () => {
    expect(read({ prompt: '', 'prompt-file': 'inner/weekly.md' }, AGENT).prompt).toBe('Refresh the API reference.')
    expect(read({ prompt: '', 'prompt-file': join(workspace, 'prompts', 'weekly.md') }, AGENT).prompt).toBe('Refresh the API reference.')
    expect(read({ operation: 'views', 'output-file': 'new/folder/views.csv' }, ['views']).outputPath).toBe(
      join(workspace, 'new', 'folder', 'views.csv')
    )
    expect(read({ operation: 'views', 'output-file': '..views.csv' }, ['views']).outputFile).toBe('..views.csv')
  })
})

describe('base-url, trigger and the pull request to comment on', () => {
  const agent = (inputs: Record<string, string>, warnings: string[] = []) => {
    const read = readSettingsOf(AGENT, stepInputs(inputs), runEnvironment())
    warnings.push(...read.warnings)
    return read.settings
  }

  it.each([
    ['https://api.mintlify.com/v2', '/v2'],
    ['https://api.mintlify.com/v1/analytics/', '/v1/analytics'],
    ['https://proxy.example.com/mintlify/v2/agent', '/v2/agent']
  ])('refuses %j, naming base-url and the path to drop', (value, path) => {
    const error = refusal(() => agent({ 'base-url': value }))
    expect(error.input).toBe('base-url')
    expect(error.message).toBe(
      `Input 'base-url' must be the API root, such as https://api.mintlify.com, without the API's own path: drop '${path}', which the action adds itself.`
    )
  })

  it("keeps a proxy's prefix that is not the API's path", () => {
    expect(agent({ 'base-url': 'https://proxy.example.com/mintlify/' }).baseUrl).toBe('https://proxy.example.com/mintlify')
  })

  it.each(['docs', '!docs', '/'])('refuses the trigger %j, which does not start a slash command', (trigger) => {
    const error = refusal(() => agent({ trigger }))
    expect(error.input).toBe('trigger')
    expect(error.message).toBe(`Input 'trigger' must be one word starting with /, such as /docs; got '${trigger}'.`)
  })

  it('reads comment-pr-number without a warning', () => {
    const warnings: string[] = []
    expect(agent({ 'comment-pr-number': '42' }, warnings).prNumber).toBe(42)
    expect(warnings).toEqual([])
  })

  it('still reads the old name pr-number, with one warning naming the new one', () => {
    const warnings: string[] = []
    expect(agent({ 'pr-number': '7' }, warnings).prNumber).toBe(7)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Input 'pr-number' is now called 'comment-pr-number' /)
    expect(refusal(() => agent({ 'pr-number': 'seven' })).input).toBe('pr-number')
  })

  it('prefers comment-pr-number when both names are given', () => {
    expect(agent({ 'comment-pr-number': '42', 'pr-number': '7' }).prNumber).toBe(42)
  })
})

describe('the job summary of a failure', () => {
  const inputs: Record<string, string> = { 'api-key': 'mint_Zq7sEcReT0kEn4TeStS9xY', 'project-id': '', operation: 'job' }
  const summary = failureSummary({
    messages: ["Input 'project-id' is required: copy it.", "Input 'trigger' must be one word."],
    outcome: 'failed',
    badInputs: ['project-id', 'trigger'],
    input: (name) => inputs[name] ?? '',
    env: { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_ACTION_REPOSITORY: 'acme/docs-agent-action', GITHUB_ACTION_REF: 'v1.4.0' }
  })

  it('holds every sentence, the outcome, the inputs to fix and the troubleshooting link, never the key', () => {
    expect(summary).toContain("- Input 'project-id' is required: copy it.")
    expect(summary).toContain("- Input 'trigger' must be one word.")
    expect(summary).toContain('| Outcome | `failed` |')
    expect(summary).toContain('| Inputs to fix | `project-id`, `trigger` |')
    expect(summary).toContain('| Event | `issue_comment` |')
    expect(summary).toContain('| api-key | given (not shown) |')
    expect(summary).toContain('(https://github.com/acme/docs-agent-action/blob/v1.4.0/docs/troubleshooting.md)')
    expect(summary).not.toContain('mint_Zq7s')
  })

  it("hides a key pasted into project-id, and links the action's home when the runner names no action", () => {
    const pasted = failureSummary({ ...facts(), input: (name) => (name === 'project-id' ? 'mint_Zq7sEcReT0kEn4TeStS9xY' : '') })
    expect(pasted).not.toContain('mint_Zq7s')
    expect(pasted).toContain('| project-id | looks like a key (not shown) |')
    expect(troubleshootingUrl({})).toBe('https://github.com/your-org/docs-agent-action/blob/v1/docs/troubleshooting.md')
    expect(troubleshootingUrl({ GITHUB_ACTION_REPOSITORY: 'a/b', GITHUB_ACTION_REF: 'main)](https://evil' })).toBe(troubleshootingUrl({}))
  })

  function facts() {
    return { messages: ['Could not reach it.'], outcome: 'failed', badInputs: [], input: () => '', env: {} }
  }
})
