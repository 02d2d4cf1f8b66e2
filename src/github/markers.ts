/**
 * Hidden HTML comments by which the action finds its own comments again. They are trusted only on
 * comments written by the token's own identity: anyone can type a marker into a comment of theirs.
 */
const PREFIX = 'docs-agent-action'

/** The marker of a sticky comment: one workflow job's status comment, or one branch's preview comment, on a pull request. */
export function stickyMarker(key: string): string {
  return `<!-- ${PREFIX}:status ${sanitize(key)} -->`
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,120}$/

/** Where a job was started from: the run's repository, workflow (`GITHUB_WORKFLOW`) and branch. */
export interface RunOrigin {
  /** `owner/name`. */
  repository: string
  workflow: string
  branch: string
}

/**
 * The comment on a pull request the agent opened, naming its job, so `/docs` replies become follow-ups.
 * With an origin, a second marker on the next line records it, so `group-runs` can find the pull request
 * again; the job marker itself keeps its old form, which earlier versions of the action still read.
 * Null for an id that could not be read back exactly.
 */
export function jobMarker(jobId: string, origin: RunOrigin | null = null): string | null {
  if (!SAFE_ID.test(jobId)) return null
  const job = `<!-- ${PREFIX}:job ${jobId} -->`
  if (!origin) return job
  const parts = [origin.repository.toLowerCase(), origin.workflow, origin.branch].map(encodePart)
  return `${job}\n<!-- ${PREFIX}:origin ${parts.join(' ')} -->`
}

/** The job id in a job marker, or null. */
export function jobIdInMarker(body: string): string | null {
  const match = new RegExp(`<!-- ${PREFIX}:job ([A-Za-z0-9._:-]+) -->`).exec(body)
  return match?.[1] ?? null
}

/** What a job marker comment says: the job, and where it came from (null in markers written without one). */
export interface JobMarker {
  jobId: string
  origin: RunOrigin | null
}

const ORIGIN_PART = '([A-Za-z0-9._%-]{1,2000})'
const ORIGIN = new RegExp(`<!-- ${PREFIX}:origin ${ORIGIN_PART} ${ORIGIN_PART} ${ORIGIN_PART} -->`)

/** The job marker of a comment and the origin beside it; null without a job marker. */
export function readJobMarker(body: string): JobMarker | null {
  const jobId = jobIdInMarker(body)
  if (jobId === null) return null
  const [, ...parts] = ORIGIN.exec(body) ?? []
  const [repository, workflow, branch] = parts.map(decodePart)
  const origin = repository && workflow && branch ? { repository, workflow, branch } : null
  return { jobId, origin }
}

/** The same repository (case-insensitive, as on GitHub), workflow and branch (both case-sensitive). */
export function sameOrigin(a: RunOrigin, b: RunOrigin): boolean {
  return a.repository.toLowerCase() === b.repository.toLowerCase() && a.workflow === b.workflow && a.branch === b.branch
}

/**
 * Workflow names and branches hold spaces, slashes and anything else: percent-encoded, every character
 * but letters, digits and `._-`, so no part can end the comment or run into the next part.
 */
function encodePart(text: string): string {
  // A lone surrogate cannot be encoded as UTF-8: it becomes the replacement character, on both sides of a match.
  const wellFormed = text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
  return encodeURIComponent(wellFormed).replace(/[!'()*~]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
}

function decodePart(part: string | undefined): string | null {
  try {
    return part === undefined ? null : decodeURIComponent(part)
  } catch {
    return null
  }
}

/**
 * What the introduction of the agent's pull request records for the sweep: the code pull request that
 * started the job (repository `owner/name` and number), its author ('' where none is known), and the
 * reviewers asked (logins and `org/team` names).
 */
export interface CodePullRecord {
  repository: string
  number: number
  author: string
  reviewers: string[]
}

const CODE_PULL = new RegExp(`<!-- ${PREFIX}:code-pull v1 ([A-Za-z0-9_-]{1,4000}) -->`)
const REPOSITORY = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/
const REVIEWER = /^[A-Za-z0-9_.[\]-]{1,100}(?:\/[A-Za-z0-9_.-]{1,100})?$/
const MAX_REVIEWERS = 50

/** The record's marker: base64url-encoded JSON, whose letters cannot end the HTML comment. Null for one that would not read back. */
export function codePullMarker(record: CodePullRecord): string | null {
  const tidy = {
    repository: record.repository,
    number: record.number,
    author: record.author,
    reviewers: record.reviewers.slice(0, MAX_REVIEWERS)
  }
  const marker = `<!-- ${PREFIX}:code-pull v1 ${Buffer.from(JSON.stringify(tidy), 'utf8').toString('base64url')} -->`
  return readCodePullMarker(marker) ? marker : null
}

/** The code pull request an introduction records; null without one (an introduction written before it was recorded) or for anything malformed. */
export function readCodePullMarker(body: string): CodePullRecord | null {
  const encoded = CODE_PULL.exec(body)?.[1]
  if (encoded === undefined) return null
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { repository, number, author, reviewers } = value as Record<string, unknown>
  const ok =
    typeof repository === 'string' &&
    REPOSITORY.test(repository) &&
    typeof number === 'number' &&
    Number.isSafeInteger(number) &&
    number > 0 &&
    typeof author === 'string' &&
    (author === '' || REVIEWER.test(author)) &&
    Array.isArray(reviewers) &&
    reviewers.length <= MAX_REVIEWERS &&
    reviewers.every((reviewer) => typeof reviewer === 'string' && REVIEWER.test(reviewer))
  return ok ? { repository, number, author, reviewers: reviewers as string[] } : null
}

/** Marker parts carry only safe characters, so a hostile job id or workflow name cannot end the comment early. */
function sanitize(text: string): string {
  return text.replace(/[^A-Za-z0-9._:-]+/g, '_').slice(0, 120)
}

/**
 * Whether a job marker written by `login` is to be believed: the token's own identity wrote it, or a login
 * the user named in `marker-authors` (the identity of the workflow that started the job, in another
 * repository). Logins are case-insensitive on GitHub.
 */
export function trustsMarkerOf(login: string, identity: string, markerAuthors: readonly string[]): boolean {
  const author = login.toLowerCase()
  return author !== '' && (author === identity.toLowerCase() || markerAuthors.includes(author))
}

/**
 * The job named by the newest trusted marker among `comments`, or null. They come in the order their
 * records were written, the newest last (as CommentRecords.verified lists them), never by GitHub's times.
 */
export function jobOfMarkers(comments: readonly { body: string }[]): string | null {
  return (
    comments
      .map((comment) => jobIdInMarker(comment.body))
      .filter((id): id is string => id !== null)
      .at(-1) ?? null
  )
}

// ---- The sweep's record, by its comment id (operations/sweep/) ----
// The sweep keeps its state in a comment of its own on each agent pull request. Its id goes into the
// introduction, so a later sweep reads that comment in one request, however many comments others write.
// Apart from the markers above on purpose: other records of the introduction are added beside it.

const SWEEP_RECORD_ID = new RegExp(`<!-- ${PREFIX}:sweep-record ([1-9][0-9]{0,15}) -->`, 'g')
const SWEEP_RECORD_LINE = new RegExp(`\\n?<!-- ${PREFIX}:sweep-record [^\\n]*? -->`, 'g')

/** The introduction's marker naming the comment that holds the sweep's record; null for an id that would not read back. */
export function sweepRecordMarker(commentId: number): string | null {
  const marker = `<!-- ${PREFIX}:sweep-record ${commentId} -->`
  return Number.isSafeInteger(commentId) && commentId > 0 && readSweepRecordId(marker) === commentId ? marker : null
}

/** The id of the sweep's record comment that a verified introduction names; null without one, or with more than one. */
export function readSweepRecordId(records: string): number | null {
  const ids = [...records.matchAll(SWEEP_RECORD_ID)].map((match) => Number(match[1]))
  const [only, ...more] = ids
  return only !== undefined && more.length === 0 && Number.isSafeInteger(only) ? only : null
}

/**
 * The introduction's body naming `commentId` as the sweep's record: the marker goes first (before any
 * timeline a later run edits in), replacing any the body had; every other line stays as it was. The
 * caller signs the body again. Null for an id that would not read back.
 */
export function withSweepRecordMarker(body: string, commentId: number): string | null {
  const marker = sweepRecordMarker(commentId)
  if (!marker) return null
  const rest = body.replace(SWEEP_RECORD_LINE, '').replace(/^\n/, '')
  return `${marker}\n${rest}`
}
