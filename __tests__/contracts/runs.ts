/**
 * The contract runs, one row each: an operation or an event the action handles, with its inputs and its
 * payload. Each row runs once per seed against the mocks (contract.ts). In a clone without Mintlify's
 * documents, a row runs only where its `withoutDocuments` says how.
 */
import {
  checkSuitePayload,
  PULL_HEAD_SHA,
  pullRequestOpened,
  REPO,
  webhookExample,
  workflowDispatchPayload,
  workflowRunPayload
} from '../fixtures/webhook-payloads.js'
import { type LinkMode, type Pin } from './front.js'

export interface ContractRow {
  name: string
  inputs: Record<string, string>
  eventName?: string
  event?: () => unknown
  /** GitHub's `Link` for this row: dropped (one page per read) unless it says otherwise. */
  link?: LinkMode
  /** Fields set in some GitHub answers (to values the description allows); the rest stays random. */
  pins?: Pin[]
  /**
   * In a clone without Mintlify's documents (no ../shared): `runs` (the row sends nothing to Mintlify) or
   * `simulator` (its Mintlify requests go to the simulator's Mintlify, GitHub's still to Prism); else left out.
   */
  withoutDocuments?: 'runs' | 'simulator'
}

const EXPORT = { prompt: '', 'date-from': '2026-03-01', 'date-to': '2026-03-08' }
const PR_COMMAND = '/docs Document the new rate limits'

/** Every operation, run on a manual dispatch. */
export const OPERATION_ROWS: ContractRow[] = [
  { name: 'job', inputs: {} },
  { name: 'message', inputs: { operation: 'message', 'job-id': 'job_contract' } },
  ...['visitors', 'views', 'feedback', 'searches', 'assistant'].map((operation) => ({ name: operation, inputs: { operation, ...EXPORT } })),
  { name: 'report with the track record', inputs: { operation: 'report', ...EXPORT, 'impact-weeks': '1' } },
  { name: 'report without the track record', inputs: { operation: 'report', ...EXPORT, 'impact-weeks': '0' } },
  { name: 'improve', inputs: { operation: 'improve', ...EXPORT } },
  { name: 'deploy', inputs: { operation: 'deploy', prompt: '' } },
  { name: 'preview', inputs: { operation: 'preview', prompt: '', branch: 'docs-preview' } },
  { name: 'automation', inputs: { operation: 'automation', prompt: '', 'automation-id': 'automation_contract' } },
  {
    name: 'automation by its webhook',
    inputs: { operation: 'automation', prompt: '', 'automation-id': 'automation_contract', 'automation-trigger': 'webhook' }
  },
  { name: 'static-export', inputs: { operation: 'static-export', prompt: '' } },
  { name: 'static-export at a base path', inputs: { operation: 'static-export', prompt: '', 'export-base-path': '/documentation' } },
  { name: 'static-export at the root', inputs: { operation: 'static-export', prompt: '', 'export-base-path': '/' } },
  { name: 'static-export of a job', inputs: { operation: 'static-export', prompt: '', 'job-id': '6520f3a1c9b1a20012ab34cd' } },
  {
    name: 'report asking searches again',
    inputs: { operation: 'report', ...EXPORT, 'impact-weeks': '0', 'assistant-key': 'mint_dsc_contract0123456789', subdomain: 'acme' }
  },
  { name: 'gate', inputs: { operation: 'gate', prompt: '' }, withoutDocuments: 'runs' },
  // The spend ledger's git references (list, the default branch's head, create, delete), as GitHub's
  // description defines them; the simulator's answers to them are checked in simulator-git-refs.test.ts.
  { name: 'job with spend-limit', inputs: { wait: 'false', 'spend-limit': '20/week' }, withoutDocuments: 'simulator' },
  { name: 'job dry run with spend-limit', inputs: { 'dry-run': 'true', 'spend-limit': '20/week' }, withoutDocuments: 'simulator' },
  {
    name: 'report with spend-limit',
    inputs: { operation: 'report', ...EXPORT, 'impact-weeks': '0', 'spend-limit': '5/day' },
    withoutDocuments: 'simulator'
  }
]

/** The sender writes to the repository: the permission answer's words are otherwise random, and the gate refuses. */
const WRITER: Pin = {
  route: /^GET \/repos\/[^/]+\/[^/]+\/collaborators\/[^/]+\/permission$/,
  fields: { permission: 'write', role_name: 'write' }
}
/** The checked pull request is this repository's, at the event's head: fix-checks reads on to its comments. */
const AT_HEAD: Pin = {
  route: /^GET \/repos\/[^/]+\/[^/]+\/pulls\/\d+$/,
  fields: { state: 'open', head: { sha: PULL_HEAD_SHA, repo: { full_name: REPO } }, base: { repo: { full_name: REPO } } }
}

/** The events the action handles, under `job`. */
const EVENTS: ContractRow[] = [
  { name: 'slash command in a comment', inputs: { prompt: '' }, eventName: 'issue_comment', event: pullComment },
  { name: 'slash command in a review thread', inputs: { prompt: '' }, eventName: 'pull_request_review_comment', event: reviewComment },
  { name: 'label', inputs: { label: 'docs' }, eventName: 'issues', event: labeled },
  { name: 'docs check on opened', inputs: { 'status-context': 'docs' }, eventName: 'pull_request', event: pullRequestOpened },
  { name: 'docs check on synchronize', inputs: { 'status-context': 'docs' }, eventName: 'pull_request', event: synchronized },
  { name: 'fix-checks on check_suite', inputs: {}, eventName: 'check_suite', event: () => checkSuitePayload(), pins: [AT_HEAD] },
  {
    name: 'fix-checks on workflow_run',
    inputs: {},
    eventName: 'workflow_run',
    event: () => workflowRunPayload({ event: 'pull_request' }),
    pins: [AT_HEAD]
  },
  { name: 'dispatch with pr-number', inputs: { 'pr-number': '2' }, eventName: 'workflow_dispatch', event: workflowDispatchPayload }
]

/**
 * Every event the action handles, under `job`, from a writer. Without Mintlify's documents they run against
 * the simulator's Mintlify: what they send to GitHub is still checked against GitHub's description.
 */
export const EVENT_ROWS: ContractRow[] = EVENTS.map((row) => ({
  ...row,
  pins: [WRITER, ...(row.pins ?? [])],
  withoutDocuments: 'simulator' as const
}))

/** The reads of a pull request's commits and pages under a `Link` whose `next` is always page 2. */
export const ENDLESS_LINK_ROWS: ContractRow[] = EVENT_ROWS.filter((row) =>
  ['docs check on opened', 'dispatch with pr-number'].includes(row.name)
).map((row) => ({ ...row, name: `${row.name}, Link never advancing`, link: 'never-advancing' }))

function pullComment(): unknown {
  const payload = webhookExample('issue_comment', (p) => p.action === 'created') as {
    issue: Record<string, unknown>
    comment: Record<string, unknown>
  }
  payload.comment.body = PR_COMMAND
  payload.issue.pull_request = { url: `https://api.github.com/repos/${REPO}/pulls/${String(payload.issue.number)}` }
  return payload
}

function reviewComment(): unknown {
  const payload = webhookExample('pull_request_review_comment', (p) => p.action === 'created') as { comment: Record<string, unknown> }
  payload.comment.body = PR_COMMAND
  return payload
}

function labeled(): unknown {
  const payload = webhookExample('issues', (p) => p.action === 'labeled') as { label: Record<string, unknown> }
  payload.label.name = 'docs'
  return payload
}

function synchronized(): unknown {
  return { ...pullRequestOpened(), action: 'synchronize' }
}
