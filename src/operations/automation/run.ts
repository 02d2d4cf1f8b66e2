import { judgeStartFailure, type OperationResult } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import type { OperationDeps } from '../operation.js'
import type { AutomationInputs } from './inputs.js'
import { automationOutputs } from './outputs.js'
import { renderAutomationSummary } from './summary.js'
import { type AutomationReport, judgeAutomation, judgeAutomationDryRun } from './verdicts.js'

/**
 * `automation`: runs an automation now, by the endpoint of its trigger's kind (a custom schedule's, or a
 * webhook's), and reports the queued run. `wait` does not apply: nothing documents how to follow a run
 * through the API, and `jobId` is not documented as an agent job, so the action says where to follow it
 * (the dashboard's Automations page) instead of guessing.
 */
export async function runAutomationOperation(settings: Settings<AutomationInputs>, deps: OperationDeps): Promise<OperationResult> {
  const { projectId, automationId, trigger: kind } = settings
  const report = (partial: Omit<AutomationReport, 'automationId' | 'kind'>): OperationResult => {
    const full = { automationId, kind, ...partial }
    return { verdict: full.verdict, outputs: automationOutputs(full), summary: renderAutomationSummary(full) }
  }
  if (settings.dryRun) return report({ trigger: null, verdict: judgeAutomationDryRun(projectId, automationId, kind) })
  const by = kind === 'webhook' ? ' by its webhook trigger' : ''
  deps.log.info(`Triggering automation ${automationId} of project ${projectId}${by}.`)
  try {
    const client = deps.client()
    const trigger =
      kind === 'webhook'
        ? await client.triggerAutomationWebhook(projectId, automationId)
        : await client.triggerAutomation(projectId, automationId)
    return report({ trigger, verdict: judgeAutomation(trigger, automationId) })
  } catch (error) {
    return report({ trigger: null, verdict: judgeStartFailure(error, deps.signal.aborted) })
  }
}
