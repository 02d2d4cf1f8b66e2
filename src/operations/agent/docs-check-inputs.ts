import { collectInputErrors, InputError } from '../../errors.js'
import { compilePaths, type PathsFilter, type PathsProblem } from './decide/paths.js'
import { plainLine } from './decide/plain-text.js'

/** The docs check's inputs (`status-context`, `paths`, `reviewers`), read and validated once. */
export interface DocsCheckInputs {
  /** The commit status's name; null: no commit status is written. */
  statusContext: string | null
  /** The files whose changes need documenting; null: every change counts. */
  paths: PathsFilter | null
  reviewers: Reviewers
}

/** Who is asked to review the agent's pull request when a run introduces it; `none` is all three empty. */
export interface Reviewers {
  /** The code pull request's author, the pusher of a push, the actor of a dispatch (never a bot or the token's identity). */
  author: boolean
  /** Logins without `@`, lower case, each once. */
  users: string[]
  teams: TeamName[]
}

/** A team as `org/team`: the organisation's login and the team's slug, lower case. */
export interface TeamName {
  org: string
  slug: string
}

/** The longest context GitHub keeps for a commit status. */
const MAX_CONTEXT = 255

/** GitHub logins: letters and digits, single hyphens between them, at most 39 characters. */
const LOGIN = /^[a-z\d](?:-?[a-z\d]){0,38}$/i
/** Team slugs: letters, digits, `-`, `_` and `.`, as GitHub derives them from team names. */
const TEAM_SLUG = /^[a-z\d][a-z\d._-]{0,99}$/i

/** Which of the three a job reads; one it does not read is its default (no status, every change counts, the author). */
export type DocsCheckReads = Record<keyof DocsCheckInputs, boolean>

const EVERY_PART: DocsCheckReads = { statusContext: true, paths: true, reviewers: true }

export function readDocsCheckInputs(getInput: (name: string) => string, reads: DocsCheckReads = EVERY_PART): DocsCheckInputs {
  return collectInputErrors((field) => ({
    statusContext: reads.statusContext ? field(() => readStatusContext(getInput('status-context'))) : null,
    paths: reads.paths ? field(() => readPaths(getInput('paths'))) : null,
    reviewers: field(() => readReviewers(reads.reviewers ? getInput('reviewers') : ''))
  }))
}

function readStatusContext(raw: string): string | null {
  const context = raw.trim()
  if (context === '') return null
  if (!isStatusContext(context))
    throw new InputError(
      'status-context',
      `Input 'status-context' must be a commit status name on one line of at most ${MAX_CONTEXT} characters, such as docs; got '${echo(context)}'.`
    )
  return context
}

/**
 * `fix-checks-statuses`: the commit status contexts, comma-separated or one per line, that count as the
 * agent's pull request's own checks. Empty: none (a status carries no origin, see docs/fix-checks.md).
 */
export function readFixChecksStatuses(raw: string): string[] {
  const contexts = raw
    .split(/[\n\r,]+/)
    .map((context) => context.trim())
    .filter(Boolean)
  const bad = contexts.find((context) => !isStatusContext(context))
  if (bad !== undefined)
    throw new InputError(
      'fix-checks-statuses',
      `Input 'fix-checks-statuses' has '${echo(bad)}', which is no commit status name: give status contexts of at most ${MAX_CONTEXT} characters, comma-separated or one per line, such as docs/publish.`
    )
  return [...new Set(contexts)]
}

/** A commit status name GitHub keeps: one line of at most 255 characters. */
function isStatusContext(context: string): boolean {
  // eslint-disable-next-line no-control-regex -- a line break or control character is what is refused
  return context.length <= MAX_CONTEXT && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(context)
}

/** One glob per line or separated by commas; blank entries are ignored. Empty: every change counts. */
function readPaths(raw: string): PathsFilter | null {
  const globs = raw
    .split(/[\n\r,]+/)
    .map((glob) => glob.trim())
    .filter(Boolean)
  if (globs.length === 0) return null
  const compiled = compilePaths(globs)
  if (compiled.ok) return compiled.filter
  throw new InputError(
    'paths',
    `Input 'paths' ${pathsProblem(compiled.problem)}: give globs of the files whose changes need documenting, one per line or separated by commas (src/**, !src/**/*.test.ts), with ! before a glob to exclude what it matches.`
  )
}

function pathsProblem(problem: PathsProblem): string {
  const glob = echo(problem.glob)
  switch (problem.why) {
    case 'empty':
      return `has '${glob}', which excludes nothing`
    case 'absolute':
      return `has '${glob}', which starts with / although changed files are relative to the repository root`
    case 'not-a-glob':
      return `has '${glob}', which is not a glob (${plainLine(problem.detail, 100).replace(/\.$/, '')})`
    case 'only-exclusions':
      return 'only excludes files, so no change would ever count'
  }
}

/** `author`, `none`, or logins and `org/team` names separated by commas; `author` may join the names. */
export function readReviewers(raw: string): Reviewers {
  const names = raw
    .split(/[\s,]+/)
    .map((name) => name.trim())
    .filter(Boolean)
  if (names.length === 0) return { author: true, users: [], teams: [] }
  const lower = names.map((name) => name.toLowerCase())
  if (lower.includes('none')) {
    if (names.length > 1) throw reviewersError('has none beside other names; none asks nobody, so give it alone')
    return { author: false, users: [], teams: [] }
  }
  const users = new Set<string>()
  const teams = new Map<string, TeamName>()
  for (const name of lower) {
    if (name === 'author') continue
    const team = teamName(name)
    if (team) teams.set(`${team.org}/${team.slug}`, team)
    // `@author` is the person whose login is author, not the keyword.
    else if (LOGIN.test(name.replace(/^@/, ''))) users.add(name.replace(/^@/, ''))
    else throw reviewersError(`has '${echo(name)}', which is neither a GitHub login nor an org/team name`)
  }
  return { author: lower.includes('author'), users: [...users], teams: [...teams.values()] }
}

function teamName(name: string): TeamName | null {
  const [org = '', slug = '', ...rest] = name.replace(/^@/, '').split('/')
  if (rest.length > 0 || !name.includes('/')) return null
  return LOGIN.test(org) && TEAM_SLUG.test(slug) ? { org, slug } : null
}

function reviewersError(problem: string): InputError {
  return new InputError(
    'reviewers',
    `Input 'reviewers' ${problem}: give author (the default), none, or logins and org/team names separated by commas (author, octocat, my-org/docs-team).`
  )
}

/** Echoed input, on one line and short. */
function echo(text: string): string {
  return plainLine(text, 60)
}
