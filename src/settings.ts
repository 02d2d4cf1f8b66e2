import { collectInputErrors, InputError } from './errors.js'
import { PERMISSIONS, type Permission } from './github/permissions.js'
import { clip, type InputReader, oneOf, readAllowedBots, readBoolean, readDuration, type RunEnvironment } from './inputs.js'
import { readSpendLimit, type SpendLimit } from './spend/limit.js'

/**
 * The settings every operation shares, read and validated once; each operation's own inputs are read
 * by its family's inputs reader (see operations/registry.ts), so an operation sees only its own. Nothing
 * after this reads `core.getInput`.
 */

export const OPERATIONS = [
  'job',
  'message',
  'visitors',
  'views',
  'feedback',
  'searches',
  'assistant',
  'report',
  'improve',
  'deploy',
  'preview',
  'automation',
  'static-export',
  'sweep',
  'translations',
  'gate'
] as const
export type Operation = (typeof OPERATIONS)[number]

/** What every operation reads: the docs API, the run's timeout and waiting, GitHub, and the dry run. */
export interface CommonSettings {
  apiKey: string
  projectId: string
  operation: Operation
  /** API root without a trailing slash. */
  baseUrl: string
  timeoutMs: number
  pollIntervalMs: number
  githubToken: string
  comment: boolean
  /** Validate and show what would be sent; call no Mintlify endpoint and write nothing to GitHub. */
  dryRun: boolean
  /** The lowest role a commenter, reviewer or labeller needs, for every operation they can start (the trust gate). */
  minPermission: Permission
  /** Bot logins (lower case) that may command and label, or '*' for every bot. */
  allowedBots: string[] | '*'
  /** `spend-limit` and its ledger: every agent request claims a slot first (see spend/). Null: no limit. */
  spend: SpendLimit | null
}

/** The settings an operation runs with: the common ones and its own typed inputs, nothing of another's. */
export type Settings<Inputs extends object = object> = CommonSettings & Inputs

/** Reads an operation's own inputs, after the common ones; warnings (valid but suspicious input) go to `warnings`. */
export type InputsReader<Inputs extends object> = (input: InputReader, env: RunEnvironment, warnings: string[]) => Inputs

const MIN_POLL_INTERVAL_MS = 100

/**
 * The common settings, in the order they are validated: the key first, so that a bad key is told before
 * anything else. `gate` sends nothing to Mintlify and writes nothing to GitHub: it reads only what the
 * trust gate needs (the token, `min-permission`, `allowed-bots`), no key and no project, and ignores them given.
 */
export function readCommonSettings(input: InputReader, warnings: string[]): CommonSettings {
  return collectInputErrors((field) => {
    const gate = input('operation').trim().toLowerCase() === 'gate'
    const keyless = gate || reportOnly(input)
    const apiKey = keyless ? '' : field(() => readApiKey(input('api-key'), warnings))
    const projectId = keyless ? '' : field(() => readProjectId(input('project-id')))
    const operation = field(() => oneOf(input, 'operation', OPERATIONS, 'job'))
    const allowedBots = field(() => readAllowedBots(input('allowed-bots')))
    if (allowedBots === '*')
      warnings.push(
        "Input 'allowed-bots' is '*': every GitHub App installed on this repository can steer runs with the slash command and the label, passing on whatever outside text it echoes. List the bots you trust by login instead, unless every App that can comment or label here is yours."
      )
    const githubToken = input('github-token').trim()
    const gated = {
      apiKey,
      projectId,
      operation,
      githubToken,
      minPermission: field(() => oneOf(input, 'min-permission', PERMISSIONS, 'write')),
      allowedBots
    }
    if (gate) return { ...gated, ...GATE_SETTINGS }
    return {
      ...gated,
      timeoutMs: field(() => readDuration(input, 'timeout', '30m', 1)),
      pollIntervalMs: field(() => readDuration(input, 'poll-interval', '15s', MIN_POLL_INTERVAL_MS)),
      baseUrl: field(() => readBaseUrl(input('base-url'))),
      comment: field(() => readBoolean(input, 'comment', true)),
      dryRun: field(() => readBoolean(input, 'dry-run', false)),
      spend: SPENDERS.includes(operation)
        ? spendOf(
            field(() => readSpendLimit(input, githubToken, warnings)),
            keyless
          )
        : null
    }
  })
}

/**
 * `translations` without `translate: true` reads the checked-out repository alone: no key, no project (a
 * `translate` that is not a boolean is told by the operation's reader, and needs no key either).
 */
function reportOnly(input: InputReader): boolean {
  return input('operation').trim().toLowerCase() === 'translations' && input('translate').trim().toLowerCase() !== 'true'
}

/**
 * The spend limit, read and told when wrong wherever an operation may send agent requests; `translations`
 * without `translate: true` sends none (and reads nothing over the network), so it has none to apply: not
 * even a dry run's look at the ledger.
 */
function spendOf(limit: SpendLimit | null, reportOnly: boolean): SpendLimit | null {
  return reportOnly ? null : limit
}

/** The operations that send agent requests (jobs, follow-ups, automation triggers), and `report`, which counts them. */
const SPENDERS: readonly Operation[] = ['job', 'message', 'report', 'improve', 'automation', 'sweep', 'translations']

/** What the gate does not read: it waits for nothing but its GitHub reads (bounded as any run's), and writes nothing. */
const GATE_SETTINGS = {
  timeoutMs: 30 * 60_000,
  pollIntervalMs: 15_000,
  baseUrl: 'https://api.mintlify.com',
  comment: false,
  dryRun: false,
  spend: null
} as const satisfies Partial<CommonSettings>

function readApiKey(raw: string, warnings: string[]): string {
  const key = raw.trim()
  // The key itself never appears in a message: only its kind, told by its public prefix.
  if (!key) {
    throw new InputError(
      'api-key',
      "Input 'api-key' is empty: pass your Mintlify admin key from a secret (api-key: ${{ secrets.MINTLIFY_API_KEY }}); " +
        'workflows triggered from forks get no secrets, and a fork needs a maintainer anyway: their /docs comment ' +
        '(issue_comment) runs with the secret.'
    )
  }
  if (key.startsWith('mint_dsc_')) {
    throw new InputError(
      'api-key',
      "Input 'api-key' holds an assistant key (mint_dsc_…), which cannot call the admin API: use an admin key (mint_…) from the API keys page of the Mintlify dashboard."
    )
  }
  if (key.startsWith('mint_us_')) {
    throw new InputError(
      'api-key',
      "Input 'api-key' holds a search index key (mint_us_…), which cannot call the admin API: use an admin key (mint_…) from the API keys page of the Mintlify dashboard."
    )
  }
  if (/\s/.test(key)) {
    throw new InputError(
      'api-key',
      "Input 'api-key' contains whitespace inside the key: copy the admin key again into the secret, as one line."
    )
  }
  if (!key.startsWith('mint_')) {
    warnings.push(
      "Input 'api-key' does not start with mint_, as Mintlify admin keys do: if requests fail with 401, check that the secret holds an admin key."
    )
  }
  return key
}

function readProjectId(raw: string): string {
  const projectId = raw.trim()
  if (!projectId) {
    throw new InputError(
      'project-id',
      "Input 'project-id' is required: copy the project ID from the API keys page of the Mintlify dashboard."
    )
  }
  if (/[\s/?#%]/.test(projectId)) {
    throw new InputError(
      'project-id',
      "Input 'project-id' must be a project ID without spaces, slashes, '?', '#' or '%', as shown on the API keys page of the Mintlify dashboard."
    )
  }
  return projectId
}

function readBaseUrl(raw: string): string {
  const text = raw.trim() || 'https://api.mintlify.com'
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new InputError('base-url', `Input 'base-url' must be an https:// URL such as https://api.mintlify.com; got '${clip(text)}'.`)
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InputError(
      'base-url',
      "Input 'base-url' must be a plain API root without credentials, query or fragment, such as https://api.mintlify.com."
    )
  }
  // The API's own paths (/v2/agent/…, /v1/analytics/…) are the action's to add: a root copied with them
  // would double them. A proxy's prefix (/mintlify) is kept.
  const apiPath = /\/v\d+(?:\/.*)?$/i.exec(url.pathname.replace(/\/+$/, ''))?.[0]
  if (apiPath) {
    throw new InputError(
      'base-url',
      `Input 'base-url' must be the API root, such as https://api.mintlify.com, without the API's own path: drop '${clip(apiPath)}', which the action adds itself.`
    )
  }
  // Plain http would send the admin key in clear text; it is allowed only to this machine, for local testing.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new InputError(
      'base-url',
      `Input 'base-url' must use https:// (http:// only for loopback hosts such as 127.0.0.1); got '${clip(text)}'.`
    )
  }
  return url.href.replace(/\/+$/, '')
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}
