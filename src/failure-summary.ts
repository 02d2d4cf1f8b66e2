import { codeCell, escapeWithLinks, factsTable, ICONS } from './markdown.js'
import { clipText } from './text.js'

/**
 * The job summary of a run that failed before an operation could write its own (bad input, a failure no
 * operation reports itself): the sentences, the outcome, the inputs that matter (never a key: only
 * whether one was given), and the troubleshooting page.
 */

export interface FailureFacts {
  messages: readonly string[]
  outcome: string
  /** The inputs the messages name (bad input); empty for another failure. */
  badInputs: readonly string[]
  /** A step input by name, as the runner passes it. */
  input: (name: string) => string
  env: NodeJS.ProcessEnv
}

export function failureSummary(facts: FailureFacts): string {
  const { input, env } = facts
  const sentences =
    facts.messages.length === 1 ? [escapeWithLinks(facts.messages[0] ?? '')] : facts.messages.map((m) => `- ${escapeWithLinks(m)}`)
  return [
    `### ${ICONS.failure} Docs agent: ${facts.outcome}`,
    '',
    ...sentences,
    '',
    ...factsTable([
      ['Outcome', codeCell(facts.outcome)],
      ['Inputs to fix', facts.badInputs.length > 0 ? [...new Set(facts.badInputs)].map(codeCell).join(', ') : null],
      ['Operation', codeCell(shown(input('operation')) || 'job')],
      ['Event', shown(env.GITHUB_EVENT_NAME ?? '') ? codeCell(shown(env.GITHUB_EVENT_NAME ?? '')) : null],
      ['project-id', projectIdShown(input('project-id'))],
      ['base-url', baseUrlShown(input('base-url'))],
      // The key never: whether one came is what tells a fork's run (no secrets) apart.
      ['api-key', input('api-key').trim() ? 'given (not shown)' : 'empty']
    ]),
    troubleshootingLine(env),
    ''
  ].join('\n')
}

/** The line every failure's summary ends with: the troubleshooting page of the action's own version. */
export function troubleshootingLine(env: NodeJS.ProcessEnv): string {
  return `What to check for each failure, and what to do: [Troubleshooting](${troubleshootingUrl(env)}).`
}

/** Where the action's published troubleshooting page is when the runner does not say which action runs. */
const TROUBLESHOOTING_HOME = 'https://github.com/your-org/docs-agent-action/blob/v1/docs/troubleshooting.md'

/** docs/troubleshooting.md of the action's repository at the ref the workflow uses (`uses: owner/name@ref`). */
export function troubleshootingUrl(env: NodeJS.ProcessEnv): string {
  const repository = env.GITHUB_ACTION_REPOSITORY ?? ''
  const ref = env.GITHUB_ACTION_REF ?? ''
  const server = /^https:\/\/[\w.-]+(?::\d+)?$/.test(env.GITHUB_SERVER_URL ?? '') ? env.GITHUB_SERVER_URL : 'https://github.com'
  if (!/^[\w.-]+\/[\w.-]+$/.test(repository) || !/^[\w.-]+(?:\/[\w.-]+)*$/.test(ref)) return TROUBLESHOOTING_HOME
  return `${server}/${repository}/blob/${ref}/docs/troubleshooting.md`
}

function shown(raw: string): string {
  return clipText(raw.trim().replace(/\s+/g, ' '), 60)
}

/** A project ID as given, unless it looks like a key pasted into the wrong input. */
function projectIdShown(raw: string): string {
  const value = shown(raw)
  if (!value) return 'empty'
  return /^mint_/i.test(value) ? 'looks like a key (not shown)' : codeCell(value)
}

/** The API root as given, without credentials, query or fragment; null for the default. */
function baseUrlShown(raw: string): string | null {
  if (!raw.trim()) return null
  try {
    const url = new URL(raw.trim())
    return codeCell(clipText(`${url.protocol}//${url.host}${url.pathname}`, 100))
  } catch {
    return 'not a URL'
  }
}
