/**
 * The names the sub-actions' table (sub-actions.ts) is written in: the folders beside the root action,
 * and the root action.yml's inputs and outputs. Kept apart from the table so that the input readers can
 * take the job they read for (`RunEnvironment.subAction`) without importing it, which names the operations.
 */

/** The sub-actions' folders: each a row of sub-actions.ts. */
export const SUB_ACTION_NAMES = [
  'agent',
  'message',
  'docs-check',
  'fix-checks',
  'analytics',
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

export type SubActionName = (typeof SUB_ACTION_NAMES)[number]

/** Every input of the root action.yml, by name. */
export type InputName =
  | 'api-key'
  | 'project-id'
  | 'operation'
  | 'prompt'
  | 'prompt-file'
  | 'job-id'
  | 'context'
  | 'wait'
  | 'timeout'
  | 'poll-interval'
  | 'base-url'
  | 'github-token'
  | 'comment'
  | 'comment-pr-number'
  | 'pr-number'
  | 'trigger'
  | 'label'
  | 'min-permission'
  | 'allowed-bots'
  | 'marker-authors'
  | 'dry-run'
  | 'show-reader-text'
  | 'date-from'
  | 'date-to'
  | 'page-size'
  | 'max-requests'
  | 'group-runs'
  | 'docs-repository'
  | 'status-context'
  | 'paths'
  | 'reviewers'
  | 'fix-checks'
  | 'fix-checks-statuses'
  | 'output-file'
  | 'branch'
  | 'automation-id'
  | 'automation-trigger'
  | 'export-base-path'
  | 'export-domain'
  | 'export-version'
  | 'export-paths'
  | 'environment'
  | 'docs-path'
  | 'agent-label'
  | 'impact-weeks'
  | 'assistant-key'
  | 'subdomain'
  | 'stale-days'
  | 'orphans'
  | 'max-follow-ups'
  | 'operations-per-run'
  | 'languages'
  | 'translate'
  | 'max-pages'
  | 'max-jobs'
  | 'spend-limit'
  | 'spend-ledger'
  | 'spend-token'

/** Every output of the root action.yml, by name. */
export type OutputName =
  | 'outcome'
  | 'job-id'
  | 'status'
  | 'pr-link'
  | 'pr-number'
  | 'pr-repository'
  | 'failure-reason'
  | 'job'
  | 'comment-url'
  | 'total-visitors'
  | 'human-visitors'
  | 'ai-visitors'
  | 'page-count'
  | 'file'
  | 'row-count'
  | 'report'
  | 'status-id'
  | 'preview-url'
  | 'docs-url'
  | 'automation-run'
  | 'sha256'
  | 'bundle-url'
  | 'grouped'
  | 'steer'
  | 'docs-state'
  | 'spend'
