import type { GitHubApi } from '../../github/api.js'
import { type GitHubAccess, gitHubAccess } from '../../github/connection.js'
import type { ChecksEvent } from '../../github/event.js'
import { stickyMarker } from '../../github/markers.js'
import type { Settings } from '../../settings.js'
import { CommentRecords } from '../agent/comment-records.js'
import type { AgentInputs } from '../agent/inputs.js'
import type { OperationDeps } from '../operation.js'
import { CheckReader } from './check-reader.js'
import { countedContexts } from './check-states.js'

/**
 * What a `fix-checks` run reads and writes with, in one value: its settings and event, the operation's
 * deps (clock, log, the run, outputs, the docs API), GitHub, the records' key and the reader of the head's
 * checks, and this workflow job's sticky comment marker.
 */
export interface FixChecksMeans {
  settings: Settings<AgentInputs>
  event: ChecksEvent
  deps: OperationDeps
  api: GitHubApi
  github: GitHubAccess
  records: CommentRecords
  reader: CheckReader
  /** One sticky comment per workflow job, as the agent's runs keep theirs. */
  sticky: string
}

/** Connects to GitHub (the run cannot go on without it) and sets up the rest. */
export async function connectMeans(settings: Settings<AgentInputs>, event: ChecksEvent, deps: OperationDeps): Promise<FixChecksMeans> {
  const github = gitHubAccess({
    token: settings.githubToken,
    repo: deps.run.repo,
    connect: deps.connectGitHub,
    log: deps.log,
    without: "the agent's pull request and its checks cannot be read"
  })
  const api = await github.apiOrThrow("to read the agent's pull request and its checks")
  return {
    settings,
    event,
    deps,
    api,
    github,
    records: new CommentRecords(settings.apiKey, deps.log, deps.clock),
    reader: new CheckReader(
      api,
      github.callFailed,
      countedContexts(settings.fixChecksStatuses, settings.docsCheck.statusContext ?? ''),
      (message) => deps.log.notice(message)
    ),
    sticky: stickyMarker(`${deps.run.workflow}/${deps.run.job}`)
  }
}
