import { failure, success, type Verdict } from '../../outcome.js'
import { plural } from '../../markdown.js'
import type { SweptPull } from './carry-out.js'
import type { ListedPull } from './facts.js'
import { type Decision, DECISIONS } from './plan.js'

/** A sweep for the report stage: what was listed, what each visited pull request got, and what waits. */
export interface SweepReport {
  repository: string
  /** Agent pull requests listed (null: the list could not be read). */
  listed: number | null
  swept: SweptPull[]
  leftForLater: ListedPull[]
  verdict: Verdict
}

/** How many pull requests a headline names before "and N more". */
const NAMED = 10

/**
 * `swept` when every listed pull request was visited in this run; `partial` (a notice) naming those left
 * for later runs; a dry run's `dry-run`, which read no job and wrote nothing.
 */
export function judgeSweep(report: Omit<SweepReport, 'verdict'>, dryRun: boolean): Verdict {
  const { repository, swept, leftForLater } = report
  const listed = report.listed ?? 0
  const tally = tallyText(swept)
  if (dryRun)
    return success(
      'dry-run',
      'notice',
      `Dry run: would look after ${swept.length} of ${plural(listed, 'open agent pull request')} in ${repository} (${tally}); no job was read and nothing was written.`
    )
  if (listed === 0)
    return success('swept', 'success', `No open pull request with the agent's label in ${repository}: nothing to look after.`)
  if (leftForLater.length === 0)
    return success(
      'swept',
      'success',
      `Looked after every one of the ${plural(listed, 'open agent pull request')} in ${repository}: ${tally}.`
    )
  const named = leftForLater.slice(0, NAMED).map((pull) => `#${pull.number}`)
  const more = leftForLater.length > NAMED ? ` and ${leftForLater.length - NAMED} more` : ''
  return success(
    'partial',
    'notice',
    `Looked after ${swept.length} of ${plural(listed, 'open agent pull request')} in ${repository} (${tally}); left for later runs: ${named.join(', ')}${more}.`
  )
}

/** The sweep could not go on: the list could not be read, or the file not written. */
export function judgeSweepFailed(reason: string): Verdict {
  return failure('failed', reason)
}

/** Each decision's count, every decision named (0 included). */
export function countDecisions(swept: readonly SweptPull[]): Record<Decision, number> {
  const counts = Object.fromEntries(DECISIONS.map((decision) => [decision, 0])) as Record<Decision, number>
  for (const pull of swept) counts[pull.decision]++
  return counts
}

function tallyText(swept: readonly SweptPull[]): string {
  const counts = countDecisions(swept)
  const shown = DECISIONS.filter((decision) => counts[decision] > 0).map((decision) => `${counts[decision]} ${decision}`)
  return shown.length > 0 ? shown.join(', ') : 'none visited'
}
