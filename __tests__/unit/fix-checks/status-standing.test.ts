/**
 * A named status counts only where no other pull request has the agent's head (DESIGN "Which checks count"):
 * the live list of the commit's pull requests and the issue search for closed ones. Anything else, a cut
 * list, a search answered in part, a read that failed, is `unknown`: the statuses count for nothing.
 */
import { describe, expect, it } from '@jest/globals'
import type { HeadOwners } from '../../../src/github/api.js'
import type { CommitSearch } from '../../../src/github/calls/lookups.js'
import type { PullFacts } from '../../../src/github/event.js'
import { bounded } from '../../../src/github/pages.js'
import { type AgentHead, statusesUnknown } from '../../../src/operations/fix-checks/status-standing.js'
import { pullFacts } from '../../fixtures/events.js'

const SHA = 'a1'.repeat(20)
const OWN: AgentHead = { sha: SHA, branch: 'mintlify/docs-agent-job_1', repository: 'acme/docs', number: 101 }
const IGNORED = 'the statuses fix-checks-statuses names count for nothing in this run.'

const agentPull = pullFacts({ number: 101, head: { ref: OWN.branch, sha: SHA, fork: false } })
const owners = (pulls: PullFacts[], cut = false): HeadOwners => ({ pulls: bounded(pulls, cut), branches: [] })
const search = (numbers: number[], complete = true): CommitSearch => ({ numbers, complete })

describe('statusesUnknown', () => {
  it('counts them where both reads find the agent’s pull request alone', () => {
    expect(statusesUnknown(owners([agentPull]), search([101]), OWN)).toBeNull()
  })

  it.each<[string, HeadOwners | null, CommitSearch | null, string]>([
    ['the list could not be read', null, search([101]), `The pull requests of a1a1a1a could not be listed: ${IGNORED}`],
    [
      'the list was cut short',
      owners([agentPull], true),
      search([101]),
      `The list of pull requests of a1a1a1a was cut short, so another one may have it as its head: ${IGNORED}`
    ],
    [
      "a fork's open pull request at the head",
      owners([agentPull, pullFacts({ number: 300, head: { ref: OWN.branch, sha: SHA, fork: true } })]),
      search([101, 300]),
      `a1a1a1a is also the head of #300, whose CI may write the same statuses: ${IGNORED}`
    ],
    [
      'another branch of the repository at the head',
      owners([agentPull, pullFacts({ number: 5, head: { ref: 'other', sha: SHA, fork: false } })]),
      search([101, 5]),
      `a1a1a1a is also the head of #5, whose CI may write the same statuses: ${IGNORED}`
    ],
    ['the search failed', owners([agentPull]), null, `The issue search for pull requests that contain a1a1a1a failed: ${IGNORED}`],
    [
      'the search was answered only in part (incomplete_results, or a count beyond its page)',
      owners([agentPull]),
      search([101], false),
      `GitHub's issue search for pull requests that contain a1a1a1a answered only in part: ${IGNORED}`
    ],
    [
      'the search found a closed pull request the list no longer shows',
      owners([agentPull]),
      search([300, 101]),
      `#300 contains a1a1a1a too (the issue search found it), and its CI may have written the same statuses: ${IGNORED}`
    ]
  ])('unknown when %s', (_, listed, searched, why) => {
    expect(statusesUnknown(listed, searched, OWN)).toBe(why)
  })
})
