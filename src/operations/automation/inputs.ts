import { collectInputErrors, InputError } from '../../errors.js'
import { type InputReader, oneOf } from '../../inputs.js'
import type { InputsReader } from '../../settings.js'
import { clipText } from '../../text.js'

/**
 * Mintlify's two kinds of automation trigger, each on its own endpoint: `schedule` runs a custom-schedule
 * automation now (`POST /v1/workflow/…/trigger`), `webhook` queues a run of a custom automation whose
 * trigger is a webhook (`POST /v2/workflow/…/webhook`). Neither endpoint runs the other kind.
 */
export const AUTOMATION_TRIGGERS = ['schedule', 'webhook'] as const
export type AutomationTriggerKind = (typeof AUTOMATION_TRIGGERS)[number]

/** The inputs of `automation`: which automation to run, and the kind of its trigger. */
export interface AutomationInputs {
  automationId: string
  trigger: AutomationTriggerKind
}

export const readAutomationInputs: InputsReader<AutomationInputs> = (input) =>
  collectInputErrors((field) => {
    const trigger = field(() => oneOf(input, 'automation-trigger', AUTOMATION_TRIGGERS, 'schedule'))
    const target = field(() => readAutomationTarget(input))
    // The webhook URL says which kind it is, whatever `automation-trigger` says (its default is `schedule`).
    return { automationId: target.automationId, trigger: target.fromUrl ? 'webhook' : trigger }
  })

/** The dashboard's webhook URL: `https://api.mintlify.com/v2/workflow/{projectId}/{automationId}/webhook`. */
const WEBHOOK_PATH = /^\/v2\/workflow\/([^/]+)\/([^/]+)\/webhook\/?$/

/** `automation-id`: an id, or the whole webhook URL the dashboard offers (its project checked against `project-id`). */
function readAutomationTarget(input: InputReader): { automationId: string; fromUrl: boolean } {
  const raw = input('automation-id').trim()
  if (!raw)
    throw new InputError(
      'automation-id',
      "Input 'automation-id' is required when operation is 'automation': copy the automation's id from its settings panel on the Automations page of the Mintlify dashboard."
    )
  if (/^https?:\/\//i.test(raw)) return { automationId: readWebhookUrl(raw, input('project-id').trim()), fromUrl: true }
  return { automationId: checkedId(raw), fromUrl: false }
}

/**
 * The automation id of a webhook URL. Only its id is used: the request goes to `base-url` with the admin key,
 * never to the URL's host, so a URL cannot send the key elsewhere.
 */
function readWebhookUrl(raw: string, projectId: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null
  const match = url && !url.search && !url.hash ? WEBHOOK_PATH.exec(url.pathname) : null
  const [project, automation] = [decoded(match?.[1]), decoded(match?.[2])]
  if (project === null || automation === null)
    throw new InputError(
      'automation-id',
      `Input 'automation-id' must be an automation id or the webhook URL its settings panel on the Automations page of the Mintlify dashboard offers (https://api.mintlify.com/v2/workflow/<project id>/<automation id>/webhook); got '${clipText(raw, 100)}'.`
    )
  if (projectId && project !== projectId)
    throw new InputError(
      'automation-id',
      `Input 'automation-id' is the webhook URL of an automation of project ${clipText(project, 100)}, not of project-id ${projectId}: copy the URL from the dashboard of project ${projectId}, or set project-id to the URL's project.`
    )
  return checkedId(automation)
}

function decoded(segment: string | undefined): string | null {
  if (segment === undefined) return null
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

function checkedId(id: string): string {
  // Put in the request's path, `.` and `..` would name another path of the API.
  if (id === '.' || id === '..')
    throw new InputError('automation-id', `Input 'automation-id' is '${id}', which names no automation: give the automation's id.`)
  if (/[\s/?#%]/.test(id))
    throw new InputError(
      'automation-id',
      "Input 'automation-id' must be an automation id without spaces, slashes, '?', '#' or '%', as its settings panel on the Automations page of the Mintlify dashboard shows it."
    )
  return id
}
