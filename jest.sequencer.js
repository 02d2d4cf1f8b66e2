import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import Sequencer from '@jest/test-sequencer'

/**
 * The small test files that take longest, longest first: Jest runs the files it has timed before longest
 * first, but a fresh clone has no timings, so Jest orders by file size, and these would start last and end
 * alone. Each run alone on a loaded two-core machine: the fault matrix (81 runs, six at a time, one
 * waiting out the 30 s request timeout: 61 s quiet, 128 s at load 13), the fifty runs at once of the load
 * test (77 s at load 29), the contract runs against the Prism mocks (69 s and 106 s at loads 28 and 38),
 * the runs waiting out rate-limit windows (70 s at load 18) and the cancelled runs' last words (64 s at
 * load 15). @github/local-action runs each of the thirteen sub-actions in turn, transpiling the source each
 * time (about 10 s each at load 3), so it goes first. The minute of CDN outage left the list when it became a few refused reads (21 s at load 20).
 */
const LONGEST = [
  'e2e/local-action.test.ts',
  'e2e/fault-matrix.test.ts',
  'contracts/events.test.ts',
  'e2e/load.test.ts',
  'contracts/operations.test.ts',
  'e2e/deployments/retries.test.ts',
  'e2e/cancel.test.ts'
]

/** Jest's order, the longest files first. */
export default class LongestFirst extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests)
    const rootDir = sorted[0]?.context.config.rootDir
    // A renamed file would silently lose its place: say so instead.
    const missing = LONGEST.filter((name) => rootDir !== undefined && !existsSync(join(rootDir, '__tests__', name)))
    if (missing.length > 0) throw new Error(`jest.sequencer.js names test files that do not exist: ${missing.join(', ')}`)
    const rank = (test) => {
      const path = test.path.split(sep).join('/')
      const index = LONGEST.findIndex((name) => path.endsWith(`/__tests__/${name}`))
      return index === -1 ? LONGEST.length : index
    }
    // Array.prototype.sort is stable: the rest keep Jest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b))
  }
}
