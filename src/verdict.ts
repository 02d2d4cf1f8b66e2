/**
 * The words a run ends with, below everything that shows them (markdown.ts, outcome.ts): the outcome word
 * and the verdict, how the step ends. outcome.ts builds and publishes them.
 */

/** The `outcome` output: one word for `if:` conditions. */
export const OUTCOMES = [
  'pr-opened',
  'no-changes',
  'failed',
  'archived',
  'timed-out',
  'cancelled',
  'started',
  'skipped',
  'noted',
  'swept',
  'denied',
  'dry-run',
  'exported',
  'partial',
  'reported',
  'deployed',
  'over-budget'
] as const
export type Outcome = (typeof OUTCOMES)[number]

/** How the step ends: `notice` and `warning` succeed with an annotation; `failure` fails the step. */
export type StepResult = 'success' | 'notice' | 'warning' | 'failure'

export interface Verdict {
  outcome: Outcome
  result: StepResult
  /** One sentence for the log, summary and comment. */
  headline: string
  /** Plain text, set whenever the outcome is not a success. */
  failureReason: string
}
