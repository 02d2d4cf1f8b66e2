import type { SubActionName } from './sub-action-names.js'
import {
  COMMON,
  DEPLOY,
  EXPORT_INPUT,
  HEALTH,
  HEALTH_OUTPUTS,
  INTRODUCED_LABEL,
  JOB_OUTPUTS,
  KEY,
  PROMPT,
  RANGE,
  RETIRED_EXPORT_INPUTS,
  SPENDING,
  type SubAction,
  TRANSLATIONS
} from './sub-action-parts.js'

/**
 * One action per job: the folders beside the root action (`docs-check/`, `analytics/`, …), each a node24
 * action on the shared dist/ that declares only what its job uses. This table is their one source of
 * truth: scripts/sub-actions.ts writes every folder's action.yml, README and entry from it (and from the
 * root action.yml's texts), and the entry's input reader (sub-action-input.ts) answers only the names a
 * row declares. Adding a sub-action is one row here and its folder's name in sub-action-names.ts.
 */
export const SUB_ACTIONS = {
  agent: {
    operation: 'job',
    title: 'Docs agent',
    description: 'Start a Mintlify docs agent job from a prompt, a /docs comment or a label, wait for it, and report its pull request.',
    want: 'document each change',
    inputs: {
      ...KEY,
      ...PROMPT,
      ...SPENDING,
      'comment-pr-number': null,
      trigger: null,
      label: null,
      'marker-authors': null,
      'group-runs': null,
      'docs-repository': {
        description: "Where the agent opens its pull requests (owner/name), for group-runs. Empty, the workflow's repository."
      },
      'agent-label': {
        description:
          "The label the run that introduces the agent's pull request puts on it (GitHub creates it once the token has issues: write); report/ finds the agent's merged pull requests by it. Empty, none. Must differ from label."
      },
      reviewers: null
    },
    outputs: [...JOB_OUTPUTS, 'grouped', 'spend'],
    permissions: { contents: 'read', issues: 'write', 'pull-requests': 'write' }
  },
  message: {
    operation: 'message',
    title: 'Docs agent follow-up',
    description: 'Send a follow-up message to a running Mintlify docs agent job, wait for it, and report its pull request.',
    want: 'document each change',
    inputs: {
      ...KEY,
      'job-id': {
        description: "The agent job to send the follow-up to. Required unless a /docs comment on the agent's pull request names its job."
      },
      ...PROMPT,
      ...SPENDING,
      'comment-pr-number': null,
      trigger: null,
      'marker-authors': null,
      'agent-label': INTRODUCED_LABEL
    },
    outputs: [...JOB_OUTPUTS, 'spend'],
    permissions: { contents: 'read', issues: 'write', 'pull-requests': 'write' }
  },
  'docs-check': {
    operation: 'job',
    title: 'Docs check',
    description:
      'A commit status on every code pull request that branch protection can require, green once the agent documented the change or a maintainer said /docs skip.',
    want: 'require docs on every code pull request',
    inputs: {
      ...KEY,
      'status-context': {
        description:
          "The commit status's name on the commit the run is about (a pull request's head), so branch protection can require it. Empty: no commit status. Needs statuses: write.",
        default: 'docs'
      },
      paths: {
        description:
          'Globs of the files whose changes need documenting, one per line or comma-separated, ! before a glob to exclude. A pull request or push whose changed files match none starts no job. Empty: every change counts.'
      },
      reviewers: null,
      ...PROMPT,
      ...SPENDING,
      trigger: null,
      'marker-authors': null,
      'group-runs': null,
      'docs-repository': {
        description: "Where the agent opens its pull requests (owner/name), for group-runs. Empty, the workflow's repository."
      },
      'agent-label': INTRODUCED_LABEL
    },
    outputs: [...JOB_OUTPUTS, 'grouped', 'docs-state', 'spend'],
    permissions: { contents: 'read', issues: 'write', 'pull-requests': 'write', statuses: 'write' }
  },
  'fix-checks': {
    operation: 'job',
    title: 'Docs agent fixes its checks',
    description:
      "In the docs repository, under check events: hands the agent's own pull request's failing checks back to its job as a follow-up, a few times, then to people.",
    want: 'document each change',
    inputs: {
      ...KEY,
      'fix-checks': {
        description: 'How many automatic follow-ups the agent gets per pull request of its own whose checks fail (a whole number; 0: none).'
      },
      'fix-checks-statuses': null,
      'marker-authors': null,
      'status-context': {
        description:
          "The docs check's commit status name in this repository (docs/), which is not counted among the agent's own checks. Empty: none."
      },
      wait: {
        description: "Wait for the follow-up's job to reach completed, archived or failed. With false, report as soon as it is accepted."
      },
      ...SPENDING
    },
    outputs: [...JOB_OUTPUTS, 'spend'],
    permissions: { checks: 'read', actions: 'read', statuses: 'read', 'pull-requests': 'write' }
  },
  analytics: {
    operation: EXPORT_INPUT,
    title: 'Docs analytics export',
    description: 'Export Mintlify docs analytics (visitors, views, feedback, searches or assistant conversations) to a JSON or CSV file.',
    want: 'weekly docs health',
    inputs: {
      ...KEY,
      export: {
        description: 'What to export: visitors, views, feedback, searches or assistant.',
        required: true
      },
      ...RANGE,
      'page-size': null,
      'output-file': {
        description:
          'The export file; empty, docs-<export>.json. A .csv name writes CSV (visitors/views: path,human,ai,total; the other kinds: one column per documented field), anything else JSON.'
      },
      'show-reader-text': null,
      ...COMMON
    },
    outputs: ['outcome', 'failure-reason', 'total-visitors', 'human-visitors', 'ai-visitors', 'page-count', 'row-count', 'file'],
    permissions: { contents: 'read' }
  },
  report: {
    operation: 'report',
    title: 'Docs-health report',
    description:
      "A docs-health report: traffic, pages to fix first, searches without a click, unanswered assistant questions, pending feedback and the agent's track record.",
    want: 'weekly docs health',
    inputs: { ...KEY, ...HEALTH, ...SPENDING },
    outputs: [...HEALTH_OUTPUTS, 'spend'],
    permissions: { contents: 'read', 'pull-requests': 'read' }
  },
  improve: {
    operation: 'improve',
    title: 'Docs-health improvement',
    description: "A docs-health report, then an agent job from its findings, waited on, with the agent's pull request reported.",
    want: 'weekly docs health',
    inputs: {
      ...KEY,
      prompt: { description: "The instruction for the agent, before the report's findings; empty, the default instruction." },
      'prompt-file': null,
      context: null,
      wait: null,
      'comment-pr-number': null,
      ...HEALTH,
      ...SPENDING
    },
    outputs: [...HEALTH_OUTPUTS, 'job-id', 'status', 'pr-link', 'pr-number', 'pr-repository', 'job', 'comment-url', 'spend'],
    permissions: { contents: 'read', issues: 'write', 'pull-requests': 'write' }
  },
  deploy: {
    operation: 'deploy',
    title: 'Docs deploy',
    description: 'Deploy the Mintlify docs from their deployment branch, wait for it, and record it as a GitHub deployment.',
    want: 'deploy and preview',
    inputs: { ...KEY, ...DEPLOY, ...COMMON },
    outputs: ['outcome', 'failure-reason', 'status-id', 'status', 'docs-url'],
    permissions: { contents: 'read', deployments: 'write' }
  },
  preview: {
    operation: 'preview',
    title: 'Docs preview',
    description: "Deploy a branch's Mintlify preview, wait for it, and link it on the pull request with the changed pages.",
    want: 'deploy and preview',
    inputs: {
      ...KEY,
      branch: {
        description:
          "The branch to preview. Empty: the pull request's head branch (pull-request events, and comment or review events on a pull request), or the pushed branch (push)."
      },
      'docs-path': {
        description: 'The folder of the docs repository that holds docs.json; changed pages under it are linked in the preview comment.'
      },
      ...DEPLOY,
      ...COMMON
    },
    outputs: ['outcome', 'failure-reason', 'status-id', 'status', 'preview-url', 'comment-url'],
    permissions: { contents: 'read', deployments: 'write', 'pull-requests': 'write' }
  },
  automation: {
    operation: 'automation',
    title: 'Docs automation',
    description: 'Run a Mintlify automation now: a custom-schedule one, or one with a webhook trigger.',
    want: 'deploy and preview',
    inputs: {
      ...KEY,
      'automation-id': {
        description:
          "The automation to run, from its settings panel on the dashboard's Automations page; the whole webhook URL the dashboard offers is accepted too (its project must be project-id's, and it sets automation-trigger: webhook).",
        required: true
      },
      'automation-trigger': null,
      ...SPENDING
    },
    outputs: ['outcome', 'failure-reason', 'automation-run', 'job-id', 'spend'],
    permissions: { contents: 'read' }
  },
  'static-export': {
    operation: 'static-export',
    title: 'Docs static export',
    description: 'Export the Mintlify site as one static bundle, wait for it, fetch it and prove it whole.',
    want: 'export the site',
    inputs: {
      ...KEY,
      'export-base-path': {
        description:
          "The base path the bundle's links and assets are prefixed with: / (none, the site at the root), /docs or /documentation. Empty, the deployment's own base path."
      },
      ...RETIRED_EXPORT_INPUTS,
      'job-id': { description: 'A static export to fetch (its job-id, 6520f3a1c9b1a20012ab34cd) instead of starting one.' },
      wait: { description: 'Wait for the export to finish and fetch its bundle. With false, report as soon as it is queued.' },
      'output-file': { description: 'Where the bundle is written; empty, docs-static-export.tar.gz.' },
      ...COMMON
    },
    outputs: ['outcome', 'failure-reason', 'job-id', 'status', 'file', 'page-count', 'sha256', 'bundle-url'],
    permissions: { contents: 'read' }
  },
  sweep: {
    operation: 'sweep',
    title: "Docs agent's pull requests, looked after",
    description:
      "On a schedule: looks after the agent's open pull requests that stopped merging, lost their code pull request or wait for review, within a budget.",
    want: 'document each change',
    inputs: {
      ...KEY,
      'agent-label': {
        description: "The label of the agent's pull requests, by which the sweep lists them (the one the agent sub-action puts on them)."
      },
      'docs-repository': { description: "Where the agent's pull requests are (owner/name). Empty, the workflow's repository." },
      'stale-days': null,
      orphans: null,
      'max-follow-ups': null,
      'operations-per-run': null,
      reviewers: {
        description:
          'Asked to review a stale pull request whose introduction recorded no reviewers: comma-separated logins and org/team names, or none.'
      },
      'marker-authors': null,
      'output-file': { description: 'The sweep file (JSON): every visited pull request with its decision. Empty, docs-sweep.json.' },
      ...SPENDING
    },
    outputs: ['outcome', 'failure-reason', 'report', 'file', 'spend'],
    permissions: { 'pull-requests': 'write', issues: 'write' }
  },
  translations: TRANSLATIONS,
  gate: {
    operation: 'gate',
    title: 'Docs agent gate',
    description:
      "Whether the event's steerer may steer a docs run, as the trust gate judges it: the steer output, for a first job that keeps outsiders' runs out of a concurrency group.",
    want: 'require docs on every code pull request',
    inputs: {
      'github-token': { description: "Token for permission checks (the commenter's or the pull request author's role)." },
      'min-permission': null,
      'allowed-bots': null
    },
    outputs: ['outcome', 'failure-reason', 'steer'],
    permissions: { contents: 'read' }
  }
} as const satisfies Record<SubActionName, SubAction>

/** The inputs `name/` declares, in action.yml's order. */
export function declaredInputs(name: SubActionName): string[] {
  return Object.keys(SUB_ACTIONS[name].inputs)
}
