/**
 * Start light (DESIGN: "Performance budget"): dist/index.js holds what a plain `job` needs, and each
 * operation family's code is a chunk of dist/ of its own that only its runs load. The runs here record
 * every file of dist/ Node loads (a module hook, as `--import` installs it before the bundle starts).
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Simulator } from '../../simulator/index.js'
import { type ActionRun, PROJECT_ROOT } from '../../scripts/run-action.js'
import { pullRequestOpened, pushPayload, workflowDispatchPayload } from '../fixtures/webhook-payloads.js'
import { runOn, startHelloWorld } from './triggers/helpers.js'

const DIST = join(PROJECT_ROOT, 'dist')

/** Appends the path of every module of dist/ loaded to the file $LOADED_MODULES names. */
const HOOKS = `import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.LOADED_MODULES, url + '\\n')
  return next(url, context)
}`
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)})`

/** The dist/ files a run loaded, by name, from its log of loaded modules. */
function loadedFiles(log: string): string[] {
  const urls = readFileSync(log, 'utf8').split('\n').filter(Boolean)
  const names = urls.map((url) => fileURLToPath(url)).filter((path) => path.startsWith(`${DIST}/`))
  return [...new Set(names.map((path) => path.slice(DIST.length + 1)))].sort()
}

/** The chunk of dist/ whose code says `text`: a chunk, never the entry, which every run parses. */
function chunkWith(text: string): string {
  const files = readdirSync(DIST).filter((name) => name.endsWith('.js') && readFileSync(join(DIST, name), 'utf8').includes(text))
  expect(files).toHaveLength(1)
  const [file = ''] = files
  expect(file).toMatch(/^\d+\.index\.js$/)
  return file
}

let sim: Simulator
let logs: string
beforeEach(async () => {
  sim = await startHelloWorld()
  logs = mkdtempSync(join(tmpdir(), 'docs-loaded-modules-'))
})
afterEach(async () => {
  await sim.close()
  rmSync(logs, { recursive: true, force: true })
})

/** A run with `wait: false, comment: false` and `inputs`, and the dist/ files it loaded. */
async function recordedRun(
  eventName: string,
  payload: unknown,
  inputs: Record<string, string>
): Promise<{ run: ActionRun; loaded: string[] }> {
  const log = join(logs, `${eventName}.txt`)
  writeFileSync(log, '')
  const run = await runOn(sim, eventName, payload, {
    inputs: { wait: 'false', comment: 'false', ...inputs },
    env: { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(REGISTER)}`, LOADED_MODULES: log }
  })
  return { run, loaded: loadedFiles(log) }
}

/** The docs check's rules, in words no other code of dist/ says (the closed-unmerged note is the sweep's too). */
const RULES_TEXT = 'None of the changed files matches paths, so no docs job was started.'

/** Words only each family's code says. */
const FAMILIES: [string, string][] = [
  ["the docs check's rules", RULES_TEXT],
  ['fix-checks', 'Fix what they report, in the files of this pull request only. '],
  ['the docs-health report', 'No read page got a thumbs down.'],
  ['the deployments', 'Mintlify sent no log lines.'],
  ['the static export', 'free some space'],
  ['the analytics export', 'The site totals changed between pages'],
  ['the sweep', 'Waiting for review for ']
]

describe('dist/', () => {
  test.each(FAMILIES)('holds %s in a chunk, not in the entry every run parses', (_family, text) => {
    expect(chunkWith(text)).not.toBe('index.js')
  })

  test('gives each family a chunk of its own', () => {
    expect(new Set(FAMILIES.map(([, text]) => chunkWith(text))).size).toBe(FAMILIES.length)
  })
})

describe('a plain job run', () => {
  test('on a push loads dist/index.js alone: no operation chunk, no docs check, no Octokit', async () => {
    const { run, loaded } = await recordedRun('push', pushPayload(), {})
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('started')
    expect(loaded).toEqual(['index.js'])
    expect(sim.githubRequests()).toEqual([])
  })

  test("on a dispatch loads the docs check's chunk besides (it asks the actor to review), and no other", async () => {
    const { run, loaded } = await recordedRun('workflow_dispatch', workflowDispatchPayload(), {})
    expect(run.exitCode).toBe(0)
    expect(run.outputs.outcome).toBe('started')
    expect(loaded).toEqual([chunkWith(RULES_TEXT), 'index.js'].sort())
    expect(sim.githubRequests()).toEqual([])
  })
})

describe('the docs check', () => {
  test("a code pull request's docs check loads the chunk of the docs-check rules, which the entry does not hold", async () => {
    const rules = chunkWith(RULES_TEXT)
    const { run, loaded } = await recordedRun('pull_request', pullRequestOpened(), { 'status-context': 'docs' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['docs-state']).toBe('pending')
    expect(loaded).toContain('index.js')
    expect(loaded).toContain(rules)
  })
})
