// One deployment of the fake deployment endpoints: its script with every default filled in, and where it
// is at a moment of the clock (queued, building with its log lines appearing, then its outcome).
import { createHash } from 'node:crypto'
import { repositoryName, SITE_DOMAIN } from './names.js'
import type {
  DeploymentAuthor,
  DeploymentCommit,
  DeploymentOutcome,
  DeploymentScript,
  DeploymentSource,
  DeploymentStatus,
  SimDeployment
} from './types.js'

const DEFAULT_QUEUED_MS = 300
const DEFAULT_IN_PROGRESS_MS = 1200

const DEFAULT_AUTHOR: DeploymentAuthor = {
  name: 'Octo Cat',
  avatarUrl: 'https://avatars.githubusercontent.com/u/583231?v=4',
  githubUserId: 583231
}
const DEFAULT_COMMIT_MESSAGE = 'Document the billing API\n\nAdds the billing page and links it from the quickstart.'
const DEFAULT_SUCCESS_SUMMARY = 'Deployment succeeded'
// Markup in the error, as real MDX errors carry it: a client must escape log text and summaries.
const DEFAULT_ERROR = 'Error: quickstart.mdx:12:3: Unexpected closing tag "</Card>"'
const DEFAULT_FAILURE_SUMMARY = `Build failed. ${DEFAULT_ERROR}`
/** Enough rendered pages that a failure's log is longer than the 30-line tail a client shows (40 in all). */
const FAILURE_LOG_PAGES = 34

/** A script with every default filled in. */
export interface ResolvedScript extends DeploymentScript {
  outcome: DeploymentOutcome
  queuedMs: number
  inProgressMs: number
  summary: string
  logs: string[]
  screenshot: string | null
  screenshotLight: string | null
  screenshotDark: string | null
  author: DeploymentAuthor | null
  commit: DeploymentCommit
  source: DeploymentSource
  subdomain: string
}

/** Where the script is resolved: the deployment's ids, the ref it builds and the site it publishes. */
export interface ScriptSite {
  statusId: string
  ref: string
  siteSubdomain: string
  projectId: string
  /** The docs repository (URL), for the log's clone line. */
  repository: string
}

/** Where a deployment is at one moment. */
interface Phase {
  status: DeploymentStatus
  /** Set once it has ended. */
  endedAt?: number
  /** How many log lines have been written by then. */
  logLines: number
}

export class Deployment implements SimDeployment {
  polls = 0

  constructor(
    readonly statusId: string,
    readonly kind: SimDeployment['kind'],
    readonly branch: string | null,
    readonly previewUrl: string | null,
    readonly createdAt: number,
    readonly script: ResolvedScript,
    private readonly projectId: string,
    private readonly now: () => number
  ) {}

  status(): string {
    return this.shown(this.phase().status)
  }

  record(): Record<string, unknown> {
    const { status, endedAt, logLines } = this.phase()
    const script = this.script
    const extra = script.extra ?? {}
    if (script.minimal) return { _id: this.statusId, status: this.shown(status), ...extra }
    const screenshots = { screenshot: script.screenshot, screenshotLight: script.screenshotLight, screenshotDark: script.screenshotDark }
    return {
      _id: this.statusId,
      projectId: this.projectId,
      createdAt: new Date(this.createdAt).toISOString(),
      ...(endedAt === undefined ? {} : { endedAt: new Date(endedAt).toISOString(), summary: script.summary }),
      status: this.shown(status),
      logs: script.logs.slice(0, logLines),
      subdomain: script.subdomain,
      // A screenshot is taken of a site that built.
      ...(status === 'success' ? Object.fromEntries(Object.entries(screenshots).filter(([, url]) => url !== null)) : {}),
      author: script.author,
      commit: script.commit,
      source: script.source,
      ...extra
    }
  }

  private phase(): Phase {
    const { queuedMs, inProgressMs, outcome, logs } = this.script
    const elapsed = this.now() - this.createdAt
    if (elapsed < queuedMs) return { status: 'queued', logLines: 0 }
    const building = elapsed - queuedMs
    if (outcome === 'never' || building < inProgressMs) {
      // Lines appear evenly over the build; the last one, its result, only once it has ended.
      const written = Math.floor((logs.length * building) / Math.max(1, inProgressMs))
      return { status: 'in_progress', logLines: Math.max(0, Math.min(logs.length - 1, written)) }
    }
    return { status: outcome, endedAt: this.createdAt + queuedMs + inProgressMs, logLines: logs.length }
  }

  private shown(status: DeploymentStatus): string {
    return status === 'in_progress' ? (this.script.runningStatus ?? status) : status
  }
}

export function resolveScript(script: DeploymentScript, at: ScriptSite): ResolvedScript {
  const { statusId, ref, siteSubdomain, projectId, repository } = at
  const outcome = script.outcome ?? 'success'
  const subdomain = script.subdomain ?? siteSubdomain
  const files = script.commit?.filesChanged
  const commit: DeploymentCommit = {
    sha: script.commit?.sha ?? sha1(`commit/${statusId}`),
    ref: script.commit?.ref ?? ref,
    message: script.commit?.message ?? DEFAULT_COMMIT_MESSAGE,
    filesChanged: {
      added: [...(files?.added ?? ['billing.mdx'])],
      modified: [...(files?.modified ?? ['docs.json', 'quickstart.mdx'])],
      removed: [...(files?.removed ?? [])]
    }
  }
  const screenshot = (variant: string): string =>
    `https://mintlify-screenshots.s3.us-west-1.amazonaws.com/${projectId}/${statusId}${variant}.png`
  return {
    ...script,
    outcome,
    queuedMs: duration(script.queuedMs, DEFAULT_QUEUED_MS),
    inProgressMs: duration(script.inProgressMs, DEFAULT_IN_PROGRESS_MS),
    summary: script.summary ?? (outcome === 'failure' ? DEFAULT_FAILURE_SUMMARY : DEFAULT_SUCCESS_SUMMARY),
    logs: [...(script.logs ?? defaultLogs(outcome, repositoryName(repository), commit, subdomain))],
    screenshot: script.screenshot === undefined ? screenshot('') : script.screenshot,
    screenshotLight: script.screenshotLight === undefined ? screenshot('-light') : script.screenshotLight,
    screenshotDark: script.screenshotDark === undefined ? screenshot('-dark') : script.screenshotDark,
    author: script.author === undefined ? { ...DEFAULT_AUTHOR } : script.author,
    commit,
    source: script.source ?? 'api',
    subdomain
  }
}

/** The lines a build writes: a few on success, 40 ending in the error on failure. */
function defaultLogs(outcome: DeploymentOutcome, repository: string, commit: DeploymentCommit, subdomain: string): string[] {
  const start = [
    `Cloning ${repository} at ${commit.ref} (${commit.sha.slice(0, 7)})`,
    'Installing dependencies',
    'Validating docs.json',
    'Building pages'
  ]
  if (outcome === 'failure') {
    const pages = Array.from({ length: FAILURE_LOG_PAGES }, (_, i) => `Rendered page-${String(i + 1).padStart(2, '0')}.mdx`)
    return [...start, ...pages, DEFAULT_ERROR, 'Build failed with 1 error']
  }
  return [...start, 'Generating the search index', 'Uploading to the CDN', `Deployed to https://${subdomain}.${SITE_DOMAIN}`]
}

function duration(value: number | undefined, fallback: number): number {
  return value === undefined || !Number.isFinite(value) ? fallback : Math.max(0, value)
}

export function sha1(seed: string): string {
  return createHash('sha1').update(seed).digest('hex')
}
