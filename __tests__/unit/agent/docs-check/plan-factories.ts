/** The facts the docs check's plan is tested with: records, events, and a case turned into facts. */
import type { CodePull, DocsCheckFacts, DocsEvent, DocsGate } from '../../../../src/operations/agent/decide/docs-check-rules.js'
import { type DocsRecord, EMPTY_RECORD } from '../../../../src/operations/agent/decide/docs-record.js'

export const NOW = Date.parse('2026-03-01T12:00:00.000Z')
export const RUN = 'https://github.com/acme/app/actions/runs/9'
/** The head of the code pull request as the run reads it. */
export const HEAD = '5ca1ab1e'.repeat(5)
/** A skip a maintainer gave on an earlier head (f00dcaf). */
export const SKIP = { login: 'maintainer', reason: 'tests only', at: '2026-02-27T09:00:00.000Z', sha: 'f00dcafe'.repeat(5) }
/** What the gate can hand the docs check: go on, a fork's pull request waiting by itself, a command that came too early. */
export const STEER: DocsGate = { kind: 'steer' }
export const WAITING: DocsGate = { kind: 'wait', commanded: false }
export const TOO_EARLY: DocsGate = { kind: 'wait', commanded: true }

export const RECORDS = {
  none: null,
  'nothing documented yet': { ...EMPTY_RECORD, status: { state: 'success', description: 'No documented files changed', targetUrl: RUN } },
  documented: {
    agentPull: { repository: 'acme/docs', number: 42 },
    jobId: 'job-41',
    status: { state: 'success', description: 'Documented in acme/docs#42', targetUrl: 'https://github.com/acme/docs/pull/42' },
    skip: null,
    shown: []
  },
  failed: {
    ...EMPTY_RECORD,
    jobId: 'job-41',
    status: { state: 'failure', description: 'The docs agent job job-41 failed.', targetUrl: RUN }
  },
  skipped: {
    agentPull: { repository: 'acme/docs', number: 42 },
    jobId: 'job-41',
    status: { state: 'success', description: 'Docs skipped by @maintainer at f00dcaf: tests only', targetUrl: RUN },
    skip: SKIP,
    shown: []
  },
  'skipped before status-context': { ...EMPTY_RECORD, skip: SKIP }
} satisfies Record<string, DocsRecord | null>
export type RecordName = keyof typeof RECORDS

export const pullEvent = (action: 'opened' | 'reopened' | 'synchronize' | 'edited'): DocsEvent => ({ kind: 'pull-request', action })
export const closed = (merged: boolean, mergeSha: string | null = 'a1b2c3d4e5f6'): DocsEvent => ({
  kind: 'pull-request-closed',
  merged,
  mergeSha
})
export const command = (on: 'code-pull' | 'agent-pull' | 'issue'): DocsEvent => ({
  kind: 'command',
  on,
  ask: { kind: 'run' },
  actor: { login: 'octocat' }
})
export const skipCommand = (on: 'code-pull' | 'agent-pull' | 'issue', reason = 'refactor only'): DocsEvent => ({
  kind: 'command',
  on,
  ask: { kind: 'skip', reason },
  actor: { login: 'octocat' }
})
export const label = (on: 'code-pull' | 'agent-pull' | 'issue'): DocsEvent => ({
  kind: 'label',
  on,
  actor: { login: 'octocat' }
})

export interface Case {
  event: DocsEvent
  record?: RecordName
  paths?: DocsCheckFacts['paths']
  /** What the gate decided (it waits only on a fork's pull request); steer unless said. */
  gate?: DocsGate
  /** The head the run reads; `HEAD` unless said (none on a schedule), null for none. */
  head?: string | null
  /** A fork's pull request; as the gate says unless said. */
  fork?: boolean
  statusContext?: boolean
}

export function factsOf(c: Case): DocsCheckFacts {
  const gate = c.gate ?? STEER
  const fork = c.fork ?? gate.kind === 'wait'
  const pull: CodePull | null = c.event.kind === 'scheduled' ? null : { repository: 'acme/app', number: 7, fork }
  return {
    event: c.event,
    gate,
    head: c.head !== undefined ? c.head : c.event.kind === 'scheduled' ? null : HEAD,
    pull,
    record: RECORDS[c.record ?? 'none'],
    paths: c.paths ?? 'unset',
    statusContext: c.statusContext ?? true,
    dryRun: false,
    trigger: '/docs',
    now: NOW
  }
}
