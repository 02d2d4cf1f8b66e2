import type { RunContext } from '../github/event.js'
import { DEFAULT_IMPROVE_PROMPT, hasFindings, renderFindingsBlock } from '../health/report.js'
import { judgeQuiet } from '../outcome.js'
import type { Settings } from '../settings.js'
import { runAgentWorkflow, type WorkflowDeps, type WorkflowResult } from './agent-workflow.js'
import type { HealthRun } from './report.js'

/**
 * `improve`: one agent job whose prompt is `prompt` (or the default instruction) followed by the report's
 * findings, marked as reader data; waited on and reported like `job`. Summaries and comments show the
 * findings as counts unless `show-reader-text` is on: the agent gets the words, the repository's readers do not.
 */
export async function runImprove(health: HealthRun, settings: Settings, run: RunContext, deps: WorkflowDeps): Promise<WorkflowResult> {
  const report = health.report
  if (!report || !hasFindings(report))
    return {
      verdict: judgeQuiet('skipped', 'The report found nothing readers struggled with in the range: no agent job was started.'),
      job: null,
      commentUrl: null
    }
  const instruction = settings.prompt || DEFAULT_IMPROVE_PROMPT
  const sent = `${instruction}\n\n${renderFindingsBlock(report, true)}`
  const shown = settings.showReaderText ? sent : `${instruction}\n\n${renderFindingsBlock(report, false)}`
  const source = `${settings.prompt ? settings.promptSource : 'the default instruction'} and the report's findings`
  return runAgentWorkflow({ ...settings, prompt: sent, promptSource: source }, 'job', run, { ...deps, showPrompt: () => shown })
}
