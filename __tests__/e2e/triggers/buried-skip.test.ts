/**
 * A skip the maintainer cleared never comes back (DESIGN "Records are ordered by what is signed"): a record's
 * sequence is above the highest its run read and at least the current time in seconds, and while older
 * comments are left unread the first page is read too. The attack: a fork's author raises the sequence with
 * title edits, a maintainer skips, the author buries the skip under 1,000 comments, the maintainer asks for
 * docs and the job fails, the author deletes the spam and edits the title again.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import type { ActionRun } from '../../../scripts/run-action.js'
import type { Simulator } from '../../../simulator/index.js'
import { commentPayload, COMMENTER, REPO } from '../../fixtures/webhook-payloads.js'
import { codePullEvent, STRANGER_FORK } from './code-pull-event.js'
import { runOn, startHelloWorld } from './helpers.js'

const PULL = 6
const HEAD = 'a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6'
const INPUTS = { 'status-context': 'docs', paths: 'src/**' }

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
  sim.github.setPermission(REPO, 'stranger', null)
  sim.github.addIssue(REPO, {
    number: PULL,
    title: 'Add the invoices API',
    user: 'stranger',
    pullRequest: true,
    headRepo: STRANGER_FORK,
    headSha: HEAD,
    commits: ['Add the invoices API'],
    files: ['src/invoices.ts']
  })
})
afterEach(async () => {
  await sim.close()
})

/** The fork's pull request event with `action` (an `edited` one changes the title), counting the comments it has now. */
function forkEvent(action: 'opened' | 'edited', title = 'Add the invoices API'): Promise<ActionRun> {
  const changes = action === 'edited' ? { title: { from: 'an older title' } } : undefined
  const comments = sim.github.comments(REPO, PULL).length
  const payload = codePullEvent(action, {
    number: PULL,
    head: HEAD,
    fork: true,
    files: 1,
    comments,
    title,
    ...(changes ? { changes } : {})
  })
  return runOn(sim, 'pull_request_target', payload, { inputs: INPUTS })
}

/** A maintainer's command, its payload counting the comments the pull request has (as GitHub's does). */
function maintainer(body: string): Promise<ActionRun> {
  const payload = commentPayload(sim, { body, on: PULL, pullRequest: true, login: COMMENTER })
  payload.issue.comments = sim.github.comments(REPO, PULL).length
  return runOn(sim, 'issue_comment', payload, { inputs: INPUTS })
}

/** The docs status on the head as GitHub shows it: the newest one written. */
function shownStatus(): { state: string; description: string } {
  const newest = sim.github.statuses(REPO, HEAD).at(-1)
  return { state: newest?.state ?? '', description: newest?.description ?? '' }
}

describe("a skip buried under a fork author's comments, then brought back", () => {
  test('the failure written after it still counts once the spam is deleted: the skip does not come back', async () => {
    expect((await forkEvent('opened')).outputs.outcome).toBe('skipped')
    // 1. The author raises the sequence: each title edit rewrites the waiting record.
    for (let edit = 1; edit <= 4; edit++) await forkEvent('edited', `Add the invoices API (take ${edit})`)
    // 2. A maintainer skips.
    expect((await maintainer('/docs skip no user-facing change')).outputs.outcome).toBe('skipped')
    expect(shownStatus().description).toMatch(/^Docs skipped by @/)
    // 3. The author buries the skip under 1,000 comments.
    const spam = Array.from({ length: 1000 }, (_, i) => sim.github.addComment(REPO, PULL, { user: 'stranger', body: `spam ${i + 1}` }))
    // 4. The maintainer asks for docs after all, and the job fails.
    sim.scriptNextJob({ outcome: 'failed', afterPolls: 1 })
    const asked = await maintainer('/docs document the invoices API')
    expect(asked.outputs.outcome).toBe('failed')
    expect(shownStatus().state).toBe('failure')
    // 5. The author deletes the spam and edits the title.
    for (const comment of spam) sim.github.deleteComment(REPO, comment.id)
    const edited = await forkEvent('edited', 'Add the invoices API (final)')

    expect(edited.outputs.outcome).not.toBe('pr-opened')
    expect(shownStatus().state).toBe('failure')
    expect(shownStatus().description).not.toMatch(/^Docs skipped/)
    // Eight runs and 1,000 comments: a loaded machine needs more than the 30 s an end-to-end test gets.
  }, 120_000)
})
