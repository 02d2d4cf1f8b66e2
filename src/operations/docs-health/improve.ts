import { judgeQuiet, type OperationResult } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import { operationResultOf, runAgentOperation } from '../agent/run.js'
import type { OperationDeps } from '../operation.js'
import { DEFAULT_IMPROVE_PROMPT, hasFindings, type HealthReport, renderFindingsBlock } from './health-report.js'
import type { ImproveInputs } from './inputs.js'
import { healthOutputs } from './outputs.js'
import { readHealth, renderHealth } from './run.js'

/**
 * `improve`: the docs-health report, then one agent job whose prompt is `prompt` (or the default
 * instruction) followed by the report's findings, marked as reader data; waited on and reported like
 * `job`. Summaries and comments show the findings as counts unless `show-reader-text` is on: the agent
 * gets the words, the repository's readers do not. The outputs are the report's, then the job's; the
 * summary is the job's, then the report's.
 */
export async function runImproveOperation(settings: Settings<ImproveInputs>, deps: OperationDeps): Promise<OperationResult> {
  const health = await readHealth(settings, deps)
  const reportOutputs = healthOutputs(health)
  const reportSummary = renderHealth(health, settings.showReaderText)
  // A dry run or a failed report starts no job: the report is the result.
  if (health.report === null) return { verdict: health.verdict, outputs: reportOutputs, summary: reportSummary }
  deps.publish(reportOutputs)
  const job = hasFindings(health.report)
    ? await improveJob(health.report, settings, deps)
    : operationResultOf({
        verdict: judgeQuiet('skipped', 'The report found nothing readers struggled with in the range: no agent job was started.'),
        job: null,
        commentUrl: null
      })
  return { ...job, outputs: { ...reportOutputs, ...job.outputs }, summary: `${job.summary}\n${reportSummary}` }
}

function improveJob(report: HealthReport, settings: Settings<ImproveInputs>, deps: OperationDeps): Promise<OperationResult> {
  const instruction = settings.prompt || DEFAULT_IMPROVE_PROMPT
  const sent = `${instruction}\n\n${renderFindingsBlock(report, true)}`
  const shown = settings.showReaderText ? sent : `${instruction}\n\n${renderFindingsBlock(report, false)}`
  const source = `${settings.prompt ? settings.promptSource : 'the default instruction'} and the report's findings`
  return runAgentOperation({ ...settings, prompt: sent, promptSource: source }, 'job', deps, () => shown)
}
