import type { Clock } from '../../clock.js'
import type { GitHubApi } from '../../github/api.js'
import type { GitHubAccess } from '../../github/connection.js'
import type { Repo, RunContext } from '../../github/event.js'
import type { DocsApiClient } from '../../mintlify/client.js'
import type { Verdict } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import type { OperationLog } from '../operation.js'
import type { CommentRecords } from './comment-records.js'
import type { AgentInputs } from './inputs.js'
import type { JobReport } from './verdicts.js'

/**
 * What an agent run works with, as one value: what the operation hands it (`WorkflowDeps`), and what the
 * run makes of it once (`RunMeans`). Every read and every write of the run takes this one value.
 */

export type WorkflowLog = OperationLog

/** What the operation hands the agent run. */
export interface WorkflowDeps {
  client: DocsApiClient
  clock: Clock
  signal: AbortSignal
  log: WorkflowLog
  /** Epoch ms when waiting must end: run start + timeout. */
  deadline: number
  connectGitHub: (token: string, repo: Repo) => Promise<GitHubApi>
  /** Sets the outputs; called before the last GitHub calls, so a hanging GitHub cannot lose them. */
  publish: (result: WorkflowResult) => void
  /** What summaries and comments show of the prompt sent (improve: reader text as counts); default: all of it. */
  showPrompt?: (prompt: string) => string
}

/** What the run ends with: the verdict, the job report when a job was involved, the status comment, the docs check's last status. */
export interface WorkflowResult {
  verdict: Verdict
  job: JobReport | null
  commentUrl: string | null
  docsState?: string | null
}

/** The run's means: its settings, where it runs, GitHub on first need, and the key its records are signed with. */
export interface RunMeans extends WorkflowDeps {
  settings: Settings<AgentInputs>
  run: RunContext
  github: GitHubAccess
  /** Derived once from the API key, for every comment this run reads or writes. */
  records: CommentRecords
}
