/**
 * `operation: preview`: the branch from `branch` or the event, one sticky comment per branch on the pull
 * request ("building" with the link, then "ready" with the changed pages, or "failed"), never ready before
 * the status says success, the preview-url output, and the branches it must not or cannot build.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { commentPayload, PULL, PUSH_SHA, pullRequestOpened, pushPayload, REPO } from '../../fixtures/webhook-payloads.js'
import type { Simulator } from '../../../simulator/index.js'
import { at, only } from '../../expect-helpers.js'
import { annotations, expectFailedWith } from '../harness.js'
import { outsideCodeBlocks, plainText, runOn } from '../triggers/helpers.js'
import {
  commentBodies,
  gitHubWrites,
  hostileLog,
  PULL_BRANCH,
  previewComments,
  previewUrlOf,
  RUN_URL,
  runPreviewOnPull,
  runPreviewOnPush,
  startHelloWorld,
  triggers
} from './helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startHelloWorld()
})
afterEach(async () => {
  await sim.close()
})

const PREVIEW = previewUrlOf(PULL_BRANCH)

/** The pull request's files: pages under docs/ (one a folder's index), and files that are no page there. */
const DOCS_FILES = [
  'docs/guides/setup.mdx',
  'docs/api/index.md',
  { filename: 'docs/billing.mdx', status: 'added' as const },
  { filename: 'docs/old.mdx', status: 'removed' as const },
  'docs/snippets/note.mdx',
  'docs/docs.json',
  'README.md',
  'site/other.mdx'
]

describe('on a pull request', () => {
  test('posts "building" with the link once the preview is accepted, then makes the same comment "ready" with the changed pages', async () => {
    sim.github.setPullFiles(REPO, PULL, DOCS_FILES)
    const run = await runPreviewOnPull(sim, { 'docs-path': 'docs' })

    expect(run.exitCode).toBe(0)
    const deployment = only(sim.deployments.list(), 'preview')
    expect(deployment).toMatchObject({ kind: 'preview', branch: PULL_BRANCH, previewUrl: PREVIEW })
    expect(run.outputs).toMatchObject({ outcome: 'deployed', 'preview-url': PREVIEW, 'status-id': deployment.statusId, status: 'success' })
    expect(run.outputs).not.toHaveProperty('docs-url')
    expect(JSON.parse(at(triggers(sim), 0).body)).toEqual({ branch: PULL_BRANCH })

    const [building, ...rest] = commentBodies(sim)
    expect(plainText(building ?? '')).toContain(`Docs preview of \`${PULL_BRANCH}\` is building`)
    expect(building).toContain(`(${PREVIEW}/)`)
    expect(building).not.toMatch(/ready/i)
    expect(rest).toHaveLength(1)

    const comment = only(previewComments(sim), 'preview comment')
    expect(run.outputs['comment-url']).toBe(comment.html_url)
    const text = plainText(comment.body)
    expect(text).toContain(`Docs preview of \`${PULL_BRANCH}\` is ready`)
    expect(text).toContain(`The preview is live at ${PREVIEW}.`)
    expect(comment.body).toContain(`- [\`/guides/setup\`](${PREVIEW}/guides/setup)`)
    expect(comment.body).toContain(`- [\`/api\`](${PREVIEW}/api)`)
    expect(comment.body).toContain(`- [\`/billing\`](${PREVIEW}/billing)`)
    // Removed pages, snippets, non-pages and files outside docs-path are not linked.
    for (const left of ['/old', '/snippets', 'docs.json', 'README', 'other']) expect(comment.body).not.toContain(left)
    expect(comment.body).toContain(`Status id \`${deployment.statusId}\``)
    expect(comment.body).toContain(`[workflow run](${RUN_URL})`)
  })

  test('links at most 10 changed pages, then says how many more', async () => {
    sim.github.setPullFiles(
      REPO,
      PULL,
      Array.from({ length: 13 }, (_, i) => `page-${String(i + 1).padStart(2, '0')}.mdx`)
    )
    await runPreviewOnPull(sim)

    const body = only(previewComments(sim), 'preview comment').body
    expect(body.match(/^- \[`\/page-\d\d`\]/gm)).toHaveLength(10)
    expect(body).toContain(`(${PREVIEW}/page-10)`)
    expect(body).not.toContain('page-11')
    expect(body).toContain('- and 3 more')
  })

  test('a second run on the same branch updates the same comment; a run for another branch gets its own', async () => {
    await runPreviewOnPull(sim)
    const first = only(previewComments(sim), 'preview comment')
    const second = await runPreviewOnPull(sim)

    expect(second.outputs.outcome).toBe('deployed')
    expect(previewComments(sim).map((c) => c.id)).toEqual([first.id])
    expect(second.outputs['comment-url']).toBe(first.html_url)
    expect(sim.deployments.list()).toHaveLength(2)

    const other = await runPreviewOnPull(sim, { branch: 'docs/other' })
    expect(other.outputs['preview-url']).toBe(previewUrlOf('docs-other'))
    const comments = previewComments(sim)
    expect(comments).toHaveLength(2)
    expect(plainText(at(comments, 0).body)).toContain(`Docs preview of \`${PULL_BRANCH}\` is ready`)
    expect(plainText(at(comments, 1).body)).toContain('Docs preview of `docs/other` is ready')
    expect(other.outputs['comment-url']).toBe(at(comments, 1).html_url)
  })

  test('branches whose names differ only in characters a marker cannot hold keep comments of their own', async () => {
    await runPreviewOnPull(sim, { branch: 'docs/a' })
    await runPreviewOnPull(sim, { branch: 'docs_a' })

    const comments = previewComments(sim)
    expect(comments.map((c) => /Docs preview of `([^`]+)`/.exec(plainText(c.body))?.[1])).toEqual(['docs/a', 'docs_a'])
  })

  test('a failed build makes the comment say failed, with the summary and the log tail, and the run fails', async () => {
    const logs = hostileLog(40)
    sim.deployments.scriptNext({ outcome: 'failure', summary: 'Build failed: unclosed <Card> in quickstart.mdx', logs })
    const run = await runPreviewOnPull(sim)

    expectFailedWith(run, 'failed', /^The preview of branch changes failed: Build failed: unclosed <Card> in quickstart\.mdx\.$/)
    expect(run.outputs['preview-url']).toBe(PREVIEW)
    const body = only(previewComments(sim), 'preview comment').body
    expect(plainText(body)).toContain(`Docs preview of \`${PULL_BRANCH}\` failed`)
    expect(body).not.toMatch(/ready/i)
    // The summary is the server's text: shown, never obeyed as markup.
    expect(outsideCodeBlocks(body)).toContain('Build failed: unclosed &lt;Card&gt; in quickstart.mdx')
    expect(body).toContain('**Last log lines** (30 of 40)')
    expect(body).toContain('Build failed: `</Card>` unexpected')
    expect(outsideCodeBlocks(body)).not.toMatch(/<img|@octocat|Rendered page/)
  })

  test('never says ready while the status is not success', async () => {
    sim.deployments.scriptNext({ queuedMs: 300, inProgressMs: 2000 })
    // Looked at every few milliseconds while the run goes: each comment as it stands, with the status at that moment.
    const seen: { status: string; bodies: string[] }[] = []
    const run = await runPreviewOnPull(
      sim,
      {},
      {
        cancelWhen: () => {
          const deployment = sim.deployments.list()[0]
          if (deployment) seen.push({ status: deployment.status(), bodies: previewComments(sim).map((c) => c.body) })
          return false
        }
      }
    )

    expect(run.outputs.outcome).toBe('deployed')
    const before = seen.filter((s) => s.status !== 'success')
    // The comment was seen building while the deployment was queued and in progress.
    expect(before.some((s) => s.status === 'in_progress' && s.bodies.some((b) => b.includes('is building')))).toBe(true)
    for (const { bodies } of before) for (const body of bodies) expect(body).not.toMatch(/ready/i)
    expect(only(previewComments(sim)).body).toMatch(/is ready/)
  })

  test('comment: false posts nothing, and the preview is still deployed with its URL', async () => {
    const run = await runPreviewOnPull(sim, { comment: 'false' })

    expect(run.outputs).toMatchObject({ outcome: 'deployed', 'preview-url': PREVIEW })
    expect(gitHubWrites(sim)).toEqual([])
  })
})

describe('a pull request from a fork', () => {
  test('(another head repository) starts nothing by itself: skipped with the trust notice, nothing sent or written', async () => {
    const payload = pullRequestOpened()
    const head = (payload.pull_request as unknown as { head: { repo: Record<string, unknown> } }).head
    head.repo.full_name = 'octo-fork/Hello-World'
    const run = await runPreviewOnPull(sim, {}, { payload })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ outcome: 'skipped', 'failure-reason': '' })
    expect(annotations(run, 'notice')).toEqual([expect.stringContaining('The pull request comes from a fork')])
    expect(sim.mintlifyRequests()).toEqual([])
    expect(gitHubWrites(sim)).toEqual([])
  })

  test('(head.repo.fork, the same repository) is a branch of a repository that is itself a fork: previewed', async () => {
    const payload = pullRequestOpened()
    ;(payload.pull_request as unknown as { head: { repo: Record<string, unknown> } }).head.repo.fork = true
    const run = await runPreviewOnPull(sim, {}, { payload })

    expect(run.outputs).toMatchObject({ outcome: 'deployed', 'preview-url': PREVIEW })
  })

  test("a maintainer's comment asking for the preview of a fork's branch is skipped: Mintlify cannot build it", async () => {
    sim.github.addIssue(REPO, { number: 3, title: 'From a fork', user: 'stranger', pullRequest: true, headRepo: 'octo-fork/Hello-World' })
    const run = await runOn(sim, 'issue_comment', commentPayload(sim, { body: '/preview', on: 3, pullRequest: true }), {
      inputs: { operation: 'preview' }
    })

    expect(run.outputs.outcome).toBe('skipped')
    expect(annotations(run, 'notice')).toEqual([expect.stringMatching(/comes from a fork, and Mintlify cannot build branches of forks/)])
    expect(sim.mintlifyRequests()).toEqual([])
  })
})

describe('the branch', () => {
  test('a branch input git would refuse is bad input naming branch, before any request', async () => {
    const run = await runPreviewOnPull(sim, { branch: 'docs..billing' })

    expectFailedWith(run, 'failed', /^Input 'branch' is 'docs\.\.billing', which is not a branch name git accepts: contains '\.\.'\.$/)
    expect(sim.mintlifyRequests()).toEqual([])
    expect(sim.githubRequests()).toEqual([])
  })

  test('without a branch input or an event that names one, it is bad input naming branch', async () => {
    const run = await runOn(sim, 'workflow_dispatch', {}, { inputs: { operation: 'preview' } })

    expectFailedWith(run, 'failed', /^Input 'branch' is empty and the workflow_dispatch event names no branch to preview: set branch/)
    expect(sim.mintlifyRequests()).toEqual([])
  })

  test('on a push, it is the pushed branch, and the preview goes to the pull request the commit belongs to', async () => {
    sim.github.linkCommit(REPO, PUSH_SHA, [PULL])
    const run = await runPreviewOnPush(sim)

    expect(run.outputs).toMatchObject({ outcome: 'deployed', 'preview-url': previewUrlOf('master') })
    expect(JSON.parse(at(triggers(sim), 0).body)).toEqual({ branch: 'master' })
    expect(plainText(only(previewComments(sim)).body)).toContain('Docs preview of `master` is ready')
  })

  test('on a push of a commit in no pull request, the summary alone carries the preview', async () => {
    const run = await runPreviewOnPush(sim)

    expect(run.outputs.outcome).toBe('deployed')
    expect(run.log).toContain(`Commit ${PUSH_SHA.slice(0, 7)} belongs to no pull request: the preview goes to the job summary only.`)
    expect(gitHubWrites(sim)).toEqual([])
    expect(plainText(run.summary)).toContain(`The preview of branch master is ready: ${previewUrlOf('master')}`)
  })

  test('on a push of a tag, it is bad input naming branch', async () => {
    const run = await runPreviewOnPush(sim, {}, { ...pushPayload(), ref: 'refs/tags/v1.0.0' })

    expectFailedWith(run, 'failed', /^Input 'branch' is empty and the push was of refs\/tags\/v1\.0\.0, not a branch/)
    expect(sim.mintlifyRequests()).toEqual([])
  })

  test('under a comment on a pull request, it is the head branch read from GitHub', async () => {
    const payload = commentPayload(sim, { body: 'Preview please', on: PULL, pullRequest: true })
    const run = await runOn(sim, 'issue_comment', payload, { inputs: { operation: 'preview' } })

    // The fake GitHub's pull request #2 has the head branch feature-2.
    expect(run.outputs).toMatchObject({ outcome: 'deployed', 'preview-url': previewUrlOf('feature-2') })
    expect(JSON.parse(at(triggers(sim), 0).body)).toEqual({ branch: 'feature-2' })
    expect(sim.githubRequests().some((r) => r.method === 'GET' && r.path === `/api/v3/repos/${REPO}/pulls/${PULL}`)).toBe(true)
    expect(plainText(only(previewComments(sim)).body)).toContain('Docs preview of `feature-2` is ready')
  })
})

describe('previews the plan does not include', () => {
  test('a 403 fails naming the plan, and the comment says the preview failed', async () => {
    sim.deployments.setPreviewsEnabled(false)
    const run = await runPreviewOnPull(sim)

    expectFailedWith(
      run,
      'failed',
      /^Could not trigger the preview of branch changes: HTTP 403, the organization's plan may not include preview deployments, or the API key is not allowed/
    )
    expect(run.outputs['preview-url']).toBe('')
    expect(run.outputs['failure-reason']).toContain('Preview deployments are not available on your current plan.')
    expect(triggers(sim)).toHaveLength(1)
    const body = only(previewComments(sim)).body
    expect(plainText(body)).toContain(`Docs preview of \`${PULL_BRANCH}\` failed`)
    expect(body).not.toMatch(/ready|building/i)
  })
})

describe('the API key', () => {
  test('echoed by the build (summary, log, commit message) shows nowhere: not in outputs, summary, log or comment', async () => {
    const key = sim.apiKey
    sim.deployments.scriptNext({
      outcome: 'failure',
      summary: `Build failed: token ${key} was rejected`,
      logs: ['Cloning', `curl -H "Authorization: Bearer ${key}"`, `{"key":"${key}"}`, 'Build failed'],
      commit: { message: `Rotate ${key}` }
    })
    // runAgainst fails the test if the key appears in the log, outputs, summary or anything sent to GitHub.
    const run = await runPreviewOnPull(sim, { environment: 'docs-preview' })

    expect(run.outputs.outcome).toBe('failed')
    expect(run.outputs['failure-reason']).toMatch(/^The preview of branch changes failed: Build failed: token \S+ was rejected\.$/)
    expect(only(previewComments(sim)).body).toContain('Authorization: Bearer')
  })
})

describe('where the preview comment goes', () => {
  test('a manual run comments on no pull request unless pr-number names one, whatever pull request GITHUB_SHA belongs to', async () => {
    // The dispatched ref's head is the merge of pull request #2.
    sim.github.linkCommit(REPO, '0'.repeat(40), [PULL])
    const run = await runOn(sim, 'workflow_dispatch', {}, { inputs: { operation: 'preview', branch: 'docs/agent' } })

    expect(run.outputs.outcome).toBe('deployed')
    expect(gitHubWrites(sim)).toEqual([])

    const named = await runOn(
      sim,
      'workflow_dispatch',
      {},
      { inputs: { operation: 'preview', branch: 'docs/agent', 'pr-number': String(PULL) } }
    )
    expect(named.outputs.outcome).toBe('deployed')
    expect(plainText(only(previewComments(sim)).body)).toContain('Docs preview of `docs/agent` is ready')
  })

  test('a push previewing another branch than the pushed one does not comment on the pushed commit’s pull request', async () => {
    sim.github.linkCommit(REPO, PUSH_SHA, [PULL])
    const run = await runPreviewOnPush(sim, { branch: 'docs/agent' })

    expect(run.outputs.outcome).toBe('deployed')
    expect(gitHubWrites(sim)).toEqual([])
  })
})
