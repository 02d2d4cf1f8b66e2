import { readFileSync } from 'node:fs'
import { firstLine, isRecord } from '../text.js'

/** The facts of the triggering event this action uses, read once from the runner's event payload. */
export type GitHubEvent =
  | { kind: 'pull_request'; name: string; action: string; pull: PullFacts }
  | { kind: 'issue_comment'; name: string; action: string; issue: IssueFacts; comment: CommentFacts }
  | { kind: 'push'; name: string; ref: string; sha: string; commits: PushCommit[] }
  /** schedule, workflow_dispatch and anything else: no pull request of its own. */
  | { kind: 'other'; name: string }

export interface PullFacts {
  number: number
  title: string
  url: string
}

export interface IssueFacts {
  number: number
  title: string
  url: string
  isPullRequest: boolean
}

export interface CommentFacts {
  id: number
  body: string
  login: string
  isBot: boolean
}

export interface PushCommit {
  subject: string
  files: string[]
}

export interface Repo {
  owner: string
  repo: string
}

/** Where the run happens, from the runner's environment. */
export interface RunContext {
  event: GitHubEvent
  repo: Repo | null
  serverUrl: string
  runUrl: string | null
  workflow: string
  job: string
}

export function readRunContext(env: NodeJS.ProcessEnv): RunContext {
  const payload = readPayload(env.GITHUB_EVENT_PATH)
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const serverUrl = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')
  return {
    event: parseEvent(env.GITHUB_EVENT_NAME ?? '', payload),
    repo: owner && repo ? { owner, repo } : null,
    serverUrl,
    runUrl: owner && repo && env.GITHUB_RUN_ID ? `${serverUrl}/${owner}/${repo}/actions/runs/${env.GITHUB_RUN_ID}` : null,
    workflow: env.GITHUB_WORKFLOW ?? '',
    job: env.GITHUB_JOB ?? ''
  }
}

function readPayload(path: string | undefined): Record<string, unknown> {
  if (!path) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return isRecord(parsed) ? parsed : {}
  } catch {
    return {}
  }
}

export function parseEvent(name: string, payload: Record<string, unknown>): GitHubEvent {
  const action = str(payload.action)
  if ((name === 'pull_request' || name === 'pull_request_target') && isRecord(payload.pull_request)) {
    const pull = payload.pull_request
    return {
      kind: 'pull_request',
      name,
      action,
      pull: { number: num(pull.number ?? payload.number), title: str(pull.title), url: str(pull.html_url) }
    }
  }
  if (name === 'issue_comment' && isRecord(payload.issue) && isRecord(payload.comment)) {
    const { issue, comment } = payload
    const user = isRecord(comment.user) ? comment.user : {}
    const login = str(user.login)
    return {
      kind: 'issue_comment',
      name,
      action,
      issue: { number: num(issue.number), title: str(issue.title), url: str(issue.html_url), isPullRequest: isRecord(issue.pull_request) },
      comment: { id: num(comment.id), body: str(comment.body), login, isBot: str(user.type) === 'Bot' || login.endsWith('[bot]') }
    }
  }
  if (name === 'push') {
    const commits = Array.isArray(payload.commits) ? payload.commits.filter(isRecord) : []
    return {
      kind: 'push',
      name,
      ref: str(payload.ref),
      sha: str(payload.after) || (isRecord(payload.head_commit) ? str(payload.head_commit.id) : ''),
      commits: commits.map((commit) => ({
        subject: firstLine(str(commit.message)),
        files: ['added', 'modified', 'removed'].flatMap((key) =>
          Array.isArray(commit[key]) ? commit[key].filter((f): f is string => typeof f === 'string') : []
        )
      }))
    }
  }
  return { kind: 'other', name }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0
}
