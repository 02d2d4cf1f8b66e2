import { isRecord } from '../text.js'

/** The statuses the API documents. Anything else is treated as still running. */
export const TERMINAL_STATUSES = ['completed', 'archived', 'failed'] as const
export const KNOWN_STATUSES = ['active', ...TERMINAL_STATUSES] as const

/**
 * An agent job as this action reads it. The API guarantees no field, so each one is nullable, and the
 * record as received is kept whole (`raw`) so that fields the API adds later still reach the `job` output.
 */
export interface AgentJob {
  id: string | null
  status: string | null
  repository: string | null
  ref: string | null
  model: string | null
  prLink: string | null
  createdAt: string | null
  archivedAt: string | null
  /**
   * Text the record carries about what went wrong. There is no documented failure-reason field;
   * `error`, `message` and `reason` are the names a record may use.
   */
  reason: string | null
  raw: Record<string, unknown>
}

export function parseJob(body: unknown): AgentJob {
  const raw = isRecord(body) ? body : {}
  const source = isRecord(raw.source) ? raw.source : {}
  return {
    id: text(raw.id),
    status: text(raw.status),
    repository: text(source.repository),
    ref: text(source.ref),
    model: text(raw.model),
    prLink: text(raw.prLink),
    createdAt: text(raw.createdAt),
    archivedAt: text(raw.archivedAt),
    reason: text(raw.error) ?? text(raw.message) ?? text(raw.reason),
    raw
  }
}

export function isTerminal(status: string | null): boolean {
  return (TERMINAL_STATUSES as readonly (string | null)[]).includes(status)
}

export function isKnownStatus(status: string | null): boolean {
  return (KNOWN_STATUSES as readonly (string | null)[]).includes(status)
}

/** The pull request number in a GitHub pull request URL, or null. */
export function pullNumberOf(prLink: string | null): number | null {
  const match = prLink ? /\/pull\/(\d+)(?:[/?#]|$)/.exec(prLink) : null
  return match ? Number(match[1]) : null
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g

/** Text fields fold control characters: a value with a line break could pass as a workflow command in the log. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() ? value.replace(CONTROL_CHARACTERS, ' ') : null
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return null
}
