import { type AutomationTrigger, DEPLOYMENT_PATHS } from '../../mintlify/deployment.js'
import { judgeWouldSend, success, type Verdict } from '../../outcome.js'
import type { AutomationTriggerKind } from './inputs.js'

/** An automation run for the report stage. */
export interface AutomationReport {
  automationId: string
  /** The kind of the automation's trigger (`automation-trigger`), which chose the endpoint. */
  kind: AutomationTriggerKind
  /** The trigger's answer; null when nothing was triggered (it failed, or a dry run). */
  trigger: AutomationTrigger | null
  verdict: Verdict
}

/** A queued automation run: a success with a notice, since nothing documents how to follow it from here. */
export function judgeAutomation(trigger: AutomationTrigger, automationId: string): Verdict {
  const run = trigger.instanceId ? `as run ${trigger.instanceId}` : '(the API named no run id)'
  return success(
    'started',
    'notice',
    `Automation ${automationId} is queued ${run}: follow it in the run history on the Automations page of the Mintlify dashboard.`
  )
}

/** A dry run of the trigger: the request that would be sent, and that nothing was. */
export function judgeAutomationDryRun(projectId: string, automationId: string, kind: AutomationTriggerKind): Verdict {
  const path = kind === 'webhook' ? DEPLOYMENT_PATHS.webhook(projectId, automationId) : DEPLOYMENT_PATHS.automation(projectId, automationId)
  const what = kind === 'webhook' ? `a run of automation ${automationId} by its webhook trigger` : `a run of automation ${automationId} now`
  return judgeWouldSend(`send POST ${path} (${what})`)
}
