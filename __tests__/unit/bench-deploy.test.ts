/** The deploy bench measures the real wait: its figures follow from the gap rule, fixed polling from its gap. */
import { describe, expect, it } from '@jest/globals'
import { actionDeployStrategy, fixedDeployStrategy, measureDeploys, renderDeployTable } from '../../scripts/bench-deploy.js'

describe('requests per deployment', () => {
  it('counts one trigger plus the polls of fixed polling, and the lag to the next poll', async () => {
    // A 90 s deploy polled every 10 s is seen at the 9th poll, exactly at its end; every 30 s, at the 3rd.
    expect(await fixedDeployStrategy(10_000).measure(90_000)).toEqual({ requests: 10, lagMs: 0 })
    expect(await fixedDeployStrategy(30_000).measure(30_000)).toEqual({ requests: 2, lagMs: 0 })
    expect(await fixedDeployStrategy(30_000).measure(31_000)).toEqual({ requests: 3, lagMs: 29_000 })
  })

  it('sees the end of a deployment within one gap of the action (at most poll-interval)', async () => {
    for (const deployMs of [30_000, 90_000, 300_000]) {
      const cost = await actionDeployStrategy().measure(deployMs)
      expect(cost.lagMs).toBeGreaterThanOrEqual(0)
      expect(cost.lagMs).toBeLessThanOrEqual(15_000)
    }
  })

  it('averages fixed polling over deployments that end between polls: half a gap of lag', async () => {
    const [tenSeconds] = await measureDeploys([fixedDeployStrategy(10_000)])
    // 30.0 s is seen at once by the 3rd poll; 30.1 s … 39.9 s by the 4th, at 40 s: 4.95 s late on average.
    expect(tenSeconds?.costs[0]?.requests).toBeCloseTo(1 + (3 + 99 * 4) / 100, 9)
    expect(tenSeconds?.costs[0]?.lagMs).toBeCloseTo(4_950, 6)
  })

  it('renders one row per strategy with a column per duration', async () => {
    const table = renderDeployTable(await measureDeploys())
    expect(table.split('\n')).toHaveLength(5)
    expect(table).toContain('| fixed 30 s polling | 3.0 | 5.0 | 12.0 | 24.8 s | 24.8 s | 24.8 s |')
  })
})
