/**
 * decideAfterJob: what a job's end writes, in order, from the plan and the report. The commit status of the
 * end, the result comment, then the timeline or the introduction (with the reviewers it asks only once it
 * was written), and the last reaction; nothing but the first two once the workflow was cancelled.
 */
import { describe, expect, it } from '@jest/globals'
import { decideAfterJob } from '../../../src/operations/agent/decide/after-job.js'
import type { RunPlan } from '../../../src/operations/agent/decide/before-job.js'
import type { Reviewers } from '../../../src/operations/agent/docs-check-inputs.js'
import { docsCheckCode } from '../../../src/operations/agent/docs-check.js'
import { jobReport } from '../../fixtures/agent-jobs.js'

const HEAD = '5ca1ab1e'.repeat(5)
const AUTHOR_ONLY: Reviewers = { author: true, users: [], teams: [] }
const REACT = { on: { number: 7, kind: 'pull' as const }, commentId: 555 }

/** A job run's plan: a maintainer's (`approver`) command on pull request #7, a fork's or not, with `status-context` or not. */
function plan(options: { fork: boolean; statusSha: string | null; approver?: string; introduce?: boolean }): RunPlan {
  const target = {
    pull: { repository: 'acme/app', number: 7, fork: options.fork },
    sha: HEAD,
    author: { login: options.fork ? 'stranger' : 'octocat', isBot: false }
  }
  const request = { action: 'job' as const, prompt: 'p', promptSource: 's', jobId: '' }
  const job = {
    kind: 'job' as const,
    request,
    status: { where: 'none' as const },
    react: REACT,
    withChangeNotes: false,
    introduce: options.introduce ?? true,
    followUpOf: null,
    dryRun: false,
    removeLabel: null,
    statusSha: options.statusSha,
    freshBudget: '',
    approver: options.approver ?? 'maintainer'
  }
  const docs = {
    plan: {
      job: 'start' as const,
      statusNow: { kind: 'working' as const },
      record: { kind: 'keep' as const },
      note: null,
      reply: null,
      sticky: null,
      outcome: null,
      why: '',
      quiet: false,
      dryRun: false
    },
    facts: {
      event: { kind: 'pull-request' as const, action: 'opened' },
      target,
      record: null,
      judged: { key: 'k', heads: {} },
      statuses: {},
      recordKnown: true,
      stickyId: null,
      paths: 'unset' as const,
      ownCompare: null,
      outsiders: false,
      sharedHead: null
    },
    code: docsCheckCode
  }
  return { run: job, docs, before: [], job, end: null, removeLabel: null }
}

describe('decideAfterJob', () => {
  it('writes the end status, the result, then the introduction with its reviewers nested, then the reaction', () => {
    const writes = decideAfterJob(plan({ fork: false, statusSha: HEAD }), {
      report: jobReport(),
      continued: false,
      cancelled: false,
      reviewers: AUTHOR_ONLY,
      agentLabel: '',
      trigger: '/docs'
    })
    expect(writes).toEqual([
      {
        kind: 'commit-status',
        situation: { kind: 'documented', pull: { repository: 'acme/docs', number: 12 }, url: 'https://github.com/acme/docs/pull/12' },
        sha: HEAD,
        dryRun: false
      },
      { kind: 'result-comment' },
      {
        kind: 'introduce',
        codePull: { repository: 'acme/app', number: 7, author: 'octocat', reviewers: ['octocat'] },
        then: [{ kind: 'ask-reviewers', pull: { repository: 'acme/docs', number: 12 }, people: ['octocat'], teams: [] }]
      },
      { kind: 'react', on: REACT, content: 'rocket' }
    ])
  })

  it.each([
    ['a fork', true, 'maintainer', ['maintainer']],
    ['a fork, no command (nobody approved)', true, '', []],
    ['the same repository', false, 'maintainer', ['octocat']]
  ])('asks, on the pull request of %s, %j', (_, fork, approver, people) => {
    const writes = decideAfterJob(plan({ fork, statusSha: null, approver }), {
      report: jobReport(),
      continued: false,
      cancelled: false,
      reviewers: AUTHOR_ONLY,
      agentLabel: '',
      trigger: '/docs'
    })
    const asked = people.length > 0 ? [{ kind: 'ask-reviewers', pull: { repository: 'acme/docs', number: 12 }, people, teams: [] }] : []
    // The record names the code pull request's author, whoever approved the job, and those asked.
    const codePull = { repository: 'acme/app', number: 7, author: fork ? 'stranger' : 'octocat', reviewers: people }
    expect(writes.find((write) => write.kind === 'introduce')).toEqual({ kind: 'introduce', codePull, then: asked })
  })

  it("puts agent-label on the agent's pull request before asking for reviews, both only once the introduction was written", () => {
    const writes = decideAfterJob(plan({ fork: false, statusSha: null }), {
      report: jobReport(),
      continued: false,
      cancelled: false,
      reviewers: AUTHOR_ONLY,
      agentLabel: 'docs-agent',
      trigger: '/docs'
    })
    const pull = { repository: 'acme/docs', number: 12 }
    expect(writes.find((write) => write.kind === 'introduce')).toEqual({
      kind: 'introduce',
      codePull: { repository: 'acme/app', number: 7, author: 'octocat', reviewers: ['octocat'] },
      then: [
        { kind: 'label', pull, name: 'docs-agent' },
        { kind: 'ask-reviewers', pull, people: ['octocat'], teams: [] }
      ]
    })
  })

  it('continues the timeline instead of introducing, and reacts 😕 to a failure', () => {
    const failed = jobReport({ verdict: { outcome: 'failed', result: 'failure', headline: 'h', failureReason: 'r' } })
    const writes = decideAfterJob(plan({ fork: false, statusSha: null }), {
      report: failed,
      continued: true,
      cancelled: false,
      reviewers: AUTHOR_ONLY,
      agentLabel: '',
      trigger: '/docs'
    })
    expect(writes.map((w) => w.kind)).toEqual(['result-comment', 'timeline', 'react'])
    expect(writes.at(-1)).toMatchObject({ content: 'confused' })
  })

  it('writes only the status and the result once the workflow was cancelled', () => {
    const cancelled = jobReport({ verdict: { outcome: 'cancelled', result: 'failure', headline: 'h', failureReason: 'r' } })
    const writes = decideAfterJob(plan({ fork: false, statusSha: HEAD }), {
      report: cancelled,
      continued: false,
      cancelled: true,
      reviewers: AUTHOR_ONLY,
      agentLabel: 'docs-agent',
      trigger: '/docs'
    })
    expect(writes.map((w) => w.kind)).toEqual(['commit-status', 'result-comment'])
  })
})
