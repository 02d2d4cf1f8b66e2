import type { Operation } from './settings.js'
import type { InputName, OutputName } from './sub-action-names.js'

/** What a row of the sub-actions' table (sub-actions.ts) holds, and the inputs and outputs several rows share. */

/** A sub-action's own words for an input, where the root's (written for every operation) do not fit. */
export interface InputText {
  description?: string
  default?: string
  /** Only where the job needs the input under every event: the runner does not enforce it, the action does. */
  required?: boolean
}

/** `analytics/`: its required `export` input names the operation, one of these. */
export const EXPORT_KINDS = ['visitors', 'views', 'feedback', 'searches', 'assistant'] as const satisfies readonly Operation[]

/** The sub-action's own input that names the export (not an input of the root, where `operation` does). */
export const EXPORT_INPUT = 'export'

/** What a team wants, the README's groups. */
export type Want =
  'document each change' | 'require docs on every code pull request' | 'weekly docs health' | 'deploy and preview' | 'export the site'

export interface SubAction {
  /** The operation it runs, or `export` for the one its `export` input names. */
  operation: Operation | typeof EXPORT_INPUT
  /** The action.yml's `name:` and the README's title. */
  title: string
  /** The action.yml's `description:`, one sentence. */
  description: string
  want: Want
  /** Its inputs in the order action.yml lists them; null: the root's description and default. */
  inputs: Partial<Record<InputName | typeof EXPORT_INPUT, InputText | null>>
  /** The outputs its operation sets. */
  outputs: readonly OutputName[]
  /** The `permissions:` its job needs. */
  permissions: Readonly<Record<string, 'read' | 'write'>>
}

/** The key's inputs, required wherever Mintlify is called. */
/**
 * The static export's inputs of Mintlify's earlier API: declared so that a workflow written for it still runs
 * (the runner warns with the root action.yml's deprecationMessage), and read by nobody.
 */
export const RETIRED_EXPORT_INPUTS: SubAction['inputs'] = { 'export-domain': null, 'export-version': null, 'export-paths': null }

export const KEY: SubAction['inputs'] = {
  'api-key': {
    description: 'Mintlify admin API key (starts with mint_). Pass it from a secret; it is masked at once and never printed.',
    required: true
  },
  'project-id': { required: true }
}

/** What every job that calls Mintlify reads beside the key: the API, its deadline, GitHub, the trust gate, the dry run. */
export const COMMON: SubAction['inputs'] = {
  timeout: null,
  'poll-interval': null,
  'base-url': null,
  'github-token': null,
  comment: null,
  'min-permission': null,
  'allowed-bots': null,
  'dry-run': null
}

/** `agent-label` where a job may introduce the agent's pull request. */
export const INTRODUCED_LABEL: InputText = {
  description:
    "The label the run that introduces the agent's pull request puts on it; report/ finds the agent's merged pull requests by it. Empty, none."
}

/** COMMON and the spend limit: every job that sends agent requests, and report/, which counts them. */
export const SPENDING: SubAction['inputs'] = {
  ...COMMON,
  'spend-limit': null,
  'spend-ledger': null,
  'spend-token': null
}

export const PROMPT: SubAction['inputs'] = {
  prompt: { description: 'The instruction for the agent. Required unless prompt-file is given or a slash command supplies it.' },
  'prompt-file': null,
  context: null,
  wait: null
}

/** The outputs of an agent job's run. */
export const JOB_OUTPUTS = [
  'outcome',
  'failure-reason',
  'job-id',
  'status',
  'pr-link',
  'pr-number',
  'pr-repository',
  'job',
  'comment-url'
] as const

export const RANGE: SubAction['inputs'] = {
  'date-from': null,
  'date-to': null,
  'max-requests': null
}

export const HEALTH: SubAction['inputs'] = {
  ...RANGE,
  'output-file': { description: 'The report file, JSON; empty, docs-report.json (improve/: docs-improve.json).' },
  'show-reader-text': null,
  'agent-label': {
    description:
      "The label the agent's pull requests carry (docs-agent by default, as agent/ puts it on them): the track record finds the merged ones by it. Empty, no track record."
  },
  'impact-weeks': {
    description:
      'Whole UTC weeks (0 to 8) before and after each merged agent pull request that the track record compares. 0, no track record.'
  },
  'docs-path': {
    description:
      'The folder of the docs repository that holds docs.json: changed pages under it are mapped to page paths in the track record.'
  },
  'docs-repository': {
    description: "Where the agent's pull requests are (owner/name), for the track record. Empty, the workflow's repository."
  },
  'assistant-key': null,
  subdomain: null
}

export const HEALTH_OUTPUTS = ['outcome', 'failure-reason', 'report', 'total-visitors', 'human-visitors', 'ai-visitors', 'file'] as const

export const DEPLOY: SubAction['inputs'] = {
  wait: { description: 'Wait for the deployment to end (success or failure). With false, report as soon as it is queued.' },
  'comment-pr-number': null,
  environment: {
    description:
      'A GitHub deployment environment to record the deployment in (docs, docs-preview), so its URL shows on the pull request and the environments page. Empty: none. Needs deployments: write.'
  }
}

/** `translations/`: a report from the checkout's history, the key only with translate (a row of sub-actions.ts, kept here for its length). */
export const TRANSLATIONS = {
  operation: 'translations',
  title: 'Docs translations that lag their source',
  description:
    "Which translated pages are missing, stale or orphaned, and by how many source commits, from the repository's own history; with translate, an agent job per lagging language.",
  want: 'weekly docs health',
  inputs: {
    'api-key': { description: 'Mintlify admin API key (starts with mint_), from a secret. Needed only when translate is true.' },
    'project-id': {
      description: 'Mintlify project identifier, from the API keys page of the dashboard. Needed only when translate is true.'
    },
    'docs-path': { description: 'The folder of the repository that holds docs.json; its pages and their history are judged.' },
    languages: null,
    translate: null,
    'max-pages': null,
    'max-jobs': null,
    'agent-label': {
      description:
        "With translate, the label the run that introduces the agent's pull request puts on it, and by which the next run finds a language's translations pull request still open (in review). Empty, none."
    },
    'docs-repository': {
      description:
        "With translate, where the agent opens its pull requests (owner/name): a language's translations pull request still open is looked for there. Empty, the workflow's repository."
    },
    'marker-authors': {
      description:
        "With translate, comma-separated logins whose signed introductions count besides the token's own identity when a language's translations pull request still open is looked for (the identity of another workflow that introduced it)."
    },
    wait: { description: "With translate, wait for each language's job to reach completed, archived or failed." },
    'output-file': {
      description:
        'The report file: every pair with its state, its rule and the commits since. Empty, docs-translations.json; a .csv name writes one row per pair.'
    },
    ...COMMON,
    ...SPENDING
  },
  outputs: ['outcome', 'failure-reason', 'report', 'file', 'job-id', 'status', 'pr-link', 'pr-number', 'pr-repository', 'job'],
  permissions: { contents: 'read', issues: 'write', 'pull-requests': 'write' }
} as const satisfies SubAction
