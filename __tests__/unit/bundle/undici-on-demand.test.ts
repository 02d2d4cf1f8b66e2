/**
 * The bundle's stand-in for undici (src/bundle/undici-on-demand.cjs, mapped by tsconfig.json's `paths`):
 * undici is not evaluated until one of its exports is read, and then what is read is undici's own. Run in a
 * plain Node process, as the bundle's CommonJS runs, with `require.cache` telling what was evaluated.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../../scripts/run-action.js'

const SHIM = join(PROJECT_ROOT, 'src', 'bundle', 'undici-on-demand.cjs')

/** What the script prints as JSON, run with `shim` and `undici` required by it. */
function inNode(script: string): unknown {
  const run = spawnSync(process.execPath, ['-e', `const shim = require(${JSON.stringify(SHIM)}); ${script}`], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8'
  })
  expect(run.stderr).toBe('')
  return JSON.parse(run.stdout)
}

const EVALUATED = `Object.keys(require.cache).some((path) => path.includes('/node_modules/undici/'))`

describe('undici on demand', () => {
  it('evaluates nothing of undici until an export is read', () => {
    expect(inNode(`console.log(JSON.stringify(${EVALUATED}))`)).toBe(false)
  })

  it("gives undici's own exports once one is read: fetch, ProxyAgent, and a check for a name", () => {
    const script = `const undici = require('undici'); const same = shim.fetch === undici.fetch && shim.ProxyAgent === undici.ProxyAgent;
      console.log(JSON.stringify({ evaluated: ${EVALUATED}, same, has: 'ProxyAgent' in shim, keys: Object.keys(shim).includes('fetch') }))`
    expect(inNode(script)).toEqual({ evaluated: true, same: true, has: true, keys: true })
  })

  it('is what tsconfig.json maps undici to, for ncc to follow', () => {
    const config = JSON.parse(readFileSync(join(PROJECT_ROOT, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: { paths?: Record<string, string[]> }
    }
    expect(config.compilerOptions.paths?.undici).toEqual(['./src/bundle/undici-on-demand.cjs'])
  })
})
