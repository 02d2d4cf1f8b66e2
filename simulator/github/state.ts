// The fake GitHub's core records, which every concern reads: repositories, their issues and pull requests,
// and the users the JSON names. Each concern (comments, pulls, deployments, …) keeps its own records per
// repository beside this (see perRepo).
import { createHash } from 'node:crypto'
import type { GitHubCustomRole, GitHubFileStatus, GitHubRole, GitHubUserType } from './types.js'

export const DEFAULT_BRANCH = 'main'

export interface Repo {
  fullName: string
  owner: string
  issues: Map<number, Issue>
  /** By lower-case login: logins are case-insensitive on GitHub. */
  roles: Map<string, GitHubRole | GitHubCustomRole>
  /** How often the default branch moved (see FakeGitHub.moveDefaultBranch): its head changes with each move. */
  baseMoves: number
}

export interface Issue {
  number: number
  title: string
  body: string
  user: string
  userType: GitHubUserType
  pullRequest: boolean
  headSha: string
  headRef: string
  /** The fork ('owner/name') the head branch lives in; null: the repository itself. */
  headRepo: string | null
  /** The test merge commit while open; the merge commit once merged. */
  mergeCommitSha: string
  /** A draft pull request. */
  draft: boolean
  /**
   * Whether the pull request merges, as GitHub computes it in the background: `mergeableKnown` false
   * answers `mergeable: null` (and `mergeable_state` `unknown`) once, as GitHub does before it computed it.
   */
  mergeable: boolean
  mergeableState: string
  mergeableKnown: boolean
  /** Reviews submitted, oldest first. */
  reviews: Review[]
  /** Logins asked to review a pull request, as the request spelled them. */
  requestedReviewers: string[]
  /** Teams asked to review a pull request. */
  requestedTeams: Team[]
  commits: { sha: string; message: string }[]
  files: PullFile[]
  /** A pull request's files as they were at each head `setFiles` set them for (shas in lower case). */
  filesAt?: Map<string, PullFile[]>
  labels: string[]
  createdAt: string
  /** A pull request's state; merged ones are closed, with `mergedAt` set. */
  state: 'open' | 'closed'
  mergedAt: string | null
  closedAt: string | null
  updatedAt: string
  /** Orders updates within one second (timestamps have whole seconds): higher is later. */
  updateSequence: number
}

/** A review of a pull request. */
export interface Review {
  id: number
  user: string
  state: string
  commitId: string
  body: string
  submittedAt: string
}

/** A team of the repository's organization with access to the repository. */
export interface Team {
  id: number
  slug: string
}

export interface PullFile {
  filename: string
  status: GitHubFileStatus
  previousFilename?: string
  additions: number
  deletions: number
}

export class GitHubState {
  private readonly repos = new Map<string, Repo>()
  private readonly userIds = new Map<string, number>([['github-actions[bot]', 41898282]])
  private nextUpdate = 1

  /** `serverUrl` gives 'http://127.0.0.1:PORT' (known once the server listens), for absolute URLs. */
  constructor(readonly serverUrl: () => string) {}

  apiUrl(): string {
    return `${this.serverUrl()}/api/v3`
  }

  ensureRepo(fullName: string): Repo {
    const existing = this.findRepo(fullName)
    if (existing) return existing
    const [owner, name, ...rest] = fullName.split('/')
    if (!owner || !name || rest.length > 0) throw new Error(`Repository must be 'owner/name', got '${fullName}'`)
    const repo: Repo = { fullName, owner, issues: new Map(), roles: new Map(), baseMoves: 0 }
    this.repos.set(fullName.toLowerCase(), repo)
    return repo
  }

  /** Repository names are case-insensitive on GitHub. */
  findRepo(fullName: string): Repo | undefined {
    return this.repos.get(fullName.toLowerCase())
  }

  /** For the test side: the issue or pull request, or an error saying to add it first. */
  requireIssue(repoName: string, issueNumber: number): { repo: Repo; issue: Issue } {
    const repo = this.findRepo(repoName)
    const issue = repo?.issues.get(issueNumber)
    if (!repo || !issue) throw new Error(`${repoName}#${issueNumber} does not exist (addIssue it first)`)
    return { repo, issue }
  }

  /** For the test side: like requireIssue, and it must be a pull request. */
  requirePull(repoName: string, pullNumber: number): { repo: Repo; pull: Issue } {
    const { repo, issue } = this.requireIssue(repoName, pullNumber)
    if (!issue.pullRequest) throw new Error(`${repo.fullName}#${pullNumber} is not a pull request`)
    return { repo, pull: issue }
  }

  /** For the HTTP side: the pull request of a path's `{pull_number}`, if there is one. */
  findPull(repo: Repo, number: string | undefined): Issue | undefined {
    const issue = repo.issues.get(Number(number))
    return issue?.pullRequest ? issue : undefined
  }

  /** Makes an issue or pull request the most recently updated. */
  touch(issue: Issue): void {
    issue.updatedAt = timestamp()
    issue.updateSequence = this.nextUpdate++
  }

  /** The next value of the update order, for an issue created now. */
  nextUpdateSequence(): number {
    return this.nextUpdate++
  }

  /**
   * The sha a ref names, or undefined when the repository has no such ref: any 40-hex sha (the fake cannot
   * know every commit), the default branch 'main', a pull request's head branch, or a sha of its commits.
   */
  resolveRef(repo: Repo, ref: string): string | undefined {
    const sha = this.knownSha(repo, ref)
    if (sha) return sha
    const branch = ref.replace(/^refs\/heads\//, '')
    if (branch === DEFAULT_BRANCH) return defaultBranchSha(repo)
    // A fork's branch is the fork's, not this repository's.
    const pull = [...repo.issues.values()].find((issue) => issue.pullRequest && issue.headRef === branch && issue.headRepo === null)
    return pull?.headSha
  }

  /**
   * `sha` as the repository knows the commit: any 40-hex sha (lower case), or a sha a test planted in a
   * pull request (its head or commits, which may be shorter), as planted; else undefined.
   */
  knownSha(repo: Repo, sha: string): string | undefined {
    if (/^[0-9a-f]{40}$/i.test(sha)) return sha.toLowerCase()
    for (const issue of repo.issues.values()) {
      if (!issue.pullRequest) continue
      const known = [issue.headSha, ...issue.commits.map((c) => c.sha)].find((planted) => planted.toLowerCase() === sha.toLowerCase())
      if (known) return known
    }
    return undefined
  }

  /** A user as GitHub's JSON shows one, with an id that stays the same for a login. */
  userJson(login: string, type: GitHubUserType = userTypeOf(login)): Record<string, unknown> {
    let id = this.userIds.get(login.toLowerCase())
    if (id === undefined) {
      id = 1000 + this.userIds.size
      this.userIds.set(login.toLowerCase(), id)
    }
    return { login, id, node_id: `U_sim${id}`, type, site_admin: false, html_url: `https://github.com/${login}` }
  }
}

/** A team as GitHub's JSON shows one (its organization is the repository's owner). */
export function teamJson(apiUrl: string, repo: Repo, team: Team): Record<string, unknown> {
  return {
    id: team.id,
    node_id: `T_sim${team.id}`,
    url: `${apiUrl}/orgs/${repo.owner}/teams/${team.slug}`,
    html_url: `https://github.com/orgs/${repo.owner}/teams/${team.slug}`,
    name: team.slug,
    slug: team.slug,
    description: null,
    privacy: 'closed',
    permission: 'pull',
    parent: null
  }
}

/** Records a concern keeps per repository, created on first use. */
export function perRepo<T>(create: () => T): (repo: Repo) => T {
  const records = new WeakMap<Repo, T>()
  return (repo) => {
    let found = records.get(repo)
    if (found === undefined) {
      found = create()
      records.set(repo, found)
    }
    return found
  }
}

/** The sha the default branch points at. */
export function defaultBranchSha(repo: Repo): string {
  return fakeSha(`${repo.fullName}/${DEFAULT_BRANCH}${repo.baseMoves > 0 ? `/${repo.baseMoves}` : ''}`)
}

/** GitHub timestamps have whole seconds: 2024-05-01T12:00:00Z. */
/** A time as GitHub writes it: ISO 8601 in whole seconds (`at`: ms since the epoch, default now). */
export function timestamp(at = Date.now()): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

export function userTypeOf(login: string): GitHubUserType {
  return login.endsWith('[bot]') ? 'Bot' : 'User'
}

/** A deterministic 40-hex sha from a seed. */
export function fakeSha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex')
}
