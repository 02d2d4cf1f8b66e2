/**
 * `group-runs`, decided: which runs look for an open agent pull request and where (by event and settings),
 * which pull request is theirs (origin × pull request state × marker author), and whether its job is
 * continued (× job state). The look-up's reads are counted on an in-memory GitHub; no I/O.
 */
import { issueCommentEvent, pushEvent } from '../../fixtures/events.js'
import { describe, expect, it } from '@jest/globals'
import type { MarkerComment, OpenPull } from '../../../src/github/api.js'
import type { GitHubEvent, RunContext } from '../../../src/github/event.js'
import { jobMarker, type RunOrigin, trustsMarkerOf } from '../../../src/github/markers.js'
import { continueOrOpen, type JobState, MAX_PULLS_READ, planGrouping } from '../../../src/operations/agent/decide/grouping.js'
import { findGroupedPull, type GroupReads } from '../../../src/operations/agent/carry-out/grouped-run.js'
import { CommentRecords } from '../../../src/operations/agent/comment-records.js'
import { BOT_LOGIN } from '../../fixtures/fake-github.js'
import { recordingLog } from '../../fixtures/recording-log.js'
import { signedComment } from '../../fixtures/signed-comments.js'
import { AGENT, agentSettings, API_KEY, settingsOf, stepInputs } from '../../fixtures/step-settings.js'
import { VirtualClock } from '../../fixtures/virtual-clock.js'

const CODE = { owner: 'acme', repo: 'api' }
const PUSH: GitHubEvent = pushEvent()
const PULL_FACTS = {
  number: 7,
  title: 'T',
  url: 'https://github.com/acme/api/pull/7',
  head: { ref: 'feature/limits', sha: 'b'.repeat(40), fork: false },
  author: { login: 'octocat', isBot: false },
  merged: false,
  mergeSha: '',
  changedFiles: 0,
  baseRef: 'main',
  baseSha: ''
}
const PULL_OPENED: GitHubEvent = { kind: 'pull_request', before: '', after: '', name: 'pull_request', action: 'opened', pull: PULL_FACTS }
const actor = { login: 'octocat', isBot: false }

function runOn(event: GitHubEvent, overrides: Partial<RunContext> = {}): RunContext {
  return {
    event,
    repo: CODE,
    serverUrl: 'https://github.com',
    runUrl: 'https://github.com/acme/api/actions/runs/9',
    workflow: 'Docs agent on push',
    job: 'docs',
    sha: 'a'.repeat(40),
    ref: 'refs/heads/main',
    actor: 'octocat',
    runNumber: 1,
    ...overrides
  }
}

describe('planGrouping: which runs look, by event', () => {
  it.each<[string, GitHubEvent, Partial<RunContext>, string]>([
    ['a push to a branch', PUSH, {}, 'main'],
    ['a push to a nested branch', { ...PUSH, ref: 'refs/heads/release/2.0' }, {}, 'release/2.0'],
    ['a scheduled run, on the branch of GITHUB_REF', { kind: 'other', name: 'schedule' }, { ref: 'refs/heads/main' }, 'main'],
    ['a manual run on another branch', { kind: 'other', name: 'workflow_dispatch' }, { ref: 'refs/heads/docs-refresh' }, 'docs-refresh'],
    ['a pull request, by its head branch', PULL_OPENED, {}, 'feature/limits'],
    [
      'pull_request_target, by its head branch',
      { ...PULL_OPENED, name: 'pull_request_target', action: 'synchronize' },
      {},
      'feature/limits'
    ]
  ])('%s looks in the workflow repository for its origin', (_, event, overrides, branch) => {
    expect(planGrouping(agentSettings({ 'group-runs': 'true' }, 'push'), 'job', runOn(event, overrides))).toEqual({
      kind: 'look',
      origin: { repository: 'acme/api', workflow: 'Docs agent on push', branch },
      docs: CODE,
      elsewhere: false
    })
  })

  it.each<[string, GitHubEvent]>([
    ['a comment', issueCommentEvent({ body: '/docs x' })],
    [
      'a review comment',
      {
        kind: 'pull_request_review_comment',
        name: 'pull_request_review_comment',
        action: 'created',
        pull: PULL_FACTS,
        comment: { id: 1, body: '/docs x', ...actor, createdAt: '2026-03-01T12:00:00Z', path: 'a.md', lines: null, diffHunk: '' }
      }
    ],
    [
      'a review',
      {
        kind: 'pull_request_review',
        name: 'pull_request_review',
        action: 'submitted',
        pull: PULL_FACTS,
        comment: { id: 1, body: '/docs x', ...actor, createdAt: '2026-03-01T12:00:00Z' }
      }
    ],
    [
      'a label on an issue',
      {
        kind: 'issues',
        name: 'issues',
        action: 'labeled',
        issue: { number: 1, title: 'T', url: '', isPullRequest: false, body: '' },
        sender: actor,
        labeled: { label: 'docs', sender: actor, at: '2026-03-01T12:00:00Z' }
      }
    ],
    [
      'a label on a pull request',
      { ...PULL_OPENED, action: 'labeled', labeled: { label: 'docs', sender: actor, at: '2026-03-01T12:00:00Z' } }
    ]
  ])('%s never groups: it asks for something of its own', (_, event) => {
    expect(planGrouping(agentSettings({ 'group-runs': 'true' }, 'push'), 'job', runOn(event))).toEqual({ kind: 'off' })
  })

  it.each<[string, GitHubEvent, Partial<RunContext>, string]>([
    ['the push of a tag', { ...PUSH, ref: 'refs/tags/v2.0.0' }, {}, 'The run is on refs/tags/v2.0.0, not on a branch.'],
    [
      'a manual run on a tag',
      { kind: 'other', name: 'workflow_dispatch' },
      { ref: 'refs/tags/v2' },
      'The run is on refs/tags/v2, not on a branch.'
    ],
    [
      'a release event',
      { kind: 'other', name: 'release' },
      {},
      'group-runs groups push, schedule, workflow_dispatch and pull-request runs, not release runs.'
    ],
    ['a run without GITHUB_WORKFLOW', PUSH, { workflow: '' }, 'GITHUB_WORKFLOW is not set, so runs cannot be told apart by workflow.'],
    [
      'a pull request from a fork',
      { ...PULL_OPENED, pull: { ...PULL_FACTS, head: { ...PULL_FACTS.head, ref: 'patch-1', fork: true } } },
      {},
      'The pull request comes from a fork, whose branch names other forks may use too.'
    ]
  ])('%s opens a new job, saying why', (_, event, overrides, why) => {
    expect(planGrouping(agentSettings({ 'group-runs': 'true' }, 'push'), 'job', runOn(event, overrides))).toEqual({ kind: 'alone', why })
  })
})

describe('planGrouping: which runs look, by settings', () => {
  it('does nothing without group-runs', () => {
    expect(planGrouping(agentSettings({ 'group-runs': 'false' }, 'push'), 'job', runOn(PUSH))).toEqual({ kind: 'off' })
  })

  it.each(['message', 'improve'])('does nothing for operation %s, which is not job', (operation) => {
    const settings = settingsOf([...AGENT, 'improve'], stepInputs({ 'group-runs': 'true', operation, 'job-id': 'job_1' }))
    expect(planGrouping(settings, settings.operation === 'message' ? 'message' : 'job', runOn(PUSH))).toEqual({ kind: 'off' })
  })

  it('cannot group with comment: false, which writes no introduction to find the pull request by', () => {
    expect(planGrouping(agentSettings({ 'group-runs': 'true', comment: 'false' }, 'push'), 'job', runOn(PUSH))).toMatchObject({
      kind: 'alone',
      why: expect.stringContaining('comment is false')
    })
  })

  it('looks in docs-repository, another repository than the workflow one', () => {
    expect(planGrouping(agentSettings({ 'group-runs': 'true', 'docs-repository': 'acme/docs' }, 'push'), 'job', runOn(PUSH))).toMatchObject(
      {
        kind: 'look',
        docs: { owner: 'acme', repo: 'docs' },
        elsewhere: true,
        origin: { repository: 'acme/api' }
      }
    )
  })

  it('takes docs-repository naming the workflow repository in other letter case for the same one', () => {
    expect(planGrouping(agentSettings({ 'group-runs': 'true', 'docs-repository': 'ACME/Api' }, 'push'), 'job', runOn(PUSH))).toMatchObject({
      elsewhere: false
    })
  })

  it('still looks in a dry run: GitHub is read, nothing is written or sent', () => {
    expect(planGrouping(agentSettings({ 'group-runs': 'true', 'dry-run': 'true' }, 'push'), 'job', runOn(PUSH))).toMatchObject({
      kind: 'look'
    })
  })
})

/** A pull request on the in-memory GitHub: who opened it, its state, and its comments (who wrote what). */
interface PullSpec {
  number: number
  author?: string
  state?: 'open' | 'merged' | 'closed'
  comments?: { login: string; body: string }[]
}

/** GitHub's reads as the look-up sees them: open pull requests only, trusted comments whose records verify only, every read counted. */
function inMemory(pulls: PullSpec[], markerAuthors: string[] = []): GroupReads & { reads: string[] } {
  const reads: string[] = []
  const records = new CommentRecords(API_KEY, recordingLog(), new VirtualClock())
  const listed = (pull: PullSpec): OpenPull => {
    const author = pull.author ?? 'mintlify[bot]'
    return { number: pull.number, url: `https://github.com/acme/api/pull/${pull.number}`, author, byBot: author.endsWith('[bot]') }
  }
  return {
    reads,
    openPulls: () => {
      reads.push('GET /pulls')
      return Promise.resolve(pulls.filter((pull) => (pull.state ?? 'open') === 'open').map(listed))
    },
    markerComments: (number) => {
      reads.push(`GET /issues/${number}/comments`)
      const comments = pulls.find((pull) => pull.number === number)?.comments ?? []
      const trusted = comments
        .map((comment, i): MarkerComment => ({ id: number * 100 + i, url: '', ...comment, ours: comment.login === BOT_LOGIN }))
        .filter((comment) => trustsMarkerOf(comment.login, BOT_LOGIN, markerAuthors))
      return Promise.resolve(records.verified(trusted, { repository: 'acme/api', number }))
    }
  }
}

const ORIGIN: RunOrigin = { repository: 'acme/api', workflow: 'Docs agent on push', branch: 'main' }
const DOCS = { owner: 'acme', repo: 'api' }

/** The introduction of job `jobId` from a run of `origin` (null: written before origins were recorded), signed for #`pull`. */
function introduction(jobId: string, origin: RunOrigin | null, login = BOT_LOGIN, pull = 5): { login: string; body: string } {
  const body = `${jobMarker(jobId, origin) ?? ''}\n🤖 The Mintlify docs agent opened this pull request as job \`${jobId}\`.`
  return { login, body: signedComment(body, { repository: 'acme/api', number: pull }, API_KEY) }
}

/** A comment after someone edited it: `from` replaced by `to`. */
function edited(comment: { login: string; body: string }, from: string, to: string): { login: string; body: string } {
  return { ...comment, body: comment.body.replace(from, to) }
}

async function decide(pulls: PullSpec[], state: JobState, markerAuthors: string[] = []): Promise<string> {
  const found = await findGroupedPull(ORIGIN, inMemory(pulls, markerAuthors))
  const decision = continueOrOpen(found, state, DOCS, ORIGIN)
  return decision.grouped === 'continued' ? `continue ${decision.found.jobId} on #${decision.found.pull.number}` : 'new'
}

const status = (value: string | null): JobState => ({ kind: 'status', status: value })

describe('continue or open: origin × pull request state × job state × marker author', () => {
  it.each<[string, PullSpec[], JobState, string[], string]>([
    [
      'the same origin, open, its job active',
      [{ number: 5, comments: [introduction('job_1', ORIGIN)] }],
      status('active'),
      [],
      'continue job_1 on #5'
    ],
    [
      'the same origin, open, its job completed',
      [{ number: 5, comments: [introduction('job_1', ORIGIN)] }],
      status('completed'),
      [],
      'continue job_1 on #5'
    ],
    [
      'the same origin, open, its job in a status the API does not document',
      [{ number: 5, comments: [introduction('job_1', ORIGIN)] }],
      status('paused'),
      [],
      'continue job_1 on #5'
    ],
    [
      'the same origin, open, its job without a status',
      [{ number: 5, comments: [introduction('job_1', ORIGIN)] }],
      status(null),
      [],
      'continue job_1 on #5'
    ],
    ['the same origin, open, its job failed', [{ number: 5, comments: [introduction('job_1', ORIGIN)] }], status('failed'), [], 'new'],
    ['the same origin, open, its job archived', [{ number: 5, comments: [introduction('job_1', ORIGIN)] }], status('archived'), [], 'new'],
    ['the same origin, open, its job gone (404)', [{ number: 5, comments: [introduction('job_1', ORIGIN)] }], { kind: 'gone' }, [], 'new'],
    [
      'the same origin, open, in a dry run (state not read)',
      [{ number: 5, comments: [introduction('job_1', ORIGIN)] }],
      { kind: 'unread' },
      [],
      'continue job_1 on #5'
    ],
    [
      'the same origin, merged',
      [{ number: 5, state: 'merged', comments: [introduction('job_1', ORIGIN)] }],
      status('completed'),
      [],
      'new'
    ],
    [
      'the same origin, closed unmerged',
      [{ number: 5, state: 'closed', comments: [introduction('job_1', ORIGIN)] }],
      status('completed'),
      [],
      'new'
    ],
    [
      'another branch',
      [{ number: 5, comments: [introduction('job_1', { ...ORIGIN, branch: 'release' })] }],
      status('completed'),
      [],
      'new'
    ],
    [
      'another workflow',
      [{ number: 5, comments: [introduction('job_1', { ...ORIGIN, workflow: 'Nightly docs' })] }],
      status('completed'),
      [],
      'new'
    ],
    [
      'another repository',
      [{ number: 5, comments: [introduction('job_1', { ...ORIGIN, repository: 'acme/web' })] }],
      status('completed'),
      [],
      'new'
    ],
    [
      'the repository in other letter case',
      [{ number: 5, comments: [introduction('job_1', { ...ORIGIN, repository: 'ACME/Api' })] }],
      status('completed'),
      [],
      'continue job_1 on #5'
    ],
    [
      'an introduction written before origins were recorded',
      [{ number: 5, comments: [introduction('job_1', null)] }],
      status('completed'),
      [],
      'new'
    ],
    [
      'a marker by a login listed in marker-authors',
      [{ number: 5, comments: [introduction('job_1', ORIGIN, 'docs-app[bot]')] }],
      status('completed'),
      ['docs-app[bot]'],
      'continue job_1 on #5'
    ],
    ['a marker by anyone else', [{ number: 5, comments: [introduction('job_1', ORIGIN, 'mallory')] }], status('completed'), [], 'new'],
    [
      'an introduction signed for another pull request (copied here)',
      [{ number: 5, comments: [introduction('job_1', ORIGIN, BOT_LOGIN, 6)] }],
      status('completed'),
      [],
      'new'
    ],
    [
      'an introduction written before records were signed',
      [{ number: 5, comments: [{ login: BOT_LOGIN, body: jobMarker('job_1', ORIGIN) ?? '' }] }],
      status('completed'),
      [],
      'new'
    ],
    [
      'an introduction whose origin was edited to this one',
      [{ number: 5, comments: [edited(introduction('job_1', { ...ORIGIN, branch: 'release' }), 'release -->', 'main -->')] }],
      status('completed'),
      [],
      'new'
    ],
    [
      'a pull request a person opened, with a marker of the origin',
      [{ number: 5, author: 'octocat', comments: [introduction('job_1', ORIGIN)] }],
      status('completed'),
      [],
      'new'
    ],
    [
      'two introductions of the origin: the newest counts',
      [{ number: 5, comments: [introduction('job_1', ORIGIN), { login: 'octocat', body: 'LGTM' }, introduction('job_2', ORIGIN)] }],
      status('completed'),
      [],
      'continue job_2 on #5'
    ],
    [
      'the most recently updated of two matching pull requests',
      [
        { number: 9, comments: [introduction('job_9', ORIGIN, BOT_LOGIN, 9)] },
        { number: 5, comments: [introduction('job_5', ORIGIN)] }
      ],
      status('completed'),
      [],
      'continue job_9 on #9'
    ]
  ])('%s', async (_, pulls, state, markerAuthors, expected) => {
    expect(await decide(pulls, state, markerAuthors)).toBe(expected)
  })

  it('says why a new job is opened', async () => {
    const found = await findGroupedPull(ORIGIN, inMemory([{ number: 5, comments: [introduction('job_1', ORIGIN)] }]))
    expect(continueOrOpen(found, status('failed'), DOCS, ORIGIN)).toEqual({
      grouped: 'new',
      why: 'The job job_1 of acme/api#5 is failed: a new job, with a pull request of its own.'
    })
    expect(continueOrOpen(null, status(null), DOCS, ORIGIN)).toMatchObject({
      grouped: 'new',
      why: expect.stringContaining('No open agent pull request in acme/api was introduced by workflow "Docs agent on push" on branch main')
    })
  })

  it('remembers the introduction comment and whether the token wrote it, for the timeline', async () => {
    const ours = await findGroupedPull(ORIGIN, inMemory([{ number: 5, comments: [introduction('job_1', ORIGIN)] }]))
    expect(ours?.introduction).toMatchObject({ id: 500, ours: true })
    const theirs = await findGroupedPull(
      ORIGIN,
      inMemory([{ number: 5, comments: [introduction('job_1', ORIGIN, 'docs-app[bot]')] }], ['docs-app[bot]'])
    )
    expect(theirs?.introduction).toMatchObject({ id: 500, ours: false })
  })
})

describe('the look-up reads', () => {
  const otherWorkflow = (number: number): PullSpec => ({
    number,
    comments: [introduction(`job_${number}`, { ...ORIGIN, workflow: 'Other' }, BOT_LOGIN, number)]
  })

  it('one page of pull requests, then the comments of at most 10 bot pull requests, newest first, even with more of them', async () => {
    const reads = inMemory(Array.from({ length: 25 }, (_, i) => otherWorkflow(100 - i)))
    expect(await findGroupedPull(ORIGIN, reads)).toBeNull()
    expect(reads.reads).toEqual(['GET /pulls', ...Array.from({ length: MAX_PULLS_READ }, (_, i) => `GET /issues/${100 - i}/comments`)])
  })

  it('never the comments of pull requests people opened', async () => {
    const pulls: PullSpec[] = [
      { number: 30, author: 'octocat' },
      otherWorkflow(29),
      { number: 28, author: 'hubot' },
      { number: 27, comments: [introduction('job_27', ORIGIN, BOT_LOGIN, 27)] }
    ]
    const reads = inMemory(pulls)
    expect((await findGroupedPull(ORIGIN, reads))?.jobId).toBe('job_27')
    expect(reads.reads).toEqual(['GET /pulls', 'GET /issues/29/comments', 'GET /issues/27/comments'])
  })

  it('stops at the first pull request of its origin', async () => {
    const reads = inMemory([
      { number: 40, comments: [introduction('job_40', ORIGIN, BOT_LOGIN, 40)] },
      otherWorkflow(39),
      otherWorkflow(38)
    ])
    await findGroupedPull(ORIGIN, reads)
    expect(reads.reads).toEqual(['GET /pulls', 'GET /issues/40/comments'])
  })
})
