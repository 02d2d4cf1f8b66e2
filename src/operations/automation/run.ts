import { judgeStartFailure, type OperationResult } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import type { OperationDeps } from '../operation.js'
import type { AutomationInputs } from './inputs.js'
import { automationOutputs } from './outputs.js'
import { renderAutomationSummary } from './summary.js'
import { type AutomationReport, judgeAutomation, judgeAutomationDryRun } from './verdicts.js'

/**
 * `automation`: runs a custom-schedule automation now and reports the queued run. `wait` does not apply:
 * nothing documents how to follow a run through the API, and `jobId` is not documented as an agent job,
 * so the action says where to follow it (the dashboard's Automations page) instead of guessing.
 */
export async function runAutomationOperation(settings: Settings<AutomationInputs>, deps: OperationDeps): Promise<OperationResult> {
  const { projectId, automationId } = settings
  const report = (partial: Omit<AutomationReport, 'automationId'>): OperationResult => {
    const full = { automationId, ...partial }
    return { verdict: full.verdict, outputs: automationOutputs(full), summary: renderAutomationSummary(full) }
  }
  if (settings.dryRun) return report({ trigger: null, verdict: judgeAutomationDryRun(projectId, automationId) })
  deps.log.info(`Triggering automation ${automationId} of project ${projectId}.`)
  try {
    const trigger = await deps.client().triggerAutomation(projectId, automationId)
    return report({ trigger, verdict: judgeAutomation(trigger, automationId) })
  } catch (error) {
    return report({ trigger: null, verdict: judgeStartFailure(error, deps.signal.aborted) })
  }
}
