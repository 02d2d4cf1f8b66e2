/**
 * Signed records end to end (DESIGN, "Who may steer the agent": "Records are signed"): a record in the
 * action's own comment counts only when its signature verifies for that issue or pull request, so editing
 * the comment, or copying it elsewhere, forges nothing; such a comment is ignored with one notice.
 */
import { afterEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { SimComment, Simulator } from '../../../simulator/index.js'
import { parseRecord, renderRecord } from '../../../src/operations/agent/decide/docs-record.js'
import { at, defined, only } from '../../expect-helpers.js'
import { signedComment } from '../../fixtures/signed-comments.js'
import { commentPayload, PULL, PULL_HEAD_SHA, pullRequestOpened, REPO, workflowDispatchPayload } from '../../fixtures/webhook-payloads.js'
import { annotations } from '../harness.js'
import { editComment, mark, mintlifyCalls, ownComments, runOn, startHelloWorld } from './helpers.js'

let sim: Simulator
afterEach(async () => {
  await sim.close()
})

/** The one notice of a comment whose records do not verify. */
const ignored = (comment: SimComment): string =>
  `1 record in ${comment.html_url} was not written by this action, or with another API key: ignored`

/** The notices of a run that speak of records. */
const recordNotices = (run: ActionRun): string[] => annotations(run, 'notice').filter((notice) => notice.includes(' record in '))

/** A `/docs` command on pull request `on`, as Codertocat (who has write). */
function command(on: number, body: string): Promise<ActionRun> {
  return runOn(sim, 'issue_comment', commentPayload(sim, { body, on, pullRequest: true }), { inputs: { prompt: '' } })
}

describe("the docs state in the action's sticky comment", () => {
  const CHECK = { 'status-context': 'docs' }
  const reopened = () => ({ ...pullRequestOpened(), action: 'reopened' })
  const DOCS_STATE = /<!-- docs-agent-action:docs-state v1 [A-Za-z0-9_-]+ -->/

  /** The first run's sticky comment, its record given a skip "by @cto", as an edit of the comment would. */
  async function stickyWithSkip(): Promise<{ sticky: SimComment; skipped: string }> {
    await runOn(sim, 'pull_request_target', pullRequestOpened(), { inputs: CHECK })
    const sticky = only(
      ownComments(sim, PULL).filter((comment) => DOCS_STATE.test(comment.body)),
      'sticky comment'
    )
    const record = defined(parseRecord(sticky.body), 'the record')
    const skip = { login: 'cto', reason: 'No user-facing change', at: new Date().toISOString(), sha: '' }
    const forged = defined(renderRecord({ ...record, skip }), 'the forged record')
    return { sticky, skipped: sticky.body.replace(DOCS_STATE, forged) }
  }

  test('edited to carry a skip "by @cto": ignored with one notice, and the job runs', async () => {
    sim = await startHelloWorld()
    const { sticky, skipped } = await stickyWithSkip()
    await editComment(sim, sticky, () => skipped)
    const before = mark(sim)

    const run = await runOn(sim, 'pull_request_target', reopened(), { inputs: CHECK })

    expect(run.outputs.outcome).toBe('pr-opened')
    expect(mintlifyCalls(sim, before)[0]).toBe('POST /job')
    const descriptions = sim.github.statuses(REPO, PULL_HEAD_SHA).map((status) => status.description ?? '')
    expect(descriptions.filter((description) => description.includes('@cto'))).toEqual([])
    expect(descriptions.at(-1)).toMatch(/^Documented in /)
    expect(recordNotices(run)).toEqual([ignored(sticky)])
  })

  test('the same skip signed with the key would hold: the edit alone is what is refused', async () => {
    sim = await startHelloWorld()
    const { sticky, skipped } = await stickyWithSkip()
    await editComment(sim, sticky, () => signedComment(skipped, { repository: REPO, number: PULL }, sim.apiKey))
    const before = mark(sim)

    const run = await runOn(sim, 'pull_request_target', reopened(), { inputs: CHECK })

    expect(run.outputs.outcome).toBe('skipped')
    expect(mintlifyCalls(sim, before)).toEqual([])
    expect(annotations(run, 'notice').join('\n')).toContain('@cto')
    expect(recordNotices(run)).toEqual([])
  })
})

describe("the job marker of the agent's pull request", () => {
  /** Two manual runs: job_0001 opens #101, job_0002 opens #102, each introduced by the action. */
  async function twoAgentPulls(): Promise<{ intro101: SimComment; intro102: SimComment }> {
    sim = await startHelloWorld()
    await runOn(sim, 'workflow_dispatch', workflowDispatchPayload())
    await runOn(sim, 'workflow_dispatch', workflowDispatchPayload())
    return {
      intro101: at(ownComments(sim, 101), 0, 'introduction of #101'),
      intro102: at(ownComments(sim, 102), 0, 'introduction of #102')
    }
  }

  test('redirected to another job by an edit: /docs there starts a new job, with one notice', async () => {
    const { intro101 } = await twoAgentPulls()
    await editComment(sim, intro101, (body) => body.replace('job_0001', 'job_0002'))
    const before = mark(sim)

    const run = await command(101, '/docs Fix the headings')

    expect(mintlifyCalls(sim, before)[0]).toBe('POST /job')
    expect(run.outputs['job-id']).toBe('job_0003')
    expect(sim.jobs.get('job_0002')?.messages).toEqual([])
    expect(sim.jobs.get('job_0001')?.messages).toEqual([])
    expect(recordNotices(run)).toEqual([ignored(intro101)])
  })

  test("copied to another agent pull request: it does not verify there, and that pull request's own job is followed", async () => {
    const { intro101 } = await twoAgentPulls()
    const copy = sim.github.addComment(REPO, 102, { user: sim.github.identity, body: intro101.body })
    const before = mark(sim)

    const run = await command(102, '/docs Fix the headings')

    expect(mintlifyCalls(sim, before)[0]).toBe('POST /job/job_0002/message')
    expect(sim.jobs.get('job_0001')?.messages).toEqual([])
    expect(recordNotices(run)).toEqual([ignored(copy)])
  })

  test('copied to a code pull request: /docs there starts a new job instead of following the copied one', async () => {
    const { intro101 } = await twoAgentPulls()
    const copy = sim.github.addComment(REPO, PULL, { user: sim.github.identity, body: intro101.body })
    const before = mark(sim)

    const run = await command(PULL, '/docs Rewrite the README')

    expect(mintlifyCalls(sim, before)[0]).toBe('POST /job')
    expect(sim.jobs.get('job_0001')?.messages).toEqual([])
    expect(recordNotices(run)).toEqual([ignored(copy)])
  })
})
