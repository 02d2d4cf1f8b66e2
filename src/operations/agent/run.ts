import { resultOutputs, type OperationResult } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import type { OperationDeps } from '../operation.js'
import type { AgentInputs } from './inputs.js'
import { jobOutputs } from './outputs.js'
import { renderJobSummary, renderNoticeSummary } from './summary.js'
import type { JobAction } from './verdicts.js'
import { runAgentWorkflow } from './carry-out/executor.js'
import type { WorkflowResult } from './means.js'

/** `job` and `message` (and the job of `improve`): the agent workflow, as an operation's result. */
export async function runAgentOperation(
  settings: Settings<AgentInputs>,
  action: JobAction,
  deps: OperationDeps,
  showPrompt?: (prompt: string) => string
): Promise<OperationResult> {
  const result = await runAgentWorkflow(settings, action, deps.run, {
    client: deps.client(),
    clock: deps.clock,
    signal: deps.signal,
    log: deps.log,
    deadline: deps.deadline,
    connectGitHub: deps.connectGitHub,
    publish: (partial) => deps.publish(resultOutputs(operationResultOf(partial))),
    ...(showPrompt ? { showPrompt } : {})
  })
  return operationResultOf(result)
}

/** The outputs and summary of an agent run (or of the notice that none ran). */
export function operationResultOf(result: WorkflowResult): OperationResult {
  const outputs = result.job ? jobOutputs(result.job) : { outcome: result.verdict.outcome, 'failure-reason': result.verdict.failureReason }
  return {
    verdict: result.verdict,
    // The docs check's commit status written last; empty when none was.
    outputs: { ...outputs, 'docs-state': result.docsState ?? '' },
    summary: result.job ? renderJobSummary(result.job) : renderNoticeSummary(result.verdict),
    statusComment: result.commentUrl
  }
}
