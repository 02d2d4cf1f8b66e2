import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import Sequencer from '@jest/test-sequencer'

/**
 * The test files that take longest, longest first. Each waits out real time and uses little CPU meanwhile:
 * a minute of CDN outage (about 70 s), the 30 s request timeout of the fault matrix (about 35 s), the
 * cancelled runs' last words, the contract runs of every event against the Prism mocks (about 25 s). Jest runs the files it has timed before longest first, but a fresh clone has
 * no timings, so Jest orders by file size, and these small files would start last and end alone.
 */
const LONGEST = ['e2e/cdn-outage.test.ts', 'e2e/fault-matrix.test.ts', 'e2e/cancel.test.ts', 'contracts/events.test.ts']

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
