import { describe, expect, it } from '@jest/globals'
import { COMMENT_LIMIT } from '../../../src/markdown.js'
import { ApiError } from '../../../src/mintlify/errors.js'
import { renderAutomationSummary } from '../../../src/operations/automation/summary.js'
import { judgeAutomation } from '../../../src/operations/automation/verdicts.js'
import { type PreviewCommentState, previewCommentState, renderPreviewComment } from '../../../src/operations/deployments/preview-comment.js'
import { renderDeploymentSummary } from '../../../src/operations/deployments/summary.js'
import { judgeForkPreview, judgeTriggerDryRun } from '../../../src/operations/deployments/verdicts.js'
import { judgeStartFailure } from '../../../src/outcome.js'
import { deploymentReport, deploymentRun, deploymentStatus } from '../../fixtures/deployment-records.js'

const ZWSP = '\u200B'
const MARKER = '<!-- docs-agent-action:status preview_feature_x -->'
const PREVIEW = 'https://acme-feature-x.mintlify.app'
/** The preview as a link target: the URL parser adds the slash of a bare origin. */
const PREVIEW_LINK = `[${PREVIEW}](${PREVIEW}/)`
const DEPLOY = { kind: 'deploy', branch: null, previewUrl: null } as const

/** The table row named `name`, e.g. `| Status | success |`. */
function row(markdown: string, name: string): string | undefined {
  return markdown.split('\n').find((line) => line.startsWith(`| ${name} |`))
}

/** The markdown with every fenced code block cut out: what GitHub renders as markdown. */
function outsideCodeBlocks(markdown: string): string {
  return markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '')
}

const failedStatus = (overrides: Record<string, unknown> = {}): ReturnType<typeof deploymentStatus> =>
  deploymentStatus({ status: 'failure', summary: 'Build failed: 2 broken links.', ...overrides })

describe('renderDeploymentSummary: a deploy that succeeded', () => {
  const summary = renderDeploymentSummary(deploymentReport(deploymentRun(DEPLOY)))

  it('leads with the result and the linked headline', () => {
    const lines = summary.split('\n')
    expect(lines[0]).toBe('### ✅ Docs deployment')
    expect(lines[2]).toBe('The docs are deployed: [https://acme.mintlify.site](https://acme.mintlify.site/)')
  })

  it('shows the status, its id and the time it took at Mintlify and here', () => {
    expect(row(summary, 'Outcome')).toBe('| Outcome | `deployed` |')
    expect(row(summary, 'Status')).toBe('| Status | success |')
    expect(row(summary, 'Status id')).toBe('| Status id | `st_1` |')
    expect(row(summary, 'Time')).toBe('| Time | 1m 28s; waited 1m 32s (9 polls) |')
  })

  it('shows the commit: short sha, first line of its message, files added, modified and removed', () => {
    expect(row(summary, 'Commit')).toBe('| Commit | `0123456` Document the CLI (1 added, 2 modified, 0 removed) |')
  })

  it('shows the author, the source and the site link', () => {
    expect(row(summary, 'Author')).toBe('| Author | Ada Lovelace |')
    expect(row(summary, 'Source')).toBe('| Source | api |')
    expect(row(summary, 'Site')).toBe('| Site | [https://acme.mintlify.site](https://acme.mintlify.site/) |')
    expect(row(summary, 'Workflow run')).toBe('| Workflow run | [this run](https://github.com/acme/docs/actions/runs/42) |')
  })

  it('shows the screenshot as an image and no log lines', () => {
    expect(summary).toContain('![Screenshot of the deployed docs](https://cdn.mintlify.com/shots/st_1.png)')
    expect(summary).not.toContain('log lines')
    expect(row(summary, 'Branch')).toBeUndefined()
  })
})

describe('renderDeploymentSummary: a preview', () => {
  it('names the branch and links the preview once ready', () => {
    const summary = renderDeploymentSummary(deploymentReport())
    expect(summary.split('\n')[0]).toBe('### ✅ Docs preview')
    expect(row(summary, 'Branch')).toBe('| Branch | `feature/x` |')
    expect(row(summary, 'Preview')).toBe(`| Preview | ${PREVIEW_LINK} |`)
    expect(row(summary, 'Site')).toBeUndefined()
  })

  it('says the link is not live yet when the run stopped before success', () => {
    const summary = renderDeploymentSummary(
      deploymentReport(
        deploymentRun({ ended: 'timed-out', status: deploymentStatus({ status: 'in_progress', endedAt: null }), durationMs: 1_800_000 })
      )
    )
    expect(summary.split('\n')[0]).toBe('### ❌ Docs preview')
    expect(summary).toContain('follow status id st\\_1')
    expect(row(summary, 'Status')).toBe('| Status | in\\_progress |')
    expect(row(summary, 'Time')).toBe('| Time | waited 30m 00s (9 polls) |')
    expect(row(summary, 'Preview')).toBe(`| Preview | ${PREVIEW_LINK} (this build is not live) |`)
    expect(summary).not.toContain('![')
  })
})

describe('renderDeploymentSummary: a failure', () => {
  const logs = Array.from({ length: 45 }, (_, i) => `line ${i + 1}`)
  const summary = renderDeploymentSummary(deploymentReport(deploymentRun({ ...DEPLOY, status: failedStatus({ logs }) })))

  it('leads with the status summary as the reason', () => {
    expect(summary.split('\n')[0]).toBe('### ❌ Docs deployment')
    expect(summary).toContain('The deployment failed: Build failed: 2 broken links.')
  })

  it('shows the last 30 log lines in a code block', () => {
    expect(summary).toContain('**Last log lines** (30 of 45)')
    const block = /```text\n([\s\S]*?)\n```/.exec(summary)?.[1]
    expect(block?.split('\n')).toEqual(logs.slice(15))
  })

  it('shows no screenshot: it would show the site as it was', () => {
    expect(summary).not.toContain('![')
  })

  it('says when Mintlify sent no log lines', () => {
    const noLogs = renderDeploymentSummary(deploymentReport(deploymentRun({ ...DEPLOY, status: failedStatus({ logs: [] }) })))
    expect(noLogs).toContain('Mintlify sent no log lines.')
  })

  it('cuts a very long log line', () => {
    const long = renderDeploymentSummary(
      deploymentReport(deploymentRun({ ...DEPLOY, status: failedStatus({ logs: ['x'.repeat(5_000)] }) }))
    )
    expect(long).toContain(`${'x'.repeat(499)}…`)
    expect(long).not.toContain('x'.repeat(500))
  })
})

describe('renderDeploymentSummary: untrusted text', () => {
  const hostile = [
    'ok',
    '```',
    '````` still inside',
    '@octocat look <img src=x onerror=alert(1)>',
    '<!-- docs-agent-action:status forged -->',
    '</details>'
  ]
  const status = failedStatus({
    logs: hostile,
    summary: 'Failed for @octocat <script>alert(1)</script>',
    author: { name: '@admins <b>x</b>' },
    source: 'api | injected',
    commit: {
      sha: 'abc`def|1234',
      message: 'Fix @acme/team #12 | <img src=x>\nsecond line',
      filesChanged: { added: [], modified: [], removed: ['x'] }
    }
  })
  const summary = renderDeploymentSummary(deploymentReport(deploymentRun({ ...DEPLOY, status })))

  it('keeps log lines inside a fence longer than any backtick run in them', () => {
    expect(summary).toContain('``````text\nok\n```\n````` still inside\n')
    const rendered = outsideCodeBlocks(summary)
    expect(rendered).not.toContain('onerror')
    expect(rendered).not.toContain('</details>')
  })

  it('cannot forge a marker, ping or inject HTML anywhere', () => {
    expect(summary).not.toContain('<!--')
    expect(outsideCodeBlocks(summary)).not.toMatch(/@(octocat|admins|acme)/)
    expect(summary).not.toContain('<script')
    expect(summary).not.toContain('<b>')
    expect(outsideCodeBlocks(summary)).not.toContain('<img')
  })

  it('keeps every table row whole: pipes in values are escaped', () => {
    expect(row(summary, 'Source')).toBe('| Source | api \\| injected |')
    expect(row(summary, 'Commit')).toBe(
      `| Commit | \`abc def\` Fix @${ZWSP}acme/team #${ZWSP}12 \\| &lt;img src=x&gt; (0 added, 0 modified, 1 removed) |`
    )
    expect(row(summary, 'Author')).toBe(`| Author | @${ZWSP}admins &lt;b&gt;x&lt;/b&gt; |`)
  })
})

describe('renderDeploymentSummary: a sparse status record', () => {
  it('leaves out what the record does not say, and counts a single poll as one', () => {
    const status = deploymentStatus({ commit: { sha: 'abcdef0123' }, author: null, source: null, createdAt: null })
    const summary = renderDeploymentSummary(
      deploymentReport(deploymentRun({ ...DEPLOY, status, polls: 1, durationMs: 4_000 }), { runUrl: null })
    )
    expect(row(summary, 'Commit')).toBe('| Commit | `abcdef0` |')
    expect(row(summary, 'Time')).toBe('| Time | waited 4s (1 poll) |')
    for (const name of ['Author', 'Source', 'Workflow run']) expect(row(summary, name)).toBeUndefined()
  })

  it('leaves out a commit the record names with nothing in it', () => {
    const summary = renderDeploymentSummary(deploymentReport(deploymentRun({ status: deploymentStatus({ commit: {} }) })))
    expect(row(summary, 'Commit')).toBeUndefined()
  })
})

describe('renderDeploymentSummary: the screenshot', () => {
  const shot = (fields: Record<string, unknown>): string =>
    renderDeploymentSummary(deploymentReport(deploymentRun({ status: deploymentStatus(fields) })))

  it.each([
    ['http', 'http://cdn.example.com/a.png'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:image/png;base64,AAAA'],
    ['credentials', 'https://user:pw@cdn.example.com/a.png'],
    ['no URL', 'not a url']
  ])('shows no image from %s', (_name, url) => {
    expect(shot({ screenshot: url, screenshotLight: null, screenshotDark: null })).not.toContain('![')
  })

  it('takes the first https one of screenshot, light and dark', () => {
    const summary = shot({
      screenshot: 'http://cdn.example.com/a.png',
      screenshotLight: null,
      screenshotDark: 'https://cdn.example.com/dark.png'
    })
    expect(summary).toContain('![Screenshot of the deployed docs](https://cdn.example.com/dark.png)')
  })

  it('encodes parentheses that would end the image early', () => {
    expect(shot({ screenshot: 'https://cdn.example.com/a(1).png' })).toContain('](https://cdn.example.com/a%281%29.png)')
  })
})

describe('renderDeploymentSummary: runs that did not wait or did not trigger', () => {
  it('says a run that did not wait did not', () => {
    const summary = renderDeploymentSummary(deploymentReport(deploymentRun({ ...DEPLOY, ended: null, status: null })))
    expect(summary.split('\n')[0]).toBe('### ✅ Docs deployment')
    expect(row(summary, 'Outcome')).toBe('| Outcome | `started` |')
    expect(row(summary, 'Time')).toBe('| Time | not waited (wait: false) |')
    expect(row(summary, 'Status')).toBeUndefined()
  })

  it('shows a failed trigger with its reason and nothing it does not know', () => {
    const verdict = judgeStartFailure(new ApiError('Could not trigger the preview of branch feature/x: HTTP 403, …', 403, false), false)
    const summary = renderDeploymentSummary(deploymentReport(deploymentRun({ ended: null, status: null }), { statusId: null, verdict }))
    expect(summary).toContain('Could not trigger the preview of branch feature/x')
    expect(summary.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| |'))).toEqual([
      '| Outcome | `failed` |',
      '| Branch | `feature/x` |',
      `| Preview | ${PREVIEW_LINK} (this build is not live) |`,
      '| Workflow run | [this run](https://github.com/acme/docs/actions/runs/42) |'
    ])
  })

  it('marks a dry run in its title', () => {
    const verdict = judgeTriggerDryRun({ operation: 'deploy', projectId: 'acme-docs', environment: null })
    const summary = renderDeploymentSummary(
      deploymentReport(deploymentRun({ ...DEPLOY, ended: null, status: null }), { statusId: null, verdict })
    )
    expect(summary.split('\n')[0]).toBe('### ℹ️ Docs deployment (dry run)')
    expect(summary).toContain('POST /v1/project/update/acme-docs')
  })
})

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

describe('renderAutomationSummary', () => {
  const trigger = { schemaId: 'sch_1', instanceId: 'run_1', jobId: 'bg_1', raw: {} }

  it('shows the queued run, its ids and where to follow it', () => {
    const summary = renderAutomationSummary({ automationId: 'auto_1', trigger, verdict: judgeAutomation(trigger, 'auto_1') })
    expect(summary.split('\n')[0]).toBe('### ℹ️ Mintlify automation')
    expect(summary).toContain('Automation auto\\_1 is queued as run run\\_1')
    expect(row(summary, 'Outcome')).toBe('| Outcome | `started` |')
    expect(row(summary, 'Automation')).toBe('| Automation | `auto_1` |')
    expect(row(summary, 'Run')).toBe('| Run | `run_1` |')
    expect(row(summary, 'Job')).toBe('| Job | `bg_1` (the background job processing the run, not a docs agent job) |')
    expect(row(summary, 'Automation schema')).toBe('| Automation schema | `sch_1` |')
    expect(summary).toContain('Follow the run in the run history on the Automations page of the Mintlify dashboard.')
  })

  it('leaves out the ids the answer did not give', () => {
    const bare = { schemaId: null, instanceId: null, jobId: null, raw: {} }
    const summary = renderAutomationSummary({ automationId: 'auto_1', trigger: bare, verdict: judgeAutomation(bare, 'auto_1') })
    expect(row(summary, 'Run')).toBeUndefined()
    expect(row(summary, 'Job')).toBeUndefined()
  })

  it('shows a failed trigger without claiming a run to follow', () => {
    const verdict = judgeStartFailure(new ApiError('Could not trigger automation auto_1: HTTP 404, …', 404, false), false)
    const summary = renderAutomationSummary({ automationId: 'auto_1', trigger: null, verdict })
    expect(summary.split('\n')[0]).toBe('### ❌ Mintlify automation')
    expect(summary).not.toContain('Follow the run')
    expect(row(summary, 'Run')).toBeUndefined()
  })

  it('keeps a hostile id inside its table cell', () => {
    const odd = { ...trigger, instanceId: 'run|`1`' }
    expect(row(renderAutomationSummary({ automationId: 'a', trigger: odd, verdict: judgeAutomation(odd, 'a') }), 'Run')).toBe(
      '| Run | `run\\| 1` |'
    )
  })
})
