/**
 * The inputs of `automation`: `automation-trigger` (schedule, the default, or webhook) and `automation-id`,
 * an id or the whole webhook URL the dashboard offers, whose project must be project-id's.
 */
import { describe, expect, it } from '@jest/globals'
import { InputError, inputErrorsOf } from '../../../src/errors.js'
import { readAutomationInputs } from '../../../src/operations/automation/inputs.js'
import type { AutomationInputs } from '../../../src/operations/automation/inputs.js'

const ID = '0123456789abcdef01234567'
const URL_OF = (project: string, id = ID): string => `https://api.mintlify.com/v2/workflow/${project}/${id}/webhook`
const ENV = { eventName: 'workflow_dispatch', workspace: '/tmp', now: 0 }

function read(inputs: Record<string, string>): AutomationInputs {
  const all: Record<string, string> = { 'project-id': 'acme-docs', ...inputs }
  return readAutomationInputs((name) => all[name] ?? '', ENV, [])
}

/** The sentences of the input errors reading `inputs` throws, each with the input it names. */
function refusals(inputs: Record<string, string>): [string, string][] {
  try {
    read(inputs)
  } catch (error) {
    if (error instanceof InputError) return inputErrorsOf(error).map((one) => [one.input, one.message])
    throw error
  }
  throw new Error('the inputs were accepted')
}

describe('automation-trigger', () => {
  it('defaults to schedule', () => {
    expect(read({ 'automation-id': ID })).toEqual({ automationId: ID, trigger: 'schedule' })
  })

  it.each([
    ['schedule', 'schedule'],
    ['webhook', 'webhook'],
    [' Webhook ', 'webhook']
  ])('takes %p as %s', (given, trigger) => {
    expect(read({ 'automation-id': ID, 'automation-trigger': given })).toEqual({ automationId: ID, trigger })
  })

  it.each(['cron', 'webhooks', 'manual'])('refuses %p, naming the input and its two words', (given) => {
    expect(refusals({ 'automation-id': ID, 'automation-trigger': given })).toEqual([
      ['automation-trigger', `Input 'automation-trigger' must be one of schedule, webhook; got '${given}'.`]
    ])
  })

  it('is told together with a bad automation-id', () => {
    expect(refusals({ 'automation-id': 'a b', 'automation-trigger': 'cron' }).map(([input]) => input)).toEqual([
      'automation-trigger',
      'automation-id'
    ])
  })
})

describe('automation-id as the webhook URL the dashboard offers', () => {
  it('reads the automation id and implies the webhook trigger', () => {
    expect(read({ 'automation-id': URL_OF('acme-docs') })).toEqual({ automationId: ID, trigger: 'webhook' })
  })

  it('implies the webhook trigger whatever automation-trigger says (its default is schedule)', () => {
    expect(read({ 'automation-id': URL_OF('acme-docs'), 'automation-trigger': 'schedule' }).trigger).toBe('webhook')
  })

  it('takes a trailing slash and surrounding whitespace, and decodes the path segments', () => {
    expect(read({ 'automation-id': ` ${URL_OF('acme-docs')}/ ` }).automationId).toBe(ID)
    expect(read({ 'project-id': 'acme docs', 'automation-id': URL_OF('acme%20docs') }).automationId).toBe(ID)
  })

  it("refuses a URL of another project's automation, naming automation-id and both projects", () => {
    expect(refusals({ 'automation-id': URL_OF('other-docs') })).toEqual([
      [
        'automation-id',
        "Input 'automation-id' is the webhook URL of an automation of project other-docs, not of project-id acme-docs: copy the URL from the dashboard of project acme-docs, or set project-id to the URL's project."
      ]
    ])
  })

  it.each([
    ['the schedule trigger path', `https://api.mintlify.com/v1/workflow/acme-docs/${ID}/trigger`],
    ['a path with more segments', `https://api.mintlify.com/v2/workflow/acme-docs/x/${ID}/webhook`],
    ['a query', `${URL_OF('acme-docs')}?token=1`],
    ['a fragment', `${URL_OF('acme-docs')}#run`],
    ['no automation', 'https://api.mintlify.com/v2/workflow/acme-docs//webhook'],
    ['a broken escape', 'https://api.mintlify.com/v2/workflow/acme-docs/%E0%A4%A/webhook'],
    ['no host', 'https:///v2/workflow/acme-docs/x/webhook']
  ])('refuses a URL with %s, naming automation-id and the form it takes', (_what, url) => {
    const [[input, message] = ['', '']] = refusals({ 'automation-id': url })
    expect(input).toBe('automation-id')
    expect(message).toMatch(
      /^Input 'automation-id' must be an automation id or the webhook URL its settings panel on the Automations page of the Mintlify dashboard offers \(https:\/\/api\.mintlify\.com\/v2\/workflow\/<project id>\/<automation id>\/webhook\); got '/
    )
  })

  it('refuses an automation id in the URL that holds a character an id cannot', () => {
    expect(refusals({ 'automation-id': URL_OF('acme-docs', 'a%2Fb') })).toEqual([
      [
        'automation-id',
        "Input 'automation-id' must be an automation id without spaces, slashes, '?', '#' or '%', as its settings panel on the Automations page of the Mintlify dashboard shows it."
      ]
    ])
  })

  it.each(['.', '..'])('refuses %j as an id: in the request path it would name another path of the API', (id) => {
    expect(refusals({ 'automation-id': id })).toEqual([
      ['automation-id', `Input 'automation-id' is '${id}', which names no automation: give the automation's id.`]
    ])
  })

  it('leaves the project check to project-id when project-id is empty (its own error says so)', () => {
    expect(read({ 'project-id': '', 'automation-id': URL_OF('acme-docs') })).toEqual({ automationId: ID, trigger: 'webhook' })
  })
})
