/**
 * Runs the bundled action (`dist/index.js`, or a sub-action's `dist/<folder>.js`) the way the GitHub runner
 * does: inputs as `INPUT_*` variables (that action.yml's defaults filled in), `GITHUB_OUTPUT` and
 * `GITHUB_STEP_SUMMARY` files, an event payload at `GITHUB_EVENT_PATH`. Used by the end-to-end tests and the demo.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import type { SubActionName } from '../src/sub-action-names.js'
// The runner's `${{ github.token }}`: the token the fake GitHub accepts.
import { SIM_GITHUB_TOKEN } from '../simulator/index.js'

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)))
export const ACTION_ENTRY = join(PROJECT_ROOT, 'dist', 'index.js')

export interface RunOptions {
  /** The sub-action the step uses (`docs-check`: its folder's action.yml and entry); absent, the root action. */
  action?: SubActionName
  /** Inputs by their action.yml names; unset ones take action.yml's default, as on the runner. */
  inputs: Record<string, string>
  eventName?: string
  event?: unknown
  /** Where Octokit should send GitHub REST calls (the simulator). */
  githubApiUrl?: string
  repository?: string
  /** Extra environment, e.g. RUNNER_DEBUG. */
  env?: Record<string, string>
  /** Files to create in the workspace before the run: relative path → content. */
  files?: Record<string, string | Buffer>
  /** Symlinks to create in the workspace after the files: relative path → target (absolute, or relative to the link). */
  symlinks?: Record<string, string>
  /** Runs on the workspace after its files and symlinks are made, before the action starts (a git history, say). */
  prepare?: (workspace: string) => void
  /** Sends the cancel signal once the log contains this text (a cancelled workflow). */
  cancelWhenLogHas?: string
  /**
   * Sends the cancel signal once this holds, asked every few milliseconds: for a moment the log cannot
   * mark, such as a request the simulator has received and not yet answered.
   */
  cancelWhen?: () => boolean
  /** The signal a cancel sends; default SIGINT (the runner's first), SIGTERM is its second. */
  cancelSignal?: NodeJS.Signals
  /** Kills the process after this long; a test should never get here. */
  killAfterMs?: number
  /** The script run in the runner's place of the action; default dist/index.js (the bench's start-up floor runs another). */
  entry?: string
}

export interface ActionRun {
  exitCode: number | null
  /** The log as the runner shows it: stdout without `::add-mask::` commands. */
  log: string
  /** What the run asked the runner to mask (`::add-mask::` commands), in order. */
  masked: string[]
  stderr: string
  outputs: Record<string, string>
  summary: string
  durationMs: number
  /** Milliseconds from the cancel signal to the process exit, when one was sent. */
  exitAfterSignalMs: number | null
  workspace: string
}

/** Each action.yml's defaults, read once per process: a test file runs the action many times (the load test 50). */
const defaultsRead = new Map<string, Record<string, string>>()

/** The defaults the runner fills in for the inputs a step leaves out: the root action's, or the sub-action's. */
export function actionDefaults(action?: SubActionName): Record<string, string> {
  const folder = action ?? '.'
  const defaults = defaultsRead.get(folder) ?? readActionDefaults(folder)
  defaultsRead.set(folder, defaults)
  return { ...defaults }
}

/** The file the runner runs for `action`. */
export function actionEntry(action?: SubActionName): string {
  return action ? join(PROJECT_ROOT, 'dist', `${action}.js`) : ACTION_ENTRY
}

function readActionDefaults(folder: string): Record<string, string> {
  const action = parse(readFileSync(join(PROJECT_ROOT, folder, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>
  }
  const defaults: Record<string, string> = {}
  for (const [name, spec] of Object.entries(action.inputs)) {
    const value = spec.default === undefined ? '' : String(spec.default)
    defaults[name] = value === '${{ github.token }}' ? SIM_GITHUB_TOKEN : value
  }
  return defaults
}

/**
 * The variables the runner sets for a step (its files aside): the event, the repository, the run, the
 * GitHub API. Shared by the child-process runs here and the in-process runs of the tests.
 */
export function runnerEnvironment(options: {
  eventName?: string
  repository?: string
  githubApiUrl?: string
  eventPath: string
  workspace: string
}): Record<string, string> {
  const repository = options.repository ?? 'octo-org/docs'
  const apiUrl = options.githubApiUrl ?? 'http://127.0.0.1:9/api/v3'
  return {
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_PATH: options.eventPath,
    GITHUB_EVENT_NAME: options.eventName ?? 'workflow_dispatch',
    GITHUB_REPOSITORY: repository,
    GITHUB_REPOSITORY_OWNER: repository.split('/')[0] ?? '',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: apiUrl,
    GITHUB_GRAPHQL_URL: `${apiUrl.replace(/\/v3$/, '')}/graphql`,
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_RUN_NUMBER: '7',
    GITHUB_WORKFLOW: 'Docs agent',
    GITHUB_JOB: 'docs',
    GITHUB_ACTION: 'docs-agent',
    // Who dispatched the run: the repository's owner, whom a review may be asked of.
    GITHUB_ACTOR: repository.split('/')[0] ?? '',
    GITHUB_SHA: '0000000000000000000000000000000000000000',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_WORKSPACE: options.workspace,
    RUNNER_OS: 'Linux'
  }
}

export async function runAction(options: RunOptions): Promise<ActionRun> {
  const entry = options.entry ?? actionEntry(options.action)
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`)
  const dir = mkdtempSync(join(tmpdir(), 'docs-agent-run-'))
  const workspace = join(dir, 'workspace')
  const outputFile = join(dir, 'output.txt')
  const summaryFile = join(dir, 'summary.md')
  const eventFile = join(dir, 'event.json')
  writeFileSync(outputFile, '')
  writeFileSync(summaryFile, '')
  writeFileSync(eventFile, JSON.stringify(options.event ?? {}))
  for (const [path, content] of Object.entries({ '.keep': '', ...options.files })) {
    const target = join(workspace, path)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, content)
  }
  for (const [path, target] of Object.entries(options.symlinks ?? {})) symlinkSync(target, join(workspace, path))
  options.prepare?.(workspace)

  const inputs = { ...actionDefaults(options.action), ...options.inputs }
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    ...runnerEnvironment({ ...options, eventPath: eventFile, workspace }),
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: dir,
    ...options.env
  }
  // The runner's naming: INPUT_ + name upper-cased, spaces to underscores (hyphens stay).
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value

  const started = Date.now()
  const child = spawn(process.execPath, [entry], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  let signalledAt: number | null = null
  const cancelIfDue = (): void => {
    if (signalledAt !== null) return
    const due = (options.cancelWhenLogHas !== undefined && stdout.includes(options.cancelWhenLogHas)) || options.cancelWhen?.() === true
    if (!due) return
    signalledAt = Date.now()
    child.kill(options.cancelSignal ?? 'SIGINT')
  }
  const watcher = options.cancelWhen ? setInterval(cancelIfDue, 5) : undefined
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    cancelIfDue()
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 60_000)
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve(code))
  })
  clearTimeout(killer)
  clearInterval(watcher)
  const ended = Date.now()

  const run: ActionRun = {
    exitCode,
    log: stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n'),
    masked: stdout
      .split('\n')
      .filter((line) => line.startsWith('::add-mask::'))
      // The command's data escaped as @actions/core escapes it.
      .map((line) => line.slice('::add-mask::'.length).replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')),
    stderr,
    outputs: parseOutputFile(readFileSync(outputFile, 'utf8')),
    summary: readFileSync(summaryFile, 'utf8'),
    durationMs: ended - started,
    exitAfterSignalMs: signalledAt === null ? null : ended - signalledAt,
    workspace
  }
  return run
}

/** Reads `name<<delimiter` blocks, the format @actions/core writes to GITHUB_OUTPUT. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  let name: string | null = null
  let delimiter = ''
  let value: string[] = []
  for (const line of lines) {
    if (name === null) {
      const match = /^([^<]+)<<(.+)$/.exec(line)
      if (match?.[1] && match[2]) [name, delimiter, value] = [match[1], match[2], []]
    } else if (line === delimiter) {
      outputs[name] = value.join('\n')
      name = null
    } else {
      value.push(line)
    }
  }
  // A block cut off before its delimiter still yields what it holds.
  if (name !== null) outputs[name] = value.join('\n')
  return outputs
}

function findRoot(start: string): string {
  let dir = start
  while (!existsSync(join(dir, 'action.yml'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`No action.yml above ${start}`)
    dir = parent
  }
  return dir
}
