/**
 * Figures outside their domain are not printed as facts: a docs-health report whose visitors total
 * Mintlify answers as a negative, fractional number (as a mock server built from the OpenAPI document may,
 * the field being a plain "number") warns once naming the endpoint and the field, leaves the figure out of
 * the summary and the `report` output, lists it under `unreadable` in the file, and ends partial.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import type { HealthReport } from '../../src/operations/docs-health/health-report.js'
import { annotations, output, runAgainst } from './harness.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
  sim.analytics.setData({ paths: 20 })
})
afterEach(async () => {
  await sim.close()
})

const IMPOSSIBLE = -82_027_539.922

test('a negative visitors total gives one warning, partial, and `unreadable` in the file; the figure is printed nowhere', async () => {
  // Only the visitors answers are rewritten (both ranges); every other analytics answer is the simulator's own.
  const negative = (json: unknown): unknown => {
    const body = json as { visitors?: unknown; totals?: Record<string, unknown> }
    return body.visitors === undefined ? json : { ...body, totals: { ...body.totals, total: IMPOSSIBLE } }
  }
  sim.injectFault({ route: 'analytics', rewrite: negative, times: 100 })
  const run = await runAgainst(sim, { inputs: { operation: 'report', prompt: '', 'date-from': '2026-03-01', 'date-to': '2026-03-08' } })

  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('partial')
  const warnings = annotations(run, 'warning').filter((warning) => warning.includes('outside their domain'))
  expect(warnings).toEqual([expect.stringContaining('Mintlify answered figures outside their domain (visitors totals.total)')])
  const report = JSON.parse(readFileSync(join(run.workspace, output(run, 'file')), 'utf8')) as HealthReport
  expect(report.unreadable).toEqual([{ endpoint: 'visitors', field: 'totals.total' }])
  expect(report.traffic?.visitors.total).toBeNull()
  expect(report.traffic?.visitors.human?.value).toEqual(expect.any(Number))
  expect(report.missing).toEqual([])
  const headline = JSON.parse(output(run, 'report')) as { visitors: unknown }
  expect(headline.visitors).toBeNull()
  expect(output(run, 'total-visitors')).toBe('')
  for (const text of [run.summary, JSON.stringify(run.outputs), readFileSync(join(run.workspace, output(run, 'file')), 'utf8')])
    expect(text).not.toMatch(/82,?027,?539/)
  expect(run.summary).toContain('| Visitors | — |')
  expect(run.summary).toContain('**Left out** (Mintlify answered them outside their domain): visitors totals.total.')
})
