import { InputError } from '../../errors.js'
import type { InputsReader } from '../../settings.js'

/** The input of `automation`: which automation to run. */
export interface AutomationInputs {
  automationId: string
}

export const readAutomationInputs: InputsReader<AutomationInputs> = (input) => ({ automationId: readAutomationId(input('automation-id')) })

function readAutomationId(raw: string): string {
  const id = raw.trim()
  if (!id)
    throw new InputError(
      'automation-id',
      "Input 'automation-id' is required when operation is 'automation': copy the automation's id from its settings panel on the Automations page of the Mintlify dashboard."
    )
  if (/[\s/?#%]/.test(id))
    throw new InputError(
      'automation-id',
      "Input 'automation-id' must be an automation id without spaces, slashes, '?', '#' or '%', as its settings panel on the Automations page of the Mintlify dashboard shows it."
    )
  return id
}
