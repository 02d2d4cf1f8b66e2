import type { Clock } from '../clock.js'
import type { GitHubApi } from '../github/api.js'
import type { Repo, RunContext } from '../github/event.js'
import type { DocsApiClient } from '../mintlify/client.js'
import type { SearchClient } from '../mintlify/search.js'
import type { OperationResult } from '../outcome.js'
import type { Settings } from '../settings.js'
import type { SpendLook } from '../spend/agent-spend.js'

/** Where an operation writes its log; every text passes the exit boundary (the key cut) on its way out. */
export interface OperationLog {
  info(message: string): void
  warning(message: string): void
  /** An annotation that stays visible on the run without being a warning. */
  notice(message: string): void
  group<T>(name: string, body: () => Promise<T>): Promise<T>
}

/** What every operation may use: the same for all, so adding an operation adds no wiring to main.ts. */
export interface OperationDeps {
  clock: Clock
  /** Aborted when the workflow is cancelled (SIGINT, SIGTERM). */
  signal: AbortSignal
  /** Epoch ms when everything must end: run start + timeout. */
  deadline: number
  log: OperationLog
  /** Where the run happens: the event, the repository, the run's URL. */
  run: RunContext
  /** A docs API client; `requestBudget` caps its requests, retries included (the analytics quota is paid per request). */
  client: (requestBudget?: number) => DocsApiClient
  /** The search API's client, on the assistant key (and only it); `report` and `improve` ask searches again through it. */
  searchClient: (assistantKey: string) => SearchClient
  connectGitHub: (token: string, repo: Repo) => Promise<GitHubApi>
  /** Sets outputs at once: before the last GitHub calls, so a cancel's forced exit or a hanging GitHub cannot lose them. */
  publish: (outputs: Record<string, string>) => void
  /**
   * A secret learned during the run (a presigned link): masked in the log at once (`core.setSecret`) and cut,
   * as the API key is, from every text that leaves the action and every server text, except `output`: the
   * one output that hands it on.
   */
  mask: (secret: string, output?: string) => void
  /**
   * With `spend-limit`: the ledger's counts, read and never claimed (the current window's, with `previous`
   * the previous one's too), for `report`. Absent without `spend-limit`. Agent requests claim through the client alone.
   */
  spendLook?: (previous: boolean) => Promise<SpendLook>
}

/** One operation: its settings (the common ones and its own inputs) in, one result out. The registry holds each. */
export type RunOperation<Inputs extends object> = (settings: Settings<Inputs>, deps: OperationDeps) => Promise<OperationResult>
