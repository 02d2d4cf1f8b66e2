/** What the static export end-to-end tests share: a run of the operation, its file, and the link's secrets. */
import { expect } from '@jest/globals'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { ActionRun, RunOptions } from '../../scripts/run-action.js'
import type { RecordedRequest, Simulator } from '../../simulator/index.js'
import { runAgainst, showsSecret } from './harness.js'

/** A `static-export` run of the simulator's project (fast polling), and more inputs. */
export function runExport(
  sim: Simulator,
  inputs: Record<string, string> = {},
  options: Omit<RunOptions, 'inputs'> = {}
): Promise<ActionRun> {
  return runAgainst(sim, { ...options, inputs: { operation: 'static-export', ...inputs } })
}

/** The requests to the static export endpoints, as `METHOD /path` without the `/v1/static-export/{projectId}/jobs` prefix. */
export function exportCalls(sim: Simulator): string[] {
  const prefix = `/v1/static-export/${sim.projectId}/jobs`
  return sim
    .mintlifyRequests()
    .filter((request: RecordedRequest) => request.path.startsWith('/v1/static-export/'))
    .map((request) => `${request.method} ${request.path.startsWith(prefix) ? request.path.slice(prefix.length) || '/' : request.path}`)
}

/** The SHA-256 of a file of the run's workspace, in hex. */
export function fileSha256(run: ActionRun, file: string): string {
  return createHash('sha256')
    .update(readFileSync(join(run.workspace, file)))
    .digest('hex')
}

/**
 * The files of the folder of `file` in the run's workspace, but those the harness puts there: no temporary
 * file may be left beside it.
 */
export function filesBeside(run: ActionRun, file: string): string[] {
  const folder = dirname(join(run.workspace, file))
  return existsSync(folder) ? readdirSync(folder).filter((name) => !['event.json', '.keep'].includes(name)) : []
}

/**
 * The links the simulator gave this run, each with its signature: none may appear in the log, the summary
 * or an output other than `bundle-url`, in any encoding.
 */
export function expectLinksHidden(run: ActionRun, sim: Simulator): void {
  const links = sim.staticExports.links
  expect(links.length).toBeGreaterThan(0)
  const shown = { log: run.log, stderr: run.stderr, summary: run.summary, failure: run.outputs['failure-reason'] ?? '' }
  for (const link of links) {
    const signature = new URL(link).searchParams.get('X-Amz-Signature') ?? ''
    for (const [place, text] of Object.entries(shown)) {
      expect({ place, link: showsSecret(text, link) }).toEqual({ place, link: false })
      expect({ place, signature: showsSecret(text, signature) }).toEqual({ place, signature: false })
    }
  }
}
