/**
 * Outputs that later steps paste into a shell are safe to paste: `pr-link`, `pr-number` and
 * `pr-repository` are set only from a well-formed pull request link, the raw record staying in `job`.
 * dist/index.js against the simulator, then the outputs pasted into bash as a careless `run:` step would.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { rewriteServed } from '../fixtures/rewritten-answers.js'
import { tempDir } from '../fixtures/temp-dir.js'
import { output, runAgainst } from './harness.js'

let sim: Simulator
let dir: ReturnType<typeof tempDir>
beforeEach(async () => {
  sim = await startSimulator()
  dir = tempDir('shell-safe-outputs-')
})
afterEach(async () => {
  await sim.close()
  dir.remove()
})

test('a prLink holding shell characters leaves pr-link, pr-number and pr-repository empty, the raw value in job', async () => {
  const touched = join(dir.path, 'x')
  const prLink = `https://github.com/o/r/pull/1$(touch ${touched})`
  sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 1, extra: { prLink } })

  const run = await runAgainst(sim)

  expect(run.exitCode).toBe(0)
  expect([run.outputs['pr-link'], run.outputs['pr-number'], run.outputs['pr-repository']]).toEqual(['', '', ''])
  expect(JSON.parse(output(run, 'job'))).toMatchObject({ status: 'completed', prLink })
  // What a step that pastes the outputs into its script (`run: echo ${{ steps.docs.outputs.pr-link }}`) would run.
  const pasted = ['pr-link', 'pr-number', 'pr-repository'].map((name) => `echo ${run.outputs[name] ?? ''}`).join('\n')
  execFileSync('bash', ['-c', pasted])
  expect(existsSync(touched)).toBe(false)
})

test('a well-formed prLink sets pr-link, pr-number and pr-repository', async () => {
  sim.scriptNextJob({ outcome: 'no-changes', afterPolls: 1, extra: { prLink: 'https://github.com/octo-org/docs-site/pull/42' } })

  const run = await runAgainst(sim, { inputs: { comment: 'false' } })

  expect([run.outputs['pr-link'], run.outputs['pr-number'], run.outputs['pr-repository']]).toEqual([
    'https://github.com/octo-org/docs-site/pull/42',
    '42',
    'octo-org/docs-site'
  ])
})

/** The views export as the simulator serves it, with its most read page renamed to `path`. */
function renameMostReadPage(path: string): void {
  const mostRead = '/docs/page-000001'
  const rename = (value: unknown): unknown =>
    value === mostRead
      ? path
      : Array.isArray(value)
        ? value.map(rename)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rename(item)]))
          : value
  rewriteServed(sim, /^\/v1\/analytics\/[^/]+\/views$/, rename)
}

test("the report output's reader-derived strings hold no character a shell gives meaning to, and decode back", async () => {
  const touched = join(dir.path, 'pwned')
  const hostilePath = `/docs/a'$(touch ${touched})'\`touch ${touched}\` "b"; c|d&e <f>`
  renameMostReadPage(hostilePath)
  sim.analytics.plantThumbsDown(hostilePath, 50)

  const run = await runAgainst(sim, {
    inputs: { operation: 'report', prompt: '', 'date-from': '2026-03-01', 'date-to': '2026-03-08' }
  })

  expect(run.exitCode).toBe(0)
  const report = output(run, 'report')
  const { fixFirst } = JSON.parse(report) as { fixFirst: string[] }
  expect(fixFirst.map(decodeURIComponent)).toContain(hostilePath)
  for (const path of fixFirst) expect(path).not.toMatch(/[`$();|&<>'"\\\s]/)
  // What a step that pastes the output into its script would run, in single quotes, double quotes and none.
  execFileSync('bash', ['-c', `echo '${report}'; echo "${report}"; echo ${report}`], { stdio: 'ignore' })
  expect(existsSync(touched)).toBe(false)
})
