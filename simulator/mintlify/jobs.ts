// The life of one fake agent job, driven by a JobScript and advanced by polls.
import type { JobScript, SimJob } from './types.js'

export const DEFAULT_JOB_SCRIPT: JobScript = { outcome: 'pr', afterPolls: 2 }
export const DEFAULT_MESSAGE_SCRIPT: JobScript = { outcome: 'pr', afterPolls: 1 }
const DEFAULT_AFTER_POLLS = 2
const MODEL = 'claude-sonnet-4-5'

export interface JobContext {
  repository: string
  /** Hands out the next pull-request URL of the agent's repository. */
  nextPrLink(): string
}

export class Job implements SimJob {
  readonly messages: string[] = []
  polls = 0
  script: JobScript

  private status = 'active'
  private ref: string | null = null
  private prLink: string | null = null
  private archivedAt: string | null = null
  private final = false
  /** Polls left in the current round that still see the job running. */
  private pollsLeft: number
  private readonly createdAt = new Date().toISOString()

  constructor(
    readonly id: string,
    readonly projectId: string,
    readonly prompt: string,
    script: JobScript,
    private readonly context: JobContext
  ) {
    this.script = script
    this.pollsLeft = afterPollsOf(script)
  }

  /** A GET: counts the poll, moves the job along its script, and returns what that GET sees. */
  poll(): Record<string, unknown> {
    this.polls++
    if (!this.final) {
      // The agent has picked the job up: it now works on its own branch.
      this.ref ??= `mintlify/docs-agent-${this.id}`
      if (this.script.outcome === 'never' || this.pollsLeft > 0) {
        this.pollsLeft = Math.max(0, this.pollsLeft - 1)
        this.status = this.script.outcome === 'unknown-status' ? 'paused' : 'active'
      } else {
        this.finish()
      }
    }
    return this.record()
  }

  /** A follow-up message: the job runs again under a new script; an existing prLink stays. */
  followUp(prompt: string, script: JobScript): void {
    this.messages.push(prompt)
    this.script = script
    this.pollsLeft = afterPollsOf(script)
    this.final = false
    this.status = 'active'
    this.archivedAt = null
  }

  record(): Record<string, unknown> {
    const extra = this.final ? (this.script.extra ?? {}) : {}
    if (this.script.minimal) return { id: this.id, status: this.status, ...extra }
    return {
      id: this.id,
      status: this.status,
      source: { repository: this.context.repository, ref: this.ref },
      model: MODEL,
      prLink: this.prLink,
      createdAt: this.createdAt,
      archivedAt: this.archivedAt,
      ...extra
    }
  }

  private finish(): void {
    this.final = true
    const outcome = this.script.outcome
    switch (outcome) {
      case 'pr':
      case 'unknown-status':
        this.status = 'completed'
        this.prLink ??= this.context.nextPrLink()
        break
      case 'no-changes':
        this.status = 'completed'
        break
      case 'failed':
        this.status = 'failed'
        break
      case 'archived':
      case 'archived-with-pr':
        this.status = 'archived'
        this.archivedAt = new Date().toISOString()
        if (outcome === 'archived-with-pr') this.prLink ??= this.context.nextPrLink()
        break
      case 'never':
        // Unreachable: poll() keeps 'never' jobs running.
        break
    }
  }
}

function afterPollsOf(script: JobScript): number {
  return Math.max(0, Math.floor(script.afterPolls ?? DEFAULT_AFTER_POLLS))
}
