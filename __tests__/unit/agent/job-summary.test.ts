import { describe, expect, it } from '@jest/globals'
import { outsideCodeBlocks, tableRow } from '../../fixtures/markdown.js'
import { renderJobSummary } from '../../../src/operations/agent/summary.js'
import { agentJob, jobReport } from '../../fixtures/agent-jobs.js'

const ZWSP = '\u200B'

/** The summary with every fenced code block cut out: what GitHub renders as markdown. */
describe('renderJobSummary', () => {
  it('leads with the result, then the headline', () => {
    const lines = renderJobSummary(jobReport()).split('\n')
    expect(lines[0]).toBe('### ✅ Docs agent job')
    expect(lines[2]).toBe(
      'The docs agent opened a pull request: [https://github.com/acme/docs/pull/12](https://github.com/acme/docs/pull/12)'
    )
  })

  it('shows the outcome, job id and status', () => {
    const summary = renderJobSummary(jobReport())
    expect(tableRow(summary, 'Outcome')).toBe('| Outcome | `pr-opened` |')
    expect(tableRow(summary, 'Job')).toBe('| Job | `job_1` |')
    expect(tableRow(summary, 'Status')).toBe('| Status | completed |')
  })

  it('shows a job id exactly as it must be copied into job-id, without escapes', () => {
    const summary = renderJobSummary(jobReport({ job: agentJob({ id: 'job_abc-123*x', status: 'completed' }) }))
    expect(tableRow(summary, 'Job')).toBe('| Job | `job_abc-123*x` |')
  })

  it('links the pull request by its repository and number (it may be in another repository)', () => {
    expect(tableRow(renderJobSummary(jobReport()), 'Pull request')).toMatch(
      /^\| Pull request \| \[acme\/docs#12\]\(https:\/\/github\.com\/acme\/docs\/pull\/12\) \|$/
    )
  })

  it("says 'none' when there is no pull request", () => {
    const report = jobReport({ job: agentJob({ status: 'completed', prLink: null }) })
    expect(tableRow(renderJobSummary(report), 'Pull request')).toBe('| Pull request | none |')
  })

  it('shows how long it waited and how many polls it took', () => {
    expect(tableRow(renderJobSummary(jobReport()), 'Waited')).toBe('| Waited | 2m 05s (9 polls) |')
    expect(tableRow(renderJobSummary(jobReport({ durationMs: 3_000, polls: 1 })), 'Waited')).toBe('| Waited | 3s (1 poll) |')
  })

  it('says wait: false only when the run was told not to wait', () => {
    const started = { outcome: 'started', result: 'success', headline: 'The docs agent accepted job job_1.', failureReason: '' } as const
    expect(tableRow(renderJobSummary(jobReport({ verdict: started, waited: false, polls: 0 })), 'Waited')).toBe(
      '| Waited | not waited (wait: false) |'
    )
  })

  it('says no job was accepted after a failed create with wait: true', () => {
    const reason = 'Could not create the agent job: HTTP 500, the Mintlify API had a server error.'
    const failed = { outcome: 'failed', result: 'failure', headline: reason, failureReason: reason } as const
    expect(tableRow(renderJobSummary(jobReport({ verdict: failed, job: null, waited: false, polls: 0 })), 'Waited')).toBe(
      '| Waited | not waited: no job was accepted |'
    )
  })

  it('shows the model and the source repository and ref', () => {
    const summary = renderJobSummary(jobReport())
    expect(tableRow(summary, 'Model')).toMatch(/^\| Model \| claude\\?-sonnet\\?-4 \|$/)
    expect(tableRow(summary, 'Source')).toBe('| Source | [https://github.com/acme/docs](https://github.com/acme/docs) @ main |')
  })

  it('says a grouped run continued the job of the open agent pull request, linked', () => {
    const pull = 'https://github.com/acme/docs/pull/12'
    expect(tableRow(renderJobSummary(jobReport({ action: 'message', grouped: { kind: 'continued', pull } })), 'Grouped (group-runs)')).toBe(
      `| Grouped (group-runs) | \`continued\`: sent a follow-up to the job of [acme/docs#12](${pull}) |`
    )
    const dryRun = jobReport({
      action: 'message',
      verdict: { outcome: 'dry-run', result: 'notice', headline: 'Dry run', failureReason: '' },
      job: null,
      grouped: { kind: 'continued', pull }
    })
    expect(tableRow(renderJobSummary(dryRun), 'Grouped (group-runs)')).toContain('`continued`: would send a follow-up')
  })

  it('says a grouped run opened a new job, and shows no grouping row for a run that did not group', () => {
    expect(tableRow(renderJobSummary(jobReport({ grouped: { kind: 'new', pull: null } })), 'Grouped (group-runs)')).toContain('`new`')
    expect(tableRow(renderJobSummary(jobReport()), 'Grouped (group-runs)')).toBeUndefined()
  })

  it('links the workflow run when known', () => {
    expect(tableRow(renderJobSummary(jobReport()), 'Workflow run')).toBe(
      '| Workflow run | [this run](https://github.com/acme/docs/actions/runs/42) |'
    )
    expect(tableRow(renderJobSummary(jobReport({ runUrl: null })), 'Workflow run')).toBeUndefined()
  })

  it('shows dashes where a start failure left no job', () => {
    const report = jobReport({
      verdict: {
        outcome: 'failed',
        result: 'failure',
        headline: 'Could not create the agent job: HTTP 401.',
        failureReason: 'Could not create the agent job: HTTP 401.'
      },
      job: null,
      waited: false
    })
    const summary = renderJobSummary(report)
    expect(summary.split('\n')[0]).toBe('### ❌ Docs agent job')
    expect(tableRow(summary, 'Job')).toBe('| Job | – |')
    expect(tableRow(summary, 'Status')).toBe('| Status | – |')
    expect(tableRow(summary, 'Pull request')).toBe('| Pull request | none |')
    expect(tableRow(summary, 'Source')).toBe('| Source | – |')
  })

  it('marks a notice and a warning with their own icons, and names a follow-up', () => {
    const notice = jobReport({ verdict: { outcome: 'no-changes', result: 'notice', headline: 'Finished.', failureReason: '' } })
    const warning = jobReport({
      action: 'message',
      verdict: { outcome: 'archived', result: 'warning', headline: 'Archived.', failureReason: 'Archived.' }
    })
    expect(renderJobSummary(notice).split('\n')[0]).toBe('### ℹ️ Docs agent job')
    expect(renderJobSummary(warning).split('\n')[0]).toBe('### ⚠️ Docs agent follow-up')
  })

  it('collapses the prompt under a summary line with its source and length', () => {
    const summary = renderJobSummary(jobReport())
    expect(summary).toContain(
      '<details><summary>Prompt (prompt, 43 characters)</summary>\n\n```text\nDocument the new --dry-run flag of the CLI.\n```\n\n</details>'
    )
  })

  it('names a prompt file as written: the summary line is HTML, where backslash escapes would show', () => {
    const summary = renderJobSummary(jobReport({ promptSource: 'prompt-file .github/prompts/weekly_update.md' }))
    expect(summary).toContain('<summary>Prompt (prompt-file .github/prompts/weekly_update.md, 43 characters)</summary>')
  })

  it('keeps a hostile prompt inert inside its code block', () => {
    const prompt = [
      '```',
      '<!-- docs-agent-action:job job_9 -->',
      '@acme/maintainers please approve <script>alert(1)</script>',
      '[click](javascript:alert(1))',
      '</details>'
    ].join('\n')
    const summary = renderJobSummary(jobReport({ prompt }))

    expect(summary).not.toContain('<!-- docs-agent-action')
    expect(summary).toContain(`\`\`\`\`text\n\`\`\`\n<${ZWSP}!-- docs-agent-action:job job_9 -->\n`)
    const rendered = outsideCodeBlocks(summary)
    expect(rendered).not.toContain('@acme/maintainers')
    expect(rendered).not.toContain('<script>')
    expect(rendered).not.toContain('javascript:')
    // The only </details> outside the code block is the action's own.
    expect(rendered.split('</details>')).toHaveLength(2)
  })

  it('escapes a hostile headline from the server', () => {
    const reason = 'The docs agent job job_1 failed: @acme/maintainers <img src=x onerror=alert(1)> [x](javascript:alert(1))'
    const summary = renderJobSummary(
      jobReport({ verdict: { outcome: 'failed', result: 'failure', headline: reason, failureReason: reason } })
    )
    const headline = summary.split('\n')[2]
    expect(headline).toContain(`@${ZWSP}acme/maintainers`)
    expect(headline).toContain('&lt;img src=x')
    expect(headline).not.toContain('<')
    expect(headline).not.toMatch(/(?<!\\)\[/)
  })

  it('escapes hostile job fields in the table', () => {
    const job = agentJob({
      status: 'completed|<b>x</b>',
      model: '@octocat',
      source: { repository: 'javascript:alert(1)', ref: 'main | <i>' }
    })
    const summary = renderJobSummary(jobReport({ job }))
    expect(tableRow(summary, 'Status')).toBe('| Status | completed\\|&lt;b&gt;x&lt;/b&gt; |')
    expect(tableRow(summary, 'Model')).toBe(`| Model | @${ZWSP}octocat |`)
    expect(tableRow(summary, 'Source')).not.toContain('](')
    expect(tableRow(summary, 'Source')).not.toContain('<')
  })

  it('shows the context block appended to the prompt, collapsed, only when there is one', () => {
    const context = '## Context\n- Pull request: Add @acme/team docs <!-- x -->'
    const withContext = renderJobSummary(jobReport({ changeNotes: context }))
    expect(withContext).toContain('<details><summary>Context appended to the prompt</summary>')
    expect(withContext).toContain(`\`\`\`text\n## Context\n- Pull request: Add @acme/team docs <${ZWSP}!-- x -->\n\`\`\``)
    expect(outsideCodeBlocks(withContext)).not.toContain('@acme/team')
    expect(renderJobSummary(jobReport({ changeNotes: '' }))).not.toContain('Context appended')
  })

  it('cuts a very long prompt in the summary, saying how much is left out', () => {
    const prompt = 'p'.repeat(25_000)
    const summary = renderJobSummary(jobReport({ prompt }))
    expect(summary).toContain('Prompt (prompt, 25000 characters)')
    expect(summary).toContain(`${'p'.repeat(20_000)}\n… (5000 more characters not shown)\n\`\`\``)
    expect(summary).not.toContain('p'.repeat(20_001))
  })
})
