/** The facts the docs check's plan is tested with: records, events, and a case turned into facts. */
import type { CodePull, DocsCheckFacts, DocsEvent, DocsGate } from '../../../../src/operations/agent/decide/docs-check-rules.js'
import type { SharedHead } from '../../../../src/operations/agent/decide/shared-head.js'
import type { DocsCheckPlan } from '../../../../src/operations/agent/decide/docs-check-plan.js'
import { decideRun, type RunPlan } from '../../../../src/operations/agent/decide/before-job.js'
import { docsCheckCode } from '../../../../src/operations/agent/docs-check.js'
import type { RunFacts } from '../../../../src/operations/agent/decide/facts.js'
import type { EventAsk } from '../../../../src/operations/agent/read/event-ask.js'
import type { GateDecision, Steerer } from '../../../../src/trust/gate.js'
import { agentSettings } from '../../../fixtures/step-settings.js'
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
  /** Whether "no record" can be believed; true unless said. */
  recordKnown?: boolean
  /** An outsider's pull request; as the gate says unless said. */
  outsiders?: boolean
  /** Another open pull request at the same head; none unless said. */
  sharedHead?: SharedHead
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
    recordKnown: c.recordKnown ?? true,
    paths: c.paths ?? 'unset',
    outsiders: c.outsiders ?? gate.kind === 'wait',
    sharedHead: c.sharedHead ?? null,
    statusContext: c.statusContext ?? true,
    dryRun: false,
    trigger: '/docs',
    now: NOW
  }
}

/**
 * The run's merged plan (decide/before-job.ts) for the docs check's `facts`: the run asked what the event
 * asks, the gate as the case says. Every case of the docs check's tables is decided here, by the one
 * function that plans the whole run.
 */
export function mergedPlan(facts: DocsCheckFacts): RunPlan {
  const settings = agentSettings({
    'status-context': facts.statusContext ? 'docs' : '',
    'dry-run': String(facts.dryRun),
    trigger: facts.trigger,
    ...(facts.event.kind === 'label' ? { label: 'docs' } : {})
  })
  const runFacts: RunFacts = {
    asked: askedOf(facts),
    gate: gateOf(facts),
    agentPull: facts.event.kind === 'command' && facts.event.on === 'agent-pull' ? { jobId: 'job-41', freshBudget: '' } : null,
    docs: {
      facts: {
        event: facts.event,
        target: { pull: facts.pull, sha: facts.head, author: null },
        record: facts.record,
        statuses: {},
        judged: { key: 'status docs', heads: {} },
        recordKnown: facts.recordKnown,
        stickyId: null,
        paths: facts.paths,
        ownCompare: null,
        outsiders: facts.outsiders,
        sharedHead: facts.sharedHead
      },
      code: docsCheckCode
    },
    now: facts.now
  }
  return decideRun(runFacts, settings)
}

/** The docs check's part of the merged plan for `facts`. */
export function planDocsCheck(facts: DocsCheckFacts): DocsCheckPlan {
  const merged = mergedPlan(facts)
  if (!merged.docs) throw new Error('The merged plan has no docs-check part.')
  return merged.docs.plan
}

const COMMANDER: Extract<Steerer, { kind: 'commander' }> = {
  kind: 'commander',
  actor: { login: 'octocat', isBot: false },
  via: 'comment',
  at: '2026-03-01T12:00:00.000Z',
  onPull: true
}

/**
 * What the run was asked: a command or the label for those docs events (and for a gate that says a command
 * came too early), else the step's own job.
 */
function askedOf({ event, gate }: DocsCheckFacts): EventAsk {
  if (!commandedIn(event, gate)) return { kind: 'step', action: 'job', status: { where: 'none' } }
  const prompt = event.kind === 'command' && event.ask.kind === 'skip' ? `skip ${event.ask.reason}` : 'document it'
  return {
    kind: 'command',
    command: {
      login: COMMANDER.actor.login,
      ask: { kind: 'run', prompt },
      on: { number: 7, kind: 'on' in event && event.on === 'issue' ? 'issue' : 'pull' },
      commentId: event.kind === 'label' ? null : 555,
      inReviewThread: false,
      label: event.kind === 'label' ? 'docs' : null
    }
  }
}

/** The gate's decision the case names: a fork's pull request waits (by itself, or on a command that came too early). */
function gateOf(facts: DocsCheckFacts): GateDecision {
  const steerer: Steerer = commandedIn(facts.event, facts.gate) ? COMMANDER : { kind: 'workflow' }
  if (facts.gate.kind === 'steer') return { kind: 'steer', steerer }
  return { kind: 'wait-for-maintainer', steerer, head: facts.head ?? '', commanded: facts.gate.commanded, why: 'A fork.' }
}

function commandedIn(event: DocsEvent, gate: DocsGate): boolean {
  return event.kind === 'command' || event.kind === 'label' || (gate.kind === 'wait' && gate.commanded)
}
