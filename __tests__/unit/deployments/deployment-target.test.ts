/**
 * resolveTarget: what a deploy or preview is about, by event × `branch` input × fork × `pr-number`: the
 * branch built, the commit a GitHub deployment records, the pull request whose comment shows the preview
 * (or the commit to find it from), and whether the branch is a fork's. Events are the real example payloads.
 */
import { describe, expect, it } from '@jest/globals'
import type { GitHubApi } from '../../../src/github/api.js'
import type { DeploymentRequest } from '../../../src/operations/deployments/inputs.js'
import { type DeploymentTarget, resolveTarget } from '../../../src/operations/deployments/target.js'
import { fakeGitHub } from '../../fixtures/fake-github.js'
import { RUN_SHA, runContext } from '../../fixtures/run-context.js'
import { deploySettings, previewSettings } from '../../fixtures/step-settings.js'
import { webhookExample } from '../../fixtures/webhook-payloads.js'
import { refusal } from '../../fixtures/refusal.js'

const HEAD_SHA = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821'
const PUSH_SHA = '6113728f27ae82c7b1a177c8d03f9e96e0adf246'
/** The head pull request #2 has in the fake GitHub (read under a comment, whose payload lacks it). */
const READ_HEAD = { ref: 'docs/from-api', sha: 'c0ffee'.padEnd(40, '0'), fork: false }

const pullRequest = (change: (head: Record<string, unknown>) => void = () => undefined): Record<string, unknown> => {
  const payload = webhookExample('pull_request', (p) => p.action === 'opened')
  change((payload.pull_request as { head: Record<string, unknown> }).head)
  return payload
}
/** A fork's pull request: its head repository is another than the base. */
const forkPull = (): Record<string, unknown> =>
  pullRequest((head) => ((head.repo as Record<string, unknown>).full_name = 'octo-fork/Hello-World'))
const commentOnPull = (): Record<string, unknown> => {
  const payload = webhookExample('issue_comment', (p) => p.action === 'created')
  const issue = payload.issue as Record<string, unknown>
  issue.number = 2
  issue.pull_request = { url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/2' }
  return payload
}
const push = (ref = 'refs/heads/master'): Record<string, unknown> => ({
  ...webhookExample('push', (p) => p.ref === 'refs/heads/master'),
  ref
})

interface Case {
  name: string
  eventName: string
  payload: () => Record<string, unknown>
  inputs?: Record<string, string>
  /** The fake GitHub's head of pull request #2. */
  head?: typeof READ_HEAD
  expected: Omit<DeploymentTarget, 'pullOfCommit'> & { pullOfCommit?: string | null }
  /** Whether pull request #2 was read from GitHub. */
  reads?: boolean
}

const previewCases: Case[] = [
  {
    name: 'pull_request: the head branch and sha from the payload, its pull request',
    eventName: 'pull_request',
    payload: () => pullRequest(),
    expected: { branch: 'changes', sha: HEAD_SHA, pull: 2, fork: null }
  },
  {
    name: 'pull_request from another repository than the base: the head branch, marked a fork',
    eventName: 'pull_request',
    payload: forkPull,
    expected: { branch: 'changes', sha: HEAD_SHA, pull: 2, fork: '' }
  },
  {
    name: 'pull_request from a branch of the repository itself, which is a fork of another (head.repo.fork): no fork’s',
    eventName: 'pull_request',
    payload: () => pullRequest((head) => ((head.repo as Record<string, unknown>).fork = true)),
    expected: { branch: 'changes', sha: HEAD_SHA, pull: 2, fork: null }
  },
  {
    name: 'pull_request from a deleted fork (head.repo null): a fork',
    eventName: 'pull_request',
    payload: () => pullRequest((head) => (head.repo = null)),
    expected: { branch: 'changes', sha: HEAD_SHA, pull: 2, fork: '' }
  },
  {
    name: 'pull_request with a branch input: that branch, of the pull request head sha',
    eventName: 'pull_request',
    payload: () => pullRequest(),
    inputs: { branch: 'docs/other' },
    expected: { branch: 'docs/other', sha: HEAD_SHA, pull: 2, fork: null }
  },
  {
    name: 'pull_request from a fork with another branch named: not the fork’s, so built',
    eventName: 'pull_request',
    payload: forkPull,
    inputs: { branch: 'main' },
    expected: { branch: 'main', sha: HEAD_SHA, pull: 2, fork: null }
  },
  {
    name: 'pull_request from a fork with its own head branch named: still the fork’s',
    eventName: 'pull_request',
    payload: forkPull,
    inputs: { branch: 'refs/heads/changes' },
    expected: { branch: 'changes', sha: HEAD_SHA, pull: 2, fork: '' }
  },
  {
    name: 'pull_request_review_comment: the head from the payload',
    eventName: 'pull_request_review_comment',
    payload: () => webhookExample('pull_request_review_comment', (p) => p.action === 'created'),
    expected: { branch: 'changes', sha: HEAD_SHA, pull: 2, fork: null }
  },
  {
    name: 'pull_request_review: the head from the payload',
    eventName: 'pull_request_review',
    payload: () => webhookExample('pull_request_review', (p) => p.action === 'submitted'),
    expected: { branch: 'changes', sha: HEAD_SHA, pull: 2, fork: null }
  },
  {
    name: 'issue_comment on a pull request: the head read from GitHub',
    eventName: 'issue_comment',
    payload: commentOnPull,
    expected: { branch: READ_HEAD.ref, sha: READ_HEAD.sha, pull: 2, fork: null },
    reads: true
  },
  {
    name: 'issue_comment on a fork’s pull request: read from GitHub, a fork',
    eventName: 'issue_comment',
    payload: commentOnPull,
    head: { ...READ_HEAD, fork: true },
    expected: { branch: READ_HEAD.ref, sha: READ_HEAD.sha, pull: 2, fork: '' },
    reads: true
  },
  {
    name: 'issue_comment on a pull request with a branch input: that branch, the head sha still read',
    eventName: 'issue_comment',
    payload: commentOnPull,
    inputs: { branch: 'docs/named' },
    expected: { branch: 'docs/named', sha: READ_HEAD.sha, pull: 2, fork: null },
    reads: true
  },
  {
    name: 'issue_comment on an issue with a branch input: that branch, GITHUB_SHA, no pull request',
    eventName: 'issue_comment',
    payload: () => webhookExample('issue_comment', (p) => p.action === 'created'),
    inputs: { branch: 'docs/named' },
    expected: { branch: 'docs/named', sha: RUN_SHA, pull: null, fork: null }
  },
  {
    name: 'push of a branch: the pushed branch and sha; its pull request found from the commit',
    eventName: 'push',
    payload: () => push(),
    expected: { branch: 'master', sha: PUSH_SHA, pull: null, fork: null, pullOfCommit: PUSH_SHA }
  },
  {
    name: 'push with pr-number: that pull request, nothing to find',
    eventName: 'push',
    payload: () => push(),
    inputs: { 'pr-number': '7' },
    expected: { branch: 'master', sha: PUSH_SHA, pull: 7, fork: null, pullOfCommit: PUSH_SHA }
  },
  {
    name: 'push with the pushed branch named: its pull request found from the commit',
    eventName: 'push',
    payload: () => push(),
    inputs: { branch: 'master' },
    expected: { branch: 'master', sha: PUSH_SHA, pull: null, fork: null, pullOfCommit: PUSH_SHA }
  },
  {
    name: 'push with another branch named: that branch; the pushed commit’s pull request is not its',
    eventName: 'push',
    payload: () => push(),
    inputs: { branch: 'docs/other' },
    expected: { branch: 'docs/other', sha: PUSH_SHA, pull: null, fork: null, pullOfCommit: null }
  },
  {
    name: 'push of a tag with a branch named: that branch',
    eventName: 'push',
    payload: () => push('refs/tags/v1.0.0'),
    inputs: { branch: 'docs/other' },
    expected: { branch: 'docs/other', sha: PUSH_SHA, pull: null, fork: null, pullOfCommit: null }
  },
  {
    name: 'push without its commit in the payload: GITHUB_SHA, no commit to find a pull request from',
    eventName: 'push',
    payload: () => ({ ref: 'refs/heads/docs/billing' }),
    expected: { branch: 'docs/billing', sha: RUN_SHA, pull: null, fork: null, pullOfCommit: null }
  },
  {
    name: 'workflow_dispatch with a branch named: that branch, GITHUB_SHA, no pull request to find',
    eventName: 'workflow_dispatch',
    payload: () => webhookExample('workflow_dispatch'),
    inputs: { branch: 'docs/agent' },
    expected: { branch: 'docs/agent', sha: RUN_SHA, pull: null, fork: null, pullOfCommit: null }
  },
  {
    name: 'workflow_dispatch with a branch and pr-number: that pull request',
    eventName: 'workflow_dispatch',
    payload: () => webhookExample('workflow_dispatch'),
    inputs: { branch: 'docs/agent', 'pr-number': '12' },
    expected: { branch: 'docs/agent', sha: RUN_SHA, pull: 12, fork: null, pullOfCommit: null }
  }
]

/** Resolves a target of `kind` for `testCase`, with pull request #2 in a fake GitHub. */
async function resolve(
  kind: 'deploy' | 'preview',
  testCase: Pick<Case, 'eventName' | 'payload' | 'inputs' | 'head'>,
  github: 'connected' | 'none' = 'connected'
): Promise<{ target: DeploymentTarget; reads: number }> {
  const fake = fakeGitHub({
    pulls: new Map([
      [2, { title: 'Docs', url: 'https://github.com/acme/docs/pull/2', commits: [], files: [], head: testCase.head ?? READ_HEAD }]
    ])
  })
  const { request, prNumber } = requestOf(kind, testCase.inputs ?? {}, testCase.eventName)
  const connect = (): Promise<GitHubApi | null> => Promise.resolve(github === 'connected' ? fake.api : null)
  const target = await resolveTarget(request, prNumber, runContext(testCase.eventName, testCase.payload()), connect)
  return { target, reads: fake.callsTo('pull').length }
}

/** What a step of `kind` with `inputs` asks to deploy, read as the registry reads it, and its pr-number. */
function requestOf(
  kind: 'deploy' | 'preview',
  inputs: Record<string, string>,
  eventName: string
): { request: DeploymentRequest; prNumber: number | null } {
  if (kind === 'deploy') return { request: { kind }, prNumber: deploySettings(inputs, eventName).prNumber }
  const settings = previewSettings(inputs, eventName)
  return { request: { kind, branch: settings.branch, docsFolder: settings.docsFolder }, prNumber: settings.prNumber }
}

describe('resolveTarget for a preview', () => {
  it.each(previewCases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const { target, reads } = await resolve('preview', testCase)
    expect(target).toEqual({ pullOfCommit: null, ...testCase.expected })
    expect(reads).toBe(testCase.reads ? 1 : 0)
  })

  it.each([
    ['workflow_dispatch', () => webhookExample('workflow_dispatch'), /the workflow_dispatch event names no branch to preview/],
    ['schedule', () => ({ schedule: '0 6 * * 1' }), /the schedule event names no branch to preview/],
    ['issues', () => webhookExample('issues', (p) => p.action === 'labeled'), /the issues event names no branch to preview/],
    ['issue_comment', () => webhookExample('issue_comment', (p) => p.action === 'created'), /the issue_comment event names no branch/],
    ['push', () => push('refs/tags/v1.0.0'), /the push was of refs\/tags\/v1\.0\.0, not a branch/],
    ['push', () => push(''), /the push was of an unnamed ref, not a branch/],
    ['', () => ({}), /the unknown event names no branch to preview/]
  ])('without a branch input, %p names no branch: bad input naming branch', async (eventName, payload, message) => {
    const error = await refusal(() => resolve('preview', { eventName, payload }))
    expect(error.input).toBe('branch')
    expect(error.message).toMatch(/^Input 'branch' is empty and /)
    expect(error.message).toMatch(message)
  })

  it('under a comment on a pull request without a GitHub token, asks for branch', async () => {
    const error = await refusal(() => resolve('preview', { eventName: 'issue_comment', payload: commentOnPull }, 'none'))
    expect(error.input).toBe('branch')
    expect(error.message).toBe(
      "Input 'branch' is empty, and without a github-token the branch of pull request #2 cannot be read: set branch, or leave github-token at its default."
    )
  })

  it('under a comment on a pull request without a GitHub token, previews a named branch of GITHUB_SHA', async () => {
    const { target } = await resolve(
      'preview',
      { eventName: 'issue_comment', payload: commentOnPull, inputs: { branch: 'docs/named' } },
      'none'
    )
    expect(target).toEqual({ branch: 'docs/named', sha: RUN_SHA, pull: 2, fork: null, pullOfCommit: null })
  })
})

describe('resolveTarget for a deploy', () => {
  it.each([
    ['pull_request', () => pullRequest(), { sha: HEAD_SHA, pull: 2 }],
    ['push', () => push(), { sha: PUSH_SHA, pull: null }],
    ['workflow_dispatch', () => webhookExample('workflow_dispatch'), { sha: RUN_SHA, pull: null }]
  ])('%s: no branch (Mintlify deploys its deployment branch), the event’s commit, never a fork', async (eventName, payload, expected) => {
    const { target, reads } = await resolve('deploy', { eventName, payload })
    expect(target).toEqual({ branch: null, fork: null, pullOfCommit: null, ...expected })
    expect(reads).toBe(0)
  })

  it('reads nothing from GitHub under a comment on a pull request', async () => {
    const { target, reads } = await resolve('deploy', { eventName: 'issue_comment', payload: commentOnPull })
    expect(target).toMatchObject({ branch: null, sha: RUN_SHA, pull: 2 })
    expect(reads).toBe(0)
  })
})
