import { messageOf } from '../../errors.js'
import { writeJsonFile } from '../../files.js'
import type { OperationResult } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import type { OperationDeps } from '../operation.js'
import { carryOutSweep } from './carry-out.js'
import type { SweepFacts } from './facts.js'
import type { SweepInputs } from './inputs.js'
import { connectSweep } from './means.js'
import { sweepOutputs } from './outputs.js'
import { planSweep } from './plan.js'
import { readMergeableAgain, readSweepFacts } from './read.js'
import { Budget } from './rotation.js'
import { renderSweepSummary } from './summary.js'
import { sweepFile } from './sweep-file.js'
import { judgeSweep, judgeSweepFailed, type SweepReport } from './verdicts.js'

/**
 * `sweep`: looks after the agent's open pull requests in the docs repository, on a schedule or a dispatch
 * (the trust gate skips it under a comment, review or label). Read, decide, carry out: the facts within
 * `operations-per-run` (read.ts), one pure plan (plan.ts), one executor (carry-out.ts); then the file, the
 * summary and the outputs. The token's identity, which says whose records count, is read before the list.
 */
export async function runSweep(settings: Settings<SweepInputs>, deps: OperationDeps): Promise<OperationResult> {
  const means = await connectSweep(settings, deps)
  const repository = `${means.api.repo.owner}/${means.api.repo.repo}`
  const budget = new Budget(settings.operationsPerRun)
  let facts: SweepFacts
  let identity: string
  try {
    identity = await means.api.tokenLogin()
    facts = await readSweepFacts(means, budget)
  } catch (error) {
    const verdict = judgeSweepFailed(`The agent's pull requests in ${repository} could not be listed: ${messageOf(error)}`)
    return result({ repository, listed: null, swept: [], leftForLater: [], verdict }, null, deps)
  }
  // A first plan settles what each visit's writes need; where a decision waits on `mergeable`, it is read
  // again with what the others do not need, and the plan is made once more.
  const planSettings = { ...settings, identity }
  facts = await readMergeableAgain(facts, planSweep(facts, planSettings), means, budget)
  const plan = planSweep(facts, planSettings)
  const swept = await carryOutSweep(plan, means, budget)
  const partial = { repository, listed: facts.listed, swept, leftForLater: facts.leftForLater }
  const verdict = judgeSweep(partial, settings.dryRun)
  if (settings.dryRun) return result({ ...partial, verdict }, null, deps)
  try {
    await writeJsonFile(settings, sweepFile(facts, swept, deps.run.runNumber))
  } catch (error) {
    return result({ ...partial, verdict: judgeSweepFailed(messageOf(error)) }, null, deps)
  }
  return result({ ...partial, verdict }, settings.outputFile, deps)
}

function result(report: SweepReport, file: string | null, deps: OperationDeps): OperationResult {
  return { verdict: report.verdict, outputs: sweepOutputs(report, file), summary: renderSweepSummary(report, deps.clock.now()) }
}
