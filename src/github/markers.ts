/**
 * Hidden HTML comments by which the action finds its own comments again. They are trusted only on
 * comments written by the token's own identity: anyone can type a marker into a comment of theirs.
 */
const PREFIX = 'docs-agent-action'

/** The sticky status comment of one workflow job on one pull request. */
export function statusMarker(key: string): string {
  return `<!-- ${PREFIX}:status ${sanitize(key)} -->`
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,120}$/

/**
 * The comment on a pull request the agent opened, naming its job, so `/docs` replies become follow-ups.
 * Null for an id that could not be read back exactly.
 */
export function jobMarker(jobId: string): string | null {
  return SAFE_ID.test(jobId) ? `<!-- ${PREFIX}:job ${jobId} -->` : null
}

/** The job id in a job marker, or null. */
export function jobIdInMarker(body: string): string | null {
  const match = new RegExp(`<!-- ${PREFIX}:job ([A-Za-z0-9._:-]+) -->`).exec(body)
  return match?.[1] ?? null
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

/** The job named by the newest trusted marker among `comments` (oldest first), or null. */
export function jobOfMarkers(comments: readonly { body: string }[]): string | null {
  return (
    comments
      .map((comment) => jobIdInMarker(comment.body))
      .filter((id): id is string => id !== null)
      .at(-1) ?? null
  )
}
