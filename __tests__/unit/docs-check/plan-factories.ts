/** The facts the docs check's plan is tested with: records, events, and a case turned into facts. */
import type { CodePull, DocsCheckFacts, DocsEvent } from '../../../src/operations/agent/docs-check/plan.js'
import { type DocsRecord, EMPTY_RECORD } from '../../../src/operations/agent/docs-check/record.js'

export const NOW = Date.parse('2026-03-01T12:00:00.000Z')
export const RUN = 'https://github.com/acme/app/actions/runs/9'
export const SKIP = { login: 'maintainer', reason: 'tests only', at: '2026-02-27T09:00:00.000Z' }

export const RECORDS = {
  none: null,
  'nothing documented yet': { ...EMPTY_RECORD, status: { state: 'success', description: 'No documented files changed', targetUrl: RUN } },
  documented: {
    agentPull: { repository: 'acme/docs', number: 42 },
    jobId: 'job-41',
    status: { state: 'success', description: 'Documented in acme/docs#42', targetUrl: 'https://github.com/acme/docs/pull/42' },
    skip: null
  },
  failed: {
    ...EMPTY_RECORD,
    jobId: 'job-41',
    status: { state: 'failure', description: 'The docs agent job job-41 failed.', targetUrl: RUN }
  },
  skipped: {
    agentPull: { repository: 'acme/docs', number: 42 },
    jobId: 'job-41',
    status: { state: 'success', description: 'Docs skipped by @maintainer: tests only', targetUrl: RUN },
    skip: SKIP
  },
  'skipped before status-context': { ...EMPTY_RECORD, skip: SKIP }
} satisfies Record<string, DocsRecord | null>
export type RecordName = keyof typeof RECORDS

export const pullEvent = (action: 'opened' | 'reopened' | 'synchronize'): DocsEvent => ({ kind: 'pull-request', action })
export const closed = (merged: boolean, mergeSha: string | null = 'a1b2c3d4e5f6'): DocsEvent => ({
  kind: 'pull-request-closed',
  merged,
  mergeSha
})
export const command = (on: 'code-pull' | 'agent-pull' | 'issue', permitted = true): DocsEvent => ({
  kind: 'command',
  on,
  ask: { kind: 'run' },
  actor: { login: 'octocat', permitted }
})
export const skipCommand = (on: 'code-pull' | 'agent-pull' | 'issue', reason = 'refactor only', permitted = true): DocsEvent => ({
  kind: 'command',
  on,
  ask: { kind: 'skip', reason },
  actor: { login: 'octocat', permitted }
})
export const label = (on: 'code-pull' | 'agent-pull' | 'issue', permitted = true): DocsEvent => ({
  kind: 'label',
  on,
  actor: { login: 'octocat', permitted }
})

export interface Case {
  event: DocsEvent
  record?: RecordName
  paths?: DocsCheckFacts['paths']
  fork?: boolean
  statusContext?: boolean
}

export function factsOf(c: Case): DocsCheckFacts {
  const pull: CodePull | null = c.event.kind === 'scheduled' ? null : { repository: 'acme/app', number: 7, fork: c.fork ?? false }
  return {
    event: c.event,
    pull,
    record: RECORDS[c.record ?? 'none'],
    paths: c.paths ?? 'unset',
    statusContext: c.statusContext ?? true,
    dryRun: false,
    trigger: '/docs',
    now: NOW
  }
}
