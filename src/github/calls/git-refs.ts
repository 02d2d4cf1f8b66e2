import { need, needList, readAnswer, textOr } from '../answers.js'
import { explained, statusOf } from '../errors.js'
import type { Repo } from '../event.js'
import type { Octokit } from '../transport.js'

/** A git reference as GitHub lists it: its full name (`refs/docs-agent/…`) and the commit it points at. */
export interface GitRef {
  ref: string
  sha: string
}

/** The references under a prefix, and when GitHub answered (its `Date` header; null when it sent none). */
export interface MatchingRefs {
  refs: GitRef[]
  answeredAt: number | null
}

/** Created, or refused because the name is taken ("Reference already exists", "Reference update failed"). */
export type RefCreation = 'created' | 'refused'

/** The 422 messages that say a reference name is taken: a second creation of one name never succeeds. */
const TAKEN = ['Reference already exists', 'Reference update failed']

/** What the ledger's calls need: writing references is `contents: write`. */
const PERMISSION = 'contents: write'

/**
 * Git references of one repository (the spend ledger's slots). GitHub creates a reference name once, which
 * makes a creation a claim that no race can take twice.
 */
export class GitRefCalls {
  constructor(
    private readonly octokit: Octokit,
    private readonly repo: Repo
  ) {}

  /**
   * Every reference whose name starts with `refs/<prefix>`, in one request: GitHub never pages this answer.
   * Octokit sends the slashes as `%2F`, which GitHub reads as `/`.
   */
  async matching(prefix: string): Promise<MatchingRefs> {
    return explained(`list the references refs/${prefix}`, PERMISSION, async () => {
      const answer = await this.octokit.rest.git.listMatchingRefs({ ...this.repo, ref: prefix })
      const refs = readAnswer(answer, (data) =>
        needList(data, 'the list').map((item) => {
          const { ref, object } = item as { ref?: unknown; object?: { sha?: unknown } | null }
          return { ref: textOr(ref), sha: textOr(object?.sha) }
        })
      )
      const date = Date.parse(answer.headers.date ?? '')
      return { refs, answeredAt: Number.isFinite(date) ? date : null }
    })
  }

  /**
   * Creates `ref` at `sha`. The 422 messages that say the name is taken are read from GitHub's answer
   * (`response.data.message`), not from Octokit's error text, which may word them otherwise.
   */
  async create(ref: string, sha: string): Promise<RefCreation> {
    return explained(`create the reference ${ref}`, PERMISSION, async () => {
      try {
        await this.octokit.rest.git.createRef({ ...this.repo, ref, sha })
        return 'created'
      } catch (error) {
        if (statusOf(error) === 422 && TAKEN.includes(answerMessage(error))) return 'refused'
        throw error
      }
    })
  }

  /** Deletes `ref` (`refs/…`); one that does not exist (404, or 422 "Reference does not exist") is fine. */
  async remove(ref: string): Promise<void> {
    return explained(`delete the reference ${ref}`, PERMISSION, async () => {
      try {
        await this.octokit.rest.git.deleteRef({ ...this.repo, ref: ref.replace(/^refs\//, '') })
      } catch (error) {
        const status = statusOf(error)
        if (status !== 404 && status !== 422) throw error
      }
    })
  }

  /** The default branch's head commit: one request answered with the sha alone. */
  async defaultHead(): Promise<string> {
    return explained('read the head of the default branch', 'contents: read', async () => {
      const answer = await this.octokit.request('GET /repos/{owner}/{repo}/commits/{ref}', {
        ...this.repo,
        ref: 'HEAD',
        headers: { accept: 'application/vnd.github.sha' }
      })
      return readAnswer(answer, (data: unknown) => {
        const sha = typeof data === 'string' ? data.trim() : ''
        return need(/^[0-9a-f]{40}$/i.test(sha) ? sha : null, 'the sha')
      })
    })
  }
}

/** GitHub's own message in a failed answer (`response.data.message`). */
function answerMessage(error: unknown): string {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data
  return textOr((data as { message?: unknown } | null | undefined)?.message)
}
