import { afterEach } from '@jest/globals'
import { startSimulator, type Simulator, type SimulatorOptions } from '../simulator/index.js'

/**
 * One simulator per test, closed after it: the test calls `start`, its helpers `current`. Call at the
 * top of a test file (it registers the afterEach).
 */
export function simulatorPerTest(): { start: (options?: SimulatorOptions) => Promise<Simulator>; current: () => Simulator } {
  let sim: Simulator | undefined
  afterEach(async () => {
    await sim?.close()
    sim = undefined
  })
  return {
    start: async (options) => {
      sim = await startSimulator(options)
      return sim
    },
    current: () => {
      if (!sim) throw new Error('simulator not started')
      return sim
    }
  }
}

/** The path of an analytics endpoint of the simulator's project, with `query` as its query string. */
export function analyticsPath(sim: Simulator, endpoint: string, query: Record<string, string | number> = {}): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()
  return `/v1/analytics/${sim.projectId}/${endpoint}${qs ? `?${qs}` : ''}`
}
