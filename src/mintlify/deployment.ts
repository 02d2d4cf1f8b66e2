import { fieldText, isRecord } from '../text.js'

/** The paths of the deployment endpoints, ids encoded: the client sends them, a dry run shows them. */
export const DEPLOYMENT_PATHS = {
  deploy: (projectId: string): string => `/v1/project/update/${encodeURIComponent(projectId)}`,
  preview: (projectId: string): string => `/v1/project/preview/${encodeURIComponent(projectId)}`,
  status: (statusId: string): string => `/v1/project/update-status/${encodeURIComponent(statusId)}`,
  automation: (projectId: string, automationId: string): string =>
    `/v1/workflow/${encodeURIComponent(projectId)}/${encodeURIComponent(automationId)}/trigger`,
  webhook: (projectId: string, automationId: string): string =>
    `/v2/workflow/${encodeURIComponent(projectId)}/${encodeURIComponent(automationId)}/webhook`
}

/** The deployment statuses the API documents. Anything else is treated as still running. */
export const DEPLOYMENT_TERMINAL_STATUSES = ['success', 'failure'] as const
export const DEPLOYMENT_STATUSES = ['queued', 'in_progress', ...DEPLOYMENT_TERMINAL_STATUSES] as const

/** The commit a deployment builds. */
export interface DeploymentCommit {
  sha: string | null
  ref: string | null
  message: string | null
  /** Null when the record does not list the changed files. */
  filesChanged: { added: string[]; modified: string[]; removed: string[] } | null
}

/**
 * A deployment's status record (`GET /v1/project/update-status/{statusId}`) as this action reads it.
 * The API guarantees no field, so each one is nullable, and the record as received is kept whole (`raw`).
 * Text fields have their control characters folded, so none of them can pass as a workflow command.
 */
export interface DeploymentStatus {
  /** The status id (`_id`). */
  id: string | null
  projectId: string | null
  status: string | null
  createdAt: string | null
  endedAt: string | null
  summary: string | null
  /** One entry per line, colour codes and blank lines left out. */
  logs: string[]
  subdomain: string | null
  screenshot: string | null
  screenshotLight: string | null
  screenshotDark: string | null
  /** The author's name. */
  author: string | null
  commit: DeploymentCommit | null
  source: string | null
  raw: Record<string, unknown>
}

export function parseDeploymentStatus(body: unknown): DeploymentStatus {
  const raw = isRecord(body) ? body : {}
  return {
    id: fieldText(raw._id),
    projectId: fieldText(raw.projectId),
    status: fieldText(raw.status),
    createdAt: fieldText(raw.createdAt),
    endedAt: fieldText(raw.endedAt),
    summary: fieldText(raw.summary),
    logs: Array.isArray(raw.logs) ? raw.logs.flatMap(logLines) : [],
    subdomain: fieldText(raw.subdomain),
    screenshot: fieldText(raw.screenshot),
    screenshotLight: fieldText(raw.screenshotLight),
    screenshotDark: fieldText(raw.screenshotDark),
    // Documented as an object with a name; a plain string is taken as the name.
    author: isRecord(raw.author) ? fieldText(raw.author.name) : fieldText(raw.author),
    commit: isRecord(raw.commit) ? parseCommit(raw.commit) : null,
    source: fieldText(raw.source),
    raw
  }
}

function parseCommit(commit: Record<string, unknown>): DeploymentCommit {
  const files = commit.filesChanged
  return {
    sha: fieldText(commit.sha),
    ref: fieldText(commit.ref),
    // The message keeps its line breaks (its first line is the subject); other control characters go.
    message: typeof commit.message === 'string' && commit.message.trim() ? multilineText(commit.message) : null,
    filesChanged: isRecord(files) ? { added: names(files.added), modified: names(files.modified), removed: names(files.removed) } : null
  }
}

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.map(fieldText).filter((name): name is string => name !== null) : []
}

// eslint-disable-next-line no-control-regex -- terminal colour and cursor codes are what is matched
const ANSI_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-_])/g

/** A log entry as lines: build tools colour their output and may pack several lines into one entry. */
function logLines(entry: unknown): string[] {
  if (typeof entry !== 'string') return [fieldText(entry)].filter((line): line is string => line !== null)
  return multilineText(entry.replace(ANSI_SEQUENCE, ''))
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
}

/** Text whose line breaks become `\n` and whose other control characters become spaces. */
function multilineText(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
}

export function isDeploymentTerminal(status: string | null): boolean {
  return (DEPLOYMENT_TERMINAL_STATUSES as readonly (string | null)[]).includes(status)
}

export function isKnownDeploymentStatus(status: string | null): boolean {
  return (DEPLOYMENT_STATUSES as readonly (string | null)[]).includes(status)
}

/** One DNS label: what may stand before `.mintlify.site`. */
const DNS_LABEL = /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/i

/**
 * The project's site, `https://<subdomain>.mintlify.site`, or null when the record names no subdomain or
 * one that is not a DNS label: a URL is never built from anything else.
 */
export function siteUrl(status: DeploymentStatus | null): string | null {
  const subdomain = status?.subdomain ?? null
  return subdomain !== null && DNS_LABEL.test(subdomain) ? `https://${subdomain.toLowerCase()}.mintlify.site` : null
}

/** How long Mintlify took, from the record's own times; null unless both are dates in order. */
export function buildDurationMs(status: DeploymentStatus | null): number | null {
  const started = Date.parse(status?.createdAt ?? '')
  const ended = Date.parse(status?.endedAt ?? '')
  return Number.isNaN(started) || Number.isNaN(ended) || ended < started ? null : ended - started
}

/**
 * `value` when it is an absolute `https://` URL without credentials, normalised by the URL parser; else
 * null. Preview links go into outputs that later steps fetch, and screenshots into images that GitHub loads.
 */
export function httpsUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null
  // The parser adds a slash to a bare origin; the address stays as the API wrote it.
  const bareOrigin = url.pathname === '/' && !url.search && !url.hash && !text.endsWith('/')
  return bareOrigin ? url.href.slice(0, -1) : url.href
}

/** The answer to a deploy trigger (202). */
export interface DeployTrigger {
  statusId: string
  raw: Record<string, unknown>
}

/** The answer to a preview trigger (202). */
export interface PreviewTrigger {
  statusId: string
  /** Null when the answer carries no well-formed `https://` URL. */
  previewUrl: string | null
  raw: Record<string, unknown>
}

/**
 * The answer to an automation trigger (202): the queued run. No id is needed to report it, so none is
 * required. A webhook trigger's answer (`{success, runId}`) names the run alone.
 */
export interface AutomationTrigger {
  /** The automation (its schema). */
  schemaId: string | null
  /** The queued run, as the dashboard's run history names it: `instanceId`, or a webhook trigger's `runId`. */
  instanceId: string | null
  /** The background job processing the run (not a docs agent job). */
  jobId: string | null
  raw: Record<string, unknown>
}

/** Null when the answer has no status id: a deployment that cannot be followed is an answer the API does not document. */
export function parseDeployTrigger(body: unknown): DeployTrigger | null {
  const statusId = isRecord(body) ? fieldText(body.statusId) : null
  return isRecord(body) && statusId !== null ? { statusId, raw: body } : null
}

export function parsePreviewTrigger(body: unknown): PreviewTrigger | null {
  const deploy = parseDeployTrigger(body)
  return deploy === null ? null : { ...deploy, previewUrl: httpsUrl(deploy.raw.previewUrl) }
}

export function parseAutomationTrigger(body: unknown): AutomationTrigger | null {
  if (!isRecord(body)) return null
  return { schemaId: fieldText(body.schemaId), instanceId: fieldText(body.instanceId), jobId: fieldText(body.jobId), raw: body }
}

/** A webhook trigger's answer; `success: false` in a 202 is no answer the API documents, so it is in doubt (null). */
export function parseWebhookRun(body: unknown): AutomationTrigger | null {
  if (!isRecord(body) || body.success === false) return null
  return { schemaId: null, instanceId: fieldText(body.runId), jobId: null, raw: body }
}
