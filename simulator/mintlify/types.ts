// Public types of the fake agent jobs (POST/GET /v2/agent/{projectId}/job, …/message).

export type JobOutcome = 'pr' | 'no-changes' | 'failed' | 'archived' | 'archived-with-pr' | 'never' | 'unknown-status'

export interface JobScript {
  outcome: JobOutcome
  /** Number of GETs that still see the job running before the final state. Default 2. */
  afterPolls?: number
  /** Extra fields merged into the final record, e.g. { error: 'Agent crashed' }. */
  extra?: Record<string, unknown>
  /** Records carry only `id` and `status` (plus `extra` once final), to test tolerant parsing. */
  minimal?: boolean
}

export interface SimJob {
  id: string
  projectId: string
  /** The prompt the job was created with. */
  prompt: string
  /** Prompts of the follow-up messages, in order. */
  messages: string[]
  /** Number of GETs of this job so far (all rounds). */
  polls: number
  /** The script the job currently follows (replaced by each follow-up message). */
  script: JobScript
  /** The current API record (does not count as a poll). */
  record(): Record<string, unknown>
}
