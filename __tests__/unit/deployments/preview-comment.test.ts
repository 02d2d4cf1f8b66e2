import { describe, expect, it } from '@jest/globals'
import { COMMENT_LIMIT } from '../../../src/markdown.js'
import { ApiError } from '../../../src/mintlify/errors.js'
import { type PreviewCommentState, previewCommentState, renderPreviewComment } from '../../../src/operations/deployments/preview-comment.js'
import { judgeForkPreview, judgeTriggerDryRun } from '../../../src/operations/deployments/verdicts.js'
import { judgeStartFailure } from '../../../src/outcome.js'
import { outsideCodeBlocks } from '../../fixtures/markdown.js'
import { deploymentReport, deploymentRun, deploymentStatus } from '../../fixtures/deployment-records.js'

const ZWSP = '\u200B'
const MARKER = '<!-- docs-agent-action:status preview_feature_x -->'
const PREVIEW = 'https://acme-feature-x.mintlify.app'
/** The preview as a link target: the URL parser adds the slash of a bare origin. */
const PREVIEW_LINK = `[${PREVIEW}](${PREVIEW}/)`

const failedStatus = (overrides: Record<string, unknown> = {}): ReturnType<typeof deploymentStatus> =>
  deploymentStatus({ status: 'failure', summary: 'Build failed: 2 broken links.', ...overrides })

describe('renderPreviewComment', () => {
  const facts = { branch: 'feature/x', previewUrl: PREVIEW, statusId: 'st_1', runUrl: 'https://github.com/acme/docs/actions/runs/42' }
  const render = (state: PreviewCommentState): string => renderPreviewComment(MARKER, state)

  it('starts with the marker it is given, so the comment is found again', () => {
    expect(render({ ...facts, phase: 'building', timeoutMs: 1_800_000 }).split('\n')[0]).toBe(MARKER)
  })

  it('building: the link, how long the run waits, and never ready', () => {
    const comment = render({ ...facts, phase: 'building', timeoutMs: 1_800_000 })
    expect(comment).toContain('### ⏳ Docs preview of `feature/x` is building')
    expect(comment).toContain(
      `Mintlify is building the preview of this branch; it will be at ${PREVIEW_LINK} once the build succeeds. ` +
        'The [workflow run](https://github.com/acme/docs/actions/runs/42) waits up to 30m 00s for it and updates this comment.'
    )
    expect(comment).toContain('Status id `st_1` · [workflow run](https://github.com/acme/docs/actions/runs/42)')
    expect(comment.toLowerCase()).not.toContain('ready')
    expect(comment).not.toContain('live at')
  })

  it('building without waiting: says the comment is not updated', () => {
    expect(render({ ...facts, phase: 'building', timeoutMs: null })).toContain(
      'does not wait for it (wait: false), so this comment is not updated when the build ends.'
    )
  })

  it('ready: the link and the changed pages, then how many more', () => {
    const pages = {
      pages: [
        { path: '/', url: `${PREVIEW}/` },
        { path: '/guides/setup', url: `${PREVIEW}/guides/setup` }
      ],
      more: 4
    }
    const comment = render({ ...facts, phase: 'ready', pages })
    expect(comment).toContain('### ✅ Docs preview of `feature/x` is ready')
    expect(comment).toContain(`The preview is live at ${PREVIEW_LINK}.`)
    expect(comment).toContain(
      ['**Changed pages**', '', `- [\`/\`](${PREVIEW}/)`, `- [\`/guides/setup\`](${PREVIEW}/guides/setup)`, '- and 4 more'].join('\n')
    )
  })

  it('ready with no changed page says so; without the file list says nothing about pages', () => {
    expect(render({ ...facts, phase: 'ready', pages: { pages: [], more: 0 } })).toContain(
      'This pull request changes no page under docs-path.'
    )
    const unknown = render({ ...facts, phase: 'ready', pages: null })
    expect(unknown).not.toContain('page')
    expect(unknown).not.toContain('more')
  })

  it('failed: the summary and the log tail', () => {
    const comment = render({ ...facts, phase: 'failed', reason: 'Build failed: 2 broken links.', logs: ['a', 'b'] })
    expect(comment).toContain('### ❌ Docs preview of `feature/x` failed')
    expect(comment).toContain('Build failed: 2 broken links.')
    expect(comment).toContain('```text\na\nb\n```')
  })

  it.each<[string, PreviewCommentState, string]>([
    ['timed-out', { ...facts, phase: 'timed-out', timeoutMs: 600_000 }, 'The workflow run stopped waiting after 10m 00s.'],
    ['cancelled', { ...facts, phase: 'cancelled' }, 'The workflow was cancelled while waiting.'],
    [
      'unfollowed',
      { ...facts, phase: 'unfollowed', reason: 'Could not read deployment status st_1: HTTP 403.' },
      "could not read the deployment's status: Could not read deployment status st\\_1: HTTP 403."
    ]
  ])('%s: says the deployment continues at Mintlify, where it will be, and never ready', (_name, state, says) => {
    const comment = render(state)
    expect(comment).toContain(says)
    expect(comment).toContain(`The deployment continues at Mintlify; it will be at ${PREVIEW_LINK} once the build succeeds.`)
    expect(comment).not.toContain('is ready')
    expect(comment.split('\n')[1]).toMatch(/^### ⚠️ Docs preview of `feature\/x`/)
  })

  it('escapes a hostile branch and reason: no ping, no HTML, no forged marker', () => {
    const comment = render({
      ...facts,
      branch: 'x`@octocat<!--',
      phase: 'failed',
      reason: '@octocat <img src=x> <!-- docs-agent-action:status y -->',
      logs: ['<!-- docs-agent-action:status z -->']
    })
    expect(comment.split('\n').filter((line) => line.includes('<!--'))).toEqual([MARKER])
    // A branch is shown literally in a code span, where GitHub neither pings nor renders HTML.
    expect(comment).toContain(`### ❌ Docs preview of \`x @octocat<${ZWSP}!--\` failed`)
    const prose = outsideCodeBlocks(comment).replace(/`[^`\n]*`/g, '')
    expect(prose).not.toMatch(/@octocat/)
    expect(comment).not.toContain('<img')
  })

  it('without a run link, a status id or a preview URL, says what it can', () => {
    const comment = render({ branch: 'feature/x', previewUrl: null, statusId: null, runUrl: null, phase: 'building', timeoutMs: 60_000 })
    expect(comment).toContain(
      'Mintlify is building the preview of this branch; the API gave no preview URL. The workflow run waits up to 1m 00s for it and updates this comment.'
    )
    expect(comment.endsWith('updates this comment.\n')).toBe(true)
    expect(render({ ...facts, previewUrl: null, phase: 'ready', pages: null })).toContain('The API gave no preview URL.')
  })

  it('leaves out the log section of a failure without log lines', () => {
    expect(render({ ...facts, phase: 'failed', reason: 'Could not trigger the preview.', logs: [] })).not.toContain('log lines')
  })

  it('stays under the comment size limit with a huge log', () => {
    const logs = Array.from({ length: 10_000 }, () => 'y'.repeat(5_000))
    expect(render({ ...facts, phase: 'failed', reason: 'x', logs }).length).toBeLessThan(COMMENT_LIMIT)
  })
})

describe('previewCommentState', () => {
  const pages = { pages: [{ path: '/a', url: `${PREVIEW}/a` }], more: 0 }
  const phaseOf = (report: ReturnType<typeof deploymentReport>): string | undefined => previewCommentState(report, pages)?.phase

  it('ready only when the deployment succeeded, with the pages', () => {
    expect(previewCommentState(deploymentReport(), pages)).toEqual({
      branch: 'feature/x',
      previewUrl: PREVIEW,
      statusId: 'st_1',
      runUrl: 'https://github.com/acme/docs/actions/runs/42',
      phase: 'ready',
      pages
    })
  })

  it('failed with the status summary and logs', () => {
    const state = previewCommentState(deploymentReport(deploymentRun({ status: failedStatus({ logs: ['l1'] }) })), pages)
    expect(state).toMatchObject({ phase: 'failed', reason: 'Build failed: 2 broken links.', logs: ['l1'] })
  })

  it('failed without a summary says Mintlify gave none', () => {
    const state = previewCommentState(deploymentReport(deploymentRun({ status: failedStatus({ summary: null }) })), pages)
    expect(state).toMatchObject({ phase: 'failed', reason: 'The build failed; Mintlify gave no summary.' })
  })

  it.each([
    ['building, when not waiting', deploymentRun({ ended: null, status: null }), 'building'],
    ['timed-out', deploymentRun({ ended: 'timed-out', status: deploymentStatus({ status: 'in_progress' }) }), 'timed-out'],
    ['cancelled', deploymentRun({ ended: 'cancelled', status: null }), 'cancelled'],
    ['unfollowed, after a failed status read', deploymentRun({ ended: 'error', error: new Error('HTTP 404'), status: null }), 'unfollowed']
  ])('%s', (_name, run, phase) => {
    expect(phaseOf(deploymentReport(run))).toBe(phase)
  })

  it('gives the failed status read as the reason of an unfollowed state', () => {
    const state = previewCommentState(deploymentReport(deploymentRun({ ended: 'error', error: new Error('HTTP 404.') })), pages)
    expect(state).toMatchObject({ phase: 'unfollowed', reason: 'HTTP 404.' })
  })

  it('failed with the reason when the trigger failed', () => {
    const verdict = judgeStartFailure(new ApiError('Could not trigger the preview of branch feature/x: HTTP 400.', 400, false), false)
    const report = deploymentReport(deploymentRun({ ended: null, status: null }), { statusId: null, verdict })
    expect(previewCommentState(report, pages)).toMatchObject({ phase: 'failed', reason: verdict.failureReason, logs: [], statusId: null })
  })

  it('cancelled, not failed, when the workflow was cancelled while the trigger was under way', () => {
    const verdict = judgeStartFailure(new Error('Could not trigger the preview of branch feature/x: the request was aborted.'), true)
    const report = deploymentReport(deploymentRun({ ended: null, status: null }), { statusId: null, verdict })
    expect(previewCommentState(report, pages)).toMatchObject({ phase: 'cancelled', statusId: null })
  })

  it('no comment for a dry run or a skipped fork', () => {
    const dryRun = judgeTriggerDryRun({ operation: 'preview', projectId: 'acme-docs', branch: 'feature/x', environment: null })
    expect(previewCommentState(deploymentReport(deploymentRun(), { statusId: null, verdict: dryRun }), pages)).toBeNull()
    expect(
      previewCommentState(deploymentReport(deploymentRun(), { statusId: null, verdict: judgeForkPreview('x', null) }), pages)
    ).toBeNull()
  })

  it.each(['queued', 'in_progress', 'failure', 'something-new'])('is never ready while the status says %s', (status) => {
    for (const ended of ['terminal', 'timed-out', 'cancelled', 'error', null] as const) {
      expect(phaseOf(deploymentReport(deploymentRun({ ended, status: deploymentStatus({ status }) })))).not.toBe('ready')
    }
  })
})
