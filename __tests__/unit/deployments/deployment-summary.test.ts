import { describe, expect, it } from '@jest/globals'
import { ApiError } from '../../../src/mintlify/errors.js'
import { renderDeploymentSummary } from '../../../src/operations/deployments/summary.js'
import { judgeTriggerDryRun } from '../../../src/operations/deployments/verdicts.js'
import { judgeStartFailure } from '../../../src/outcome.js'
import { outsideCodeBlocks, tableRow } from '../../fixtures/markdown.js'
import { deploymentReport, deploymentRun, deploymentStatus } from '../../fixtures/deployment-records.js'

const ZWSP = '\u200B'
const PREVIEW = 'https://acme-feature-x.mintlify.app'
/** The preview as a link target: the URL parser adds the slash of a bare origin. */
const PREVIEW_LINK = `[${PREVIEW}](${PREVIEW}/)`
const DEPLOY = { kind: 'deploy', branch: null, previewUrl: null } as const

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
    expect(tableRow(summary, 'Outcome')).toBe('| Outcome | `deployed` |')
    expect(tableRow(summary, 'Status')).toBe('| Status | success |')
    expect(tableRow(summary, 'Status id')).toBe('| Status id | `st_1` |')
    expect(tableRow(summary, 'Time')).toBe('| Time | 1m 28s; waited 1m 32s (9 polls) |')
  })

  it('shows the commit: short sha, first line of its message, files added, modified and removed', () => {
    expect(tableRow(summary, 'Commit')).toBe('| Commit | `0123456` Document the CLI (1 added, 2 modified, 0 removed) |')
  })

  it('shows the author, the source and the site link', () => {
    expect(tableRow(summary, 'Author')).toBe('| Author | Ada Lovelace |')
    expect(tableRow(summary, 'Source')).toBe('| Source | api |')
    expect(tableRow(summary, 'Site')).toBe('| Site | [https://acme.mintlify.site](https://acme.mintlify.site/) |')
    expect(tableRow(summary, 'Workflow run')).toBe('| Workflow run | [this run](https://github.com/acme/docs/actions/runs/42) |')
  })

  it('shows the screenshot as an image and no log lines', () => {
    expect(summary).toContain('![Screenshot of the deployed docs](https://cdn.mintlify.com/shots/st_1.png)')
    expect(summary).not.toContain('log lines')
    expect(tableRow(summary, 'Branch')).toBeUndefined()
  })
})

describe('renderDeploymentSummary: a preview', () => {
  it('names the branch and links the preview once ready', () => {
    const summary = renderDeploymentSummary(deploymentReport())
    expect(summary.split('\n')[0]).toBe('### ✅ Docs preview')
    expect(tableRow(summary, 'Branch')).toBe('| Branch | `feature/x` |')
    expect(tableRow(summary, 'Preview')).toBe(`| Preview | ${PREVIEW_LINK} |`)
    expect(tableRow(summary, 'Site')).toBeUndefined()
  })

  it('says the link is not live yet when the run stopped before success', () => {
    const summary = renderDeploymentSummary(
      deploymentReport(
        deploymentRun({ ended: 'timed-out', status: deploymentStatus({ status: 'in_progress', endedAt: null }), durationMs: 1_800_000 })
      )
    )
    expect(summary.split('\n')[0]).toBe('### ❌ Docs preview')
    expect(summary).toContain('follow status id st\\_1')
    expect(tableRow(summary, 'Status')).toBe('| Status | in\\_progress |')
    expect(tableRow(summary, 'Time')).toBe('| Time | waited 30m 00s (9 polls) |')
    expect(tableRow(summary, 'Preview')).toBe(`| Preview | ${PREVIEW_LINK} (this build is not live) |`)
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
    expect(tableRow(summary, 'Source')).toBe('| Source | api \\| injected |')
    expect(tableRow(summary, 'Commit')).toBe(
      `| Commit | \`abc def\` Fix @${ZWSP}acme/team #${ZWSP}12 \\| &lt;img src=x&gt; (0 added, 0 modified, 1 removed) |`
    )
    expect(tableRow(summary, 'Author')).toBe(`| Author | @${ZWSP}admins &lt;b&gt;x&lt;/b&gt; |`)
  })
})

describe('renderDeploymentSummary: a sparse status record', () => {
  it('leaves out what the record does not say, and counts a single poll as one', () => {
    const status = deploymentStatus({ commit: { sha: 'abcdef0123' }, author: null, source: null, createdAt: null })
    const summary = renderDeploymentSummary(
      deploymentReport(deploymentRun({ ...DEPLOY, status, polls: 1, durationMs: 4_000 }), { runUrl: null })
    )
    expect(tableRow(summary, 'Commit')).toBe('| Commit | `abcdef0` |')
    expect(tableRow(summary, 'Time')).toBe('| Time | waited 4s (1 poll) |')
    for (const name of ['Author', 'Source', 'Workflow run']) expect(tableRow(summary, name)).toBeUndefined()
  })

  it('leaves out a commit the record names with nothing in it', () => {
    const summary = renderDeploymentSummary(deploymentReport(deploymentRun({ status: deploymentStatus({ commit: {} }) })))
    expect(tableRow(summary, 'Commit')).toBeUndefined()
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
    expect(tableRow(summary, 'Outcome')).toBe('| Outcome | `started` |')
    expect(tableRow(summary, 'Time')).toBe('| Time | not waited (wait: false) |')
    expect(tableRow(summary, 'Status')).toBeUndefined()
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
