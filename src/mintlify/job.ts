import { fieldText, isRecord } from '../text.js'

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
    id: fieldText(raw.id),
    status: fieldText(raw.status),
    repository: fieldText(source.repository),
    ref: fieldText(source.ref),
    model: fieldText(raw.model),
    prLink: fieldText(raw.prLink),
    createdAt: fieldText(raw.createdAt),
    archivedAt: fieldText(raw.archivedAt),
    reason: fieldText(raw.error) ?? fieldText(raw.message) ?? fieldText(raw.reason),
    raw
  }
}

export function isTerminal(status: string | null): boolean {
  return (TERMINAL_STATUSES as readonly (string | null)[]).includes(status)
}

export function isKnownStatus(status: string | null): boolean {
  return (KNOWN_STATUSES as readonly (string | null)[]).includes(status)
}

/** A pull request as its link names it: `owner/name` and the number. */
export interface PullLink {
  repository: string
  number: number
}

const OWNER = /^[A-Za-z\d](?:[A-Za-z\d-]{0,38})$/
const NAME = /^(?!\.\.?$)[A-Za-z\d._-]{1,100}$/

/** Whether `owner` and `name` are a repository name GitHub allows (no `..`, no slashes, no spaces). */
export function isRepositoryName(owner: string, name: string): boolean {
  return OWNER.test(owner) && NAME.test(name)
}

/**
 * A pull request link and nothing else: `https://`, a host name (no credentials, no port), then
 * `/<owner>/<name>/pull/<number>`. No query, fragment, trailing slash, whitespace or percent-encoding: the
 * raw string is checked, not what a URL parser makes of it (which drops tabs and line breaks).
 */
const PULL_LINK =
  /^https:\/\/[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*\/([^/]+)\/([^/]+)\/pull\/([1-9]\d{0,15})$/i

/**
 * The pull request of a well-formed `https://<host>/<owner>/<name>/pull/<number>` link (owner and name in
 * GitHub's charset), or null. Anything else (`javascript:`, credentials, a port, a query, a longer path, an
 * issue, shell characters) names no pull request: `pr-link`, `pr-number` and `pr-repository` are built from
 * it, and later workflow steps paste them into shells.
 */
export function parsePullLink(link: string | null): PullLink | null {
  const [, owner, name, number] = PULL_LINK.exec(link ?? '') ?? []
  if (!owner || !name || !number || !isRepositoryName(owner, name) || !Number.isSafeInteger(Number(number))) return null
  return { repository: `${owner}/${name}`, number: Number(number) }
}

/** The pull request number of a well-formed pull request link (see `parsePullLink`), or null. */
export function pullNumberOf(prLink: string | null): number | null {
  return parsePullLink(prLink)?.number ?? null
}
