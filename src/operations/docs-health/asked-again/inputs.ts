import { InputError } from '../../../errors.js'
import { clip, type InputReader } from '../../../inputs.js'

/** `assistant-key` and `subdomain`: where `report` and `improve` ask the searches again; null when neither is given. */
export interface AskAgainInputs {
  /** An assistant key (`mint_dsc_…`), for the search API only. */
  assistantKey: string
  /** The site's subdomain identifier (`acme` of `acme.mintlify.site`), the search API's `domain`. */
  subdomain: string
}

/** One DNS label: letters, digits and inner hyphens, at most 63 characters. */
const DNS_LABEL = /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/i

/** Both inputs or neither; the key an assistant key, the subdomain one label. The key itself is never shown. */
export function readAskAgainInputs(input: InputReader): AskAgainInputs | null {
  const assistantKey = input('assistant-key').trim()
  const subdomain = input('subdomain').trim()
  if (!assistantKey && !subdomain) return null
  if (!subdomain)
    throw new InputError(
      'subdomain',
      "Input 'subdomain' is required with 'assistant-key': give the site's subdomain identifier (acme of acme.mintlify.site), or leave out assistant-key."
    )
  if (!assistantKey)
    throw new InputError(
      'assistant-key',
      "Input 'assistant-key' is required with 'subdomain': pass an assistant key (mint_dsc_…) from a secret, or leave out subdomain."
    )
  if (!assistantKey.startsWith('mint_dsc_') || /\s/.test(assistantKey))
    throw new InputError(
      'assistant-key',
      `Input 'assistant-key' must be an assistant key (mint_dsc_…, one line) from the API keys page of the Mintlify dashboard${assistantKey.startsWith('mint_') && !assistantKey.startsWith('mint_dsc_') ? '; it holds another kind of key (an admin key is never sent to the search API)' : ''}.`
    )
  if (!DNS_LABEL.test(subdomain))
    throw new InputError(
      'subdomain',
      `Input 'subdomain' must be one DNS label, the site's subdomain identifier (acme of acme.mintlify.site); got '${clip(subdomain)}'.`
    )
  return { assistantKey, subdomain }
}
