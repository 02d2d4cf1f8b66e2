/** The polling benchmark measures what it says: exact delays on a virtual clock, for the real wait code. */
import { describe, expect, it } from '@jest/globals'
import { actionStrategy, fixedStrategy, percentile, spreadOfDurations } from '../../scripts/bench-polling.js'

describe('the polling benchmark', () => {
  it('sees a job under fixed polling at the first poll after it ends', async () => {
    await expect(fixedStrategy(10_000).detect(25_000)).resolves.toEqual({ delayMs: 5_000, polls: 3 })
    await expect(fixedStrategy(5_000).detect(5_000)).resolves.toEqual({ delayMs: 0, polls: 1 })
  })

  it("runs the action's own schedule: 2 s gaps first, growing to poll-interval", async () => {
    // Polls at 2, 4, 6 s: a 5 s job is seen at 6 s.
    await expect(actionStrategy(15_000).detect(5_000)).resolves.toEqual({ delayMs: 1_000, polls: 3 })
    const hour = await actionStrategy(15_000).detect(3_600_000)
    expect(hour.delayMs).toBeLessThanOrEqual(15_000)
    expect(hour.polls).toBeLessThan(3_600_000 / 10_000)
  })

  it('spreads durations from 5 s to 60 min on a log scale', () => {
    const spread = spreadOfDurations(5)
    expect(spread).toEqual([5_000, 25_900, 134_164, 694_975, 3_600_000])
  })

  it('takes percentiles by rank', () => {
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2)
    expect(percentile([4, 1, 3, 2], 0.95)).toBe(4)
  })
})
