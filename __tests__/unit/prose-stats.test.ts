/**
 * Plain writing (issue 35): the README's prose averages at most 18 words a sentence, as measured by
 * scripts/prose-stats.ts (code blocks, tables, headings and comments are not prose).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { proseStats } from '../../scripts/prose-stats.js'
import { PROJECT_ROOT } from '../../scripts/run-action.js'

describe('proseStats', () => {
  it('counts sentences by their stops and by the ends of paragraphs and list items, leaving code and tables out', () => {
    const page = [
      '# A heading of five words',
      '',
      'One two three. Four five six seven! `Eight` nine',
      'ten.',
      '',
      '- a list item without a stop',
      '- e.g. `x.y` stays one sentence',
      '',
      '```yaml',
      'name: not prose at all',
      '```',
      '',
      '| not | prose |',
      '<!-- nor this -->'
    ].join('\n')
    expect(proseStats(page)).toEqual({ sentences: 5, words: 21, wordsPerSentence: 21 / 5 })
  })
})

describe('the README', () => {
  it('averages at most 18 words a sentence', () => {
    const stats = proseStats(readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8'))
    expect(stats.sentences).toBeGreaterThan(30)
    expect(stats.wordsPerSentence).toBeLessThanOrEqual(18)
  })
})
