import { describe, expect, it } from '@jest/globals'
import { jobIdInMarker, jobMarker, readJobMarker, type RunOrigin, sameOrigin, stickyMarker } from '../../../src/github/markers.js'

describe('stickyMarker', () => {
  it('is a hidden HTML comment naming the workflow job', () => {
    expect(stickyMarker('Docs/agent')).toBe('<!-- docs-agent-action:status Docs_agent -->')
  })

  it('keeps safe characters as they are', () => {
    expect(stickyMarker('docs.yml:job-1_a')).toBe('<!-- docs-agent-action:status docs.yml:job-1_a -->')
  })

  it('folds each run of unsafe characters into one underscore', () => {
    expect(stickyMarker('Update docs / on push')).toBe('<!-- docs-agent-action:status Update_docs_on_push -->')
  })

  it('cannot be ended early by a hostile workflow name', () => {
    const marker = stickyMarker('x --> <img src=x> <!-- y')
    expect(marker).toBe('<!-- docs-agent-action:status x_--_img_src_x_--_y -->')
    expect(marker.indexOf('-->')).toBe(marker.length - 3)
    expect(marker.match(/<!--/g)).toHaveLength(1)
  })

  it('cuts the key to 120 characters', () => {
    expect(stickyMarker('a'.repeat(500))).toBe(`<!-- docs-agent-action:status ${'a'.repeat(120)} -->`)
  })

  it('gives different workflow jobs different markers', () => {
    expect(stickyMarker('docs/agent')).not.toBe(stickyMarker('docs/export'))
  })

  it('does not look like a job marker', () => {
    expect(jobIdInMarker(stickyMarker('job x'))).toBeNull()
  })
})

describe('jobMarker', () => {
  it('names the job in a hidden HTML comment', () => {
    expect(jobMarker('job_123')).toBe('<!-- docs-agent-action:job job_123 -->')
  })

  it.each(['job_1', 'a', '0f8e7d6c-5b4a-3928-1706-f5e4d3c2b1a0', 'ns:job.v2', 'x'.repeat(120)])(
    'accepts the safe id %p and reads it back',
    (id) => {
      const marker = jobMarker(id)
      expect(marker).not.toBeNull()
      expect(jobIdInMarker(`Some text\n${marker}\nmore`)).toBe(id)
    }
  )

  it.each([
    ['empty', ''],
    ['with a space', 'job 1'],
    ['that closes the comment', 'x -->'],
    ['with HTML', '<b>'],
    ['with a line break', 'job\n1'],
    ['with a slash', '../job'],
    ['with a mention', '@team'],
    ['over 120 characters', 'x'.repeat(121)],
    ['with non-ASCII letters', 'jöb']
  ])('refuses an id %s', (_, id) => {
    expect(jobMarker(id)).toBeNull()
  })
})

describe('jobIdInMarker', () => {
  it('finds the marker anywhere in the comment', () => {
    expect(jobIdInMarker('🤖 The agent opened this pull request.\n\n<!-- docs-agent-action:job job_9 -->\n')).toBe('job_9')
  })

  it('reads the first job marker of a comment', () => {
    expect(jobIdInMarker('<!-- docs-agent-action:job first -->\n<!-- docs-agent-action:job second -->')).toBe('first')
  })

  it.each([
    ['no marker', 'Looks good'],
    ['a marker without spaces', '<!--docs-agent-action:job job_1-->'],
    ['another prefix', '<!-- other-action:job job_1 -->'],
    ['the status marker', '<!-- docs-agent-action:status job_1 -->'],
    ['a longer keyword', '<!-- docs-agent-action:jobs job_1 -->'],
    ['an unclosed marker', '<!-- docs-agent-action:job job_1'],
    ['an id with a space', '<!-- docs-agent-action:job job 1 -->'],
    ['two spaces before the id', '<!-- docs-agent-action:job  job_1 -->'],
    ['an empty id', '<!-- docs-agent-action:job  -->'],
    ['a capitalised prefix', '<!-- Docs-Agent-Action:job job_1 -->'],
    ['an escaped marker', '&lt;!-- docs-agent-action:job job_1 --&gt;'],
    ['a marker broken by a zero-width space', '<\u200B!-- docs-agent-action:job job_1 -->']
  ])('reads nothing from %s', (_, body) => {
    expect(jobIdInMarker(body)).toBeNull()
  })
})

describe('the origin beside a job marker', () => {
  const origin: RunOrigin = { repository: 'Acme/API', workflow: 'Docs agent on push', branch: 'release/2.0' }

  it('follows the job marker on a line of its own, the job marker keeping the form earlier versions read', () => {
    const marker = jobMarker('job_1', origin)
    expect(marker).toBe(
      '<!-- docs-agent-action:job job_1 -->\n<!-- docs-agent-action:origin acme%2Fapi Docs%20agent%20on%20push release%2F2.0 -->'
    )
    expect(jobIdInMarker(`Intro\n${marker}`)).toBe('job_1')
  })

  it('reads back the repository (lower-cased, as GitHub compares it), the workflow and the branch', () => {
    expect(readJobMarker(`🤖 text\n${jobMarker('job_1', origin)}\n`)).toEqual({
      jobId: 'job_1',
      origin: { repository: 'acme/api', workflow: 'Docs agent on push', branch: 'release/2.0' }
    })
  })

  it.each([
    ['a workflow name that would end the comment', { ...origin, workflow: 'x --> <img src=x> <!-- y' }],
    ['a percent sign and quotes', { ...origin, workflow: `100% "docs" 'n' (all)!*~` }],
    ['non-ASCII letters and emoji', { ...origin, workflow: 'Doku 📚 für Änderungen', branch: 'übersetzung' }],
    ['a branch with dots and dashes', { ...origin, branch: 'feature/v1.2-rc_3' }]
  ])('keeps %s inside one part and reads it back exactly', (_, from) => {
    const marker = jobMarker('job_1', from) ?? ''
    expect(marker.match(/-->/g)).toHaveLength(2)
    expect(marker.match(/<!--/g)).toHaveLength(2)
    expect(readJobMarker(marker)?.origin).toEqual({ ...from, repository: from.repository.toLowerCase() })
  })

  it('reads a lone surrogate as the replacement character, on both sides of a comparison', () => {
    const marker = jobMarker('job_1', { ...origin, branch: 'a\uD800b' }) ?? ''
    expect(readJobMarker(marker)?.origin?.branch).toBe('a\uFFFDb')
  })

  it('reads a marker written before origins existed as a job without origin', () => {
    expect(readJobMarker('<!-- docs-agent-action:job job_7 -->')).toEqual({ jobId: 'job_7', origin: null })
  })

  it.each([
    ['no job marker beside it', '<!-- docs-agent-action:origin a%2Fb w main -->', null],
    ['a part missing', '<!-- docs-agent-action:job j -->\n<!-- docs-agent-action:origin a%2Fb w -->', { jobId: 'j', origin: null }],
    [
      'a broken escape',
      '<!-- docs-agent-action:job j -->\n<!-- docs-agent-action:origin a%2Fb w%E0%A4 main -->',
      { jobId: 'j', origin: null }
    ],
    [
      'a raw space inside a part',
      '<!-- docs-agent-action:job j -->\n<!-- docs-agent-action:origin a%2Fb w x main -->',
      { jobId: 'j', origin: null }
    ]
  ])('reads nothing of an origin with %s', (_, body, expected) => {
    expect(readJobMarker(body)).toEqual(expected)
  })
})

describe('sameOrigin', () => {
  const origin: RunOrigin = { repository: 'acme/api', workflow: 'Docs', branch: 'main' }

  it.each([
    ['matches the same origin', origin, true],
    ['matches the repository in other letter case', { ...origin, repository: 'Acme/API' }, true],
    ['does not match another repository', { ...origin, repository: 'acme/web' }, false],
    ['does not match another workflow', { ...origin, workflow: 'Docs nightly' }, false],
    ['does not match the workflow in other letter case', { ...origin, workflow: 'docs' }, false],
    ['does not match another branch', { ...origin, branch: 'release' }, false],
    ['does not match the branch in other letter case (git branches are case-sensitive)', { ...origin, branch: 'Main' }, false]
  ])('%s', (_, other, expected) => {
    expect(sameOrigin(origin, other)).toBe(expected)
  })
})
