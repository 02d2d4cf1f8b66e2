/**
 * Test-data builders for the GitHub, comment and analytics specs: a scripted stand-in for GitHubApi that
 * records every call, the real webhook payloads of @octokit/webhooks-examples, an analytics client
 * serving a fixed list of rows page by page, and an export report.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DeploymentRequest, DeploymentStatusRequest, FileChange, GitHubApi, IssueComment, Reaction } from '../../src/github/api.js'
import type { IssueRef, PullHead } from '../../src/github/event.js'
import { trustsMarkerOf } from '../../src/github/markers.js'
import type { AnalyticsKind, AnalyticsPage, AnalyticsRow, TrafficCounts } from '../../src/mintlify/analytics.js'
import { type DocsApiClient } from '../../src/mintlify/client.js'
import { RequestBudgetSpent } from '../../src/mintlify/request.js'
import type { ExportReport } from '../../src/operations/analytics/verdicts.js'
import { settled } from './factories.js'

/** The login the fake token answers to. */
export const BOT_LOGIN = 'github-actions[bot]'

export interface GitHubCall {
  method: string
  args: unknown[]
}

/** What the fake GitHub holds and how it misbehaves; every field may be changed between calls. */
export interface FakeGitHubState {
  identity: string
  /** Comments per issue number, oldest first (as GitHub lists them). */
  comments: Map<number, IssueComment[]>
  pulls: Map<number, FakePull>
  /** The pull requests a commit belongs to (by sha), as `pullsForCommit` answers. */
  commitPulls: Map<string, number[]>
  /** The deployments created, oldest first, each with its statuses oldest first. */
  deployments: { id: number; request: DeploymentRequest; statuses: DeploymentStatusRequest[] }[]
  /** Repository role per login (as the collaborator-permission API names it); absent: no role. */
  roles: Map<string, string>
  /** Method name → the error it throws. */
  failures: Map<string, Error>
  nextCommentId: number
}

/** A pull request of the fake; `head` defaults to branch `feature-<number>`, no sha, not a fork; files are modified. */
export interface FakePull {
  title: string
  url: string
  commits: string[]
  files: string[]
  head?: PullHead
}

export interface FakeGitHub {
  api: GitHubApi
  state: FakeGitHubState
  calls: GitHubCall[]
  /** The calls of one method, in order. */
  callsTo(method: string): GitHubCall[]
}

/**
 * A stand-in for GitHubApi. The class holds private members, so TypeScript treats it nominally: the one
 * cast lives here, and the fake has every public method a caller can reach.
 */
export function fakeGitHub(init: Partial<FakeGitHubState> = {}): FakeGitHub {
  const state: FakeGitHubState = {
    identity: BOT_LOGIN,
    comments: new Map(),
    pulls: new Map(),
    commitPulls: new Map(),
    deployments: [],
    roles: new Map(),
    failures: new Map(),
    nextCommentId: 1000,
    ...init
  }
  const calls: GitHubCall[] = []
  const record = (method: string, args: unknown[]): void => {
    calls.push({ method, args })
    const failure = state.failures.get(method)
    if (failure) throw failure
  }
  const thread = (issue: number): IssueComment[] => {
    const list = state.comments.get(issue) ?? []
    state.comments.set(issue, list)
    return list
  }
  const pull = (number: number): FakePull => {
    const found = state.pulls.get(number)
    if (!found) throw Object.assign(new Error(`Could not read pull request #${number}: HTTP 404 (Not Found).`), { status: 404 })
    return found
  }
  const fake = {
    repo: { owner: 'acme', repo: 'docs' },
    ownComments: (on: IssueRef): Promise<IssueComment[]> =>
      settled(() => {
        record('ownComments', [on])
        return thread(on.number)
          .filter((comment) => comment.login === state.identity)
          .map((comment) => ({ ...comment }))
      }),
    markerComments: (on: IssueRef, markerAuthors: readonly string[]): Promise<IssueComment[]> =>
      settled(() => {
        record('markerComments', [on, markerAuthors])
        return thread(on.number)
          .filter((comment) => trustsMarkerOf(comment.login, state.identity, markerAuthors))
          .map((comment) => ({ ...comment }))
      }),
    createComment: (on: IssueRef, body: string): Promise<IssueComment> =>
      settled(() => {
        record('createComment', [on, body])
        const id = state.nextCommentId++
        const comment = { id, body, login: state.identity, url: `https://github.com/acme/docs/issues/${on.number}#issuecomment-${id}` }
        thread(on.number).push(comment)
        return { ...comment }
      }),
    updateComment: (on: IssueRef, commentId: number, body: string): Promise<IssueComment> =>
      settled(() => {
        record('updateComment', [on, commentId, body])
        const comment = [...state.comments.values()].flat().find((c) => c.id === commentId)
        if (!comment) throw Object.assign(new Error(`Could not update comment ${commentId}: HTTP 404 (Not Found).`), { status: 404 })
        comment.body = body
        return { ...comment }
      }),
    react: (on: IssueRef, commentId: number, content: Reaction): Promise<void> =>
      settled(() => {
        record('react', [on, commentId, content])
      }),
    replyInReviewThread: (pull: number, commentId: number, body: string): Promise<IssueComment> =>
      settled(() => {
        record('replyInReviewThread', [pull, commentId, body])
        const id = 9000 + calls.length
        return { id, body, login: state.identity, url: `https://github.com/acme/docs/pull/${pull}#discussion_r${id}` }
      }),
    updateReviewComment: (commentId: number, body: string): Promise<IssueComment> =>
      settled(() => {
        record('updateReviewComment', [commentId, body])
        return { id: commentId, body, login: state.identity, url: `https://github.com/acme/docs/pull/0#discussion_r${commentId}` }
      }),
    reactToReviewComment: (commentId: number, content: Reaction): Promise<void> =>
      settled(() => {
        record('reactToReviewComment', [commentId, content])
      }),
    removeLabel: (on: IssueRef, name: string): Promise<void> =>
      settled(() => {
        record('removeLabel', [on, name])
      }),
    roleOf: (login: string): Promise<string | null> =>
      settled(() => {
        record('roleOf', [login])
        return state.roles.get(login) ?? null
      }),
    pullsForCommit: (sha: string): Promise<number[]> =>
      settled(() => {
        record('pullsForCommit', [sha])
        return state.commitPulls.get(sha) ?? []
      }),
    pull: (number: number): Promise<{ title: string; url: string; head: PullHead; changedFiles: number }> =>
      settled(() => {
        record('pull', [number])
        const { title, url, head, files } = pull(number)
        return { title, url, head: head ?? { ref: `feature-${number}`, sha: '', fork: false }, changedFiles: files.length }
      }),
    // Each fake commit's sha is its position, repeated: `1111111…` for the first.
    pullCommits: (number: number): Promise<{ sha: string; subject: string }[]> =>
      settled(() => {
        record('pullCommits', [number])
        return pull(number).commits.map((subject, i) => ({ sha: String((i + 1) % 10).repeat(40), subject }))
      }),
    pullFiles: (number: number, max: number): Promise<string[]> =>
      settled(() => {
        record('pullFiles', [number, max])
        return pull(number).files.slice(0, max)
      }),
    pullFileChanges: (number: number, max: number): Promise<FileChange[]> =>
      settled(() => {
        record('pullFileChanges', [number, max])
        return pull(number)
          .files.slice(0, max)
          .map((filename) => ({ filename, status: 'modified' }))
      }),
    createDeployment: (request: DeploymentRequest): Promise<number> =>
      settled(() => {
        record('createDeployment', [request])
        const id = 3000 + state.deployments.length
        state.deployments.push({ id, request, statuses: [] })
        return id
      }),
    setDeploymentStatus: (id: number, status: DeploymentStatusRequest): Promise<void> =>
      settled(() => {
        record('setDeploymentStatus', [id, status])
        const deployment = state.deployments.find((d) => d.id === id)
        if (!deployment)
          throw Object.assign(new Error(`Could not set the status of deployment ${id}: HTTP 404 (Not Found).`), { status: 404 })
        deployment.statuses.push(status)
      })
  }
  return {
    api: fake as unknown as GitHubApi,
    state,
    calls,
    callsTo: (method) => calls.filter((call) => call.method === method)
  }
}

/** A comment as GitHubApi lists it. */
export function issueComment(overrides: Partial<IssueComment> = {}): IssueComment {
  const id = overrides.id ?? 1
  return { id, body: 'Looks good to me.', login: 'octocat', url: `https://github.com/acme/docs/pull/7#issuecomment-${id}`, ...overrides }
}

interface ExampleGroup {
  name: string
  examples: Record<string, unknown>[]
}

let groups: ExampleGroup[] | null = null

/** Deep copies of the real example payloads of one webhook event, so tests may change them freely. */
export function webhookExamples(name: string): Record<string, unknown>[] {
  groups ??= JSON.parse(
    readFileSync(join(process.cwd(), 'node_modules/@octokit/webhooks-examples/api.github.com/index.json'), 'utf8')
  ) as ExampleGroup[]
  const group = groups.find((g) => g.name === name)
  if (!group) throw new Error(`@octokit/webhooks-examples has no ${name} examples`)
  return structuredClone(group.examples)
}

/** The first real example of `name` that `matches`. */
export function webhookExample(name: string, matches: (payload: Record<string, unknown>) => boolean = () => true): Record<string, unknown> {
  const found = webhookExamples(name).find(matches)
  if (!found) throw new Error(`@octokit/webhooks-examples has no matching ${name} example`)
  return found
}

/** One analytics row; `total` defaults to human + ai only for convenience (the API deduplicates). */
export function row(path: string, human: number, ai = 0, total = human + ai): AnalyticsRow {
  return { path, human, ai, total }
}

/** `count` rows `/page-0` … with falling totals, so their order is known. */
export function rows(count: number, prefix = '/page-'): AnalyticsRow[] {
  return Array.from({ length: count }, (_, i) => row(`${prefix}${i}`, count - i, 1, count - i + 1))
}

export interface AnalyticsQuery {
  kind: AnalyticsKind
  projectId: string
  dateFrom: string | null
  dateTo: string | null
  limit: number
  offset: number
}

export interface FakeAnalytics {
  client: DocsApiClient
  queries: AnalyticsQuery[]
  /** Like the real client's request budget: past it, getAnalyticsPage throws RequestBudgetSpent. */
  setBudget(requests: number): void
}

/**
 * A client whose getAnalyticsPage answers from `answer(query, callIndex)`. The class is nominal (private
 * members), so the structural fake is cast here once.
 */
export function fakeAnalyticsClient(
  answer: (query: AnalyticsQuery, call: number) => AnalyticsPage | Promise<AnalyticsPage>
): FakeAnalytics {
  const queries: AnalyticsQuery[] = []
  let budget = Infinity
  const fake = {
    // Each call is one request here; the real client also counts its retries.
    get requestsSent(): number {
      return queries.length
    },
    getAnalyticsPage: async (
      kind: AnalyticsKind,
      projectId: string,
      query: { dateFrom: string | null; dateTo: string | null; limit: number; offset: number }
    ): Promise<AnalyticsPage> => {
      if (queries.length >= budget) throw new RequestBudgetSpent(budget, null)
      const full = { kind, projectId, ...query }
      queries.push(full)
      return answer(full, queries.length - 1)
    }
  }
  return { client: fake as unknown as DocsApiClient, queries, setBudget: (requests) => (budget = requests) }
}

/** A client serving `all` rows in pages of the requested size, like the real API. */
export function pagedAnalyticsClient(all: AnalyticsRow[], totals: TrafficCounts = { human: 900, ai: 300, total: 1100 }): FakeAnalytics {
  return fakeAnalyticsClient((query) => {
    const page = all.slice(query.offset, query.offset + query.limit)
    return { totals, rows: page, hasMore: query.offset + query.limit < all.length, skipped: 0 }
  })
}

/** A finished visitors export of three pages; `overrides` replaces any part. */
/** A visitors export report; `top` (the top pages) stands for the traffic summary. */
export function exportReport(overrides: Partial<ExportReport> & { top?: AnalyticsRow[] } = {}): ExportReport {
  const { top, ...rest } = overrides
  return {
    kind: 'visitors',
    verdict: {
      outcome: 'exported',
      result: 'success',
      headline: 'Exported visitors: 3 pages in docs-visitors.json (1 request).',
      failureReason: ''
    },
    range: { from: '2026-03-01', to: '2026-03-10' },
    totals: { human: 1200, ai: 400, total: 1500 },
    rowCount: 3,
    requests: 1,
    file: 'docs-visitors.json',
    summary: {
      kind: 'traffic',
      top: top ?? [row('/quickstart', 800, 200, 950), row('/api/auth', 300, 150, 420), row('/changelog', 100, 0, 100)]
    },
    duplicates: 0,
    ...rest
  }
}

/** A fresh temporary folder, and a way to remove it. */
export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}
