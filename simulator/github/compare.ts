// Comparisons of two commits on the fake GitHub (`GET …/compare/{base}...{head}`), as a push's changed
// files are read when its payload was cut. The fake has no git history: a test plants each comparison.
import type { RouteResponse } from '../types.js'
import { notFound, onePage, route, type Context, type Route } from './http.js'
import { fileJson, pullFileOf } from './issues.js'
import { fakeSha, perRepo, type GitHubState, type PullFile, type Repo } from './state.js'
import type { GitHubComparisonInit } from './types.js'

// As GitHub documents: without paging, the 250 most recent commits; files, at most 300, only on page 1.
const MAX_UNPAGED_COMMITS = 250
const MAX_FILES = 300

interface Comparison {
  base: string
  head: string
  baseSha: string
  headSha: string
  /** Oldest first. */
  commits: { sha: string; message: string }[]
  files: PullFile[]
  behindBy: number
}

export class Comparisons {
  /** Per repository, by 'base...head' (shas in lower case). */
  private readonly of = perRepo(() => new Map<string, Comparison>())

  constructor(private readonly state: GitHubState) {}

  // ---- Test-side API ----

  plant(repoName: string, base: string, head: string, init: GitHubComparisonInit): void {
    const repo = this.state.ensureRepo(repoName)
    const behindBy = init.behindBy ?? 0
    if (!Number.isInteger(behindBy) || behindBy < 0) throw new Error(`behindBy must be an integer ≥ 0, got ${behindBy}`)
    const commits = (init.commits ?? []).map((message, index) => ({ sha: fakeSha(`${repo.fullName}/${base}...${head}/${index}`), message }))
    const headSha = this.shaOf(repo, head)
    const last = commits.at(-1)
    if (last) last.sha = headSha
    const files = (init.files ?? []).map(pullFileOf)
    this.of(repo).set(keyOf(base, head), { base, head, baseSha: this.shaOf(repo, base), headSha, commits, files, behindBy })
  }

  // ---- HTTP side ----

  routes(): Route[] {
    return [route('GET', '/compare/{basehead}', undefined, (ctx) => this.compare(ctx))]
  }

  /**
   * `GET …/compare/{base}...{head}`: what head has that base has not, commits oldest first. Without
   * `per_page` or `page`, the 250 most recent commits and the files; with them, one page of the commits
   * (`Link` header), the files on page 1 only. 404 for a comparison the test did not plant, as GitHub
   * answers for refs it does not know.
   */
  compare({ req, params, repo }: Context): RouteResponse {
    const [base, head, ...rest] = (params.basehead ?? '').split('...')
    const known = base !== undefined && head !== undefined && rest.length === 0
    const comparison = known ? (this.of(repo).get(keyOf(base, head)) ?? this.pullDiff(repo, base, head)) : undefined
    if (!comparison) return notFound()
    const paged = req.url.searchParams.has('per_page') || req.url.searchParams.has('page')
    const page = paged ? onePage(req, this.state.serverUrl(), comparison.commits) : undefined
    const start = page ? page.start : Math.max(0, comparison.commits.length - MAX_UNPAGED_COMMITS)
    const commits = page ? page.shown : comparison.commits.slice(start)
    const withFiles = start === 0 || !paged
    const json = {
      ...this.summaryJson(repo, comparison),
      commits: commits.map((commit, i) => this.commitJson(repo, commit, comparison.commits[start + i - 1]?.sha ?? comparison.baseSha)),
      ...(withFiles
        ? {
            files: comparison.files
              .slice(0, MAX_FILES)
              .map((file) => fileJson(this.state.apiUrl(), repo.fullName, comparison.headSha, file))
          }
        : {})
    }
    return { status: 200, json, headers: page?.headers ?? {} }
  }

  // ---- Helpers ----

  /**
   * A comparison no test planted, from a base commit to a head a pull request had: the pull request's own
   * files at that head, as GitHub diffs them from the merge base. The fake has no history: any base that is
   * none of the pull request's own commits counts as a commit of its base branch, and where tests gave two
   * pull requests one head, the one added last answers. Undefined when no pull request's files are known at `head`.
   */
  private pullDiff(repo: Repo, base: string, head: string): Comparison | undefined {
    const headSha = head.toLowerCase()
    for (const pull of [...repo.issues.values()].reverse()) {
      if (!pull.pullRequest) continue
      const own = new Set(
        [pull.headSha, ...pull.commits.map((c) => c.sha), ...(pull.filesAt?.keys() ?? [])].map((sha) => sha.toLowerCase())
      )
      const files = pull.filesAt?.get(headSha) ?? (pull.headSha.toLowerCase() === headSha ? pull.files : undefined)
      if (files === undefined || own.has(base.toLowerCase())) continue
      const commits = pull.commits.map((commit) => ({ sha: commit.sha, message: commit.message }))
      return { base, head, baseSha: this.shaOf(repo, base), headSha: this.shaOf(repo, head), commits, files, behindBy: 0 }
    }
    return undefined
  }

  /** A ref's sha: as the repository knows it, else a stable made-up one (a planted comparison's ref exists). */
  private shaOf(repo: Repo, ref: string): string {
    return this.state.resolveRef(repo, ref) ?? fakeSha(`${repo.fullName}/${ref}`)
  }

  private summaryJson(repo: Repo, c: Comparison): Record<string, unknown> {
    const aheadBy = c.commits.length
    const status = aheadBy > 0 && c.behindBy > 0 ? 'diverged' : aheadBy > 0 ? 'ahead' : c.behindBy > 0 ? 'behind' : 'identical'
    const basehead = `${c.base}...${c.head}`
    const baseCommit = { sha: c.baseSha, commit: { message: `The base of ${basehead}` } }
    return {
      url: `${this.state.apiUrl()}/repos/${repo.fullName}/compare/${basehead}`,
      html_url: `https://github.com/${repo.fullName}/compare/${basehead}`,
      permalink_url: `https://github.com/${repo.fullName}/compare/${repo.owner}:${c.baseSha}...${repo.owner}:${c.headSha}`,
      diff_url: `https://github.com/${repo.fullName}/compare/${basehead}.diff`,
      patch_url: `https://github.com/${repo.fullName}/compare/${basehead}.patch`,
      base_commit: baseCommit,
      merge_base_commit: baseCommit,
      status,
      ahead_by: aheadBy,
      behind_by: c.behindBy,
      total_commits: aheadBy
    }
  }

  private commitJson(repo: Repo, commit: { sha: string; message: string }, parentSha: string): Record<string, unknown> {
    return {
      sha: commit.sha,
      node_id: `C_sim${commit.sha.slice(0, 12)}`,
      commit: { message: commit.message },
      url: `${this.state.apiUrl()}/repos/${repo.fullName}/commits/${commit.sha}`,
      html_url: `https://github.com/${repo.fullName}/commit/${commit.sha}`,
      parents: [{ sha: parentSha }]
    }
  }
}

/** Shas are case-insensitive, branch names are not. */
function keyOf(base: string, head: string): string {
  const normal = (ref: string): string => (/^[0-9a-f]{40}$/i.test(ref) ? ref.toLowerCase() : ref)
  return `${normal(base)}...${normal(head)}`
}
