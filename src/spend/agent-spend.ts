import { messageOf } from '../errors.js'
import { GitHubError } from '../github/errors.js'
import { ApiError } from '../mintlify/errors.js'
import { stripPeriod } from '../text.js'
import type { GitHubApi } from '../github/api.js'
import type { Repo } from '../github/event.js'
import type { ClaimResult, SpendLedger, WindowCount } from './ledger.js'
import type { SpendLimit } from './limit.js'
import { OverBudget, overBudgetText } from './over-budget.js'
import type { SpendWindow } from './window.js'

/**
 * The spend limit as the docs API client sees it: every agent request (a job, a follow-up, an automation
 * trigger) claims first, on the one path they all take (mintlify/client.ts). A claim that the answer
 * says created nothing is freed; retries of one request reuse its claim.
 */
export interface AgentSpend {
  /** A slot for one agent request; rejects with OverBudget, or with the ledger's failure (the run fails closed). */
  claim(): Promise<SpendClaim>
}

export interface SpendClaim {
  /** Gives the slot back: the request created nothing. */
  free(): Promise<void>
}

/**
 * One agent request, the only way the docs API client sends one: a slot claimed first, freed when the
 * answer says nothing was created (a 4xx, a refused connection, the request budget spent before sending),
 * kept wherever the request may have been taken (a timeout, a reset, a 5xx). Retries happen inside `send`,
 * so they reuse the claim.
 */
export async function spent<T>(spend: AgentSpend, send: () => Promise<T>): Promise<T> {
  const claim = await spend.claim()
  try {
    return await send()
  } catch (error) {
    if (!(error instanceof ApiError && error.uncertain)) await claim.free()
    throw error
  }
}

/** No spend limit: every claim is granted at once, and nothing is written. */
export const NO_SPEND_LIMIT: AgentSpend = { claim: () => Promise.resolve({ free: () => Promise.resolve() }) }

/** What the run knows of the ledger at its end, for the summary and the `spend` output. */
export interface SpendAccount {
  limit: SpendLimit
  ledger: string
  /** Null when the ledger failed before any list. */
  window: SpendWindow | null
  /** The larger of the slots seen listed and this run's own slot plus one. */
  used: number
  /** This run's agent requests not sent for the limit. */
  refused: number
  /** The run's first agent request was refused: its outcome is `over-budget`. */
  firstRefused: OverBudget | null
  /** The ledger could not be used: the run fails closed, with this sentence. */
  failure: Error | null
}

/** The ledger read without a claim (`report`, a dry run): its counts, or why it could not be read. */
export interface SpendLook {
  limit: SpendLimit
  ledger: string
  /** Null when the ledger could not be read. */
  current: WindowCount | null
  /** Null when not asked for, or the ledger could not be read. */
  previous: WindowCount | null
  /** One sentence naming spend-limit and the ledger: a warning, never the run's failure (a look claims nothing). */
  failure: string | null
}

/** The spend limit of one run: one ledger, its claims counted, a ledger failure kept so that no later request is sent. */
export class RunSpend implements AgentSpend {
  private claims = 0
  private refused = 0
  private firstRefused: OverBudget | null = null
  private failure: Error | null = null
  private seen: { window: SpendWindow; used: number } | null = null
  private readWithoutClaim = false

  constructor(
    private readonly limit: SpendLimit,
    /** `owner/name`, as the texts name it. */
    private readonly ledgerName: string,
    private readonly ledger: () => Promise<SpendLedger>
  ) {}

  async claim(): Promise<SpendClaim> {
    if (this.failure) throw this.failure
    const first = this.claims++ === 0
    let ledger: SpendLedger
    let result: ClaimResult
    try {
      ledger = await this.ledger()
      result = await ledger.claim()
    } catch (error) {
      this.failure = this.closed(error)
      throw this.failure
    }
    this.seen = { window: result.window, used: Math.max(this.seen?.used ?? 0, result.used) }
    if (result.kind === 'claimed') {
      const { ref } = result
      return { free: () => ledger.free(ref) }
    }
    const { window, used, exhausted, tries } = result
    const refusal = new OverBudget(
      overBudgetText({ limit: this.limit.limit, ledger: this.ledgerName, window, used, exhausted, tries }),
      window
    )
    this.refused++
    if (first) this.firstRefused = refusal
    throw refusal
  }

  /**
   * The ledger's counts without a claim: the current window's list, and with `previous` the previous
   * window's. Creates and deletes nothing; a ledger that cannot be read is a sentence, not a failure.
   */
  async look(previous: boolean): Promise<SpendLook> {
    this.readWithoutClaim = true
    const base = { limit: this.limit, ledger: this.ledgerName }
    try {
      const counts = await (await this.ledger()).count(previous)
      return { ...base, ...counts, failure: null }
    } catch (error) {
      const limit = `spend-limit ${this.limit.limit}/${this.limit.kind}`
      const why = stripPeriod(messageOf(error)).replace(/^Could not/, 'could not')
      const failure = `${limit} cannot read the ledger ${this.ledgerName}, so its counts are not shown: ${why}; ${this.needs(error, 'read')}.`
      return { ...base, current: null, previous: null, failure }
    }
  }

  /** Whether the ledger was read without a claim in this run (look). */
  get looked(): boolean {
    return this.readWithoutClaim
  }

  /** Null when the run made no claim (no agent request, a dry run). */
  account(): SpendAccount | null {
    if (this.claims === 0) return null
    return {
      limit: this.limit,
      ledger: this.ledgerName,
      window: this.seen?.window ?? null,
      used: this.seen?.used ?? 0,
      refused: this.refused,
      firstRefused: this.firstRefused,
      failure: this.failure
    }
  }

  /** Fails closed: one sentence naming spend-limit, the ledger and what it needs. */
  private closed(error: unknown): Error {
    const limit = `spend-limit ${this.limit.limit}/${this.limit.kind}`
    const why = stripPeriod(messageOf(error)).replace(/^Could not/, 'could not')
    return new Error(
      `${limit} cannot claim a slot in the ledger ${this.ledgerName}, so no agent request was sent: ${why}; ${this.needs(error, 'claim')}.`
    )
  }

  private needs(error: unknown, to: 'claim' | 'read'): string {
    const status = error instanceof GitHubError ? error.status : null
    if (status === 409) return `the ledger repository is empty: push a first commit to ${this.ledgerName}`
    if (to === 'read') {
      if (status === 403 || status === 404)
        return `spend-token needs contents: read on ${this.ledgerName} to count (contents: write to claim; see docs/agent-jobs.md)`
      return 'a run that claims fails closed on the same answer'
    }
    if (status === 422) return `the slots must point at a commit of ${this.ledgerName}'s default branch`
    if (status === 403 || status === 404)
      return `spend-token needs contents: write on ${this.ledgerName} (a fork's read-only token cannot claim; see docs/agent-jobs.md)`
    return 'the run sends no agent request it could not claim'
  }
}

/** What a run's spend limit is made of: its repository (the ledger's default), GitHub, the clock, the log. */
export interface RunSpendMeans {
  /** The workflow's repository; null outside a workflow (no GITHUB_REPOSITORY). */
  repo: Repo | null
  connectGitHub: (token: string, repo: Repo) => Promise<GitHubApi>
  now: () => number
  warn: (message: string) => void
}

/** The run's spend limit, or null without `spend-limit`. GitHub is connected (and the ledger loaded) at the first claim or look only. */
export function runSpendOf(limit: SpendLimit | null, means: RunSpendMeans): RunSpend | null {
  if (!limit) return null
  const repo = limit.ledger ?? means.repo
  let ledger: Promise<SpendLedger> | null = null
  const connect = async (): Promise<SpendLedger> => {
    if (!repo) throw new Error('The run knows no repository of its own (GITHUB_REPOSITORY is not set): name one in spend-ledger')
    // The ledger's code is loaded with GitHub's, by the first claim or look: a run without either parses neither.
    const [{ SpendLedger }, api] = await Promise.all([import('./ledger.js'), means.connectGitHub(limit.token, repo)])
    return new SpendLedger(api.gitRefs, { limit: limit.limit, kind: limit.kind, now: means.now, warn: means.warn })
  }
  return new RunSpend(limit, repo ? `${repo.owner}/${repo.repo}` : '(none)', () => (ledger ??= connect()))
}
