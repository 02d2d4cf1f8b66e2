import { describe, expect, it } from '@jest/globals'
import { jobIdInMarker, jobMarker, statusMarker } from '../../src/github/markers.js'

describe('statusMarker', () => {
  it('is a hidden HTML comment naming the workflow job', () => {
    expect(statusMarker('Docs/agent')).toBe('<!-- docs-agent-action:status Docs_agent -->')
  })

  it('keeps safe characters as they are', () => {
    expect(statusMarker('docs.yml:job-1_a')).toBe('<!-- docs-agent-action:status docs.yml:job-1_a -->')
  })

  it('folds each run of unsafe characters into one underscore', () => {
    expect(statusMarker('Update docs / on push')).toBe('<!-- docs-agent-action:status Update_docs_on_push -->')
  })

  it('cannot be ended early by a hostile workflow name', () => {
    const marker = statusMarker('x --> <img src=x> <!-- y')
    expect(marker).toBe('<!-- docs-agent-action:status x_--_img_src_x_--_y -->')
    expect(marker.indexOf('-->')).toBe(marker.length - 3)
    expect(marker.match(/<!--/g)).toHaveLength(1)
  })

  it('cuts the key to 120 characters', () => {
    expect(statusMarker('a'.repeat(500))).toBe(`<!-- docs-agent-action:status ${'a'.repeat(120)} -->`)
  })

  it('gives different workflow jobs different markers', () => {
    expect(statusMarker('docs/agent')).not.toBe(statusMarker('docs/export'))
  })

  it('does not look like a job marker', () => {
    expect(jobIdInMarker(statusMarker('job x'))).toBeNull()
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
