/**
 * Records ordered by what is signed, end to end (DESIGN, "Who may steer the agent": "Records are ordered
 * by what is signed, never by GitHub's times"): the newest record is the one with the highest signed
 * sequence, so a cosmetic edit of an older comment of the action (its `updated_at` now the newest) changes
 * no state, no skip and no `fix-checks` budget; the rounds of `fix-checks` are read as a merge; records of
 * the previous version (no sequence) keep the order that version gave them.
 */
import { afterEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { SimComment, Simulator } from '../../../simulator/index.js'
import { stickyMarker } from '../../../src/github/markers.js'
import { renderRecord, type DocsRecord } from '../../../src/operations/agent/decide/docs-record.js'
import { renderRoundsRecord, type RoundsRecord } from '../../../src/operations/fix-checks/rounds-record.js'
import type { Sequence } from '../../../src/trust/record-order.js'
import { at, defined } from '../../expect-helpers.js'
import { signedComment } from '../../fixtures/signed-comments.js'
import {
  checkSuitePayload,
  commentPayload,
  COMMENTER,
  PULL,
  pullRequestOpened,
  REPO,
  workflowDispatchPayload
} from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { editComment, mark, mintlifyCalls, ownComments, runOn, startHelloWorld } from './helpers.js'

let sim: Simulator
/** How far the fake GitHub's clock runs ahead of the real one: an edit made "an hour later" costs no wait. */
let ahead = 0
afterEach(async () => {
  await sim.close()
})

async function start(): Promise<void> {
  ahead = 0
  sim = await startHelloWorld({ now: () => Date.now() + ahead })
}

/** A cosmetic edit of `comment`, an hour after everything before it: a line of text added, its records untouched. */
async function editLater(comment: SimComment): Promise<void> {
  ahead += 3_600_000
  await editComment(sim, comment, (body) => `_Edited: a typo fixed._\n${body}`)
  // GitHub's times now call the edited comment the newest of the action's there.
  const own = ownComments(sim, issueOf(comment))
  const newest = [...own].sort((a, b) => a.updated_at.localeCompare(b.updated_at)).at(-1)
  expect(newest?.id).toBe(comment.id)
  expect(own.filter((c) => c.updated_at === newest?.updated_at)).toHaveLength(1)
}

/** The issue or pull request a comment of the fake is on, from its URL. */
function issueOf(comment: SimComment): number {
  return Number(/\/(?:issues|pull)\/(\d+)#/.exec(comment.html_url)?.[1])
}

/** A push to pull request #2 moving its head to `head`, with a docs check. */
function pushed(head: string): Promise<ActionRun> {
  sim.github.pushToPull(REPO, PULL, head)
  const payload = pullRequestOpened() as unknown as Record<string, unknown> & { pull_request: Record<string, unknown> }
  const before = (payload.pull_request.head as { sha: string }).sha
  Object.assign(payload, { action: 'synchronize', before, after: head })
  payload.pull_request.head = { ...(payload.pull_request.head as object), sha: head }
  return runOn(sim, 'pull_request_target', payload, { inputs: CHECK })
}

/** Writes a comment as the action's identity, its records signed for `on` (with `sequence`, as this version writes them). */
function writtenByAction(on: number, body: string, sequence: Sequence | null): SimComment {
  const signed = signedComment(body, { repository: REPO, number: on }, sim.apiKey, sequence)
  return sim.github.addComment(REPO, on, { user: sim.github.identity, body: signed })
}

const CHECK = { 'status-context': 'docs' }
const NEXT_HEAD = 'b1f2c3d4e5f60718293a4b5c6d7e8f9012345678'
const SEQ_TIME = '2026-03-01T10:00:00.000Z'
const LATER_TIME = '2026-03-01T10:00:01.000Z'

describe('the docs state: a cosmetic edit of an old /docs skip reply', () => {
  const command = (body: string): Promise<ActionRun> =>
    runOn(sim, 'issue_comment', commentPayload(sim, { body, on: PULL, pullRequest: true }), { inputs: CHECK })

  test('brings no skip back: the next push runs the job a later /docs asked for', async () => {
    await start()
    await command('/docs skip internal refactor')
    const reply = defined(
      ownComments(sim, PULL).find((comment) => comment.body.includes('### Docs skipped')),
      'the skip reply'
    )
    const asked = await command('/docs document the new flag after all')
    expect(asked.outputs.outcome).toBe('pr-opened')
    await editLater(reply)
    const before = mark(sim)

    const run = await pushed(NEXT_HEAD)

    expect(run.outputs.outcome).not.toBe('skipped')
    expect(mintlifyCalls(sim, before).length).toBeGreaterThan(0)
    const descriptions = sim.github.statuses(REPO, NEXT_HEAD).map((status) => status.description ?? '')
    expect(descriptions.filter((description) => description.startsWith('Docs skipped'))).toEqual([])
    expect(descriptions.at(-1)).toMatch(/^Documented in /)
  })
})

describe('fix-checks on the agent pull request', () => {
  const AGENT_PULL = 101
  const [H1, H2, H3] = ['a1', 'b2', 'c3'].map((pair) => pair.repeat(20)) as [string, string, string]
  const LINK_ROT = 'Mintlify Validation (acme) - link-rot'
  const round = (head: string): RoundsRecord['rounds'][number] => ({ head, fingerprint: 'f00dfeedf00dfeed' })

  /** #101, introduced by a manual run's job_0001, at `head`, whose link-rot check fails. */
  async function agentPullFailingAt(head: string): Promise<void> {
    await start()
    await runOn(sim, 'workflow_dispatch', workflowDispatchPayload())
    failAt(head)
  }

  function failAt(head: string): void {
    sim.github.pushToPull(REPO, AGENT_PULL, head)
    sim.github.addCheckRun(REPO, { sha: head, name: LINK_ROT, conclusion: 'failure', title: '1 broken link', summary: 'Broken links.' })
  }

  /** A sticky comment of workflow `workflow` holding `record`. */
  function rounds(workflow: string, record: RoundsRecord, sequence: Sequence | null): SimComment {
    return writtenByAction(AGENT_PULL, `${stickyMarker(workflow)}\nRounds.\n${defined(renderRoundsRecord(record))}\n`, sequence)
  }

  /** A person's follow-up: its status comment, with the fresh budget it wrote. */
  function freshBudget(heads: string[], sequence: Sequence | null): SimComment {
    return writtenByAction(
      AGENT_PULL,
      `${stickyMarker('Docs agent/docs')}\nFollow-up sent.\n${defined(renderRoundsRecord({ heads, rounds: [] }))}\n`,
      sequence
    )
  }

  const wake = (head: string, budget: string): Promise<ActionRun> =>
    runOn(sim, 'check_suite', checkSuitePayload({ sha: head, pulls: [{ number: AGENT_PULL }] }), {
      inputs: { prompt: '', 'fix-checks': budget },
      env: { GITHUB_WORKFLOW: 'Fix checks', GITHUB_JOB: 'fix' }
    })
  const messages = (): string[] => sim.jobs.get('job_0001')?.messages ?? []

  test("a cosmetic edit of an old rounds comment takes back no person's fresh budget", async () => {
    await agentPullFailingAt(H2)
    // The follow-up's status comment stands first (a sticky comment written again in place), the older round below it.
    freshBudget([H1], { number: 3, at: LATER_TIME })
    const spent = rounds('Fix checks/fix', { heads: [H1], rounds: [round(H1)] }, { number: 2, at: SEQ_TIME })
    await editLater(spent)

    const run = await wake(H2, '1')

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(messages()).toHaveLength(1)
    expect(at(messages(), 0, 'the round')).toContain(`Check: ${LINK_ROT}`)
  })

  test('two runs that read the same record: both heads stay answered and both rounds count', async () => {
    await agentPullFailingAt(H2)
    // Written from the same read (sequence 2 each): one answered H2, the other, in a sticky comment of its own, H1.
    rounds('Fix checks/fix', { heads: [H2], rounds: [round(H2)] }, { number: 2, at: LATER_TIME })
    rounds('CI fixes/fix', { heads: [H1], rounds: [round(H1)] }, { number: 2, at: SEQ_TIME })

    const again = await wake(H2, '2')

    expect(again.outputs.outcome).toBe('skipped')
    expect(again.log).toContain(`The checks at ${H2.slice(0, 7)} were answered already.`)
    failAt(H3)
    const spent = await wake(H3, '2')
    expect(spent.outputs.outcome).toBe('skipped')
    expect(annotations(spent, 'notice')).toEqual([`Checks still fail after 2 automatic rounds: ${LINK_ROT}. A person needs to look.`])
    expect(messages()).toEqual([])
  })

  test("the previous version's rounds records keep their comment order, whatever was edited since", async () => {
    await agentPullFailingAt(H2)
    const fresh = freshBudget([H1], null)
    rounds('Fix checks/fix', { heads: [H1], rounds: [round(H1)] }, null)
    // By comment order, as that version read them, the round below the fresh budget spends it; the edit changes nothing.
    await editLater(fresh)

    const run = await wake(H2, '1')

    expect(run.outputs.outcome).toBe('skipped')
    expect(annotations(run, 'notice')).toEqual([`Checks still fail after 1 automatic round: ${LINK_ROT}. A person needs to look.`])
    expect(messages()).toEqual([])
  })
})

describe("the previous version's docs state", () => {
  const documented: DocsRecord = {
    agentPull: null,
    jobId: null,
    status: { state: 'success', description: 'Documented in Codertocat/Hello-World#100', targetUrl: null },
    skip: null,
    shown: []
  }
  const skipped: DocsRecord = {
    ...documented,
    status: { state: 'success', description: 'Docs skipped by @octocat: tests only', targetUrl: null },
    skip: { login: COMMENTER, reason: 'tests only', at: '2026-03-01T09:00:00.000Z', sha: '' }
  }

  test('is the one written last, as that version read it (not the later comment); the next record is written after it', async () => {
    await start()
    const sticky = writtenByAction(PULL, `${stickyMarker('Docs agent/docs')}\n### ✅ Done\n${defined(renderRecord(documented))}\n`, null)
    writtenByAction(PULL, `### Docs skipped\n${defined(renderRecord(skipped))}\n`, null)
    // That version updated its sticky comment in place after the skip: by the time it was last written, it is the newest.
    await editLater(sticky)
    const before = mark(sim)

    const run = await pushed(NEXT_HEAD)

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(mintlifyCalls(sim, before)[0]).toBe('POST /job')
    // The run's record, in its sticky comment, is placed after every record of the previous version.
    const written = ownComments(sim, PULL).filter((comment) => comment.body.includes(stickyMarker('Docs agent/docs')))
    expect(written.at(-1)?.body).toMatch(/<!-- docs-agent-action:seq [1-9]\d* \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z -->/)
  })
})
