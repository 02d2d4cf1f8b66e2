import { lstatSync, readlinkSync, realpathSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { parseDuration } from './duration.js'
import { InputError } from './errors.js'
import type { Repo } from './github/event.js'
import { isRepositoryName } from './mintlify/job.js'
import type { SubActionName } from './sub-action-names.js'
import { clipText } from './text.js'

/**
 * Reading one input: the primitives every family's inputs reader uses (choices, booleans, durations,
 * whole numbers), each failing with one sentence that names the input and says what is accepted.
 */

/** An input by name, as the runner passes it (untrimmed: a prompt of only whitespace is told apart from none). */
export type InputReader = (name: string) => string

/** What inputs are read against besides their text. */
export interface RunEnvironment {
  eventName: string
  /** Folder relative paths are resolved against (the runner's GITHUB_WORKSPACE). */
  workspace: string
  /** For `Nd` dates (N days before today, UTC). */
  now: number
  /** The sub-action the step runs (`docs-check`): its job's readers read only its inputs. Absent: the root action, every input. */
  subAction?: SubActionName
}

/** The longest any runner keeps a job (self-hosted runners: 5 days); a longer duration is a typo. */
const MAX_DURATION_MS = 5 * 24 * 3_600_000

export function oneOf<T extends string>(input: InputReader, name: string, allowed: readonly T[], fallback: T): T {
  const value = input(name).trim().toLowerCase() || fallback
  if ((allowed as readonly string[]).includes(value)) return value as T
  throw new InputError(name, `Input '${name}' must be one of ${allowed.join(', ')}; got '${clip(input(name).trim())}'.`)
}

export function readBoolean(input: InputReader, name: string, fallback: boolean): boolean {
  const value = input(name).trim().toLowerCase()
  if (value === '') return fallback
  if (value === 'true') return true
  if (value === 'false') return false
  throw new InputError(name, `Input '${name}' must be true or false; got '${clip(input(name).trim())}'.`)
}

export function readDuration(input: InputReader, name: string, fallback: string, minimumMs: number): number {
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

export function readOptionalInteger(input: InputReader, name: string, min: number, max: number): number | null {
  const raw = input(name).trim()
  if (!raw) return null
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`
    throw new InputError(name, `Input '${name}' must be ${range}; got '${clip(raw)}'.`)
  }
  return value
}

/**
 * `comment-pr-number`: the pull request to comment on when the event names none; null when not given.
 * Its old name `pr-number` (which the output of the agent's own pull request also bears) still works,
 * with a warning naming the new one.
 */
export function readPullNumber(input: InputReader, warnings: string[]): number | null {
  if (input(COMMENT_PR_NUMBER).trim() || !input(OLD_PR_NUMBER).trim())
    return readOptionalInteger(input, COMMENT_PR_NUMBER, 1, Number.MAX_SAFE_INTEGER)
  warnings.push(
    `Input '${OLD_PR_NUMBER}' is now called '${COMMENT_PR_NUMBER}' (the output pr-number is the agent's own pull request, another one): rename it in the workflow; the old name will stop working in a later major version.`
  )
  return readOptionalInteger(input, OLD_PR_NUMBER, 1, Number.MAX_SAFE_INTEGER)
}

const COMMENT_PR_NUMBER = 'comment-pr-number'
const OLD_PR_NUMBER = 'pr-number'

/** `max-requests`: the analytics request budget of one run (the quota is paid per request). */
export function readMaxRequests(input: InputReader): number {
  return readOptionalInteger(input, 'max-requests', 1, Number.MAX_SAFE_INTEGER) ?? 100
}

/** Relative paths mean the workspace, where the runner checked out the repository. */
export function inWorkspace(path: string, env: RunEnvironment): string {
  return isAbsolute(path) ? path : resolve(env.workspace, path)
}

/**
 * The file `name` names, resolved against the workspace; one that resolves outside it (symlinks followed,
 * through the nearest existing folder for a file not yet written) is bad input naming `name`: a prompt
 * file would send the runner's files to the agent, an output file would write over them.
 */
export function fileInWorkspace(name: string, file: string, env: RunEnvironment): string {
  const path = inWorkspace(file, env)
  const [workspace, real] = [realPathOf(env.workspace), realPathOf(path)]
  const inside = workspace !== null && real !== null ? relative(workspace, real) : '..'
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    throw new InputError(
      name,
      `Input '${name}' names ${clip(file)}, which is outside the workspace (${clip(env.workspace)}), symlinks followed: give a path inside the checked-out repository.`
    )
  return path
}

/**
 * A path with its symlinks resolved: the nearest existing folder's real path and the rest as written; a
 * dangling symlink on the way leads where it points (writing the file would follow it). Null for a loop.
 */
function realPathOf(path: string): string | null {
  const rest: string[] = []
  let existing = resolve(path)
  for (let hops = 0; hops < MAX_SYMLINK_HOPS; hops++) {
    try {
      return join(realpathSync(existing), ...rest)
    } catch {
      if (isSymlink(existing)) {
        existing = resolve(dirname(existing), readlinkSync(existing))
        continue
      }
      if (dirname(existing) === existing) return join(existing, ...rest)
      rest.unshift(basename(existing))
      existing = dirname(existing)
    }
  }
  return null
}

/** Linux follows at most 40 symlinks in one path. */
const MAX_SYMLINK_HOPS = 40

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

/** Keeps echoed input short in messages. */
export function clip(text: string): string {
  return clipText(text, 60)
}

/** GitHub logins: letters, digits and hyphens, with `[bot]` for apps. Compared case-insensitively. */
const LOGIN = /^[a-z\d](?:[a-z\d-]{0,38})(?:\[bot\])?$/i

export function readLogins(raw: string, name: string): string[] {
  const logins = raw
    .split(/[\s,]+/)
    .map((login) => login.trim().replace(/^@/, ''))
    .filter(Boolean)
  const bad = logins.find((login) => !LOGIN.test(login))
  if (bad !== undefined)
    throw new InputError(name, `Input '${name}' has '${clipText(bad, 60)}', which is not a GitHub login: give logins separated by commas.`)
  return [...new Set(logins.map((login) => login.toLowerCase()))]
}

/** `allowed-bots`: bot logins (lower case), or `*` for every bot. */
export function readAllowedBots(raw: string): string[] | '*' {
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

/** `owner/name`, as GitHub allows them; empty is null. */
export function readRepository(raw: string, name: string): Repo | null {
  const text = raw.trim()
  if (!text) return null
  const [owner = '', repo = '', ...rest] = text.split('/')
  if (rest.length > 0 || !isRepositoryName(owner, repo))
    throw new InputError(name, `Input '${name}' must be a repository as owner/name, such as my-org/docs; got '${clip(text)}'.`)
  return { owner, repo }
}
