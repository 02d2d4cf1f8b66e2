import { isAbsolute, resolve } from 'node:path'
import { parseDuration } from './duration.js'
import { InputError } from './errors.js'
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

/** `pr-number`: the pull request to comment on when the event names none; null when not given. */
export function readPullNumber(input: InputReader): number | null {
  return readOptionalInteger(input, 'pr-number', 1, Number.MAX_SAFE_INTEGER)
}

/** `max-requests`: the analytics request budget of one run (the quota is paid per request). */
export function readMaxRequests(input: InputReader): number {
  return readOptionalInteger(input, 'max-requests', 1, Number.MAX_SAFE_INTEGER) ?? 100
}

/** Relative paths mean the workspace, where the runner checked out the repository. */
export function inWorkspace(path: string, env: RunEnvironment): string {
  return isAbsolute(path) ? path : resolve(env.workspace, path)
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
