/**
 * Whose checks count (DESIGN "When the agent's pull request fails its checks"): a fork's run is known from
 * the payload, the commit look-up passes over a fork's pull request, and a check run counts only when its
 * suite ran for the pull request's branch (and, for an Actions job, its workflow run's head is this repository).
 */
import { describe, expect, it } from '@jest/globals'
import type { CheckRun, CheckSuite, WorkflowRunOrigin } from '../../../src/github/api.js'
import type { ChecksEvent, PullFacts } from '../../../src/github/event.js'
import {
  isOwnRun,
  learnSuites,
  learnWorkflowRuns,
  noOrigins,
  originsToRead,
  type OwnHead
} from '../../../src/operations/fix-checks/check-origins.js'
import { payloadFacts, pullOfCommit } from '../../../src/operations/fix-checks/facts.js'

const REPO = 'acme/docs'
const FORK = 'outsider/docs'
const HEAD = 'a1'.repeat(20)
const OTHER = 'b2'.repeat(20)

function event(change: Partial<ChecksEvent>): ChecksEvent {
  return {
    kind: 'checks',
    name: 'check_suite',
    action: 'completed',
    headSha: HEAD,
    pulls: [],
    app: 'mintlify',
    checkName: '',
    conclusion: 'failure',
    origin: { fork: false, startedBy: '', by: { login: 'mintlify[bot]', isBot: true } },
    ...change
  }
}

const own = { number: 9, headRepo: REPO, baseRepo: REPO }
const fork = { number: 7, headRepo: FORK, baseRepo: REPO }

/** A check event's origin: a fork's or not, and the event that started a workflow run. */
function origin(fork: boolean, startedBy = ''): ChecksEvent['origin'] {
  return { fork, startedBy, by: { login: 'mintlify[bot]', isBot: true } }
}

const NONE = { forkRun: false, ownNamed: null, forkNamed: null, otherRunEvent: null }

describe('payloadFacts', () => {
  it.each<[string, Partial<ChecksEvent>, ReturnType<typeof payloadFacts>]>([
    ["a suite of this repository's branch", {}, NONE],
    ["a suite without a branch: a fork's", { origin: origin(true) }, { ...NONE, forkRun: true }],
    ["a check run whose suite has no branch: a fork's", { name: 'check_run', origin: origin(true) }, { ...NONE, forkRun: true }],
    ['a check run of a branch', { name: 'check_run', pulls: [own] }, { ...NONE, ownNamed: 9 }],
    ['a workflow run of this repository started by a push', { name: 'workflow_run', origin: origin(false, 'push') }, NONE],
    [
      "a workflow run of this repository started by a pull request's own run",
      { name: 'workflow_run', origin: origin(false, 'pull_request') },
      NONE
    ],
    [
      "a pull_request_target run on the agent's branch, which a fork's pull request into it starts",
      { name: 'workflow_run', origin: origin(false, 'pull_request_target') },
      { ...NONE, otherRunEvent: 'pull_request_target' }
    ],
    [
      'a workflow_run workflow woken by another run',
      { name: 'workflow_run', origin: origin(false, 'workflow_run') },
      { ...NONE, otherRunEvent: 'workflow_run' }
    ],
    ['a workflow run naming no event', { name: 'workflow_run', origin: origin(false) }, { ...NONE, otherRunEvent: 'an unknown event' }],
    ["a fork's workflow run", { name: 'workflow_run', origin: origin(true, 'pull_request') }, { ...NONE, forkRun: true }],
    ['a status: no origin', { name: 'status' }, NONE],
    ["the agent's pull request named after a fork's", { pulls: [fork, own] }, { ...NONE, ownNamed: 9 }],
    ["only a fork's pull request named", { pulls: [fork] }, { ...NONE, forkNamed: 7 }],
    [
      'a pull request whose head repository cannot be read',
      { pulls: [{ number: 4, headRepo: '', baseRepo: '' }] },
      { ...NONE, forkNamed: 4 }
    ]
  ])('%s', (_, change, expected) => {
    expect(payloadFacts(event(change), REPO)).toEqual(expected)
  })
})

function listed(number: number, sha: string, isFork: boolean): PullFacts {
  return {
    number,
    title: '',
    url: `https://github.com/${REPO}/pull/${number}`,
    head: { ref: `branch-${number}`, sha, fork: isFork },
    author: { login: 'someone', isBot: false },
    merged: false,
    mergeSha: '',
    changedFiles: 0,
    baseRef: 'main',
    baseSha: ''
  }
}

describe('pullOfCommit', () => {
  it.each<[string, PullFacts[], number | null]>([
    ['nothing listed', [], null],
    ["the agent's alone", [listed(9, HEAD, false)], 9],
    ["a fork's on the same commit listed first", [listed(7, HEAD, true), listed(9, HEAD, false)], 9],
    ["a fork's alone", [listed(7, HEAD, true)], null],
    ['one of this repository whose head moved on', [listed(9, OTHER, false)], null],
    ['one whose head moved on, then the one at the commit', [listed(8, OTHER, false), listed(9, HEAD, false)], 9]
  ])('%s', (_, pulls, expected) => {
    expect(pullOfCommit(pulls, HEAD)?.number ?? null).toBe(expected)
  })

  it('compares the commit whatever its case', () => {
    expect(pullOfCommit([listed(9, HEAD.toUpperCase(), false)], HEAD)?.number).toBe(9)
  })
})

function run(name: string, suiteId: number, app = 'mintlify'): CheckRun {
  return {
    id: suiteId * 10,
    name,
    app,
    status: 'completed',
    conclusion: 'failure',
    title: '',
    summary: '',
    annotationsCount: 0,
    detailsUrl: '',
    actionsJob: null,
    suiteId
  }
}

const OWN_HEAD: OwnHead = { sha: HEAD, branch: 'docs-agent/limits', repository: REPO }
const SUITES: CheckSuite[] = [
  { id: 1, app: 'mintlify', headBranch: 'docs-agent/limits' },
  { id: 2, app: 'github-actions', headBranch: 'docs-agent/limits' },
  { id: 3, app: 'github-actions', headBranch: null },
  { id: 4, app: 'mintlify', headBranch: 'main' },
  { id: 5, app: 'github-actions', headBranch: 'docs-agent/limits' },
  { id: 7, app: 'github-actions', headBranch: 'docs-agent/limits' },
  { id: 8, app: 'github-actions', headBranch: 'docs-agent/limits' },
  { id: 9, app: 'github-actions', headBranch: 'docs-agent/limits' }
]
const WORKFLOW_RUNS: WorkflowRunOrigin[] = [
  { id: 100, checkSuiteId: 2, headRepository: REPO, event: 'push' },
  { id: 101, checkSuiteId: 3, headRepository: FORK, event: 'pull_request' },
  // A fork whose branch has the agent's branch's name: its suite names it, its workflow run tells.
  { id: 102, checkSuiteId: 5, headRepository: FORK, event: 'pull_request' },
  { id: 103, checkSuiteId: 7, headRepository: REPO, event: 'pull_request' },
  // A fork's pull request opened into the agent's branch runs this repository's pull_request_target workflows there.
  { id: 104, checkSuiteId: 8, headRepository: REPO, event: 'pull_request_target' },
  { id: 105, checkSuiteId: 9, headRepository: REPO, event: 'workflow_run' }
]

describe('isOwnRun', () => {
  const runs = [
    run('link-rot', 1),
    run('test', 2, 'github-actions'),
    run('fork test', 3, 'github-actions'),
    run('on main', 4),
    run('look-alike', 5, 'github-actions'),
    run('unlisted', 6),
    run('pull request test', 7, 'github-actions'),
    run('target test', 8, 'github-actions'),
    run('after another run', 9, 'github-actions')
  ]
  const known = noOrigins()
  learnSuites(known, runs, SUITES)
  learnWorkflowRuns(known, runs, WORKFLOW_RUNS)

  it.each([
    ["Mintlify's run in the branch's suite", 'link-rot', true],
    ["an Actions job of this repository's workflow run", 'test', true],
    ["a fork's Actions job: its suite names no branch", 'fork test', false],
    ['a suite of another branch on the same commit', 'on main', false],
    ["a fork's job whose suite names the branch: its workflow run's head repository tells", 'look-alike', false],
    ['a run of a suite the listing did not hold', 'unlisted', false],
    ["an Actions job of the pull request's own pull_request run", 'pull request test', true],
    ["a pull_request_target job on the agent's branch, started by a fork's pull request into it", 'target test', false],
    ['a workflow_run job on the head, started by whatever run woke it', 'after another run', false]
  ])('%s: %p counts %p', (_, name, counts) => {
    const found = runs.find((candidate) => candidate.name === name)
    expect(found && isOwnRun(found, known, OWN_HEAD)).toBe(counts)
  })

  it("lets the suite's branch decide alone when the workflow runs could not be read", () => {
    const suitesOnly = noOrigins()
    learnSuites(suitesOnly, runs, SUITES)
    expect(runs.filter((candidate) => isOwnRun(candidate, suitesOnly, OWN_HEAD)).map((candidate) => candidate.name)).toEqual([
      'link-rot',
      'test',
      'look-alike',
      'pull request test',
      'target test',
      'after another run'
    ])
  })

  it('counts nothing before the suites are read', () => {
    expect(runs.filter((candidate) => isOwnRun(candidate, noOrigins(), OWN_HEAD))).toEqual([])
  })
})

describe('originsToRead', () => {
  it('reads the suites for runs of unknown suites, and the workflow runs for unknown Actions suites only', () => {
    const known = noOrigins()
    expect(originsToRead([run('link-rot', 1)], known)).toEqual({ suites: true, workflowRuns: false })
    expect(originsToRead([run('link-rot', 1), run('test', 2, 'github-actions')], known)).toEqual({ suites: true, workflowRuns: true })
  })

  it('reads nothing again for suites already learnt, and again once a new suite shows up (a wait)', () => {
    const known = noOrigins()
    const first = [run('link-rot', 1), run('test', 2, 'github-actions')]
    learnSuites(known, first, SUITES)
    learnWorkflowRuns(known, first, WORKFLOW_RUNS)
    expect(originsToRead(first, known)).toEqual({ suites: false, workflowRuns: false })
    expect(originsToRead([...first, run('look-alike', 5, 'github-actions')], known)).toEqual({ suites: true, workflowRuns: true })
  })

  it('does not ask again for a suite or an Actions run the listings did not hold', () => {
    const known = noOrigins()
    const runs = [run('unlisted', 6), run('unlisted job', 7, 'github-actions')]
    learnSuites(known, runs, SUITES)
    learnWorkflowRuns(known, runs, WORKFLOW_RUNS)
    expect(originsToRead(runs, known)).toEqual({ suites: false, workflowRuns: false })
  })
})
