/**
 * The status comment: the sticky comment a run keeps on its pull request or issue while its job works,
 * then its result (src/operations/agent/status-comment.ts), and the limit every comment is fitted to.
 */
import { describe, expect, it } from '@jest/globals'
import { jobIdInMarker, stickyMarker } from '../../../src/github/markers.js'
import { COMMENT_LIMIT, fitComment } from '../../../src/markdown.js'
import { renderResultComment, renderWorkingComment } from '../../../src/operations/agent/status-comment.js'
import { agentJob, jobReport } from '../../fixtures/agent-jobs.js'

const MARKER = stickyMarker('Docs agent/agent')
const RUN_URL = 'https://github.com/acme/docs/actions/runs/42'

function count(text: string, part: string): number {
  return text.split(part).length - 1
}

/** The text with fenced code blocks and code spans cut out: what GitHub renders as markdown. */
function rendered(text: string): string {
  return text.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/`[^`\n]*`/g, '')
}

describe('renderWorkingComment', () => {
  it('carries the marker first, then says the job was accepted and how long the run waits', () => {
    expect(renderWorkingComment(MARKER, agentJob(), { runUrl: RUN_URL, timeoutMs: 1_800_000, waiting: true })).toBe(
      [
        MARKER,
        '### ⏳ Docs agent is working',
        '',
        `The docs agent accepted job \`job_1\`. The [workflow run](${RUN_URL}) waits up to 30m 00s for it and updates this comment.`,
        ''
      ].join('\n')
    )
  })

  it('has no marker line in a reply comment (empty marker)', () => {
    const body = renderWorkingComment('', agentJob(), { runUrl: RUN_URL, timeoutMs: 60_000, waiting: true })
    expect(body.startsWith('### ⏳ Docs agent is working\n')).toBe(true)
    expect(body).not.toContain('<!--')
  })

  it('says the run does not wait with wait: false', () => {
    expect(renderWorkingComment(MARKER, agentJob(), { runUrl: RUN_URL, timeoutMs: 1_800_000, waiting: false })).toContain(
      `The [workflow run](${RUN_URL}) does not wait for it (wait: false).`
    )
  })

  it('names the run without a link when there is no run URL', () => {
    expect(renderWorkingComment(MARKER, agentJob(), { runUrl: null, timeoutMs: 90_000, waiting: true })).toContain(
      'The workflow run waits up to 1m 30s for it'
    )
  })

  it('says "the job" when the record has no id', () => {
    const body = renderWorkingComment(MARKER, agentJob({ id: null }), { runUrl: RUN_URL, timeoutMs: 60_000, waiting: true })
    expect(body).toContain('The docs agent accepted the job.')
    expect(body).not.toContain('job the job')
  })

  it('shows a hostile job id literally, without a second marker', () => {
    const body = renderWorkingComment(MARKER, agentJob({ id: '<!-- docs-agent-action:job evil --> @team' }), {
      runUrl: RUN_URL,
      timeoutMs: 60_000,
      waiting: true
    })
    expect(count(body, '<!--')).toBe(1)
    expect(jobIdInMarker(body)).toBeNull()
    expect(rendered(body)).not.toContain('@team')
  })
})

describe('renderResultComment', () => {
  it('starts with the marker and holds the job summary', () => {
    const body = renderResultComment(MARKER, jobReport())
    expect(body.startsWith(`${MARKER}\n### ✅ Docs agent job\n`)).toBe(true)
    expect(body).toContain(
      'The docs agent opened a pull request: [https://github.com/acme/docs/pull/12](https://github.com/acme/docs/pull/12)'
    )
  })

  it('carries the marker exactly once, even when the prompt, headline and job hold it too', () => {
    const report = jobReport({
      prompt: `Please add ${MARKER} to the page`,
      verdict: { outcome: 'failed', result: 'failure', headline: `Failed: ${MARKER}`, failureReason: MARKER },
      job: agentJob({ id: MARKER, model: MARKER, status: 'failed' }),
      changeNotes: `Event: ${MARKER}`
    })
    const body = renderResultComment(MARKER, report)
    expect(count(body, MARKER)).toBe(1)
    expect(count(body, '<!--')).toBe(1)
    expect(body.startsWith(MARKER)).toBe(true)
  })

  it('has no marker line in a reply comment (empty marker)', () => {
    const body = renderResultComment('', jobReport())
    expect(body.startsWith('### ✅ Docs agent job\n')).toBe(true)
  })

  it('stays under 65,000 characters for a 100,000-character prompt, marker first', () => {
    const body = renderResultComment(MARKER, jobReport({ prompt: 'p'.repeat(100_000) }))
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(body.startsWith(MARKER)).toBe(true)
    expect(count(body, MARKER)).toBe(1)
  })

  it('stays under 65,000 characters when the context block is huge too', () => {
    const body = renderResultComment(MARKER, jobReport({ prompt: 'p'.repeat(100_000), changeNotes: 'c'.repeat(100_000) }))
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(body.startsWith(MARKER)).toBe(true)
  })

  it('does not ping mentions from the prompt or headline', () => {
    const report = jobReport({
      prompt: 'ask @octocat and @acme/docs-team',
      verdict: { outcome: 'failed', result: 'failure', headline: 'ping @octocat', failureReason: 'x' }
    })
    expect(rendered(renderResultComment(MARKER, report))).not.toMatch(/@(?!\u200B)[A-Za-z0-9]/)
  })
})

describe('fitComment', () => {
  it('leaves a comment at the limit as it is', () => {
    const body = 'x'.repeat(COMMENT_LIMIT)
    expect(fitComment(body)).toBe(body)
  })

  it('cuts a comment over the limit, keeping its start and saying so', () => {
    const body = `${MARKER}\n${'x'.repeat(COMMENT_LIMIT)}`
    const fitted = fitComment(body)
    expect(fitted.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(fitted.startsWith(`${MARKER}\nxxx`)).toBe(true)
    expect(fitted.endsWith("\n\n… (cut to stay within GitHub's comment size limit)\n")).toBe(true)
  })

  it('stays under GitHub’s 65,536-character limit for any size', () => {
    for (const size of [COMMENT_LIMIT + 1, 70_000, 1_000_000]) expect(fitComment('y'.repeat(size)).length).toBeLessThan(65_536)
  })
})
