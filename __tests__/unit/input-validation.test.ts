import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { InputError } from '../../src/errors.js'
import type { RunEnvironment } from '../../src/inputs.js'
import { readSettingsOf, type SettingsOf } from '../../src/operations/registry.js'
import { isLoopbackHost, type Operation, OPERATIONS } from '../../src/settings.js'
import { AGENT, type AgentSettings, API_KEY, runEnvironment, stepInputs } from '../fixtures/step-settings.js'
import { refusal } from '../fixtures/refusal.js'

const EXPORTS = ['visitors', 'views', 'feedback', 'searches', 'assistant'] as const

/** The settings of an agent step (`job`, the default operation, or `message`) with these inputs. */
function settingsFor(overrides: Record<string, string>, env: RunEnvironment = runEnvironment()): AgentSettings {
  return readSettingsOf(AGENT, stepInputs(overrides), env).settings
}

/** The settings of a step of any operation: the common ones, and whichever inputs its operation reads. */
function anySettingsFor(overrides: Record<string, string>, env: RunEnvironment = runEnvironment()): SettingsOf<Operation> {
  return readSettingsOf(OPERATIONS, stepInputs(overrides), env).settings
}

/** The settings of an export step (the operation must be one of the exports). */
function exportSettingsFor(
  overrides: Record<string, string>,
  env: RunEnvironment = runEnvironment()
): SettingsOf<(typeof EXPORTS)[number]> {
  return readSettingsOf(EXPORTS, stepInputs(overrides), env).settings
}

/** One sentence that names the input: starts with "Input 'name'", ends with a period, no second sentence. */
function expectOneSentenceNaming(error: InputError, input: string): void {
  expect(error.input).toBe(input)
  expect(error.message).toMatch(new RegExp(`^Inputs? (?:'[a-z-]+' and )?'${input}'`))
  expect(error.message).toMatch(/\.$/)
  expect(error.message).not.toMatch(/[.!?]\s+[A-Z]/)
  expect(error.message).not.toContain('\n')
}

describe('defaults', () => {
  it('fills every optional input with the documented default', () => {
    expect(settingsFor({})).toEqual({
      apiKey: API_KEY,
      projectId: 'acme-docs',
      operation: 'job',
      prompt: 'Document the new --dry-run flag of the CLI.',
      promptSource: 'prompt',
      jobId: '',
      context: true,
      wait: true,
      timeoutMs: 1_800_000,
      pollIntervalMs: 15_000,
      baseUrl: 'https://api.mintlify.com',
      githubToken: '',
      docsCheck: { statusContext: null, paths: null, reviewers: { author: true, users: [], teams: [] } },
      fixChecks: 2,
      fixChecksStatuses: [],
      comment: true,
      prNumber: null,
      trigger: '/docs',
      label: '',
      // Unset reads as '': none (the runner passes action.yml's docs-agent when the step does not set it).
      agentLabel: '',
      minPermission: 'write',
      allowedBots: [],
      markerAuthors: [],
      dryRun: false,
      groupRuns: false,
      docsRepository: null,
      spend: null
    })
  })

  it('gives a job none of the inputs other operations read', () => {
    const settings = settingsFor({})
    for (const field of [
      'showReaderText',
      'range',
      'pageSize',
      'maxRequests',
      'outputFile',
      'outputPath',
      'branch',
      'automationId',
      'environment',
      'docsFolder'
    ])
      expect(settings).not.toHaveProperty(field)
  })

  it('fills the inputs of an export with their defaults', () => {
    const workspace = runEnvironment().workspace
    expect(exportSettingsFor({ operation: 'visitors', prompt: '' })).toEqual({
      apiKey: API_KEY,
      projectId: 'acme-docs',
      operation: 'visitors',
      timeoutMs: 1_800_000,
      pollIntervalMs: 15_000,
      baseUrl: 'https://api.mintlify.com',
      githubToken: '',
      comment: true,
      dryRun: false,
      minPermission: 'write',
      allowedBots: [],
      spend: null,
      showReaderText: false,
      range: { from: null, to: null },
      pageSize: 250,
      maxRequests: 100,
      outputFile: 'docs-visitors.json',
      outputPath: join(workspace, 'docs-visitors.json')
    })
  })

  it('warns about nothing when the inputs are fine', () => {
    expect(readSettingsOf(OPERATIONS, stepInputs(), runEnvironment()).warnings).toEqual([])
  })
})

describe('api-key', () => {
  it('refuses an empty key and explains that forks get no secrets', () => {
    const error = refusal(() => anySettingsFor({ 'api-key': '' }))
    expectOneSentenceNaming(error, 'api-key')
    expect(error.message).toContain('is empty')
    expect(error.message).toContain('forks')
    // A fork's pull request needs a maintainer anyway, whose comment runs with the secret.
    expect(error.message).toContain('/docs comment (issue_comment) runs with the secret')
  })

  it('treats a key of only spaces as empty', () => {
    expect(refusal(() => anySettingsFor({ 'api-key': '   ' })).message).toContain('is empty')
  })

  it('refuses a mint_dsc_ (assistant) key and never echoes it', () => {
    const key = 'mint_dsc_AbCdEf0123456789'
    const error = refusal(() => anySettingsFor({ 'api-key': key }))
    expectOneSentenceNaming(error, 'api-key')
    expect(error.message).toContain('assistant key')
    expect(error.message).not.toContain(key)
    expect(error.message).not.toContain('AbCdEf0123456789')
  })

  it('refuses a mint_us_ (search index) key and never echoes it', () => {
    const key = 'mint_us_GhIjKl9876543210'
    const error = refusal(() => anySettingsFor({ 'api-key': key }))
    expectOneSentenceNaming(error, 'api-key')
    expect(error.message).toContain('search index key')
    expect(error.message).not.toContain('GhIjKl9876543210')
  })

  it('refuses a key with whitespace inside and never echoes any part of it', () => {
    const error = refusal(() => anySettingsFor({ 'api-key': 'mint_first part' }))
    expectOneSentenceNaming(error, 'api-key')
    expect(error.message).toContain('whitespace')
    expect(error.message).not.toContain('first')
  })

  it('accepts a key without the mint_ prefix but warns, without echoing the key', () => {
    const key = 'sk_live_0123456789abcdef'
    const { settings, warnings } = readSettingsOf(OPERATIONS, stepInputs({ 'api-key': key }), runEnvironment())
    expect(settings.apiKey).toBe(key)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain("'api-key' does not start with mint_")
    expect(warnings[0]).not.toContain(key)
  })

  it('trims the key it keeps', () => {
    expect(settingsFor({ 'api-key': `  ${API_KEY}\n` }).apiKey).toBe(API_KEY)
  })

  it('never puts the key into the message of any other refused input', () => {
    const refusals = [
      refusal(() => anySettingsFor({ 'project-id': '' })),
      refusal(() => anySettingsFor({ operation: 'delete' })),
      refusal(() => anySettingsFor({ prompt: '' })),
      refusal(() => anySettingsFor({ wait: 'maybe' })),
      refusal(() => anySettingsFor({ timeout: 'forever' })),
      refusal(() => anySettingsFor({ 'base-url': 'http://example.com' })),
      refusal(() => anySettingsFor({ operation: 'visitors', prompt: '', 'page-size': '0' }))
    ]
    for (const error of refusals) expect(error.message).not.toContain(API_KEY)
  })
})

describe('project-id', () => {
  it('is required', () => {
    const error = refusal(() => anySettingsFor({ 'project-id': '  ' }))
    expectOneSentenceNaming(error, 'project-id')
    expect(error.message).toContain('is required')
  })

  it.each(['acme/docs', 'acme docs', 'acme?x', 'acme#1', 'acme%2F'])('refuses %j, which would change the request path', (projectId) => {
    expectOneSentenceNaming(
      refusal(() => anySettingsFor({ 'project-id': projectId })),
      'project-id'
    )
  })

  it('keeps a plain id, trimmed', () => {
    expect(settingsFor({ 'project-id': ' proj_123-abc ' }).projectId).toBe('proj_123-abc')
  })
})

describe('operation', () => {
  it.each([
    ['job', 'job'],
    ['message', 'message'],
    ['visitors', 'visitors'],
    ['views', 'views'],
    [' JOB ', 'job']
  ])('reads %j as %s', (value, operation) => {
    expect(anySettingsFor({ operation: value, 'job-id': 'job_1' }).operation).toBe(operation)
  })

  it('refuses an unknown operation, listing the accepted ones', () => {
    const error = refusal(() => anySettingsFor({ operation: 'delete' }))
    expectOneSentenceNaming(error, 'operation')
    expect(error.message).toBe(
      "Input 'operation' must be one of job, message, visitors, views, feedback, searches, assistant, report, improve, deploy, preview, automation, static-export, sweep, translations, gate; got 'delete'."
    )
  })

  it('requires job-id for a message', () => {
    const error = refusal(() => anySettingsFor({ operation: 'message' }))
    expectOneSentenceNaming(error, 'job-id')
    expect(error.message).toContain("operation is 'message'")
  })

  it('keeps job-id for a message', () => {
    expect(settingsFor({ operation: 'message', 'job-id': ' job_42 ' }).jobId).toBe('job_42')
  })
})

describe('prompt', () => {
  it('is required for a job', () => {
    const error = refusal(() => anySettingsFor({ prompt: '' }))
    expectOneSentenceNaming(error, 'prompt')
    expect(error.message).toContain('is empty')
    expect(error.message).toContain("'prompt-file'")
  })

  it('is required for a message', () => {
    expectOneSentenceNaming(
      refusal(() => anySettingsFor({ operation: 'message', 'job-id': 'job_1', prompt: '' })),
      'prompt'
    )
  })

  it('refuses a prompt of only whitespace, saying so', () => {
    const error = refusal(() => anySettingsFor({ prompt: ' \n\t ' }))
    expectOneSentenceNaming(error, 'prompt')
    expect(error.message).toContain('is only whitespace')
  })

  it('trims the prompt and names its source', () => {
    const settings = settingsFor({ prompt: '\n  Fix the typo on the quickstart page.  \n' })
    expect(settings.prompt).toBe('Fix the typo on the quickstart page.')
    expect(settings.promptSource).toBe('prompt')
  })

  it('is not needed for an analytics export, which reads none', () => {
    const settings = anySettingsFor({ operation: 'visitors', prompt: '' })
    expect(settings).not.toHaveProperty('prompt')
    expect(settings).not.toHaveProperty('promptSource')
  })

  it('is not needed under issue_comment, where the slash command supplies it', () => {
    const settings = settingsFor({ prompt: '' }, runEnvironment({ eventName: 'issue_comment' }))
    expect(settings.prompt).toBe('')
    expect(settings.promptSource).toBe('slash command')
  })

  it('lets issue_comment send a message without job-id (the job comes from the PR)', () => {
    const settings = settingsFor({ operation: 'message', prompt: '' }, runEnvironment({ eventName: 'issue_comment' }))
    expect(settings.operation).toBe('message')
    expect(settings.jobId).toBe('')
  })
})

describe('prompt-file', () => {
  let workspace: string

  beforeAll(() => {
    workspace = mkdtempSync(join(tmpdir(), 'settings-test-'))
    mkdirSync(join(workspace, '.github', 'prompts'), { recursive: true })
    writeFileSync(join(workspace, '.github', 'prompts', 'weekly.md'), '\n  Review the changelog and update the docs.\n\n')
    writeFileSync(join(workspace, 'empty.md'), ' \n \n')
  })

  afterAll(() => {
    rmSync(workspace, { recursive: true, force: true })
  })

  it('reads a path relative to the workspace', () => {
    const settings = settingsFor({ prompt: '', 'prompt-file': '.github/prompts/weekly.md' }, runEnvironment({ workspace }))
    expect(settings.prompt).toBe('Review the changelog and update the docs.')
    expect(settings.promptSource).toBe('prompt-file .github/prompts/weekly.md')
  })

  it('reads an absolute path inside the workspace as it is', () => {
    const path = join(workspace, '.github', 'prompts', 'weekly.md')
    const settings = settingsFor({ prompt: '', 'prompt-file': path }, runEnvironment({ workspace }))
    expect(settings.prompt).toBe('Review the changelog and update the docs.')
  })

  it('refuses a file that does not exist', () => {
    const error = refusal(() => anySettingsFor({ prompt: '', 'prompt-file': 'missing.md' }, runEnvironment({ workspace })))
    expectOneSentenceNaming(error, 'prompt-file')
    expect(error.message).toContain('missing.md, which does not exist')
  })

  it('refuses a folder', () => {
    const error = refusal(() => anySettingsFor({ prompt: '', 'prompt-file': '.github' }, runEnvironment({ workspace })))
    expectOneSentenceNaming(error, 'prompt-file')
    expect(error.message).toContain('is a folder')
  })

  it('refuses an empty file', () => {
    const error = refusal(() => anySettingsFor({ prompt: '', 'prompt-file': 'empty.md' }, runEnvironment({ workspace })))
    expectOneSentenceNaming(error, 'prompt-file')
    expect(error.message).toContain('empty.md, which is empty')
  })

  it('refuses prompt and prompt-file together', () => {
    const error = refusal(() =>
      anySettingsFor({ prompt: 'Inline', 'prompt-file': '.github/prompts/weekly.md' }, runEnvironment({ workspace }))
    )
    expectOneSentenceNaming(error, 'prompt')
    expect(error.message).toBe("Inputs 'prompt' and 'prompt-file' are both set: give only one of them.")
  })

  it('uses the file when prompt is only whitespace', () => {
    const settings = settingsFor({ prompt: '  ', 'prompt-file': '.github/prompts/weekly.md' }, runEnvironment({ workspace }))
    expect(settings.promptSource).toBe('prompt-file .github/prompts/weekly.md')
  })
})

describe.each(['context', 'wait', 'comment'] as const)('%s (boolean)', (name) => {
  it.each([
    ['true', true],
    ['false', false],
    ['TRUE', true],
    [' False ', false]
  ])('reads %j as %s', (value, expected) => {
    expect(settingsFor({ [name]: value })[name]).toBe(expected)
  })

  it('defaults to true', () => {
    expect(settingsFor({})[name]).toBe(true)
  })

  it.each(['yes', '1', 'on'])('refuses %j', (value) => {
    const error = refusal(() => anySettingsFor({ [name]: value }))
    expectOneSentenceNaming(error, name)
    expect(error.message).toBe(`Input '${name}' must be true or false; got '${value}'.`)
  })
})

describe('timeout', () => {
  it.each([
    ['90s', 90_000],
    ['1h', 3_600_000],
    ['120', 120_000],
    ['500ms', 500]
  ])('reads %j as %i ms', (value, ms) => {
    expect(settingsFor({ timeout: value }).timeoutMs).toBe(ms)
  })

  it('refuses text that is not a duration', () => {
    const error = refusal(() => anySettingsFor({ timeout: 'forever' }))
    expectOneSentenceNaming(error, 'timeout')
    expect(error.message).toContain("got 'forever'")
  })

  it('refuses a zero timeout', () => {
    expectOneSentenceNaming(
      refusal(() => anySettingsFor({ timeout: '0s' })),
      'timeout'
    )
  })
})

describe('poll-interval', () => {
  it('accepts the 100ms minimum', () => {
    expect(settingsFor({ 'poll-interval': '100ms' }).pollIntervalMs).toBe(100)
  })

  it('refuses anything under 100ms', () => {
    const error = refusal(() => anySettingsFor({ 'poll-interval': '99ms' }))
    expectOneSentenceNaming(error, 'poll-interval')
    expect(error.message).toBe("Input 'poll-interval' must be at least 100ms; got '99ms'.")
  })

  it('reads plain seconds', () => {
    expect(settingsFor({ 'poll-interval': '30' }).pollIntervalMs).toBe(30_000)
  })

  it('refuses text that is not a duration', () => {
    expectOneSentenceNaming(
      refusal(() => anySettingsFor({ 'poll-interval': 'often' })),
      'poll-interval'
    )
  })
})

describe('base-url', () => {
  it.each([
    ['https://api.mintlify.com/', 'https://api.mintlify.com'],
    ['https://proxy.example.com/mintlify//', 'https://proxy.example.com/mintlify'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010/', 'http://127.0.0.1:4010'],
    ['http://localhost:3000/api/', 'http://localhost:3000/api'],
    ['http://[::1]:8080/', 'http://[::1]:8080'],
    ['http://127.5.6.7', 'http://127.5.6.7']
  ])('accepts %j as %j', (value, baseUrl) => {
    expect(settingsFor({ 'base-url': value }).baseUrl).toBe(baseUrl)
  })

  it.each(['http://api.mintlify.com', 'http://10.0.0.5:8080', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example'])(
    'refuses plain http to %j, which is not this machine',
    (value) => {
      const error = refusal(() => anySettingsFor({ 'base-url': value }))
      expectOneSentenceNaming(error, 'base-url')
      expect(error.message).toContain('must use https://')
    }
  )

  it('refuses other schemes', () => {
    expectOneSentenceNaming(
      refusal(() => anySettingsFor({ 'base-url': 'ftp://api.mintlify.com' })),
      'base-url'
    )
  })

  it('refuses text that is not a URL', () => {
    const error = refusal(() => anySettingsFor({ 'base-url': 'api.mintlify.com' }))
    expectOneSentenceNaming(error, 'base-url')
    expect(error.message).toContain('must be an https:// URL')
  })

  it('refuses credentials in the URL without echoing them', () => {
    const error = refusal(() => anySettingsFor({ 'base-url': 'https://user:hunter2@api.mintlify.com' }))
    expectOneSentenceNaming(error, 'base-url')
    expect(error.message).not.toContain('hunter2')
  })

  it.each(['https://api.mintlify.com/?debug=1', 'https://api.mintlify.com/#top'])('refuses a query or fragment in %j', (value) => {
    expectOneSentenceNaming(
      refusal(() => anySettingsFor({ 'base-url': value })),
      'base-url'
    )
  })
})

describe('isLoopbackHost', () => {
  it.each(['localhost', '127.0.0.1', '127.255.0.9', '::1', '[::1]'])('counts %j as loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
  })

  it.each(['example.com', '128.0.0.1', '127.0.0', '10.0.0.1', 'localhost.example.com', '::2'])('does not count %j', (host) => {
    expect(isLoopbackHost(host)).toBe(false)
  })
})

describe('pr-number', () => {
  it('is null when not given', () => {
    expect(settingsFor({}).prNumber).toBeNull()
  })

  it('reads a whole number', () => {
    expect(settingsFor({ 'pr-number': ' 42 ' }).prNumber).toBe(42)
  })

  it.each(['0', '-3', '4.5', '#42', 'abc', '99999999999999999999'])('refuses %j', (value) => {
    const error = refusal(() => anySettingsFor({ 'pr-number': value }))
    expectOneSentenceNaming(error, 'pr-number')
    expect(error.message).toContain('a whole number of at least 1')
  })
})

describe('page-size', () => {
  it.each([
    ['visitors', '', 250],
    ['views', '', 250],
    ['feedback', '', 100],
    ['searches', '', 100],
    ['assistant', '', 1000],
    ['visitors', '1', 1],
    ['views', '250', 250],
    ['assistant', '1000', 1000]
  ])('for %s takes %j as %d (empty: the largest page the endpoint allows)', (operation, value, size) => {
    expect(exportSettingsFor({ operation, prompt: '', 'page-size': value }).pageSize).toBe(size)
  })

  it.each([
    ['visitors', '0', 250],
    ['visitors', '251', 250],
    ['searches', '101', 100],
    ['feedback', 'ten', 100],
    ['assistant', '2.5', 1000]
  ])('for %s refuses %j, naming the endpoint limit', (operation, value, limit) => {
    const error = refusal(() => anySettingsFor({ operation, prompt: '', 'page-size': value }))
    expectOneSentenceNaming(error, 'page-size')
    expect(error.message).toBe(
      `Input 'page-size' must be a whole number from 1 to ${limit} for ${operation} (the API's largest page); got '${value}'.`
    )
  })

  it('is not read where nothing is exported', () => {
    expect(settingsFor({ operation: 'job', 'page-size': '5000' })).not.toHaveProperty('pageSize')
  })
})

describe('max-requests', () => {
  it('defaults to 100', () => {
    expect(exportSettingsFor({ operation: 'visitors' }).maxRequests).toBe(100)
  })

  it('reads a whole number', () => {
    expect(exportSettingsFor({ operation: 'visitors', 'max-requests': '7' }).maxRequests).toBe(7)
  })

  it.each(['0', '-1', 'many'])('refuses %j', (value) => {
    expectOneSentenceNaming(
      refusal(() => anySettingsFor({ operation: 'visitors', 'max-requests': value })),
      'max-requests'
    )
  })
})

describe('min-permission', () => {
  it.each(['read', 'triage', 'write', 'maintain', 'admin'])('accepts %j', (level) => {
    expect(settingsFor({ 'min-permission': level }).minPermission).toBe(level)
  })

  it('ignores case', () => {
    expect(settingsFor({ 'min-permission': 'Admin' }).minPermission).toBe('admin')
  })

  it('refuses an unknown level, listing the accepted ones', () => {
    const error = refusal(() => anySettingsFor({ 'min-permission': 'owner' }))
    expectOneSentenceNaming(error, 'min-permission')
    expect(error.message).toBe("Input 'min-permission' must be one of read, triage, write, maintain, admin; got 'owner'.")
  })
})

describe('trigger', () => {
  it('defaults to /docs', () => {
    expect(settingsFor({ trigger: '  ' }).trigger).toBe('/docs')
  })

  it('keeps a custom word', () => {
    expect(settingsFor({ trigger: ' /mintlify ' }).trigger).toBe('/mintlify')
  })

  it('refuses more than one word', () => {
    const error = refusal(() => anySettingsFor({ trigger: '/docs please' }))
    expectOneSentenceNaming(error, 'trigger')
    expect(error.message).toBe("Input 'trigger' must be one word starting with /, such as /docs; got '/docs please'.")
  })
})

describe('allowed-bots', () => {
  it('reads a comma list of bot logins, lower-cased and without repeats', () => {
    expect(settingsFor({ 'allowed-bots': 'Renovate[bot], dependabot[bot] ,renovate[bot]' }).allowedBots).toEqual([
      'renovate[bot]',
      'dependabot[bot]'
    ])
  })

  it('reads * as every bot', () => {
    expect(settingsFor({ 'allowed-bots': ' * ' }).allowedBots).toBe('*')
  })

  it('refuses a login that is not a bot: listing a bot is the trust, people are judged by their permission', () => {
    const error = refusal(() => anySettingsFor({ 'allowed-bots': 'renovate[bot], octocat' }))
    expectOneSentenceNaming(error, 'allowed-bots')
    expect(error.message).toContain("'octocat'")
  })

  it('refuses text that is no login at all', () => {
    expectOneSentenceNaming(
      refusal(() => anySettingsFor({ 'allowed-bots': 'renovate[bot];rm -rf' })),
      'allowed-bots'
    )
  })
})

describe('group-runs and docs-repository', () => {
  it('reads group-runs as a boolean, off by default', () => {
    expect(settingsFor({ 'group-runs': ' TRUE ' }).groupRuns).toBe(true)
    expect(settingsFor({}).groupRuns).toBe(false)
    expectOneSentenceNaming(
      refusal(() => anySettingsFor({ 'group-runs': 'yes' })),
      'group-runs'
    )
  })

  it('reads docs-repository as owner and name, trimmed', () => {
    expect(settingsFor({ 'group-runs': 'true', 'docs-repository': ' my-org/docs.site ' }).docsRepository).toEqual({
      owner: 'my-org',
      repo: 'docs.site'
    })
  })

  it.each(['docs', 'my-org/', '/docs', 'my-org/docs/extra', 'my org/docs', 'my-org/..', 'https://github.com/my-org/docs', '-org/docs'])(
    'refuses %j, naming the input and the form it takes',
    (value) => {
      const error = refusal(() => anySettingsFor({ 'group-runs': 'true', 'docs-repository': value }))
      expectOneSentenceNaming(error, 'docs-repository')
      expect(error.message).toContain('must be a repository as owner/name, such as my-org/docs')
    }
  )

  it('warns that docs-repository is unused without group-runs', () => {
    const { warnings } = readSettingsOf(AGENT, stepInputs({ 'docs-repository': 'my-org/docs' }), runEnvironment())
    expect(warnings).toEqual([expect.stringMatching(/^Input 'docs-repository' is set, but group-runs is false/)])
  })
})

describe('marker-authors', () => {
  it('reads logins separated by commas or spaces, with or without @', () => {
    expect(settingsFor({ 'marker-authors': '@Docs-Bot[bot], octo-docs\nmona' }).markerAuthors).toEqual([
      'docs-bot[bot]',
      'octo-docs',
      'mona'
    ])
  })

  it('refuses a value that is not a login', () => {
    const error = refusal(() => anySettingsFor({ 'marker-authors': 'octo docs!' }))
    expectOneSentenceNaming(error, 'marker-authors')
    expect(error.message).toContain("'docs!'")
  })
})

describe('label, dry-run and show-reader-text', () => {
  it('keeps the label as written, trimmed', () => {
    expect(settingsFor({ label: ' docs agent ' }).label).toBe('docs agent')
  })

  it.each([
    ['dry-run', 'dryRun'],
    ['show-reader-text', 'showReaderText']
  ] as const)('reads %s as a boolean', (input, field) => {
    // An export reads both: dry-run as every operation does, show-reader-text for its summary.
    expect(exportSettingsFor({ operation: 'visitors', [input]: 'true' })[field]).toBe(true)
    expect(exportSettingsFor({ operation: 'visitors', [input]: 'false' })[field]).toBe(false)
    expectOneSentenceNaming(
      refusal(() => anySettingsFor({ operation: 'visitors', [input]: 'maybe' })),
      input
    )
  })
})

describe('echoed values', () => {
  it('cuts a long refused value to 60 characters', () => {
    const value = 'x'.repeat(200)
    const error = refusal(() => anySettingsFor({ operation: value }))
    expect(error.message).toBe(
      `Input 'operation' must be one of job, message, visitors, views, feedback, searches, assistant, report, improve, deploy, preview, automation, static-export, sweep, translations, gate; got '${'x'.repeat(59)}…'.`
    )
  })
})

describe('analytics inputs', () => {
  it('resolves the date range (Nd against today, UTC) and keeps the output file, trimmed', () => {
    const workspace = tmpdir()
    const settings = exportSettingsFor(
      { operation: 'views', 'date-from': ' 2025-01-01 ', 'date-to': '7d', 'output-file': ' views.csv ' },
      runEnvironment({ workspace })
    )
    expect(settings.range).toEqual({ from: '2025-01-01', to: '2026-03-03' })
    expect(settings.outputFile).toBe('views.csv')
    expect(settings.outputPath).toBe(join(workspace, 'views.csv'))
  })

  it('keeps an absolute output-file inside the workspace where it says', () => {
    const path = join(runEnvironment().workspace, 'exports', 'v.json')
    expect(exportSettingsFor({ operation: 'visitors', 'output-file': path }).outputPath).toBe(path)
  })

  it('ignores the date inputs when the operation is not analytics', () => {
    const settings = settingsFor({ operation: 'job', 'date-from': 'not a date' })
    expect(settings).not.toHaveProperty('range')
  })

  it('refuses a date that is not a real calendar date before any request', () => {
    expect(() => exportSettingsFor({ operation: 'visitors', 'date-from': '2025-02-29' })).toThrow(
      /^Input 'date-from' must be a real date as YYYY-MM-DD/
    )
  })
})
