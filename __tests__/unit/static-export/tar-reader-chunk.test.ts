/**
 * The tar reader is the static export's alone: tar-stream sits in a chunk of dist/ that only `import()`
 * loads, never in index.js, which every run loads (DESIGN, "Performance budget").
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../../scripts/run-action.js'

const DIST = join(PROJECT_ROOT, 'dist')
/** A message of tar-stream's header parser: where it is, tar-stream is. */
const TAR_STREAM = 'Invalid tar header'

describe('dist/', () => {
  const chunks = readdirSync(DIST).filter((name) => name.endsWith('.js'))

  it('keeps tar-stream out of index.js, in one chunk of its own', () => {
    const holding = chunks.filter((name) => readFileSync(join(DIST, name), 'utf8').includes(TAR_STREAM))
    expect(holding).toHaveLength(1)
    expect(holding).not.toContain('index.js')
  })

  it('holds at most 1,300,000 bytes of JavaScript, chunks included', () => {
    const bytes = chunks.reduce((sum, name) => sum + readFileSync(join(DIST, name)).length, 0)
    expect(bytes).toBeLessThanOrEqual(1_300_000)
  })
})
