import { accessSync, constants, readFileSync, type Stats, statSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import { type DateRange, resolveRange } from './date-range.js'
import { branchProblem } from './deploy/branch.js'
import { docsFolder } from './deploy/pages.js'
import { parseDuration } from './duration.js'
import { InputError } from './errors.js'
import type { Repo } from './github/event.js'
import { isRepositoryName } from './mintlify/job.js'
import { PAGING, type PagedEndpoint, resolvePageSize } from './mintlify/paging.js'
import { clipText } from './text.js'

export const OPERATIONS = [
  'job',
  'message',
  'visitors',
  'views',
  'feedback',
  'searches',
  'assistant',
  'report',
  'improve',
  'deploy',
  'preview',
  'automation'
] as const
export type Operation = (typeof OPERATIONS)[number]
/** The exports: one analytics endpoint read page by page into a file. */
export type AnalyticsOperation = Extract<Operation, PagedEndpoint>

export function isAnalytics(operation: Operation): operation is AnalyticsOperation {
  return operation in PAGING
}

export type HealthOperation = Extract<Operation, 'report' | 'improve'>

/** The docs-health report, alone or followed by an agent job from its findings. */
export function isHealth(operation: Operation): operation is HealthOperation {
  return operation === 'report' || operation === 'improve'
}

export type DeploymentOperation = Extract<Operation, 'deploy' | 'preview'>

/** The operations that trigger a Mintlify deployment and wait on its status. */
export function isDeployment(operation: Operation): operation is DeploymentOperation {
  return operation === 'deploy' || operation === 'preview'
}

/** Repository permission levels, lowest first (the collaborator-permission API's role names). */
export const PERMISSIONS = ['read', 'triage', 'write', 'maintain', 'admin'] as const
export type Permission = (typeof PERMISSIONS)[number]

/** Every input, read and validated once; nothing after this reads `core.getInput`. */
export interface Settings {
  apiKey: string
  projectId: string
  operation: Operation
  /** The user's instruction; empty only where a slash command will supply it. */
  prompt: string
  /** Where the prompt came from, for the log: `prompt`, `prompt-file <path>`, or `slash command`. */
  promptSource: string
  jobId: string
  context: boolean
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  /** API root without a trailing slash. */
  baseUrl: string
  githubToken: string
  comment: boolean
  prNumber: number | null
  trigger: string
  /** The label that starts a job when added; '' when labels start nothing. */
  label: string
  minPermission: Permission
  /** Bot logins (lower case) allowed to use the trigger and the label, or '*' for every bot. */
  allowedBots: string[] | '*'
  /** Logins (lower case) whose job markers are trusted besides the token's own identity. */
  markerAuthors: string[]
  /** Validate and show what would be sent; call no Mintlify endpoint and write nothing to GitHub. */
  dryRun: boolean
  /** Reader text (search terms, feedback, questions) in summaries and comments; off: counts and paths. */
  showReaderText: boolean
  /** Analytics range, validated for visitors and views only; `to` is exclusive, as in the API. */
  range: DateRange
  pageSize: number
  maxRequests: number
  /** `output-file` as the user wrote it, for messages; '' for operations that write no file. */
  outputFile: string
  /** `output-file` resolved against the workspace; '' for operations that write no file. */
  outputPath: string
  /** `preview`: the branch named by `branch`, checked as git checks branch names; '' to take the event's. */
  branch: string
  /** `automation`: the automation to run; '' for other operations. */
  automationId: string
  /** `deploy`, `preview`: the GitHub environment to record the deployment in; '' for none. */
  environment: string
  /** `preview`: the docs folder as a path prefix relative to the repository root (`''` for the root, `docs/`). */
  docsFolder: string
  /** `job` runs of one workflow on one branch continue one open agent pull request. */
  groupRuns: boolean
  /** Where the agent opens its pull requests, for `group-runs`; null: the workflow's repository. */
  docsRepository: Repo | null
}

/** What settings need to know about the run besides the inputs. */
export interface RunEnvironment {
  eventName: string
  /** Folder relative paths are resolved against (the runner's GITHUB_WORKSPACE). */
  workspace: string
  /** For `Nd` dates (N days before today, UTC). */
  now: number
}

export type InputReader = (name: string) => string

/** Warnings found while reading settings (valid but suspicious input), to be logged by the caller. */
export interface SettingsResult {
  settings: Settings
  warnings: string[]
}

const MIN_POLL_INTERVAL_MS = 100
/** The longest any runner keeps a job (self-hosted runners: 5 days); a longer duration is a typo. */
const MAX_DURATION_MS = 5 * 24 * 3_600_000
/** The longest prompt sent; a longer one is refused rather than cut, so the agent never gets half an instruction. */
export const MAX_PROMPT_CHARACTERS = 100_000
/** A UTF-8 character takes at most 4 bytes: a file larger than this holds too many characters, unread. */
const MAX_PROMPT_FILE_BYTES = 4 * MAX_PROMPT_CHARACTERS

export function readSettings(input: InputReader, env: RunEnvironment): SettingsResult {
  const warnings: string[] = []
  const apiKey = readApiKey(input('api-key'), warnings)
  const operation = oneOf(input, 'operation', OPERATIONS, 'job')
  // The comment (a slash command) or the labelled issue supplies the prompt; `prompt` may then be empty.
  const slashCommand = ['issue_comment', 'pull_request_review_comment', 'pull_request_review', 'issues'].includes(env.eventName)
  const { prompt, promptSource } = readPrompt(input, env, operation, slashCommand)
  const jobId = input('job-id').trim()
  if (operation === 'message' && !jobId && !slashCommand) {
    throw new InputError('job-id', "Input 'job-id' is required when operation is 'message': give the id of the agent job to follow up.")
  }

  // Checked only where a file is written: a job has no use for it, so a stray value cannot fail it.
  const writesFile = isAnalytics(operation) || isHealth(operation)
  const outputFile = writesFile ? readOutputFile(input('output-file'), operation, env) : ''
  const groupRuns = readBoolean(input, 'group-runs', false)
  const docsRepository = readRepository(input('docs-repository'), 'docs-repository')
  if (docsRepository && !groupRuns)
    warnings.push("Input 'docs-repository' is set, but group-runs is false: it only tells group-runs where to look; set group-runs: true.")
  return {
    settings: {
      apiKey,
      projectId: readProjectId(input('project-id')),
      operation,
      prompt,
      promptSource,
      jobId,
      context: readBoolean(input, 'context', true),
      wait: readBoolean(input, 'wait', true),
      timeoutMs: readDuration(input, 'timeout', '30m', 1),
      pollIntervalMs: readDuration(input, 'poll-interval', '15s', MIN_POLL_INTERVAL_MS),
      baseUrl: readBaseUrl(input('base-url')),
      githubToken: input('github-token').trim(),
      comment: readBoolean(input, 'comment', true),
      prNumber: readOptionalInteger(input, 'pr-number', 1, Number.MAX_SAFE_INTEGER),
      trigger: readTrigger(input('trigger')),
      label: input('label').trim(),
      minPermission: oneOf(input, 'min-permission', PERMISSIONS, 'write'),
      allowedBots: readAllowedBots(input('allowed-bots')),
      markerAuthors: readLogins(input('marker-authors'), 'marker-authors'),
      dryRun: readBoolean(input, 'dry-run', false),
      showReaderText: readBoolean(input, 'show-reader-text', false),
      range: writesFile ? resolveRange(input('date-from'), input('date-to'), env.now) : { from: null, to: null },
      pageSize: isAnalytics(operation) ? readPageSize(input('page-size'), operation) : 0,
      maxRequests: readOptionalInteger(input, 'max-requests', 1, Number.MAX_SAFE_INTEGER) ?? 100,
      outputFile,
      outputPath: outputFile ? inWorkspace(outputFile, env) : '',
      branch: operation === 'preview' ? readBranch(input('branch')) : '',
      automationId: operation === 'automation' ? readAutomationId(input('automation-id')) : '',
      environment: readEnvironment(input('environment'), operation, warnings),
      docsFolder: operation === 'preview' ? readDocsPath(input('docs-path')) : '',
      groupRuns,
      docsRepository
    },
    warnings
  }
}

/** GitHub logins: letters, digits and hyphens, with `[bot]` for apps. Compared case-insensitively. */
const LOGIN = /^[a-z\d](?:[a-z\d-]{0,38})(?:\[bot\])?$/i

function readLogins(raw: string, name: string): string[] {
  const logins = raw
    .split(/[\s,]+/)
    .map((login) => login.trim().replace(/^@/, ''))
    .filter(Boolean)
  const bad = logins.find((login) => !LOGIN.test(login))
  if (bad !== undefined)
    throw new InputError(name, `Input '${name}' has '${clipText(bad, 60)}', which is not a GitHub login: give logins separated by commas.`)
  return [...new Set(logins.map((login) => login.toLowerCase()))]
}

/** `owner/name`, as GitHub allows them; empty is null. */
function readRepository(raw: string, name: string): Repo | null {
  const text = raw.trim()
  if (!text) return null
  const [owner = '', repo = '', ...rest] = text.split('/')
  if (rest.length > 0 || !isRepositoryName(owner, repo))
    throw new InputError(name, `Input '${name}' must be a repository as owner/name, such as my-org/docs; got '${clip(text)}'.`)
  return { owner, repo }
}

function readAllowedBots(raw: string): string[] | '*' {
  if (raw.trim() === '*') return '*'
  const bots = readLogins(raw, 'allowed-bots')
  const human = bots.find((login) => !login.endsWith('[bot]'))
  if (human !== undefined)
    throw new InputError(
      'allowed-bots',
      `Input 'allowed-bots' lists '${human}', which is not a bot login: give bot logins ending in [bot] (renovate[bot]), or *.`
    )
  return bots
}

function readApiKey(raw: string, warnings: string[]): string {
  const key = raw.trim()
  // The key itself never appears in a message: only its kind, told by its public prefix.
  if (!key) {
    throw new InputError(
      'api-key',
      "Input 'api-key' is empty: pass your Mintlify admin key from a secret (api-key: ${{ secrets.MINTLIFY_API_KEY }}); " +
        'secrets are not passed to workflows triggered from forks, so run this step on pull_request_target, ' +
        'on push, or with an if: that skips forks.'
    )
  }
  if (key.startsWith('mint_dsc_')) {
    throw new InputError(
      'api-key',
      "Input 'api-key' holds an assistant key (mint_dsc_…), which cannot call the admin API: use an admin key (mint_…) from the API keys page of the Mintlify dashboard."
    )
  }
  if (key.startsWith('mint_us_')) {
    throw new InputError(
      'api-key',
      "Input 'api-key' holds a search index key (mint_us_…), which cannot call the admin API: use an admin key (mint_…) from the API keys page of the Mintlify dashboard."
    )
  }
  if (/\s/.test(key)) {
    throw new InputError(
      'api-key',
      "Input 'api-key' contains whitespace inside the key: copy the admin key again into the secret, as one line."
    )
  }
  if (!key.startsWith('mint_')) {
    warnings.push(
      "Input 'api-key' does not start with mint_, as Mintlify admin keys do: if requests fail with 401, check that the secret holds an admin key."
    )
  }
  return key
}

function readProjectId(raw: string): string {
  const projectId = raw.trim()
  if (!projectId) {
    throw new InputError(
      'project-id',
      "Input 'project-id' is required: copy the project ID from the API keys page of the Mintlify dashboard."
    )
  }
  if (/[\s/?#%]/.test(projectId)) {
    throw new InputError(
      'project-id',
      "Input 'project-id' must be a project ID without spaces, slashes, '?', '#' or '%', as shown on the API keys page of the Mintlify dashboard."
    )
  }
  return projectId
}

function readPrompt(
  input: InputReader,
  env: RunEnvironment,
  operation: Operation,
  slashCommand: boolean
): { prompt: string; promptSource: string } {
  const inline = input('prompt')
  const file = input('prompt-file').trim()
  const needsPrompt = operation === 'job' || operation === 'message'
  if (inline.trim() && file) {
    throw new InputError('prompt', "Inputs 'prompt' and 'prompt-file' are both set: give only one of them.")
  }
  if (file) {
    const text = readPromptFile(file, inWorkspace(file, env))
    if (!text.trim()) {
      throw new InputError(
        'prompt-file',
        `Input 'prompt-file' names ${file}, which is empty: the file must hold the instruction for the agent.`
      )
    }
    return { prompt: checkPromptLength('prompt-file', text.trim()), promptSource: `prompt-file ${file}` }
  }
  if (inline.trim()) return { prompt: checkPromptLength('prompt', inline.trim()), promptSource: 'prompt' }
  if (needsPrompt && !slashCommand) {
    const why = inline.length > 0 ? 'is only whitespace' : 'is empty'
    throw new InputError(
      'prompt',
      `Input 'prompt' ${why}: give the instruction for the agent in 'prompt' or the path of a file holding it in 'prompt-file'.`
    )
  }
  return { prompt: '', promptSource: slashCommand ? 'slash command' : 'none' }
}

/** The prompt file as text: UTF-8 without NUL bytes (a binary file would spend a job of the hourly quota). */
function readPromptFile(file: string, path: string): string {
  const fail = (why: string): InputError =>
    new InputError(
      'prompt-file',
      `Input 'prompt-file' names ${clip(file)}, which ${why}: give the path of a UTF-8 text file of at most ${MAX_PROMPT_CHARACTERS.toLocaleString('en-US')} characters in the workspace (check out the repository first).`
    )
  let bytes: Buffer
  try {
    const size = statSync(path).size
    if (size > MAX_PROMPT_FILE_BYTES) throw fail(`has ${size.toLocaleString('en-US')} bytes, too many`)
    bytes = readFileSync(path)
  } catch (error) {
    if (error instanceof InputError) throw error
    throw fail(fileProblem(error))
  }
  if (bytes.includes(0)) throw fail('holds binary data (NUL bytes), not text')
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw fail('is not UTF-8 text')
  }
}

function checkPromptLength(name: 'prompt' | 'prompt-file', prompt: string): string {
  const characters = [...prompt].length
  if (characters > MAX_PROMPT_CHARACTERS)
    throw new InputError(
      name,
      `Input '${name}' holds ${characters.toLocaleString('en-US')} characters, more than the ${MAX_PROMPT_CHARACTERS.toLocaleString('en-US')} a prompt may have: shorten it.`
    )
  return prompt
}

/**
 * The output file, checked before any request is paid for: not a folder, and a place where it can be
 * created (every folder above it a folder, the nearest existing one writable).
 */
function readOutputFile(raw: string, operation: AnalyticsOperation | HealthOperation, env: RunEnvironment): string {
  const file = raw.trim() || `docs-${operation}.json`
  const path = inWorkspace(file, env)
  const fail = (why: string): InputError =>
    new InputError(
      'output-file',
      `Input 'output-file' names ${clip(file)}, which ${why}: give a file name such as analytics/${operation}.json or ${operation}.csv.`
    )
  if (/[/\\]$/.test(file) || statOrNull(path)?.isDirectory()) throw fail('is a folder')
  let folder = dirname(path)
  let stats = statOrNull(folder)
  while (!stats && dirname(folder) !== folder) {
    folder = dirname(folder)
    stats = statOrNull(folder)
  }
  if (stats && !stats.isDirectory()) throw fail(`cannot be created: ${clip(folder)} is a file, not a folder`)
  try {
    accessSync(folder, constants.W_OK)
  } catch (error) {
    throw fail(`cannot be created: ${fileProblem(error)}`)
  }
  return file
}

/** `branch` as git would take it (git check-ref-format --branch): a name git refuses cannot have been pushed. */
function readBranch(raw: string): string {
  const branch = raw.trim().replace(/^refs\/heads\//, '')
  if (!branch) return ''
  const problem = branchProblem(branch)
  if (problem) throw new InputError('branch', `Input 'branch' is '${clip(branch)}', which is not a branch name git accepts: ${problem}.`)
  return branch
}

function readAutomationId(raw: string): string {
  const id = raw.trim()
  if (!id)
    throw new InputError(
      'automation-id',
      "Input 'automation-id' is required when operation is 'automation': copy the automation's id from its settings panel on the Automations page of the Mintlify dashboard."
    )
  if (/[\s/?#%]/.test(id))
    throw new InputError(
      'automation-id',
      "Input 'automation-id' must be an automation id without spaces, slashes, '?', '#' or '%', as its settings panel on the Automations page of the Mintlify dashboard shows it."
    )
  return id
}

/** GitHub environment names: at most 255 characters, one line. Only deploy and preview record deployments. */
function readEnvironment(raw: string, operation: Operation, warnings: string[]): string {
  const environment = raw.trim()
  if (!environment) return ''
  if (!isDeployment(operation)) {
    warnings.push(`Input 'environment' is set, but operation '${operation}' records no deployment: it is ignored.`)
    return ''
  }
  if (environment.length > 255 || /\p{Cc}/u.test(environment))
    throw new InputError(
      'environment',
      `Input 'environment' must be a GitHub environment name of at most 255 characters on one line (docs, docs-preview); got '${clip(environment)}'.`
    )
  return environment
}

function readDocsPath(raw: string): string {
  const folder = docsFolder(raw.trim() || '.')
  if (folder === null)
    throw new InputError(
      'docs-path',
      `Input 'docs-path' is '${clip(raw.trim())}', which leaves the repository: give the folder that holds docs.json, relative to the repository root (., docs).`
    )
  return folder
}

/** `page-size`: empty is the endpoint's largest page (fewest requests); above it is refused before any request. */
function readPageSize(raw: string, endpoint: AnalyticsOperation): number {
  const size = resolvePageSize(endpoint, raw)
  if (!size.ok) throw new InputError('page-size', size.message)
  return size.value
}

/** A file system error while writing `output-file`, as one sentence naming the input. */
export function outputFileError(file: string, error: unknown): InputError {
  return new InputError('output-file', `Input 'output-file' names ${clip(file)}, which ${fileProblem(error)}.`)
}

/** Whether an error comes from the file system (it carries a syscall), not from a request. */
export function isFileSystemError(error: unknown): boolean {
  // Not `instanceof Error`: errors of Node's fs may come from another realm (a vm context such as Jest's).
  return typeof error === 'object' && error !== null && typeof (error as NodeJS.ErrnoException).syscall === 'string'
}

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'does not exist',
  EISDIR: 'is a folder',
  ENOTDIR: 'is below a file, not a folder',
  EACCES: 'is in a place this job may not write to (permission denied)',
  EPERM: 'is in a place this job may not write to (permission denied)',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'cannot be written: the disk is full'
}

/** What a file system error means, in words (the raw `ENOTDIR: …` line never reaches the user). */
function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? 'error'
  return FILE_PROBLEMS[code] ?? `cannot be read or written (${code})`
}

/** A path's stats, or null where nothing is (also when a folder on the way is a file). */
function statOrNull(path: string): Stats | null {
  try {
    return statSync(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return null
    throw error
  }
}

/** Relative paths mean the workspace, where the runner checked out the repository. */
function inWorkspace(path: string, env: RunEnvironment): string {
  return isAbsolute(path) ? path : resolve(env.workspace, path)
}

function oneOf<T extends string>(input: InputReader, name: string, allowed: readonly T[], fallback: T): T {
  const value = input(name).trim().toLowerCase() || fallback
  if ((allowed as readonly string[]).includes(value)) return value as T
  throw new InputError(name, `Input '${name}' must be one of ${allowed.join(', ')}; got '${clip(input(name).trim())}'.`)
}

function readBoolean(input: InputReader, name: string, fallback: boolean): boolean {
  const value = input(name).trim().toLowerCase()
  if (value === '') return fallback
  if (value === 'true') return true
  if (value === 'false') return false
  throw new InputError(name, `Input '${name}' must be true or false; got '${clip(input(name).trim())}'.`)
}

function readDuration(input: InputReader, name: string, fallback: string, minimumMs: number): number {
  const raw = input(name).trim() || fallback
  const ms = parseDuration(raw)
  if (ms === null) {
    throw new InputError(name, `Input '${name}' must be a duration such as 500ms, 90s, 20m, 1h or plain seconds; got '${clip(raw)}'.`)
  }
  if (ms < minimumMs) {
    throw new InputError(name, `Input '${name}' must be at least ${minimumMs}ms; got '${clip(raw)}'.`)
  }
  if (ms > MAX_DURATION_MS) {
    throw new InputError(name, `Input '${name}' must be at most 5 days (120h), the longest a runner keeps a job; got '${clip(raw)}'.`)
  }
  return ms
}

function readOptionalInteger(input: InputReader, name: string, min: number, max: number): number | null {
  const raw = input(name).trim()
  if (!raw) return null
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`
    throw new InputError(name, `Input '${name}' must be ${range}; got '${clip(raw)}'.`)
  }
  return value
}

function readBaseUrl(raw: string): string {
  const text = raw.trim() || 'https://api.mintlify.com'
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new InputError('base-url', `Input 'base-url' must be an https:// URL such as https://api.mintlify.com; got '${clip(text)}'.`)
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InputError(
      'base-url',
      "Input 'base-url' must be a plain API root without credentials, query or fragment, such as https://api.mintlify.com."
    )
  }
  // Plain http would send the admin key in clear text; it is allowed only to this machine, for local testing.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new InputError(
      'base-url',
      `Input 'base-url' must use https:// (http:// only for loopback hosts such as 127.0.0.1); got '${clip(text)}'.`
    )
  }
  return url.href.replace(/\/+$/, '')
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

function readTrigger(raw: string): string {
  const trigger = raw.trim() || '/docs'
  if (/\s/.test(trigger)) {
    throw new InputError('trigger', `Input 'trigger' must be one word such as /docs; got '${clip(trigger)}'.`)
  }
  return trigger
}

/** Keeps echoed input short in messages. */
function clip(text: string): string {
  return clipText(text, 60)
}
